import { Entity, ManyToMany, ManyToOne, Property } from '@mikro-orm/decorators/legacy';
import { Collection, type Opt, type Ref } from '@mikro-orm/core';
import { Municipality } from '../municipalities/index.js';
import { Category } from '../catalogue/index.js';
import { TimestampedEntity } from '../../platform/entity.js';

/** A municipality's scheme (regeling): budget rule, validity and what it pays for. */
@Entity({ tableName: 'arrangement' })
export class Arrangement extends TimestampedEntity {
  @ManyToOne(() => Municipality, { ref: true })
  municipality!: Ref<Municipality>;

  @Property({ type: 'text' })
  name!: string;

  @Property({ type: 'text' })
  slug!: string;

  @Property({ type: 'text' })
  description: string & Opt = '';

  @Property({ type: 'date' })
  validFrom!: string;

  @Property({ type: 'date' })
  validUntil!: string;

  @Property({ type: 'integer' })
  defaultAmountCents!: number;

  @Property({ type: 'boolean' })
  ownContributionAllowed: boolean & Opt = false;

  @Property({ type: 'integer', nullable: true })
  maxPerOrderCents?: number | null;

  /** May the same beneficiary (or household) be granted this arrangement again for an overlapping period? */
  @Property({ type: 'boolean' })
  repeatGrantsAllowed: boolean & Opt = false;

  /** For whom: the youngest age in whole years (included); null: no lower limit. */
  @Property({ type: 'integer', nullable: true })
  minAge?: number | null;

  /** For whom: the oldest age in whole years (included, so "children up to 18" is 17); null: no upper limit. */
  @Property({ type: 'integer', nullable: true })
  maxAge?: number | null;

  @ManyToMany(() => Category, undefined, {
    pivotTable: 'arrangement_category',
    joinColumn: 'arrangement_id',
    inverseJoinColumn: 'category_id',
  })
  categories = new Collection<Category>(this);
}
