import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * The counter's SQL (docs, "Persistence: entities and queries"): a card or pickup code looked up for a provider,
 * only when the household has an open order with that provider. The statements are never logged (they carry a card
 * number or a pickup code). Plain functions, no rules: `counter.service.ts` decides.
 */

const UNLOGGED = { loggerContext: { enabled: false } };

/** A card as the counter judges it: its state and its holder's household and first name. */
export interface CounterCard {
  status: string;
  client_group_id: string;
  first_name: string;
}

/** The card holder's household (`p`) has an open order with the provider (the one parameter): the counter's one rule. */
const HAS_OPEN_ORDER = `exists (select 1 from customer_order o
                     where o.client_group_id = p.client_group_id and o.provider_id = ? and o.status in ('PLACED', 'ACCEPTED'))`;

/** The card with this number when its household has an open order with the provider. */
export async function cardWithOpenOrder(
  em: EntityManager,
  number: string,
  providerId: string,
): Promise<CounterCard | undefined> {
  const [card] = await em.execute<CounterCard[]>(
    `select c.status, p.client_group_id, p.first_name from card c join person p on p.id = c.person_id
      where c.number = ? and ${HAS_OPEN_ORDER}`,
    [number, providerId],
    UNLOGGED,
  );
  return card;
}

/** The provider's open order with this pickup code. */
export async function openOrderByPickupCode(
  em: EntityManager,
  code: string,
  providerId: string,
): Promise<{ id: string; client_group_id: string; first_name: string | null } | undefined> {
  const [match] = await em.execute<{ id: string; client_group_id: string; first_name: string | null }[]>(
    `select o.id, o.client_group_id, p.first_name from customer_order o left join person p on p.id = o.person_id
      where o.pickup_code = ? and o.provider_id = ? and o.status in ('PLACED', 'ACCEPTED')`,
    [code, providerId],
    UNLOGGED,
  );
  return match;
}

/**
 * What the counter needs of a scanned card (its id from a verified token): its state, its holder's municipality and
 * household, only when that household has an open order with the provider (the same rule as a typed number).
 */
export async function cardByIdWithOpenOrder(
  em: EntityManager,
  cardId: string,
  providerId: string,
): Promise<(CounterCard & { municipality_id: string }) | undefined> {
  const [card] = await em.execute<(CounterCard & { municipality_id: string })[]>(
    `select c.status, p.municipality_id, p.client_group_id, p.first_name from card c join person p on p.id = c.person_id
      where c.id = ? and ${HAS_OPEN_ORDER}`,
    [cardId, providerId],
    UNLOGGED,
  );
  return card;
}

/** Whether the provider takes part in the municipality's scheme (an approved membership). */
export async function isMemberOf(em: EntityManager, providerId: string, municipalityId: string): Promise<boolean> {
  const rows = await em.execute<{ one: number }[]>(
    `select 1 as one from provider_membership where provider_id = ? and municipality_id = ? and status = 'APPROVED'`,
    [providerId, municipalityId],
  );
  return rows.length > 0;
}
