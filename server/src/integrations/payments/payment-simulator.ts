import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import type { PaymentStatus } from '../../modules/payments/payment.entities.js';
import type { PaymentGateway, PspPayment, PspPeriod, PspRefund } from './payment-gateway.js';

export interface SimulatedPayment {
  externalId: string;
  /** Our payment id; '' for a payment we do not know (a MISSING_HERE mismatch). */
  paymentId: string;
  amountCents: number;
  description: string;
  status: PaymentStatus;
  redirectUrl: string;
  webhookUrl: string;
  createdAt: Date;
  refunds: SimulatedRefund[];
}

export interface SimulatedRefund {
  refundId: string;
  amountCents: number;
  idempotencyKey: string;
  status: 'REFUNDED' | 'FAILED';
  createdAt: Date;
}

/** The kinds of difference the simulator can make between its records and ours (tests and development only). */
export type SimulatedMismatch =
  | { kind: 'MISSING_THERE'; externalId: string }
  | { kind: 'MISSING_HERE'; amountCents: number; status?: PaymentStatus }
  | { kind: 'STATUS_DIFFERS'; externalId: string; status: PaymentStatus }
  | { kind: 'AMOUNT_DIFFERS'; externalId: string; amountCents: number }
  | { kind: 'REFUND_FAILED'; refundId: string }
  | { kind: 'REFUND_MISSING_HERE'; externalId: string; amountCents: number };

/** What the simulator needs of the database: the ORM's connection pool (or a test's). */
export type SimulatorDatabase = Pick<pg.Pool, 'query' | 'connect'>;

interface PaymentRow {
  external_id: string;
  payment_id: string | null;
  amount_cents: number;
  description: string;
  status: PaymentStatus;
  redirect_url: string;
  webhook_url: string;
  created_at: Date | string;
}

interface RefundRow {
  refund_id: string;
  external_id: string;
  amount_cents: number;
  idempotency_key: string;
  status: 'REFUNDED' | 'FAILED';
  created_at: Date | string;
}

/** The ORM's pool hands timestamps back as text (its type parsers); a Date either way. */
const toDate = (v: Date | string): Date => (v instanceof Date ? v : new Date(v));

const toRefund = (r: RefundRow): SimulatedRefund => ({
  refundId: r.refund_id,
  amountCents: r.amount_cents,
  idempotencyKey: r.idempotency_key,
  status: r.status,
  createdAt: toDate(r.created_at),
});

/**
 * A stand-in PSP for development and tests. It keeps its payments and refunds in its own tables
 * (payment_simulator_payment, payment_simulator_refund), like a PSP keeps them on its side, so they survive a restart
 * and every server instance on the database sees the same records. Its checkout page (served by the payments routes)
 * lets a tester choose paid / failed / cancelled / expired, after which it calls our webhook with only the id, exactly
 * as Mollie does. Like Mollie it is idempotent on creation (one payment per our payment id) and on refunds (per
 * idempotency key), and an open payment expires by itself after a while. Refused in production by the configuration.
 */
export class PaymentSimulator implements PaymentGateway {
  readonly name = 'simulator' as const;
  /** Makes getStatus and the lists fail, as an unreachable PSP does (tests; this instance only). */
  unreachable = false;

  constructor(
    private readonly db: SimulatorDatabase,
    private readonly options: { expiresAfterMinutes?: number; now?: () => Date } = {},
  ) {}

  private now(): Date {
    return this.options.now?.() ?? new Date();
  }

  /** Open payments older than the expiry become EXPIRED (as at Mollie, without anyone asking). */
  private async expire(externalId?: string): Promise<void> {
    const minutes = this.options.expiresAfterMinutes ?? 15;
    const before = new Date(this.now().getTime() - minutes * 60_000);
    await this.db.query(
      `update payment_simulator_payment set status = 'EXPIRED'
        where status = 'OPEN' and created_at < $1 and ($2::text is null or external_id = $2)`,
      [before, externalId ?? null],
    );
  }

  private async refundsOf(externalIds: string[]): Promise<Map<string, SimulatedRefund[]>> {
    const out = new Map<string, SimulatedRefund[]>();
    if (!externalIds.length) return out;
    const { rows } = await this.db.query<RefundRow>(
      `select * from payment_simulator_refund where external_id = any($1) order by created_at, refund_id`,
      [externalIds],
    );
    for (const r of rows) {
      const list = out.get(r.external_id) ?? [];
      list.push(toRefund(r));
      out.set(r.external_id, list);
    }
    return out;
  }

