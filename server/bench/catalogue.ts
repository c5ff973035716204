// `npm run bench:catalogue`: the public offer (`products` query) under load, side by side with a reference.
//
// Seeds 10,000 products from 500 providers into a fresh database (TEST_DATABASE_URL's server when set, else an
// embedded PostgreSQL in a temporary folder), starts the real server (one process) and measures:
//   1. SQL statements per request at page size 10 and 50 (they must not grow with the page size);
//   2. where the time of an UNCACHED request goes (cache off, one request at a time): PostgreSQL (the count apart),
//      serialisation of the answer, and the rest (HTTP, context, GraphQL execution);
//   3. the load: BENCH_CONCURRENCY (32) clients in a worker thread, each browsing like a visitor — a plain listing,
//      a category, or a search (many distinct terms, some misspelt), every sort order, and often the next pages
//      through the cursors — so that no single hot page can be served from a cache. The same seeded mix runs against
//      our server and against a REFERENCE: a plain node-postgres HTTP handler (same process model: one process, a pool
//      of the same size) that returns the same rows, same page, same count, in one SQL statement (the conditions are
//      the service's own, `offerQuery`). Per scenario: requests/s, p50/p95/p99; our throughput as a ratio of the
//      reference's; the cache-hit rate (the `x-catalogue-cache` header); and `os.loadavg()` before and after.
//   4. each scenario on its own (listing, category filter, search), ours and the reference's, the same way, and ours
//      again with the response cache off (the uncached path: every request through the service and PostgreSQL).
// Bounded: BENCH_REQUESTS (4000) requests per side for the mix, BENCH_SCENARIO_REQUESTS (1500) per side for each
// scenario; it stops by itself. Settings: BENCH_PRODUCTS (10000), BENCH_PROVIDERS (500), BENCH_CONCURRENCY (32),
// BENCH_SQL=1 prints each measured statement,
// BENCH_KEEP=1 keeps the database (to EXPLAIN its statements).
import 'reflect-metadata';
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { createServer, type Server } from 'node:http';
import os from 'node:os';
import { readFileSync } from 'node:fs';
import pg from 'pg';
import { loadConfig } from '../src/config/config.js';
import { createLogger } from '../src/logging/logger.js';
import { boot } from '../src/app/boot.js';
import { ANONYMOUS } from '../src/kernel/viewer.js';
import { offerQuery, ProductSort } from '../src/modules/catalogue/catalogue.service.js';
import { catalogueCacheProcess } from '../src/modules/catalogue/catalogue-cache.js';
import { keyOrderBy, keySelect, rowCursor } from '../src/graphql/keyset.js';
import { systemClock } from '../src/kernel/clock.js';
import { mulberry32 } from '../src/seeders/demo-data.js';
import { benchDatabase, benchEnv, loadText } from './bench-database.js';

const PRODUCTS = Number(process.env.BENCH_PRODUCTS ?? 10_000);
const PROVIDERS = Number(process.env.BENCH_PROVIDERS ?? 500);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 4_000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 32);
const SCENARIO_REQUESTS = Number(process.env.BENCH_SCENARIO_REQUESTS ?? 1_500);
const POOL = 10;

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
/** Search terms of visitors: whole words, plurals, two words, and misspellings (a letter swapped, dropped, doubled). */
const SEARCHES = [
  'zwemles',
  'zwemlessen',
  'zwemels',
  'zwmeles',
  'gitaarles',
  'gitaarlse',
  'gitarles',
  'voetbal',
  'voetballen',
  'voetbl',
  'winterjas',
  'winterjs',
  'winterjassen',
  'kinderfiets',
  'kinderfietsen',
  'kinderfeits',
  'pianoles',
  'pianoles beginners',
  'painoles',
  'judo',
  'judo jeugd',
  'hockey',
  'hockey jeugd',
  'hokcey',
  'tennisles',
  'tenisles',
  'dansles',
  'danles',
  'laptop',
  'laptp',
  'schooltas',
  'schooltassen',
  'fietshelm',
  'fietshlem',
  'theaterles',
  'drumles',
  'drumles kinderen',
  'atletiek',
  'atletek',
  'zangles',
  'turnen',
  'turnen zaterdag',
  'schaakles',
  'schaken',
  'kookcursus',
  'kookcurus',
  'zomer',
  'beginners',
  'diploma',
  'volwassenen',
];
const SORTS = [null, 'NEWEST', 'PRICE_ASC', 'PRICE_DESC'];
const SCENARIOS = ['lijst', 'filter', 'zoeken'] as const;
type Scenario = (typeof SCENARIOS)[number];

