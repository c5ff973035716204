/** The face of modules/staff: what other modules may import of it (ARCHITECTURE.md, "Modules with a boundary"). */
export { AdminAccount } from './admin-account.entity.js';
