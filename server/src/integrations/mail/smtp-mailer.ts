import nodemailer, { type Transporter } from 'nodemailer';
import type { Mailer, OutgoingMail } from './mailer.js';

/** Production: SMTP through nodemailer. SMTP_URL is e.g. smtps://user:pass@smtp.example.nl:465. */
export class SmtpMailer implements Mailer {
  readonly kind = 'smtp' as const;
  private readonly transport: Transporter;

  constructor(
    smtpUrl: string,
    private readonly from: string,
  ) {
    this.transport = nodemailer.createTransport(smtpUrl);
  }

  async deliver(mail: OutgoingMail): Promise<void> {
    const domain = /@([^>\s]+)>?\s*$/.exec(this.from)?.[1] ?? 'gemeentewinkel.nl';
    await this.transport.sendMail({
      from: this.from,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      messageId: mail.mailId ? `<${mail.mailId}@${domain}>` : undefined,
      headers: mail.templateKey ? { 'X-Gemeentewinkel-Template': mail.templateKey } : undefined,
    });
  }

  close(): void {
    this.transport.close();
  }
}

/**
 * What we keep of a failed delivery: the SMTP command, reply code and reply text, with every e-mail address
 * replaced (a refusal often quotes the recipient). Stored in mail_message.last_error and the job queue, and logged.
 */
export function describeMailError(error: unknown): string {
  const e = (error ?? {}) as {
    code?: string;
    responseCode?: number;
    command?: string;
    response?: string;
    message?: string;
  };
  const parts = [e.command, e.responseCode ? String(e.responseCode) : undefined, e.code].filter(Boolean).join(' ');
  const text = (e.response ?? e.message ?? String(error))
    .replace(/<?[^\s<>@]+@[^\s<>@]+>?/g, '<adres>')
    .replace(/\s+/g, ' ')
    .trim();
  return (parts ? `${parts}: ${text}` : text).slice(0, 500);
}
