import { afterAll, describe, expect, it } from 'vitest';
import { ManualClock } from '../kernel/clock.js';
import { startTestServer, type TestServer } from '../test/server.js';
import { randomUUID } from 'node:crypto';
import { expectLedgerConsistent } from '../test/households.js';
import { allPowerfulStaff } from '../test/mass-message-load.js';

/**
 * The demo shows payouts: a paid batch in each municipality and today's draft, booked in the ledger. On a day in the
 * middle of this year, so the story has its full thirty days before it.
 */
describe('the demo’s payouts', () => {
  let server: TestServer;
  const clock = new ManualClock(new Date(Date.UTC(new Date().getUTCFullYear(), 5, 15, 10)));
  afterAll(async () => {
    await server?.close();
  });

  it('has paid batches in both municipalities and one draft, each provider line within SEPA’s 140 characters', async () => {
    server = await startTestServer({ seed: true, demoActivity: true, clock });
    const em = server.orm.em.fork();
    const batches = await em.execute<{ status: string; slug: string; total_cents: string; paid_at: Date | null }[]>(
      `select b.status, m.slug, b.total_cents, b.paid_at from payout_batch b join municipality m on m.id = b.municipality_id
        order by b.created_at`,
    );
    expect(batches.map((b) => [b.slug, b.status])).toEqual([
      ['noorderhaven', 'PAID'],
      ['zuiderveen', 'PAID'],
      ['noorderhaven', 'DRAFT'],
    ]);
    for (const b of batches.filter((x) => x.paid_at))
      expect(new Date(b.paid_at!).getTime()).toBeLessThan(clock.now().getTime());
    const payouts = await em.execute<{ n: string }[]>(
      `select count(*)::text as n from ledger_transaction where kind = 'PAYOUT'`,
    );
    expect(payouts[0]!.n).toBe('2');
    const long = await em.execute(`select 1 from payout_line where length(remittance_info) > 140`);
    expect(long).toEqual([]);
    // Zuiderveen's bicycle service, delivered some 15 days ago, waits for the browser journey (finance-payouts.spec.ts).
    const waiting = await server.services.payouts.preview(
      { ...server.contexts.forSystem('test'), viewer: allPowerfulStaff(randomUUID()) },
      (await em.execute<{ id: string }[]>(`select id from municipality where slug = 'zuiderveen'`))[0]!.id,
    );
    expect(waiting.ok && waiting.value.orderCount).toBeGreaterThan(0);
    await expectLedgerConsistent(server);
  }, 180_000);
});
