import type { ApplicationStatus } from '@/graphql/generated/graphql';

/** The Dutch names of an application's statuses (resident and staff alike). */
export const applicationStatusLabel: Record<ApplicationStatus, string> = {
  DRAFT: 'Concept',
  SUBMITTED: 'Ingediend',
  IN_ASSESSMENT: 'In behandeling',
  WAITING_FOR_RESIDENT: 'Wacht op uw antwoord',
  APPROVED: 'Toegekend',
  PARTLY_APPROVED: 'Gedeeltelijk toegekend',
  DECLINED: 'Afgewezen',
  WITHDRAWN: 'Ingetrokken',
};

/** The staff's names: "waiting for the resident" from their side. */
export const staffApplicationStatusLabel: Record<ApplicationStatus, string> = {
  ...applicationStatusLabel,
  WAITING_FOR_RESIDENT: 'Wacht op aanvrager',
};
