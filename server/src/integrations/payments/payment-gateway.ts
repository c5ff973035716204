import type { PaymentStatus } from '../../modules/payments/payment.entities.js';

/**
 * The payment service provider (PSP) interface. The production adapter (Mollie) and the local simulator implement it.
 * Webhooks carry only the PSP's payment id; the status is always fetched with `getStatus`, never trusted from a request.
 */
export interface PaymentGateway {
  readonly name: 'simulator' | 'mollie';
  createPayment(input: {
    /** Our payment id, sent as metadata so a webhook can be matched; also the idempotency key of the creation. */
    paymentId: string;
    amountCents: number;
    description: string;
    /** Where the PSP sends the customer back to. */
    redirectUrl: string;
    /** Where the PSP posts `id=<externalId>` on every status change. */
    webhookUrl: string;
  }): Promise<{ externalId: string; checkoutUrl: string }>;
  /** The payment's status at the PSP. Throws when the PSP cannot be reached or does not know the payment. */
  getStatus(externalId: string): Promise<PaymentStatus>;
  /**
   * Refunds (part of) a paid payment. `idempotencyKey` makes a retried refund count once at the PSP.
   * Returns the PSP's refund id.
   */
  refund(input: {
    externalId: string;
    amountCents: number;
    description: string;
    idempotencyKey: string;
  }): Promise<{ refundId: string }>;
}
