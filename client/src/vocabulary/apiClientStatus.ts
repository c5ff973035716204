import type { ApiClientStatus } from '@/graphql/generated/graphql';

/** A partner's API client. */
export const apiClientStatusLabel: Record<ApiClientStatus, string> = {
  ACTIVE: 'Actief',
  EXPIRED: 'Verlopen',
  REVOKED: 'Ingetrokken',
};
