import type { EntityManager } from '@mikro-orm/postgresql';
import type { PaymentStatus } from './payment.entities.js';

/**
 * The payments' SQL (docs, "Persistence: entities and queries"): a payment locked while its status is settled, the
 * refunds recorded set-based from the ledger and claimed one at a time, the open payments the sweep checks. Plain
 * functions, no rules: `payment.service.ts` decides.
 */

export type PaymentProviderName = 'simulator' | 'mollie';

export interface PendingRefundRow {
  id: string;
  payment_id: string;
  order_id: string | null;
  amount_cents: number;
  external_id: string | null;
  provider: PaymentProviderName;
}

/** The customer's payment: a payment of a checkout of this client group. */
export async function customerPayment(
  em: EntityManager,
  id: string,
  clientGroupId: string,
): Promise<{ id: string; status: PaymentStatus; external_id: string | null } | undefined> {
  const [row] = await em.execute<{ id: string; status: PaymentStatus; external_id: string | null }[]>(
    `select p.id, p.status, p.external_id from payment p join checkout c on c.id = p.checkout_id where p.id = ? and c.client_group_id = ?`,
    [id, clientGroupId],
  );
  return row;
}

/** The payment, its row locked until the transaction ends. */
export async function lockPayment(
  em: EntityManager,
  id: string,
): Promise<{ status: PaymentStatus; checkout_id: string; amount_cents: number } | undefined> {
  const [row] = await em.execute<{ status: PaymentStatus; checkout_id: string; amount_cents: number }[]>(
    `select status, checkout_id, amount_cents from payment where id = ? for update`,
    [id],
  );
  return row;
}

/** Locks the payment's row until the transaction ends. */
export async function lockPaymentRow(em: EntityManager, id: string): Promise<void> {
  await em.execute(`select id from payment where id = ? for update`, [id]);
}

export async function setPaymentStatus(
  em: EntityManager,
  id: string,
  status: PaymentStatus,
  paidAt: Date | null,
  now: Date,
): Promise<void> {
  await em.execute(`update payment set status = ?, paid_at = ?, updated_at = ? where id = ?`, [
    status,
    paidAt,
    now,
    id,
  ]);
}

/** What was refunded of an order's contribution, and what still waits. */
export async function orderRefundTotals(
  em: EntityManager,
  orderId: string,
): Promise<{ refundedCents: number; pendingCents: number }> {
  const [row] = await em.execute<{ refunded: string; pending: string }[]>(
    `select coalesce(sum(amount_cents) filter (where status = 'REFUNDED'), 0) as refunded,
            coalesce(sum(amount_cents) filter (where status = 'PENDING'), 0) as pending
       from payment_refund where order_id = ?`,
    [orderId],
  );
  return { refundedCents: Number(row?.refunded ?? 0), pendingCents: Number(row?.pending ?? 0) };
}

/** One refund row per REFUND booking of a paid contribution that has none yet (of one order, or all). */
export async function insertDueRefunds(em: EntityManager, now: Date, orderId?: string): Promise<void> {
  await em.execute(
    `insert into payment_refund (payment_id, order_id, ledger_transaction_id, amount_cents, created_at)
     select t.payment_id, t.order_id, t.id, e.amount_cents, ?::timestamptz
       from ledger_transaction t
       join ledger_entry e on e.transaction_id = t.id
       join ledger_account a on a.id = e.account_id and a.kind = 'PAYMENT_CLEARING'
      where t.kind = 'REFUND' and t.payment_id is not null and e.amount_cents > 0 ${orderId ? 'and t.order_id = ?' : ''}
        and not exists (select 1 from payment_refund r where r.ledger_transaction_id = t.id)
     on conflict do nothing`,
    orderId ? [now, orderId] : [now],
  );
}

/** Up to 100 pending refunds with fewer than `maxAttempts` attempts (of one payment, one order, one refund, or all), oldest first. */
export function pendingRefunds(
  em: EntityManager,
  maxAttempts: number,
  filter: { paymentId?: string; orderId?: string; refundId?: string },
): Promise<PendingRefundRow[]> {
  const where = filter.paymentId
    ? 'and r.payment_id = ?'
    : filter.orderId
      ? 'and r.order_id = ?'
      : filter.refundId
        ? 'and r.id = ?'
        : '';
  const whereParams = filter.paymentId
    ? [filter.paymentId]
    : filter.orderId
      ? [filter.orderId]
      : filter.refundId
        ? [filter.refundId]
        : [];
  return em.execute<PendingRefundRow[]>(
    `select r.id, r.payment_id, r.order_id, r.amount_cents, p.external_id, p.provider
       from payment_refund r join payment p on p.id = r.payment_id
      where r.status = 'PENDING' and r.attempts < ${maxAttempts} ${where}
      order by r.created_at limit 100`,
    whereParams,
  );
}

