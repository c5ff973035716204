import type { DigidCertificateState } from '@/graphql/generated/graphql';

/** A DigiD certificate, as the screens and the dashboard name it. */
export const digidCertificateStateLabel: Record<DigidCertificateState, string> = {
  PENDING: 'Aangevraagd (wacht op certificaat)',
  READY: 'Certificaat geüpload',
  NEXT: 'Volgend certificaat (in de metadata)',
  CURRENT: 'Huidig certificaat (in gebruik)',
  PREVIOUS: 'Vorig certificaat (nog in de metadata)',
  RETIRED: 'Ingetrokken',
};
