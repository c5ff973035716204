import { describe, expect, it } from 'vitest';
import { paysFor, planCheckout, type PlanAssignment, type PlanProduct } from './checkout-plan.js';

/** The plan per household member, without a database: a member's own budget pays only for that member's lines. */
describe('planCheckout per household member', () => {
  const product: PlanProduct = { id: 'p1', title: 'Zwemles', price_cents: 1_000, category_id: 'c', provider_id: 'x' };
  const assignment = (id: string, beneficiary: string | null, own = false): PlanAssignment => ({
    id,
    arrangement_id: `ar-${id}`,
    arrangement_name: id,
    valid_until: '2099-01-01',
    created_at: new Date(0),
    own_contribution_allowed: own,
    max_per_order_cents: null,
    category_ids: ['c'],
    beneficiary_id: beneficiary,
  });

  it('paysFor: household-wide for anyone, member-bound only for that member', () => {
    expect(paysFor(assignment('h', null), 'parent')).toBe(true);
    expect(paysFor(assignment('h', null), null)).toBe(true);
    expect(paysFor(assignment('k', 'child'), 'child')).toBe(true);
    expect(paysFor(assignment('k', 'child'), 'parent')).toBe(false);
    expect(paysFor(assignment('k', 'child'), null)).toBe(false);
  });

  it('draws the child’s budget for the child’s line and never for the parent’s', () => {
    const kid = assignment('kid', 'child', true);
    const household = assignment('house', null, true);
    const eligible = new Map([[product.id, [kid, household]]]);
    const balances = new Map([
      ['kid', 5_000],
      ['house', 300],
    ]);
    const plan = planCheckout(
      [
        { product, quantity: 1, beneficiaryId: 'parent' },
        { product, quantity: 2, beneficiaryId: 'child' },
      ],
      eligible,
      balances,
    );
    expect(plan.refusals).toEqual([]);
    const [forParent, forChild] = plan.providers[0]!.lines;
    expect(Object.fromEntries(forParent!.allocations)).toEqual({ house: 300 });
    expect(forParent!.contribution).toBe(700);
    expect(Object.fromEntries(forChild!.allocations)).toEqual({ kid: 2_000 });
    expect(forChild!.contribution).toBe(0);
    expect(plan.contributionCents).toBe(700);
  });

  it('refuses a line for nobody (or someone else) that only a member’s budget could pay', () => {
    const eligible = new Map([[product.id, [assignment('kid', 'child', true)]]]);
    for (const beneficiaryId of [null, 'parent', 'other-child']) {
      const plan = planCheckout([{ product, quantity: 1, beneficiaryId }], eligible, new Map([['kid', 5_000]]));
      expect(plan.refusals.map((r) => r.code)).toEqual(['NOT_PAYABLE']);
      expect(plan.budgetCents).toBe(0);
    }
  });
});
