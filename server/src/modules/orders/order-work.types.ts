import { Field, ID, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import { Connection, emptyConnection, type ConnectionOf } from '../../graphql/pagination.js';
import { UserError } from '../../graphql/errors.js';
import { OrderStatusEnum, OrderView } from './order.types.js';
import { PersonalData, PersonalDataKind } from '../../graphql/personal-data.js';

/**
 * GraphQL types for working with orders after checkout: the provider's and the staff lists (connections), the
 * actions (accept, reject, deliver, cancel) and the counter look-up.
 */

@ObjectType()
export class OrderConnection extends Connection(OrderView, 'Order') {}

export type OrderPage = ConnectionOf<OrderView>;

export const EMPTY_ORDER_PAGE: OrderPage = emptyConnection();

@InputType({ description: 'Filters for the staff order list; all optional and combined with AND.' })
export class AdminOrderFilter {
  @Field(() => String, { nullable: true, description: 'An order number (B100001, or only its digits); the start of a number matches too.' })
  search?: string | null;

  @Field(() => OrderStatusEnum, { nullable: true })
  status?: OrderStatusEnum | null;

  @Field(() => ID, { nullable: true })
  providerId?: string | null;

  @Field(() => String, { nullable: true, description: 'Ordered on or after this date (YYYY-MM-DD, Dutch time).' })
  from?: string | null;

  @Field(() => String, { nullable: true, description: 'Ordered on or before this date (YYYY-MM-DD, Dutch time).' })
  to?: string | null;
}

@ObjectType({ description: 'The outcome of an order action (accept, reject, deliver, cancel).' })
export class OrderActionPayload {
  @Field(() => OrderView, { nullable: true, description: 'The order after the action; null when it was refused.' })
  order!: OrderView | null;

  @Field(() => Int, { description: 'Own contribution to be refunded to the customer because of this action, in cents (0 if none).' })
  refundCents!: number;

  @Field(() => [UserError])
  errors!: UserError[];
}

export enum CounterMatch {
  CARD = 'CARD',
  PICKUP_CODE = 'PICKUP_CODE',
}
registerEnumType(CounterMatch, { name: 'CounterMatch', description: 'What the counter look-up recognised: a card number or a pickup code.' });

@ObjectType({ description: 'The counter screen’s look-up: one customer’s open orders with the provider.' })
export class CounterLookupPayload {
  @Field(() => CounterMatch, { nullable: true })
  matchedBy!: CounterMatch | null;

  @Field(() => String, { nullable: true, description: 'The customer’s first name only.' })
  @PersonalData(PersonalDataKind.NAME)
  customerFirstName!: string | null;

  @Field(() => [OrderView], { description: 'Open (placed or accepted) orders of this customer’s household with the logged-in provider, oldest first.' })
  orders!: OrderView[];

  @Field(() => [UserError])
  errors!: UserError[];
}
