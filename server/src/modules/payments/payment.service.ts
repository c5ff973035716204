import type { EntityManager } from '@mikro-orm/postgresql';
import type { RequestContext } from '../../kernel/request-context.js';
import type { SettingsService } from '../settings/index.js';
import type { PaymentGateway } from '../../integrations/payments/payment-gateway.js';
import type { Actor } from '../ledger/index.js';
import { ok, problem, type Result } from '../../kernel/result.js';
import { Audience } from '../../kernel/permissions.js';
import { isUuid } from '../../graphql/ids.js';
import { Payment, PaymentEvent, PaymentRefund, type PaymentStatus } from './payment.entities.js';
import { applicationNow } from '../../kernel/clock.js';
import { PaymentSimulator, type SimulatorDatabase } from '../../integrations/payments/payment-simulator.js';
import { MolliePaymentGateway } from '../../integrations/payments/mollie-gateway.js';
import { decryptSecret } from '../../kernel/secret-box.js';
import * as q from './payment.queries.js';

/**
 * What a payment's outcome does to the orders of its checkout: orders' OrderService, given by the composition root
 * (app/services.ts). Named here so payments does not import orders (the checkout opens the payment).
 */
export interface ContributionOutcomes {
  /** PAID: the checkout's orders waiting for the contribution go on; the ones released (cancelled ones are not). */
  contributionPaid(
    em: EntityManager,
    checkoutId: string,
    paymentId: string,
    actor: Actor,
  ): Promise<readonly { contributionCents: number }[]>;
  /** FAILED, CANCELED or EXPIRED: the checkout's orders waiting for the contribution are cancelled. */
  contributionFailed(em: EntityManager, checkoutId: string, actor: Actor, reason: string): Promise<unknown>;
}

/**
 * Where a status came from: the PSP's webhook, the customer coming back, the expiry sweep, or finance taking over the
 * PSP's status in reconciliation (controle).
 */
export type StatusSource = 'webhook' | 'return' | 'sweep' | 'reconciliation' | 'customer';

/** A refund stops being retried after this many failed attempts; reconciliation (controle) offers a retry. */
export const MAX_REFUND_ATTEMPTS = 20;

export interface SettleResult {
  /** False when we do not know the payment (a forged or foreign id): nothing happened. */
  known: boolean;
  /** The status the PSP reported. */
  status: PaymentStatus | null;
  /** True when this call moved the payment out of OPEN (and booked or cancelled its orders). */
  changed: boolean;
}

/**
 * "Eigen bijdrage betalen" within this long after the newest payment was made answers with that payment (a double
 * click, or a click right after the checkout): its payment page is still good.
 */
export const PAY_AGAIN_REUSE_MS = 10_000;

const SYSTEM: Actor = { kind: 'SYSTEM', id: null };

const FAILED_REASON: Record<Exclude<PaymentStatus, 'OPEN' | 'PAID'>, string> = {
  FAILED: 'De betaling van de eigen bijdrage is mislukt.',
  CANCELED: 'De betaling van de eigen bijdrage is geannuleerd.',
  EXPIRED: 'De betaling van de eigen bijdrage is verlopen.',
};

/**
 * Own-contribution payments at the PSP. Nothing here trusts a request: a webhook only names a payment, and its status
 * is fetched from the PSP. Settling happens in one database transaction with the payment row locked, so a replayed or
 * concurrent notification settles once: PAID books the contribution and releases the orders, FAILED/CANCELED/EXPIRED
 * cancels the waiting orders with their budget back. PSP calls are never made inside a transaction.
 *
 * Refunds follow the ledger: every REFUND booking of a paid contribution (OrderService.cancel) gets one refund row,
 * which is sent to the PSP after commit (refundForOrder, or the sweep when that did not happen or failed).
 */
export class PaymentService {
  constructor(
    readonly gateway: PaymentGateway,
    private readonly appUrl: string,
    private readonly orders: ContributionOutcomes,
    /** The payment expiry comes from the `payments` settings section (instellingen/betalingen). */
    private readonly settings: Pick<SettingsService, 'get'>,
    /**
     * The provider chosen at instellingen/betalingen wins over `gateway` (PAYMENT_PROVIDER), which stays the default
     * while nothing is chosen; `secretKey` decrypts the API key stored there. In production there is no simulator.
     */
    private readonly options: { secretKey?: Buffer; production?: boolean; simulatorDb?: SimulatorDatabase } = {},
  ) {}

  private simulatorInstance: PaymentSimulator | null = null;
  private mollie: { sealed: string; gateway: MolliePaymentGateway } | null = null;

