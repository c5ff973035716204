import { Entity, ManyToOne, Property } from '@mikro-orm/decorators/legacy';
import type { Opt, Ref } from '@mikro-orm/core';
import { AdminAccount } from '../staff/index.js';
import { applicationNow } from '../../kernel/clock.js';
import { IdEntity } from '../../platform/entity.js';

/** A single-use recovery code for two-factor log-in; only its SHA-256 hash is stored. */
@Entity({ tableName: 'staff_recovery_code' })
export class StaffRecoveryCode extends IdEntity {
  @ManyToOne(() => AdminAccount, { ref: true, deleteRule: 'cascade' })
  adminAccount!: Ref<AdminAccount>;

  @Property({ type: 'text' })
  codeHash!: string;

  @Property({ type: 'timestamptz', nullable: true })
  usedAt?: Date | null;

  @Property({ type: 'timestamptz' })
  createdAt: Date & Opt = applicationNow();
}
