import type { EntityManager } from '@mikro-orm/postgresql';
import { keyOrder, keyOrderBy, keySelect, type KeyOrder } from '../../graphql/keyset.js';
import { containsPattern } from '../../kernel/sql.js';

/**
 * The arrangements' SQL (docs, "Persistence: entities and queries"): the list as a keyset page, the budget use of
 * many arrangements from the ledger in one query, what the assignments of one allow to change, and the slugs taken.
 * Plain functions, no rules: `arrangement.service.ts` decides.
 */

type Condition = { sql: string; params: unknown[] };

/** Latest end of validity first, then by name: the days before the far future ascending keep every key ascending. */
export const BY_VALIDITY: KeyOrder = keyOrder(
  'validity',
  'asc',
  'a',
  [`(date '9999-12-31' - a.valid_until)`, 'integer'],
  ['lower(a.name)', 'text'],
);

/**
 * A page of the ids (with their keys) of the arrangements `scope` admits (on `a`), filtered by name and by validity
 * on `validOn` (a day, YYYY-MM-DD), after `after`; and the number that match.
 */
export async function arrangementPage(
  em: EntityManager,
  scope: Condition,
  filter: { search?: string; validOn?: string | null },
  after: { sql: string | null; params: unknown[] },
  limit: number,
): Promise<{ total: number; rows: { id: string }[] }> {
  const where: string[] = ['true', scope.sql];
  const params: unknown[] = [...scope.params];
  if (filter.search) {
    where.push('immutable_unaccent(lower(a.name)) like immutable_unaccent(lower(?))');
    params.push(containsPattern(filter.search));
  }
  if (filter.validOn) {
    where.push('a.valid_until >= ?::date');
    params.push(filter.validOn);
  }
  const [{ n }] = (await em.execute<{ n: string }[]>(
    `select count(*)::text as n from arrangement a where ${where.join(' and ')}`,
    params,
  )) as [{ n: string }];
  const rows = await em.execute<{ id: string }[]>(
    `select a.id, ${keySelect(BY_VALIDITY)} from arrangement a
      where ${[...where, ...(after.sql ? [after.sql] : [])].join(' and ')}
      order by ${keyOrderBy(BY_VALIDITY)} limit ?`,
    [...params, ...after.params, limit],
  );
  return { total: Number(n), rows };
}

/**
 * Per arrangement: what its funding account gave out (net of revocations), what its assignments have left, and how
 * many assignments it has that are not revoked (numbers as text).
 */
export function budgetUse(
  em: EntityManager,
  ids: readonly string[],
): Promise<{ id: string; granted: string; remaining: string; assignments: string }[]> {
  return em.execute<{ id: string; granted: string; remaining: string; assignments: string }[]>(
    `select ar.id,
            coalesce(-max(f.balance_cents), 0) as granted,
            coalesce(sum(acc.balance_cents), 0) as remaining,
            count(a.id) filter (where a.status <> 'REVOKED') as assignments
       from arrangement ar
       left join ledger_account f on f.kind = 'ARRANGEMENT_FUNDING' and f.arrangement_id = ar.id
       left join assignment a on a.arrangement_id = ar.id
       left join ledger_account acc on acc.kind = 'ASSIGNMENT' and acc.assignment_id = a.id
      where ar.id = any(?::uuid[])
      group by ar.id`,
    [`{${ids.join(',')}}`],
  );
}

/**
 * The arrangement's assignments: how many are not revoked, how many in all, and the first start and last end of
 * those not revoked.
 */
export async function assignmentSpan(
  em: EntityManager,
  arrangementId: string,
): Promise<{ n: string; all: string; first_from: string | null; last_until: string | null }> {
  const assignments = await em.execute<
    { n: string; all: string; first_from: string | null; last_until: string | null }[]
  >(
    `select count(*) filter (where status <> 'REVOKED') as n, count(*) as all,
            (min(valid_from) filter (where status <> 'REVOKED'))::text as first_from,
            (max(valid_until) filter (where status <> 'REVOKED'))::text as last_until
       from assignment where arrangement_id = ?`,
    [arrangementId],
  );
  return assignments[0]!;
}

/** The slugs of the municipality's arrangements that start with `base`. */
export async function slugsStartingWith(em: EntityManager, municipalityId: string, base: string): Promise<string[]> {
  const rows = await em.execute<{ slug: string }[]>(
    `select slug from arrangement where municipality_id = ? and slug like ?`,
    [municipalityId, `${base}%`],
  );
  return rows.map((r) => r.slug);
}
