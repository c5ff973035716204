import { randomBytes } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { RequestContext } from '../../kernel/request-context.js';
import { fail as failWith, ok, type Result } from '../../kernel/result.js';
import { UserError } from '../../kernel/errors.js';
import { Audience } from '../../kernel/permissions.js';
import { isUuid } from '../../graphql/ids.js';
import { inOffer } from '../catalogue/index.js';
import { applicationNow, today as todayOn } from '../../kernel/clock.js';
import { isNegativeBalanceError, type LedgerService } from '../ledger/index.js';
import { actorOf } from '../arrangements/index.js';
import { CartLine, Checkout, Order, OrderAllocation, OrderEvent, OrderLine } from './order.entities.js';
import type { OrderService } from './order.service.js';
import type { OrderViewParts, OrderViewService } from './order-view.service.js';
import type { PlacedCheckout } from './order.types.js';
import { Payment } from '../payments/index.js';
import type { PaymentService } from '../payments/index.js';
import { usableAssignment } from '../catalogue/index.js';
import { orderRedemptionMethod } from '../../rules/handover.js';
import { paysFor, planCheckout, type CheckoutPlan, type PlanAssignment, type PlanProduct } from './checkout-plan.js';
import * as q from './checkout.queries.js';

export interface CheckoutLineInput {
  productId: string;
  quantity: number;
  /**
   * For which household member the line is (a member-bound budget, e.g. a child's Kindpakket, pays only for that
   * member's lines). Optional: without it, the line is for the person who orders.
   */
  beneficiaryId?: string | null;
}

/** One line to order after merging: the same product for the same member once. */
export interface MergedLine {
  productId: string;
  beneficiaryId: string;
  quantity: number;
}

export interface CheckoutInputLike {
  idempotencyKey: string;
  lines?: CheckoutLineInput[] | null;
  expectedContributionCents?: number | null;
  /**
   * Staff placing the order for the resident (OnBehalfOrderService): the orders record who and why, and the ledger
   * and timeline name the staff member as the actor. The context's viewer is then the resident (as a customer).
   */
  onBehalf?: { adminAccountId: string; reason: string } | null;
}

/** A checkout booked (or found again by its idempotency key): its orders and the own-contribution payment, if any. */
export interface CheckoutOutcome {
  checkout: Checkout;
  orders: Order[];
  payment: Payment | null;
  /** What the orders' views are made of, when this checkout just wrote them (not when found again by its key). */
  parts?: OrderViewParts;
}

type ProductRow = PlanProduct;
type AssignmentRow = PlanAssignment;

/** The cart checked and looked up: what the plan needs, or why it cannot be ordered at all. */
export type PreparedCheckout =
  | { errors: UserError[] }
  /** A checkout with the idempotency key asked about exists already (prepare's `idempotencyKey`). */
  | { errors: []; earlier: true }
  | {
      errors: [];
      fromCart: boolean;
      /** provider id → name, of the products' providers. */
      providerNames: Map<string, string>;
      /** product and member → the line, in cart order (the same product for the same member twice is merged). */
      merged: Map<string, MergedLine>;
      /** The household's members: id → full name (for whom a line can be). */
      members: Map<string, string>;
      products: Map<string, ProductRow>;
      /** product id → the assignments that may pay for it, the one that expires first first. */
      eligible: Map<string, AssignmentRow[]>;
    };

const PICKUP_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'; // no 0/O, 1/I: read out at a counter

function pickupCode(): string {
  const bytes = randomBytes(8);
  return Array.from(bytes, (b) => PICKUP_ALPHABET[b % PICKUP_ALPHABET.length]).join('');
}

/**
 * Checkout: the cart becomes one order per provider. Each line is paid from the household's assignments that may pay
 * for it, taking first from the one that expires first; what the budget does not cover is the own contribution,
 * allowed only where every arrangement that may pay for the line allows it, and paid with one PSP payment.
 *
 * The budgets are locked (SELECT … FOR UPDATE) before they are read, so two checkouts can never spend the same euro;
 * the database's CHECK on the budget account is the last line of defence. Everything happens in one transaction:
 * a refused checkout leaves nothing behind. A repeated click with the same idempotency key returns the first result.
 */
