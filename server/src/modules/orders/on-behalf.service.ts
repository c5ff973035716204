import { Audience } from '../../kernel/permissions.js';
import type { Viewer } from '../../kernel/viewer.js';
import { UserError } from '../../kernel/errors.js';
import { isUuid } from '../../graphql/ids.js';
import { today } from '../../kernel/clock.js';
import { transactional, type RequestContext } from '../../kernel/request-context.js';
import { fail, ok, problem, type Result } from '../../kernel/result.js';
import type { AuditService } from '../audit/index.js';
import { inStaffScope } from '../customers/index.js';
import type { CheckoutLineInput, CheckoutService } from './checkout.service.js';
import type { OrderViewService } from './order-view.service.js';
import type { OrderView } from './order.types.js';
import { payableBy } from '../catalogue/index.js';
import * as q from './on-behalf.queries.js';

/** The reason staff give for ordering on a resident's behalf: required, shown to the resident. */
export const ON_BEHALF_REASON = { min: 5, max: 500 } as const;

/** What staff may order for a household: its members, and the products its budgets pay for in full today. */
export interface OnBehalfOptions {
  personId: string;
  members: { id: string; name: string }[];
  products: { id: string; title: string; priceCents: number; providerName: string }[];
}

interface Resident {
  personId: string;
  clientGroupId: string;
  municipalityId: string;
}

const euros = (cents: number) =>
  new Intl.NumberFormat('nl-NL', { style: 'currency', currency: 'EUR' }).format(cents / 100).replace(/\u00a0/g, ' ');

/**
 * Orders placed by staff for a resident without DigiD or under administration (bewindvoering). The order goes through
 * the resident's own checkout (CheckoutService) with the resident as the customer: the same offer, the same budget
 * rules, the same locks, so two orders at once can never spend the same euro. Staff cannot pay an own contribution
 * online for someone else, so only orders the budget pays in full are placed. Who placed it and why is kept on the
 * order, shown to the resident, and audited.
 */
export class OnBehalfOrderService {
  constructor(
    private readonly checkout: CheckoutService,
    private readonly orderViews: OrderViewService,
    private readonly audit: AuditService,
  ) {}

  /** The resident the staff member may order for (in scope, not erased); null otherwise. */
  private async resident(ctx: RequestContext, personId: string): Promise<Resident | null> {
    if (!isUuid(personId)) return null;
    const row = await q.residentById(ctx.em, personId);
    if (!row || !inStaffScope(ctx.viewer, row.municipality_id)) return null;
    return { personId: row.id, clientGroupId: row.client_group_id, municipalityId: row.municipality_id };
  }

  /** The resident as the customer of their own checkout (never a session: nothing is logged in). */
  private residentContext(ctx: RequestContext, resident: Resident): RequestContext {
    const viewer: Viewer = { kind: Audience.CUSTOMER, sessionId: 'on-behalf', ...resident };
    return { ...ctx, viewer };
  }

  async options(ctx: RequestContext, personId: string): Promise<OnBehalfOptions | null> {
    const resident = await this.resident(ctx, personId);
    if (!resident) return null;
    const residentCtx = this.residentContext(ctx, resident);
    const members = await this.checkout.members(residentCtx);
    const payable = payableBy(resident, today(ctx.clock));
    const products = await q.payableProducts(ctx.em, payable);
    return {
      personId: resident.personId,
      members: [...members].map(([id, name]) => ({ id, name })),
      products: products.map((p) => ({
        id: p.id,
        title: p.title,
        priceCents: p.price_cents,
        providerName: p.provider_name,
      })),
    };
  }

  /**
   * Places the order: the reason checked, the plan previewed (an own contribution is refused with the amount), then
   * the resident's checkout books it with no own contribution allowed (checked again under the budgets' locks), and
   * one audit row per order, in the same transaction.
   */
  async place(
    ctx: RequestContext,
    input: { personId: string; idempotencyKey: string; reason: string; lines: CheckoutLineInput[] },
  ): Promise<Result<OrderView[]>> {
    if (ctx.viewer.kind !== Audience.STAFF)
      return problem(null, 'STAFF_ONLY', 'Alleen een medewerker van de gemeente kan namens een inwoner bestellen.');
    const adminAccountId = ctx.viewer.adminAccountId;
    const reason = (input.reason ?? '').trim().replace(/\s+/g, ' ');
    const resident = await this.resident(ctx, input.personId);
    if (!resident) return problem('personId', 'NOT_FOUND', 'Deze persoon is niet gevonden.');
    if (reason.length < ON_BEHALF_REASON.min)
      return problem(
        'reason',
        'REQUIRED',
        'Vul de reden in waarom u namens deze inwoner bestelt (bijvoorbeeld: geen DigiD, onder bewind). De inwoner ziet deze reden.',
      );
    if (reason.length > ON_BEHALF_REASON.max)
      return problem('reason', 'TOO_LONG', `De reden is hoogstens ${ON_BEHALF_REASON.max} tekens.`);
    if (!input.lines?.length) return problem('lines', 'EMPTY', 'Kies ten minste één product.');

    const residentCtx = this.residentContext(ctx, resident);
    const { plan, prepared } = await this.checkout.preview(residentCtx, input.lines);
    if (!plan) return fail(...(prepared.errors as [UserError, ...UserError[]]));
    if (plan.refusals.length) return fail(...(plan.refusals as [UserError, ...UserError[]]));
    if (plan.contributionCents > 0) return this.contributionRefused(plan.contributionCents);

    const result = await transactional(ctx, async (tx) => {
      const booked = await this.checkout.checkout(this.residentContext(tx, resident), {
        idempotencyKey: input.idempotencyKey,
        lines: input.lines,
        // Checked again under the budgets' locks: a change since the preview must not make an own contribution.
        expectedContributionCents: 0,
        onBehalf: { adminAccountId, reason },
      });
      if (!booked.ok) return booked;
      for (const order of booked.value.orders)
        await this.audit.record(tx, {
          action: 'order.placed_on_behalf',
          subjectType: 'order',
          subjectId: order.id,
          details: {
            personId: resident.personId,
            clientGroupId: resident.clientGroupId,
            number: order.number,
            budgetCents: order.budgetCents,
          },
        });
      return ok(booked.value.orders);
    });
    if (!result.ok) {
      if (result.errors.some((e) => e.code === 'BUDGET_CHANGED'))
        return problem(
          'lines',
          'BUDGET_CHANGED',
          'Het tegoed van deze inwoner is intussen veranderd en betaalt deze bestelling niet meer volledig. Bekijk de keuze en probeer het opnieuw.',
        );
      return result;
    }
    ctx.log.info(
      { event: 'order_placed_on_behalf', orders: result.value.map((o) => o.id) },
      'order placed on a resident’s behalf',
    );
    return ok(await this.orderViews.views(ctx, result.value));
  }

  private contributionRefused(cents: number): Result<never> {
    return fail(
      UserError.of(
        'lines',
        'CONTRIBUTION_NOT_ALLOWED',
        `Het tegoed betaalt deze bestelling niet volledig: er blijft ${euros(cents)} eigen bijdrage over. Namens een inwoner kunt u alleen bestellen wat het tegoed helemaal betaalt, want een eigen bijdrage kan de gemeente niet online voor de inwoner betalen. Kies minder of goedkopere producten.`,
      ),
    );
  }
}
