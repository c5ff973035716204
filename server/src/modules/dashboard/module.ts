import { defineModule } from '../../platform/module.js';
import { DashboardResolver } from './dashboard.resolver.js';

export const dashboardModule = defineModule({
  name: 'dashboard',
  resolvers: [DashboardResolver],
});
