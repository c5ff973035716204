import { Entity, ManyToOne, Property } from '@mikro-orm/decorators/legacy';
import type { Opt, Ref } from '@mikro-orm/core';
import { ProviderUser } from '../providers/index.js';
import { AdminAccount } from '../staff/index.js';
import { applicationNow } from '../../kernel/clock.js';
import { EmailTokenPurpose } from '../../platform/email-tokens.js';
import { IdEntity } from '../../platform/entity.js';

export { EmailTokenPurpose };

/** Purposes whose tokens belong to a staff account. */
export const STAFF_TOKEN_PURPOSES: ReadonlySet<EmailTokenPurpose> = new Set([
  EmailTokenPurpose.STAFF_RESET_PASSWORD,
  EmailTokenPurpose.STAFF_CONFIRM_EMAIL,
]);

/**
 * A single-use, expiring token sent by e-mail. Only a SHA-256 hash of the token is stored. It belongs to a provider
 * user, or (STAFF_RESET_PASSWORD) to a staff account.
 */
@Entity({ tableName: 'email_token' })
export class EmailToken extends IdEntity {
  @Property({ type: 'text', unique: true })
  tokenHash!: string;

  @Property({ type: 'text' })
  purpose!: EmailTokenPurpose;

  @ManyToOne(() => ProviderUser, { ref: true, nullable: true, deleteRule: 'cascade' })
  providerUser?: Ref<ProviderUser> | null;

  @ManyToOne(() => AdminAccount, { ref: true, nullable: true, deleteRule: 'cascade' })
  adminAccount?: Ref<AdminAccount> | null;

  @Property({ type: 'timestamptz' })
  expiresAt!: Date;

  @Property({ type: 'timestamptz', nullable: true })
  usedAt?: Date | null;

  /** STAFF_CONFIRM_EMAIL: the address being confirmed. */
  @Property({ type: 'text', nullable: true })
  newEmail?: string | null;

  @Property({ type: 'timestamptz' })
  createdAt: Date & Opt = applicationNow();
}
