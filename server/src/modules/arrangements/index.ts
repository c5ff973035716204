/** The face of modules/arrangements: what other modules may import of it (ARCHITECTURE.md, "Modules with a boundary"). */
export { Arrangement } from './arrangement.entity.js';
export { PlannedGrants, actorOf } from './assignment.service.js';
export type { AssignmentService, GrantMember, MemberGrantAnswer } from './assignment.service.js';
