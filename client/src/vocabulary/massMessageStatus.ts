import type { MassMessageStatus } from '@/graphql/generated/graphql';

/** A message sent to an audience. */
export const massMessageStatusLabel: Record<MassMessageStatus, string> = {
  QUEUED: 'In de wachtrij',
  SENDING: 'Wordt verstuurd',
  SENT: 'Verstuurd',
};
