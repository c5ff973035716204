// `npm run bench:soak`: a busy month, compressed. Two instances of the application (separate Node processes, each
// with its HTTP server and job worker, as two pods would run) on one database, and a realistic mix of load from this
// process for SOAK_MINUTES (default 30) minutes:
//   anonymous visitors browsing and searching the offer; residents logging in through the DigiD simulator and
//   ordering; providers accepting the orders and handing them over at the counter (the resident's pickup code); staff
//   paging through the admin lists and exporting orders as CSV; once per run a mass message to a municipality's
//   residents, an import of 1,000 persons (dry run, then applied), and a payout batch (created, marked paid); and the
//   scheduled jobs (the payment sweeps every minute, the hourly ones) as the instances' workers run them.
// Every minute a line per kind (count, requests/s, p95), the instances' RSS, PostgreSQL's connection count, the jobs
// due and the load average. At the end the checks; exit code 1 when one fails:
//   no 5xx; no error log line (level ≥ error) from either instance; memory and connection counts flat over the last
//   two thirds; the job queue drained; the ledger balanced (the money invariants of src/test/checkout-load.ts); every
//   order accounted (every order a checkout answered is in the database with the status its last action left it in,
//   and the municipality has no other orders).
// Settings: SOAK_MINUTES (30), SOAK_PORT (first instance's port; the second gets +1; default: free ports),
// SOAK_RESIDENTS (households with a budget, 400), SOAK_VISITORS (anonymous visitors at once, 6),
// SOAK_SHOPPERS (residents at once, 4), SOAK_SERVER=dist (the compiled server, after `npm run build`),
// SOAK_NODE_OPTIONS (the instances' node options, e.g. the Deployment's NODE_OPTIONS). The database: a fresh one on TEST_DATABASE_URL's server when set, else the
// embedded PostgreSQL (EMBEDDED_PG_PORT, else a free port) in a temporary folder (bench-database.ts).
import 'reflect-metadata';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { cpus, tmpdir } from 'node:os';
import { fileURLToPath } from 'node:url';
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { loadConfig } from '../src/config/config.js';
import { createLogger } from '../src/logging/logger.js';
import { prepareDatabase } from '../src/app/boot.js';
import { GROUPS_Q, ORDERS_Q } from './admin-queries.js';
import { benchDatabase, freePort, loadText } from './bench-database.js';
import { TestClient } from '../src/test/server.js';
import { moneyInvariantViolations, seedCheckoutLoad, type LoadFixture } from '../src/test/checkout-load.js';
import { importCsv, generatedPersons } from '../src/test/import-csv.js';
import { DEMO_PASSWORD, DEMO_STAFF, demoProviderEmail } from '../src/seeders/demo-accounts.js';
import { JOB_SCHEMA } from '../src/jobs/job-queue.js';
import { UPLOAD_HEADER } from '../src/integrations/storage/image-upload.js';

const MINUTES = Number(process.env.SOAK_MINUTES ?? 30);
const RESIDENTS = Number(process.env.SOAK_RESIDENTS ?? 400);
const VISITORS = Number(process.env.SOAK_VISITORS ?? 6);
const SHOPPERS = Number(process.env.SOAK_SHOPPERS ?? 4);
const PROVIDERS = 6;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return 0;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

// ---- what the clients send (as the browser client does: GraphQL over HTTP with a session cookie) -------------------
const PRODUCTS_Q = `query Products($search: String, $categoryId: ID, $sort: ProductSort, $first: Int, $after: String) {
  products(filter: { search: $search, categoryId: $categoryId, sort: $sort }, first: $first, after: $after) {
    totalCount pageInfo { hasNextPage endCursor }
    edges { cursor node { id title slug priceCents availability provider { id name } category { id name } images { thumbnailUrl } } }
  }
}`;
const CATEGORIES_Q = `query { categories { id name } }`;
const CHECKOUT_M = `mutation Checkout($input: CheckoutInput!) { checkout(input: $input) {
  errors { code message } contributionCents orders { id number status totalCents budgetCents pickupCode providerId } } }`;
const PENDING_TERMS_Q = `{ pendingTerms { id } }`;
const ACCEPT_TERMS_M = `mutation($ids: [ID!]!) { acceptPendingTerms(termsVersionIds: $ids) { errors { code message } } }`;
const ACCEPT_M = `mutation($id: ID!) { acceptOrder(id: $id) { errors { code message } order { id status } } }`;
const COUNTER_M = `mutation($c: String!, $o: ID!) { deliverAtCounter(code: $c, orderId: $o) { errors { code message } order { id status } } }`;
const AUDIT_Q = `query AuditLog($filter: AuditLogFilter, $first: Int, $after: String) {
  auditLog(filter: $filter, first: $first, after: $after) {
    totalCount totalCountCapped pageInfo { hasNextPage endCursor }
    edges { cursor node { id at actorKind actorName action subjectType subjectId details } } } }`;
