import { Field, ID, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import { UserError } from '../../kernel/errors.js';
import { PersonalData, PersonalDataKind } from '../../graphql/personal-data.js';
import type { Result } from '../../kernel/result.js';
import { RedemptionMethod } from '../catalogue/index.js';
import { HANDOVER_LABEL } from '../../rules/handover.js';

/** What the customer is shown after ordering (CheckoutPayload): the orders, and where to pay the own contribution. */
export interface PlacedCheckout {
  orders: OrderView[];
  contributionCents: number;
  paymentUrl: string | null;
}

export enum OrderStatusEnum {
  AWAITING_PAYMENT = 'AWAITING_PAYMENT',
  PLACED = 'PLACED',
  ACCEPTED = 'ACCEPTED',
  DELIVERED = 'DELIVERED',
  CANCELLED = 'CANCELLED',
}
registerEnumType(OrderStatusEnum, {
  valuesConfig: {
    ACCEPTED: { description: 'The provider accepted it.' },
    AWAITING_PAYMENT: { description: 'Waiting for the resident’s own contribution to be paid.' },
    CANCELLED: { description: 'Cancelled or rejected; the budget came back.' },
    DELIVERED: { description: 'The provider delivered it; it will be paid out.' },
    PLACED: { description: 'Placed and paid; waiting for the provider.' },
  },
  name: 'OrderStatus',
  description: 'AWAITING_PAYMENT → PLACED → ACCEPTED → DELIVERED; PLACED/ACCEPTED → CANCELLED.',
});

export enum HandoverMethod {
  COUNTER_CARD = 'COUNTER_CARD',
  COUNTER_PICKUP_CODE = 'COUNTER_PICKUP_CODE',
  SENT_BY_PROVIDER = 'SENT_BY_PROVIDER',
  UNKNOWN = 'UNKNOWN',
}
registerEnumType(HandoverMethod, {
  name: 'HandoverMethod',
  description: 'How a delivered order was handed over to the customer (rules/handover.ts gives the Dutch words).',
  valuesConfig: {
    COUNTER_CARD: {
      description: `At the provider’s counter with the customer’s card (“${HANDOVER_LABEL.COUNTER_CARD}”).`,
    },
    COUNTER_PICKUP_CODE: {
      description: `At the provider’s counter with the order’s pickup code (“${HANDOVER_LABEL.COUNTER_PICKUP_CODE}”).`,
    },
    SENT_BY_PROVIDER: {
      description: `Sent to the customer; marked by the provider without card or code (“${HANDOVER_LABEL.SENT_BY_PROVIDER}”).`,
    },
    UNKNOWN: { description: `Delivered before the hand-over was recorded (“${HANDOVER_LABEL.UNKNOWN}”).` },
  },
});

@ObjectType('OrderLine', { description: 'One line of an order: a product, its price then and how many.' })
export class OrderLineView {
  @Field(() => ID, { description: 'The line’s id.' })
  id!: string;

  @Field(() => ID, { description: 'The product’s id.' })
  productId!: string;

  @Field(() => String, { description: 'The title when ordered.' })
  title!: string;

  @Field(() => Int, { description: 'The product’s price when ordered, in cents.' })
  unitPriceCents!: number;

  @Field(() => Int, { description: 'How many.' })
  quantity!: number;

  @Field(() => Int, { description: 'The line’s total, in cents.' })
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
  @Field(() => OrderStatusEnum, { description: 'The status before; null for the first event.', nullable: true })
  fromStatus!: OrderStatusEnum | null;

  @Field(() => OrderStatusEnum, { description: 'The status after.' })
  toStatus!: OrderStatusEnum;

  @Field(() => String, { description: 'CUSTOMER, PROVIDER, STAFF, SYSTEM or API_CLIENT.' })
  actorKind!: string;

  @Field(() => String, { description: 'The reason given, for a cancellation or rejection.', nullable: true })
  @PersonalData(PersonalDataKind.FREE_TEXT)
  reason!: string | null;

  @Field(() => HandoverMethod, {
    nullable: true,
    description: 'On a step to DELIVERED: how the order was handed over. Null on every other step.',
  })
  handoverMethod!: HandoverMethod | null;

  @Field(() => Date, { description: 'When it happened.' })
  at!: Date;
}

@ObjectType('OrderAllocation', { description: 'How much of the order one assignment paid.' })
export class OrderAllocationView {
  @Field(() => ID, { description: 'The id of the assignment that paid.' })
  assignmentId!: string;

  @Field(() => String, { description: 'The arrangement of the assignment.' })
  arrangementName!: string;

  @Field(() => Int, { description: 'How much this assignment paid, in cents.' })
  amountCents!: number;
}

@ObjectType('Order', { description: 'One provider’s part of a checkout.' })
export class OrderView {
  @Field(() => ID, { description: 'The order’s id.' })
  id!: string;

  @Field(() => String, { description: 'Human-readable order number, e.g. B100001.' })
  number!: string;

  @Field(() => OrderStatusEnum, { description: 'Where the order is.' })
  status!: OrderStatusEnum;

  @Field(() => ID, { description: 'The id of the provider.' })
  providerId!: string;

  @Field(() => String, { description: 'The provider’s name.' })
  providerName!: string;

  @Field(() => ID, { description: 'The id of the household that ordered.' })
  clientGroupId!: string;

  @Field(() => Int, { description: 'The order’s total, in cents.' })
  @PersonalData(PersonalDataKind.FINANCIAL)
  totalCents!: number;

  @Field(() => Int, { description: 'Paid from the budget.' })
  @PersonalData(PersonalDataKind.FINANCIAL)
  budgetCents!: number;

  @Field(() => Int, { description: 'Own contribution.' })
  @PersonalData(PersonalDataKind.FINANCIAL)
  contributionCents!: number;

  @Field(() => String, {
    nullable: true,
    description:
      'The code the customer shows at the provider’s counter to collect the order (as text or QR code). Only the customer’s household reads it; null for the provider (the customer proves the hand-over with it), staff and API clients.',
  })
  pickupCode!: string | null;

  @Field(() => RedemptionMethod, {
    description:
      'How the order reaches the customer, fixed at checkout from its products: PICKUP and VOUCHER_CODE are handed over at the counter with the customer’s card or pickup code (deliverAtCounter), DELIVERY is sent (deliverOrder).',
  })
  redemptionMethod!: RedemptionMethod;

  @Field(() => HandoverMethod, {
    nullable: true,
    description: 'How a delivered order was handed over (its last delivery step); null while it is not delivered.',
  })
  handoverMethod!: HandoverMethod | null;

  @Field(() => String, { description: 'Why it was cancelled or rejected; null otherwise.', nullable: true })
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

  @Field(() => Date, { description: 'When it was placed.' })
  createdAt!: Date;

  @Field(() => [OrderLineView], { description: 'The ordered products.' })
  @PersonalData(PersonalDataKind.FINANCIAL)
  lines!: OrderLineView[];

  @Field(() => [OrderEventView], { description: 'Oldest first.' })
  events!: OrderEventView[];

  @Field(() => [OrderAllocationView], { description: 'How the budget paid for the order: per assignment.' })
  @PersonalData(PersonalDataKind.FINANCIAL)
  allocations!: OrderAllocationView[];
}

@InputType({ description: 'One line to order: a product and how many.' })
export class CheckoutLineInputType {
  @Field(() => ID, { description: 'The product’s id.' })
  productId!: string;

  @Field(() => Int, { description: 'How many (1–99).' })
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

  @Field(() => [CheckoutLineInputType], {
    description: 'The lines to order; null: the logged-in customer’s cart.',
    nullable: true,
  })
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
@ObjectType({ description: 'The result of checkout: the placed orders, one per provider.' })
export class CheckoutPayload {
  @Field(() => [OrderView], { description: 'The placed orders; empty when it did not work (then `errors` says why).' })
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
