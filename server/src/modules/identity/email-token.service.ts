import { createHash, randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { EmailToken, EmailTokenPurpose } from './email-token.entity.js';
import type { ProviderUser } from '../providers/provider-user.entity.js';

/** How long a link in a mail works. */
export const TOKEN_LIFETIME_HOURS: Record<EmailTokenPurpose | 'INVITE', number> = {
  CONFIRM_EMAIL: 24,
  RESET_PASSWORD: 1,
  // An invitation is a RESET_PASSWORD token that lives longer: the invitee may read the mail the next day.
  INVITE: 72,
};

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

function hash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * Random 256-bit tokens for links in e-mails. The database holds only their hash; a token works once and expires.
 * Issuing a new token of a purpose voids the user's earlier unused ones of that purpose.
 */
export class EmailTokenService {
  async issue(em: EntityManager, user: ProviderUser, purpose: EmailTokenPurpose, lifetimeHours: number): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    const now = new Date();
    await em.nativeUpdate(EmailToken, { providerUser: user.id, purpose, usedAt: null }, { usedAt: now });
    em.create(EmailToken, {
      tokenHash: hash(token),
      purpose,
      providerUser: user,
      createdAt: now,
      expiresAt: new Date(now.getTime() + lifetimeHours * 3600_000),
    });
    await em.flush();
    return token;
  }

  /**
   * Uses a token: marks it used in one conditional statement (so two requests can never both use it) and returns
   * its user id; null when the token is unknown, used, expired or of another purpose.
   */
  async consume(em: EntityManager, token: string, purpose: EmailTokenPurpose): Promise<string | null> {
    if (!TOKEN_SHAPE.test(token)) return null;
    const rows = await em.execute<{ provider_user_id: string }[]>(
      `update email_token set used_at = now()
        where token_hash = ? and purpose = ? and used_at is null and expires_at > now()
        returning provider_user_id`,
      [hash(token), purpose],
    );
    return rows[0]?.provider_user_id ?? null;
  }

  /** Removes tokens that expired more than a day ago (kept a little while for support questions). */
  async purgeExpired(em: EntityManager): Promise<number> {
    return em.nativeDelete(EmailToken, { expiresAt: { $lt: new Date(Date.now() - 24 * 3600_000) } });
  }
}
