import type { RequestContext } from '../../kernel/request-context.js';
import { ok, problem, type Result } from '../../kernel/result.js';
import { Audience } from '../../kernel/permissions.js';
import { isUuid } from '../../graphql/ids.js';
import { CART_LIMITS, CART_MESSAGES, cartQuantityRule } from '../../rules/cart.js';
import { inOffer, offerFor } from '../catalogue/index.js';
import { today as todayOn } from '../../kernel/clock.js';
import type { CheckoutPlan } from './checkout-plan.js';
import * as q from './cart.queries.js';
import type { CartProductRow } from './cart.queries.js';
import type { CheckoutService, CheckoutLineInput } from './checkout.service.js';
import {
  CartBeneficiaryView,
  CartLineView,
  CartProviderGroupView,
  CartView,
  CheckoutPreviewView,
  PreviewAllocationView,
  PreviewLineView,
  PreviewOrderView,
} from './cart.types.js';

/** At most this many different products in a cart (the checkout's limit too; rules/cart.ts). */
export const MAX_CART_LINES = CART_LIMITS.lines;
const MAX_QUANTITY = CART_LIMITS.quantityMax;

interface BeneficiaryChoice {
  viewerId: string;
  /** Categories a member-bound budget of the household may pay for. */
  categories: Set<string>;
  options: CartBeneficiaryView[];
}

const NOT_IN_YOUR_MUNICIPALITY = 'Dit product wordt in uw gemeente niet aangeboden. U kunt het daarom niet bestellen.';
const QUANTITY_ERROR = CART_MESSAGES.quantity;
const BENEFICIARY_ERROR = 'Kies iemand uit uw huishouden.';
const validQuantity = (q: unknown): q is number => typeof q === 'number' && cartQuantityRule.check(q).ok;

/**
 * The customer's cart, kept on the server per person (cart_line), and the same view for a cart a visitor keeps in the
 * browser. Every method works on the viewer's own lines only: lines are addressed by product, never by a line id, so a
 * customer can neither see nor change another person's cart.
 */
export class CartService {
  constructor(private readonly checkout: CheckoutService) {}

  private personId(ctx: RequestContext): string {
    if (ctx.viewer.kind !== Audience.CUSTOMER) throw new Error('the cart needs a customer');
    return ctx.viewer.personId;
  }

  /** The logged-in customer's cart. */
  async mine(ctx: RequestContext): Promise<CartView> {
    const personId = this.personId(ctx);
    const lines = await q.cartLines(ctx.em, personId);
    return this.build(
      ctx,
      'mine',
      lines.map((l) => ({ productId: l.product_id, quantity: l.quantity, beneficiaryId: l.beneficiary_id })),
      true,
    );
  }

  /** A visitor's cart from the browser, with the product details (only public products show their title). */
  async fromLines(ctx: RequestContext, input: CheckoutLineInput[]): Promise<CartView> {
    const merged = new Map<string, number>();
    for (const l of input.slice(0, MAX_CART_LINES)) {
      if (!isUuid(l.productId) || !validQuantity(l.quantity)) continue;
      merged.set(l.productId, Math.min(MAX_QUANTITY, (merged.get(l.productId) ?? 0) + l.quantity));
    }
    return this.build(
      ctx,
      'anonymous',
      [...merged].map(([productId, quantity]) => ({ productId, quantity })),
      false,
    );
  }

