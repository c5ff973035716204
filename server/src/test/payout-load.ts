import type { EntityManager } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { composeIBAN } from 'ibantools';

/**
 * A municipality with `orders` delivered orders from `providers` providers (each with a valid IBAN), every order with
 * its SPEND booking (payment clearing → the provider's payable) and its delivery `deliveredDaysAgo` days before `now`,
 * written with a few set-based inserts in one transaction. For `npm run bench:payouts`.
 */
export async function seedDeliveredOrders(
  em: EntityManager,
  options: { orders: number; providers: number; now: Date; deliveredDaysAgo: number },
): Promise<{ municipalityId: string; totalCents: number }> {
  const tag = randomUUID().slice(0, 8);
  const seeded = await em.transactional(async (tx) => {
    const [m] = await tx.execute<{ id: string }[]>(`insert into municipality (name, slug) values (?, ?) returning id`, [
      `Gemeente Uitbetaling ${tag}`,
      `uitbetaling-${tag}`,
    ]);
    const municipalityId = m!.id;
    const ibans = Array.from({ length: options.providers }, (_, i) =>
      composeIBAN({ countryCode: 'NL', bban: `BNGH${String(1_000_000_000 + i)}` })!,
    );
    await tx.execute(
      `insert into provider (name, slug, kvk_number, iban, email)
       select 'Aanbieder ' || i, ? || '-' || i, lpad((? + i)::text, 8, '0'), (?::text[])[i], 'aanbieder' || i || '@voorbeeld.nl'
         from generate_series(1, ?) as i`,
      [`bench-${tag}`, Math.floor(Math.random() * 80_000_000), `{${ibans.join(',')}}`, options.providers],
    );
    const [g] = await tx.execute<{ id: string }[]>(
      `insert into client_group (municipality_id, client_number, name) values (?, ?, 'Huishouden') returning id`,
      [municipalityId, `U${tag}`],
    );
    const delivered = new Date(options.now.getTime() - options.deliveredDaysAgo * 86_400_000);
    await tx.execute(
      `insert into checkout (client_group_id, municipality_id, idempotency_key, total_cents, budget_cents, contribution_cents, created_at)
       select ?, ?, ? || '-' || i, 1000 + (i % 97) * 25, 1000 + (i % 97) * 25, 0, ?
         from generate_series(1, ?) as i`,
      [g!.id, municipalityId, tag, delivered, options.orders],
    );
    await tx.execute(
      `insert into customer_order (checkout_id, client_group_id, provider_id, municipality_id, status, total_cents,
                                   budget_cents, contribution_cents, pickup_code, created_at)
       select c.id, c.client_group_id, p.id, c.municipality_id, 'DELIVERED', c.total_cents, c.budget_cents, 0,
              upper(substr(md5(c.id::text), 1, 8)), c.created_at
         from (select c.*, row_number() over (order by c.idempotency_key) as n from checkout c where c.municipality_id = ?) c
         join (select p.id, row_number() over (order by p.slug) - 1 as k from provider p where p.slug like ?) p
           on p.k = c.n % ?`,
      [municipalityId, `bench-${tag}-%`, options.providers],
    );
    await tx.execute(
      `insert into order_event (order_id, from_status, to_status, actor_kind, handover_method, at)
       select id, 'PLACED', 'DELIVERED', 'PROVIDER', 'COUNTER_CARD', ? from customer_order where municipality_id = ?`,
      [delivered, municipalityId],
    );
    await tx.execute(
      `insert into ledger_account (kind, municipality_id, allow_negative) values ('PAYMENT_CLEARING', ?, true)`,
      [municipalityId],
    );
    await tx.execute(
      `insert into ledger_account (kind, municipality_id, provider_id, allow_negative)
       select 'PROVIDER_PAYABLE', ?, id, true from provider where slug like ?`,
      [municipalityId, `bench-${tag}-%`],
    );
    await tx.execute(
      `insert into ledger_transaction (kind, municipality_id, description, order_id, actor_kind, created_at)
       select 'SPEND', municipality_id, 'Bestelling ' || number, id, 'SYSTEM', ? from customer_order where municipality_id = ?`,
      [delivered, municipalityId],
    );
    await tx.execute(
      `insert into ledger_entry (transaction_id, account_id, amount_cents)
       select t.id, a.id, side * o.budget_cents
         from ledger_transaction t join customer_order o on o.id = t.order_id
         cross join (values (-1), (1)) as s(side)
         join ledger_account a on a.municipality_id = o.municipality_id
          and ((side = -1 and a.kind = 'PAYMENT_CLEARING') or (side = 1 and a.kind = 'PROVIDER_PAYABLE' and a.provider_id = o.provider_id))
        where t.municipality_id = ?`,
      [municipalityId],
    );
    const [{ total }] = (await tx.execute<{ total: string }[]>(
      `select sum(budget_cents)::text as total from customer_order where municipality_id = ?`,
      [municipalityId],
    )) as [{ total: string }];
    return { municipalityId, totalCents: Number(total) };
  });
  // As the autovacuum daemon would after a bulk load: the planner's statistics.
  await em.execute(`analyze customer_order, order_event, ledger_transaction, ledger_entry, ledger_account, provider`);
  return seeded;
}
