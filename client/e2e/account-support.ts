import { expect, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';

/** GraphQL from the page's own context: the request shares the browser's session cookie. */
export async function pageGql<T = any>(page: Page, query: string, variables?: Record<string, unknown>): Promise<T> {
  const res = await page.request.post('/graphql', {
    headers: { 'content-type': 'application/json' },
    data: { query, variables },
  });
  expect(res.ok(), `GraphQL ${res.status()}`).toBe(true);
  const body = await res.json();
  expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
  return body.data as T;
}

/** The logged-in customer's orders (newest first, up to 100) with the given fields: the `myOrders` connection's nodes. */
export async function myOrders<T = any>(page: Page, fields: string): Promise<T[]> {
  const data = await pageGql(page, `{ myOrders(first: 100) { edges { node { ${fields} } } } }`);
  return data.myOrders.edges.map((e: { node: T }) => e.node);
}

export interface AccountOrder {
  id: string;
  number: string;
  pickupCode: string;
  providerName: string;
  budgetCents: number;
}

const CHECKOUT = `mutation($input: CheckoutInput!) { checkout(input: $input) {
  errors { code message } orders { id number status pickupCode providerName budgetCents } } }`;

/**
 * The logged-in resident orders one unit of the cheapest product their budget pays in full (so the order is PLACED
 * at once, without an own contribution), through the GraphQL `checkout` mutation as the checkout page does.
 */
export async function placeBudgetOrder(page: Page): Promise<AccountOrder> {
  const offer = await pageGql(
    page,
    `{ products(first: 50, filter: { sort: PRICE_ASC }) { edges { node { id priceCents } } } }`,
  );
  const products = (offer.products.edges as { node: { id: string; priceCents: number } }[])
    .map((e) => e.node)
    .sort((a, b) => a.priceCents - b.priceCents);
  const refused: string[] = [];
  for (const product of products) {
    const r = await pageGql(page, CHECKOUT, {
      input: { idempotencyKey: randomUUID(), lines: [{ productId: product.id, quantity: 1 }] },
    });
    const order = r.checkout.orders[0];
    if (!r.checkout.errors.length && order?.status === 'PLACED') return order;
    refused.push(r.checkout.errors[0]?.code ?? order?.status);
  }
  throw new Error(`no product this resident can pay from the budget: ${refused.join(', ')}`);
}

/** One of the logged-in resident's orders (the newest), placing one when there is none. */
export async function accountOrderId(page: Page): Promise<string> {
  const mine = await myOrders<{ id: string }>(page, 'id');
  return mine[0]?.id ?? (await placeBudgetOrder(page)).id;
}

const CHECKOUT_WITH_PAYMENT = `mutation($input: CheckoutInput!) { checkout(input: $input) {
  errors { code message } contributionCents paymentUrl orders { id number status contributionCents } } }`;

/**
 * The logged-in resident orders more than their budget covers, where the arrangement allows an own contribution:
 * the order waits for payment and the checkout returns the payment page's URL.
 */
export async function placeContributionOrder(
  page: Page,
): Promise<{ number: string; contributionCents: number; paymentUrl: string }> {
  const budgets = await pageGql(page, '{ myAssignments { balanceCents status beneficiaryId } }');
  // A budget of one member (a child's Kindpakket) pays only for that member's lines: order for that member.
  const beneficiaryId =
    (budgets.myAssignments as { beneficiaryId: string | null; status: string }[]).find(
      (a) => a.status === 'ACTIVE' && a.beneficiaryId,
    )?.beneficiaryId ?? null;
  const spendable = (budgets.myAssignments as { balanceCents: number; status: string }[])
    .filter((a) => a.status === 'ACTIVE')
    .reduce((sum, a) => sum + a.balanceCents, 0);
  const offer = await pageGql(
    page,
    `{ products(first: 50, filter: { sort: PRICE_ASC }) { edges { node { id priceCents } } } }`,
  );
  const products = (offer.products.edges as { node: { id: string; priceCents: number } }[])
    .map((e) => e.node)
    .reverse();
  const refused: string[] = [];
  for (const product of products) {
    const quantity = Math.min(99, Math.floor(spendable / product.priceCents) + 1);
    if (quantity * product.priceCents <= spendable) continue;
    const r = await pageGql(page, CHECKOUT_WITH_PAYMENT, {
      input: { idempotencyKey: randomUUID(), lines: [{ productId: product.id, quantity, beneficiaryId }] },
    });
    if (!r.checkout.errors.length && r.checkout.paymentUrl) {
      return {
        number: r.checkout.orders[0].number,
        contributionCents: r.checkout.contributionCents,
        paymentUrl: r.checkout.paymentUrl,
      };
    }
    refused.push(r.checkout.errors[0]?.code ?? 'NO_PAYMENT');
  }
  throw new Error(`no order with an own contribution possible: ${refused.join(', ')}`);
}
