import { Entity, ManyToOne, PrimaryKey, Property } from '@mikro-orm/decorators/legacy';
import type { Opt, Ref } from '@mikro-orm/core';
import { Person } from '../customers/index.js';
import { Product } from '../catalogue/index.js';
import { applicationNow } from '../../kernel/clock.js';
import type { HandoverMethodName, RedemptionMethodName } from '../../rules/handover.js';
import { IdEntity, TimestampedEntity } from '../../platform/entity.js';

export type OrderStatus = 'AWAITING_PAYMENT' | 'PLACED' | 'ACCEPTED' | 'DELIVERED' | 'CANCELLED';

/** A line in a customer's cart (kept per person, server-side, once logged in). */
@Entity({ tableName: 'cart_line' })
export class CartLine extends TimestampedEntity {
  @ManyToOne(() => Person, { ref: true, deleteRule: 'cascade' })
  person!: Ref<Person>;

  @ManyToOne(() => Product, { ref: true, deleteRule: 'cascade' })
  product!: Ref<Product>;

  @Property({ type: 'integer' })
  quantity!: number;

  /** For which household member (a member-bound budget pays only for that member's lines); null: not chosen. */
  @Property({ type: 'uuid', nullable: true })
  beneficiaryId?: string | null;
}

/** One "bestellen" click: split into one order per provider; the own contribution is one payment for all of it. */
@Entity({ tableName: 'checkout' })
export class Checkout extends IdEntity {
  @Property({ type: 'uuid' })
  clientGroupId!: string;

  @Property({ type: 'uuid', nullable: true })
  personId?: string | null;

  @Property({ type: 'uuid' })
  municipalityId!: string;

  @Property({ type: 'text' })
  idempotencyKey!: string;

  @Property({ type: 'integer' })
  totalCents!: number;

  @Property({ type: 'integer' })
  budgetCents!: number;

  @Property({ type: 'integer' })
  contributionCents!: number;

  @Property({ type: 'timestamptz' })
  createdAt: Date & Opt = applicationNow();
}

@Entity({ tableName: 'customer_order' })
export class Order extends TimestampedEntity {
  /** Human-readable, e.g. B100001 (from the order_number_seq sequence). */
  @Property({ type: 'text' })
  number!: string;

  @Property({ type: 'uuid' })
  checkoutId!: string;

  @Property({ type: 'uuid' })
  clientGroupId!: string;

  @Property({ type: 'uuid', nullable: true })
  personId?: string | null;

  @Property({ type: 'uuid' })
  providerId!: string;

  @Property({ type: 'uuid' })
  municipalityId!: string;

  @Property({ type: 'text' })
  status!: OrderStatus;

  @Property({ type: 'integer' })
  totalCents!: number;

  @Property({ type: 'integer' })
  budgetCents!: number;

  @Property({ type: 'integer' })
  contributionCents!: number;

  /** Only the household ever reads it: the resident proves a hand-over with it at the counter. */
  @Property({ type: 'text' })
  pickupCode!: string;

  /**
   * How the order reaches the resident, copied at checkout from its products (the strictest line: rules/handover.ts).
   * PICKUP and VOUCHER_CODE are handed over only at the counter with the card or the code; DELIVERY is sent.
   */
  @Property({ type: 'text' })
  redemptionMethod: RedemptionMethodName & Opt = 'PICKUP';

  @Property({ type: 'text', nullable: true })
  cancelReason?: string | null;

  /** Placed by staff on the resident's behalf (a resident without DigiD or under administration). */
  @Property({ type: 'boolean' })
  placedOnBehalf: boolean & Opt = false;

  /** The staff member who placed it on the resident's behalf (null once that account is gone). */
  @Property({ type: 'uuid', nullable: true })
  placedByAdminAccountId?: string | null;

  /** Why staff placed it on the resident's behalf (shown to the resident). */
  @Property({ type: 'text', nullable: true })
  placedOnBehalfReason?: string | null;
}

@Entity({ tableName: 'order_line' })
export class OrderLine extends IdEntity {
  @Property({ type: 'uuid' })
  orderId!: string;

  @Property({ type: 'uuid' })
  productId!: string;

  /** The title at the time of ordering. */
  @Property({ type: 'text' })
  title!: string;

  @Property({ type: 'integer' })
  unitPriceCents!: number;

  @Property({ type: 'integer' })
  quantity!: number;

  @Property({ type: 'integer' })
  totalCents!: number;

  /** The household member the line is for (null: ordered before lines had one). */
  @Property({ type: 'uuid', nullable: true })
  beneficiaryId?: string | null;
}

/** How much of an order one assignment paid. */
@Entity({ tableName: 'order_allocation' })
export class OrderAllocation {
  @PrimaryKey({ type: 'uuid' })
  orderId!: string;

  @PrimaryKey({ type: 'uuid' })
  assignmentId!: string;

  @Property({ type: 'integer' })
  amountCents!: number;
}

/** The order's timeline: every status change, who made it, when and why. */
@Entity({ tableName: 'order_event' })
export class OrderEvent {
  @PrimaryKey({ type: 'bigint', autoincrement: true })
  id!: string;

  @Property({ type: 'uuid' })
  orderId!: string;

  @Property({ type: 'text', nullable: true })
  fromStatus?: OrderStatus | null;

  @Property({ type: 'text' })
  toStatus!: OrderStatus;

  @Property({ type: 'text' })
  actorKind!: string;

  @Property({ type: 'uuid', nullable: true })
  actorId?: string | null;

  @Property({ type: 'text', nullable: true })
  reason?: string | null;

  /** On a step to DELIVERED (and only there: a database check): how the order was handed over. */
  @Property({ type: 'text', nullable: true })
  handoverMethod?: HandoverMethodName | null;

  @Property({ type: 'timestamptz' })
  at: Date & Opt = applicationNow();
}
