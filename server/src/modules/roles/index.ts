/** The face of modules/roles: what other modules may import of it (ARCHITECTURE.md, "Modules with a boundary"). */
export { PERMISSION_GROUPS } from './permission-groups.js';
export { PermissionGroup, PermissionInfo } from './role.types.js';
export { Role } from './role.entity.js';
