import { defineModule } from '../../platform/module.js';
import { SettingsResolver } from './settings.resolver.js';
import { MaintenanceResolver } from './maintenance.resolver.js';
import { platformLogoRoutes } from './platform-logo.routes.js';
import { manifestRoutes } from './manifest.routes.js';

export const settingsModule = defineModule({
  name: 'settings',
  resolvers: [SettingsResolver, MaintenanceResolver],
  routes: [...platformLogoRoutes, ...manifestRoutes],
});
