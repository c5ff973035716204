import type { EntityManager } from '@mikro-orm/postgresql';
import { keyOrder, keyOrderBy, keySelect, type KeyOrder } from '../../graphql/keyset.js';
import type { HandoverMethodName } from '../../rules/handover.js';
import type { PayoutBatchStatus } from './payout.entities.js';

/**
 * The payouts' SQL (docs, "Persistence: entities and queries"): what waits for payout (the ledger's view), the
 * batches and lines as the screens read them, the provider's paid payouts, and the writes of a batch's life. Plain
 * functions, no rules: `payout.batches.ts` and `payout.provider-view.ts` decide.
 */

/**
 * The orders of payout lines with their delivery: the moment and the hand-over of each order's last step to DELIVERED
 * (an order delivered, undone and delivered again counts its last delivery). `?` is an array of line ids.
 */
const LINE_ORDERS = `
  select po.line_id, o.id as order_id, o.number, po.amount_cents, d.at as delivered_at,
         coalesce(d.handover_method, 'UNKNOWN') as handover_method
    from payout_order po join customer_order o on o.id = po.order_id
    left join lateral (select ev.at, ev.handover_method from order_event ev
                        where ev.order_id = o.id and ev.to_status = 'DELIVERED' order by ev.id desc limit 1) d on true
   where po.line_id = any(?::uuid[])
   order by o.number`;

export interface Candidate {
  order_id: string;
  number: string;
  provider_id: string;
  provider_name: string;
  amount: string;
}

export interface BatchRow {
  id: string;
  reference: string;
  municipality_id: string;
  municipality_name: string;
  status: PayoutBatchStatus;
  delivered_before: Date;
  total_cents: string;
  order_count: number;
  provider_count: string;
  created_at: Date;
  created_by_name: string | null;
  exported_at: Date | null;
  sepa_version: string | null;
  paid_at: Date | null;
  cancelled_at: Date | null;
  not_executed_reason: string | null;
  not_executed_requested_at: Date | null;
  not_executed_requested_by: string | null;
  not_executed_requested_by_name: string | null;
  not_executed_at: Date | null;
}

const BATCH_SELECT = `select b.*, m.name as municipality_name, c.name as created_by_name, r.name as not_executed_requested_by_name,
    (select count(*) from payout_line l where l.batch_id = b.id)::text as provider_count
  from payout_batch b join municipality m on m.id = b.municipality_id
  left join admin_account c on c.id = b.created_by
  left join admin_account r on r.id = b.not_executed_requested_by`;

export const NEWEST: KeyOrder = keyOrder('newest', 'desc', 'b', ['b.created_at', 'timestamptz']);

export const PAID_NEWEST: KeyOrder = keyOrder('paid', 'desc', 'l', ['b.paid_at', 'timestamptz']);

/**
 * The delivered orders of a municipality that wait for payout: delivered (the last delivery step on the timeline)
 * before `deliveredBefore`, in no batch that holds them (not released), and with what the ledger's PROVIDER_PAYABLE
 * account owes for them (SPEND and CONTRIBUTION in, CANCEL and REFUND out) above zero.
 */
const CANDIDATES = `
  with candidate as (
    select o.id, o.number, o.provider_id
      from customer_order o
     where o.municipality_id = ? and o.status = 'DELIVERED'
       and not exists (select 1 from payout_order po where po.order_id = o.id and not po.released)
  ), delivered as (
    select ev.order_id, max(ev.at) as at
      from candidate c join order_event ev on ev.order_id = c.id and ev.to_status = 'DELIVERED'
     group by ev.order_id
  ), owed as (
    select t.order_id, sum(e.amount_cents) as amount
      from candidate c
      join ledger_transaction t on t.order_id = c.id
      join ledger_entry e on e.transaction_id = t.id
      join ledger_account a on a.id = e.account_id and a.kind = 'PROVIDER_PAYABLE'
     group by t.order_id
  )
  select c.id as order_id, c.number, c.provider_id, pr.name as provider_name, owed.amount::text as amount
    from candidate c
    join delivered d on d.order_id = c.id
    join owed on owed.order_id = c.id
    join provider pr on pr.id = c.provider_id
   where d.at <= ? and owed.amount > 0
   order by pr.name, c.provider_id, c.number`;

