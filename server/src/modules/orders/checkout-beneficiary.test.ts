import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { startTestServer, type TestServer } from '../../test/server.js';
import { contextFor, staffViewer } from '../../test/context.js';
import { Audience } from '../../kernel/permissions.js';
import { Municipality } from '../municipalities/municipality.entity.js';
import { ClientGroup } from '../customers/client-group.entity.js';
import { Person } from '../customers/person.entity.js';
import { Arrangement } from '../arrangements/arrangement.entity.js';
import { Category } from '../catalogue/category.entity.js';
import { offeredIn } from '../../test/households.js';
import { OrderAllocation, OrderLine } from './order.entities.js';
import { LedgerService } from '../ledger/ledger.service.js';
import { checkoutOutcome } from '../../test/checkout-outcome.js';

/**
 * Budgets of one household member (issue 9): a child's Kindpakket pays only for lines for that child, in the cart,
 * the preview and the checkout, also when many checkouts run at once.
 */
describe('checkout per household member', () => {
  let server: TestServer;
  let zuiderveen: Municipality;
  const ledger = new LedgerService();
  let n = 0;

  beforeAll(async () => {
    server = await startTestServer({ seed: true });
    zuiderveen = await server.orm.em.fork().findOneOrFail(Municipality, { slug: 'zuiderveen' });
  });
  afterAll(async () => {
    await server?.close();
  });

  /** A parent and a child; the child has a budget of its own, the household optionally one for everyone. */
  async function family(
    categoryId: string,
    childCents: number,
    householdCents = 0,
    options: { ownContribution?: boolean } = {},
  ) {
    const em = server.orm.em.fork();
    n++;
    const group = em.create(ClientGroup, {
      municipality: zuiderveen.id,
      clientNumber: `TB-${n}-${randomUUID().slice(0, 6)}`,
      name: `Gezin ${n}`,
    });
    const person = (firstName: string, dateOfBirth: string) =>
      Object.assign(new Person(), {
        clientGroup: group,
        municipality: zuiderveen,
        externalIdentifier: `TB-${randomUUID()}`,
        firstName,
        lastName: `Gezin ${n}`,
        dateOfBirth,
      });
    const parent = person('Ouder', '1980-01-01');
    const child = person('Kind', '2020-01-01');
    em.persist([parent, child]);
    await em.flush();
    const staff = contextFor(server.orm, server.services, staffViewer());
    const grant = async (name: string, amountCents: number, beneficiaryId: string | null) => {
      const arrangement = em.create(Arrangement, {
        municipality: zuiderveen.id,
        name: `${name} ${n}`,
        slug: `tb-${n}-${name.toLowerCase()}-${randomUUID().slice(0, 6)}`,
        validFrom: '2020-01-01',
        validUntil: '2099-12-31',
        defaultAmountCents: amountCents,
        ownContributionAllowed: options.ownContribution ?? false,
      });
      arrangement.categories.add(em.getReference(Category, categoryId));
      await em.flush();
      const r = await server.services.assignments.grant(staff, {
        clientGroupId: group.id,
        arrangementId: arrangement.id,
        beneficiaryId,
        amountCents,
        validFrom: '2020-01-01',
        validUntil: '2099-01-01',
      });
      if (!r.ok) throw new Error(r.errors[0]!.message);
      return r.value.id;
    };
    const kindpakket = await grant('Kindpakket', childCents, child.id);
    const householdBudget = householdCents ? await grant('Huishouden', householdCents, null) : null;
    const customer = () =>
      contextFor(server.orm, server.services, {
        kind: Audience.CUSTOMER,
        sessionId: 'x',
        personId: parent.id,
        clientGroupId: group.id,
        municipalityId: zuiderveen.id,
      });
    return { group, parent, child, kindpakket, householdBudget, customer };
  }

  const product = async () => (await offeredIn(server, zuiderveen.id))[0]!;
  const balance = async (id: string) => (await ledger.assignmentBalances(server.orm.em.fork(), [id])).get(id);

  it('refuses a line for the parent that only the child’s Kindpakket could pay, and leaves the budget alone', async () => {
    const p = await product();
    const f = await family(p.category.id, 100_000);
    for (const lines of [
      [{ productId: p.id, quantity: 1 }],
      [{ productId: p.id, quantity: 1, beneficiaryId: f.parent.id }],
    ]) {
      const r = await checkoutOutcome(server, f.customer(), { idempotencyKey: randomUUID(), lines });
      expect(r.orders).toEqual([]);
      expect(r.errors[0]).toMatchObject({ code: 'NOT_PAYABLE_FOR_MEMBER' });
      expect(r.errors[0]!.message).toContain('Ouder');
    }
    expect(await balance(f.kindpakket)).toBe(100_000);
  });

  it('pays the child’s line from the child’s Kindpakket and stores for whom each line is', async () => {
    const p = await product();
    const f = await family(p.category.id, 100_000, p.priceCents);
    const r = await checkoutOutcome(server, f.customer(), {
      idempotencyKey: randomUUID(),
      lines: [
        { productId: p.id, quantity: 2, beneficiaryId: f.child.id },
        { productId: p.id, quantity: 1, beneficiaryId: f.parent.id },
      ],
    });
    expect(r.errors).toEqual([]);
    expect(r.checkout!.contributionCents).toBe(0);
    expect(await balance(f.kindpakket)).toBe(100_000 - 2 * p.priceCents);
    expect(await balance(f.householdBudget!)).toBe(0);
    const em = server.orm.em.fork();
    const orderId = r.orders[0]!.id;
    const lines = await em.find(OrderLine, { orderId });
    expect(new Map(lines.map((l) => [l.beneficiaryId, l.quantity]))).toEqual(
      new Map([
        [f.child.id, 2],
        [f.parent.id, 1],
      ]),
    );
    const allocations = await em.find(OrderAllocation, { orderId });
    expect(Object.fromEntries(allocations.map((a) => [a.assignmentId, a.amountCents]))).toEqual({
      [f.kindpakket]: 2 * p.priceCents,
      [f.householdBudget!]: p.priceCents,
    });
    // The order as the household sees it names the member per line.
    const [view] = await server.services.orderViews.views(f.customer(), r.orders);
    expect(view!.lines.map((l) => l.beneficiaryName).sort()).toEqual([`Kind Gezin ${n}`, `Ouder Gezin ${n}`]);
    // The provider sees the first name only.
    const provider = contextFor(server.orm, server.services, {
      kind: Audience.PROVIDER,
      sessionId: 'x',
      providerUserId: randomUUID(),
      providerId: p.provider.id,
    });
    const [seen] = await server.services.orderViews.views(provider, r.orders);
    expect(seen!.lines.map((l) => l.beneficiaryName).sort()).toEqual(['Kind', 'Ouder']);
  });

  it('refuses someone from another household as the beneficiary', async () => {
    const p = await product();
    const f = await family(p.category.id, 100_000);
    const other = await family(p.category.id, 100_000);
    const r = await checkoutOutcome(server, f.customer(), {
      idempotencyKey: randomUUID(),
      lines: [{ productId: p.id, quantity: 1, beneficiaryId: other.child.id }],
    });
    expect(r.errors[0]).toMatchObject({ code: 'INVALID_BENEFICIARY' });
    expect(await balance(other.kindpakket)).toBe(100_000);
  });

  it('the cart asks for whom only where a member’s budget could pay, and the checkout from the cart follows it', async () => {
    const p = await product();
    const f = await family(p.category.id, 100_000);
    const ctx = f.customer();
    const added = await server.services.cart.add(ctx, p.id, 1);
    expect(added.ok).toBe(true);
    let line = (await server.services.cart.mine(ctx)).groups[0]!.lines[0]!;
    expect(line.beneficiaryId).toBe(f.parent.id);
    expect(line.beneficiaryOptions.map((o) => o.id).sort()).toEqual([f.child.id, f.parent.id].sort());
    // Not chosen: the line is for the parent, and the child's budget cannot pay.
    const refused = await server.services.cart.preview(ctx);
    expect(refused.canOrder).toBe(false);
    expect(refused.errors[0]).toMatchObject({ code: 'NOT_PAYABLE_FOR_MEMBER' });

    const stranger = await family(p.category.id, 1);
    expect((await server.services.cart.setBeneficiary(ctx, p.id, stranger.child.id)).ok).toBe(false);
    expect((await server.services.cart.setBeneficiary(ctx, p.id, f.child.id)).ok).toBe(true);
    line = (await server.services.cart.mine(ctx)).groups[0]!.lines[0]!;
    expect(line).toMatchObject({ beneficiaryId: f.child.id, beneficiaryName: `Kind Gezin ${n - 1}` });
    const preview = await server.services.cart.preview(ctx);
    expect(preview.canOrder).toBe(true);
    expect(preview.orders[0]!.lines[0]).toMatchObject({
      beneficiaryId: f.child.id,
      budgetCents: p.priceCents,
      allocations: [expect.objectContaining({ assignmentId: f.kindpakket })],
    });
    const r = await checkoutOutcome(server, ctx, { idempotencyKey: randomUUID() });
    expect(r.errors).toEqual([]);
    expect(await balance(f.kindpakket)).toBe(100_000 - p.priceCents);
    expect((await server.services.cart.mine(ctx)).lineCount).toBe(0);
  });

  it('a household without budgets of one member is not asked', async () => {
    const p = await product();
    const f = await family(p.category.id, 100_000);
    // Another category: the Kindpakket cannot pay for it, so there is nothing to choose.
    const other = (await offeredIn(server, zuiderveen.id)).find((x) => x.category.id !== p.category.id);
    if (!other) return;
    await server.services.cart.add(f.customer(), other.id, 1);
    const line = (await server.services.cart.mine(f.customer())).groups[0]!.lines[0]!;
    expect(line.beneficiaryOptions).toEqual([]);
  });

  it('parallel checkouts for the child cannot overspend the Kindpakket', async () => {
    const p = await product();
    const N = 7;
    const f = await family(p.category.id, p.priceCents * N + p.priceCents - 1);
    const results = await Promise.all(
      Array.from({ length: 40 }, () =>
        checkoutOutcome(server, f.customer(), {
          idempotencyKey: randomUUID(),
          lines: [{ productId: p.id, quantity: 1, beneficiaryId: f.child.id }],
        }),
      ),
    );
    expect(results.filter((r) => r.errors.length === 0)).toHaveLength(N);
    for (const r of results.filter((x) => x.errors.length)) {
      expect(['INSUFFICIENT_BUDGET', 'BUDGET_CHANGED']).toContain(r.errors[0]!.code);
    }
    expect(await balance(f.kindpakket)).toBe(p.priceCents - 1);
  });
});
