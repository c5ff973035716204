import { inOffer, type SqlCondition } from './product-approval.js';

/**
 * Which of a household's budgets may pay for a product: one rule for the checkout (orders/checkout.service.ts `prepare`,
 * which books the money) and the offer (the badge `Product.payableWith` and the filter "te betalen met mijn
 * regelingen"), so what the resident is told is what the checkout does.
 *
 * An assignment may pay towards a product when it is the household's, not revoked and valid today (application clock),
 * and its arrangement covers the product's category. The arrangement is the resident's own municipality's (an
 * assignment is granted within its group's municipality), and a product can only be ordered when it is in that
 * municipality's offer (the provider an approved member there, the product approved there) and available.
 */

/** SQL condition: assignment `a` is one of `clientGroupId`'s that can be spent today. */
export function usableAssignment(clientGroupId: string, today: string, a = 'a'): SqlCondition {
  return {
    sql: `${a}.client_group_id = ?::uuid and ${a}.status = 'ACTIVE' and ${a}.valid_from <= ?::date and ${a}.valid_until >= ?::date`,
    params: [clientGroupId, today, today],
  };
}

/** SQL condition: the arrangement of assignment `a` covers the category of product `p`. */
export function coversProduct(a = 'a', p = 'p'): string {
  return `exists (select 1 from arrangement_category ac_pay where ac_pay.arrangement_id = ${a}.arrangement_id
                   and ac_pay.category_id = ${p}.category_id)`;
}

/**
 * The household's assignments (alias `pay_a`, its arrangement `pay_ar`, its ledger account `la_pay`) that can put
 * money towards product `p` now — usable, covering its category, with budget left and a maximum per order above zero —
 * as the `from … where …` of a subquery.
 */
export function payersOf(resident: { clientGroupId: string }, today: string, p = 'p'): SqlCondition {
  const usable = usableAssignment(resident.clientGroupId, today, 'pay_a');
  return {
    sql: `from assignment pay_a join arrangement pay_ar on pay_ar.id = pay_a.arrangement_id
            join ledger_account la_pay on la_pay.kind = 'ASSIGNMENT' and la_pay.assignment_id = pay_a.id
          where ${usable.sql} and ${coversProduct('pay_a', p)}
            and (pay_ar.max_per_order_cents is null or pay_ar.max_per_order_cents > 0)
            and la_pay.balance_cents > 0`,
    params: usable.params,
  };
}

/**
 * SQL condition: those payers settle one of product `p` — together their budgets (each up to its maximum per order)
 * cover the price, or one of them allows the resident to pay the rest as an own contribution. Otherwise the checkout
 * would refuse the product, so the offer must not call it payable (e.g. a € 195 product with only a budget of at most
 * € 100 per order and no own contribution).
 */
export function settledBy(payers: SqlCondition, p = 'p'): SqlCondition {
  return {
    sql: `(exists (select 1 ${payers.sql} and pay_ar.own_contribution_allowed)
           or (select coalesce(sum(least(la_pay.balance_cents, coalesce(pay_ar.max_per_order_cents, la_pay.balance_cents))), 0)
                 ${payers.sql}) >= ${p}.price_cents)`,
    params: [...payers.params, ...payers.params],
  };
}

/** SQL condition: product `p` can be ordered by a resident of `municipalityId` now (in its offer and available). */
export function orderableBy(resident: { municipalityId: string }, p = 'p'): SqlCondition {
  const offered = inOffer(resident.municipalityId, p);
  return { sql: `${p}.availability = 'AVAILABLE' and ${offered.sql}`, params: offered.params };
}

/** SQL condition: the resident's arrangements pay for product `p` now (the filter "te betalen met mijn regelingen"). */
export function payableBy(resident: { clientGroupId: string; municipalityId: string }, today: string, p = 'p') {
  const orderable = orderableBy(resident, p);
  const settled = settledBy(payersOf(resident, today, p), p);
  return {
    sql: `(${orderable.sql} and ${settled.sql})`,
    params: [...orderable.params, ...settled.params],
  } satisfies SqlCondition;
}
