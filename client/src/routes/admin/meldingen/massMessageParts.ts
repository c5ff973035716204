import type { MassMessageStatus } from '@/graphql/generated/graphql';

export const MASS_MESSAGE_STATUS: Record<MassMessageStatus, string> = {
  QUEUED: 'In de wachtrij',
  SENDING: 'Wordt verstuurd',
  SENT: 'Verstuurd',
};
