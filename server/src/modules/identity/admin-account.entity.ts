import { Entity, ManyToMany, ManyToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import { Collection, type Opt, type Ref } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { Municipality } from '../municipalities/municipality.entity.js';
import { Role } from './role.entity.js';
import { applicationNow } from '../../lib/clock.js';

/** A staff log-in for the admin area: one role, a municipality scope (some or all). */
@Entity({ tableName: 'admin_account' })
export class AdminAccount {
  @PrimaryKey({ type: 'uuid' })
  id: string & Opt = randomUUID();

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

  @Property({ type: 'timestamptz' })
  createdAt: Date & Opt = applicationNow();

  @Property({ type: 'timestamptz', onUpdate: () => applicationNow() })
  updatedAt: Date & Opt = applicationNow();
}