export class CheckoutService {
  constructor(
    private readonly ledger: LedgerService,
    private readonly orders: OrderService,
    private readonly payments: PaymentService,
    private readonly orderViews: OrderViewService,
  ) {}

  /**
   * The checkout as the customer does it: booked (checkout), the own-contribution payment opened at the PSP
   * (startPayment), and the orders as the customer sees them.
   */
  async place(ctx: RequestContext, input: CheckoutInputLike): Promise<Result<PlacedCheckout>> {
    const result = await this.checkout(ctx, input);
    if (!result.ok) return result;
    const { checkout, orders, payment, parts } = result.value;
    const started = payment ? await this.startPayment(ctx, payment) : null;
    return ok({
      orders: parts ? this.orderViews.assemble(ctx, orders, parts) : await this.orderViews.views(ctx, orders),
      contributionCents: checkout.contributionCents,
      paymentUrl: started?.checkoutUrl ?? null,
    });
  }

  /**
   * After the checkout committed: open the own-contribution payment at the PSP (again: idempotent). When the PSP cannot
   * be reached the orders still stand (waiting for payment): the customer is sent to the cart page instead, which
   * shows the payment and offers to open the payment page again, and the expiry sweep cancels them if it is never paid.
   */
  async startPayment(ctx: RequestContext, payment: Payment): Promise<Payment> {
    try {
      return await this.payments.start(ctx.em, payment);
    } catch (error) {
      ctx.log.error({ err: error, paymentId: payment.id }, 'payment could not be started at the PSP');
      return { ...payment, checkoutUrl: this.payments.retryPath(payment.id) } as Payment;
    }
  }

