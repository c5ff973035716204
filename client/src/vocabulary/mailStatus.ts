import type { MailStatus } from '@/graphql/generated/graphql';

/** An e-mail in the mail log. */
export const mailStatusLabel: Record<MailStatus, string> = {
  QUEUED: 'In de wachtrij',
  SENT: 'Verstuurd',
  FAILED: 'Mislukt',
  CANCELLED: 'Geannuleerd',
};