const QUERY = `query Bench($search: String, $categoryId: ID, $sort: ProductSort, $first: Int, $after: String) {
  products(filter: { search: $search, categoryId: $categoryId, sort: $sort }, first: $first, after: $after) {
    totalCount pageInfo { hasNextPage endCursor }
    suggestion edges { cursor node { id title slug priceCents availability provider { id name } category { id name } images { thumbnailUrl } } }
  }
}`;

/**
 * CPU milliseconds the PostgreSQL backends `pids` have run so far (Linux /proc/<pid>/schedstat, nanoseconds; 0 for a
 * backend that is gone or a database on another machine). Parallel workers a statement starts are not among them.
 */
function backendCpuMs(pids: readonly number[]): number {
  let ns = 0;
  for (const pid of pids) {
    try {
      ns += Number(readFileSync(`/proc/${pid}/schedstat`, 'utf8').split(' ')[0]);
    } catch {
      // Gone, or not on this machine.
    }
  }
  return ns / 1e6;
}

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

/** Visitor `n`'s browse: a scenario, its variables, and how many pages it follows (1-5). */
function browse(categories: string[], n: number, only?: Scenario) {
  const r = mulberry32(n * 7919 + 17); // seeded: both sides get the very same mix
  const x = r();
  const scenario: Scenario = only ?? (x < 0.4 ? 'lijst' : x < 0.7 ? 'filter' : 'zoeken');
  const sort = SORTS[Math.floor(r() * SORTS.length)];
  const vars: Record<string, unknown> =
    scenario === 'lijst'
      ? { first: 24, sort }
      : scenario === 'filter'
        ? { first: 24, sort, categoryId: categories[Math.floor(r() * categories.length)] }
        : { first: 24, sort, search: SEARCHES[Math.floor(r() * SEARCHES.length)] };
  let pages = 1;
  while (pages < 5 && r() < 0.45) pages++;
  return { scenario, vars, pages };
}

type Side = { latencies: Record<Scenario, number[]>; failures: number; seconds: number; hits: number; cached: number };

/** The load generator (worker thread): `concurrency` visitors browse until `requests` requests were sent. */
async function load(data: {
  url: string;
  categories: string[];
  requests: number;
  concurrency: number;
  seed: number;
  hot?: boolean;
  only?: Scenario;
}) {
  const latencies: Record<Scenario, number[]> = { lijst: [], filter: [], zoeken: [] };
  let failures = 0;
  let sent = 0;
  let visitor = data.seed;
  let hits = 0;
  let cached = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: data.concurrency }, async () => {
      while (sent < data.requests) {
        const { scenario, vars, pages } = data.hot
          ? { scenario: 'lijst' as const, vars: { first: 24 }, pages: 1 }
          : browse(data.categories, visitor++, data.only);
        let after: string | null = null;
        for (let page = 0; page < pages && sent < data.requests; page++) {
          sent++;
          const t0 = performance.now();
          const res = await gql(data.url, QUERY, { ...vars, after });
          const body = (await res.json()) as { errors?: unknown[]; data?: { products: any } };
          latencies[scenario].push(performance.now() - t0);
          const header = res.headers.get('x-catalogue-cache');
          if (header) cached++;
          if (header === 'hit') hits++;
          if (res.status !== 200 || body.errors || !body.data) {
            failures++;
            break;
          }
          after = body.data.products.pageInfo.endCursor;
          if (!body.data.products.pageInfo.hasNextPage) break;
        }
      }
    }),
  );
  return { latencies, failures, seconds: (performance.now() - started) / 1000, hits, cached } satisfies Side;
}

function runLoad(
  url: string,
  categories: string[],
  requests: number,
  seed: number,
  options: { hot?: boolean; only?: Scenario } = {},
): Promise<Side> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL(import.meta.url), {
      workerData: { url, categories, requests, concurrency: CONCURRENCY, seed, ...options },
    });
    worker.once('message', resolve);
    worker.once('error', reject);
  });
}

/** `?` placeholders (the service's, MikroORM's style) as node-postgres's `$n`. */
function numbered(sql: string): string {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
}

