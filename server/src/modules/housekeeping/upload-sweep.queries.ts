import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * Every column (and setting) that holds a FileStorage key. A new kind of upload adds its column here, or the sweep
 * would remove its files a day after they were uploaded (upload-sweep.test.ts checks the demo's files survive).
 */
const REFERENCED_KEYS = `
  select storage_key as key from product_image
  union all select thumbnail_key from product_image
  union all select logo_key from provider where logo_key is not null
  union all select image_key from news_article where image_key is not null
  union all select file_key from application_proof where file_key is not null
  union all select value -> 'logo' ->> 'key' from setting where section = 'general' and value -> 'logo' ->> 'key' is not null`;

/** Which of these storage keys a row (or setting) still refers to. */
export async function referencedKeys(em: EntityManager, keys: readonly string[]): Promise<Set<string>> {
  const rows = await em.execute<{ key: string }[]>(`select key from (${REFERENCED_KEYS}) r where key in (?)`, [keys]);
  return new Set(rows.map((r) => r.key));
}
