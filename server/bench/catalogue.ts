// `npm run bench:catalogue`: the public offer (`products` query) under load.
//
// Seeds 10,000 products from 500 providers into a fresh database (TEST_DATABASE_URL's server when set, else an
// embedded PostgreSQL in a temporary folder), starts the real server, and measures:
//   - throughput (requests/s) and latency (p50/p95/p99) at 32 concurrent clients over a fixed number of requests,
//     a mix of plain listing, search (some misspelt) and category filter, with every sort order;
//   - SQL statements per request at page size 10 and 50 (they must not grow with the page size).
// Everything runs on this machine over loopback; the run is bounded by BENCH_REQUESTS and stops by itself.
// Settings: BENCH_PRODUCTS (10000), BENCH_PROVIDERS (500), BENCH_REQUESTS (3000), BENCH_CONCURRENCY (32);
// BENCH_EXPLAIN=1 also prints EXPLAIN ANALYZE of every statement of the per-request measurement.
import 'reflect-metadata';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import pg from 'pg';
import { loadConfig } from '../src/config/config.js';
import { createLogger } from '../src/logging/logger.js';
import { boot } from '../src/boot.js';
import { benchDatabase } from './bench-database.js';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 10_000);
const PROVIDERS = Number(process.env.BENCH_PROVIDERS ?? 500);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 3_000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32);

const SUBJECTS = [
  'zwemles',
  'voetbal',
  'gitaarles',
  'pianoles',
  'winterjas',
  'kinderfiets',
  'judo',
  'hockey',
  'tennisles',
  'dansles',
  'laptop',
  'schooltas',
  'fietshelm',
  'theaterles',
  'drumles',
  'atletiek',
  'zangles',
  'turnen',
  'schaakles',
  'kookcursus',
];
const QUALIFIERS = [
  'voor kinderen',
  'voor beginners',
  'jeugd',
  'voor volwassenen',
  '(10 lessen)',
  '(half jaar)',
  'seizoen 2026',
  'met diploma',
  'in de zomer',
  'op zaterdag',
];
const SEARCHES = [
  'zwemles',
  'zwemlessen',
  'gitaarlse',
  'voetballen',
  'winterjs',
  'kinderfiets',
  'pianoles beginners',
  'hockey jeugd',
  'dansles',
  'laptop',
];
const SORTS = [null, 'NEWEST', 'PRICE_ASC', 'PRICE_DESC'];

const QUERY = `query Bench($search: String, $categoryId: ID, $sort: ProductSort, $first: Int, $after: String) {
  products(filter: { search: $search, categoryId: $categoryId, sort: $sort }, first: $first, after: $after) {
    totalCount pageInfo { hasNextPage endCursor }
    edges { cursor node { id title slug priceCents availability provider { id name } category { id name } images { thumbnailUrl } } }
  }
}`;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function seed(url: string) {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => undefined);
  await client.connect();
  const started = Date.now();
  await client.query('begin');
  await client.query(`insert into municipality (name, slug) values ('Gemeente Benchmark', 'benchmark')`);
  await client.query(
    `insert into category (name, slug, sort_order, featured)
     select 'Categorie ' || i, 'categorie-' || i, i, i = 1 from generate_series(1, 12) i`,
  );
  await client.query(
    `insert into provider (name, slug, kvk_number, iban, email, city, created_at)
     select 'Aanbieder ' || lpad(i::text, 3, '0'), 'aanbieder-' || i, lpad((10000000 + i)::text, 8, '0'),
            'NL00BANK0000000000', 'info' || i || '@example.org', 'Benchstad', now() - interval '200 days'
     from generate_series(1, $1::int) i`,
    [PROVIDERS],
  );
  // Nine in ten providers are approved members; the rest are pending (their products are not public).
  await client.query(
    `insert into provider_membership (provider_id, municipality_id, status)
     select p.id, m.id, case when row_number() over (order by p.slug) % 10 = 0 then 'PENDING' else 'APPROVED' end
     from provider p cross join municipality m`,
  );
  await client.query(
    `insert into product (provider_id, category_id, title, slug, description, price_cents, status, availability,
                          redemption_method, submitted_at, created_at, updated_at)
     select pr.id, c.id,
            initcap(s.subject) || ' ' || q.qualifier || ' #' || i,
            'product-' || i,
            'Een omschrijving van ' || s.subject || ' ' || q.qualifier || '. **Goed** voor iedereen die wil meedoen.',
            100 + (i * 7919) % 45000,
            case when i % 20 = 0 then 'DRAFT' when i % 20 = 1 then 'SUBMITTED' when i % 20 = 2 then 'REJECTED' else 'APPROVED' end,
            case when i % 15 = 0 then 'TEMPORARILY_UNAVAILABLE' else 'AVAILABLE' end,
            (array['PICKUP','DELIVERY','VOUCHER_CODE'])[1 + i % 3],
            now() - (i || ' minutes')::interval,
            date_trunc('milliseconds', now() - (i * 37 || ' minutes')::interval), now()
     from generate_series(1, $1::int) i
     join lateral (select id from provider order by slug offset (i % $2::int) limit 1) pr on true
     join lateral (select id from category order by sort_order offset (i % 12) limit 1) c on true
     join lateral (select ($3::text[])[1 + (i + i / 20) % array_length($3::text[], 1)] as subject) s on true
     join lateral (select ($4::text[])[1 + (i / 7) % array_length($4::text[], 1)] as qualifier) q on true`,
    [PRODUCTS, PROVIDERS, SUBJECTS, QUALIFIERS],
  );
  // The municipality's decision per submitted product of an approved member (product-approval.ts).
  await client.query(
    `insert into product_approval (product_id, municipality_id, status, reason, requested_at, decided_at)
     select p.id, pm.municipality_id, case p.status when 'SUBMITTED' then 'PENDING' else p.status end,
            case when p.status = 'REJECTED' then 'Vermeld de leeftijden.' end, p.submitted_at,
            case when p.status <> 'SUBMITTED' then p.submitted_at end
       from product p join provider_membership pm on pm.provider_id = p.provider_id and pm.status = 'APPROVED'
      where p.status in ('SUBMITTED','APPROVED','REJECTED')`,
  );
  await client.query(`update product p set status = 'SUBMITTED' where p.status in ('APPROVED','REJECTED') and not exists (
    select 1 from provider_membership pm where pm.provider_id = p.provider_id and pm.status = 'APPROVED')`);
  await client.query('commit');
  await client.query('analyze');
  const [{ n }] = (await client.query(`select count(*)::int as n from product`)).rows as [{ n: number }];
  await client.end();
  return { products: n, seconds: (Date.now() - started) / 1000 };
}

