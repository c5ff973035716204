import { Arg, Ctx, ID, Int, Mutation, Query, Resolver } from 'type-graphql';
import type { Context } from '../../graphql/context.js';
import { Requires } from '../../graphql/auth/requires.js';
import { Audience } from '../../kernel/permissions.js';
import { CartLineInput, CartPayload, CartView, CheckoutPreviewView } from './cart.types.js';

@Resolver(() => CartView)
export class CartResolver {
  @Query(() => CartView, { description: 'The logged-in customer’s cart (kept on the server).' })
  @Requires(Audience.CUSTOMER)
  myCart(@Ctx() ctx: Context): Promise<CartView> {
    return ctx.services.cart.mine(ctx);
  }

  @Query(() => CartView, {
    description:
      'A cart a visitor keeps in the browser, with product details: for showing it before log-in. At most 100 lines.',
  })
  anonymousCart(
    @Arg('lines', () => [CartLineInput], { description: 'The cart’s lines as the browser keeps them.' })
    lines: CartLineInput[],
    @Ctx() ctx: Context,
  ): Promise<CartView> {
    return ctx.services.cart.fromLines(ctx, lines);
  }

  @Query(() => CheckoutPreviewView, {
    description:
      'How the budget would pay for the cart (or the given lines) now, per line, and the own contribution. Books nothing.',
  })
  @Requires(Audience.CUSTOMER)
  checkoutPreview(
    @Ctx() ctx: Context,
    @Arg('lines', () => [CartLineInput], {
      description: 'The lines to preview; null: the logged-in customer’s cart.',
      nullable: true,
    })
    lines?: CartLineInput[] | null,
  ): Promise<CheckoutPreviewView> {
    return ctx.services.cart.preview(ctx, lines);
  }

  @Mutation(() => CartPayload, {
    description: 'Adds a product (quantity 1–99) to the cart; adds up when it is there already.',
  })
  @Requires(Audience.CUSTOMER)
  async addToCart(
    @Arg('productId', () => ID, { description: 'The id of the product to add.' }) productId: string,
    @Arg('quantity', () => Int, { description: 'How many to add (1–99).', defaultValue: 1 }) quantity: number,
    @Ctx() ctx: Context,
    @Arg('beneficiaryId', () => ID, {
      nullable: true,
      description: 'For which household member (optional; kept when the product is in the cart already).',
    })
    beneficiaryId?: string | null,
  ): Promise<CartPayload> {
    return CartPayload.after(await ctx.services.cart.add(ctx, productId, quantity, beneficiaryId), () =>
      ctx.services.cart.mine(ctx),
    );
  }

  @Mutation(() => CartPayload, {
    description:
      'For which household member a line is ("Voor wie?"; null: the person who orders). A budget of one member pays only for that member’s lines.',
  })
  @Requires(Audience.CUSTOMER)
  async setCartBeneficiary(
    @Arg('productId', () => ID, { description: 'The id of the product in the cart.' }) productId: string,
    @Arg('beneficiaryId', () => ID, {
      description: 'The id of the household member the line is for; null for the person who orders.',
      nullable: true,
    })
    beneficiaryId: string | null,
    @Ctx() ctx: Context,
  ): Promise<CartPayload> {
    return CartPayload.after(await ctx.services.cart.setBeneficiary(ctx, productId, beneficiaryId ?? null), () =>
      ctx.services.cart.mine(ctx),
    );
  }

  @Mutation(() => CartPayload, { description: 'Sets how many of a product in the cart (1–99).' })
  @Requires(Audience.CUSTOMER)
  async setCartQuantity(
    @Arg('productId', () => ID, { description: 'The id of the product in the cart.' }) productId: string,
    @Arg('quantity', () => Int, { description: 'The new quantity (1–99).' }) quantity: number,
    @Ctx() ctx: Context,
  ): Promise<CartPayload> {
    return CartPayload.after(await ctx.services.cart.setQuantity(ctx, productId, quantity), () =>
      ctx.services.cart.mine(ctx),
    );
  }

  @Mutation(() => CartPayload, {
    description: 'Removes a product from the cart (nothing happens when it is not there).',
  })
  @Requires(Audience.CUSTOMER)
  async removeFromCart(
    @Arg('productId', () => ID, { description: 'The id of the product to remove.' }) productId: string,
    @Ctx() ctx: Context,
  ): Promise<CartPayload> {
    return CartPayload.after(await ctx.services.cart.remove(ctx, productId), () => ctx.services.cart.mine(ctx));
  }

  @Mutation(() => CartPayload, {
    description:
      'Merges a cart built before log-in into the customer’s cart: quantities add up (at most 99); what cannot be ordered is left out.',
  })
  @Requires(Audience.CUSTOMER)
  async mergeCart(
    @Arg('lines', () => [CartLineInput], { description: 'The lines of the cart kept in the browser before log-in.' })
    lines: CartLineInput[],
    @Ctx() ctx: Context,
  ): Promise<CartPayload> {
    return CartPayload.after(await ctx.services.cart.merge(ctx, lines), () => ctx.services.cart.mine(ctx));
  }
}
