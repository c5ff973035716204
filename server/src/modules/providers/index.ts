/** The face of modules/providers: what other modules may import of it (ARCHITECTURE.md, "Modules with a boundary"). */
export { ProviderUser } from './provider-user.entity.js';
export { Provider } from './provider.entity.js';
export { emailProblem, normaliseEmail } from './provider.validation.js';
export { MunicipalityMembership } from './provider.types.js';
export type { ProviderTerms } from './provider-terms.js';
