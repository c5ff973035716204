import { type Page } from '@playwright/test';
import { demoCalendar, test, expect } from './fixtures';
import { execFileSync } from 'node:child_process';
import { expectAccessible, loginProvider, loginStaff, settle, STAFF, resizeTo } from './support';
import { myOrders, pageGql } from './account-support';
import { resident, type DemoResident } from './orders-support';

/**
 * The money journey in one go, as the people involved see it: a resident logs in through the DigiD simulator, sees
 * the balances of their arrangements, fills the cart with products of two providers, sees how the budget splits,
 * pays the own contribution on the payment simulator's page; provider A accepts its order on the order page (which
 * shows no pickup code and sends it to the counter) and hands it over at the counter with the resident's pickup code,
 * provider B hands its order over at the counter by the resident's card number; then the balances, the spending
 * history, the resident's orders and the staff's view of the orders all tell the same story, with how each order was
 * handed over.
 * Its own household (ZV-100004: a parent with three children, so three Kindpakketten with an own contribution
 * allowed, and the Meedoenregeling), so other specs' orders do not change the budgets this one sees.
 */

const HOUSEHOLD = 'ZV-100004';

interface OfferProduct {
  id: string;
  slug: string;
  title: string;
  priceCents: number;
  provider: { id: string; slug: string; name: string };
}

interface Preview {
  canOrder: boolean;
  contributionCents: number;
  budgetCents: number;
  totalCents: number;
  orders: {
    providerId: string;
    budgetCents: number;
    contributionCents: number;
    totalCents: number;
  }[];
}

interface Assignment {
  id: string;
  arrangementName: string;
  beneficiaryId: string | null;
  beneficiaryName: string | null;
  balanceCents: number;
  status: string;
  movements: {
    kind: string;
    amountCents: number;
    orderId: string | null;
    description: string;
  }[];
}

interface MyOrder {
  id: string;
  number: string;
  status: string;
  providerId: string;
  providerName: string;
  totalCents: number;
  budgetCents: number;
  contributionCents: number;
  /** The resident's proof at the counter (only the household reads it). */
  pickupCode: string;
}

const euros = (cents: number) =>
  new Intl.NumberFormat('nl-NL', { style: 'currency', currency: 'EUR' }).format(cents / 100);

const PREVIEW = `query($lines: [CartLineInput!]) { checkoutPreview(lines: $lines) {
  canOrder contributionCents budgetCents totalCents orders { providerId budgetCents contributionCents totalCents } errors { code } } }`;

const ASSIGNMENTS =
  '{ myAssignments { id arrangementName beneficiaryId beneficiaryName balanceCents status movements { kind amountCents orderId description } } }';

const ORDERS = 'id number status providerId providerName totalCents budgetCents contributionCents pickupCode';

/** The demo providers' slugs in seeding order: provider n's user is aanbieder<n>@… (read like demoResidents()). */
function demoProviderSlugs(): string[] {
  const module = new URL('../../server/dist/seeders/demo-data.js', import.meta.url).href;
  const script = `const m = await import(${JSON.stringify(module)}); process.stdout.write(JSON.stringify(m.buildDemoPlan(new Date(0)).providers.map((p) => p.slug)));`;
  return JSON.parse(
    execFileSync(process.execPath, ['--input-type=module', '-e', script], {
      encoding: 'utf8',
    }),
  ) as string[];
}

async function offer(page: Page): Promise<OfferProduct[]> {
  const data = await pageGql(
    page,
    `{ products(first: 100, filter: { sort: PRICE_ASC }) { edges { node { id slug title priceCents provider { id slug name } } } } }`,
  );
  return (data.products.edges as { node: OfferProduct }[]).map((e) => e.node);
}

async function preview(
  page: Page,
  lines: { productId: string; quantity: number; beneficiaryId?: string }[],
): Promise<Preview> {
  return (await pageGql(page, PREVIEW, { lines })).checkoutPreview as Preview;
}

