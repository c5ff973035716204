// `npm run bench:webhooks`: BENCH_EVENTS (10,000) order events to 20 endpoints of one API client, of which 5 answer
// slowly (BENCH_SLOW_MS, 2 s) and 3 always fail (500).
//
// Starts the real server (with its job worker) on a fresh database (bench-database.ts), a local receiver with one
// path per endpoint, records the events through the outbox (WebhookEvents.recordMany, in batches, as the services do
// in their transactions) and measures until every healthy (fast) endpoint has received every event: throughput, that
// no healthy endpoint got an event twice or out of order, how far the slow endpoints got meanwhile (they are served
// one delivery at a time, in order, without holding up the rest), and the process's memory. Prints the machine's
// load: the numbers mean little on a busy machine. Stops by itself; the slow and failing endpoints do not finish.
import 'reflect-metadata';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { randomUUID } from 'node:crypto';
import { loadConfig } from '../src/config/config.js';
import { createLogger } from '../src/logging/logger.js';
import { boot } from '../src/app/boot.js';
import { benchDatabase, benchEnv, loadText, machineLine } from './bench-database.js';
import { encryptSecret } from '../src/kernel/secret-box.js';
import { newSigningSecret } from '../src/modules/webhooks/signing.js';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 10_000);
const SLOW_MS = Number(process.env.BENCH_SLOW_MS ?? 2_000);
const FAST = 12;
const SLOW = 5;
const FAILING = 3;
const BATCH = 500;