  /**
   * The changes return the cart after them. A refused change changed nothing; the resolver still shows the cart as it
   * is (CartPayload.after). A merge that had to leave products out did change the cart and is refused with UNAVAILABLE.
   */
  async add(
    ctx: RequestContext,
    productId: string,
    quantity: number,
    beneficiaryId?: string | null,
  ): Promise<Result<CartView>> {
    const personId = this.personId(ctx);
    if (!validQuantity(quantity)) return problem('quantity', 'INVALID_QUANTITY', QUANTITY_ERROR);
    if (beneficiaryId != null && !(await this.checkout.members(ctx)).has(beneficiaryId)) {
      return problem('beneficiaryId', 'INVALID_BENEFICIARY', BENEFICIARY_ERROR);
    }
    const product = isUuid(productId) ? (await this.products(ctx, [productId]))[0] : undefined;
    if (product && !product.offered && product.offered_anywhere) {
      return problem('productId', 'NOT_OFFERED_HERE', NOT_IN_YOUR_MUNICIPALITY);
    }
    if (!product || !this.orderable(product)) {
      return problem('productId', 'UNAVAILABLE', 'Dit product kunt u nu niet bestellen.');
    }
    const n = await q.countOtherLines(ctx.em, personId, productId);
    if (n >= MAX_CART_LINES) {
      return problem('productId', 'CART_FULL', CART_MESSAGES.full);
    }
    const added = await q.addToLine(
      ctx.em,
      { personId, productId, quantity, beneficiaryId: beneficiaryId ?? null, now: ctx.clock.now() },
      MAX_QUANTITY,
    );
    if (!added) {
      return problem('quantity', 'INVALID_QUANTITY', CART_MESSAGES.tooMany);
    }
    return ok(await this.mine(ctx));
  }

  async setQuantity(ctx: RequestContext, productId: string, quantity: number): Promise<Result<CartView>> {
    const personId = this.personId(ctx);
    if (!validQuantity(quantity)) return problem('quantity', 'INVALID_QUANTITY', QUANTITY_ERROR);
    const found = isUuid(productId)
      ? await q.setLineQuantity(ctx.em, personId, productId, quantity, ctx.clock.now())
      : false;
    if (!found) return problem('productId', 'NOT_FOUND', 'Dit product staat niet in uw winkelwagen.');
    return ok(await this.mine(ctx));
  }

  /**
   * For whom a line is: a member of the household (null: the person who orders). A budget of one member (a child's
   * Kindpakket) pays only for that member's lines; the checkout checks it again.
   */
  async setBeneficiary(
    ctx: RequestContext,
    productId: string,
    beneficiaryId: string | null,
  ): Promise<Result<CartView>> {
    const personId = this.personId(ctx);
    if (beneficiaryId != null && !(await this.checkout.members(ctx)).has(beneficiaryId)) {
      return problem('beneficiaryId', 'INVALID_BENEFICIARY', BENEFICIARY_ERROR);
    }
    const found = isUuid(productId)
      ? await q.setLineBeneficiary(ctx.em, personId, productId, beneficiaryId, ctx.clock.now())
      : false;
    if (!found) return problem('productId', 'NOT_FOUND', 'Dit product staat niet in uw winkelwagen.');
    return ok(await this.mine(ctx));
  }

  async remove(ctx: RequestContext, productId: string): Promise<Result<CartView>> {
    const personId = this.personId(ctx);
    if (isUuid(productId)) await q.deleteLine(ctx.em, personId, productId);
    return ok(await this.mine(ctx));
  }

  /**
   * The cart a visitor built before logging in joins the server cart: quantities add up (at most 99 each); products
   * that cannot be ordered here are left out, and reported.
   */
  async merge(ctx: RequestContext, input: CheckoutLineInput[]): Promise<Result<CartView>> {
    const personId = this.personId(ctx);
    const merged = new Map<string, number>();
    let invalid = 0;
    for (const l of input.slice(0, MAX_CART_LINES)) {
      if (!isUuid(l.productId) || !validQuantity(l.quantity)) {
        invalid++;
        continue;
      }
      merged.set(l.productId, Math.min(MAX_QUANTITY, (merged.get(l.productId) ?? 0) + l.quantity));
    }
    const products = await this.products(ctx, [...merged.keys()]);
    // Temporarily unavailable products are kept (they show as such); products not offered in the resident's
    // municipality are not.
    const keep = new Set(products.filter((p) => p.offered).map((p) => p.id));
    const existing = new Set(await q.lineProductIds(ctx.em, personId));
    const room = MAX_CART_LINES - existing.size;
    const newOnes = [...merged.keys()].filter((id) => keep.has(id) && !existing.has(id));
    const accepted = [...merged].filter(([id]) => keep.has(id) && (existing.has(id) || newOnes.indexOf(id) < room));
    if (accepted.length) {
      await q.mergeLines(ctx.em, personId, accepted, MAX_QUANTITY, ctx.clock.now());
    }
    const left = merged.size + invalid - accepted.length;
    if (left === 0) return ok(await this.mine(ctx));
    return problem(
      'lines',
      'UNAVAILABLE',
      left === 1
        ? 'Eén product uit uw winkelwagen kunt u hier niet bestellen; het is weggelaten.'
        : `${left} producten uit uw winkelwagen kunt u hier niet bestellen; ze zijn weggelaten.`,
    );
  }

