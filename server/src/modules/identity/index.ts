/** The face of modules/identity: what other modules may import of it (ARCHITECTURE.md, "Modules with a boundary"). */
export type { StaffAccountService } from './staff-account.service.js';
export { ViewerKind } from './viewer.type.js';
