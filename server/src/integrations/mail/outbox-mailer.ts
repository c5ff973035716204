import type { Mailer, OutgoingMail } from './mailer.js';

/**
 * The local simulator: nothing leaves the machine. The mail is already in the mail log (`mail_message`), which the
 * dev outbox route serves; delivering it only lets the job mark it SENT. Never in production (config refuses it).
 */
export class OutboxMailer implements Mailer {
  readonly kind = 'outbox' as const;

  async deliver(_mail: OutgoingMail): Promise<void> {}
}
