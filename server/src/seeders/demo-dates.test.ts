/**
 * No calendar time bomb: the application seeded and used with its clock set to other days (as CLOCK_START does for
 * the demo and the browser tests). On each day the demo's arrangements are valid, a resident can order with their
 * budget, staff can assign budgets, and the dashboard counts the arrangements as active; across midnight on
 * 31 December the budgets stay valid.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { startTestServer, type TestServer } from '../test/server.js';
import { ManualClock, today } from '../kernel/clock.js';
import { DEMO_PASSWORD, DEMO_STAFF } from './demo-accounts.js';
import { demoArrangementNames, demoCalendar, demoResidents } from './demo-data.js';
import { ClientGroup } from '../modules/customers/client-group.entity.js';
import { Arrangement } from '../modules/arrangements/arrangement.entity.js';

const ASSIGNMENTS = `{ myAssignments { arrangementName status balanceCents validFrom validUntil } }`;
const OFFER = `{ products(first: 100, filter: { sort: PRICE_ASC }) { edges { node { id priceCents } } } }`;
const PREVIEW = `query($lines: [CartLineInput!]) { checkoutPreview(lines: $lines) { canOrder budgetCents contributionCents errors { code } } }`;
const CHECKOUT = `mutation($input: CheckoutInput!) { checkout(input: $input) { errors { code message } orders { id status createdAt } } }`;
const GRANT = `mutation($input: GrantAssignmentInput!) { grantAssignment(input: $input) { errors { code message } assignment { id status validFrom validUntil } } }`;
const DASHBOARD = `{ adminDashboard { activeArrangements } }`;

async function residentOrders(server: TestServer, clock: ManualClock, household: string) {
  const who = demoResidents(clock.now()).find((r) => r.clientNumber === household && r.adult)!;
  const resident = server.client();
  await resident.loginWithDigid(who.bsn);
  const assignments = (await resident.gql(ASSIGNMENTS)).data!.myAssignments as {
    arrangementName: string;
    status: string;
    balanceCents: number;
  }[];
  const offer = (
    (await resident.gql(OFFER)).data!.products.edges as { node: { id: string; priceCents: number } }[]
  ).map((e) => e.node);
  // The cheapest product the budget pays in full: placed at once.
  let productId: string | undefined;
  for (const p of offer) {
    const preview = (await resident.gql(PREVIEW, { lines: [{ productId: p.id, quantity: 1 }] })).data!.checkoutPreview;
    if (preview.canOrder && preview.contributionCents === 0 && preview.budgetCents > 0) {
      productId = p.id;
      break;
    }
  }
  expect(productId, 'a product the budget pays').toBeDefined();
  const placed = (
    await resident.gql(CHECKOUT, { input: { idempotencyKey: randomUUID(), lines: [{ productId, quantity: 1 }] } })
  ).data!.checkout;
  expect(placed.errors).toEqual([]);
  expect(placed.orders.map((o: { status: string }) => o.status)).toEqual(['PLACED']);
  // The order is dated on the application's clock, not the machine's.
  expect(Math.abs(new Date(placed.orders[0].createdAt).getTime() - clock.now().getTime())).toBeLessThan(60_000);
  return assignments;
}

describe.each([
  ['in 2027', '2027-02-15T10:00:00+01:00'],
  ['in 2030', '2030-09-02T14:00:00+02:00'],
  ['on New Year’s Day', '2028-01-01T09:00:00+01:00'],
])('the demo with the clock %s (%s)', (_label, start) => {
  let server: TestServer;
  const clock = new ManualClock(new Date(start));
  afterAll(async () => {
    await server?.stop();
    await server?.database.drop();
  });

  it('seeds valid arrangements; residents order with their budgets and staff assign budgets', async () => {
    server = await startTestServer({ seed: true, demoActivity: true, clock });
    const calendar = demoCalendar(clock.now());
    const em = server.orm.em.fork();
    const all = await em.find(Arrangement, {}, { orderBy: { name: 'asc' } });
    // The year-end story (demo-year-end.ts) adds last year's Zwemregeling and its copy for this year; the rest is the
    // demo plan's own arrangements, each valid today.
    // … and the applications story (demo-applications.ts) its arrangement open for online applications.
    const story = all.filter((a) => a.name.startsWith('Zwemregeling ') || a.name.startsWith('Jeugdtegoed '));
    expect(story.map((a) => a.name)).toEqual([
      `Jeugdtegoed ${calendar.year}`,
      `Zwemregeling ${calendar.year - 1}`,
      `Zwemregeling ${calendar.year}`,
    ]);
    const arrangements = all.filter((a) => !story.includes(a));
    expect(arrangements.map((a) => a.name).sort()).toEqual([...demoArrangementNames(clock.now())].sort());
    for (const a of arrangements) {
      expect(a.validFrom <= today(clock) && today(clock) <= a.validUntil, `${a.name} valid on ${today(clock)}`).toBe(
        true,
      );
      expect({ validFrom: a.validFrom, validUntil: a.validUntil }).toEqual(calendar.arrangementPeriod);
    }

    const assignments = await residentOrders(server, clock, 'ZV-100002');
    expect(assignments.length).toBeGreaterThan(0);
    expect(assignments.every((a) => a.status === 'ACTIVE')).toBe(true);
    expect(assignments.map((a) => a.arrangementName)).toContain(`Meedoenregeling ${calendar.year}`);

    const staff = server.client();
    await staff.loginStaff(DEMO_STAFF.find((s) => s.role === 'BEHEERDER')!.email, DEMO_PASSWORD);
    const group = await em.findOneOrFail(ClientGroup, { clientNumber: 'ZV-100003' });
    const kindpakket = arrangements.find((a) => a.name === `Kindpakket ${calendar.year}`)!;
    const granted = (
      await staff.gql(GRANT, {
        input: {
          clientGroupId: group.id,
          arrangementId: kindpakket.id,
          amountCents: 1234,
          // The Kindpakket is for children up to 17: to a household without children only with a reason.
          ageExceptionReason: 'Pleegkind woont tijdelijk in het gezin.',
        },
      })
    ).data!.grantAssignment;
    expect(granted.errors).toEqual([]);
    expect(granted.assignment).toMatchObject({ status: 'ACTIVE', ...calendar.arrangementPeriod });
    // The three of the demo plan, this year's Zwemregeling of the year-end story and the applications story's Jeugdtegoed.
    expect((await staff.gql(DASHBOARD)).data!.adminDashboard.activeArrangements).toBe(5);
  }, 120_000); // seeds the whole demo with its activity on a clock of its own: no template to clone
});

describe('the demo seeded at 23:30 on 31 December, used after midnight', () => {
  let server: TestServer;
  const clock = new ManualClock(new Date('2029-12-31T22:30:00Z'));
  afterAll(async () => {
    await server?.stop();
    await server?.database.drop();
  });

  it('keeps its budgets valid in the new year', async () => {
    server = await startTestServer({ seed: true, demoActivity: true, clock });
    expect(today(clock)).toBe('2029-12-31');
    expect(demoArrangementNames(clock.now())[0]).toBe('Kindpakket 2029');
    clock.advance(3600_000);
    expect(today(clock)).toBe('2030-01-01');
    const assignments = await residentOrders(server, clock, 'ZV-100005');
    expect(
      assignments
        .filter((a) => a.arrangementName.endsWith(' 2029'))
        .every((a) => a.status === 'ACTIVE' && a.balanceCents > 0),
    ).toBe(true);
  });
});
