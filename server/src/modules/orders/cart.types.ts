import { Field, ID, InputType, Int, ObjectType } from 'type-graphql';
import { UserError } from '../../kernel/errors.js';
import { Payload } from '../../graphql/payload.js';
import type { Result } from '../../kernel/result.js';

@InputType({ description: 'A product and how many (1–99).' })
export class CartLineInput {
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

@ObjectType('CartBeneficiary', { description: 'A household member a cart line can be for.' })
export class CartBeneficiaryView {
  @Field(() => ID, { description: 'The household member’s id.' })
  id!: string;

  @Field(() => String, { description: 'The household member’s name.' })
  name!: string;
}

@ObjectType('CartLine', { description: 'One product in the cart.' })
export class CartLineView {
  @Field(() => ID, { description: 'Stable per cart and product.' })
  id!: string;

  @Field(() => ID, { description: 'The product’s id.' })
  productId!: string;

  @Field(() => String, { description: 'The product’s title.' })
  title!: string;

  @Field(() => String, { description: 'For the product URL; empty when the product is unknown.' })
  slug!: string;

  @Field(() => Int, { description: 'The product’s price, in cents.' })
  unitPriceCents!: number;

  @Field(() => Int, { description: 'How many (1–99).' })
  quantity!: number;

  @Field(() => Int, { description: 'The line’s total (unit price times quantity), in cents.' })
  totalCents!: number;

  @Field(() => Boolean, {
    description: 'Whether it can be ordered now (approved, offered here, not temporarily unavailable).',
  })
  available!: boolean;

  @Field(() => String, { nullable: true, description: 'Why not, in Dutch; null when available.' })
  unavailableReason!: string | null;

  @Field(() => ID, {
    nullable: true,
    description:
      'For which household member the line is (not chosen: the person who orders); null in a visitor’s cart.',
  })
  beneficiaryId!: string | null;

  @Field(() => String, {
    nullable: true,
    description: 'Their name, when the household has budgets of one member; null otherwise.',
  })
  beneficiaryName!: string | null;

  @Field(() => [CartBeneficiaryView], {
    description:
      'The household members to choose from ("Voor wie?"), only when a budget of one member could pay for this product; empty otherwise.',
  })
  beneficiaryOptions!: CartBeneficiaryView[];
}

@ObjectType('CartProviderGroup', { description: 'The lines of one provider: they become one order.' })
export class CartProviderGroupView {
  @Field(() => ID, { nullable: true, description: 'Null for lines whose product is unknown.' })
  providerId!: string | null;

  @Field(() => String, { description: 'The provider’s name.' })
  providerName!: string;

  @Field(() => String, { description: 'The provider’s name in URLs; null when it has no public page.', nullable: true })
  providerSlug!: string | null;

  @Field(() => [CartLineView], { description: 'The lines of this provider’s products.' })
  lines!: CartLineView[];

  @Field(() => Int, { description: 'Of the available lines.' })
  subtotalCents!: number;
}

@ObjectType('Cart', { description: 'A cart: the lines grouped per provider, in the order they were added.' })
export class CartView {
  @Field(() => ID, {
    description: '"mine" for the logged-in customer’s cart, "anonymous" for a cart from the browser.',
  })
  id!: string;

  @Field(() => [CartProviderGroupView], {
    description: 'The lines grouped per provider: checkout makes one order per provider.',
  })
  groups!: CartProviderGroupView[];

  @Field(() => Int, { description: 'Different products.' })
  lineCount!: number;

  @Field(() => Int, { description: 'Items: the quantities added up.' })
  itemCount!: number;

  @Field(() => Int, { description: 'Of the available lines.' })
  totalCents!: number;

  @Field(() => Boolean, { description: 'Some line cannot be ordered now.' })
  hasUnavailable!: boolean;
}

@ObjectType({ description: 'The result of a cart change: the cart as it is now.' })
export class CartPayload extends Payload(CartView, 'cart', 'The cart after the change (also when there are errors).') {
  /** The one mapping (Payload.from), except that a refused change still shows the cart as it is now. */
  static async after(result: Result<CartView>, current: () => Promise<CartView>): Promise<CartPayload> {
    const payload = CartPayload.from(result) as CartPayload;
    payload.cart ??= await current();
    return payload;
  }
}

@ObjectType('CheckoutPreviewAllocation', { description: 'What one assignment would pay.' })
export class PreviewAllocationView {
  @Field(() => ID, { description: 'The id of the assignment that pays.' })
  assignmentId!: string;

  @Field(() => String, { description: 'The arrangement of the assignment.' })
  arrangementName!: string;

  @Field(() => Int, { description: 'How much this assignment pays, in cents.' })
  amountCents!: number;
}

@ObjectType('CheckoutPreviewLine', { description: 'One line of a previewed order.' })
export class PreviewLineView {
  @Field(() => ID, { description: 'The product’s id.' })
  productId!: string;

  @Field(() => String, { description: 'The product’s title.' })
  title!: string;

  @Field(() => Int, { description: 'How many.' })
  quantity!: number;

  @Field(() => Int, { description: 'The product’s price, in cents.' })
  unitPriceCents!: number;

  @Field(() => Int, { description: 'The line’s total, in cents.' })
  totalCents!: number;

  @Field(() => Int, { description: 'Paid from the budget.' })
  budgetCents!: number;

  @Field(() => Int, { description: 'Own contribution.' })
  contributionCents!: number;

  @Field(() => ID, { nullable: true, description: 'The household member the line is for.' })
  beneficiaryId!: string | null;

  @Field(() => String, { nullable: true, description: 'Their name.' })
  beneficiaryName!: string | null;

  @Field(() => [PreviewAllocationView], { description: 'Which assignments pay, the one that expires first first.' })
  allocations!: PreviewAllocationView[];
}

@ObjectType('CheckoutPreviewOrder', { description: 'One provider’s part: becomes one order.' })
export class PreviewOrderView {
  @Field(() => ID, { description: 'The provider’s id.' })
  providerId!: string;

  @Field(() => String, { description: 'The provider’s name.' })
  providerName!: string;

  @Field(() => [PreviewLineView], { description: 'The order’s lines.' })
  lines!: PreviewLineView[];

  @Field(() => Int, { description: 'The order’s total, in cents.' })
  totalCents!: number;

  @Field(() => Int, { description: 'How much of this order the budget pays, in cents.' })
  budgetCents!: number;

  @Field(() => Int, { description: 'How much the resident pays themselves (own contribution), in cents.' })
  contributionCents!: number;
}

@ObjectType('CheckoutPreview', {
  description:
    'What the checkout would do now, without booking anything. The budget can still change before you order.',
})
export class CheckoutPreviewView {
  @Field(() => [PreviewOrderView], { description: 'The orders checkout would place, one per provider.' })
  orders!: PreviewOrderView[];

  @Field(() => Int, { description: 'The total of all orders, in cents.' })
  totalCents!: number;

  @Field(() => Int, { description: 'How much the budget pays in total, in cents.' })
  budgetCents!: number;

  @Field(() => Int, { description: 'To pay yourself (iDEAL) after ordering; 0 when the budget covers everything.' })
  contributionCents!: number;

  @Field(() => Boolean, { description: 'True when the checkout would go through now (no errors).' })
  canOrder!: boolean;

  @Field(() => [UserError], {
    description: 'Why it cannot be ordered (EMPTY, UNAVAILABLE, NOT_PAYABLE, INSUFFICIENT_BUDGET…).',
  })
  errors!: UserError[];
}
