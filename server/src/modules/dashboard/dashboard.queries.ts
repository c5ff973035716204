import type { EntityManager } from '@mikro-orm/postgresql';
import { decisionCounts, inOfferOfAny } from '../catalogue/index.js';

/**
 * The dashboard's SQL (docs, "Persistence: entities and queries"): counts, totals and budget use, read models of
 * the whole municipality scope. `ids` is the viewer's municipalities, or null for all.
 */

/** The work queues, the totals and the per-municipality figures, for `day` (ISO) and orders placed up to `placedUntil`. */
export async function dashboardFigures(
  em: EntityManager,
  ids: readonly string[] | null,
  day: string,
  placedUntil: string,
): Promise<{ row: Record<string, number>; waiting: number; totals: Record<string, unknown>[] }> {
  const all = ids === null;
  const m = (column: string) => (all ? 'true' : `${column} = any(?::uuid[])`);
  const sql = `select
      (select count(distinct pa.product_id) from product_approval pa join product p on p.id = pa.product_id
        where pa.status = 'PENDING' and p.status in ('SUBMITTED','APPROVED','REJECTED') and ${decisionCounts('pa', 'p')} and ${m('pa.municipality_id')})::int as "productsToReview",
      (select count(*) from provider_membership pm where pm.status = 'PENDING' and ${m('pm.municipality_id')})::int as "providersToApprove",
      (select count(*) from product p where ${inOfferOfAny(ids).sql})::int as "approvedProducts",
      (select count(distinct pm.provider_id) from provider_membership pm where pm.status = 'APPROVED' and ${m('pm.municipality_id')})::int as "providers",
      (select count(*) from client_group cg where ${m('cg.municipality_id')})::int as "clientGroups",
      (select count(*) from person pe where ${m('pe.municipality_id')})::int as "persons",
      (select count(*) from arrangement a where ?::date between a.valid_from and a.valid_until and ${m('a.municipality_id')})::int as "activeArrangements"`;
  const pgArray = `{${(ids ?? []).join(',')}}`;
  const params = all ? [day] : [...Array.from({ length: 6 }, () => pgArray), day, pgArray];
  const [row] = await em.execute<Record<string, number>[]>(sql, params);
  const [waiting] = await em.execute<{ n: number }[]>(
    `select count(*)::int as n from customer_order o where o.status = 'PLACED'
         and o.created_at < (?::date + 1)::timestamp at time zone 'Europe/Amsterdam' and ${m('o.municipality_id')}`,
    all ? [placedUntil] : [placedUntil, pgArray],
  );
  const monthStart = `${day.slice(0, 8)}01`;
  const totals = await em.execute<Record<string, unknown>[]>(
    `select mu.id as "municipalityId", mu.name as "municipalityName",
         (select count(*) from arrangement a where a.municipality_id = mu.id
            and ?::date between a.valid_from and a.valid_until)::int as "activeArrangements",
         (select coalesce(sum(s.amount_cents), 0) from assignment s join arrangement a on a.id = s.arrangement_id
            where a.municipality_id = mu.id and s.status = 'ACTIVE'
              and ?::date between s.valid_from and s.valid_until)::int as "budgetGrantedCents",
         (select coalesce(sum(o.budget_cents), 0) from customer_order o where o.municipality_id = mu.id
            and o.status in ('PLACED','ACCEPTED','DELIVERED')
            and o.created_at >= (?::date)::timestamp at time zone 'Europe/Amsterdam')::int as "spentThisMonthCents",
         (select count(*) from customer_order o where o.municipality_id = mu.id
            and o.status in ('PLACED','ACCEPTED','DELIVERED')
            and o.created_at >= (?::date)::timestamp at time zone 'Europe/Amsterdam')::int as "ordersThisMonth"
       from municipality mu where ${m('mu.id')} order by mu.name, mu.id`,
    [day, day, monthStart, monthStart, ...(all ? [] : [pgArray])],
  );
  return { row: row!, waiting: waiting!.n, totals };
}

/** The arrangements in a scope condition (on `a.municipality_id`) whose period touches [from, day]. */
export async function arrangementsTouching(
  em: EntityManager,
  scope: { sql: string; params: unknown[] },
  day: string,
  from: string,
): Promise<{ id: string; name: string; municipality: string; valid_from: string; valid_until: string }[]> {
  return em.execute(
    `select a.id, a.name, mu.name as municipality, a.valid_from::text, a.valid_until::text
       from arrangement a join municipality mu on mu.id = a.municipality_id
      where a.valid_from <= ?::date and a.valid_until >= ?::date
        and ${scope.sql}
      order by mu.name, a.valid_from desc, a.name, a.id`,
    [day, from, ...scope.params],
  );
}

/** Per arrangement and month (Amsterdam): what its assignments' ledger accounts got, spent, lost to expiry, net. */
export async function budgetMonths(
  em: EntityManager,
  arrangementIds: readonly string[],
): Promise<{ arrangement_id: string; month: string; granted: string; spent: string; expired: string; net: string }[]> {
  return em.execute(
    `select s.arrangement_id,
            to_char(t.created_at at time zone 'Europe/Amsterdam', 'YYYY-MM') as month,
            coalesce(sum(e.amount_cents) filter (where t.kind in ('GRANT','REVOKE')), 0) as granted,
            coalesce(-sum(e.amount_cents) filter (where t.kind in ('SPEND','CANCEL')), 0) as spent,
            coalesce(-sum(e.amount_cents) filter (where t.kind = 'EXPIRY'), 0) as expired,
            sum(e.amount_cents) as net
       from ledger_entry e
       join ledger_account acc on acc.id = e.account_id and acc.kind = 'ASSIGNMENT'
       join assignment s on s.id = acc.assignment_id
       join ledger_transaction t on t.id = e.transaction_id
      where s.arrangement_id = any(?::uuid[])
      group by 1, 2`,
    [`{${arrangementIds.join(',')}}`],
  );
}
