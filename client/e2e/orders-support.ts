import { expect, request, type APIRequestContext, type Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';

/**
 * Orders for the browser tests, placed the way a resident places them: log in through the DigiD simulator, then the
 * GraphQL `checkout` mutation. Demo data has no orders, so the tests make their own.
 */

export interface DemoResident {
  clientNumber: string;
  firstName: string;
  lastName: string;
  bsn: string;
  cardNumber: string;
  municipality: string;
  adult: boolean;
}

/** The test server (as in playwright.config.ts). */
export const E2E_BASE_URL = `http://127.0.0.1:${process.env.E2E_PORT ?? 3100}`;

let residents: DemoResident[] | undefined;

/**
 * The demo residents with their BSNs and card numbers: the seeder's own deterministic plan (server/dist, built before
 * the browser tests run), read in a separate Node process so no server module is loaded into the test runner. Names,
 * BSNs and card numbers are the same on any day, so any moment will do.
 */
export function demoResidents(): DemoResident[] {
  if (!residents) {
    const module = new URL('../../server/dist/seeders/demo-data.js', import.meta.url).href;
    const script = `const m = await import(${JSON.stringify(module)}); process.stdout.write(JSON.stringify(m.demoResidents(new Date(0))));`;
    residents = JSON.parse(
      execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' }),
    ) as DemoResident[];
  }
  return residents;
}

/** A Zuiderveen adult by household number, e.g. 'ZV-100013' (each spec uses its own household, so budgets do not collide). */
export function resident(clientNumber: string): DemoResident {
  const found = demoResidents().find((r) => r.clientNumber === clientNumber && r.adult);
  if (!found) throw new Error(`no adult demo resident in household ${clientNumber}`);
  return found;
}

async function gql<T = any>(api: APIRequestContext, query: string, variables?: Record<string, unknown>): Promise<T> {
  const res = await api.post('/graphql', {
    headers: { 'content-type': 'application/json' },
    data: { query, variables },
  });
  expect(res.ok(), `GraphQL ${res.status()}`).toBe(true);
  const body = await res.json();
  expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
  return body.data as T;
}

/** A logged-in resident as an API client (its own cookie jar), through the DigiD simulator. */
export async function residentApi(baseURL: string, who: DemoResident): Promise<APIRequestContext> {
  // An empty cookie jar of its own: inside a test, request.newContext() would otherwise start from the test's
  // storageState, and the DigiD log-in would end that (staff or provider) session.
  const api = await request.newContext({
    baseURL,
    storageState: { cookies: [], origins: [] },
    extraHTTPHeaders: { 'accept-language': 'nl-NL' },
  });
  const start = await api.get('/auth/digid/start?returnTo=/account/bestellingen', { maxRedirects: 0 });
  const simulator = new URL(start.headers()['location']!, baseURL);
  const relayState = simulator.searchParams.get('RelayState')!;
  await api.post('/auth/digid/simulator', { form: { bsn: who.bsn, RelayState: relayState, action: 'login' } });
  const viewer = await gql(api, '{ viewer { kind } }');
  expect(viewer.viewer.kind).toBe('CUSTOMER');
  return api;
}

export interface PlacedOrder {
  id: string;
  number: string;
  pickupCode: string;
  providerId: string;
}

const CHECKOUT = `mutation($input: CheckoutInput!) { checkout(input: $input) {
  errors { code message } orders { id number status pickupCode providerId } } }`;

/**
 * Places `count` orders with one provider, each for one unit of the cheapest product the resident's budget pays for
 * in full (so they are PLACED at once, without an own contribution). Only products the resident collects at the
 * counter (PICKUP): other specs add sent products to the same provider while the suite runs, and an order of those
 * is handed over differently.
 */
export async function placeOrders(api: APIRequestContext, providerId: string, count = 1): Promise<PlacedOrder[]> {
  const data = await gql(
    api,
    `query($p: ID) { products(first: 50, filter: { providerId: $p, sort: PRICE_ASC }) {
      edges { node { id priceCents redemptionMethod } } } }`,
    {
      p: providerId,
    },
  );
  const products = (data.products.edges as { node: { id: string; priceCents: number; redemptionMethod: string } }[])
    .map((e) => e.node)
    .filter((p) => p.redemptionMethod === 'PICKUP')
    .sort((a, b) => a.priceCents - b.priceCents);
  const placed: PlacedOrder[] = [];
  for (const product of products) {
    while (placed.length < count) {
      const r = await gql(api, CHECKOUT, {
        input: { idempotencyKey: randomUUID(), lines: [{ productId: product.id, quantity: 1 }] },
      });
      const order = r.checkout.orders[0];
      if (r.checkout.errors.length || !order || order.status !== 'PLACED') break;
      placed.push(order);
    }
    if (placed.length === count) return placed;
  }
  throw new Error(`could only place ${placed.length} of ${count} orders with provider ${providerId}`);
}

/** The first order the logged-in page may see (provider or staff); places one (for resident `household`) when there is none. */
export async function someOrder(
  page: Page,
  audience: 'provider' | 'staff',
  household: string,
): Promise<{ id: string; providerId: string }> {
  const ask = async (query: string) => {
    const res = await page.request.post('/graphql', {
      headers: { 'content-type': 'application/json' },
      data: { query },
    });
    const body = await res.json();
    if (!body.data) throw new Error(`${query}: ${res.status()} ${JSON.stringify(body.errors)}`);
    return body.data;
  };
  const find = async () => {
    const data =
      audience === 'provider'
        ? (await ask('{ providerOrders(first: 1) { edges { node { id providerId } } } }')).providerOrders
        : (await ask('{ adminOrders(first: 1) { edges { node { id providerId } } } }')).adminOrders;
    return data.edges[0]?.node as { id: string; providerId: string } | undefined;
  };
  const existing = await find();
  if (existing) return existing;
  const providerId =
    audience === 'provider'
      ? (await ask('{ myProvider { id } }')).myProvider.id
      : (await ask('{ products(first: 1) { edges { node { provider { id } } } } }')).products.edges[0].node.provider.id;
  const api = await residentApi(E2E_BASE_URL, resident(household));
  try {
    const [order] = await placeOrders(api, providerId, 1);
    return { id: order!.id, providerId };
  } finally {
    await api.dispose();
  }
}