  /**
   * Checks the lines (given, or the customer's cart) and looks up what the plan needs: the orderable products and the
   * household's active assignments that may pay for each. Reads only; the checkout and the preview share it.
   */
  async prepare(
    ctx: RequestContext,
    lines?: CheckoutLineInput[] | null,
    idempotencyKey: string | null = null,
  ): Promise<PreparedCheckout> {
    const viewer = ctx.viewer;
    if (viewer.kind !== Audience.CUSTOMER) throw new Error('checkout needs a customer');
    const fail = (...errors: UserError[]) => ({ errors });

    // The lines: given, or the customer's cart.
    const fromCart = !lines;
    const raw: CheckoutLineInput[] = lines
      ? lines
      : (await ctx.em.find(CartLine, { person: viewer.personId }, { orderBy: { createdAt: 'asc', id: 'asc' } })).map(
          (l) => ({
            productId: l.product.id,
            quantity: l.quantity,
            beneficiaryId: l.beneficiaryId ?? null,
          }),
        );
    if (!raw.length) return fail(UserError.of('lines', 'EMPTY', 'Uw winkelwagen is leeg.'));
    if (raw.length > 100)
      return fail(
        UserError.of('lines', 'TOO_MANY', 'U kunt hoogstens 100 verschillende producten tegelijk bestellen.'),
      );
    const errors: UserError[] = [];
    // What the checkout needs to know, read in one statement (one round trip): the household's members, the products
    // asked for, and the household's budgets that can be spent today (catalogue/payable.ts: the rule the offer shares).
    const productIds = [
      ...new Set(raw.map((l) => l.productId).filter((id): id is string => typeof id === 'string' && isUuid(id))),
    ];
    const here = inOffer(viewer.municipalityId);
    const anywhere = inOffer(null);
    const usable = usableAssignment(viewer.clientGroupId, todayOn(ctx.clock));
    // With `idempotencyKey`: whether that checkout exists already, in the same statement.
    const read = await q.checkoutReads(
      ctx.em,
      viewer.clientGroupId,
      productIds,
      { here, anywhere, usable },
      idempotencyKey,
    );
    if (read.earlier) return { errors: [], earlier: true };
    const members = new Map(read.members.map((r) => [r.id, r.name]));
    const merged = new Map<string, MergedLine>();
    raw.forEach((l, i) => {
      if (!Number.isInteger(l.quantity) || l.quantity < 1 || l.quantity > 99) {
        errors.push(UserError.of(`lines.${i}.quantity`, 'INVALID_QUANTITY', 'Kies een aantal van 1 tot en met 99.'));
      } else if (!isUuid(l.productId)) {
        errors.push(UserError.of(`lines.${i}.productId`, 'NOT_FOUND', 'Dit product bestaat niet (meer).'));
      } else if (l.beneficiaryId != null && !members.has(l.beneficiaryId)) {
        errors.push(UserError.of(`lines.${i}.beneficiaryId`, 'INVALID_BENEFICIARY', 'Kies iemand uit uw huishouden.'));
      } else {
        const beneficiaryId = l.beneficiaryId ?? viewer.personId;
        const key = `${l.productId}|${beneficiaryId}`;
        const before = merged.get(key);
        merged.set(key, { productId: l.productId, beneficiaryId, quantity: (before?.quantity ?? 0) + l.quantity });
      }
    });
    if ([...merged.values()].some((l) => l.quantity > 99)) {
      errors.push(UserError.of('lines', 'INVALID_QUANTITY', 'Kies per product een aantal van 1 tot en met 99.'));
    }
    if (errors.length) return fail(...errors);

    // Only products in the offer of the resident's own municipality, available now, can be ordered.
    const found = read.products;
    const products = new Map<string, ProductRow>();
    const notHere = new Map<string, string>();
    const providerNames = new Map<string, string>();
    for (const {
      availability,
      offered_here: offeredHere,
      offered_anywhere: offeredAnywhere,
      provider_name: providerName,
      ...p
    } of found) {
      providerNames.set(p.provider_id, providerName);
      if (offeredHere && availability === 'AVAILABLE') products.set(p.id, p);
      // Approved elsewhere, so its title is public: the resident may be told which product it is.
      else if (!offeredHere && offeredAnywhere) notHere.set(p.id, p.title);
    }
    // Which budgets may pay: the rule the offer's "te betalen met mijn regelingen" shares (catalogue/payable.ts).
    const assignments: AssignmentRow[] = read.assignments.map((a) => ({ ...a, created_at: new Date(a.created_at) }));
    const eligible = new Map<string, AssignmentRow[]>();
    for (const productId of new Set([...merged.values()].map((l) => l.productId))) {
      const p = products.get(productId);
      if (!p) {
        const title = notHere.get(productId);
        if (title) {
          errors.push(
            UserError.of(
              'lines',
              'NOT_OFFERED_HERE',
              `‘${title}’ wordt in uw gemeente niet aangeboden. Haal het uit uw winkelwagen.`,
            ),
          );
        } else {
          errors.push(
            UserError.of(
              'lines',
              'UNAVAILABLE',
              'Een product in uw winkelwagen is niet meer beschikbaar. Haal het uit uw winkelwagen.',
            ),
          );
        }
        continue;
      }
      const payers = assignments.filter((a) => a.category_ids.includes(p.category_id));
      if (!payers.length) {
        errors.push(UserError.of('lines', 'NOT_PAYABLE', `‘${p.title}’ kunt u met geen van uw regelingen betalen.`));
      }
      eligible.set(productId, payers);
    }
    // A budget of one member pays only for that member's lines: a line no budget may pay for is refused here.
    for (const { productId, beneficiaryId } of merged.values()) {
      const payers = eligible.get(productId);
      const p = products.get(productId);
      if (p && payers?.length && !payers.some((a) => paysFor(a, beneficiaryId))) {
        const name = members.get(beneficiaryId) ?? '';
        errors.push(
          UserError.of(
            'lines',
            'NOT_PAYABLE_FOR_MEMBER',
            `‘${p.title}’ kunt u voor ${name} met geen van uw regelingen betalen. Kies bij ‘Voor wie?’ voor wie het is.`,
          ),
        );
      }
    }
    if (errors.length) return fail(...errors);
    return { errors: [], fromCart, providerNames, merged, members, products, eligible };
  }

  /** The members of the viewer's household (not erased): id → full name. */
  async members(ctx: RequestContext): Promise<Map<string, string>> {
    const viewer = ctx.viewer;
    if (viewer.kind !== Audience.CUSTOMER) return new Map();
    const rows = await q.householdMembers(ctx.em, viewer.clientGroupId);
    return new Map(rows.map((r) => [r.id, r.name]));
  }

