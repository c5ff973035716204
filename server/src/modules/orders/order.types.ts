import { Field, ID, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import { UserError } from '../../graphql/errors.js';
import { PersonalData, PersonalDataKind } from '../../graphql/personal-data.js';
import type { Result } from '../../lib/result.js';
import type { PlacedCheckout } from './checkout.service.js';

export enum OrderStatusEnum {
  AWAITING_PAYMENT = 'AWAITING_PAYMENT',
  PLACED = 'PLACED',
  ACCEPTED = 'ACCEPTED',
  DELIVERED = 'DELIVERED',
  CANCELLED = 'CANCELLED',
}
registerEnumType(OrderStatusEnum, {
  name: 'OrderStatus',
  description: 'AWAITING_PAYMENT → PLACED → ACCEPTED → DELIVERED; PLACED/ACCEPTED → CANCELLED.',
});

@ObjectType('OrderLine')
export class OrderLineView {
  @Field(() => ID)
  id!: string;

  @Field(() => ID)
  productId!: string;

  @Field(() => String, { description: 'The title when ordered.' })
  title!: string;

  @Field(() => Int)
  unitPriceCents!: number;

  @Field(() => Int)
  quantity!: number;

  @Field(() => Int)
  totalCents!: number;

  @Field(() => String, {
    nullable: true,
    description:
      'The household member the line is for (full name; a provider sees the first name only); null for orders placed before lines had one.',
  })
  @PersonalData(PersonalDataKind.NAME)
  beneficiaryName!: string | null;

  @Field(() => ID, { nullable: true, description: 'The household member the line is for; null as beneficiaryName.' })
  beneficiaryId!: string | null;
}

@ObjectType('OrderEvent', { description: 'One step on the order’s timeline.' })
export class OrderEventView {
  @Field(() => OrderStatusEnum, { nullable: true })
  fromStatus!: OrderStatusEnum | null;

  @Field(() => OrderStatusEnum)
  toStatus!: OrderStatusEnum;

  @Field(() => String, { description: 'CUSTOMER, PROVIDER, STAFF, SYSTEM or API_CLIENT.' })
  actorKind!: string;

  @Field(() => String, { nullable: true })
  @PersonalData(PersonalDataKind.FREE_TEXT)
  reason!: string | null;

  @Field(() => Date)
  at!: Date;
}

@ObjectType('OrderAllocation', { description: 'How much of the order one assignment paid.' })
export class OrderAllocationView {
  @Field(() => ID)
  assignmentId!: string;

  @Field(() => String)
  arrangementName!: string;

  @Field(() => Int)
  amountCents!: number;
}

@ObjectType('Order', { description: 'One provider’s part of a checkout.' })
export class OrderView {
  @Field(() => ID)
  id!: string;

  @Field(() => String, { description: 'Human-readable order number, e.g. B100001.' })
  number!: string;

  @Field(() => OrderStatusEnum)
  status!: OrderStatusEnum;

  @Field(() => ID)
  providerId!: string;

  @Field(() => String)
  providerName!: string;

  @Field(() => ID)
  clientGroupId!: string;

  @Field(() => Int)
  @PersonalData(PersonalDataKind.FINANCIAL)
  totalCents!: number;

  @Field(() => Int, { description: 'Paid from the budget.' })
  @PersonalData(PersonalDataKind.FINANCIAL)
  budgetCents!: number;

  @Field(() => Int, { description: 'Own contribution.' })
  @PersonalData(PersonalDataKind.FINANCIAL)
  contributionCents!: number;

  @Field(() => String, { nullable: true, description: 'Shown to the customer and the provider; null for anyone else.' })
  pickupCode!: string | null;

  @Field(() => String, { nullable: true })
  @PersonalData(PersonalDataKind.FREE_TEXT)
  cancelReason!: string | null;

  @Field(() => Boolean, {
    description:
      'Placed by the municipality on the resident’s behalf (a resident without DigiD or under administration).',
  })
  placedOnBehalf!: boolean;

  @Field(() => String, { nullable: true, description: 'Why the municipality placed it on the resident’s behalf.' })
  @PersonalData(PersonalDataKind.FREE_TEXT)
  onBehalfReason!: string | null;

  @Field(() => Date)
  createdAt!: Date;

  @Field(() => [OrderLineView])
  @PersonalData(PersonalDataKind.FINANCIAL)
  lines!: OrderLineView[];

  @Field(() => [OrderEventView], { description: 'Oldest first.' })
  events!: OrderEventView[];

  @Field(() => [OrderAllocationView])
  @PersonalData(PersonalDataKind.FINANCIAL)
  allocations!: OrderAllocationView[];
}

@InputType()
export class CheckoutLineInputType {
  @Field(() => ID)
  productId!: string;

  @Field(() => Int)
  quantity!: number;

  @Field(() => ID, {
    nullable: true,
    description:
      'For which household member (a budget of one member pays only for their lines); without it, the person who orders.',
  })
  beneficiaryId?: string | null;
}

@InputType({ description: 'Place the order. Without `lines`, the customer’s server-side cart is ordered.' })
export class CheckoutInput {
  @Field(() => String, {
    description: 'A random key made when the checkout page opened; a repeated click with it books once.',
  })
  idempotencyKey!: string;

  @Field(() => [CheckoutLineInputType], { nullable: true })
  lines?: CheckoutLineInputType[] | null;

  @Field(() => Int, {
    nullable: true,
    description:
      'The own contribution the customer was shown (checkoutPreview); when it would differ now, the checkout is refused with BUDGET_CHANGED.',
  })
  expectedContributionCents?: number | null;
}

/**
 * Not `extends Payload(…)`: a checkout makes several orders, so there is no one node, and the fields keep their
 * non-null shape (`orders: [Order!]!`, `contributionCents: Int!`) that clients rely on. `from` is its one mapping.
 */
@ObjectType()
export class CheckoutPayload {
  @Field(() => [OrderView])
  orders: OrderView[] = [];

  @Field(() => Int, { description: 'Own contribution to pay, in cents; 0 when the budget covers everything.' })
  contributionCents = 0;

  @Field(() => String, { nullable: true, description: 'Where to pay the own contribution, when there is one.' })
  paymentUrl: string | null = null;

  @Field(() => [UserError], { description: 'Empty when it worked; otherwise what is wrong, in Dutch.' })
  errors: UserError[] = [];

  static from(result: Result<PlacedCheckout>): CheckoutPayload {
    return Object.assign(new CheckoutPayload(), result.ok ? result.value : { errors: [...result.errors] });
  }
}
