import { defineModule } from '../../platform/module.js';
import { Role } from './role.entity.js';
import { RoleResolver } from './role.resolver.js';

export const rolesModule = defineModule({
  name: 'roles',
  entities: [Role],
  resolvers: [RoleResolver],
});
