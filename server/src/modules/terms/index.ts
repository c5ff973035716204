/** The face of modules/terms: what other modules may import of it (ARCHITECTURE.md, "Modules with a boundary"). */
export { TermsVersion } from './terms-version.entity.js';
export type { TermsService } from './terms.service.js';
