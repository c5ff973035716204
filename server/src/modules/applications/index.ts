/** The face of modules/applications: what other modules may import of it (ARCHITECTURE.md, "Modules with a boundary"). */
export type { ApplicationService, DecidedApplication, DecisionListener } from './application.service.js';
