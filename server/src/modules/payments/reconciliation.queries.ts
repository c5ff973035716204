import type { EntityManager } from '@mikro-orm/postgresql';
import type { PaymentStatus } from './payment.entities.js';
import type { PaymentMismatchResolution } from './reconciliation.types.js';

/**
 * Reconciliation's SQL (docs, "Persistence: entities and queries"): the period's bounds in Dutch time, our payments
 * and refunds at the PSP, the resolutions (claimed once by their unique key) and the refunds that stopped retrying.
 * Plain functions, no rules: `reconciliation.service.ts` compares and decides.
 */

export interface OurPayment {
  id: string;
  external_id: string;
  amount_cents: number;
  status: PaymentStatus;
  created_at: Date;
  in_period: boolean;
}

export interface OurRefund {
  id: string;
  payment_id: string;
  external_id: string;
  amount_cents: number;
  created_at: Date;
  in_period: boolean;
}

export interface ResolutionRow {
  mismatch_key: string;
  resolution: PaymentMismatchResolution;
  note: string | null;
  resolved_at: Date;
}

export interface StoppedRefundRow {
  id: string;
  payment_id: string;
  amount_cents: number;
  attempts: number;
  last_error: string | null;
  created_at: Date;
}

/** A text[] literal; PSP ids are [A-Za-z0-9_] (checked), so no quoting is needed beyond dropping anything else. */
function toPgArray(values: readonly string[]): string {
  return `{${values
    .filter((v) => /^[A-Za-z0-9_:.-]{1,300}$/.test(v))
    .map((v) => `"${v}"`)
    .join(',')}}`;
}

/** The first moment of day `from` and of the day after `to` (YYYY-MM-DD), in Dutch time. */
export async function periodBounds(em: EntityManager, from: string, to: string): Promise<{ start: Date; end: Date }> {
  const [bounds] = await em.execute<{ start: Date; end: Date }[]>(
    `select (?::date)::timestamp at time zone 'Europe/Amsterdam' as start,
            (?::date + 1)::timestamp at time zone 'Europe/Amsterdam' as end`,
    [from, to],
  );
  return { start: new Date(bounds!.start), end: new Date(bounds!.end) };
}

/** The resolutions of these mismatch keys. */
export function resolutionsOf(em: EntityManager, keys: readonly string[]): Promise<ResolutionRow[]> {
  return em.execute<ResolutionRow[]>(
    `select mismatch_key, resolution, note, resolved_at from payment_reconciliation where mismatch_key = any(?::text[])`,
    [toPgArray(keys)],
  );
}

/** Whether the mismatch with this key is resolved. */
export async function isResolved(em: EntityManager, key: string): Promise<boolean> {
  const [done] = await em.execute<{ id: string }[]>(`select id from payment_reconciliation where mismatch_key = ?`, [
    key,
  ]);
  return !!done;
}

/** Claims the mismatch's resolution (once, by its unique key): the resolution's id, or null when it was resolved. */
export async function claimResolution(
  em: EntityManager,
  r: {
    key: string;
    kind: string;
    subject: string;
    externalId: string;
    paymentId: string | null;
    resolution: PaymentMismatchResolution;
    note: string | null;
    resolvedBy: string | null;
    resolvedAt: Date;
  },
): Promise<string | null> {
  const claimed = await em.execute<{ id: string }[]>(
    `insert into payment_reconciliation
       (mismatch_key, kind, subject, external_id, payment_id, resolution, note, resolved_by, resolved_at)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?)
     on conflict (mismatch_key) do nothing returning id`,
    [r.key, r.kind, r.subject, r.externalId, r.paymentId, r.resolution, r.note, r.resolvedBy, r.resolvedAt],
  );
  return claimed[0]?.id ?? null;
}

export async function deleteResolution(em: EntityManager, id: string): Promise<void> {
  await em.execute(`delete from payment_reconciliation where id = ?`, [id]);
}

export async function refundAttempts(
  em: EntityManager,
  refundId: string,
): Promise<{ attempts: number; last_error: string | null } | undefined> {
  const [row] = await em.execute<{ attempts: number; last_error: string | null }[]>(
    `select attempts, last_error from payment_refund where id = ?`,
    [refundId],
  );
  return row;
}

/** Pending refunds with at least `minAttempts` attempts (in the scope's municipalities; one, or up to 200), oldest first. */
export function stoppedRefunds(
  em: EntityManager,
  minAttempts: number,
  scope: readonly string[] | null,
  refundId?: string,
): Promise<StoppedRefundRow[]> {
  return em.execute<StoppedRefundRow[]>(
    `select r.id, r.payment_id, r.amount_cents, r.attempts, r.last_error, r.created_at
       from payment_refund r join payment p on p.id = r.payment_id
      where r.status = 'PENDING' and r.attempts >= ?
        ${scope === null ? '' : 'and p.municipality_id = any(?::uuid[])'} ${refundId ? 'and r.id = ?' : ''}
      order by r.created_at, r.id limit 200`,
    [minAttempts, ...(scope === null ? [] : [`{${scope.join(',')}}`]), ...(refundId ? [refundId] : [])],
  );
}

/**
 * Our payments and refunds at the PSP (in the scope's municipalities): those made in the period and those the PSP
 * listed; and which of the PSP's ids we know at all (any municipality).
 */
export async function oursAtPsp(
  em: EntityManager,
  scope: readonly string[] | null,
  start: Date,
  end: Date,
  theirPaymentIds: readonly string[],
  theirRefundIds: readonly string[],
): Promise<{ payments: OurPayment[]; refunds: OurRefund[]; known: string[] }> {
  const scopeSql = scope === null ? '' : 'and p.municipality_id = any(?::uuid[])';
  const scopeParams = scope === null ? [] : [`{${scope.join(',')}}`];
  const payments = await em.execute<OurPayment[]>(
    `select p.id, p.external_id, p.amount_cents, p.status, p.created_at,
            (p.created_at >= ? and p.created_at < ?) as in_period
       from payment p
      where p.external_id is not null ${scopeSql}
        and ((p.created_at >= ? and p.created_at < ?) or p.external_id = any(?::text[]))`,
    [start, end, ...scopeParams, start, end, toPgArray(theirPaymentIds)],
  );
  const refunds = await em.execute<OurRefund[]>(
    `select r.id, r.payment_id, r.external_id, r.amount_cents, r.created_at,
            (r.created_at >= ? and r.created_at < ?) as in_period
       from payment_refund r join payment p on p.id = r.payment_id
      where r.external_id is not null ${scopeSql}
        and ((r.created_at >= ? and r.created_at < ?) or r.external_id = any(?::text[]))`,
    [start, end, ...scopeParams, start, end, toPgArray(theirRefundIds)],
  );
  const known = await em.execute<{ id: string }[]>(
    `select external_id as id from payment where external_id = any(?::text[])
     union all select external_id from payment_refund where external_id = any(?::text[])`,
    [toPgArray(theirPaymentIds), toPgArray(theirRefundIds)],
  );
  return { payments, refunds, known: known.map((r) => r.id) };
}
