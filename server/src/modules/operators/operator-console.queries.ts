import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * The operator console's SQL (docs, "Persistence: entities and queries"): the figures per municipality, the
 * platform's health counts, and a new municipality. Plain functions, no rules: `operator-console.service.ts` decides.
 */

/**
 * Per municipality, by name: persons, active assignments on `day`, approved providers, orders since `monthStart` and
 * the budget granted (active on `day`) and spent (since `monthStart`).
 */
export function municipalityFigures(
  em: EntityManager,
  day: string,
  monthStart: string,
): Promise<Record<string, unknown>[]> {
  return em.execute<Record<string, unknown>[]>(
    `select mu.id, mu.name, mu.slug,
       (select count(*) from person pe where pe.municipality_id = mu.id)::int as persons,
       (select count(*) from assignment s join arrangement a on a.id = s.arrangement_id
          where a.municipality_id = mu.id and s.status = 'ACTIVE' and ?::date between s.valid_from and s.valid_until)::int
         as active_assignments,
       (select count(distinct pm.provider_id) from provider_membership pm
          where pm.municipality_id = mu.id and pm.status = 'APPROVED')::int as providers,
       (select count(*) from customer_order o where o.municipality_id = mu.id
          and o.status in ('PLACED','ACCEPTED','DELIVERED')
          and o.created_at >= (?::date)::timestamp at time zone 'Europe/Amsterdam')::int as orders_this_month,
       (select coalesce(sum(s.amount_cents), 0) from assignment s join arrangement a on a.id = s.arrangement_id
          where a.municipality_id = mu.id and s.status = 'ACTIVE'
            and ?::date between s.valid_from and s.valid_until)::bigint as budget_granted_cents,
       (select coalesce(sum(o.budget_cents), 0) from customer_order o where o.municipality_id = mu.id
          and o.status in ('PLACED','ACCEPTED','DELIVERED')
          and o.created_at >= (?::date)::timestamp at time zone 'Europe/Amsterdam')::bigint as budget_spent_cents
     from municipality mu order by mu.name, mu.id`,
    [day, monthStart, day, monthStart],
  );
}

/** Failed mails, refunds that stopped retrying (at least `maxRefundAttempts`), and the database's size (as text). */
export async function healthCounts(
  em: EntityManager,
  maxRefundAttempts: number,
): Promise<{ failed_mails: string; stopped_refunds: string; size: string } | undefined> {
  const [row] = await em.execute<{ failed_mails: string; stopped_refunds: string; size: string }[]>(
    `select (select count(*) from mail_message where status = 'FAILED') as failed_mails,
            (select count(*) from payment_refund where status = 'PENDING' and attempts >= ?) as stopped_refunds,
            pg_database_size(current_database()) as size`,
    [maxRefundAttempts],
  );
  return row;
}

/** Whether a municipality has this slug or (ignoring case) this name. */
export async function municipalityTaken(em: EntityManager, slug: string, name: string): Promise<boolean> {
  const [taken] = await em.execute<{ n: number }[]>(
    `select count(*)::int as n from municipality where slug = ? or lower(name) = lower(?)`,
    [slug, name],
  );
  return !!taken?.n;
}

/** A new municipality; its id. */
export async function insertMunicipality(em: EntityManager, name: string, slug: string, now: Date): Promise<string> {
  const [municipality] = await em.execute<{ id: string }[]>(
    `insert into municipality (name, slug, created_at, updated_at) values (?, ?, ?, ?) returning id`,
    [name, slug, now, now],
  );
  return municipality!.id;
}

/** The built-in role that holds every permission (BEHEERDER). */
export async function beheerderRoleId(em: EntityManager): Promise<string | undefined> {
  const [role] = await em.execute<{ id: string }[]>(`select id from role where key = 'BEHEERDER'`);
  return role?.id;
}