async function main() {
  const env = benchEnv({ JOBS_POLL_INTERVAL_MS: '100', JOBS_CONCURRENCY: process.env.JOBS_CONCURRENCY ?? '8' });
  const database = await benchDatabase(env);
  const received = new Map<string, string[]>();
  let duplicates = 0;
  const receiver = createServer((req, res) => {
    const [, kind, n] = (req.url ?? '').split('/');
    const name = `${kind}/${n}`;
    req.resume();
    req.on('end', () => {
      if (kind === 'fail') return void res.writeHead(500).end('kapot');
      const id = String(req.headers['webhook-id']);
      const list = received.get(name) ?? [];
      if (list.includes(id)) duplicates++;
      list.push(id);
      received.set(name, list);
      if (kind === 'slow') setTimeout(() => res.writeHead(204).end(), SLOW_MS);
      else res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const port = (receiver.address() as AddressInfo).port;

  const config = loadConfig(env);
  const server = await boot({ config, logger: createLogger('silent'), port: 0 });
  let peakRss = 0;
  const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 250);
  try {
    const loadBefore = loadText();
    const em = server.orm.em.fork();
    const [m] = await em.execute<{ id: string }[]>(`insert into municipality (name, slug) values (?, ?) returning id`, [
      'Benchstad',
      `benchstad-${randomUUID().slice(0, 8)}`,
    ]);
    const municipalityId = m!.id;
    // The client's maker: its events follow the maker's standing (active, reaching the municipality, holding ORDER_READ).
    const [maker] = await em.execute<{ id: string }[]>(
      `with r as (insert into role (name, permissions) values (?, '{ORDER_READ,API_CLIENT_MANAGE}') returning id)
       insert into admin_account (email, name, password_hash, role_id, all_municipalities)
       select ?, 'Bench', 'x', r.id, true from r returning id`,
      [`Bench ${randomUUID().slice(0, 8)}`, `bench-${randomUUID().slice(0, 8)}@voorbeeld.nl`],
    );
    const clientId = randomUUID();
    await em.execute(
      `insert into api_client (id, municipality_id, name, permissions, expires_on, rate_limit_per_minute, created_at,
                               created_by_id)
       values (?, ?, 'Bench', '{ORDER_READ}', current_date + 30, 600, now(), ?)`,
      [clientId, municipalityId, maker!.id],
    );
    const endpoints = [
      ...Array.from({ length: FAST }, (_, i) => `fast/${i}`),
      ...Array.from({ length: SLOW }, (_, i) => `slow/${i}`),
      ...Array.from({ length: FAILING }, (_, i) => `fail/${i}`),
    ];
    for (const path of endpoints) {
      await em.execute(
        `insert into webhook_endpoint (id, api_client_id, url, event_types, secret_sealed, secret_last_four, created_at,
                                       updated_at)
         values (?, ?, ?, '{order.placed}', ?, 'abcd', now(), now())`,
        [
          randomUUID(),
          clientId,
          `http://127.0.0.1:${port}/${path}`,
          encryptSecret(config.settingsEncryptionKey, newSigningSecret()),
        ],
      );
    }
    // The failing endpoints must not be switched off during the run (that is tested elsewhere).
    await server.services.settings.update({ ...server.contexts.forSystem('bench') }, 'webhooks', {
      disableAfterFailures: 100,
    });

    const started = performance.now();
    const providerId = randomUUID();
    for (let from = 0; from < EVENTS; from += BATCH) {
      const events = Array.from({ length: Math.min(BATCH, EVENTS - from) }, (_, i) => {
        const orderId = randomUUID();
        return {
          type: 'order.placed' as const,
          municipalityId,
          subjectId: orderId,
          payload: {
            orderId,
            orderNumber: `B${String(from + i).padStart(6, '0')}`,
            status: 'PLACED',
            previousStatus: null,
            municipalityId,
            providerId,
            totalCents: 1000,
            budgetCents: 1000,
            contributionCents: 0,
          },
        };
      });
      await em.transactional((tx) => server.services.webhookEvents.recordMany(tx, events));
    }
    const recordSeconds = (performance.now() - started) / 1000;
    const fastDone = () =>
      endpoints.filter((p) => p.startsWith('fast/')).every((p) => (received.get(p)?.length ?? 0) >= EVENTS);
    const deadline = Date.now() + 30 * 60_000;
    while (!fastDone() && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
    const seconds = (performance.now() - started) / 1000;
    const fastCounts = endpoints.filter((p) => p.startsWith('fast/')).map((p) => received.get(p)?.length ?? 0);
    const slowCounts = endpoints.filter((p) => p.startsWith('slow/')).map((p) => received.get(p)?.length ?? 0);
    const delivered = fastCounts.reduce((a, b) => a + b, 0);
    const [failures] = await em.execute<{ n: number }[]>(
      `select count(*)::int as n from webhook_attempt a join webhook_endpoint w on w.id = a.endpoint_id
        where w.url like '%/fail/%'`,
    );

    console.log('\nBenchmark: webhooks (outbox → job queue → endpoints)');
    console.log(
      `  outbox      ${EVENTS} gebeurtenissen × ${endpoints.length} endpoints vastgelegd in ${recordSeconds.toFixed(1)} s`,
    );
    console.log(
      `  snel        ${FAST} endpoints: ${delivered} afleveringen in ${seconds.toFixed(1)} s (${(delivered / seconds).toFixed(0)}/s), dubbel: ${duplicates}`,
    );
    console.log(
      `  traag       ${SLOW} endpoints (${SLOW_MS} ms per antwoord): intussen ${slowCounts.join(', ')} afgeleverd`,
    );
    console.log(
      `  kapot       ${FAILING} endpoints: ${failures!.n} mislukte pogingen (wachten op hun volgende poging)`,
    );
    console.log(
      `  geheugen    piek RSS ${(peakRss / 1024 / 1024).toFixed(0)} MB; jobs concurrency ${env.JOBS_CONCURRENCY}`,
    );
    console.log(machineLine(loadBefore));
    if (!fastDone() || duplicates > 0) process.exitCode = 1;
  } finally {
    clearInterval(sampler);
    receiver.closeAllConnections();
    receiver.close();
    await server.stop();
    await database.cleanup();
  }
}

await main();
