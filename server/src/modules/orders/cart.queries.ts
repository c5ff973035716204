import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * The cart's SQL (docs, "Persistence: entities and queries"): the person's lines, written with `on conflict` so two
 * requests at once add up instead of failing, the products as the cart shows them, and what a member's own budget
 * pays for. Plain functions, no rules: `cart.service.ts` decides.
 */

export interface CartLineRow {
  product_id: string;
  quantity: number;
  beneficiary_id: string | null;
}

export interface CartProductRow {
  id: string;
  title: string;
  slug: string;
  price_cents: number;
  status: string;
  availability: string;
  provider_id: string;
  provider_name: string;
  provider_slug: string;
  category_id: string;
  offered: boolean;
  offered_anywhere: boolean;
}

type Condition = { sql: string; params: unknown[] };

/** The person's cart lines, in the order they were added. */
export function cartLines(em: EntityManager, personId: string): Promise<CartLineRow[]> {
  return em.execute<CartLineRow[]>(
    `select product_id, quantity, beneficiary_id from cart_line where person_id = ? order by created_at, id`,
    [personId],
  );
}

/** The number of the person's lines of other products than `productId`. */
export async function countOtherLines(em: EntityManager, personId: string, productId: string): Promise<number> {
  const [{ n }] = (await em.execute<{ n: number }[]>(
    `select count(*)::int as n from cart_line where person_id = ? and product_id <> ?`,
    [personId, productId],
  )) as [{ n: number }];
  return n;
}

/**
 * Adds `quantity` of the product to the person's line (made when new; the beneficiary kept unless one is given),
 * unless the line would pass `maxQuantity`: false then, and nothing changed.
 */
export async function addToLine(
  em: EntityManager,
  line: { personId: string; productId: string; quantity: number; beneficiaryId: string | null; now: Date },
  maxQuantity: number,
): Promise<boolean> {
  const rows = await em.execute<{ quantity: number }[]>(
    `insert into cart_line (person_id, product_id, quantity, beneficiary_id, created_at, updated_at) values (?, ?, ?, ?, ?, ?)
     on conflict (person_id, product_id) do update set quantity = cart_line.quantity + excluded.quantity,
            beneficiary_id = coalesce(excluded.beneficiary_id, cart_line.beneficiary_id), updated_at = excluded.updated_at
       where cart_line.quantity + excluded.quantity <= ?
     returning quantity`,
    [line.personId, line.productId, line.quantity, line.beneficiaryId, line.now, line.now, maxQuantity],
  );
  return rows.length > 0;
}

/** Sets the quantity of the person's line of the product; false when there is no such line. */
export async function setLineQuantity(
  em: EntityManager,
  personId: string,
  productId: string,
  quantity: number,
  now: Date,
): Promise<boolean> {
  const rows = await em.execute<{ id: string }[]>(
    `update cart_line set quantity = ?, updated_at = ? where person_id = ? and product_id = ? returning id`,
    [quantity, now, personId, productId],
  );
  return rows.length > 0;
}

/** Sets for whom the person's line of the product is; false when there is no such line. */
export async function setLineBeneficiary(
  em: EntityManager,
  personId: string,
  productId: string,
  beneficiaryId: string | null,
  now: Date,
): Promise<boolean> {
  const rows = await em.execute<{ id: string }[]>(
    `update cart_line set beneficiary_id = ?, updated_at = ? where person_id = ? and product_id = ? returning id`,
    [beneficiaryId, now, personId, productId],
  );
  return rows.length > 0;
}

export async function deleteLine(em: EntityManager, personId: string, productId: string): Promise<void> {
  await em.execute(`delete from cart_line where person_id = ? and product_id = ?`, [personId, productId]);
}

/** The products the person has a line of. */
export async function lineProductIds(em: EntityManager, personId: string): Promise<string[]> {
  const rows = await em.execute<{ product_id: string }[]>(`select product_id from cart_line where person_id = ?`, [
    personId,
  ]);
  return rows.map((r) => r.product_id);
}

/** Adds the quantities to the person's lines (made when new), each line at most `maxQuantity`, all at once. */
export async function mergeLines(
  em: EntityManager,
  personId: string,
  lines: readonly (readonly [productId: string, quantity: number])[],
  maxQuantity: number,
  now: Date,
): Promise<void> {
  await em.execute(
    `insert into cart_line (person_id, product_id, quantity, created_at, updated_at)
     select ?, x.product_id, x.quantity, ?::timestamptz, ?::timestamptz from unnest(?::uuid[], ?::int[]) as x(product_id, quantity)
     on conflict (person_id, product_id) do update set quantity = least(?::int, cart_line.quantity + excluded.quantity), updated_at = excluded.updated_at`,
    [
      personId,
      now,
      now,
      `{${lines.map(([id]) => id).join(',')}}`,
      `{${lines.map(([, q]) => q).join(',')}}`,
      maxQuantity,
    ],
  );
}

export function providerNames(em: EntityManager, ids: readonly string[]): Promise<{ id: string; name: string }[]> {
  return em.execute<{ id: string; name: string }[]>(`select id, name from provider where id = any(?::uuid[])`, [
    `{${ids.join(',')}}`,
  ]);
}

/** The products with their provider, and whether each is in the offer `here` and in the offer anywhere (`p`). */
export function cartProducts(
  em: EntityManager,
  ids: readonly string[],
  here: Condition,
  anywhere: Condition,
): Promise<CartProductRow[]> {
  return em.execute<CartProductRow[]>(
    `select p.id, p.title, p.slug, p.price_cents, p.category_id, p.status, p.availability, p.provider_id, pr.name as provider_name, pr.slug as provider_slug,
            (${here.sql}) as offered, (${anywhere.sql}) as offered_anywhere
       from product p join provider pr on pr.id = p.provider_id
      where p.id = any(?::uuid[])`,
    [...here.params, ...anywhere.params, `{${ids.join(',')}}`],
  );
}

/** The categories an active assignment of a member of the household (one with a beneficiary) pays for on `day`. */
export async function memberBudgetCategories(em: EntityManager, clientGroupId: string, day: string): Promise<string[]> {
  const bound = await em.execute<{ category_id: string }[]>(
    `select distinct ac.category_id::text as category_id
       from assignment a join arrangement_category ac on ac.arrangement_id = a.arrangement_id
      where a.client_group_id = ? and a.beneficiary_id is not null and a.status = 'ACTIVE'
        and a.valid_from <= ?::date and a.valid_until >= ?::date`,
    [clientGroupId, day, day],
  );
  return bound.map((b) => b.category_id);
}