  /**
   * How the budget would pay for the cart (or the given lines) now, per line: the checkout's own preparation and plan,
   * on the current balances, without booking anything.
   */
  async preview(ctx: RequestContext, lines?: CheckoutLineInput[] | null): Promise<CheckoutPreviewView> {
    const { plan, prepared } = await this.checkout.preview(ctx, lines);
    if (!plan) {
      return Object.assign(new CheckoutPreviewView(), {
        orders: [],
        totalCents: 0,
        budgetCents: 0,
        contributionCents: 0,
        canOrder: false,
        errors: prepared.errors,
      });
    }
    return this.previewView(
      ctx,
      plan,
      'eligible' in prepared ? prepared.eligible : new Map(),
      'members' in prepared ? prepared.members : new Map(),
    );
  }

  private async previewView(
    ctx: RequestContext,
    plan: CheckoutPlan,
    eligible: Map<string, { id: string; arrangement_name: string }[]>,
    members: Map<string, string>,
  ): Promise<CheckoutPreviewView> {
    const arrangementNames = new Map([...eligible.values()].flat().map((a) => [a.id, a.arrangement_name]));
    const providerIds = plan.providers.map((p) => p.providerId);
    const providers = providerIds.length ? await q.providerNames(ctx.em, providerIds) : [];
    const providerNames = new Map(providers.map((p) => [p.id, p.name]));
    const allocationViews = (allocations: Map<string, number>) =>
      [...allocations].map(([assignmentId, amountCents]) =>
        Object.assign(new PreviewAllocationView(), {
          assignmentId,
          arrangementName: arrangementNames.get(assignmentId) ?? '',
          amountCents,
        }),
      );
    return Object.assign(new CheckoutPreviewView(), {
      orders: plan.providers.map((p) =>
        Object.assign(new PreviewOrderView(), {
          providerId: p.providerId,
          providerName: providerNames.get(p.providerId) ?? '',
          totalCents: p.total,
          budgetCents: p.budget,
          contributionCents: p.contribution,
          lines: p.lines.map((l) =>
            Object.assign(new PreviewLineView(), {
              productId: l.product.id,
              title: l.product.title,
              quantity: l.quantity,
              unitPriceCents: l.product.price_cents,
              totalCents: l.total,
              budgetCents: l.total - l.contribution,
              contributionCents: l.contribution,
              beneficiaryId: l.beneficiaryId,
              beneficiaryName: l.beneficiaryId ? (members.get(l.beneficiaryId) ?? null) : null,
              allocations: allocationViews(l.allocations),
            }),
          ),
        }),
      ),
      totalCents: plan.totalCents,
      budgetCents: plan.budgetCents,
      contributionCents: plan.contributionCents,
      canOrder: plan.refusals.length === 0,
      errors: plan.refusals,
    });
  }

  /**
   * Products with what decides whether this viewer can order them: `offered` is "in the offer this viewer sees" (a
   * resident: approved in their municipality; a visitor: in at least one), `offered_anywhere` "in some offer".
   */
  private products(ctx: RequestContext, ids: string[]): Promise<CartProductRow[]> {
    if (!ids.length) return Promise.resolve([]);
    const here = offerFor(ctx);
    const anywhere = inOffer(null);
    return q.cartProducts(ctx.em, ids, here, anywhere);
  }