  /** The payment simulator (the default gateway when it is one); null in production. */
  get simulator(): PaymentSimulator | null {
    if (this.gateway instanceof PaymentSimulator) return this.gateway;
    if (this.options.production !== false || !this.options.simulatorDb) return null;
    return (this.simulatorInstance ??= new PaymentSimulator(this.options.simulatorDb, { now: applicationNow }));
  }

  /** Mollie with the API key stored at instellingen/betalingen; null when none is stored (or it cannot be read). */
  private async storedMollie(): Promise<MolliePaymentGateway | null> {
    const { mollieApiKey } = await this.settings.get('payments');
    if (!mollieApiKey || !this.options.secretKey) return null;
    if (this.mollie?.sealed !== mollieApiKey.ciphertext) {
      const apiKey = decryptSecret(this.options.secretKey, mollieApiKey.ciphertext);
      this.mollie = { sealed: mollieApiKey.ciphertext, gateway: new MolliePaymentGateway({ apiKey }) };
    }
    return this.mollie.gateway;
  }

  /** The PSP new payments go to: the one chosen at instellingen/betalingen, else PAYMENT_PROVIDER's. */
  async activeGateway(): Promise<PaymentGateway> {
    const { provider } = await this.settings.get('payments');
    if (provider === 'SIMULATOR') return this.simulator ?? this.gateway;
    if (provider === 'MOLLIE') return (await this.storedMollie()) ?? this.gateway;
    return this.gateway;
  }

  /** The PSP a payment was made at (its `provider`), for its status and refunds. */
  async gatewayFor(provider: 'simulator' | 'mollie'): Promise<PaymentGateway> {
    if (provider === 'simulator') return this.simulator ?? this.gateway;
    const { provider: chosen } = await this.settings.get('payments');
    if (chosen === 'MOLLIE' || this.gateway.name !== 'mollie') return (await this.storedMollie()) ?? this.gateway;
    return this.gateway;
  }

  /**
   * Where the PSP sends the customer back to: the checkout's confirmation step (/winkelwagen?betaling=…), with the order
   * numbers, what the budget paid, the own contribution and how its payment went.
   */
  returnPath(paymentId: string): string {
    return `/winkelwagen?betaling=${encodeURIComponent(paymentId)}`;
  }

  /** Where to go when the payment page could not be opened: the cart page shows the payment and offers to try again. */
  retryPath(paymentId: string): string {
    return `/winkelwagen?betaling=${encodeURIComponent(paymentId)}`;
  }

  /** Opens the payment at the PSP (after the checkout committed: no PSP call inside a lock). Idempotent. */
  async start(em: EntityManager, payment: Payment): Promise<Payment> {
    if (payment.externalId) return payment;
    const gateway = await this.activeGateway();
    const created = await gateway.createPayment({
      paymentId: payment.id,
      amountCents: payment.amountCents,
      description: `Eigen bijdrage Gemeentewinkel`,
      redirectUrl: `${this.appUrl}${this.returnPath(payment.id)}`,
      webhookUrl: `${this.appUrl}/payments/webhook`,
    });
    await em.nativeUpdate(
      Payment,
      { id: payment.id, externalId: null },
      { externalId: created.externalId, checkoutUrl: created.checkoutUrl, provider: gateway.name },
    );
    return em.findOneOrFail(Payment, payment.id, { refresh: true });
  }

  /**
   * A payment of the customer's household (its orders: orders' field ContributionPayment.orders); null for anyone else's. With `refresh`, an OPEN payment's
   * status is fetched from the PSP first (the customer may be back before the webhook; the PSP is asked, not trusted
   * from the request), so the return page shows the outcome.
   */
  async forCustomer(
    ctx: RequestContext,
    id: string,
    options: { refresh?: boolean } = {},
  ): Promise<{ payment: Payment } | null> {
    if (ctx.viewer.kind !== Audience.CUSTOMER || !isUuid(id)) return null;
    const row = await q.customerPayment(ctx.em, id, ctx.viewer.clientGroupId);
    if (!row) return null;
    if (options.refresh && row.status === 'OPEN' && row.external_id) {
      try {
        await this.notify(ctx.em, row.external_id, 'return');
      } catch (error) {
        ctx.log.warn({ err: error, paymentId: id }, 'payment status unavailable on return');
      }
    }
    const payment = await ctx.em.findOneOrFail(Payment, id, { refresh: true });
    return { payment };
  }

