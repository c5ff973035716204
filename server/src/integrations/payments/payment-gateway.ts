import type { PaymentStatus } from '../../modules/payments/payment.entities.js';

/** A payment as the PSP lists it (reconciliation). */
export interface PspPayment {
  externalId: string;
  /** Our payment id, from the metadata we sent; null when the PSP has none (a payment not made by us). */
  paymentId: string | null;
  amountCents: number;
  status: PaymentStatus;
  createdAt: Date;
}

/**
 * A refund as the PSP lists it. REFUNDED: accepted by the PSP (queued, pending, processing or refunded at Mollie);
 * FAILED: failed or cancelled there.
 */
export interface PspRefund {
  refundId: string;
  /** The PSP's id of the payment it refunds. */
  externalId: string;
  amountCents: number;
  status: 'REFUNDED' | 'FAILED';
  createdAt: Date;
}

/** A period of creation times at the PSP: from inclusive, to exclusive. */
export interface PspPeriod {
  from: Date;
  to: Date;
}

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
   * Cancels an open payment, so it can no longer be paid. Returns its status afterwards: CANCELED (or another final
   * status it already had, e.g. PAID when the customer paid just before). Throws when the PSP cannot be reached or the
   * payment is still OPEN (its method cannot be cancelled).
   */
  cancelPayment(externalId: string): Promise<PaymentStatus>;
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
  /** Every payment created at the PSP in the period (all pages). */
  listPayments(period: PspPeriod): Promise<PspPayment[]>;
  /** Every refund created at the PSP in the period (all pages). */
  listRefunds(period: PspPeriod): Promise<PspRefund[]>;
  /** Throws when the PSP cannot be reached or refuses the credentials ("Verbinding testen"). */
  testConnection(): Promise<void>;
}
