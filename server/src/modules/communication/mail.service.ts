import type { EntityManager } from '@mikro-orm/postgresql';
import type { Mailer } from '../../integrations/mail/mailer.js';
import { CommunicationTemplate } from './communication-template.entity.js';
import { renderTemplate, TemplateError, type TemplateKey, type TemplateVariables } from './templates.js';

export interface SendMail<K extends TemplateKey> {
  template: K;
  to: string;
  variables: TemplateVariables<K>;
}

/**
 * Renders a communication template from the database and sends it through the configured mailer.
 * Logs nothing itself: callers log an event name; never the address, the body or the variables (they hold tokens).
 */
export class MailService {
  constructor(private readonly mailer: Mailer) {}

  get transport(): Mailer['kind'] {
    return this.mailer.kind;
  }

  async send<K extends TemplateKey>(em: EntityManager, mail: SendMail<K>): Promise<void> {
    const template = await em.findOne(CommunicationTemplate, { key: mail.template });
    if (!template) throw new TemplateError(`template ${mail.template} does not exist`);
    const { subject, body } = renderTemplate(mail.template, template, mail.variables as Record<string, string | number>);
    await this.mailer.deliver(em, { to: mail.to, subject, text: body, templateKey: mail.template });
  }
}