  /**
   * Opens (again) the payment page of an OPEN own-contribution payment of the customer's household, e.g. after the
   * page was closed: where to pay. Refused when it is not the household's, is no longer OPEN, or the PSP is down.
   */
  async startForCustomer(ctx: RequestContext, paymentId: string): Promise<Result<string | null>> {
    const found = await this.forCustomer(ctx, paymentId, { refresh: true });
    if (!found) return problem('paymentId', 'NOT_FOUND', 'Deze betaling is niet gevonden.');
    if (found.payment.status !== 'OPEN') {
      return problem('paymentId', 'NOT_PAYABLE', 'Deze betaling is al afgerond; u hoeft niets meer te betalen.');
    }
    try {
      return ok((await this.start(ctx.em, found.payment)).checkoutUrl ?? null);
    } catch (error) {
      ctx.log.error({ err: error, paymentId }, 'payment start failed');
      return problem(
        null,
        'PSP_UNAVAILABLE',
        'De betaalpagina kan nu niet worden geopend. Probeer het over een paar minuten opnieuw.',
      );
    }
  }

  /**
   * "Eigen bijdrage betalen" on an order of the household that still waits for its own contribution (the customer left
   * the payment page): a new payment for the same checkout, and where to pay it. First the reservation, in one
   * transaction with the checkout locked: a new OPEN payment row that is not at the PSP yet — or the one a click before
   * reserved, or the newest payment when it is seconds old (PAY_AGAIN_REUSE_MS): a parallel double click makes one
   * payment (the database allows one reserved row per checkout). Then the work,
   * outside the transaction: the earlier open payment is cancelled at the PSP and settled (its orders keep waiting for
   * the new one), and only then is the new one opened at the PSP, so two payments can never both be paid. When the PSP
   * says the earlier one was paid after all, that settles the orders and nothing new is opened. A payment that still
   * comes in for orders already paid or cancelled is refunded (settle: the money nobody claimed).
   */
  async payAgain(ctx: RequestContext, orderId: string): Promise<Result<string | null>> {
    const viewer = ctx.viewer;
    const notFound = () => problem<string | null>('orderId', 'NOT_FOUND', 'Deze bestelling is niet gevonden.');
    if (viewer.kind !== Audience.CUSTOMER || !isUuid(orderId)) return notFound();
    const reserved = await ctx.em.fork().transactional(async (tx) => {
      const order = await q.orderToPay(tx, orderId);
      if (!order || order.clientGroupId !== viewer.clientGroupId) return null;
      await q.lockCheckout(tx, order.checkoutId);
      const waiting = await q.waitingContribution(tx, order.checkoutId);
      // Read again under the checkout's lock: a cancel or a payment may have changed it meanwhile.
      const current = (await q.orderToPay(tx, orderId))!;
      if (current.status !== 'AWAITING_PAYMENT' || waiting.cents <= 0) return { payment: null, status: current.status };
      const open = await tx.find(
        Payment,
        { checkoutId: order.checkoutId, status: 'OPEN' },
        { orderBy: { createdAt: 'desc' }, refresh: true },
      );
      // A click before this one reserved a payment (or opened it moments ago): that one, not another.
      const now = ctx.clock.now().getTime();
      const reservation =
        open.find((p) => !p.externalId) ?? open.find((p) => now - p.createdAt.getTime() < PAY_AGAIN_REUSE_MS);
      if (reservation) return { payment: reservation, status: current.status };
      const payment = tx.create(Payment, {
        checkoutId: order.checkoutId,
        municipalityId: order.municipalityId,
        provider: this.gateway.name,
        amountCents: waiting.cents,
      });
      await tx.flush();
      return { payment, status: current.status };
    });
    if (!reserved) return notFound();
    if (!reserved.payment) {
      return reserved.status === 'CANCELLED'
        ? problem('orderId', 'NOT_PAYABLE', 'Deze bestelling is geannuleerd; u hoeft niets te betalen.')
        : problem('orderId', 'NOT_PAYABLE', 'De eigen bijdrage van deze bestelling is al betaald.');
    }
    const payment = reserved.payment;
    const unavailable = () =>
      problem<string | null>(
        null,
        'PSP_UNAVAILABLE',
        'De betaalpagina kan nu niet worden geopend. Probeer het over een paar minuten opnieuw.',
      );
    // The earlier payment(s) can no longer be paid before the new one can.
    for (const earlier of await q.openPaymentsOfCheckout(ctx.em.fork(), payment.checkoutId)) {
      if (earlier.id === payment.id || !earlier.external_id) continue;
      try {
        const status = await (await this.gatewayFor(earlier.provider)).cancelPayment(earlier.external_id);
        await this.settle(ctx.em, earlier.id, status, 'customer');
      } catch (error) {
        ctx.log.warn({ err: error, paymentId: earlier.id }, 'earlier payment could not be cancelled');
        return unavailable();
      }
    }
    if ((await q.waitingContribution(ctx.em.fork(), payment.checkoutId)).orders === 0) {
      // The earlier payment was paid after all (its orders are released): the reservation is not needed.
      await this.settle(ctx.em, payment.id, 'CANCELED', 'customer');
      return problem('orderId', 'NOT_PAYABLE', 'De eigen bijdrage van deze bestelling is al betaald.');
    }
    try {
      return ok((await this.start(ctx.em, payment)).checkoutUrl ?? null);
    } catch (error) {
      ctx.log.error({ err: error, paymentId: payment.id }, 'payment start failed');
      return unavailable();
    }
  }

