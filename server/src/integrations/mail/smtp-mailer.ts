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

  async deliver(_em: unknown, mail: OutgoingMail): Promise<void> {
    await this.transport.sendMail({
      from: this.from,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      headers: mail.templateKey ? { 'X-Gemeentewinkel-Template': mail.templateKey } : undefined,
    });
  }

  close(): void {
    this.transport.close();
  }
}
