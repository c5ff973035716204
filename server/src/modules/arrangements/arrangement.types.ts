import { Field, ID, InputType, Int, ObjectType } from 'type-graphql';
import { Connection } from '../../graphql/pagination.js';
import { Payload } from '../../graphql/payload.js';
import { Municipality } from '../municipalities/index.js';
import { Category } from '../catalogue/index.js';

@ObjectType('Arrangement', { description: 'A municipality’s scheme (regeling), with its budget use from the ledger.' })
export class ArrangementView {
  @Field(() => ID, { description: 'The arrangement’s id.' })
  id!: string;

  @Field(() => String, { description: 'The arrangement’s name, e.g. "Meedoenregeling" (Dutch).' })
  name!: string;

  @Field(() => String, { description: 'The arrangement’s name in URLs.' })
  slug!: string;

  @Field(() => String, { description: 'What the arrangement is for, shown to residents (Markdown, Dutch).' })
  description!: string;

  @Field(() => Municipality, { description: 'The municipality the arrangement belongs to.' })
  municipality!: Municipality;

  @Field(() => String, { description: 'First valid day (YYYY-MM-DD).' })
  validFrom!: string;

  @Field(() => String, { description: 'Last valid day (YYYY-MM-DD).' })
  validUntil!: string;

  @Field(() => Int, { description: 'What a new assignment gets unless another amount is chosen, in cents.' })
  defaultAmountCents!: number;

  @Field(() => Boolean, { description: 'May the customer pay what the budget does not cover (eigen bijdrage)?' })
  ownContributionAllowed!: boolean;

  @Field(() => Int, { nullable: true, description: 'At most this much budget per order, in cents; null: no limit.' })
  maxPerOrderCents!: number | null;

  @Field(() => Boolean, {
    description: 'May the same beneficiary (or household) be granted it again for an overlapping period?',
  })
  repeatGrantsAllowed!: boolean;

  @Field(() => Int, { nullable: true, description: 'For whom: the youngest age in whole years (included).' })
  minAge!: number | null;

  @Field(() => Int, { nullable: true, description: 'For whom: the oldest age in whole years (included).' })
  maxAge!: number | null;

  @Field(() => [Category], { description: 'The categories it pays for, in display order.' })
  categories!: Category[];

  @Field(() => Int, { description: 'Granted to households, net of revocations, in cents (from the ledger).' })
  grantedCents!: number;

  @Field(() => Int, { description: 'Spent from the granted budget, net of cancellations, in cents (from the ledger).' })
  spentCents!: number;

  @Field(() => Int, { description: 'Still to spend in the assignments, in cents (from the ledger).' })
  remainingCents!: number;

  @Field(() => Int, { description: 'Assignments that are not revoked.' })
  assignmentCount!: number;

  @Field(() => Date, { description: 'When it was last changed.' })
  updatedAt!: Date;
}

@InputType({ description: 'An arrangement’s settings. Amounts in cents; dates YYYY-MM-DD.' })
export class ArrangementInput {
  @Field(() => String, { description: 'The arrangement’s name (Dutch).' })
  name!: string;

  @Field(() => String, {
    description: 'What the arrangement is for, shown to residents (Markdown, Dutch).',
    nullable: true,
  })
  description?: string | null;

  @Field(() => ID, { description: 'The municipality the arrangement belongs to (fixed once it is granted).' })
  municipalityId!: string;

  @Field(() => String, { description: 'The first day of its validity, YYYY-MM-DD.' })
  validFrom!: string;

  @Field(() => String, { description: 'The last day of its validity, YYYY-MM-DD; the budget expires after it.' })
  validUntil!: string;

  @Field(() => Int, { description: 'The budget a household gets when granted, in cents.' })
  defaultAmountCents!: number;

  @Field(() => [ID], { description: 'The categories of products the budget may be spent on; empty: every category.' })
  categoryIds!: string[];

  @Field(() => Boolean, {
    description: 'Whether a resident may pay the part above the budget themselves (own contribution).',
  })
  ownContributionAllowed!: boolean;

  @Field(() => Int, {
    description: 'The most the budget pays for one order, in cents; null: no maximum.',
    nullable: true,
  })
  maxPerOrderCents?: number | null;

  @Field(() => Boolean, { nullable: true, description: 'Default false: a second overlapping grant is refused.' })
  repeatGrantsAllowed?: boolean | null;

  @Field(() => Int, { nullable: true, description: 'Youngest age in whole years (included); null: no limit.' })
  minAge?: number | null;

  @Field(() => Int, { nullable: true, description: 'Oldest age in whole years (included); null: no limit.' })
  maxAge?: number | null;
}

@InputType({ description: 'Filters for the list of arrangements; all optional and combined with AND.' })
export class ArrangementFilter {
  @Field(() => ID, { nullable: true, description: 'Only this municipality’s (one in your scope).' })
  municipalityId?: string | null;

  @Field(() => String, { nullable: true, description: 'Part of the name (case and accents do not matter).' })
  search?: string | null;

  @Field(() => Boolean, {
    nullable: true,
    description: 'true: only arrangements still running (valid until today or later).',
  })
  current?: boolean | null;
}

@ObjectType({
  description: 'A page of arrangements (keyset paging: pass `pageInfo.endCursor` as `after` for the next page).',
})
export class ArrangementConnection extends Connection(ArrangementView, 'Arrangement') {}

@ObjectType({ description: 'The result of an arrangement mutation.' })
export class ArrangementPayload extends Payload(ArrangementView, 'arrangement') {}
