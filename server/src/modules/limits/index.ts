/** The face of modules/limits: what other modules may import of it (ARCHITECTURE.md, "Modules with a boundary"). */
export { check, clientAddress, retryAfterText } from './limits.js';
export type { LimitRule, Limits } from './limits.js';
export type { LoginLimits, LoginRealm } from './login-limits.js';
export type { LimitPolicy } from './policy.js';
