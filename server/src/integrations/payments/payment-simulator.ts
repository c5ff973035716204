import { randomBytes } from 'node:crypto';
import type { PaymentStatus } from '../../modules/payments/payment.entities.js';
import type { PaymentGateway } from './payment-gateway.js';

export interface SimulatedPayment {
  externalId: string;
  paymentId: string;
  amountCents: number;
  description: string;
  status: PaymentStatus;
  redirectUrl: string;
  webhookUrl: string;
  createdAt: Date;
  refunds: { refundId: string; amountCents: number; idempotencyKey: string }[];
}

/**
 * A stand-in PSP on one machine. It keeps its payments in memory, like a PSP keeps them on its side; its checkout page
 * (served by the payments routes) lets a tester choose paid / failed / cancelled / expired, after which it calls our
 * webhook with only the id, exactly as Mollie does. Like Mollie it is idempotent on creation (one payment per our
 * payment id) and on refunds (per idempotency key), and an open payment expires by itself after a while.
 * Refused in production by the configuration.
 */
export class PaymentSimulator implements PaymentGateway {
  readonly name = 'simulator' as const;
  readonly payments = new Map<string, SimulatedPayment>();
  private readonly byPaymentId = new Map<string, string>();
  /** Makes getStatus fail, as an unreachable PSP does (tests). */
  unreachable = false;

  constructor(private readonly options: { expiresAfterMinutes?: number; now?: () => Date } = {}) {}

  private now(): Date {
    return this.options.now?.() ?? new Date();
  }

  async createPayment(input: Parameters<PaymentGateway['createPayment']>[0]) {
    const known = this.byPaymentId.get(input.paymentId);
    const externalId = known ?? `sim_${randomBytes(10).toString('hex')}`;
    if (!known) {
      this.payments.set(externalId, { ...input, externalId, status: 'OPEN', createdAt: this.now(), refunds: [] });
      this.byPaymentId.set(input.paymentId, externalId);
    }
    return { externalId, checkoutUrl: `/betalen/simulator/${externalId}` };
  }

  /** The payment as the simulator knows it, with expiry applied; undefined when unknown. */
  find(externalId: string): SimulatedPayment | undefined {
    const p = this.payments.get(externalId);
    if (p && p.status === 'OPEN') {
      const minutes = this.options.expiresAfterMinutes ?? 15;
      if (this.now().getTime() - p.createdAt.getTime() > minutes * 60_000) p.status = 'EXPIRED';
    }
    return p;
  }

  async getStatus(externalId: string): Promise<PaymentStatus> {
    if (this.unreachable) throw new Error('payment simulator unreachable');
    const p = this.find(externalId);
    if (p) return p.status;
    // The simulator forgets its payments when the server restarts; such a payment can no longer be paid.
    if (/^sim_[0-9a-f]{20}$/.test(externalId)) return 'EXPIRED';
    throw new Error('unknown payment');
  }

  async refund(input: Parameters<PaymentGateway['refund']>[0]): Promise<{ refundId: string }> {
    const p = this.payments.get(input.externalId);
    if (!p) throw new Error('unknown payment');
    if (p.status !== 'PAID') throw new Error('only a paid payment can be refunded');
    const earlier = p.refunds.find((r) => r.idempotencyKey === input.idempotencyKey);
    if (earlier) return { refundId: earlier.refundId };
    const refunded = p.refunds.reduce((s, r) => s + r.amountCents, 0);
    if (refunded + input.amountCents > p.amountCents) throw new Error('refund exceeds the payment');
    const refundId = `re_sim_${randomBytes(8).toString('hex')}`;
    p.refunds.push({ refundId, amountCents: input.amountCents, idempotencyKey: input.idempotencyKey });
    return { refundId };
  }

  refundedCents(externalId: string): number {
    return this.payments.get(externalId)?.refunds.reduce((s, r) => s + r.amountCents, 0) ?? 0;
  }

  /** What the tester chose on the simulator page. Only an open payment changes; returns it (undefined when unknown). */
  settle(externalId: string, status: Exclude<PaymentStatus, 'OPEN'>): SimulatedPayment | undefined {
    const p = this.find(externalId);
    if (p && p.status === 'OPEN') p.status = status;
    return p;
  }
}