export async function municipalityExists(em: EntityManager, municipalityId: string): Promise<boolean> {
  const [row] = await em.execute(`select 1 from municipality where id = ?`, [municipalityId]);
  return !!row;
}

export async function municipalityName(em: EntityManager, municipalityId: string): Promise<string> {
  const [{ name }] = (await em.execute<{ name: string }[]>(`select name from municipality where id = ?`, [
    municipalityId,
  ])) as [{ name: string }];
  return name;
}

// ---- what waits for payout, and a new batch ------------------------------------------------------------------------

/** The orders of a municipality that wait for payout, delivered at or before `deliveredBefore`. */
export async function candidates(
  em: EntityManager,
  municipalityId: string,
  deliveredBefore: Date,
): Promise<Candidate[]> {
  return em.execute<Candidate[]>(CANDIDATES, [municipalityId, deliveredBefore]);
}

/** One batch at a time per municipality: a second creator waits here (until the transaction ends). */
export async function lockBatchCreation(em: EntityManager, municipalityId: string): Promise<void> {
  await em.execute(`select pg_advisory_xact_lock(hashtext('payout-batch'), hashtext(?))`, [municipalityId]);
}

export async function insertBatch(
  em: EntityManager,
  batch: {
    municipalityId: string;
    deliveredBefore: Date;
    totalCents: number;
    orderCount: number;
    createdBy: string | null;
    createdAt: Date;
  },
): Promise<{ id: string; reference: string }> {
  const [row] = await em.execute<{ id: string; reference: string }[]>(
    `insert into payout_batch (municipality_id, delivered_before, total_cents, order_count, created_by, created_at)
     values (?, ?, ?, ?, ?, ?) returning id, reference`,
    [batch.municipalityId, batch.deliveredBefore, batch.totalCents, batch.orderCount, batch.createdBy, batch.createdAt],
  );
  return row!;
}

/** A line of a batch with its orders (the database refuses an order already in a batch that holds it). */
export async function insertLine(
  em: EntityManager,
  line: {
    batchId: string;
    providerId: string;
    reference: string;
    amountCents: number;
    remittanceInfo: string;
    orders: readonly { order_id: string; amount: string }[];
  },
): Promise<string> {
  const [row] = await em.execute<{ id: string }[]>(
    `insert into payout_line (batch_id, provider_id, reference, amount_cents, order_count, remittance_info)
     values (?, ?, ?, ?, ?, ?) returning id`,
    [line.batchId, line.providerId, line.reference, line.amountCents, line.orders.length, line.remittanceInfo],
  );
  await em.execute(
    `insert into payout_order (batch_id, line_id, order_id, amount_cents)
     select ?, ?, x.order_id, x.amount from unnest(?::uuid[], ?::bigint[]) as x(order_id, amount)`,
    [
      line.batchId,
      row!.id,
      `{${line.orders.map((o) => o.order_id).join(',')}}`,
      `{${line.orders.map((o) => o.amount).join(',')}}`,
    ],
  );
  return row!.id;
}

// ---- batches, read --------------------------------------------------------------------------------------------------

