/** The face of modules/communication: what other modules may import of it (ARCHITECTURE.md, "Modules with a boundary"). */
export type { MailService } from './mail.service.js';
