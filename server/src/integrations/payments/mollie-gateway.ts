import { createMollieClient, type MollieClient } from '@mollie/api-client';
import type { PaymentStatus } from '../../modules/payments/payment.entities.js';
import type { PaymentGateway, PspPayment, PspPeriod, PspRefund } from './payment-gateway.js';

/** Whole cents as Mollie's amount: `{ currency: 'EUR', value: '12.50' }` (a string with exactly two decimals). */
export function toMollieAmount(cents: number): { currency: 'EUR'; value: string } {
  if (!Number.isSafeInteger(cents) || cents <= 0) throw new Error(`invalid amount ${cents}`);
  return { currency: 'EUR', value: `${Math.trunc(cents / 100)}.${String(cents % 100).padStart(2, '0')}` };
}

/** Mollie's amount back to whole cents; only euros. */
export function fromMollieAmount(amount: { currency: string; value: string }): number {
  if (amount.currency !== 'EUR') throw new Error(`unexpected currency ${amount.currency}`);
  const m = /^(\d+)\.(\d{2})$/.exec(amount.value);
  if (!m) throw new Error(`unexpected amount ${amount.value}`);
  return Number(m[1]) * 100 + Number(m[2]);
}

/**
 * Mollie's payment status as ours. `open`, `pending` (the bank is still confirming) and `authorized` (not captured
 * yet) are all "not settled": the orders keep waiting. `paid`, `failed`, `canceled` and `expired` are final.
 * https://docs.mollie.com/docs/status-change
 */
export function fromMollieStatus(status: string): PaymentStatus {
  switch (status) {
    case 'open':
    case 'pending':
    case 'authorized':
      return 'OPEN';
    case 'paid':
      return 'PAID';
    case 'failed':
      return 'FAILED';
    case 'canceled':
      return 'CANCELED';
    case 'expired':
      return 'EXPIRED';
    default:
      throw new Error(`unknown Mollie payment status ${status}`);
  }
}

/** What we send Mollie to create the own-contribution payment. */
export function mollieCreateParameters(input: Parameters<PaymentGateway['createPayment']>[0], method?: string) {
  return {
    amount: toMollieAmount(input.amountCents),
    description: input.description.slice(0, 255),
    redirectUrl: input.redirectUrl,
    webhookUrl: input.webhookUrl,
    locale: 'nl_NL' as never,
    metadata: { paymentId: input.paymentId },
    ...(method ? { method: method as never } : {}),
    // A retried creation (a crash between Mollie's answer and our update) gets the same Mollie payment back.
    idempotencyKey: `payment-${input.paymentId}`,
  };
}

/**
 * The production PSP: Mollie, through its official client. Mollie posts `id=tr_…` to our webhook on every status
 * change; we then fetch the payment here (getStatus), never trusting the request. `apiEndpoint` is for tests only.
 */
export class MolliePaymentGateway implements PaymentGateway {
  readonly name = 'mollie' as const;
  private readonly client: MollieClient;
  private readonly method: string | undefined;

  constructor(options: { apiKey: string; apiEndpoint?: string; method?: string }) {
    this.client = createMollieClient({
      apiKey: options.apiKey,
      versionStrings: 'Gemeentewinkel/0.1',
      ...(options.apiEndpoint ? { apiEndpoint: options.apiEndpoint } : {}),
    });
    this.method = options.method;
  }

  async createPayment(input: Parameters<PaymentGateway['createPayment']>[0]) {
    const payment = await this.client.payments.create(mollieCreateParameters(input, this.method));
    const checkoutUrl = payment.getCheckoutUrl();
    if (!checkoutUrl) throw new Error(`Mollie gave no checkout URL for ${payment.id} (status ${payment.status})`);
    return { externalId: payment.id, checkoutUrl };
  }

  async getStatus(externalId: string): Promise<PaymentStatus> {
    const payment = await this.client.payments.get(externalId);
    return fromMollieStatus(payment.status);
  }

  async cancelPayment(externalId: string): Promise<PaymentStatus> {
    const before = await this.client.payments.get(externalId);
    if (before.status !== 'open' || !before.isCancelable) {
      const status = fromMollieStatus(before.status);
      if (status === 'OPEN') throw new Error(`Mollie payment ${externalId} cannot be cancelled (yet)`);
      return status;
    }
    return fromMollieStatus((await this.client.payments.cancel(externalId)).status);
  }

  async refund(input: Parameters<PaymentGateway['refund']>[0]): Promise<{ refundId: string }> {
    const refund = await this.client.paymentRefunds.create({
      paymentId: input.externalId,
      amount: toMollieAmount(input.amountCents),
      description: input.description.slice(0, 255),
      idempotencyKey: input.idempotencyKey,
    });
    return { refundId: refund.id };
  }

  /**
   * Mollie's payments list, newest first, page by page (the client's iterator follows the `next` links); stops at the
   * first payment older than the period.
   */
  async listPayments(period: PspPeriod): Promise<PspPayment[]> {
    const out: PspPayment[] = [];
    for await (const p of this.client.payments.iterate()) {
      const createdAt = new Date(p.createdAt);
      if (createdAt < period.from) break;
      if (createdAt >= period.to) continue;
      const metadata = p.metadata as { paymentId?: unknown } | null;
      out.push({
        externalId: p.id,
        paymentId: typeof metadata?.paymentId === 'string' ? metadata.paymentId : null,
        amountCents: fromMollieAmount(p.amount),
        status: fromMollieStatus(p.status),
        createdAt,
      });
    }
    return out;
  }

  /** Mollie's refunds list (all payments), newest first, page by page; stops before the period. */
  async listRefunds(period: PspPeriod): Promise<PspRefund[]> {
    const out: PspRefund[] = [];
    for await (const r of this.client.refunds.iterate()) {
      const createdAt = new Date(r.createdAt);
      if (createdAt < period.from) break;
      if (createdAt >= period.to) continue;
      out.push({
        refundId: r.id,
        externalId: r.paymentId ?? '',
        amountCents: fromMollieAmount(r.amount),
        status: fromMollieRefundStatus(r.status),
        createdAt,
      });
    }
    return out;
  }

  /** One payment of the list: refused credentials or an unreachable Mollie throw. */
  async testConnection(): Promise<void> {
    await this.client.payments.page({ limit: 1 });
  }
}

/** Mollie's refund status: accepted (queued, pending, processing, refunded) or not (failed, canceled). */
export function fromMollieRefundStatus(status: string): 'REFUNDED' | 'FAILED' {
  return status === 'failed' || status === 'canceled' ? 'FAILED' : 'REFUNDED';
}