const spendable = (assignments: Assignment[]) =>
  assignments.filter((a) => a.status === 'ACTIVE').reduce((sum, a) => sum + a.balanceCents, 0);

/**
 * Through the DigiD simulator's page, typing the resident's BSN, from an account page that asks to log in; in the
 * `digid-saml` project through the local SAML identity provider's page instead.
 */
async function logIn(page: Page, who: DemoResident, returnTo: string) {
  await page.goto(returnTo);
  await expect(page).toHaveURL(/\/inloggen\?terug=/);
  await page.getByRole('link', { name: 'Inloggen met DigiD' }).click();
  // The simulator, or (projects digid-saml and digid-oidc) the local SAML identity provider or OIDC broker.
  await page.waitForURL(/\/auth\/digid\/simulator|\/saml\/sso|\/interaction\//);
  await page.getByLabel('BSN', { exact: true }).fill(who.bsn);
  if (page.url().includes('/saml/sso')) await page.getByRole('button', { name: 'Inloggen', exact: true }).click();
  else await page.getByRole('button', { name: 'Inloggen met dit BSN' }).click();
  await expect(page).toHaveURL(new RegExp(`${returnTo.replace(/[/?]/g, '\\$&')}$`));
  await settle(page);
}

async function addOnProductPage(page: Page, product: OfferProduct, quantity: number) {
  await page.goto(`/aanbod/${product.slug}/${product.id}`);
  await settle(page);
  await page.getByLabel('Aantal', { exact: true }).fill(String(quantity));
  await page.getByRole('button', { name: 'In winkelwagen' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'in uw winkelwagen' })).toBeVisible();
}

/** /account/regelingen shows the spendable total and every assignment's balance as the API has them. */
async function expectBalancesShown(page: Page, assignments: Assignment[]) {
  await expect(page.locator('.gw-stat').filter({ hasText: 'Nu te besteden' }).locator('dd')).toHaveText(
    euros(spendable(assignments)),
  );
  const sections = page.locator('section.gw-assignment');
  await expect(sections).toHaveCount(assignments.length);
  for (const [i, a] of assignments.entries()) {
    await expect(sections.nth(i).locator('h2')).toContainText(a.arrangementName);
    await expect(sections.nth(i).locator('.gw-assignment__balance')).toHaveText(euros(a.balanceCents));
  }
}

/**
 * Axe on each screen of the journey, in the main project. On other days (klok-2027, klok-2030, whose point is the
 * calendar) the same screens with other dates in their text are not checked again: axe looks at structure, names and
 * contrast, which the clock does not change, and the repeat cost about a minute of a worker per run.
 */
let checkScreens = true;
test.beforeEach(({ clockStart }) => {
  checkScreens = !clockStart;
});
const accessible = (page: Page, label: string) => (checkScreens ? expectAccessible(page, label) : Promise.resolve());

