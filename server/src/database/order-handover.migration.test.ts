import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../test/database.js';
import { migrationsList } from './migrations/index.js';
import { migrate } from './orm.js';
import { migrateJobQueue } from '../jobs/worker.js';

/**
 * Migration20261128175828_order_handover on a database with orders of the old model (no way of delivery on the order,
 * no hand-over on the timeline): migrated up to the migration before it, filled the old way, then migrated to the end.
 * Older deliveries get the honest UNKNOWN; each order's way of delivery comes from its products.
 */
const MIGRATION = 'Migration20261128175828_order_handover';

describe(MIGRATION, () => {
  let db: TestDatabase;
  const ids: Record<string, string> = {};

  const sql = <T>(query: string, params: unknown[] = []) => db.orm.em.fork().execute<T[]>(query, params);
  const insert = async (key: string, query: string, params: unknown[] = []) => {
    ids[key] = (await sql<{ id: string }>(`${query} returning id`, params))[0]!.id;
  };

  beforeAll(async () => {
    db = await createTestDatabase({ migrate: false });
    // The job queue's schema first, as the migrate step does (later migrations need it).
    await migrateJobQueue(db.url);
    const index = migrationsList.findIndex((m) => m.name === MIGRATION);
    expect(index).toBeGreaterThan(0);
    await db.orm.migrator.up({ to: migrationsList[index - 1]!.name });
    expect((await db.orm.migrator.getPending()).map((m) => m.name)).toContain(MIGRATION);

    await insert('municipality', `insert into municipality (name, slug) values ('Gemeente Zuiderveen', 'zuiderveen')`);
    await insert('category', `insert into category (name, slug) values ('Sport', 'sport')`);
    await insert(
      'provider',
      `insert into provider (name, slug, kvk_number, iban, email) values ('Sportclub', 'sportclub', '10000001', 'NL91ABNA0417164300', 'info@example.org')`,
    );
    for (const method of ['PICKUP', 'DELIVERY', 'VOUCHER_CODE'])
      await insert(
        method,
        `insert into product (provider_id, category_id, title, slug, price_cents, status, redemption_method) values (?, ?, ?, ?, 1000, 'APPROVED', ?)`,
        [ids.provider, ids.category, `Product ${method}`, method.toLowerCase().replace('_', '-'), method],
      );
    await insert(
      'group',
      `insert into client_group (municipality_id, client_number, name) values (?, 'ZV-1', 'Huishouden')`,
      [ids.municipality],
    );
    // Orders as they were: status and timeline, lines of products with their way of delivery.
    let n = 0;
    const order = async (key: string, status: string, products: string[], steps: [string | null, string][]) => {
      await insert(
        `${key}-checkout`,
        `insert into checkout (client_group_id, municipality_id, idempotency_key, total_cents, budget_cents, contribution_cents)
         values (?, ?, ?, 1000, 1000, 0)`,
        [ids.group, ids.municipality, key],
      );
      await insert(
        key,
        `insert into customer_order (checkout_id, client_group_id, provider_id, municipality_id, status, total_cents,
                                     budget_cents, contribution_cents, pickup_code)
         values (?, ?, ?, ?, ?, 1000, 1000, 0, ?)`,
        [ids[`${key}-checkout`], ids.group, ids.provider, ids.municipality, status, `ABCD${2345 + n++}`],
      );
      for (const p of products)
        await sql(
          `insert into order_line (order_id, product_id, title, unit_price_cents, quantity, total_cents)
           values (?, ?, 'Product', 1000, 1, 1000)`,
          [ids[key], ids[p]],
        );
      for (const [from, to] of steps)
        await sql(
          `insert into order_event (order_id, from_status, to_status, actor_kind) values (?, ?, ?, 'PROVIDER')`,
          [ids[key], from, to],
        );
    };
    await order(
      'delivered',
      'DELIVERED',
      ['PICKUP'],
      [
        [null, 'PLACED'],
        ['PLACED', 'ACCEPTED'],
        ['ACCEPTED', 'DELIVERED'],
      ],
    );
    await order('sent', 'PLACED', ['DELIVERY', 'DELIVERY'], [[null, 'PLACED']]);
    await order(
      'voucher',
      'ACCEPTED',
      ['DELIVERY', 'VOUCHER_CODE'],
      [
        [null, 'PLACED'],
        ['PLACED', 'ACCEPTED'],
      ],
    );
    await order('mixed', 'PLACED', ['DELIVERY', 'PICKUP'], [[null, 'PLACED']]);
    await order(
      'undone',
      'PLACED',
      ['PICKUP'],
      [
        [null, 'PLACED'],
        ['PLACED', 'DELIVERED'],
        ['DELIVERED', 'PLACED'],
      ],
    );
    await order('nolines', 'PLACED', [], [[null, 'PLACED']]);

    await migrate(db.orm);
  });
  afterAll(async () => {
    await db?.drop();
  });

  it('gives each order the way of delivery of its products: the strictest line, picked up when unsure', async () => {
    const rows = await sql<{ id: string; redemption_method: string }>(
      `select id, redemption_method from customer_order`,
    );
    const method = (key: string) => rows.find((r) => r.id === ids[key])!.redemption_method;
    expect({
      delivered: method('delivered'),
      sent: method('sent'),
      voucher: method('voucher'),
      mixed: method('mixed'),
      undone: method('undone'),
      nolines: method('nolines'),
    }).toEqual({
      delivered: 'PICKUP',
      sent: 'DELIVERY',
      voucher: 'VOUCHER_CODE',
      mixed: 'PICKUP',
      undone: 'PICKUP',
      nolines: 'PICKUP',
    });
  });

  it('marks every earlier delivery step "unknown" and no other step', async () => {
    const steps = await sql<{ order_id: string; to_status: string; handover_method: string | null }>(
      `select order_id, to_status, handover_method from order_event order by order_id, id`,
    );
    const of = (key: string) =>
      steps.filter((s) => s.order_id === ids[key]).map((s) => [s.to_status, s.handover_method]);
    expect(of('delivered')).toEqual([
      ['PLACED', null],
      ['ACCEPTED', null],
      ['DELIVERED', 'UNKNOWN'],
    ]);
    expect(of('undone')).toEqual([
      ['PLACED', null],
      ['DELIVERED', 'UNKNOWN'],
      ['PLACED', null],
    ]);
  });

  it('refuses, from now on, a delivery step that does not say how, a hand-over on any other step, and unknown values', async () => {
    const step = (to: string, method: string | null) =>
      sql(
        `insert into order_event (order_id, from_status, to_status, actor_kind, handover_method) values (?, 'PLACED', ?, 'PROVIDER', ?)`,
        [ids.sent, to, method],
      );
    await expect(step('DELIVERED', null)).rejects.toThrow(/order_event_delivered_handover_check/);
    await expect(step('ACCEPTED', 'COUNTER_CARD')).rejects.toThrow(/order_event_delivered_handover_check/);
    await expect(step('DELIVERED', 'BY_HAND')).rejects.toThrow(/order_event_handover_method_check/);
    await expect(sql(`update customer_order set redemption_method = 'POST' where id = ?`, [ids.sent])).rejects.toThrow(
      /customer_order_redemption_method_check/,
    );
    await step('DELIVERED', 'SENT_BY_PROVIDER');
  });
});
