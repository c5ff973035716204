import { defineModule } from '../../platform/module.js';
import { RoleResolver } from './role.resolver.js';

export const rolesModule = defineModule({
  name: 'roles',
  resolvers: [RoleResolver],
});
