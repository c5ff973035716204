import type { WebhookDeliveryStatus, WebhookEndpointStatus } from '@/graphql/generated/graphql';

/** A partner's webhook endpoint (beheer/api). */
export const webhookEndpointStatusLabel: Record<WebhookEndpointStatus, string> = {
  ACTIVE: 'Actief',
  PAUSED: 'Gepauzeerd',
  DISABLED: 'Uitgeschakeld na mislukte afleveringen',
};

/** One event on its way to one endpoint. */
export const webhookDeliveryStatusLabel: Record<WebhookDeliveryStatus, string> = {
  PENDING: 'Wacht op (nieuwe) poging',
  DELIVERED: 'Afgeleverd',
  FAILED: 'Opgegeven',
};