/**
 * The reference: node:http and node-postgres, nothing else. The same conditions, order and cursor as the service
 * (offerQuery), the page, its count (an uncorrelated subquery: computed once), provider, category and thumbnails, all
 * in ONE statement; the answer has the shape of ours.
 */
function referenceServer(databaseUrl: string): { server: Server; pool: pg.Pool; statements: () => number } {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: POOL });
  // An idle connection's error (the server ended it) is not the benchmark's failure: the pool replaces it.
  pool.on('error', () => undefined);
  let statements = 0;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => void answer());
    const answer = async () => {
      try {
        const { variables: v } = JSON.parse(Buffer.concat(chunks).toString()) as { variables: Record<string, any> };
        const first = Math.min(Math.max(Number(v.first ?? 25), 1), 100);
        const q = offerQuery(
          { viewer: ANONYMOUS, clock: systemClock },
          { search: v.search, categoryId: v.categoryId, sort: v.sort as ProductSort | null },
          v.after,
        );
        let products: unknown = { totalCount: 0, pageInfo: { hasNextPage: false, endCursor: null }, edges: [] };
        if (q) {
          const { where, params, order, exprParams, after } = q;
          const sql = `select p.id, p.title, p.slug, p.price_cents, p.availability, ${keySelect(order)},
              (select count(*) from product p where ${where.join(' and ')})::int as total,
              pr.id as provider_id, pr.name as provider_name, c.id as category_id, c.name as category_name,
              coalesce((select json_agg(json_build_object('thumbnailUrl', '/uploads/' || i.thumbnail_key)
                                        order by i.sort_order, i.created_at)
                          from product_image i where i.product_id = p.id), '[]') as images
            from product p join provider pr on pr.id = p.provider_id join category c on c.id = p.category_id
            where ${[...where, ...(after.sql ? [after.sql] : [])].join(' and ')}
            order by ${keyOrderBy(order)} limit ?`;
          statements++;
          const { rows } = await pool.query(numbered(sql), [
            ...exprParams,
            ...params,
            ...params,
            ...(after.sql ? [...exprParams, ...after.params] : []),
            ...exprParams,
            first + 1,
          ]);
          const page = rows.slice(0, first);
          const edges = page.map((r: any) => ({
            cursor: rowCursor(order, r),
            node: {
              id: r.id,
              title: r.title,
              slug: r.slug,
              priceCents: r.price_cents,
              availability: r.availability,
              provider: { id: r.provider_id, name: r.provider_name },
              category: { id: r.category_id, name: r.category_name },
              images: r.images,
            },
          }));
          products = {
            // With a cursor past the last match there is no row to carry the count: one more statement, rarely.
            totalCount: rows[0]?.total ?? 0,
            pageInfo: { hasNextPage: rows.length > first, endCursor: edges.at(-1)?.cursor ?? null },
            edges,
          };
        }
        res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ data: { products } }));
      } catch (error) {
        res.writeHead(500).end(JSON.stringify({ errors: [{ message: String(error) }] }));
      }
    };
  });
  return { server, pool, statements: () => statements };
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
  // As autovacuum leaves a catalogue that has been in use for a while: the GIN indexes' pending lists merged (a search
  // otherwise reads the 10,000 fresh entries one by one) and the visibility map set (index-only counts).
  await client.query('vacuum analyze');
  const [{ n }] = (await client.query(`select count(*)::int as n from product`)).rows as [{ n: number }];
  await client.end();
  return { products: n, seconds: (Date.now() - started) / 1000 };
}