const SETTINGS_M = `mutation($input: UpdateSettingsSectionInput!) { updateSettingsSection(input: $input) {
  settings { version } errors { code message } } }`;
const MASS_M = `mutation($input: SendMassMessageInput!) { sendMassMessage(input: $input) {
  massMessage { id status recipientCount } errors { field code message } } }`;
const IMPORT_RUN_Q = `query($id: ID!) { importRun(id: $id) { id status totalRows newRows } }`;
const APPLY_M = `mutation($id: ID!) { applyImport(id: $id) { importRun { id status } errors { field code message } } }`;
const PAYOUT_M = `mutation($m: ID!) { createPayoutBatch(municipalityId: $m) { errors { field code message } batch { id status } } }`;
const PAID_M = `mutation($id: ID!) { markPayoutBatchPaid(id: $id) { errors { code message } batch { status } } }`;
const SEARCHES = ['zwemles', 'gitaar', 'sport', 'fiets', 'schoenen', 'muziek', 'dans', 'laptop', 'belasting', 'jas'];
const SORTS = [null, 'NEWEST', 'PRICE_ASC', 'PRICE_DESC'];

// ---- measurements -------------------------------------------------------------------------------------------------
type Kind =
  | 'bladeren'
  | 'zoeken'
  | 'inloggen DigiD'
  | 'bestellen'
  | 'aanbieder accepteert'
  | 'aanbieder balie'
  | 'medewerker lijst'
  | 'medewerker export'
  | 'eenmalig';
const KINDS: Kind[] = [
  'bladeren',
  'zoeken',
  'inloggen DigiD',
  'bestellen',
  'aanbieder accepteert',
  'aanbieder balie',
  'medewerker lijst',
  'medewerker export',
  'eenmalig',
];

class Stats {
  minute = new Map<Kind, number[]>();
  total = new Map<Kind, number[]>();
  serverErrors: string[] = [];
  /** Counter actions refused by the app's look-up limit (retried later, not failures). */
  limited = 0;
  failures: string[] = [];

  record(kind: Kind, ms: number) {
    for (const m of [this.minute, this.total]) {
      const list = m.get(kind) ?? [];
      list.push(ms);
      m.set(kind, list);
    }
  }

  /** One request, timed; a 5xx or a thrown error is recorded (and does not stop the loop that sent it). */
  async time<T extends { status: number }>(kind: Kind, what: string, run: () => Promise<T>): Promise<T | null> {
    const t0 = performance.now();
    try {
      const r = await run();
      this.record(kind, performance.now() - t0);
      if (r.status >= 500) this.serverErrors.push(`${kind}: ${what} → HTTP ${r.status}`);
      return r;
    } catch (error) {
      this.record(kind, performance.now() - t0);
      this.failures.push(`${kind}: ${what} → ${(error as Error).message.slice(0, 200)}`);
      return null;
    }
  }

  /** A GraphQL answer with `errors` (or a payload with errors) is a failure of that kind. */
  fail(kind: Kind, what: string, detail: unknown) {
    const text = JSON.stringify(detail).slice(0, 200);
    this.failures.push(`${kind}: ${/^[0-9a-f-]{36}$/.test(what) ? 'order' : what} → ${text}`);
  }
}

// ---- the instances ------------------------------------------------------------------------------------------------
interface Instance {
  name: string;
  url: string;
  child: ChildProcess;
  errorLines: string[];
  exited: Promise<number | null>;
}

/** Every instance process started, so that a failed start stops them too. */
const children: ChildProcess[] = [];

function startInstance(name: string, port: number, env: Record<string, string>): Promise<Instance> {
  const serverDir = fileURLToPath(new URL('..', import.meta.url));
  // SOAK_SERVER=dist: the compiled server (`npm run build`), as the container runs it; SOAK_NODE_OPTIONS: the
  // instances' node options (e.g. the Deployment's heap limits), not this process's.
  const dist = process.env.SOAK_SERVER === 'dist';
  const args = dist
    ? ['--enable-source-maps', 'dist/main.js']
    : ['--import', './scripts/register-ts.mjs', 'src/main.ts'];
  const child = spawn(process.execPath, args, {
    cwd: serverDir,
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      NODE_OPTIONS: process.env.SOAK_NODE_OPTIONS ?? process.env.NODE_OPTIONS ?? '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  const errorLines: string[] = [];
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const onLine = (line: string) => {
    if (!line.startsWith('{')) return;
    try {
      const entry = JSON.parse(line) as { level?: number; msg?: string };
      if ((entry.level ?? 0) >= 50) errorLines.push(line.slice(0, 400));
    } catch {
      // not a log line
    }
  };
  for (const stream of [child.stdout!, child.stderr!]) {
    let buffer = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => {
      buffer += chunk;
      let nl: number;
      while ((nl = buffer.indexOf('\n')) >= 0) {
        onLine(buffer.slice(0, nl));
        buffer = buffer.slice(nl + 1);
      }
    });
  }
  const url = `http://127.0.0.1:${port}`;
  return (async () => {
    const deadline = Date.now() + 300_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`instance ${name} stopped at start (exit ${child.exitCode})`);
      try {
        const res = await fetch(`${url}/readyz`);
        if (res.ok) break;
      } catch {
        // not listening yet
      }
      if (Date.now() > deadline) throw new Error(`instance ${name} not ready after 300 s`);
      await sleep(250);
    }
    return { name, url, child, errorLines, exited };
  })();
}

