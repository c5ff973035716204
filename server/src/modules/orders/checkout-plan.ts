import { UserError } from '../../kernel/errors.js';
import type { RedemptionMethodName } from '../../rules/handover.js';

/** A product as the checkout sees it (public, orderable). */
export interface PlanProduct {
  id: string;
  title: string;
  price_cents: number;
  category_id: string;
  provider_id: string;
  /** How the resident gets it; the order keeps the strictest of its lines (rules/handover.ts). Missing: picked up. */
  redemption_method?: RedemptionMethodName;
}

/** An active assignment of the household, with what its arrangement allows. */
export interface PlanAssignment {
  id: string;
  arrangement_id: string;
  arrangement_name: string;
  valid_until: string;
  created_at: Date;
  own_contribution_allowed: boolean;
  max_per_order_cents: number | null;
  category_ids: string[];
  /** The household member it belongs to (a child's Kindpakket); null: the whole household. */
  beneficiary_id: string | null;
}

/** A line to plan: a product, how many, and for which household member (null: for nobody in particular). */
export interface PlanLine {
  product: PlanProduct;
  quantity: number;
  beneficiaryId: string | null;
}

/**
 * May this assignment pay for a line for this member? A household-wide one always; a member-bound one only for a line
 * for that very member, never for someone else's line or a line for nobody.
 */
export function paysFor(assignment: Pick<PlanAssignment, 'beneficiary_id'>, beneficiaryId: string | null): boolean {
  return assignment.beneficiary_id == null || assignment.beneficiary_id === beneficiaryId;
}

export interface PlannedLine {
  product: PlanProduct;
  quantity: number;
  beneficiaryId: string | null;
  total: number;
  /** assignment id → cents this line takes from it. */
  allocations: Map<string, number>;
  /** What the budget does not cover. */
  contribution: number;
}

/** One provider's part: becomes one order. */
export interface ProviderPlan {
  providerId: string;
  lines: PlannedLine[];
  /** assignment id → cents for the whole order (the sum of its lines). */
  allocations: Map<string, number>;
  total: number;
  budget: number;
  contribution: number;
}

export interface CheckoutPlan {
  providers: ProviderPlan[];
  /** Lines the budget falls short for where an own contribution is not allowed. */
  refusals: UserError[];
  totalCents: number;
  budgetCents: number;
  contributionCents: number;
}

const money = (cents: number) =>
  new Intl.NumberFormat('nl-NL', { style: 'currency', currency: 'EUR' }).format(cents / 100).replace(/\u00a0/g, ' ');

/**
 * How the budget pays for a cart: pure, no database. The cart is split per provider (one order each, in the order the
 * providers first appear); each line takes from the assignments that may pay for it in the order given (the one that
 * expires first first), within the balance left and the arrangement's maximum per order; the rest is the own
 * contribution, refused where an arrangement that may pay for the line does not allow one. An assignment that belongs to
 * one household member pays only for that member's lines (paysFor): checked here, whatever the caller passed in.
 *
 * The checkout calls it with the balances it has locked, the preview with the balances it read: the same function,
 * so what the customer is shown is what the checkout books (unless the balance changed in between).
 */
export function planCheckout(
  lines: PlanLine[],
  eligible: ReadonlyMap<string, readonly PlanAssignment[]>,
  startBalances: ReadonlyMap<string, number>,
): CheckoutPlan {
  const balances = new Map(startBalances);
  const byProvider = new Map<string, PlanLine[]>();
  for (const line of lines) {
    byProvider.set(line.product.provider_id, [...(byProvider.get(line.product.provider_id) ?? []), line]);
  }

  const refusals: UserError[] = [];
  const providers: ProviderPlan[] = [];
  for (const [providerId, providerLines] of byProvider) {
    const allocations = new Map<string, number>();
    const usedPerArrangement = new Map<string, number>();
    let contribution = 0;
    const planned = providerLines.map(({ product, quantity, beneficiaryId }): PlannedLine => {
      const total = product.price_cents * quantity;
      const lineAllocations = new Map<string, number>();
      let remaining = total;
      const payers = (eligible.get(product.id) ?? []).filter((a) => paysFor(a, beneficiaryId));
      for (const a of payers) {
        if (remaining === 0) break;
        let cap = balances.get(a.id) ?? 0;
        if (a.max_per_order_cents != null)
          cap = Math.min(cap, a.max_per_order_cents - (usedPerArrangement.get(a.arrangement_id) ?? 0));
        const take = Math.min(remaining, Math.max(0, cap));
        if (take <= 0) continue;
        balances.set(a.id, (balances.get(a.id) ?? 0) - take);
        allocations.set(a.id, (allocations.get(a.id) ?? 0) + take);
        lineAllocations.set(a.id, (lineAllocations.get(a.id) ?? 0) + take);
        usedPerArrangement.set(a.arrangement_id, (usedPerArrangement.get(a.arrangement_id) ?? 0) + take);
        remaining -= take;
      }
      if (!payers.length) {
        refusals.push(
          UserError.of('lines', 'NOT_PAYABLE', `‘${product.title}’ kunt u met geen van uw regelingen betalen.`),
        );
      } else if (remaining > 0) {
        if (!payers.every((a) => a.own_contribution_allowed)) {
          refusals.push(
            UserError.of(
              'lines',
              'INSUFFICIENT_BUDGET',
              `Uw tegoed is niet genoeg voor ‘${product.title}’ (u komt ${money(remaining)} tekort) en uw regeling staat geen eigen bijdrage toe.`,
            ),
          );
        }
        contribution += remaining;
      }
      return { product, quantity, beneficiaryId, total, allocations: lineAllocations, contribution: remaining };
    });
    const total = planned.reduce((s, l) => s + l.total, 0);
    const budget = [...allocations.values()].reduce((s, v) => s + v, 0);
    providers.push({ providerId, lines: planned, allocations, total, budget, contribution });
  }
  const sum = (f: (p: ProviderPlan) => number) => providers.reduce((acc, p) => acc + f(p), 0);
  return {
    providers,
    refusals,
    totalCents: sum((p) => p.total),
    budgetCents: sum((p) => p.budget),
    contributionCents: sum((p) => p.contribution),
  };
}
