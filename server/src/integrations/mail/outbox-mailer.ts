import type { EntityManager } from '@mikro-orm/postgresql';
import { OutboxMail } from '../../modules/communication/outbox-mail.entity.js';
import type { Mailer, OutgoingMail } from './mailer.js';

/** The local simulator: stores the mail in `outbox_mail` instead of sending it. Never in production (config refuses it). */
export class OutboxMailer implements Mailer {
  readonly kind = 'outbox' as const;

  async deliver(em: EntityManager, mail: OutgoingMail): Promise<void> {
    em.create(OutboxMail, { to: mail.to, subject: mail.subject, body: mail.text, templateKey: mail.templateKey ?? null });
    await em.flush();
  }
}
