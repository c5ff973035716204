import { Entity, ManyToOne, Property } from '@mikro-orm/decorators/legacy';
import type { Opt, Ref } from '@mikro-orm/core';
import { AdminAccount } from '../staff/index.js';
import { ProviderUser } from '../providers/index.js';
import { Person } from '../customers/index.js';
import { applicationNow } from '../../kernel/clock.js';
import { IdEntity } from '../../platform/entity.js';

export type SessionKind = 'CUSTOMER' | 'PROVIDER' | 'STAFF';

/**
 * A staff session between the password and the second factor: TWO_FACTOR waits for a code, TWO_FACTOR_SETUP for the
 * set-up the settings require. Such a session is no log-in (the viewer is anonymous).
 */
export type PendingStep = 'TWO_FACTOR' | 'TWO_FACTOR_SETUP';

/** A server-side session. The cookie holds a random token; only its SHA-256 hash is stored. */
@Entity({ tableName: 'session' })
export class Session extends IdEntity {
  @Property({ type: 'text', unique: true })
  tokenHash!: string;

  @Property({ type: 'text' })
  kind!: SessionKind;

  @ManyToOne(() => AdminAccount, { ref: true, nullable: true, deleteRule: 'cascade' })
  adminAccount?: Ref<AdminAccount> | null;

  @ManyToOne(() => ProviderUser, { ref: true, nullable: true, deleteRule: 'cascade' })
  providerUser?: Ref<ProviderUser> | null;

  @ManyToOne(() => Person, { ref: true, nullable: true, deleteRule: 'cascade' })
  person?: Ref<Person> | null;

  @Property({ type: 'timestamptz' })
  createdAt: Date & Opt = applicationNow();

  @Property({ type: 'timestamptz' })
  lastSeenAt: Date & Opt = applicationNow();

  @Property({ type: 'timestamptz' })
  expiresAt!: Date;

  @Property({ type: 'text', nullable: true })
  pendingStep?: PendingStep | null;

  /** The browser, for the own sessions list (never an address). */
  @Property({ type: 'text', nullable: true })
  userAgent?: string | null;
}