test('a resident orders from two providers with an own contribution, both deliver, and every screen adds up', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const { kindpakket, today } = await demoCalendar(baseURL!);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(`resident: ${e.message}`));
  const who = resident(HOUSEHOLD);

  // 1. Log in through the DigiD simulator; the arrangements with their balances.
  await logIn(page, who, '/account/regelingen');
  // The page's clock is the server's (e2e/fixtures.ts): the same day in the Netherlands, in 2030 as well.
  expect(
    await page.evaluate(() => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Amsterdam' }).format(new Date())),
  ).toBe(today);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Regelingen');
  const before = (await pageGql(page, ASSIGNMENTS)).myAssignments as Assignment[];
  expect(
    before.some((a) => a.arrangementName === kindpakket && a.status === 'ACTIVE'),
    'an active Kindpakket',
  ).toBe(true);
  expect(
    before.every((a) => a.movements.every((m) => m.kind === 'GRANT')),
    'nothing spent yet',
  ).toBe(true);
  const spendableBefore = spendable(before);
  expect(spendableBefore).toBeGreaterThan(0);
  await expectBalancesShown(page, before);
  await accessible(page, '/account/regelingen (voor het bestellen)');
  const ordersBefore = (await myOrders<MyOrder>(page, ORDERS)).length;

  // 2. A cart the budget cannot pay in full (Kindpakket allows an own contribution), plus a second provider's product:
  //    found through the preview, which books nothing. Then filled the way a resident does, on the product pages.
  //    A Kindpakket is a child's own budget: it pays only for a line for that child ("Voor wie?" in the cart).
  const child = before.find((a) => a.arrangementName === kindpakket && a.beneficiaryId)!;
  const products = await offer(page);
  let big: { product: OfferProduct; quantity: number } | undefined;
  for (const p of [...products].reverse()) {
    const quantity = Math.min(99, Math.floor(spendableBefore / p.priceCents) + 1);
    const r = await preview(page, [{ productId: p.id, quantity, beneficiaryId: child.beneficiaryId! }]);
    if (r.canOrder && r.contributionCents > 0 && r.budgetCents > 0) {
      big = { product: p, quantity };
      break;
    }
  }
  expect(big, 'a product with an own contribution').toBeDefined();
  const slugs = demoProviderSlugs();
  let second: OfferProduct | undefined;
  let expected: Preview | undefined;
  for (const p of products.filter(
    (x) => x.provider.id !== big!.product.provider.id && slugs.includes(x.provider.slug),
  )) {
    const r = await preview(page, [
      { productId: p.id, quantity: 1 },
      { productId: big!.product.id, quantity: big!.quantity, beneficiaryId: child.beneficiaryId! },
    ]);
    if (r.canOrder && r.orders.length === 2 && r.contributionCents > 0 && r.orders.every((o) => o.budgetCents > 0)) {
      second = p;
      expected = r;
      break;
    }
  }
  expect(second, 'a second provider’s product the budget helps pay').toBeDefined();
  const providerA = {
    ...big!.product.provider,
    n: slugs.indexOf(big!.product.provider.slug) + 1,
  };
  const providerB = {
    ...second!.provider,
    n: slugs.indexOf(second!.provider.slug) + 1,
  };
  expect(providerA.n).toBeGreaterThan(0);
  expect(providerB.n).toBeGreaterThan(0);
  const total = big!.product.priceCents * big!.quantity + second!.priceCents;
  expect(expected!.totalCents).toBe(total);
  expect(expected!.budgetCents + expected!.contributionCents).toBe(total);

  await addOnProductPage(page, second!, 1);
  await addOnProductPage(page, big!.product, big!.quantity);
  await page.goto('/winkelwagen');
  await settle(page);
  await expect(page.getByRole('heading', { level: 3, name: /^Van / })).toHaveCount(2);
  await expect(page.getByLabel(`Aantal van ${big!.product.title}`)).toHaveValue(String(big!.quantity));
  await expect(page.getByLabel(`Aantal van ${second!.title}`)).toHaveValue('1');
  await page.getByLabel(`Voor wie? (${big!.product.title})`).selectOption({ label: child.beneficiaryName! });
  await expect(page.getByRole('status').filter({ hasText: `is nu voor ${child.beneficiaryName}` })).toBeAttached();
  await accessible(page, 'winkelwagen met twee aanbieders');

  // 3. The checkout step: one order per provider, the budget split, the own contribution.
  await page.getByRole('button', { name: 'Verder naar bestellen' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Tegoed en eigen bijdrage' })).toBeVisible();
  await expect(page.getByRole('region', { name: `Bestelling bij ${providerA.name}` })).toBeVisible();
  await expect(page.getByRole('region', { name: `Bestelling bij ${providerB.name}` })).toBeVisible();
  await expect(
    page
      .getByRole('listitem')
      .filter({ hasText: ` uit ${kindpakket}` })
      .first(),
  ).toBeVisible();
  const totals = page.locator('dl[aria-label="Totalen"]');
  await expect(totals.locator('dt').filter({ hasText: 'Totaal' }).locator('+ dd')).toHaveText(
    euros(expected!.totalCents),
  );
  await expect(totals.locator('dt').filter({ hasText: 'Van uw tegoed' }).locator('+ dd')).toHaveText(
    euros(expected!.budgetCents),
  );
  await expect(totals.locator('dt').filter({ hasText: 'Eigen bijdrage' }).locator('+ dd')).toHaveText(
    euros(expected!.contributionCents),
  );
  await expect(page.getByRole('region', { name: 'Eigen bijdrage' })).toContainText(euros(expected!.contributionCents));
  await accessible(page, 'winkelwagen: tegoed en eigen bijdrage');

  // 4. Order, pay the own contribution on the payment simulator's page, come back to placed orders.
  await page.getByRole('button', { name: 'Bestellen', exact: true }).click();
  await expect(page).toHaveURL(/\/betalen\/simulator\//);
  await expect(page.getByRole('heading', { level: 1, name: 'Eigen bijdrage betalen' })).toBeVisible();
  await expect(page.locator('main')).toContainText(euros(expected!.contributionCents));
  await accessible(page, 'betaalsimulator');
  await page.getByRole('button', { name: 'Betaald', exact: true }).click();
  // Back on the checkout's confirmation step, then the orders list.
  await expect(page).toHaveURL(/\/winkelwagen\?betaling=[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Bedankt voor uw bestelling' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Uw betaling is gelukt' })).toBeVisible();
  await page.goto('/account/bestellingen');
  await settle(page);

  const mine = await myOrders<MyOrder>(page, ORDERS);
  expect(mine.length).toBe(ordersBefore + 2);
  const orderA = mine.find((o) => o.providerId === providerA.id)!;
  const orderB = mine.find((o) => o.providerId === providerB.id)!;
  expect(orderA, 'the order with provider A').toBeDefined();
  expect(orderB, 'the order with provider B').toBeDefined();
  for (const [order, planned] of [
    [orderA, expected!.orders.find((o) => o.providerId === providerA.id)!],
    [orderB, expected!.orders.find((o) => o.providerId === providerB.id)!],
  ] as const) {
    expect(order.status).toBe('PLACED');
    expect({
      total: order.totalCents,
      budget: order.budgetCents,
      contribution: order.contributionCents,
    }).toEqual({
      total: planned.totalCents,
      budget: planned.budgetCents,
      contribution: planned.contributionCents,
    });
    const row = page.locator('main table tbody tr').filter({ hasText: order.number });
    await expect(row).toContainText(order.providerName);
    await expect(row).toContainText('Geplaatst');
    await expect(row.locator('td').nth(3)).toHaveText(euros(order.totalCents));
    await expect(row.locator('td').nth(4)).toHaveText(euros(order.budgetCents));
    await expect(row.locator('td').nth(5)).toHaveText(euros(order.contributionCents));
  }
  expect(orderA.budgetCents + orderB.budgetCents).toBe(expected!.budgetCents);
  test.info().annotations.push({
    type: 'orders',
    description: [orderA, orderB]
      .map(
        (o) =>
          `${o.number} ${o.providerName}: total ${o.totalCents}, budget ${o.budgetCents}, contribution ${o.contributionCents}`,
      )
      .join('; '),
  });
  expect(orderA.contributionCents + orderB.contributionCents).toBe(expected!.contributionCents);
  await accessible(page, '/account/bestellingen (betaald)');

  // 5. Provider A accepts its order on the order page; it is handed over at the counter, with the resident's code.
  const providerAContext = await browser.newContext();
  const pa = await providerAContext.newPage();
  pa.on('pageerror', (e) => errors.push(`provider A: ${e.message}`));
  await loginProvider(pa, providerA.n);
  expect((await pageGql(pa, '{ myProvider { id } }')).myProvider.id).toBe(providerA.id);
  await pa.goto(`/aanbieder/bestellingen/${orderA.id}`);
  await settle(pa);
  await expect(pa.getByRole('heading', { level: 1 })).toHaveText(`Bestelling ${orderA.number}`);
  await expect(pa.locator('main')).toContainText(who.firstName);
  await expect(pa.getByRole('table').filter({ hasText: 'Bestelde producten' })).toContainText(big!.product.title);
  await expect(pa.locator('main tfoot')).toContainText(
    `uit tegoed ${euros(orderA.budgetCents)}, eigen bijdrage ${euros(orderA.contributionCents)}`,
  );
  await pa.getByRole('button', { name: 'Accepteren' }).click();
  await expect(pa.getByRole('status').filter({ hasText: 'U heeft de bestelling geaccepteerd' })).toBeVisible();
  await expect(pa.getByRole('list', { name: 'Verloop van de bestelling' })).toContainText('Geaccepteerd door u');
  await accessible(pa, 'aanbieder A: bestelling geaccepteerd');
  // Not here: the resident proves the hand-over at the counter; the provider never sees the pickup code.
  await expect(pa.locator('main')).toContainText('Lever af aan de balie met de pas of de afhaalcode van de klant.');
  await expect(pa.locator('main')).not.toContainText(orderA.pickupCode);
  await expect(pa.getByRole('button', { name: /Markeren als (geleverd|verzonden)/ })).toHaveCount(0);
  await pa.getByRole('main').getByRole('link', { name: 'Naar de kassa-app' }).click();
  await expect(pa.getByRole('heading', { level: 1 })).toHaveText('Kassa-app');
  await settle(pa);
  await pa.getByLabel('Pasnummer of afhaalcode').fill(orderA.pickupCode.toLowerCase());
  await pa.getByRole('button', { name: 'Zoeken' }).click();
  await expect(pa.getByRole('heading', { name: `Bestelling ${orderA.number}` })).toBeVisible();
  await expect(pa.locator('main')).toContainText('Gevonden met de afhaalcode van de klant.');
  await expect(pa.locator('main')).not.toContainText(orderA.pickupCode);
  await pa.getByRole('button', { name: `Bestelling ${orderA.number} markeren als geleverd` }).click();
  await pa.getByRole('button', { name: 'Ja, geleverd' }).click();
  await expect(
    pa.getByText(`Bestelling ${orderA.number} is als geleverd gemeld. Afgegeven aan de balie met de afhaalcode.`),
  ).toBeVisible();
  await accessible(pa, 'aanbieder A: kassa-app, afgegeven met de afhaalcode');
  await pa.goto(`/aanbieder/bestellingen/${orderA.id}`);
  await settle(pa);
  await expect(pa.getByRole('list', { name: 'Verloop van de bestelling' })).toContainText(
    'Afgegeven aan de balie met de afhaalcode',
  );
  await expect(pa.locator('main dl').first()).toContainText('OverdrachtAfgegeven aan de balie met de afhaalcode');
  await accessible(pa, 'aanbieder A: bestelling geleverd');
  await providerAContext.close();

  // 6. Provider B hands its order over at the counter, found by the resident's card number.
  const providerBContext = await browser.newContext();
  const pb = await providerBContext.newPage();
  pb.on('pageerror', (e) => errors.push(`provider B: ${e.message}`));
  await loginProvider(pb, providerB.n);
  expect((await pageGql(pb, '{ myProvider { id } }')).myProvider.id).toBe(providerB.id);
  await pb.goto('/aanbieder/app');
  await settle(pb);
  await expect(pb.getByRole('heading', { level: 1 })).toHaveText('Kassa-app');
  await pb.getByLabel('Pasnummer of afhaalcode').fill(who.cardNumber);
  await pb.getByRole('button', { name: 'Zoeken' }).click();
  await expect(pb.getByRole('heading', { name: `Open bestellingen van ${who.firstName}` })).toBeVisible();
  await expect(pb.getByRole('heading', { name: `Bestelling ${orderB.number}` })).toBeVisible();
  // Only B's own orders: A's order is not B's to hand over.
  await expect(pb.getByRole('heading', { name: `Bestelling ${orderA.number}` })).toHaveCount(0);
  await accessible(pb, 'aanbieder B: kassa-app met resultaat');
  await pb
    .getByRole('button', {
      name: `Bestelling ${orderB.number} markeren als geleverd`,
    })
    .click();
  await pb.getByRole('button', { name: 'Ja, geleverd' }).click();
  await expect(
    pb.getByText(`Bestelling ${orderB.number} is als geleverd gemeld. Afgegeven aan de balie met de pas.`),
  ).toBeVisible();
  await expect(pb.getByRole('heading', { name: `Bestelling ${orderB.number}` })).toHaveCount(0);
  await providerBContext.close();

  // 7. The resident's arrangements: down by exactly the budget part, the spending history shows both orders.
  await page.goto('/account/regelingen');
  await settle(page);
  const after = (await pageGql(page, ASSIGNMENTS)).myAssignments as Assignment[];
  expect(spendable(after)).toBe(spendableBefore - expected!.budgetCents);
  await expectBalancesShown(page, after);
  for (const order of [orderA, orderB]) {
    const spent = after.flatMap((a) => a.movements).filter((m) => m.orderId === order.id);
    expect(spent.length).toBeGreaterThan(0);
    expect(spent.filter((m) => m.kind === 'SPEND').reduce((s, m) => s + m.amountCents, 0)).toBe(-order.budgetCents);
    const rows = page
      .locator('main table tbody tr')
      .filter({ hasText: `Bestelling ${order.number}` })
      .filter({ hasText: 'Besteed' });
    await expect(rows).toHaveCount(spent.filter((m) => m.kind === 'SPEND').length);
    await expect(rows.first().getByRole('link', { name: 'bekijk bestelling' })).toHaveAttribute(
      'href',
      `/account/bestellingen/${order.id}`,
    );
  }
  await accessible(page, '/account/regelingen (na levering)');

  // 8. The resident's orders: both delivered, with the timeline on each order's page.
  await page.goto('/account/bestellingen');
  await settle(page);
  for (const order of [orderA, orderB]) {
    await expect(page.locator('main table tbody tr').filter({ hasText: order.number })).toContainText('Geleverd');
  }
  expect(
    (await myOrders<MyOrder>(page, ORDERS)).filter((o) => [orderA.id, orderB.id].includes(o.id)).map((o) => o.status),
  ).toEqual(['DELIVERED', 'DELIVERED']);
  await accessible(page, '/account/bestellingen (geleverd)');
  // An order with an own contribution waits for the payment; one the budget pays in full is placed at once.
  const timelineSteps = (order: MyOrder) => [
    ...(order.contributionCents > 0
      ? [
          'Bestelling aangemaakt; wacht op betaling van de eigen bijdrage',
          'Eigen bijdrage betaald; bestelling doorgegeven aan de aanbieder',
        ]
      : ['Bestelling geplaatst']),
    ...(order === orderA ? ['Geaccepteerd door de aanbieder'] : []),
    order === orderA ? 'Afgegeven aan de balie met de afhaalcode' : 'Afgegeven aan de balie met de pas',
  ];
  for (const order of [orderA, orderB]) {
    await page
      .locator('main table tbody tr')
      .filter({ hasText: order.number })
      .getByRole('link', { name: order.number })
      .click();
    await expect(page).toHaveURL(new RegExp(`/account/bestellingen/${order.id}$`));
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Bestelling ${order.number}`);
    await settle(page);
    await expect(page.locator('main dl').first()).toContainText('Geleverd');
    const timeline = page.getByRole('list', { name: 'Verloop van de bestelling' }).locator('.gw-timeline__what');
    await expect(timeline).toHaveText(timelineSteps(order));
    await expect(page.getByText('Deze bestelling is geleverd. U heeft de afhaalcode niet meer nodig.')).toBeVisible();
    const payment = page.getByRole('table', {
      name: 'Zo is de bestelling betaald',
    });
    await expect(payment.locator('tbody tr').filter({ hasText: 'Eigen bijdrage' }).locator('td')).toHaveText(
      euros(order.contributionCents),
    );
    await expect(payment.locator('tfoot td')).toHaveText(euros(order.totalCents));
    await expect(page.getByRole('button', { name: 'Bestelling annuleren' })).toHaveCount(0);
    if (order === orderA) await accessible(page, '/account/bestellingen/:orderId (geleverd)');
    await page.goto('/account/bestellingen');
    await settle(page);
  }

  // 9. Staff see the same orders with the same timeline.
  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  staff.on('pageerror', (e) => errors.push(`staff: ${e.message}`));
  await loginStaff(staff, STAFF.beheerder);
  for (const order of [orderA, orderB]) {
    await staff.goto(`/admin/bestellingen/${order.id}`);
    await expect(staff.getByRole('heading', { level: 1 })).toHaveText(`Bestelling ${order.number}`);
    await settle(staff);
    await expect(staff.locator('main dl').first()).toContainText('Geleverd');
    await expect(staff.locator('main dl').first()).toContainText(order.providerName);
    await expect(
      staff.getByRole('list', { name: 'Verloop van de bestelling' }).locator('.gw-timeline__what'),
    ).toHaveText(timelineSteps(order));
    const payment = staff.getByRole('table', { name: 'Betaling per regeling' });
    await expect(payment).toContainText('Tegoed:');
    await expect(
      payment
        .locator('tbody tr')
        .filter({
          hasText: order.contributionCents > 0 ? 'Eigen bijdrage (betaald)' : 'Eigen bijdrage',
        })
        .locator('td'),
    ).toHaveText(euros(order.contributionCents));
    await expect(staff.getByRole('button', { name: 'Bestelling annuleren' })).toHaveCount(0);
    if (order === orderA) await accessible(staff, 'beheer: bestelling (geleverd)');
  }
  await staffContext.close();

  expect(errors, 'script errors').toEqual([]);
});

/**
 * What fits: the budget in the header, the badges and the filter "Te betalen met mijn regelingen" on /aanbod (folded
 * behind "Filters" on a phone), and the header following an order the budget pays in full. A household of its own
 * (ZV-100009), so the journey above and other specs do not change what this one sees.
 */
test('a resident sees the budget in the header, finds what the arrangements pay for, and the header follows an order', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const who = resident('ZV-100009');
  await logIn(page, who, '/account/regelingen');

  // 1. The header says what can be spent now, the same as the Regelingen screen, and leads there.
  const spendableBefore = spendable((await pageGql(page, ASSIGNMENTS)).myAssignments as Assignment[]);
  expect(spendableBefore).toBeGreaterThan(0);
  const budget = page.getByRole('banner').getByRole('link', { name: /^Tegoed: / });
  await expect(budget).toHaveText(`Tegoed: ${euros(spendableBefore)}`);
  await expect(page.locator('.gw-stat').filter({ hasText: 'Nu te besteden' }).locator('dd')).toHaveText(
    euros(spendableBefore),
  );
  await page.goto('/aanbod');
  await settle(page);
  await budget.click();
  await expect(page).toHaveURL(/\/account\/regelingen$/);

  // 2. The offer, filtered on what the arrangements pay for: the filter in the URL, every card says so.
  const count = async (payable: boolean) =>
    (
      await pageGql(page, `query($p: Boolean) { products(first: 1, filter: { payable: $p }) { totalCount } }`, {
        p: payable,
      })
    ).products.totalCount as number;
  const [payableCount, allCount] = [await count(true), await count(false)];
  expect(payableCount).toBeGreaterThan(0);
  await page.goto('/aanbod');
  await settle(page);
  await expect(page.locator('article.gw-card').first().locator('.gw-payable')).toBeVisible();
  await page.getByLabel('Te betalen met mijn regelingen').check();
  await page.getByRole('button', { name: 'Zoeken' }).click();
  await expect(page).toHaveURL(/\/aanbod\?betaalbaar=ja$/);
  await settle(page);
  // The offer changes meanwhile (other tests approve and archive products at the same time): the screen's count is the
  // server's at the moment it answered, between the counts asked before and after it.
  const found = page.getByText(/gevonden die u met uw regelingen kunt betalen\.$/);
  await expect(found).toHaveText(/^\d+ (product|producten) gevonden/);
  const shown = Number(/^(\d+)/.exec((await found.textContent()) ?? '')![1]);
  const payableAfter = await count(true);
  expect(shown).toBeGreaterThanOrEqual(Math.min(payableCount, payableAfter));
  expect(shown).toBeLessThanOrEqual(Math.max(payableCount, payableAfter));
  await expect(found).toContainText(shown === 1 ? '1 product' : `${shown} producten`);
  const cards = page.locator('article.gw-card');
  await expect(cards).toHaveCount(Math.min(shown, 24));
  for (const card of await cards.all())
    await expect(card.locator('.gw-payable')).toContainText(/^✓ Te betalen met uw /);
  expect(payableCount).toBeLessThanOrEqual(allCount);
  await accessible(page, '/aanbod?betaalbaar=ja');

  // 3. On a phone the filters fold away behind "Filters", so the products come first.
  await resizeTo(page, { width: 390, height: 844 });
  const toggle = page.getByRole('button', { name: 'Filters 1 actief' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByRole('search', { name: 'Aanbod' })).toBeHidden();
  await expect(cards.first()).toBeInViewport();
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(page.getByLabel('Te betalen met mijn regelingen')).toBeChecked();
  await accessible(page, '/aanbod?betaalbaar=ja op 390 px, filters open');
  await resizeTo(page, { width: 1280, height: 800 });
  await expect(toggle).toBeHidden();
  await expect(page.getByRole('search', { name: 'Aanbod' })).toBeVisible();

  // 4. A product the budget pays in full: the product page says so; after ordering the header shows what is left.
  const offered = (
    await pageGql(
      page,
      `{ products(first: 100, filter: { payable: true, sort: PRICE_ASC }) { edges { node { id slug title priceCents provider { id slug name } payableWith } } } }`,
    )
  ).products.edges.map((e: { node: OfferProduct & { payableWith: string[] } }) => e.node);
  let chosen: { product: OfferProduct & { payableWith: string[] }; plan: Preview } | undefined;
  for (const p of offered) {
    const plan = await preview(page, [{ productId: p.id, quantity: 1 }]);
    if (plan.canOrder && plan.contributionCents === 0 && plan.budgetCents > 0) {
      chosen = { product: p, plan };
      break;
    }
  }
  expect(chosen, 'a product the budget pays in full').toBeDefined();
  await addOnProductPage(page, chosen!.product, 1);
  await expect(page.locator('main .gw-payable')).toHaveText(`✓ Te betalen met uw ${chosen!.product.payableWith[0]}`);
  await page.goto('/winkelwagen');
  await settle(page);
  await page.getByRole('button', { name: 'Verder naar bestellen' }).click();
  await page.getByRole('button', { name: 'Bestellen', exact: true }).click();
  await expect(budget).toHaveText(`Tegoed: ${euros(spendableBefore - chosen!.plan.budgetCents)}`);
  expect(spendable((await pageGql(page, ASSIGNMENTS)).myAssignments as Assignment[])).toBe(
    spendableBefore - chosen!.plan.budgetCents,
  );
  expect(errors, 'script errors').toEqual([]);
});