  /** The plan for prepared lines with the given balances. */
  plan(
    prepared: Extract<PreparedCheckout, { fromCart: boolean }>,
    balances: ReadonlyMap<string, number>,
  ): CheckoutPlan {
    const lines = [...prepared.merged.values()].map((l) => ({
      product: prepared.products.get(l.productId)!,
      quantity: l.quantity,
      beneficiaryId: l.beneficiaryId,
    }));
    return planCheckout(lines, prepared.eligible, balances);
  }

  /**
   * What the checkout would do now, without booking anything: per line how the budget covers it and the own
   * contribution. The same preparation and plan as the checkout, on the balances as they are (not locked).
   */
  async preview(
    ctx: RequestContext,
    lines?: CheckoutLineInput[] | null,
  ): Promise<{ plan: CheckoutPlan | null; prepared: PreparedCheckout }> {
    const prepared = await this.prepare(ctx, lines);
    if (!('fromCart' in prepared)) return { plan: null, prepared };
    const payerIds = [...new Set([...prepared.eligible.values()].flat().map((a) => a.id))];
    const balances = await this.ledger.assignmentBalances(ctx.em, payerIds, false);
    return { plan: this.plan(prepared, balances), prepared };
  }

  async checkout(ctx: RequestContext, input: CheckoutInputLike): Promise<Result<CheckoutOutcome>> {
    const viewer = ctx.viewer;
    if (viewer.kind !== Audience.CUSTOMER) throw new Error('checkout needs a customer');
    const fail = (error: UserError, ...errors: UserError[]) => failWith<CheckoutOutcome>(error, ...errors);

    const key = input.idempotencyKey?.trim() ?? '';
    if (!/^[A-Za-z0-9_-]{8,100}$/.test(key)) {
      return fail(UserError.of('idempotencyKey', 'INVALID', 'Vernieuw de pagina en probeer het opnieuw.'));
    }
    // A repeated click answers with the first checkout: whether there is one is read with the lines' products.
    const prepared = await this.prepare(ctx, input.lines, key);
    if (!('fromCart' in prepared)) {
      // Refused lines (an emptied cart among them) or found by its key: the first checkout, if there is one, first.
      const earlier = await this.existing(ctx.em, key, viewer.clientGroupId);
      if (earlier) return earlier;
      // Seen by the read, gone since (its household erased): nothing to answer with; a new key starts afresh.
      if ('earlier' in prepared)
        return fail(UserError.of('idempotencyKey', 'INVALID', 'Vernieuw de pagina en probeer het opnieuw.'));
      return failWith(...(prepared.errors as [UserError, ...UserError[]]));
    }
    const { fromCart, merged, eligible } = prepared;

    const actor = input.onBehalf ? { kind: 'STAFF' as const, id: input.onBehalf.adminAccountId } : actorOf(ctx);
    try {
      const outcome = await ctx.em.transactional(async (em) => {
        // Lock every budget this checkout may touch (in a fixed order: no deadlocks), look up the providers' payable
        // accounts and take the order numbers: one statement.
        const payerIds = [...new Set([...eligible.values()].flat().map((a) => a.id))];
        const providerIds = [
          ...new Set([...merged.values()].map((l) => prepared.products.get(l.productId)!.provider_id)),
        ];
        const { balances, budgetAccounts, payables, numbers } = await this.start(
          em,
          viewer.municipalityId,
          payerIds,
          providerIds,
        );
        const plan = this.plan(prepared, balances);
        if (plan.refusals.length) return { refused: plan.refusals };
        // The customer confirmed a preview: when the budget changed since, the own contribution would differ.
        if (input.expectedContributionCents != null && input.expectedContributionCents !== plan.contributionCents) {
          return {
            refused: [
              UserError.of(
                'lines',
                'BUDGET_CHANGED',
                'Uw tegoed is intussen veranderd. Bekijk uw winkelwagen en probeer het opnieuw.',
              ),
            ],
          };
        }
        // The providers' payable accounts are not locked: their balance is kept in parts, and a booking takes a part no
        // other checkout holds (ledger_balance_part), so checkouts at one provider do not queue.
        const paid = plan.providers.filter((p) => p.budget > 0);
        const missingBudgets = [
          ...new Set(paid.flatMap((p) => [...p.allocations.keys()]).filter((id) => !budgetAccounts.has(id))),
        ];
        if (missingBudgets.length) {
          const created = await this.ledger.assignmentAccounts(
            em,
            missingBudgets.map((assignmentId) => ({ municipalityId: viewer.municipalityId, assignmentId })),
          );
          for (const [assignmentId, accountId] of created) budgetAccounts.set(assignmentId, accountId);
        }
        for (const p of paid)
          if (!payables.has(p.providerId))
            payables.set(
              p.providerId,
              await this.ledger.providerPayableAccount(em, viewer.municipalityId, p.providerId),
            );

        // The checkout, its orders, lines and allocations go to the database in one statement (insertRows).
        const checkoutRow = Object.assign(new Checkout(), {
          clientGroupId: viewer.clientGroupId,
          personId: viewer.personId,
          municipalityId: viewer.municipalityId,
          idempotencyKey: key,
          totalCents: plan.totalCents,
          budgetCents: plan.budgetCents,
          contributionCents: plan.contributionCents,
        });
        const created: Order[] = [];
        const lines: OrderLine[] = [];
        const allocations: OrderAllocation[] = [];
        const spends = [];
        for (const [i, part] of plan.providers.entries()) {
          const { total, budget } = part;
          const order = Object.assign(new Order(), {
            number: `B${numbers[i]}`,
            checkoutId: checkoutRow.id,
            clientGroupId: viewer.clientGroupId,
            personId: viewer.personId,
            providerId: part.providerId,
            municipalityId: viewer.municipalityId,
            status: part.contribution > 0 ? 'AWAITING_PAYMENT' : 'PLACED',
            totalCents: total,
            budgetCents: budget,
            contributionCents: part.contribution,
            pickupCode: pickupCode(),
            redemptionMethod: orderRedemptionMethod(part.lines.map((l) => l.product.redemption_method ?? 'PICKUP')),
            placedOnBehalf: Boolean(input.onBehalf),
            placedByAdminAccountId: input.onBehalf?.adminAccountId ?? null,
            placedOnBehalfReason: input.onBehalf?.reason ?? null,
          });
          for (const l of part.lines) {
            lines.push(
              Object.assign(new OrderLine(), {
                orderId: order.id,
                productId: l.product.id,
                title: l.product.title,
                unitPriceCents: l.product.price_cents,
                quantity: l.quantity,
                totalCents: l.total,
                beneficiaryId: l.beneficiaryId,
              }),
            );
          }
          for (const [assignmentId, amountCents] of part.allocations)
            allocations.push(Object.assign(new OrderAllocation(), { orderId: order.id, assignmentId, amountCents }));
          if (budget > 0) {
            spends.push({
              kind: 'SPEND' as const,
              municipalityId: viewer.municipalityId,
              description: `Bestelling ${order.number}`,
              actor,
              orderId: order.id,
              entries: [
                ...[...part.allocations].map(([assignmentId, amount]) => ({
                  accountId: budgetAccounts.get(assignmentId)!,
                  amountCents: -amount,
                })),
                { accountId: payables.get(part.providerId)!, amountCents: budget },
              ],
            });
          }
          created.push(order);
        }
        // The orders' first events go in with them; the listeners are told after the bookings.
        const events = this.orders.createdEvents(created, actor);
        await this.insertRows(em, checkoutRow, created, lines, allocations, events);
        // Every SPEND booking in one statement; a budget that would go below zero fails the whole transaction.
        await this.ledger.postMany(em, spends);
        let payment: Payment | null = null;
        if (checkoutRow.contributionCents > 0) {
          payment = em.create(Payment, {
            checkoutId: checkoutRow.id,
            municipalityId: viewer.municipalityId,
            provider: this.payments.gateway.name,
            amountCents: checkoutRow.contributionCents,
          });
        }
        if (fromCart)
          await em.nativeDelete(CartLine, {
            person: viewer.personId,
            product: { $in: [...new Set([...merged.values()].map((l) => l.productId))] },
          });
        // The listeners told of all orders at once (one message insert); the payment, if any, written by the flush.
        await this.orders.announceCreated(em, created, actor, prepared.providerNames);
        await em.flush();
        // The views of the new orders need no read: this transaction wrote all they show.
        const byTitle = (a: OrderLine, b: OrderLine) => (a.title < b.title ? -1 : a.title > b.title ? 1 : 0);
        const parts: OrderViewParts = {
          lines: [...lines].sort(byTitle),
          events,
          allocations,
          providerNames: prepared.providerNames,
          arrangementNames: new Map([...eligible.values()].flat().map((a) => [a.id, a.arrangement_name] as const)),
          beneficiaryNames: prepared.members,
        };
        return { checkout: checkoutRow, orders: created, payment, parts };
      });
      if ('refused' in outcome) return failWith(...(outcome.refused as [UserError, ...UserError[]]));
      return ok({ checkout: outcome.checkout, orders: outcome.orders, payment: outcome.payment, parts: outcome.parts });
    } catch (error) {
      // A second click that raced the first one: the unique idempotency key refused it; answer with the first.
      if ((error as { code?: string }).code === '23505' && /idempotency_key/.test(String((error as Error).message))) {
        const first = await this.existing(ctx.em.fork(), key, viewer.clientGroupId);
        if (first) return first;
      }
      if (isNegativeBalanceError(error)) {
        return fail(
          UserError.of(
            'lines',
            'BUDGET_CHANGED',
            'Uw tegoed is intussen veranderd. Bekijk uw winkelwagen en probeer het opnieuw.',
          ),
        );
      }
      throw error;
    }
  }

