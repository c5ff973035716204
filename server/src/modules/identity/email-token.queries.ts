import type { EntityManager } from '@mikro-orm/postgresql';
import type { EmailTokenPurpose } from './email-token.entity.js';

/**
 * The e-mail tokens' SQL (docs, "Persistence: entities and queries"): a token used once, in one conditional
 * statement (two requests with the same link cannot both use it). Plain functions, no rules.
 */

/** Uses the unused, unexpired token with this hash and purpose: its owner (provider user or staff account), or null. */
export async function useToken(
  em: EntityManager,
  tokenHash: string,
  purpose: EmailTokenPurpose,
  now: Date,
): Promise<string | null> {
  const rows = await em.execute<{ owner_id: string }[]>(
    `update email_token set used_at = ?
      where token_hash = ? and purpose = ? and used_at is null and expires_at > ?
      returning coalesce(provider_user_id, admin_account_id) as owner_id`,
    [now, tokenHash, purpose, now],
  );
  return rows[0]?.owner_id ?? null;
}

/** Uses the unused, unexpired address-change token with this hash: the account and the new address, or undefined. */
export async function useEmailChangeToken(
  em: EntityManager,
  tokenHash: string,
  purpose: EmailTokenPurpose,
  now: Date,
): Promise<{ admin_account_id: string; new_email: string } | undefined> {
  const rows = await em.execute<{ admin_account_id: string; new_email: string }[]>(
    `update email_token set used_at = ?
      where token_hash = ? and purpose = ? and used_at is null and expires_at > ? and new_email is not null
      returning admin_account_id, new_email`,
    [now, tokenHash, purpose, now],
  );
  return rows[0];
}
