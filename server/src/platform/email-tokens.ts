import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * Single-use links sent by e-mail (confirm an address, set a password): the purposes and how long a link works. The
 * tokens themselves are kept by modules/identity (EmailTokenService); a module that sends such a link gets an
 * `EmailTokenIssuer` from the composition root (app/services.ts) instead of importing identity.
 */
export enum EmailTokenPurpose {
  CONFIRM_EMAIL = 'CONFIRM_EMAIL',
  RESET_PASSWORD = 'RESET_PASSWORD',
  /** A staff account's reset link (never valid for a provider user, and the other way round). */
  STAFF_RESET_PASSWORD = 'STAFF_RESET_PASSWORD',
  /** A staff member's new e-mail address, confirmed through the link sent there (`newEmail`). */
  STAFF_CONFIRM_EMAIL = 'STAFF_CONFIRM_EMAIL',
}

/** How long a link in a mail works. */
export const TOKEN_LIFETIME_HOURS: Record<EmailTokenPurpose | 'INVITE', number> = {
  CONFIRM_EMAIL: 24,
  RESET_PASSWORD: 1,
  STAFF_RESET_PASSWORD: 1,
  STAFF_CONFIRM_EMAIL: 24,
  // An invitation is a RESET_PASSWORD token that lives longer: the invitee may read the mail the next day.
  INVITE: 72,
};

/** Issues a token for a link in a mail (identity's EmailTokenService); voids the owner's earlier unused ones. */
export interface EmailTokenIssuer<Owner extends { id: string }> {
  issue(
    em: EntityManager,
    owner: Owner,
    purpose: EmailTokenPurpose,
    lifetimeHours: number,
    newEmail?: string | null,
  ): Promise<string>;
}