async function main() {
  const env: Record<string, string> = {
    NODE_ENV: 'test',
    SEED_DEMO_DATA: 'false',
    LOG_LEVEL: 'silent',
    HOST: '127.0.0.1',
  };
  const database = await benchDatabase(env);

  const config = loadConfig(env);
  // Statements are counted at the driver: every query the server sends to PostgreSQL through node-postgres.
  let counting = false;
  let statements = 0;
  const captured: { text: string; values: unknown[] }[] = [];
  const original = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    if (counting) {
      statements++;
      const [config, values] = args as [string | { text: string; values?: unknown[] }, unknown[] | undefined];
      if (process.env.BENCH_EXPLAIN)
        captured.push(
          typeof config === 'string'
            ? { text: config, values: values ?? [] }
            : { text: config.text, values: config.values ?? [] },
        );
    }
    return original.apply(this, args);
  } as typeof pg.Client.prototype.query;
  const server = await boot({
    config,
    logger: createLogger('silent'),
    port: 0,
  });
  try {
    const databaseUrl =
      config.databaseUrl ?? `postgresql://postgres:postgres@127.0.0.1:${config.embeddedPgPort}/gemeentewinkel`;
    const seeded = await seed(
      process.env.TEST_DATABASE_URL ? env.DATABASE_URL! : await embeddedUrl(server, databaseUrl),
    );
    const categories = (
      (await (await gql(server.url, `{ categories { id } }`)).json()) as { data: { categories: { id: string }[] } }
    ).data.categories.map((c) => c.id);
    const publicCount = ((await (await gql(server.url, `{ products(first: 1) { totalCount } }`)).json()) as any).data
      .products.totalCount;

    // SQL statements per request, per kind of request, at page size 10 and 50.
    const kinds: Record<string, Record<string, unknown>> = {
      'geen zoekterm': {},
      zoeken: { search: 'zwemles' },
      'zoeken, prijs oplopend': { search: 'gitaarlse', sort: 'PRICE_ASC' },
      categorie: { categoryId: categories[2] },
    };
    const perRequest: Record<string, [number, number]> = {};
    for (const [kind, vars] of Object.entries(kinds)) {
      const counts: number[] = [];
      for (const first of [10, 50]) {
        statements = 0;
        counting = true;
        const res = await gql(server.url, QUERY, { ...vars, first });
        await res.json();
        counting = false;
        counts.push(statements);
      }
      perRequest[kind] = counts as [number, number];
    }
    if (process.env.BENCH_EXPLAIN) {
      const c = new pg.Client({ connectionString: server.orm.config.get('clientUrl') as string });
      await c.connect();
      for (const q of captured) {
        if (!/^\s*select/i.test(q.text)) continue;
        const plan = await c.query({ text: `explain (analyze, buffers off) ${q.text}`, values: q.values });
        console.log(
          `\n${q.text.replace(/\s+/g, ' ').slice(0, 160)}\n${plan.rows.map((r: any) => r['QUERY PLAN']).join('\n')}`,
        );
      }
      await c.end();
    }

    // The load comes from a worker thread: the clients never compete with the server for its event loop.
    const result = await new Promise<{ latencies: number[]; failures: number; seconds: number }>((resolve, reject) => {
      const worker = new Worker(new URL(import.meta.url), {
        workerData: { url: server.url, categories, requests: REQUESTS, concurrency: CONCURRENCY },
      });
      worker.once('message', resolve);
      worker.once('error', reject);
    });
    const { latencies, failures, seconds } = result;
    latencies.sort((a, b) => a - b);

    const ms = (v: number) => `${v.toFixed(1)} ms`;
    console.log('\nBenchmark: de openbare aanbodlijst (products)');
    console.log(
      `  data        ${seeded.products} producten van ${PROVIDERS} aanbieders (${publicCount} in het aanbod), geseed in ${seeded.seconds.toFixed(1)} s`,
    );
    console.log(
      `  belasting   ${REQUESTS} verzoeken, ${CONCURRENCY} gelijktijdig; mix: lijst / zoeken (ook met typefouten) / categorie, alle sorteringen, 24 per pagina`,
    );
    console.log(
      `  doorvoer    ${(REQUESTS / seconds).toFixed(0)} verzoeken/s (${seconds.toFixed(1)} s totaal, ${failures} mislukt)`,
    );
    console.log(
      `  latentie    p50 ${ms(percentile(latencies, 50))}   p95 ${ms(percentile(latencies, 95))}   p99 ${ms(percentile(latencies, 99))}   max ${ms(latencies.at(-1)!)}`,
    );
    console.log('  SQL-statements per verzoek (pagina van 10 / 50):');
    for (const [kind, [a, b]] of Object.entries(perRequest)) {
      console.log(`    ${kind.padEnd(24)} ${a} / ${b}${a === b ? '' : '   <-- groeit met de paginagrootte!'}`);
    }
    const grew = Object.values(perRequest).some(([a, b]) => a !== b);
    if (failures || grew) process.exitCode = 1;
  } finally {
    await server.stop();
    await database.cleanup();
  }
}

