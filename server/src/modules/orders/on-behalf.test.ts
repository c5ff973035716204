import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { startTestServer, type TestClient, type TestServer } from '../../test/server.js';
import { createHousehold, expectLedgerConsistent, zuiderveenCatalogue } from '../../test/households.js';
import { DEMO_PASSWORD, DEMO_STAFF } from '../../seeders/demo-accounts.js';
import type { Product } from '../catalogue/product.entity.js';

const OPTIONS = `query($p: ID!){ onBehalfOrderOptions(personId:$p){ personId members { id name } products { id title priceCents providerName } } }`;
const PLACE = `mutation($i: PlaceOrderOnBehalfInput!){ placeOrderOnBehalf(input:$i){
  errors { field code message } orders { id number status budgetCents contributionCents placedOnBehalf onBehalfReason events { actorKind } } } }`;

const klantcontact = DEMO_STAFF.find((s) => s.role === 'KLANTCONTACT')!;
const financien = DEMO_STAFF.find((s) => s.role === 'FINANCIEN')!;

describe('ordering on a resident’s behalf (residents without DigiD or under administration)', () => {
  let server: TestServer;
  let staff: TestClient;
  let product: Product;

  beforeAll(async () => {
    server = await startTestServer({ seed: true });
    staff = server.client();
    await staff.loginStaff(klantcontact.email, DEMO_PASSWORD);
    product = (await zuiderveenCatalogue(server)).a;
  });
  afterAll(async () => {
    await server?.close();
  });

  const place = (c: TestClient, input: Record<string, unknown>) =>
    c.gql(PLACE, { i: { idempotencyKey: randomUUID(), ...input } }) as Promise<any>;
  const line = (quantity = 1) => [{ productId: product.id, quantity }];

  it('needs the permission (Klantcontact and Beheerder have it; Financiën does not)', async () => {
    const household = await createHousehold(server, [
      { categories: [product.category.id], amountCents: product.priceCents },
    ]);
    const other = server.client();
    await other.loginStaff(financien.email, DEMO_PASSWORD);
    const r: any = await place(other, { personId: household.person.id, reason: 'Geen DigiD', lines: line() });
    expect(r.errors[0].extensions.code).toBe('FORBIDDEN');
    const options: any = await other.gql(OPTIONS, { p: household.person.id });
    expect(options.errors[0].extensions.code).toBe('FORBIDDEN');
  });

  it('requires a reason, and refuses what the budget does not pay in full (no own contribution online)', async () => {
    const household = await createHousehold(server, [
      { categories: [product.category.id], amountCents: product.priceCents - 100, ownContribution: true },
    ]);
    const noReason = await place(staff, { personId: household.person.id, reason: '  ', lines: line() });
    expect(noReason.data.placeOrderOnBehalf.errors[0]).toMatchObject({ field: 'reason', code: 'REQUIRED' });
    const contribution = await place(staff, { personId: household.person.id, reason: 'Onder bewind', lines: line() });
    expect(contribution.data.placeOrderOnBehalf.errors[0]).toMatchObject({ code: 'CONTRIBUTION_NOT_ALLOWED' });
    expect(contribution.data.placeOrderOnBehalf.errors[0].message).toMatch(/€ 1,00 eigen bijdrage/);
    const unknown = await place(staff, { personId: randomUUID(), reason: 'Geen DigiD', lines: line() });
    expect(unknown.data.placeOrderOnBehalf.errors[0]).toMatchObject({ code: 'NOT_FOUND' });
    const [{ n }] = await server.orm.em
      .fork()
      .execute<{ n: number }[]>(`select count(*)::int as n from customer_order where client_group_id = ?`, [
        household.group.id,
      ]);
    expect(n).toBe(0);
  });

  it('places the order through the resident’s checkout, audited, and the resident sees who placed it and why', async () => {
    const household = await createHousehold(server, [
      { categories: [product.category.id], amountCents: product.priceCents * 2 },
    ]);
    const options: any = await staff.gql(OPTIONS, { p: household.person.id });
    expect(options.data.onBehalfOrderOptions.members).toEqual([{ id: household.person.id, name: expect.any(String) }]);
    expect(options.data.onBehalfOrderOptions.products.map((p: any) => p.id)).toContain(product.id);

    const reason = 'Mevrouw heeft geen DigiD; besteld aan de balie.';
    const r = await place(staff, { personId: household.person.id, reason, lines: line() });
    expect(r.data.placeOrderOnBehalf.errors).toEqual([]);
    const [order] = r.data.placeOrderOnBehalf.orders;
    expect(order).toMatchObject({
      status: 'PLACED',
      budgetCents: product.priceCents,
      contributionCents: 0,
      placedOnBehalf: true,
      onBehalfReason: reason,
      events: [{ actorKind: 'STAFF' }],
    });
    const em = server.orm.em.fork();
    const [row] = await em.execute<{ placed_by_admin_account_id: string; email: string }[]>(
      `select o.placed_by_admin_account_id, a.email from customer_order o join admin_account a on a.id = o.placed_by_admin_account_id
        where o.id = ?`,
      [order.id],
    );
    expect(row!.email).toBe(klantcontact.email);
    const audit = await em.execute<{ actor_kind: string; details: Record<string, unknown> }[]>(
      `select actor_kind, details from audit_log where action = 'order.placed_on_behalf' and subject_id = ?`,
      [order.id],
    );
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ actor_kind: 'STAFF', details: { personId: household.person.id } });

    const resident = server.client();
    await resident.loginWithDigid(household.bsn);
    const mine: any = await resident.gql(`{ myOrders { edges { node { id placedOnBehalf onBehalfReason } } } }`);
    expect(mine.data.myOrders.edges.map((e: any) => e.node)).toEqual([
      { id: order.id, placedOnBehalf: true, onBehalfReason: reason },
    ]);
    await expectLedgerConsistent(server);
  });

  it('cannot overspend with orders placed at once (the checkout’s locks)', async () => {
    const budget = Math.floor(product.priceCents * 1.5);
    const household = await createHousehold(server, [{ categories: [product.category.id], amountCents: budget }]);
    const second = server.client();
    await second.loginStaff(klantcontact.email, DEMO_PASSWORD);
    const results = await Promise.all(
      [staff, second, staff, second].map((c) =>
        place(c, { personId: household.person.id, reason: 'Onder bewind', lines: line() }),
      ),
    );
    const placed = results.filter((r) => r.data.placeOrderOnBehalf.errors.length === 0);
    expect(placed).toHaveLength(1);
    for (const r of results.filter((x) => x.data.placeOrderOnBehalf.errors.length))
      expect(r.data.placeOrderOnBehalf.errors[0].message).toBeTruthy();
    const [{ spent }] = await server.orm.em
      .fork()
      .execute<{ spent: number }[]>(
        `select coalesce(sum(budget_cents), 0)::int as spent from customer_order where client_group_id = ?`,
        [household.group.id],
      );
    expect(spent).toBe(product.priceCents);
    await expectLedgerConsistent(server);
  });
});
