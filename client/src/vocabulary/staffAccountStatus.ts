import type { StaffAccountStatus } from '@/graphql/generated/graphql';

/** A staff member's account. */
export const staffStatusLabel: Record<StaffAccountStatus, string> = {
  INVITED: 'Uitgenodigd',
  ACTIVE: 'Actief',
  DEACTIVATED: 'Gedeactiveerd',
};
