import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * The SAML adapter's SQL (docs, "Persistence: entities and queries"): the replay memory, where an artifact and a
 * request id are claimed once, under a primary key (of two callbacks on any instance only one gets on). Plain
 * functions, no rules.
 */

/** Removes the expired entries, then claims the keys (on conflict: not claimed); the keys claimed now. */
export async function claimKeys(
  em: EntityManager,
  keys: readonly [string, string],
  expires: Date,
  now: Date,
): Promise<Set<string>> {
  await em.execute('delete from digid_saml_replay where expires_at < ?', [now]);
  const rows = await em.execute<{ key: string }[]>(
    `insert into digid_saml_replay (key, expires_at) values (?, ?), (?, ?) on conflict do nothing returning key`,
    [keys[0], expires, keys[1], expires],
  );
  return new Set(rows.map((r) => r.key));
}
