/** The face of modules/operators: what other modules may import of it (ARCHITECTURE.md, "Modules with a boundary"). */
export { OperatorAct } from './operator.types.js';
