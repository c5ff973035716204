/** The face of modules/ledger: what other modules may import of it (ARCHITECTURE.md, "Modules with a boundary"). */
export { isNegativeBalanceError } from './ledger.service.js';
export type { Actor, LedgerService } from './ledger.service.js';