  /**
   * The checkout, its orders, their lines, allocations and first events in one statement (data-modifying WITHs: the
   * foreign keys between them hold at the end of it), instead of one insert per table through the ORM's unit of work. The entities
   * stay plain objects (not managed): nothing changes them in this transaction afterwards.
   */
  private async insertRows(
    em: EntityManager,
    checkout: Checkout,
    orders: Order[],
    lines: OrderLine[],
    allocations: OrderAllocation[],
    events: OrderEvent[],
  ): Promise<void> {
    await q.insertCheckoutRows(em, checkout, orders, lines, allocations, events);
  }

  /**
   * The start of a checkout's transaction, in one round trip: the budget accounts of `assignmentIds` locked (in account
   * order, so concurrent checkouts never lock crosswise) with their balances; the payable accounts of the providers
   * (created where missing; not locked: their balance is kept in parts, see LedgerService.providerPayableAccount);
   * and one order number per provider.
   */
  private async start(em: EntityManager, municipalityId: string, assignmentIds: string[], providerIds: string[]) {
    const row = await q.startCheckout(em, municipalityId, assignmentIds, providerIds, applicationNow());
    const balances = new Map(assignmentIds.map((id) => [id, 0]));
    const budgetAccounts = new Map<string, string>();
    for (const b of row.budgets) {
      balances.set(b.assignment_id, Number(b.balance_cents));
      budgetAccounts.set(b.assignment_id, b.id);
    }
    // A payable account created by a concurrent checkout after this one's snapshot is missing here (its insert
    // conflicted): the caller looks it up on its own.
    const payables = new Map(row.payables.map((p) => [p.provider_id, p.id]));
    return { balances, budgetAccounts, payables, numbers: row.numbers ?? [] };
  }

  private async existing(
    em: EntityManager,
    key: string,
    clientGroupId: string,
  ): Promise<Result<CheckoutOutcome> | null> {
    const checkout = await em.findOne(Checkout, { idempotencyKey: key });
    if (!checkout) return null;
    if (checkout.clientGroupId !== clientGroupId) {
      return failWith(UserError.of('idempotencyKey', 'INVALID', 'Vernieuw de pagina en probeer het opnieuw.'));
    }
    const orders = await em.find(Order, { checkoutId: checkout.id }, { orderBy: { number: 'asc' } });
    const payment = await em.findOne(Payment, { checkoutId: checkout.id }, { orderBy: { createdAt: 'desc' } });
    return ok({ checkout, orders, payment });
  }
}
