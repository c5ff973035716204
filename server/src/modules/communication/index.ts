/** The face of modules/communication: what other modules may import of it (ARCHITECTURE.md, "Modules with a boundary"). */
export { CommunicationTemplate } from './communication-template.entity.js';
export { MAIL_MAX_ATTEMPTS } from './mail.service.js';
export type { MailService } from './mail.service.js';
export { TemplateError, renderTemplate, variantOf } from './templates.js';
export type { TemplateKey, TemplateValue, Wording } from './templates.js';
export { templateTexts } from './template.queries.js';
export type { TemplateTexts } from './template.queries.js';
