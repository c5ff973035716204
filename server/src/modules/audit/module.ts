import { defineModule } from '../../platform/module.js';
import { AuditLog } from './audit-log.entity.js';
import { AuditLogResolver } from './audit-log.resolver.js';
import { myDataRoutes } from './my-data.routes.js';
import { auditLogExportRoutes } from './audit-log-export.routes.js';

export const auditModule = defineModule({
  name: 'audit',
  entities: [AuditLog],
  resolvers: [AuditLogResolver],
  routes: [...myDataRoutes, ...auditLogExportRoutes],
  jobs: (services) => ({
    // The retention periods of the settings; applications' proof files after their own period (instellingen: aanvragen).
    'privacy.purgeRetention': async (ctx) => {
      await services.retention.purge(ctx);
      await services.applications.purgeProofs(ctx);
    },
  }),
  schedules: [
    { task: 'privacy.purgeRetention', cron: '23 2 * * *', identifier: 'privacy.purgeRetention', maxAttempts: 3 },
  ],
});