/** A page of batches: `where` (with its params) and the keyset condition after the cursor, `limit` rows, and the count. */
export async function batchPage(
  em: EntityManager,
  where: readonly string[],
  params: readonly unknown[],
  after: { sql: string | null; params: unknown[] },
  limit: number,
): Promise<{ total: number; rows: (BatchRow & Record<string, unknown>)[] }> {
  const [{ n }] = (await em.execute<{ n: string }[]>(
    `select count(*)::text as n from payout_batch b where ${where.join(' and ')}`,
    [...params],
  )) as [{ n: string }];
  const rows = await em.execute<(BatchRow & Record<string, unknown>)[]>(
    `${BATCH_SELECT.replace('select b.*,', `select b.*, ${keySelect(NEWEST)},`)}
      where ${[...where, ...(after.sql ? [after.sql] : [])].join(' and ')}
      order by ${keyOrderBy(NEWEST)} limit ?`,
    [...params, ...after.params, limit],
  );
  return { total: Number(n), rows };
}

export async function batchById(em: EntityManager, id: string): Promise<BatchRow | undefined> {
  const [row] = await em.execute<BatchRow[]>(`${BATCH_SELECT} where b.id = ?`, [id]);
  return row;
}

export async function lineRows(
  em: EntityManager,
  batchId: string,
): Promise<
  {
    id: string;
    provider_id: string;
    provider_name: string;
    reference: string;
    amount_cents: string;
    order_count: number;
    remittance_info: string;
  }[]
> {
  return em.execute(
    `select l.*, p.name as provider_name from payout_line l join provider p on p.id = l.provider_id
      where l.batch_id = ? order by l.reference`,
    [batchId],
  );
}

export async function lineOrderRows(
  em: EntityManager,
  lineIds: readonly string[],
): Promise<
  {
    line_id: string;
    order_id: string;
    number: string;
    amount_cents: string;
    delivered_at: Date | null;
    handover_method: HandoverMethodName;
  }[]
> {
  return em.execute(LINE_ORDERS, [`{${lineIds.join(',')}}`]);
}

// ---- a batch's life -------------------------------------------------------------------------------------------------

export async function lockBatch(
  em: EntityManager,
  id: string,
): Promise<{ id: string; reference: string; municipality_id: string; status: PayoutBatchStatus } | undefined> {
  const [row] = await em.execute<
    { id: string; reference: string; municipality_id: string; status: PayoutBatchStatus }[]
  >(`select id, reference, municipality_id, status from payout_batch where id = ? for update`, [id]);
  return row;
}

/** The batch's orders may go into a later batch. */
export async function releaseOrders(em: EntityManager, batchId: string): Promise<void> {
  await em.execute(`update payout_order set released = true where batch_id = ?`, [batchId]);
}

export async function markCancelled(em: EntityManager, batchId: string, at: Date, by: string | null): Promise<void> {
  await em.execute(`update payout_batch set status = 'CANCELLED', cancelled_at = ?, cancelled_by = ? where id = ?`, [
    at,
    by,
    batchId,
  ]);
}

/** The lines of a batch with their provider's name and IBAN now (for the SEPA file). */
export async function exportLines(
  em: EntityManager,
  batchId: string,
): Promise<
  { id: string; reference: string; amount_cents: string; remittance_info: string; name: string; iban: string | null }[]
> {
  return em.execute(
    `select l.id, l.reference, l.amount_cents, l.remittance_info, p.name, p.iban
       from payout_line l join provider p on p.id = l.provider_id where l.batch_id = ? order by l.reference`,
    [batchId],
  );
}

export async function markExported(
  em: EntityManager,
  batchId: string,
  exported: {
    at: Date;
    by: string | null;
    sepaVersion: string;
    messageId: string;
    creditors: readonly { reference: string; name: string; iban: string }[];
  },
): Promise<void> {
  for (const c of exported.creditors)
    await em.execute(`update payout_line set creditor_name = ?, creditor_iban = ? where reference = ?`, [
      c.name,
      c.iban,
      c.reference,
    ]);
  await em.execute(
    `update payout_batch set status = 'EXPORTED', exported_at = ?, exported_by = ?, sepa_version = ?, export_message_id = ?
      where id = ?`,
    [exported.at, exported.by, exported.sepaVersion, exported.messageId, batchId],
  );
}

