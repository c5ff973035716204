/** The face of modules/catalogue: what other modules may import of it (ARCHITECTURE.md, "Modules with a boundary"). */
export type { RedemptionMethod } from './product.entity.js';
