import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * The terms' SQL (docs, "Persistence: entities and queries"): the current terms a provider has not accepted yet,
 * and the lock that makes acceptance once per organisation and version. Plain functions, no rules.
 */

/**
 * The current platform terms and the current terms of each municipality the provider applied to or is a member of,
 * that the provider has not accepted.
 */
export async function unacceptedTermsIds(em: EntityManager, providerId: string): Promise<string[]> {
  const rows = await em.execute<{ id: string }[]>(
    `with current_terms as (
       (select id from terms_version where municipality_id is null order by version desc limit 1)
       union all
       (select distinct on (tv.municipality_id) tv.id
          from terms_version tv
          join provider_membership pm on pm.municipality_id = tv.municipality_id
         where pm.provider_id = ? and pm.status in ('PENDING', 'APPROVED')
         order by tv.municipality_id, tv.version desc)
     )
     select c.id from current_terms c
      where not exists (select 1 from terms_acceptance ta where ta.terms_version_id = c.id and ta.provider_id = ?)`,
    [providerId, providerId],
  );
  return rows.map((r) => r.id);
}

/** One acceptance at a time per organisation (until the transaction ends). */
export async function lockAcceptance(em: EntityManager, providerId: string): Promise<void> {
  await em.execute(`select pg_advisory_xact_lock(hashtext(?))`, [`terms_acceptance:${providerId}`]);
}
