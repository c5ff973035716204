/** The face of modules/terms: what other modules may import of it (ARCHITECTURE.md, "Modules with a boundary"). */
export type { TermsService } from './terms.service.js';
