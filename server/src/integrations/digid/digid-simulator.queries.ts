import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * The DigiD simulator's SQL (docs, "Persistence: entities and queries"): its artifacts stored (expired ones removed
 * first) and taken in one statement, so an artifact is used once across instances. Plain functions, no rules.
 */

/** Removes the expired artifacts and stores a new one (its hash, the BSN encrypted, its expiry). */
export async function storeArtifact(
  em: EntityManager,
  artifact: { key: string; bsnEncrypted: string; expiresAt: Date },
  now: Date,
): Promise<void> {
  await em.execute('delete from digid_simulator_artifact where expires_at < ?', [now]);
  await em.execute('insert into digid_simulator_artifact (key, bsn_encrypted, expires_at) values (?, ?, ?)', [
    artifact.key,
    artifact.bsnEncrypted,
    artifact.expiresAt,
  ]);
}

/** Takes (deletes and returns) the artifact with this hash; undefined when there is none. */
export async function takeArtifact(
  em: EntityManager,
  key: string,
): Promise<{ bsn_encrypted: string; expires_at: Date } | undefined> {
  const [row] = await em.execute<{ bsn_encrypted: string; expires_at: Date }[]>(
    'delete from digid_simulator_artifact where key = ? returning bsn_encrypted, expires_at',
    [key],
  );
  return row;
}
