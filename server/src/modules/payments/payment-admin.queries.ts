import type { EntityManager } from '@mikro-orm/postgresql';
import { keyOrder, keyOrderBy, keySelect, type KeyOrder } from '../../graphql/keyset.js';
import type { PaymentRecordKind, PaymentRecordStatus } from './payment-admin.types.js';

/**
 * The payment records' SQL (docs, "Persistence: entities and queries"): every payment and refund as one row set, its
 * totals, and a keyset page fetched per half. Plain functions, no rules: `payment-admin.service.ts` turns the filter
 * into the conditions (a `PaymentRecordQuery`).
 */

/** Newest first; the id makes the order total (payments and refunds have distinct uuids). */
export const NEWEST_FIRST: KeyOrder = keyOrder('pr', 'desc', 'x', ['x.created_at', 'timestamptz']);

/** The payments half of the row set. */
const PAYMENT_ROWS = `select p.id, 'PAYMENT'::text as kind, p.id as payment_id, p.municipality_id, p.provider, p.external_id,
         p.amount_cents, p.status, p.created_at, p.paid_at as settled_at
    from payment p`;

/** The refunds half: each refund with its payment's municipality and provider. */
const REFUND_ROWS = `select r.id, 'REFUND'::text as kind, r.payment_id, p.municipality_id, p.provider, r.external_id,
         r.amount_cents, case r.status when 'PENDING' then 'REFUND_PENDING' else 'REFUNDED' end as status, r.created_at,
         r.refunded_at as settled_at
    from payment_refund r join payment p on p.id = r.payment_id`;

/**
 * Every payment and every refund as one row set (the count and the totals). PostgreSQL pushes the filters into both
 * halves of the union. A page is fetched per half instead (see `fetch`).
 */
export const RECORDS = `(${PAYMENT_ROWS} union all ${REFUND_ROWS}) x`;

export interface RecordRow {
  id: string;
  kind: PaymentRecordKind;
  payment_id: string;
  municipality_id: string;
  municipality_name: string;
  provider: 'simulator' | 'mollie';
  external_id: string | null;
  amount_cents: number;
  status: PaymentRecordStatus;
  created_at: Date;
  settled_at: Date | null;
}

/** A filter checked and turned into SQL conditions on RECORDS; null when it cannot match anything. */
export interface PaymentRecordQuery {
  where: string[];
  params: unknown[];
  /** Which halves can match (a refund status or kind rules out payments, and the other way round). */
  payments?: boolean;
  refunds?: boolean;
}

/** The totals of the records that match: counts and sums of payments and refunds (as text). */
export async function recordTotals(
  em: EntityManager,
  q: PaymentRecordQuery,
): Promise<Record<string, string> | undefined> {
  const [row] = await em.execute<Record<string, string>[]>(
    `select count(*) filter (where x.kind = 'PAYMENT') as payments,
            coalesce(sum(x.amount_cents) filter (where x.kind = 'PAYMENT'), 0) as payments_cents,
            coalesce(sum(x.amount_cents) filter (where x.kind = 'PAYMENT' and x.status = 'PAID'), 0) as paid_cents,
            count(*) filter (where x.kind = 'REFUND') as refunds,
            coalesce(sum(x.amount_cents) filter (where x.kind = 'REFUND'), 0) as refunds_cents,
            coalesce(sum(x.amount_cents) filter (where x.kind = 'REFUND' and x.status = 'REFUNDED'), 0) as refunded_cents
       from ${RECORDS} where ${q.where.length ? q.where.join(' and ') : 'true'}`,
    q.params,
  );
  return row;
}

/** A keyset page of the records that match, newest first, after `cursor`. */
export function recordPage(
  em: EntityManager,
  q: PaymentRecordQuery,
  cursor: { sql: string | null; params: unknown[] },
  limit: number,
): Promise<RecordRow[]> {
  const conditions = [...q.where, ...(cursor.sql ? [cursor.sql] : [])];
  const where = conditions.length ? conditions.join(' and ') : 'true';
  const params = [...q.params, ...cursor.params];
  // Each half's own keyset page (filtered, newest first, `limit` rows), then the two merged: every half walks its
  // (created_at desc, id desc) index however many rows it has — the union as a whole would sort all refunds.
  const half = (rows: string) =>
    `(select x.*, ${keySelect(NEWEST_FIRST)} from (${rows}) x where ${where} order by ${keyOrderBy(NEWEST_FIRST)} limit ?)`;
  const halves = [
    ...(q.payments !== false ? [half(PAYMENT_ROWS)] : []),
    ...(q.refunds !== false ? [half(REFUND_ROWS)] : []),
  ];
  if (!halves.length) return Promise.resolve([]);
  return em.execute<RecordRow[]>(
    `select y.*, m.name as municipality_name
       from (${halves.join(' union all ')}) y join municipality m on m.id = y.municipality_id
      order by y.created_at desc, y.id desc limit ?`,
    [...halves.flatMap(() => [...params, limit]), limit],
  );
}
