import type { EntityManager } from '@mikro-orm/postgresql';
import { executeNative } from '../../kernel/sql.js';

/**
 * The sessions' SQL (docs, "Persistence: entities and queries"): the session of a cookie, read on every request, with
 * what a resident's viewer needs of their person. Plain functions, no rules: `session.service.ts` decides.
 */

export interface SessionRow {
  id: string;
  kind: 'CUSTOMER' | 'PROVIDER' | 'STAFF';
  pending_step: 'TWO_FACTOR' | 'TWO_FACTOR_SETUP' | null;
  last_seen_at: Date;
  admin_account_id: string | null;
  provider_user_id: string | null;
  person_id: string | null;
  /** The session's person's household and municipality (null when it has no person, or the person is gone). */
  client_group_id: string | null;
  municipality_id: string | null;
}

/** The unexpired session with this token hash, and its person's household and municipality; a prepared statement. */
export async function sessionByTokenHash(
  em: EntityManager,
  tokenHash: string,
  now: Date,
): Promise<SessionRow | undefined> {
  const [row] = await executeNative<SessionRow>(
    em,
    `select s.id, s.kind, s.pending_step, s.last_seen_at, s.admin_account_id, s.provider_user_id, p.id as person_id,
            p.client_group_id, p.municipality_id
       from session s left join person p on p.id = s.person_id
      where s.token_hash = ?::text and s.expires_at > ?::timestamptz`,
    [tokenHash, now],
    { prepared: true },
  );
  return row && { ...row, last_seen_at: new Date(row.last_seen_at) };
}