  /**
   * What the "Voor wie?" choice needs: the household's members, and per category the members whose own budget (an
   * active assignment with a beneficiary) may pay for it. Null when nobody in the household has a budget of their own.
   */
  private async beneficiaryChoice(ctx: RequestContext): Promise<BeneficiaryChoice | null> {
    if (ctx.viewer.kind !== Audience.CUSTOMER) return null;
    const today = todayOn(ctx.clock);
    const bound = await q.memberBudgetCategories(ctx.em, ctx.viewer.clientGroupId, today);
    if (!bound.length) return null;
    const members = await this.checkout.members(ctx);
    return {
      viewerId: ctx.viewer.personId,
      categories: new Set(bound),
      options: [...members].map(([id, name]) => Object.assign(new CartBeneficiaryView(), { id, name })),
    };
  }

  private beneficiaryFields(
    choice: BeneficiaryChoice | null,
    categoryId: string | undefined,
    stored: string | null,
  ): Pick<CartLineView, 'beneficiaryId' | 'beneficiaryName' | 'beneficiaryOptions'> {
    if (!choice) return { beneficiaryId: stored, beneficiaryName: null, beneficiaryOptions: [] };
    const beneficiaryId = stored ?? choice.viewerId;
    const beneficiaryName = choice.options.find((o) => o.id === beneficiaryId)?.name ?? null;
    const asks = categoryId != null && choice.categories.has(categoryId) && choice.options.length > 1;
    return { beneficiaryId, beneficiaryName, beneficiaryOptions: asks ? choice.options : [] };
  }

  private orderable(p: CartProductRow): boolean {
    return p.offered && p.availability === 'AVAILABLE';
  }

  /** Why a line can not be ordered (null: it can). */
  private unavailableReason(p: CartProductRow | undefined): string | null {
    if (p && this.orderable(p)) return null;
    if (p?.offered) return 'Dit product is tijdelijk niet beschikbaar.';
    if (p?.offered_anywhere) return NOT_IN_YOUR_MUNICIPALITY;
    return 'Dit product is niet meer te bestellen.';
  }

  private async build(
    ctx: RequestContext,
    id: string,
    lines: { productId: string; quantity: number; beneficiaryId?: string | null }[],
    own: boolean,
  ): Promise<CartView> {
    const choice = own ? await this.beneficiaryChoice(ctx) : null;
    const products = new Map(
      (
        await this.products(
          ctx,
          lines.map((l) => l.productId),
        )
      ).map((p) => [p.id, p]),
    );
    const groups = new Map<string, CartProviderGroupView>();
    let itemCount = 0;
    let totalCents = 0;
    let hasUnavailable = false;
    for (const line of lines) {
      const p = products.get(line.productId);
      // A visitor only sees products of the public offer by name.
      const visible = p && (own || p.offered);
      const available = !!p && this.orderable(p);
      const reason = this.unavailableReason(p);
      const key = visible ? p!.provider_id : '';
      let group = groups.get(key);
      if (!group) {
        group = Object.assign(new CartProviderGroupView(), {
          providerId: visible ? p!.provider_id : null,
          providerName: visible ? p!.provider_name : 'Niet meer beschikbaar',
          providerSlug: visible ? p!.provider_slug : null,
          lines: [],
          subtotalCents: 0,
        });
        groups.set(key, group);
      }
      const unitPriceCents = visible ? p!.price_cents : 0;
      const lineTotal = unitPriceCents * line.quantity;
      group.lines.push(
        Object.assign(new CartLineView(), {
          id: `${id}:${line.productId}`,
          productId: line.productId,
          title: visible ? p!.title : 'Onbekend product',
          slug: visible ? p!.slug : '',
          unitPriceCents,
          quantity: line.quantity,
          totalCents: lineTotal,
          available,
          unavailableReason: reason,
          ...this.beneficiaryFields(choice, p?.category_id, line.beneficiaryId ?? null),
        }),
      );
      itemCount += line.quantity;
      if (available) {
        group.subtotalCents += lineTotal;
        totalCents += lineTotal;
      } else {
        hasUnavailable = true;
      }
    }
    return Object.assign(new CartView(), {
      id,
      groups: [...groups.values()],
      lineCount: lines.length,
      itemCount,
      totalCents,
      hasUnavailable,
    });
  }
}
