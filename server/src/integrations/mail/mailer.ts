/** One plain-text e-mail, ready to send. */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  /** The template it was rendered from (a header for the receiving side's filters). */
  templateKey?: string;
  /** The mail log's id: the Message-ID's left part, so a retried delivery is recognisable as the same mail. */
  mailId?: string;
}

/**
 * Delivers e-mail that the mail log already holds (modules/communication: MailService records it in the business
 * transaction; the `mail.send` job calls `deliver`, outside any transaction, and retries when it throws). Two
 * adapters, chosen by MAIL_TRANSPORT: SMTP (nodemailer) and the local outbox (development and tests: the log is the
 * outbox, readable at GET /api/dev/outbox, so delivering only marks the mail sent).
 */
export interface Mailer {
  readonly kind: 'outbox' | 'smtp';
  deliver(mail: OutgoingMail): Promise<void>;
  close?(): void;
}
