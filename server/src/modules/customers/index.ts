/** The face of modules/customers: what other modules may import of it (ARCHITECTURE.md, "Modules with a boundary"). */
export { ClientGroup } from './client-group.entity.js';
export { inStaffScope } from './customer-views.js';
export { Person } from './person.entity.js';
export type { CardPassService } from './card-pass.service.js';
export type { CardTokenCheck } from './card-token.js';
