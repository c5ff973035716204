import { Entity, ManyToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import type { Opt, Ref } from '@mikro-orm/core';
import { Field, ID, Int, ObjectType } from 'type-graphql';
import { randomUUID } from 'node:crypto';
import { Provider } from './provider.entity.js';
import { applicationNow } from '../../kernel/clock.js';
import type { OpeningHours as OpeningHoursValue } from '../../rules/location.js';

@ObjectType({ description: 'The opening hours of one weekday; `opens` and `closes` null: closed that day.' })
export class OpeningHours {
  @Field(() => Int, { description: 'ISO weekday: 1 = Monday … 7 = Sunday.' })
  weekday!: number;

  @Field(() => String, { nullable: true, description: '"HH:MM", or null when closed.' })
  opens!: string | null;

  @Field(() => String, { nullable: true, description: '"HH:MM", or null when closed.' })
  closes!: string | null;
}

/** A provider's location (vestiging): public, shown on the provider page with its opening hours. */
@ObjectType({ description: 'A location of a provider: an address and opening hours per weekday.' })
@Entity({ tableName: 'provider_location' })
export class ProviderLocation {
  @Field(() => ID, { description: 'The location’s id.' })
  @PrimaryKey({ type: 'uuid' })
  id: string & Opt = randomUUID();

  @ManyToOne(() => Provider, { ref: true, deleteRule: 'cascade' })
  provider!: Ref<Provider>;

  @Field(() => String, { description: 'Optional name, e.g. "Zwembad De Vijfhoek"; empty when none.' })
  @Property({ type: 'text' })
  name: string & Opt = '';

  @Field(() => String, { description: 'The street.' })
  @Property({ type: 'text' })
  street!: string;

  @Field(() => String, { description: 'The house number, with any addition.' })
  @Property({ type: 'text' })
  houseNumber!: string;

  @Field(() => String, { description: '"1234 AB".' })
  @Property({ type: 'text' })
  postcode!: string;

  @Field(() => String, { description: 'The city.' })
  @Property({ type: 'text' })
  city!: string;

  @Field(() => [OpeningHours], { description: 'Seven days, Monday first.' })
  @Property({ type: 'json' })
  openingHours: OpeningHoursValue[] & Opt = [];

  @Property({ type: 'integer' })
  sortOrder: number & Opt = 0;

  @Property({ type: 'timestamptz' })
  createdAt: Date & Opt = applicationNow();

  @Property({ type: 'timestamptz', onUpdate: () => applicationNow() })
  updatedAt: Date & Opt = applicationNow();
}
