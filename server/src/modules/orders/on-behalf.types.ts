import { Field, ID, InputType, Int, ObjectType } from 'type-graphql';
import { UserError } from '../../kernel/errors.js';
import { PersonalData, PersonalDataKind } from '../../graphql/personal-data.js';
import type { Result } from '../../kernel/result.js';
import { CheckoutLineInputType, OrderView } from './order.types.js';

@ObjectType({ description: 'A member of the household staff order for (for whom a line is).' })
export class OnBehalfMember {
  @Field(() => ID, { description: 'The person’s id (a line’s beneficiaryId).' })
  id!: string;

  @Field(() => String, { description: 'Full name.' })
  @PersonalData(PersonalDataKind.NAME)
  name!: string;
}

@ObjectType({ description: 'A product the household’s budgets pay for today, in its municipality’s offer.' })
export class OnBehalfProduct {
  @Field(() => ID, { description: 'The product’s id.' })
  id!: string;

  @Field(() => String, { description: 'The product’s title.' })
  title!: string;

  @Field(() => Int, { description: 'The price in cents.' })
  priceCents!: number;

  @Field(() => String, { description: 'The provider’s name.' })
  providerName!: string;
}

@ObjectType({ description: 'What staff may order on a resident’s behalf: the household and the payable products.' })
export class OnBehalfOrderOptions {
  @Field(() => ID, { description: 'The person ordered for.' })
  personId!: string;

  @Field(() => [OnBehalfMember], { description: 'The household’s members (for whom a line can be).' })
  members!: OnBehalfMember[];

  @Field(() => [OnBehalfProduct], { description: 'Products the budgets pay for (at most 200, by title).' })
  products!: OnBehalfProduct[];
}

@InputType({ description: 'An order placed by staff on a resident’s behalf.' })
export class PlaceOrderOnBehalfInput {
  @Field(() => ID, { description: 'The resident ordered for (person id).' })
  personId!: string;

  @Field(() => String, { description: 'A random key made when the form opened; a repeated click with it books once.' })
  idempotencyKey!: string;

  @Field(() => String, {
    description: 'Why staff order for the resident (e.g. no DigiD, under administration); required, shown to them.',
  })
  reason!: string;

  @Field(() => [CheckoutLineInputType], { description: 'The products, quantities and for whom.' })
  lines!: CheckoutLineInputType[];
}

@ObjectType({ description: 'The result of ordering on a resident’s behalf.' })
export class PlaceOrderOnBehalfPayload {
  @Field(() => [OrderView], { description: 'The orders made (one per provider); empty when refused.' })
  orders: OrderView[] = [];

  @Field(() => [UserError], { description: 'Empty when it worked; otherwise what is wrong, in Dutch.' })
  errors: UserError[] = [];

  static from(result: Result<OrderView[]>): PlaceOrderOnBehalfPayload {
    return Object.assign(
      new PlaceOrderOnBehalfPayload(),
      result.ok ? { orders: result.value } : { errors: [...result.errors] },
    );
  }
}
