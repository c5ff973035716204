/** The face of modules/messages: what other modules may import of it (ARCHITECTURE.md, "Modules with a boundary"). */
export type { MessageService } from './message.service.js';
