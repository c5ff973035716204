import { createHash, randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { EmailToken, EmailTokenPurpose, STAFF_TOKEN_PURPOSES } from './email-token.entity.js';
import { ProviderUser } from '../providers/index.js';
import type { AdminAccount } from '../staff/index.js';
import { applicationNow } from '../../kernel/clock.js';
import * as q from './email-token.queries.js';
import { TOKEN_LIFETIME_HOURS, type EmailTokenIssuer } from '../../platform/email-tokens.js';

export { TOKEN_LIFETIME_HOURS };

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

function hash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * Random 256-bit tokens for links in e-mails. The database holds only their hash; a token works once and expires.
 * Issuing a new token of a purpose voids the owner's earlier unused ones of that purpose. The owner is a provider
 * user, or a staff account for the staff purposes (STAFF_RESET_PASSWORD, STAFF_CONFIRM_EMAIL with the new address).
 */
export class EmailTokenService implements EmailTokenIssuer<ProviderUser | AdminAccount> {
  async issue(
    em: EntityManager,
    owner: ProviderUser | AdminAccount,
    purpose: EmailTokenPurpose,
    lifetimeHours: number,
    newEmail: string | null = null,
  ): Promise<string> {
    const staff = STAFF_TOKEN_PURPOSES.has(purpose);
    if (staff === owner instanceof ProviderUser) throw new Error(`a ${purpose} token cannot belong to this owner`);
    const token = randomBytes(32).toString('base64url');
    const now = applicationNow();
    const ownerField = staff ? { adminAccount: owner.id } : { providerUser: owner.id };
    await em.nativeUpdate(EmailToken, { ...ownerField, purpose, usedAt: null }, { usedAt: now });
    em.create(EmailToken, {
      tokenHash: hash(token),
      purpose,
      ...(staff ? { adminAccount: owner as AdminAccount } : { providerUser: owner as ProviderUser }),
      newEmail,
      createdAt: now,
      expiresAt: new Date(now.getTime() + lifetimeHours * 3600_000),
    });
    await em.flush();
    return token;
  }

  /**
   * Uses a token: marks it used in one conditional statement (so two requests can never both use it) and returns
   * its owner's id (the provider user, or the staff account for STAFF_RESET_PASSWORD); null when the token is
   * unknown, used, expired or of another purpose.
   */
  async consume(em: EntityManager, token: string, purpose: EmailTokenPurpose): Promise<string | null> {
    if (!TOKEN_SHAPE.test(token)) return null;
    const now = applicationNow();
    return q.useToken(em, hash(token), purpose, now);
  }

  /** Uses a STAFF_CONFIRM_EMAIL token (as `consume`): the account and the address it confirms, or null. */
  async consumeEmailChange(em: EntityManager, token: string): Promise<{ accountId: string; newEmail: string } | null> {
    if (!TOKEN_SHAPE.test(token)) return null;
    const now = applicationNow();
    const row = await q.useEmailChangeToken(em, hash(token), EmailTokenPurpose.STAFF_CONFIRM_EMAIL, now);
    return row ? { accountId: row.admin_account_id, newEmail: row.new_email } : null;
  }

  /** Removes tokens that expired more than a day ago (kept a little while for support questions). */
  async purgeExpired(em: EntityManager): Promise<number> {
    return em.nativeDelete(EmailToken, { expiresAt: { $lt: new Date(applicationNow().getTime() - 24 * 3600_000) } });
  }
}
