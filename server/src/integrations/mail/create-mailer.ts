import type { Config } from '../../config/config.js';
import type { Mailer } from './mailer.js';
import { OutboxMailer } from './outbox-mailer.js';
import { SmtpMailer } from './smtp-mailer.js';

/** The adapter MAIL_TRANSPORT asks for (the config already refuses the outbox in production and SMTP without a URL). */
export function createMailer(config: Config): Mailer {
  if (config.mail.transport === 'smtp') return new SmtpMailer(config.mail.smtpUrl!, config.mail.from);
  return new OutboxMailer();
}
