import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * The settings' SQL (docs, "Persistence: entities and queries"): a section's row read (or only its version, the
 * cheap check before serving from the cache), made once and locked for a change, written with its version counted
 * up, and the change notified to every instance at commit. Plain functions, no rules: `settings.service.ts` decides.
 */

export async function sectionVersion(em: EntityManager, section: string): Promise<number | undefined> {
  const [row] = await em.execute<{ version: number }[]>(`select version from setting where section = ?`, [section]);
  return row?.version;
}

export async function sectionRow(
  em: EntityManager,
  section: string,
): Promise<{ value: unknown; version: number; updated_at: Date | null } | undefined> {
  const [row] = await em.execute<{ value: unknown; version: number; updated_at: Date | null }[]>(
    `select value, version, updated_at from setting where section = ?`,
    [section],
  );
  return row;
}

/** The section's row (made empty when it has none), locked until the transaction ends. */
export async function lockSection<T = unknown>(
  em: EntityManager,
  section: string,
): Promise<{ value: T; version: number }> {
  await em.execute(
    `insert into setting (section, value, version) values (?, '{}'::jsonb, 0) on conflict (section) do nothing`,
    [section],
  );
  const [row] = await em.execute<{ value: T; version: number }[]>(
    `select value, version from setting where section = ? for update`,
    [section],
  );
  return row!;
}

/** Stores the section's value and counts its version up. */
export async function storeSection(
  em: EntityManager,
  section: string,
  value: unknown,
  by: { at: Date; kind: string; id?: string | null },
): Promise<void> {
  await em.execute(
    `update setting set value = ?::jsonb, version = version + 1, updated_at = ?, updated_by_kind = ?, updated_by_id = ? where section = ?`,
    [JSON.stringify(value), by.at, by.kind, by.id, section],
  );
}

/** Notifies every listening instance (this one included) when, and only when, the transaction commits. */
export async function notify(em: EntityManager, channel: string, payload: unknown): Promise<void> {
  await em.execute(`select pg_notify(?, ?)`, [channel, JSON.stringify(payload)]);
}