/** Resident set size of a process in MB (Linux /proc; 0 elsewhere). */
function rssMb(pid: number | undefined): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
    return kb / 1024;
  } catch {
    return 0;
  }
}

/** Flat: the second half of the last two thirds does not grow past the first half by more than `slack`. */
function flat(samples: number[], slack: (base: number) => number): { ok: boolean; text: string } {
  const tail = samples.slice(Math.floor(samples.length / 3));
  if (tail.length < 2) return { ok: true, text: 'te weinig metingen' };
  const half = Math.floor(tail.length / 2);
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const first = mean(tail.slice(0, half));
  const second = mean(tail.slice(half));
  return {
    ok: second - first <= slack(first),
    text: `${first.toFixed(0)} → ${second.toFixed(0)} (gemiddelde, eerste vs. tweede helft van de laatste twee derde)`,
  };
}

async function main() {
  const env: Record<string, string> = {
    NODE_ENV: 'test',
    SEED_DEMO_DATA: 'true',
    LOG_LEVEL: 'warn',
    HOST: '127.0.0.1',
  };
  const database = await benchDatabase(env);
  const config = loadConfig(env);
  const started = performance.now();
  // The database (embedded unless DATABASE_URL): migrated and seeded with the demo (and its activity) once, here; the
  // instances only connect to it.
  const prepared = await prepareDatabase({ config, logger: createLogger('silent') });
  const databaseUrl = prepared.databaseUrl;
  const instances: Instance[] = [];
  const db = new pg.Client({ connectionString: databaseUrl });
  let failed = false;
  const instanceDir = mkdtempSync(join(tmpdir(), 'gw-soak-'));
  try {
    await db.connect();
    const fixture: LoadFixture = await seedCheckoutLoad(databaseUrl, config.bsn, {
      households: RESIDENTS,
      budgetCents: 10_000_000,
      providers: PROVIDERS,
    });
    const sql = async <T extends pg.QueryResultRow = Record<string, any>>(text: string, params: unknown[] = []) =>
      (await db.query<T>(text, params)).rows;
    // A log-in for each of the load's providers (the demo's password), and the demo staff for its municipality.
    const providerIds = (
      await sql<{ id: string }>(
        `select distinct p.provider_id as id from product p where p.id = any($1::uuid[]) order by 1`,
        [fixture.productsByProvider.map((list) => list[0]!.id)],
      )
    ).map((r) => r.id);
    await sql(
      `insert into provider_user (provider_id, email, name, password_hash, email_verified_at, active, created_at, updated_at)
       select p, 'soak-aanbieder-' || i || '@voorbeeld.nl', 'Balie ' || i,
              (select password_hash from provider_user where lower(email) = lower($2)), now(), true, now(), now()
         from unnest($1::uuid[]) with ordinality x(p, i)`,
      [providerIds, demoProviderEmail(1)],
    );
    await sql(
      `insert into admin_account_municipality (admin_account_id, municipality_id)
       select id, $1 from admin_account on conflict do nothing`,
      [fixture.municipalityId],
    );
    const [{ id: zuiderveen }] = await sql<{ id: string }>(`select id from municipality where slug = 'zuiderveen'`);
    const seedSeconds = (performance.now() - started) / 1000;

    // ---- two instances, each with its job worker --------------------------------------------------------------------
    const base = Number(process.env.SOAK_PORT ?? 0);
    const ports = base ? [base, base + 1] : [await freePort(), await freePort()];
    const instanceEnv = {
      NODE_ENV: 'test',
      SEED_DEMO_DATA: 'false',
      LOG_LEVEL: 'warn',
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      // Where each instance remembers its address (ports.json): a folder of this run, never the project's .data.
      DATA_DIR: instanceDir,
    };
    instances.push(
      ...(await Promise.all([startInstance('A', ports[0]!, instanceEnv), startInstance('B', ports[1]!, instanceEnv)])),
    );
    const instanceSeconds = (performance.now() - started) / 1000 - seedSeconds;
    const urls = instances.map((i) => i.url);
    /** Each new client goes to the next instance (a round-robin load balancer with sticky sessions). */
    let turn = 0;
    const client = () => new TestClient(urls[turn++ % urls.length]!);

    // Staff: BEHEERDER sets the payout delay to 0 days, so orders delivered during the run are paid out in it, and the
    // load's municipality's account the payouts are paid from (the SEPA file names it; nested objects merge).
    const beheerder = client();
    await beheerder.loginStaff(DEMO_STAFF.find((s) => s.role === 'BEHEERDER')!.email, DEMO_PASSWORD);
    const debtor = {
      name: 'Gemeente Belastingstad',
      iban: 'NL91ABNA0417164300',
      bic: 'ABNANL2A',
      address: { street: 'Stadhuisplein', houseNumber: '1', postcode: '1234 AB', town: 'Belastingstad', country: 'NL' },
    };
    const setting = await beheerder.gql(SETTINGS_M, {
      input: {
        section: 'PAYMENTS',
        patch: { payoutDelayDays: 0, debtorAccounts: { [fixture.municipalityId]: debtor } },
      },
    });
    if (setting.errors || (setting.data as any).updateSettingsSection.errors.length)
      throw new Error(`payout delay not set: ${JSON.stringify(setting)}`);
    const categories = ((await client().gql(CATEGORIES_Q)).data as any).categories.map((c: { id: string }) => c.id);

    const stats = new Stats();
    const deadline = Date.now() + MINUTES * 60_000;
    const running = () => Date.now() < deadline;
    let stopSignal = false;
    process.once('SIGINT', () => (stopSignal = true));
    const alive = () => running() && !stopSignal;

    // ---- anonymous visitors ------------------------------------------------------------------------------------------
    const visitor = async (n: number) => {
      let seed = n * 7919;
      const r = () => ((seed = (seed * 48271) % 2147483647) % 1000) / 1000;
      while (alive()) {
        const c = client();
        const search = r() < 0.35;
        const vars: Record<string, unknown> = search
          ? { first: 24, search: SEARCHES[Math.floor(r() * SEARCHES.length)] }
          : {
              first: 24,
              sort: SORTS[Math.floor(r() * SORTS.length)],
              categoryId: r() < 0.5 ? null : categories[Math.floor(r() * categories.length)],
            };
        let after: string | null = null;
        for (let page = 0; page < 1 + Math.floor(r() * 3) && alive(); page++) {
          const kind: Kind = search ? 'zoeken' : 'bladeren';
          const res = await stats.time(kind, 'products', () => c.gql(PRODUCTS_Q, { ...vars, after }));
          if (!res) break;
          if (res.errors || !res.data) {
            stats.fail(kind, 'products', res.errors);
            break;
          }
          const products = (res.data as any).products;
          after = products.pageInfo.endCursor;
          await sleep(300 + r() * 700);
          if (!products.pageInfo.hasNextPage) break;
        }
      }
    };

    // ---- residents: log in, order one to three times; their orders queue for the providers -------------------------
    const placed = new Map<string, { providerId: string; pickupCode: string }>();
    const orderStatus = new Map<string, string>();
    const toAccept: string[] = [];
    const toHandOver: string[] = [];
    let nextResident = 0;
    const shopper = async (n: number) => {
      let i = n;
      while (alive()) {
        const bsn = fixture.bsns[nextResident++ % fixture.bsns.length]!;
        const c = client();
        const login = await stats.time('inloggen DigiD', 'log-in', async () => ({
          status: 200,
          location: await c.loginWithDigid(bsn, '/winkelwagen'),
        }));
        if (!login) continue;
        if (login.location !== '/winkelwagen') {
          stats.fail('inloggen DigiD', 'log-in', login.location);
          continue;
        }
        const times = 1 + (i % 3);
        for (let k = 0; k < times && alive(); k++, i++) {
          await sleep(500 + (i % 5) * 200);
          const p = fixture.productsByProvider;
          const first = p[i % p.length]!;
          const second = p[(i + 1) % p.length]!;
          const lines = [
            { productId: first[i % first.length]!.id, quantity: 1 + (i % 2) },
            { productId: second[(i >> 1) % second.length]!.id, quantity: 1 },
          ];
          const res = await stats.time('bestellen', 'checkout', () =>
            c.gql(CHECKOUT_M, { input: { idempotencyKey: randomUUID(), lines } }),
          );
          if (!res) continue;
          const payload = (res.data as any)?.checkout;
          if (res.errors || !payload || payload.errors.length) {
            stats.fail('bestellen', 'checkout', res.errors ?? payload?.errors);
            continue;
          }
          for (const o of payload.orders as { id: string; status: string; pickupCode: string; providerId: string }[]) {
            placed.set(o.id, { providerId: o.providerId, pickupCode: o.pickupCode });
            orderStatus.set(o.id, o.status);
            toAccept.push(o.id);
          }
        }
      }
    };

    // ---- providers: accept what came in, then hand it over at the counter -------------------------------------------
    const providerClients = new Map<string, TestClient>();
    for (const [i, id] of providerIds.entries()) {
      const c = client();
      await c.loginProvider(`soak-aanbieder-${i + 1}@voorbeeld.nl`, DEMO_PASSWORD);
      // As the provider area does first: the terms in force are read and accepted.
      const pending = ((await c.gql(PENDING_TERMS_Q)).data as any).pendingTerms.map((t: { id: string }) => t.id);
      if (pending.length) {
        const accepted = await c.gql(ACCEPT_TERMS_M, { ids: pending });
        if ((accepted.data as any)?.acceptPendingTerms?.errors?.length !== 0)
          throw new Error(`terms not accepted: ${JSON.stringify(accepted)}`);
      }
      providerClients.set(id, c);
    }
    const counter = async () => {
      while (alive()) {
        // The counter keeps both queues moving: whichever is longer goes first.
        const handFirst = toHandOver.length > 0 && toHandOver.length >= toAccept.length;
        const acceptId = handFirst ? undefined : toAccept.shift();
        const handId = acceptId ? undefined : toHandOver.shift();
        const id = acceptId ?? handId;
        if (!id) {
          await sleep(200);
          continue;
        }
        const order = placed.get(id)!;
        const c = providerClients.get(order.providerId)!;
        const kind: Kind = acceptId ? 'aanbieder accepteert' : 'aanbieder balie';
        const res = await stats.time(kind, id, () =>
          acceptId ? c.gql(ACCEPT_M, { id }) : c.gql(COUNTER_M, { c: order.pickupCode, o: id }),
        );
        if (!res) continue;
        const payload = (res.data as any)?.[acceptId ? 'acceptOrder' : 'deliverAtCounter'];
        // The counter's look-ups are limited per provider (against guessing pickup codes): a refused hand-over waits
        // and goes back in the queue, as a counter employee would try again.
        if (payload?.errors?.[0]?.code === 'RATE_LIMITED') {
          stats.limited++;
          (acceptId ? toAccept : toHandOver).push(id);
          await sleep(2000);
          continue;
        }
        if (res.errors || !payload || payload.errors.length) {
          stats.fail(kind, id, res.errors ?? payload?.errors);
          continue;
        }
        orderStatus.set(id, payload.order.status);
        if (acceptId) toHandOver.push(id);
        await sleep(50);
      }
    };

    // ---- staff: lists (first pages and following cursors) and an order export now and then -------------------------
    const staff = async (role: 'KLANTCONTACT' | 'BEHEERDER', n: number) => {
      const c = client();
      await c.loginStaff(DEMO_STAFF.find((s) => s.role === role)!.email, DEMO_PASSWORD);
      let i = n;
      while (alive()) {
        i++;
        if (i % 15 === 0) {
          const res = await stats.time('medewerker export', 'bestellingen.csv', async () => {
            const r = await c.fetch('/api/admin/bestellingen.csv');
            await r.arrayBuffer();
            return r;
          });
          if (res && res.status !== 200) stats.fail('medewerker export', 'bestellingen.csv', res.status);
        } else {
          const [query, field, filter] = [
            [ORDERS_Q, 'adminOrders', i % 2 ? { status: 'DELIVERED' } : {}],
            [GROUPS_Q, 'clientGroups', i % 3 ? { search: 'Inwoner' } : {}],
            // The audit log is for the roles that have AUDIT_LOG_READ (the BEHEERDER); the others page the orders again.
            role === 'BEHEERDER' ? [AUDIT_Q, 'auditLog', {}] : [ORDERS_Q, 'adminOrders', {}],
          ][i % 3] as [string, string, Record<string, unknown>];
          let after: string | null = null;
          for (let page = 0; page < 1 + (i % 3) && alive(); page++) {
            const res = await stats.time('medewerker lijst', field, () => c.gql(query, { filter, first: 50, after }));
            if (!res) break;
            if (res.errors || !res.data) {
              stats.fail('medewerker lijst', field, res.errors);
              break;
            }
            after = (res.data as any)[field].pageInfo.endCursor;
            if (!(res.data as any)[field].pageInfo.hasNextPage) break;
          }
        }
        await sleep(1500);
      }
    };

    // ---- once per run: a mass message, an import, a payout batch ----------------------------------------------------
    const onceLog: string[] = [];
    const once = async () => {
      // At a fraction of the run.
      const at = async (fraction: number) => {
        while (alive() && Date.now() < deadline - (1 - fraction) * MINUTES * 60_000) await sleep(1000);
      };
      const klantcontact = client();
      await klantcontact.loginStaff(DEMO_STAFF.find((s) => s.role === 'KLANTCONTACT')!.email, DEMO_PASSWORD);
      await at(0.2);
      if (!alive()) return;
      const mass = await stats.time('eenmalig', 'sendMassMessage', () =>
        klantcontact.gql(MASS_M, {
          input: {
            audience: { kind: 'MUNICIPALITY_RESIDENTS', municipalityId: zuiderveen },
            title: 'Nieuw in de webwinkel',
            body: 'Vanaf deze maand kunt u ook sportkleding bestellen.\n\nMet vriendelijke groet, de gemeente.',
            idempotencyKey: randomUUID(),
          },
        }),
      );
      const massPayload = (mass?.data as any)?.sendMassMessage;
      if (!mass || mass.errors || massPayload?.errors.length)
        stats.fail('eenmalig', 'mass message', mass?.errors ?? massPayload?.errors);
      else onceLog.push(`massabericht aan ${massPayload.massMessage.recipientCount} ontvangers (Zuiderveen)`);

      await at(0.4);
      if (!alive()) return;
      const csv = importCsv(generatedPersons(1_000, `SOAK${Date.now().toString(36).toUpperCase()}`, null, 60_000_000));
      const t0 = performance.now();
      const upload = await stats.time('eenmalig', 'import upload', () => {
        const form = new FormData();
        form.append('file', new Blob([csv]), 'klanten.csv');
        return beheerder.fetch(`/api/imports?gemeente=${zuiderveen}`, {
          method: 'POST',
          body: form,
          headers: { [UPLOAD_HEADER]: '1' },
        });
      });
      if (!upload || upload.status !== 201) stats.fail('eenmalig', 'import upload', upload?.status);
      else {
        const id = ((await upload.json()) as any).importRun.id as string;
        const waitFor = async (wanted: string[]) => {
          for (let k = 0; k < 600 && alive(); k++) {
            const run = ((await beheerder.gql(IMPORT_RUN_Q, { id })).data as any)?.importRun;
            if (wanted.includes(run?.status)) return run;
            await sleep(1000);
          }
          return null;
        };
        const dry = await waitFor(['DRY_RUN']);
        const apply = dry ? await stats.time('eenmalig', 'applyImport', () => beheerder.gql(APPLY_M, { id })) : null;
        const applied =
          apply && !(apply.data as any)?.applyImport?.errors?.length
            ? await waitFor(['APPLIED', 'DONE', 'COMPLETED'])
            : null;
        if (!applied) stats.fail('eenmalig', 'import', { dry: dry?.status, apply: apply?.data ?? apply?.errors });
        else
          onceLog.push(
            `import van ${applied.totalRows} personen (proef en toepassen) in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
          );
      }

      await at(0.7);
      if (!alive()) return;
      const financien = client();
      await financien.loginStaff(DEMO_STAFF.find((s) => s.role === 'FINANCIEN')!.email, DEMO_PASSWORD);
      const batch = await stats.time('eenmalig', 'createPayoutBatch', () =>
        financien.gql(PAYOUT_M, { m: fixture.municipalityId }),
      );
      const batchPayload = (batch?.data as any)?.createPayoutBatch;
      if (!batch || batch.errors || batchPayload?.errors.length)
        stats.fail('eenmalig', 'payout batch', batch?.errors ?? batchPayload?.errors);
      else {
        // As the finance department does: the SEPA file for the bank (the draft becomes "geëxporteerd"), then paid.
        const exported = await stats.time('eenmalig', 'payout export', async () => {
          const r = await financien.fetch(`/api/payouts/${batchPayload.batch.id}/export`, {
            method: 'POST',
            headers: { 'x-gemeentewinkel-download': '1' },
          });
          return { status: r.status, body: await r.text() };
        });
        if (exported && (exported.status !== 200 || !exported.body.includes('pain.001')))
          stats.fail('eenmalig', 'payout export', `${exported.status}: ${exported.body.slice(0, 200)}`);
        const paid = await stats.time('eenmalig', 'markPayoutBatchPaid', () =>
          financien.gql(PAID_M, { id: batchPayload.batch.id }),
        );
        const paidPayload = (paid?.data as any)?.markPayoutBatchPaid;
        if (!paid || paid.errors || paidPayload?.errors.length)
          stats.fail('eenmalig', 'payout paid', paid?.errors ?? paidPayload?.errors);
        else onceLog.push(`uitbetaling: batch gemaakt en betaald gemeld (${paidPayload.batch.status})`);
      }
    };

    // ---- every minute: the figures ----------------------------------------------------------------------------------
    const rss: number[][] = [[], []];
    const connections: number[] = [];
    const sample = async (minute: number, seconds: number) => {
      const [{ n }] = await sql<{ n: number }>(
        `select count(*)::int as n from pg_stat_activity where datname = current_database()`,
      );
      const [{ due }] = await sql<{ due: number }>(
        `select count(*)::int as due from ${JOB_SCHEMA}.jobs where attempts < max_attempts and run_at <= now()`,
      );
      const mem = instances.map((inst) => `${inst.name} ${rssMb(inst.child.pid).toFixed(0)} MB`);
      console.log(
        `\n  minuut ${minute}  RSS ${mem.join(', ')}; PostgreSQL-verbindingen ${n}; jobs klaar om te draaien ${due}; load ${loadText()}`,
      );
      for (const kind of KINDS) {
        const list = (stats.minute.get(kind) ?? []).sort((a, b) => a - b);
        if (!list.length) continue;
        console.log(
          `    ${kind.padEnd(22)} ${String(list.length).padStart(6)}  ${(list.length / seconds).toFixed(1).padStart(6)}/s  p95 ${percentile(list, 95).toFixed(0).padStart(5)} ms`,
        );
      }
      stats.minute.clear();
    };

    console.log(`\nBenchmark: soak — een drukke maand, samengeperst (SOAK_MINUTES=${MINUTES})`);
    console.log(
      `  opzet     2 instanties (${urls.join(', ')}), elk met jobworker, op één database; ${VISITORS} bezoekers, ${SHOPPERS} inwoners, ${PROVIDERS} aanbieders (3 balies), 2 medewerkers tegelijk; ${RESIDENTS} huishoudens met tegoed`,
    );
    console.log(
      `  voorbereid in ${seedSeconds.toFixed(0)} s (migraties, demo met activiteit, belastingdata), instanties gestart in ${instanceSeconds.toFixed(0)} s; machine ${cpus().length} cores, load ${loadText()}`,
    );
    const loadStarted = Date.now();
    const loops = [
      ...Array.from({ length: VISITORS }, (_, k) => visitor(k + 1)),
      ...Array.from({ length: SHOPPERS }, (_, k) => shopper(k)),
      counter(),
      counter(),
      counter(),
      staff('KLANTCONTACT', 0),
      staff('BEHEERDER', 1),
      once().catch((error: Error) => stats.fail('eenmalig', 'once', error.message)),
    ];
    // RSS and connections every 10 s for the flatness checks (the per-minute lines show the minute's last sample).
    const sampler = setInterval(() => {
      instances.forEach((inst, k) => rss[k]!.push(rssMb(inst.child.pid)));
      void sql<{ n: number }>(`select count(*)::int as n from pg_stat_activity where datname = current_database()`)
        .then(([row]) => connections.push(row!.n))
        .catch(() => undefined);
    }, 10_000);
    let minute = 0;
    let last = Date.now();
    while (alive()) {
      await sleep(Math.min(60_000 - (Date.now() - loadStarted - minute * 60_000), deadline - Date.now()));
      if (Date.now() - last < 1000) continue;
      minute++;
      await sample(minute, (Date.now() - last) / 1000);
      last = Date.now();
    }
    clearInterval(sampler);
    await Promise.all(loops);
    const loadSeconds = (Date.now() - loadStarted) / 1000;
    const loadAtEnd = loadText();

    // ---- the checks ---------------------------------------------------------------------------------------------------
    // The background work drains.
    const checks: { name: string; ok: boolean; detail: string }[] = [];
    // Orders still waiting for a provider are no fault: they are accounted below with the status they have.
    const backlog = toAccept.length + toHandOver.length;
    let drained = false;
    let due = -1;
    for (let k = 0; k < 240 && !drained; k++) {
      [{ due }] = await sql<{ due: number }>(
        `select count(*)::int as due from ${JOB_SCHEMA}.jobs where attempts < max_attempts and (locked_at is not null or run_at <= now())`,
      );
      drained = due === 0;
      if (!drained) await sleep(500);
    }
    const [{ failedJobs }] = await sql<{ failedJobs: number }>(
      `select count(*)::int as "failedJobs" from ${JOB_SCHEMA}.jobs where attempts >= max_attempts`,
    );
    checks.push({
      name: 'geen 5xx',
      ok: stats.serverErrors.length === 0,
      detail: stats.serverErrors.slice(0, 5).join('; ') || '0',
    });
    checks.push({
      name: 'geen mislukte verzoeken',
      ok: stats.failures.length === 0,
      detail: stats.failures.length
        ? `${stats.failures.length}: ${[
            ...stats.failures.reduce(
              (m, f) => m.set(f.slice(0, 160), (m.get(f.slice(0, 160)) ?? 0) + 1),
              new Map<string, number>(),
            ),
          ]
            .slice(0, 6)
            .map(([f, count]) => `${count} × ${f}`)
            .join('\n      ')}`
        : '0',
    });
    const errorLines = instances.flatMap((i) => i.errorLines.map((l) => `${i.name}: ${l}`));
    checks.push({
      name: 'geen foutregels in de logs',
      ok: errorLines.length === 0,
      detail: errorLines.slice(0, 3).join('\n      ') || '0',
    });
    for (const [k, inst] of instances.entries()) {
      const f = flat(rss[k]!, (base) => Math.max(32, base * 0.1));
      checks.push({ name: `geheugen ${inst.name} vlak`, ok: f.ok, detail: `RSS MB ${f.text}` });
    }
    const fc = flat(connections, () => 2);
    checks.push({ name: 'verbindingen vlak', ok: fc.ok, detail: fc.text });
    checks.push({
      name: 'jobwachtrij leeg',
      ok: drained && failedJobs === 0,
      detail: `${due} klaar of bezig, ${failedJobs} definitief mislukt`,
    });
    const violations = await moneyInvariantViolations(databaseUrl);
    checks.push({
      name: 'grootboek in balans',
      ok: violations.length === 0,
      detail: violations.slice(0, 3).join('; ') || 'alle geldregels gelden',
    });
    const dbOrders = await sql<{ id: string; status: string }>(
      `select id, status from customer_order where municipality_id = $1`,
      [fixture.municipalityId],
    );
    const missing = [...placed.keys()].filter((id) => !dbOrders.some((o) => o.id === id));
    const unknown = dbOrders.filter((o) => !placed.has(o.id));
    const wrongStatus = dbOrders.filter((o) => placed.has(o.id) && orderStatus.get(o.id) !== o.status);
    const byStatus = dbOrders.reduce<Record<string, number>>(
      (acc, o) => ((acc[o.status] = (acc[o.status] ?? 0) + 1), acc),
      {},
    );
    checks.push({
      name: 'elke bestelling verantwoord',
      ok: !missing.length && !unknown.length && !wrongStatus.length,
      detail: `${placed.size} beantwoord, ${dbOrders.length} in de database (${Object.entries(byStatus)
        .map(([s, c]) => `${c} ${s}`)
        .join(
          ', ',
        )}; ${backlog} nog bij een aanbieder in de wachtrij); ${missing.length} ontbreken, ${unknown.length} onbekend, ${wrongStatus.length} met andere status`,
    });

    console.log(`\n  totaal over ${(loadSeconds / 60).toFixed(1)} minuten`);
    for (const kind of KINDS) {
      const list = (stats.total.get(kind) ?? []).sort((a, b) => a - b);
      if (!list.length) continue;
      console.log(
        `    ${kind.padEnd(22)} ${String(list.length).padStart(7)}  ${(list.length / loadSeconds).toFixed(1).padStart(6)}/s  p50 ${percentile(list, 50).toFixed(0).padStart(5)} ms  p95 ${percentile(list, 95).toFixed(0).padStart(5)} ms`,
      );
    }
    for (const line of onceLog) console.log(`    eenmalig: ${line}`);
    console.log(`    balie: ${stats.limited} keer door de opzoeklimiet geweigerd en later opnieuw geprobeerd`);
    const maxRss = rss.map((r) => Math.max(...r, 0).toFixed(0));
    console.log(
      `  geheugen  RSS hoogste: A ${maxRss[0]} MB, B ${maxRss[1]} MB; PostgreSQL-verbindingen hoogste ${Math.max(...connections, 0)}`,
    );
    console.log(`  machine   ${cpus().length} cores; load (1/5/15 min) aan het eind van de belasting ${loadAtEnd}`);
    console.log('\n  controles');
    for (const c of checks) console.log(`    ${c.ok ? 'ok  ' : 'FOUT'} ${c.name}: ${c.detail}`);
    failed = checks.some((c) => !c.ok);
  } finally {
    await db.end().catch(() => undefined);
    for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
    await Promise.all(
      instances.map((inst) => Promise.race([inst.exited, sleep(30_000).then(() => void inst.child.kill('SIGKILL'))])),
    );
    await prepared.stop();
    await database.cleanup();
    rmSync(instanceDir, { recursive: true, force: true });
  }
  if (failed) process.exitCode = 1;
}

await main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
