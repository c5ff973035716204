import { defineModule } from '../../platform/module.js';
import { ImportResolver } from './import.resolver.js';
import { importRoutes } from './import.routes.js';

export const importModule = defineModule({
  name: 'import',
  resolvers: [ImportResolver],
  routes: [...importRoutes],
  jobs: (services) => ({
    'import.apply': (ctx, { importRunId }, run) => services.imports.runApply(ctx, importRunId, run),
  }),
});