export async function countRefundAttempt(em: EntityManager, refundId: string): Promise<void> {
  await em.execute(`update payment_refund set attempts = attempts + 1 where id = ?`, [refundId]);
}

export async function setRefundError(em: EntityManager, refundId: string, message: string): Promise<void> {
  await em.execute(`update payment_refund set last_error = ? where id = ?`, [message, refundId]);
}

/** Marks a pending refund refunded; false when it was not pending (any more). */
export async function markRefunded(
  em: EntityManager,
  refundId: string,
  externalId: string,
  now: Date,
): Promise<boolean> {
  const updated = await em.execute<{ id: string }[]>(
    `update payment_refund set status = 'REFUNDED', external_id = ?, refunded_at = ?, last_error = null
      where id = ? and status = 'PENDING' returning id`,
    [externalId, now, refundId],
  );
  return updated.length > 0;
}

export async function addRefundedCents(em: EntityManager, paymentId: string, cents: number, now: Date): Promise<void> {
  await em.execute(`update payment set refunded_cents = refunded_cents + ?, updated_at = ? where id = ?`, [
    cents,
    now,
    paymentId,
  ]);
}

/** Up to 200 payments still open that were created more than `minutes` before `now`, oldest first. */
export function openPaymentsOlderThan(
  em: EntityManager,
  now: Date,
  minutes: number,
): Promise<{ id: string; external_id: string | null; provider: PaymentProviderName }[]> {
  return em.execute<{ id: string; external_id: string | null; provider: PaymentProviderName }[]>(
    `select id, external_id, provider from payment where status = 'OPEN' and created_at < ?::timestamptz - make_interval(mins => ?)
    order by created_at limit 200`,
    [now, minutes],
  );
}

/** Gives a pending refund that ran out of attempts a fresh start; false when it is not such a refund. */
export async function restartRefund(em: EntityManager, refundId: string, maxAttempts: number): Promise<boolean> {
  const claimed = await em.execute<{ id: string }[]>(
    `update payment_refund set attempts = 0 where id = ? and status = 'PENDING' and attempts >= ? returning id`,
    [refundId, maxAttempts],
  );
  return claimed.length > 0;
}

/** Locks the checkout's row until the transaction ends (the order of locks: payment, then checkout, then orders). */
export async function lockCheckout(em: EntityManager, checkoutId: string): Promise<void> {
  await em.execute(`select id from checkout where id = ? for update`, [checkoutId]);
}

/** Is another payment of the checkout still OPEN (a payment made again replaces this one)? */
export async function otherOpenPayment(em: EntityManager, checkoutId: string, paymentId: string): Promise<boolean> {
  const rows = await em.execute<{ id: string }[]>(
    `select id from payment where checkout_id = ? and id <> ? and status = 'OPEN' limit 1`,
    [checkoutId, paymentId],
  );
  return rows.length > 0;
}

/** The own contribution the checkout's orders still wait for: their number and the sum, in cents. */
export async function waitingContribution(
  em: EntityManager,
  checkoutId: string,
): Promise<{ orders: number; cents: number }> {
  const [row] = await em.execute<{ orders: string; cents: string }[]>(
    `select count(*) as orders, coalesce(sum(contribution_cents), 0) as cents
       from customer_order where checkout_id = ? and status = 'AWAITING_PAYMENT'`,
    [checkoutId],
  );
  return { orders: Number(row?.orders ?? 0), cents: Number(row?.cents ?? 0) };
}

/** What paying again needs of an order (the orders module's table, read here: payments does not import orders). */
export async function orderToPay(
  em: EntityManager,
  orderId: string,
): Promise<{ clientGroupId: string; checkoutId: string; municipalityId: string; status: string } | undefined> {
  const [row] = await em.execute<
    { client_group_id: string; checkout_id: string; municipality_id: string; status: string }[]
  >(`select client_group_id, checkout_id, municipality_id, status from customer_order where id = ?`, [orderId]);
  return row
    ? {
        clientGroupId: row.client_group_id,
        checkoutId: row.checkout_id,
        municipalityId: row.municipality_id,
        status: row.status,
      }
    : undefined;
}

/** The checkout's OPEN payments, newest first. */
export function openPaymentsOfCheckout(
  em: EntityManager,
  checkoutId: string,
): Promise<{ id: string; external_id: string | null; provider: PaymentProviderName }[]> {
  return em.execute<{ id: string; external_id: string | null; provider: PaymentProviderName }[]>(
    `select id, external_id, provider from payment where checkout_id = ? and status = 'OPEN' order by created_at desc, id`,
    [checkoutId],
  );
}