function gql(base: string, query: string, variables: Record<string, unknown> = {}) {
  return fetch(`${base}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query, variables }),
  });
}

/** The embedded database's URL, as the server's own connection sees it. */
async function embeddedUrl(server: Awaited<ReturnType<typeof boot>>, fallback: string): Promise<string> {
  const c = server.orm.config.get('clientUrl') as string | undefined;
  return c ?? fallback;
}

/** Request i of the mix: a third plain listing, a third search (some misspelt), a third category; every sort order. */
function request(base: string, categories: string[], i: number) {
  const kind = i % 3;
  const sort = SORTS[(i >> 2) % SORTS.length];
  const vars =
    kind === 0
      ? { first: 24, sort }
      : kind === 1
        ? { first: 24, search: SEARCHES[i % SEARCHES.length], sort: i % 2 ? null : sort }
        : { first: 24, categoryId: categories[i % categories.length], sort };
  return gql(base, QUERY, vars);
}

/** The load generator (worker thread): warm-up, then a fixed number of requests from `concurrency` clients. */
async function load(data: { url: string; categories: string[]; requests: number; concurrency: number }) {
  await Promise.all(
    Array.from({ length: 64 }, (_, i) => request(data.url, data.categories, i).then((r) => r.arrayBuffer())),
  );
  const latencies: number[] = [];
  let failures = 0;
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: data.concurrency }, async () => {
      while (next < data.requests) {
        const i = next++;
        const t0 = performance.now();
        const res = await request(data.url, data.categories, i);
        const body = (await res.json()) as { errors?: unknown[] };
        latencies.push(performance.now() - t0);
        if (res.status !== 200 || body.errors) failures++;
      }
    }),
  );
  return { latencies, failures, seconds: (performance.now() - started) / 1000 };
}

if (isMainThread) {
  await main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
} else {
  parentPort!.postMessage(await load(workerData));
}
