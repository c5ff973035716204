/** The face of modules/municipalities: what other modules may import of it (ARCHITECTURE.md, "Modules with a boundary"). */
export { Municipality } from './municipality.entity.js';