  private async withRefunds(rows: PaymentRow[]): Promise<SimulatedPayment[]> {
    const refunds = await this.refundsOf(rows.map((r) => r.external_id));
    return rows.map((p) => ({
      externalId: p.external_id,
      paymentId: p.payment_id ?? '',
      amountCents: p.amount_cents,
      description: p.description,
      status: p.status,
      redirectUrl: p.redirect_url,
      webhookUrl: p.webhook_url,
      createdAt: toDate(p.created_at),
      refunds: refunds.get(p.external_id) ?? [],
    }));
  }

  async createPayment(input: Parameters<PaymentGateway['createPayment']>[0]) {
    await this.db.query(
      `insert into payment_simulator_payment
         (external_id, payment_id, amount_cents, description, status, redirect_url, webhook_url, created_at)
       values ($1, $2, $3, $4, 'OPEN', $5, $6, $7)
       on conflict (payment_id) do nothing`,
      [
        `sim_${randomBytes(10).toString('hex')}`,
        input.paymentId,
        input.amountCents,
        input.description,
        input.redirectUrl,
        input.webhookUrl,
        this.now(),
      ],
    );
    const { rows } = await this.db.query<{ external_id: string }>(
      `select external_id from payment_simulator_payment where payment_id = $1`,
      [input.paymentId],
    );
    const externalId = rows[0]!.external_id;
    return { externalId, checkoutUrl: `/betalen/simulator/${externalId}` };
  }

  /** The payment as the simulator knows it, with expiry applied; undefined when unknown. */
  async find(externalId: string): Promise<SimulatedPayment | undefined> {
    await this.expire(externalId);
    const { rows } = await this.db.query<PaymentRow>(`select * from payment_simulator_payment where external_id = $1`, [
      externalId,
    ]);
    return (await this.withRefunds(rows))[0];
  }

  /** The newest payments (the simulator's page), with expiry applied. */
  async list(limit = 200): Promise<SimulatedPayment[]> {
    await this.expire();
    const { rows } = await this.db.query<PaymentRow>(
      `select * from payment_simulator_payment order by created_at desc, external_id limit $1`,
      [limit],
    );
    return this.withRefunds(rows);
  }

  async getStatus(externalId: string): Promise<PaymentStatus> {
    if (this.unreachable) throw new Error('payment simulator unreachable');
    const p = await this.find(externalId);
    if (p) return p.status;
    // A simulator id it has no record of (made before its records were kept, or removed as a mismatch): such a
    // payment can no longer be paid.
    if (/^sim_[0-9a-f]{20}$/.test(externalId)) return 'EXPIRED';
    throw new Error('unknown payment');
  }

  async cancelPayment(externalId: string): Promise<PaymentStatus> {
    if (this.unreachable) throw new Error('payment simulator unreachable');
    const p = await this.settle(externalId, 'CANCELED');
    if (!p) throw new Error('unknown payment');
    return p.status;
  }