  /**
   * After the customer cancelled the orders of a checkout before paying (they committed, budget back): its open
   * payments are cancelled at the PSP and settled. A PSP that cannot be reached, or that says one was paid after all,
   * changes nothing here: the expiry sweep asks again later, and money that comes in for the cancelled orders is
   * refunded (settle: the money nobody claimed), the path every late payment takes.
   */
  async cancelOpenOfCheckout(ctx: RequestContext, checkoutId: string): Promise<void> {
    for (const p of await q.openPaymentsOfCheckout(ctx.em.fork(), checkoutId)) {
      try {
        const status = p.external_id
          ? await (await this.gatewayFor(p.provider)).cancelPayment(p.external_id)
          : ('CANCELED' as const);
        await this.settle(ctx.em, p.id, status, 'customer');
      } catch (error) {
        ctx.log.warn({ err: error, paymentId: p.id }, 'open payment could not be cancelled; the sweep checks it');
      }
    }
  }

  /**
   * A notification (webhook) or a return names a PSP payment id: fetch its status from the PSP and settle it. An id we
   * do not know changes nothing. Throws when the PSP cannot be reached (the webhook then answers 500 and is retried).
   */
  async notify(em: EntityManager, externalId: string, source: StatusSource): Promise<SettleResult> {
    const payment = await em.fork().findOne(Payment, { externalId });
    if (!payment) return { known: false, status: null, changed: false };
    const status = await (await this.gatewayFor(payment.provider)).getStatus(externalId);
    return this.settle(em, payment.id, status, source);
  }

  /**
   * Records what the PSP reported and, when the payment moves out of OPEN, books it: in one transaction with the
   * payment row locked. Anything but OPEN → final is recorded and changes nothing else (replays, late duplicates).
   */
  async settle(
    em: EntityManager,
    paymentId: string,
    status: PaymentStatus,
    source: StatusSource,
  ): Promise<SettleResult> {
    const outcome = await em.fork().transactional(async (tx) => {
      const row = await q.lockPayment(tx, paymentId);
      if (!row) return { known: false, changed: false, refund: false };
      tx.create(PaymentEvent, { paymentId, status, source });
      await tx.flush();
      if (row.status !== 'OPEN' || status === 'OPEN') return { known: true, changed: false, refund: false };

      await q.setPaymentStatus(tx, paymentId, status, status === 'PAID' ? applicationNow() : null, applicationNow());
      if (status === 'PAID') {
        const released = await this.orders.contributionPaid(tx, row.checkout_id, paymentId, SYSTEM);
        // Paid for orders that were cancelled meanwhile: nothing to book, the money goes back.
        const unclaimed = row.amount_cents - released.reduce((s, o) => s + o.contributionCents, 0);
        if (unclaimed > 0) {
          tx.create(PaymentRefund, { paymentId, orderId: null, ledgerTransactionId: null, amountCents: unclaimed });
          await tx.flush();
          return { known: true, changed: true, refund: true };
        }
      } else {
        // A payment made again ("Eigen bijdrage betalen") replaces this one: its orders keep waiting for that one.
        await q.lockCheckout(tx, row.checkout_id);
        if (!(await q.otherOpenPayment(tx, row.checkout_id, paymentId)))
          await this.orders.contributionFailed(tx, row.checkout_id, SYSTEM, FAILED_REASON[status]);
      }
      return { known: true, changed: true, refund: false };
    });
    if (outcome.refund) await this.processRefunds(em, { paymentId }).catch(() => undefined);
    return { known: outcome.known, status, changed: outcome.changed };
  }

  /**
   * After a cancel committed (OrderService.cancel returned refundCents > 0): give the paid own contribution back at the
   * PSP. Makes the refund rows for the order's REFUND bookings (once each) and sends them. Safe to call again; what
   * fails stays PENDING and the sweep retries it. Returns what is refunded and what is still pending for this order.
   */
  async refundForOrder(em: EntityManager, orderId: string): Promise<{ refundedCents: number; pendingCents: number }> {
    await this.recordDueRefunds(em, orderId);
    await this.processRefunds(em, { orderId });
    return q.orderRefundTotals(em.fork(), orderId);
  }

