import type { EntityManager } from '@mikro-orm/postgresql';

/** One plain-text e-mail, ready to send. */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  /** The template it was rendered from (for the outbox and the sent log). */
  templateKey?: string;
}

/**
 * Sends e-mail. Two adapters: the local outbox (development and tests: mails are rows in `outbox_mail`, readable by
 * tests and, outside production, at GET /api/dev/outbox) and SMTP (nodemailer). Chosen by MAIL_TRANSPORT.
 *
 * `em` is the caller's EntityManager: the outbox writes with it, so a mail sent inside a transaction disappears with
 * a rollback, exactly like the rest of the unit of work.
 */
export interface Mailer {
  readonly kind: 'outbox' | 'smtp';
  deliver(em: EntityManager, mail: OutgoingMail): Promise<void>;
}