  async refund(input: Parameters<PaymentGateway['refund']>[0]): Promise<{ refundId: string }> {
    const client = await this.db.connect();
    try {
      await client.query('begin');
      // The payment row locked: concurrent refunds of one payment are checked against the total one at a time.
      const { rows } = await client.query<PaymentRow>(
        `select * from payment_simulator_payment where external_id = $1 for update`,
        [input.externalId],
      );
      const p = rows[0];
      if (!p) throw new Error('unknown payment');
      if (p.status !== 'PAID') throw new Error('only a paid payment can be refunded');
      const { rows: refunds } = await client.query<RefundRow>(
        `select * from payment_simulator_refund where external_id = $1`,
        [input.externalId],
      );
      const earlier = refunds.find((r) => r.idempotency_key === input.idempotencyKey);
      if (earlier) {
        await client.query('commit');
        return { refundId: earlier.refund_id };
      }
      const refunded = refunds.reduce((s, r) => s + r.amount_cents, 0);
      if (refunded + input.amountCents > p.amount_cents) throw new Error('refund exceeds the payment');
      const refundId = `re_sim_${randomBytes(8).toString('hex')}`;
      await client.query(
        `insert into payment_simulator_refund (refund_id, external_id, amount_cents, idempotency_key, status, created_at)
         values ($1, $2, $3, $4, 'REFUNDED', $5)`,
        [refundId, input.externalId, input.amountCents, input.idempotencyKey, this.now()],
      );
      await client.query('commit');
      return { refundId };
    } catch (error) {
      await client.query('rollback').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  async refundedCents(externalId: string): Promise<number> {
    const { rows } = await this.db.query<{ total: string }>(
      `select coalesce(sum(amount_cents), 0) as total from payment_simulator_refund where external_id = $1`,
      [externalId],
    );
    return Number(rows[0]!.total);
  }

  async listPayments(period: PspPeriod): Promise<PspPayment[]> {
    if (this.unreachable) throw new Error('payment simulator unreachable');
    await this.expire();
    const { rows } = await this.db.query<PaymentRow>(
      `select * from payment_simulator_payment where created_at >= $1 and created_at < $2 order by created_at`,
      [period.from, period.to],
    );
    return rows.map((p) => ({
      externalId: p.external_id,
      paymentId: p.payment_id || null,
      amountCents: p.amount_cents,
      status: p.status,
      createdAt: toDate(p.created_at),
    }));
  }

  async listRefunds(period: PspPeriod): Promise<PspRefund[]> {
    if (this.unreachable) throw new Error('payment simulator unreachable');
    const { rows } = await this.db.query<RefundRow>(
      `select * from payment_simulator_refund where created_at >= $1 and created_at < $2 order by created_at`,
      [period.from, period.to],
    );
    return rows.map((r) => ({
      refundId: r.refund_id,
      externalId: r.external_id,
      amountCents: r.amount_cents,
      status: r.status,
      createdAt: toDate(r.created_at),
    }));
  }

  async testConnection(): Promise<void> {
    if (this.unreachable) throw new Error('payment simulator unreachable');
    await this.db.query('select 1 from payment_simulator_payment limit 1');
  }

  /**
   * Makes the simulator's records differ from ours, as a real PSP's might (tests, demo data and the development
   * simulator page; the simulator itself is refused in production). Returns the PSP id it concerns, or null when there
   * is nothing to change. Nothing is announced through the webhook: only reconciliation notices it. The change is
   * stored, so it stays after a restart.
   */
  async mismatch(m: SimulatedMismatch): Promise<string | null> {
    switch (m.kind) {
      case 'MISSING_THERE': {
        const { rowCount } = await this.db.query(`delete from payment_simulator_payment where external_id = $1`, [
          m.externalId,
        ]);
        return rowCount ? m.externalId : null;
      }
      case 'MISSING_HERE': {
        const externalId = `sim_${randomBytes(10).toString('hex')}`;
        await this.db.query(
          `insert into payment_simulator_payment
             (external_id, payment_id, amount_cents, description, status, redirect_url, webhook_url, created_at)
           values ($1, null, $2, 'Betaling die de Gemeentewinkel niet kent', $3, '/', '/payments/webhook', $4)`,
          [externalId, m.amountCents, m.status ?? 'PAID', this.now()],
        );
        return externalId;
      }
      case 'STATUS_DIFFERS':
      case 'AMOUNT_DIFFERS': {
        await this.expire(m.externalId);
        const { rowCount } =
          m.kind === 'STATUS_DIFFERS'
            ? await this.db.query(`update payment_simulator_payment set status = $2 where external_id = $1`, [
                m.externalId,
                m.status,
              ])
            : await this.db.query(`update payment_simulator_payment set amount_cents = $2 where external_id = $1`, [
                m.externalId,
                m.amountCents,
              ]);
        return rowCount ? m.externalId : null;
      }
      case 'REFUND_FAILED': {
        const { rowCount } = await this.db.query(
          `update payment_simulator_refund set status = 'FAILED' where refund_id = $1`,
          [m.refundId],
        );
        return rowCount ? m.refundId : null;
      }
      case 'REFUND_MISSING_HERE': {
        if (!(await this.find(m.externalId))) return null;
        const refundId = `re_sim_${randomBytes(8).toString('hex')}`;
        await this.db.query(
          `insert into payment_simulator_refund (refund_id, external_id, amount_cents, idempotency_key, status, created_at)
           values ($1, $2, $3, $4, 'REFUNDED', $5)`,
          [refundId, m.externalId, m.amountCents, `foreign-${refundId}`, this.now()],
        );
        return refundId;
      }
    }
  }

  /** What the tester chose on the simulator page. Only an open payment changes; returns it (undefined when unknown). */
  async settle(externalId: string, status: Exclude<PaymentStatus, 'OPEN'>): Promise<SimulatedPayment | undefined> {
    await this.expire(externalId);
    await this.db.query(`update payment_simulator_payment set status = $2 where external_id = $1 and status = 'OPEN'`, [
      externalId,
      status,
    ]);
    return this.find(externalId);
  }
}
