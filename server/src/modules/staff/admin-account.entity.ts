import { Entity, ManyToMany, ManyToOne, Property } from '@mikro-orm/decorators/legacy';
import { Collection, type Opt, type Ref } from '@mikro-orm/core';
import { Municipality } from '../municipalities/index.js';
import { Role } from '../roles/index.js';
import { TimestampedEntity } from '../../platform/entity.js';

/** A staff log-in for the admin area: one role, a municipality scope (some or all). */
@Entity({ tableName: 'admin_account' })
export class AdminAccount extends TimestampedEntity {
  @Property({ type: 'text' })
  email!: string;

  @Property({ type: 'text' })
  name!: string;

  @Property({ type: 'text', hidden: true, lazy: true })
  passwordHash!: string;

  @ManyToOne(() => Role, { ref: true })
  role!: Ref<Role>;

  @Property({ type: 'boolean' })
  allMunicipalities: boolean & Opt = false;

  @ManyToMany(() => Municipality, undefined, {
    pivotTable: 'admin_account_municipality',
    joinColumn: 'admin_account_id',
    inverseJoinColumn: 'municipality_id',
  })
  municipalities = new Collection<Municipality>(this);

  @Property({ type: 'boolean' })
  active: boolean & Opt = true;

  @Property({ type: 'timestamptz', nullable: true })
  lastLoginAt?: Date | null;

  /** When the password was chosen; null while an invitation is open (nobody can log in with the placeholder hash). */
  @Property({ type: 'timestamptz', nullable: true })
  passwordSetAt?: Date | null;

  @ManyToOne(() => AdminAccount, { ref: true, nullable: true, deleteRule: 'set null' })
  invitedBy?: Ref<AdminAccount> | null;

  /** The TOTP secret, encrypted (two-factor-secret.ts); set while two-factor log-in is on. */
  @Property({ type: 'text', nullable: true, hidden: true, lazy: true })
  totpSecret?: string | null;

  /** A secret shown during set-up, encrypted, until the first code confirms it. */
  @Property({ type: 'text', nullable: true, hidden: true, lazy: true })
  totpPendingSecret?: string | null;

  @Property({ type: 'timestamptz', nullable: true })
  twoFactorEnabledAt?: Date | null;

  /** The time step of the last accepted code: a code is accepted once. */
  @Property({ type: 'bigint', nullable: true, hidden: true })
  totpLastStep?: number | null;
}
