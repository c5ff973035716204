import { Field, ID, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import { Connection, emptyConnection, type ConnectionOf } from '../../graphql/pagination.js';
import { UserError } from '../../kernel/errors.js';
import { Payload } from '../../graphql/payload.js';
import type { Result } from '../../kernel/result.js';
import { OrderStatusEnum, OrderView } from './order.types.js';
import { PersonalData, PersonalDataKind } from '../../graphql/personal-data.js';

/**
 * GraphQL types for working with orders after checkout: the provider's and the staff lists (connections), the
 * actions (accept, reject, deliver, cancel) and the counter look-up.
 */

@ObjectType({
  description: 'A page of orders (keyset paging: pass `pageInfo.endCursor` as `after` for the next page).',
})
export class OrderConnection extends Connection(OrderView, 'Order') {}

export type OrderPage = ConnectionOf<OrderView>;

export const EMPTY_ORDER_PAGE: OrderPage = emptyConnection();

@InputType({ description: 'Filters for the customer’s own order list (myOrders); all optional.' })
export class MyOrderFilter {
  @Field(() => OrderStatusEnum, { description: 'Only orders in this status.', nullable: true })
  status?: OrderStatusEnum | null;
}

@InputType({ description: 'Filters for a person’s household orders (personOrders); all optional.' })
export class PersonOrderFilter {
  @Field(() => OrderStatusEnum, { description: 'Only orders in this status.', nullable: true })
  status?: OrderStatusEnum | null;
}

@InputType({ description: 'Filters for the provider’s own order list (providerOrders); all optional.' })
export class ProviderOrderFilter {
  @Field(() => OrderStatusEnum, {
    nullable: true,
    description: 'Only orders in this status (AWAITING_PAYMENT never reaches a provider: an empty list).',
  })
  status?: OrderStatusEnum | null;
}

@InputType({ description: 'Filters for the staff order list; all optional and combined with AND.' })
export class AdminOrderFilter {
  @Field(() => String, {
    nullable: true,
    description: 'An order number (B100001, or only its digits); the start of a number matches too.',
  })
  search?: string | null;

  @Field(() => OrderStatusEnum, { description: 'Only orders in this status.', nullable: true })
  status?: OrderStatusEnum | null;

  @Field(() => ID, { description: 'Only orders of this provider.', nullable: true })
  providerId?: string | null;

  @Field(() => String, { nullable: true, description: 'Ordered on or after this date (YYYY-MM-DD, Dutch time).' })
  from?: string | null;

  @Field(() => String, { nullable: true, description: 'Ordered on or before this date (YYYY-MM-DD, Dutch time).' })
  to?: string | null;
}

/** What an order action returns (OrderActionsService): the order after it, and the own contribution it refunds. */
export interface OrderActionOutcome {
  order: OrderView;
  refundCents: number;
  /** deliverOrder: until when the provider can undo the delivery (undoDelivery); null otherwise. */
  undoUntil?: Date | null;
}

@ObjectType({ description: 'The outcome of an order action (accept, reject, deliver, cancel).' })
export class OrderActionPayload extends Payload(
  OrderView,
  'order',
  'The order after the action; null when it was refused.',
) {
  @Field(() => Int, {
    description: 'Own contribution to be refunded to the customer because of this action, in cents (0 if none).',
  })
  refundCents = 0;

  @Field(() => Date, {
    nullable: true,
    description:
      'After deliverOrder: until when the provider can undo the delivery (undoDelivery). Null for other actions, or when it cannot be undone.',
  })
  undoUntil: Date | null = null;

  /** The one mapping (Payload.from) of the order, plus the refund beside it. */
  static fromOutcome(result: Result<OrderActionOutcome>): OrderActionPayload {
    const payload = OrderActionPayload.from(
      result.ok ? { ok: true, value: result.value.order } : result,
    ) as OrderActionPayload;
    payload.refundCents = result.ok ? result.value.refundCents : 0;
    payload.undoUntil = result.ok ? (result.value.undoUntil ?? null) : null;
    return payload;
  }
}

export enum CounterMatch {
  CARD = 'CARD',
  PICKUP_CODE = 'PICKUP_CODE',
}
registerEnumType(CounterMatch, {
  valuesConfig: { CARD: { description: 'A card number.' }, PICKUP_CODE: { description: 'An order’s pickup code.' } },
  name: 'CounterMatch',
  description: 'What the counter look-up recognised: a card number or a pickup code.',
});

/** What the counter look-up found (CounterService): how, whose (first name only), and the open orders. */
export interface CounterLookup {
  matchedBy: CounterMatch;
  customerFirstName: string | null;
  orders: OrderView[];
}

@ObjectType({ description: 'The counter screen’s look-up: one customer’s open orders with the provider.' })
export class CounterLookupPayload {
  @Field(() => CounterMatch, {
    description: 'What the code matched: a card or a pickup code; null when nothing matched.',
    nullable: true,
  })
  matchedBy!: CounterMatch | null;

  @Field(() => String, { nullable: true, description: 'The customer’s first name only.' })
  @PersonalData(PersonalDataKind.NAME)
  customerFirstName!: string | null;

  @Field(() => [OrderView], {
    description:
      'Open (placed or accepted) orders of this customer’s household with the logged-in provider, oldest first.',
  })
  orders!: OrderView[];

  @Field(() => [UserError], { description: 'Empty when it worked; otherwise what is wrong, in Dutch.' })
  errors!: UserError[];

  /** The service's Result onto the payload: the look-up's fields and no errors, or empty fields and the errors. */
  static from(result: Result<CounterLookup>): CounterLookupPayload {
    return Object.assign(
      new CounterLookupPayload(),
      result.ok
        ? { ...result.value, errors: [] }
        : { matchedBy: null, customerFirstName: null, orders: [], errors: [...result.errors] },
    );
  }
}