async function main() {
  const env = benchEnv();
  const database = await benchDatabase(env);
  const loadBefore = os.loadavg();

  const config = loadConfig(env);
  // Statements are counted and timed at the driver: every query the server sends to PostgreSQL through node-postgres.
  let counting = false;
  const stmts: { text: string; ms: number }[] = [];
  const original = pg.Client.prototype.query as (...args: unknown[]) => unknown;
  pg.Client.prototype.query = function (this: pg.Client, ...args: unknown[]) {
    if (!counting) return original.apply(this, args);
    const config = args[0] as string | { text: string };
    const entry = { text: typeof config === 'string' ? config : config.text, ms: 0 };
    stmts.push(entry);
    const t0 = performance.now();
    const last = args.at(-1);
    if (typeof last === 'function') {
      args[args.length - 1] = (...r: unknown[]) => {
        entry.ms = performance.now() - t0;
        return (last as (...a: unknown[]) => unknown)(...r);
      };
      return original.apply(this, args);
    }
    const result = original.apply(this, args) as Promise<unknown> | undefined;
    result?.then?.(
      () => (entry.ms = performance.now() - t0),
      () => undefined,
    );
    return result;
  } as typeof pg.Client.prototype.query;
  const server = await boot({ config, logger: createLogger('silent'), port: 0 });
  let reference: ReturnType<typeof referenceServer> | null = null;
  try {
    const databaseUrl = (server.orm.config.get('clientUrl') as string | undefined) ?? env.DATABASE_URL!;
    const seeded = await seed(process.env.TEST_DATABASE_URL ? env.DATABASE_URL! : databaseUrl);
    const categories = (
      (await (await gql(server.url, `{ categories { id } }`)).json()) as { data: { categories: { id: string }[] } }
    ).data.categories.map((c) => c.id);
    const publicCount = ((await (await gql(server.url, `{ products(first: 1) { totalCount } }`)).json()) as any).data
      .products.totalCount;

    // 1. SQL statements per request, per kind of request, at page size 10 and 50 (cache off).
    catalogueCacheProcess.enabled = false;
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
        // The fewest of three tries: the process's background work (the job queue's polling) counts at the driver too.
        let fewest = Infinity;
        for (let attempt = 0; attempt < 3; attempt++) {
          stmts.length = 0;
          counting = true;
          await (await gql(server.url, QUERY, { ...vars, first })).json();
          counting = false;
          fewest = Math.min(fewest, stmts.length);
        }
        counts.push(fewest);
        if (process.env.BENCH_SQL)
          console.log(
            `${kind} ${first}:\n${stmts.map((s) => `  ${s.text.replace(/\s+/g, ' ').slice(0, 140)}`).join('\n')}`,
          );
      }
      perRequest[kind] = counts as [number, number];
    }

    // 2. Where the time of an uncached request goes: one request at a time, cache off.
    reference = referenceServer(databaseUrl);
    // Keep-alive as long as the app's (boot.ts): with Node's 5 s the reference closed idle connections the load
    // generator was about to reuse ("other side closed") when a busy machine delayed it past its 1 s margin.
    reference.server.keepAliveTimeout = 65_000;
    reference.server.headersTimeout = 66_000;
    await new Promise<void>((resolve) => reference!.server.listen(0, '127.0.0.1', resolve));
    const referenceUrl = `http://127.0.0.1:${(reference.server.address() as { port: number }).port}`;
    type Part = {
      total: number;
      pg: number;
      count: number;
      json: number;
      n: number;
      stmts: number;
      cpuServer: number;
      cpuPg: number;
    };
    const part = (): Part => ({ total: 0, pg: 0, count: 0, json: 0, n: 0, stmts: 0, cpuServer: 0, cpuPg: 0 });
    const parts: Record<Scenario, Part> = { lijst: part(), filter: part(), zoeken: part() };
    // CPU time per request: the server's process (this process: the server, and the one request's client) and the
    // server's PostgreSQL backends (the figure a busy machine does not inflate as it does the wall time).
    const backends = (
      await server.orm.em
        .fork()
        .execute<{ pid: number }[]>(
          `select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
        )
    ).map((r) => r.pid);
    let same = 0;
    let compared = 0;
    for (let n = 0; n < 150; n++) {
      const { scenario, vars } = browse(categories, 1_000_000 + n);
      stmts.length = 0;
      counting = true;
      const cpu0 = process.cpuUsage();
      const pg0 = backendCpuMs(backends);
      const t0 = performance.now();
      const res = await gql(server.url, QUERY, vars);
      const text = await res.text();
      const total = performance.now() - t0;
      const cpu = process.cpuUsage(cpu0);
      const cpuPg = backendCpuMs(backends) - pg0;
      counting = false;
      const body = JSON.parse(text);
      const t1 = performance.now();
      JSON.stringify(body);
      const p = parts[scenario];
      p.json += performance.now() - t1;
      p.total += total;
      p.pg += stmts.reduce((a, s) => a + s.ms, 0);
      p.count += stmts.filter((s) => /^\s*select count\(\*\)/i.test(s.text)).reduce((a, s) => a + s.ms, 0);
      p.stmts += stmts.length;
      p.cpuServer += (cpu.user + cpu.system) / 1000;
      p.cpuPg += cpuPg;
      p.n++;
      // The reference answers the same rows, page and count.
      if (n % 5 === 0) {
        const ref = await (await gql(referenceUrl, QUERY, vars)).json();
        compared++;
        const ids = (b: any) =>
          JSON.stringify([b.data.products.totalCount, b.data.products.edges.map((e: any) => e.node.id)]);
        if (ids(ref) === ids(body)) same++;
        else console.log(`  verschil met de referentie bij ${JSON.stringify(vars)}`);
      }
    }
    catalogueCacheProcess.enabled = true;

    // 3. The load: ours, then the reference, on the same mix (same seed).
    const warm = (url: string) => runLoad(url, categories, 300, 5_000_000);
    await warm(server.url);
    const stats0 = { ...catalogueCacheProcess.stats };
    const ours = await runLoad(server.url, categories, REQUESTS, 0);
    const versionReads = catalogueCacheProcess.stats.versionReads - stats0.versionReads;
    const loadMid = os.loadavg();
    await warm(referenceUrl);
    const refStatements0 = reference.statements();
    const theirs = await runLoad(referenceUrl, categories, REQUESTS, 0);
    const refStatements = reference.statements() - refStatements0;
    const loadAfter = os.loadavg();
    // For scale: one page over and over, every answer from the cache (ours) — what a hit costs.
    const hot = await runLoad(server.url, categories, 2000, 0, { hot: true });
    // Each scenario on its own (other visitors than the mix's), ours (from an empty cache) then the reference's.
    // Then ours again with the cache off: every request through the service and PostgreSQL (the uncached path).
    const apart: Record<Scenario, [Side, Side, Side]> = {} as never;
    for (const s of SCENARIOS) {
      // A cold start for each: a new catalogue version empties our cache (the real invalidation, as after a change).
      await server.orm.em.fork().execute('update catalogue_version set version = version + 1');
      const cached = await runLoad(server.url, categories, SCENARIO_REQUESTS, 2_000_000, { only: s });
      const ref = await runLoad(referenceUrl, categories, SCENARIO_REQUESTS, 2_000_000, { only: s });
      catalogueCacheProcess.enabled = false;
      const uncached = await runLoad(server.url, categories, SCENARIO_REQUESTS, 2_000_000, { only: s });
      catalogueCacheProcess.enabled = true;
      apart[s] = [cached, ref, uncached];
    }
    const loadEnd = os.loadavg();

    const ms = (v: number) => `${v.toFixed(1).padStart(6)} ms`;
    const rps = (side: Side, s: Scenario) => side.latencies[s].length / side.seconds;
    const all = (side: Side) => SCENARIOS.reduce((a, s) => a + side.latencies[s].length, 0);
    console.log('\nBenchmark: de openbare aanbodlijst (products), naast een referentie (node-postgres, één statement)');
    console.log(
      `  data        ${seeded.products} producten van ${PROVIDERS} aanbieders (${publicCount} in het aanbod), geseed in ${seeded.seconds.toFixed(1)} s`,
    );
    console.log(
      `  belasting   ${REQUESTS} verzoeken per kant, ${CONCURRENCY} gelijktijdige bezoekers; 40% lijst / 30% categorie / 30% zoeken (${SEARCHES.length} termen, ook typefouten), 4 sorteringen, 1-5 pagina's via de cursor, 24 per pagina`,
    );
    console.log(`  processen   1 (onze server) tegen 1 (de referentie), beide een pool van ${POOL} verbindingen`);
    console.log(
      `  machine     ${os.cpus().length} kernen; load average (1/5/15 min) voor ${loadText(loadBefore)}, na ons ${loadText(loadMid)}, na de referentie ${loadText(loadAfter)}, aan het eind ${loadText(loadEnd)}`,
    );
    console.log('\n  Waar de tijd van een verzoek ZONDER cache heen gaat (één tegelijk, gemiddeld per verzoek):');
    for (const s of SCENARIOS) {
      const p = parts[s];
      const other = (p.total - p.pg - p.json) / p.n;
      console.log(
        `    ${s.padEnd(7)} totaal ${ms(p.total / p.n)}  PostgreSQL ${ms(p.pg / p.n)} (waarvan een aparte telling ${ms(p.count / p.n)}, ${(p.stmts / p.n).toFixed(1)} statements)  serialisatie ${ms(p.json / p.n)}  HTTP/context/GraphQL ${ms(other)}`,
      );
    }
    console.log('    CPU-tijd per verzoek (de drukte van de machine telt daarin nauwelijks mee):');
    for (const s of SCENARIOS) {
      const p = parts[s];
      console.log(
        `    ${s.padEnd(7)} server ${ms(p.cpuServer / p.n)} + PostgreSQL ${ms(p.cpuPg / p.n)} = ${ms((p.cpuServer + p.cpuPg) / p.n)}`,
      );
    }
    console.log(`    dezelfde rijen als de referentie: ${same} van ${compared}`);
    const row = (label: string, side: Side, s: Scenario, extra = '') => {
      const l = [...side.latencies[s]].sort((a, b) => a - b);
      console.log(
        `    ${label.padEnd(26)} ${rps(side, s).toFixed(0).padStart(6)}   ${ms(percentile(l, 50))} ${ms(percentile(l, 95))} ${ms(percentile(l, 99))}   ${extra}`,
      );
    };
    console.log(
      `\n  Per scenario apart (${SCENARIO_REQUESTS} verzoeken per kant, cache leeg bij de start)  verzoeken/s    p50       p95       p99`,
    );
    for (const s of SCENARIOS) {
      const [o, r, u] = apart[s];
      const hitRate = `${((100 * o.hits) / Math.max(1, o.cached)).toFixed(0)}% uit de cache`;
      row(`${s}, wij`, o, s, `${((100 * rps(o, s)) / rps(r, s)).toFixed(0)}% van de referentie; ${hitRate}`);
      row(`${s}, wij zonder cache`, u, s, `${((100 * rps(u, s)) / rps(r, s)).toFixed(0)}% van de referentie`);
      row(`${s}, referentie`, r, s);
    }
    console.log(`\n  De mix (${REQUESTS} verzoeken per kant)          verzoeken/s    p50       p95       p99`);
    for (const s of SCENARIOS) {
      row(`${s}, wij`, ours, s);
      row(`${s}, referentie`, theirs, s);
    }
    console.log(
      `    totaal  wij ${(all(ours) / ours.seconds).toFixed(0)} verzoeken/s, referentie ${(all(theirs) / theirs.seconds).toFixed(0)} verzoeken/s (${((100 * all(ours) * theirs.seconds) / (all(theirs) * ours.seconds)).toFixed(0)}%); mislukt: wij ${ours.failures}, referentie ${theirs.failures}`,
    );
    console.log(
      `  cache       ${ours.hits} van ${ours.cached} verzoeken uit de cache (${((100 * ours.hits) / Math.max(1, ours.cached)).toFixed(0)}%); ${versionReads} versie-lezingen voor ${all(ours)} verzoeken; referentie: ${refStatements} statements`,
    );
    const hotLatencies = [...hot.latencies.lijst].sort((a, b) => a - b);
    console.log(
      `  ter vergelijking: één pagina steeds opnieuw (alles uit onze cache): ${(hot.latencies.lijst.length / hot.seconds).toFixed(0)} verzoeken/s, p50 ${ms(percentile(hotLatencies, 50))}, p95 ${ms(percentile(hotLatencies, 95))}`,
    );
    console.log('  SQL-statements per verzoek zonder cache (pagina van 10 / 50):');
    for (const [kind, [a, b]] of Object.entries(perRequest)) {
      console.log(`    ${kind.padEnd(24)} ${a} / ${b}${a === b ? '' : '   <-- groeit met de paginagrootte!'}`);
    }
    const grew = Object.values(perRequest).some(([a, b]) => a !== b);
    const failed = Object.values(apart).some(([o, r, u]) => o.failures || r.failures || u.failures);
    if (ours.failures || theirs.failures || failed || grew || same !== compared) process.exitCode = 1;
  } finally {
    if (reference) {
      reference.server.close();
      await reference.pool.end();
    }
    await server.stop();
    if (process.env.BENCH_KEEP) console.log(`  database kept: ${env.DATABASE_URL ?? env.DATA_DIR}`);
    else await database.cleanup();
  }
}

function gql(base: string, query: string, variables: Record<string, unknown> = {}) {
  return fetch(`${base}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query, variables }),
  });
}

if (isMainThread) {
  await main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
} else {
  parentPort!.postMessage(await load(workerData));
}