  /** One refund row per REFUND booking of a paid contribution that has none yet (of one order, or all). */
  private async recordDueRefunds(em: EntityManager, orderId?: string): Promise<void> {
    await q.insertDueRefunds(em.fork(), applicationNow(), orderId);
  }

  /** Sends pending refunds to the PSP (of one payment, one order, or all), each at most once thanks to its key. */
  private async processRefunds(
    em: EntityManager,
    filter: { paymentId?: string; orderId?: string; refundId?: string } = {},
  ): Promise<number> {
    const pending = await q.pendingRefunds(em.fork(), MAX_REFUND_ATTEMPTS, filter);
    let done = 0;
    for (const r of pending) {
      const fork = em.fork();
      await q.countRefundAttempt(fork, r.id);
      if (!r.external_id) {
        await q.setRefundError(fork, r.id, 'de betaling is bij de betaaldienst onbekend');
        continue;
      }
      let refundId: string;
      try {
        ({ refundId } = await (
          await this.gatewayFor(r.provider)
        ).refund({
          externalId: r.external_id,
          amountCents: r.amount_cents,
          description: 'Terugbetaling eigen bijdrage Gemeentewinkel',
          idempotencyKey: `refund-${r.id}`,
        }));
      } catch (error) {
        await q.setRefundError(fork, r.id, String((error as Error).message ?? error).slice(0, 500));
        continue;
      }
      await fork.transactional(async (tx) => {
        await q.lockPaymentRow(tx, r.payment_id);
        if (await q.markRefunded(tx, r.id, refundId, applicationNow())) {
          await q.addRefundedCents(tx, r.payment_id, r.amount_cents, applicationNow());
        }
      });
      done++;
    }
    return done;
  }

  /**
   * The expiry sweep (the `payments.expireOpen` job, every minute): open payments older than the payment expiry
   * (settings, section `payments`) are checked at the PSP and settled (a webhook may have been missed, or the server
   * was down); a payment that never reached the PSP is expired. "Older" is measured on the context's clock.
   */
  async expireOpen(ctx: RequestContext): Promise<{ checked: number; settled: number }> {
    const { paymentExpiryMinutes } = await this.settings.get('payments');
    const open = await q.openPaymentsOlderThan(ctx.em.fork(), ctx.clock.now(), paymentExpiryMinutes);
    let settled = 0;
    for (const p of open) {
      try {
        const status: PaymentStatus = p.external_id
          ? await (await this.gatewayFor(p.provider)).getStatus(p.external_id)
          : 'EXPIRED';
        if (status === 'OPEN') continue;
        if ((await this.settle(ctx.em, p.id, status, 'sweep')).changed) settled++;
      } catch (error) {
        ctx.log.warn({ err: error, paymentId: p.id }, 'payment sweep: status unavailable');
      }
    }
    if (settled) ctx.log.info({ event: 'payment_sweep', checked: open.length, settled }, 'expired payments settled');
    return { checked: open.length, settled };
  }

  /** The refund retries (the `payments.retryRefunds` job, every minute): refunds that are due or failed earlier are (re)sent. */
  async retryRefunds(ctx: RequestContext): Promise<{ refunded: number }> {
    await this.recordDueRefunds(ctx.em);
    const refunded = await this.processRefunds(ctx.em);
    if (refunded) ctx.log.info({ event: 'refund_retry', refunded }, 'refunds sent');
    return { refunded };
  }

  /**
   * A refund that stopped retrying (MAX_REFUND_ATTEMPTS failures) gets its attempts back and is sent once more, now.
   * False when it is not a stopped refund (done, or still being retried): nothing changed. The claim is a conditional
   * update, so two people pressing "opnieuw proberen" at once send it once.
   */
  async retryStoppedRefund(em: EntityManager, refundId: string): Promise<{ restarted: boolean; refunded: boolean }> {
    if (!(await q.restartRefund(em.fork(), refundId, MAX_REFUND_ATTEMPTS)))
      return { restarted: false, refunded: false };
    const refunded = await this.processRefunds(em, { refundId });
    return { restarted: true, refunded: refunded > 0 };
  }

  /** Both of the above, one after the other (what the scheduled jobs do, for a test or an operator). */
  async sweep(ctx: RequestContext): Promise<{ checked: number; settled: number; refunded: number }> {
    const expired = await this.expireOpen(ctx);
    const { refunded } = await this.retryRefunds(ctx);
    return { ...expired, refunded };
  }
}
