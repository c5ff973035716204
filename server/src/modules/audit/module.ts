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
    'privacy.purgeRetention': async (ctx) => void (await services.retention.purge(ctx)),
  }),
  schedules: [
    { task: 'privacy.purgeRetention', cron: '23 2 * * *', identifier: 'privacy.purgeRetention', maxAttempts: 3 },
  ],
});