export async function lineAmounts(
  em: EntityManager,
  batchId: string,
): Promise<{ provider_id: string; amount_cents: string }[]> {
  return em.execute(`select provider_id, amount_cents from payout_line where batch_id = ? order by reference`, [
    batchId,
  ]);
}

export async function markPaid(
  em: EntityManager,
  batchId: string,
  paid: { at: Date; by: string | null; ledgerTransactionId: string },
): Promise<void> {
  await em.execute(
    `update payout_batch set status = 'PAID', paid_at = ?, paid_by = ?, ledger_transaction_id = ?,
            not_executed_reason = null, not_executed_requested_by = null, not_executed_requested_at = null
      where id = ?`,
    [paid.at, paid.by, paid.ledgerTransactionId, batchId],
  );
}

export async function markNotExecutedReported(
  em: EntityManager,
  batchId: string,
  report: { reason: string; by: string | null; at: Date },
): Promise<void> {
  await em.execute(
    `update payout_batch set not_executed_reason = ?, not_executed_requested_by = ?, not_executed_requested_at = ?
      where id = ?`,
    [report.reason, report.by, report.at, batchId],
  );
}

export async function notExecutedReporter(em: EntityManager, batchId: string): Promise<string | null> {
  const [row] = await em.execute<{ not_executed_requested_by: string | null }[]>(
    `select not_executed_requested_by from payout_batch where id = ?`,
    [batchId],
  );
  return row?.not_executed_requested_by ?? null;
}

export async function markNotExecuted(em: EntityManager, batchId: string, by: string, at: Date): Promise<void> {
  await em.execute(
    `update payout_batch set status = 'NOT_EXECUTED', not_executed_confirmed_by = ?, not_executed_at = ? where id = ?`,
    [by, at, batchId],
  );
}

// ---- the provider's view --------------------------------------------------------------------------------------------

/** A page of a provider's paid payouts (one per payout line), newest first, and their count. */
export async function paidLinePage(
  em: EntityManager,
  providerId: string,
  after: { sql: string | null; params: unknown[] },
  limit: number,
): Promise<{
  total: number;
  rows: {
    id: string;
    reference: string;
    municipality_name: string;
    paid_at: Date;
    amount_cents: string;
    order_count: number;
  }[];
}> {
  const where = [`l.provider_id = ?`, `b.status = 'PAID'`];
  const params: unknown[] = [providerId];
  const [{ n }] = (await em.execute<{ n: string }[]>(
    `select count(*)::text as n from payout_line l join payout_batch b on b.id = l.batch_id where ${where.join(' and ')}`,
    params,
  )) as [{ n: string }];
  const rows = await em.execute<
    {
      id: string;
      reference: string;
      municipality_name: string;
      paid_at: Date;
      amount_cents: string;
      order_count: number;
    }[]
  >(
    `select l.id, l.reference, m.name as municipality_name, b.paid_at, l.amount_cents, l.order_count, ${keySelect(PAID_NEWEST)}
       from payout_line l join payout_batch b on b.id = l.batch_id join municipality m on m.id = b.municipality_id
      where ${[...where, ...(after.sql ? [after.sql] : [])].join(' and ')}
      order by ${keyOrderBy(PAID_NEWEST)} limit ?`,
    [...params, ...after.params, limit],
  );
  return { total: Number(n), rows };
}

/** One of a provider's paid payout lines (undefined when not theirs or not paid). */
export async function paidLine(
  em: EntityManager,
  lineId: string,
  providerId: string,
): Promise<{ reference: string; amount_cents: string; paid_at: Date; remittance_info: string } | undefined> {
  const [line] = await em.execute<
    { reference: string; amount_cents: string; paid_at: Date; remittance_info: string }[]
  >(
    `select l.reference, l.amount_cents, b.paid_at, l.remittance_info from payout_line l
       join payout_batch b on b.id = l.batch_id
      where l.id = ? and l.provider_id = ? and b.status = 'PAID'`,
    [lineId, providerId],
  );
  return line;
}
