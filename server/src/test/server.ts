import { request as httpRequest } from 'node:http';
import { loadConfig } from '../config/config.js';
import { createLogger } from '../logging/logger.js';
import { boot, prepareDatabase, type BootOptions, type RunningServer } from '../app/boot.js';
import { createTestDatabase, migratedTemplate, templateDatabase, type TestDatabase } from './database.js';
import type { Clock } from '../kernel/clock.js';
import { TestApiClients } from './api-clients.js';
import type { Permission } from '../kernel/permissions.js';
import { JOB_SCHEMA } from '../jobs/job-queue.js';
import { currentJob } from '../jobs/worker.js';
import type { MikroORM } from '@mikro-orm/postgresql';

export interface TestServer extends RunningServer {
  database: TestDatabase;
  /** Every SQL statement the server ran for requests, in order (a background job's are left out); clear it between measurements. */
  queries: string[];
  /** A new client; `from` binds it to another loopback address (127.0.0.2, 127.0.0.3, …) to be another visitor. */
  client: (options?: { from?: string }) => TestClient;
  /**
   * A client calling as an API client with these permissions and scope (null: every municipality), until API keys
   * exist: a test bearer token only this test server knows (src/test/api-clients.ts).
   */
  apiClient: (options: {
    permissions: readonly Permission[];
    municipalityIds?: readonly string[] | null;
  }) => TestClient & { apiClientId: string };
  /**
   * Resolves once no job is due or running (the work a request left to the queue, e.g. a reset link's mail, is done);
   * jobs planned for later and jobs that gave up do not count. Needs the job worker (JOBS_WORKER on).
   */
  jobsIdle: (options?: { timeoutMs?: number }) => Promise<void>;
  close: () => Promise<void>;
}

/**
 * The real application on a free port, against its own fresh database (migrated; demo data when `seed`). With
 * `sameDatabaseAs`, a second instance of the application on another server's database (several instances behind one
 * load balancer); closing it leaves the database to its owner.
 */
export async function startTestServer(
  options: {
    seed?: boolean;
    /** With `seed`: also the demo's activity (orders, payments, messages; seeders/demo-activity.ts). Default false. */
    demoActivity?: boolean;
    env?: Record<string, string>;
    /** The application's clock, e.g. `new ManualClock(new Date('2030-01-15T09:00:00Z'))`, moved by the test. */
    clock?: Clock;
    /** A built client to serve (client/dist), e.g. to check the headers of its pages. */
    clientDist?: string;
    sameDatabaseAs?: TestServer;
  } & Pick<BootOptions, 'jobs'> = {},
): Promise<TestServer> {
  const shared = options.sameDatabaseAs?.database;
  const env = (databaseUrl: string) => ({
    NODE_ENV: 'test',
    DATABASE_URL: databaseUrl,
    SEED_DEMO_DATA: options.seed ? 'true' : 'false',
    LOG_LEVEL: process.env.TEST_LOG_LEVEL ?? 'silent',
    HOST: '127.0.0.1',
    // argon2id at its smallest cost (tests only; docs "Tests"); a test may ask for `standard`.
    PASSWORD_HASHING: 'fast',
    // The demo's pictures and DigiD key, made once for all runs (seeders/demo-cache.ts).
    DEMO_CACHE_DIR: '.tmp/demo-cache',
    // `CLOCK_START=2030-12-31T22:30:00Z npm test -w server`: every test server runs on that clock (docs "Dates and the clock").
    CLOCK_START: options.clock ? undefined : process.env.CLOCK_START,
    ...options.env,
  });
  const database = shared
    ? { ...shared, drop: async () => undefined }
    : await createTestDatabase({ template: await templateFor(options, env), open: false });
  const config = loadConfig(env(database.url));
  const queries: string[] = [];
  const apiClients = new TestApiClients(config);
  const server = await boot({
    config,
    logger: createLogger(config.logLevel),
    port: 0,
    onQuery: (q) => {
      if (!currentJob()) queries.push(q);
    },
    clock: options.clock,
    jobs: options.jobs,
    testViewers: apiClients,
    clientDist: options.clientDist,
    demoActivity: options.demoActivity ?? false,
  });
  return {
    ...server,
    database: shared ? database : { ...database, orm: server.orm },
    queries,
    client: (o) => new TestClient(server.url, {}, o?.from),
    apiClient: (options) => {
      const { token, apiClientId } = apiClients.issue(options);
      return Object.assign(new TestClient(server.url, { authorization: `Bearer ${token}` }), { apiClientId });
    },
    jobsIdle: (o) => jobsIdle(server.orm, o),
    close: async () => {
      await server.stop();
      await database.drop();
    },
  };
}

/**
 * Environment variables that change nothing in the demo data: test servers that differ only in these share a template.
 * Any other variable (DATA_DIR, PAYMENT_PROVIDER, DIGID_MODE, …) gets a template of its own.
 */
const NOT_IN_SEED = new Set([
  'JOBS_WORKER',
  'JOBS_POLL_INTERVAL_MS',
  'LOGIN_MAX_ATTEMPTS',
  'TRUSTED_PROXIES',
  'GRAPHQL_INTROSPECTION',
  'GRAPHQL_SANDBOX',
  'SENTRY_DSN',
]);

/** A test server's demo data was seeded at most this long before the test (with the system's clock). */
const SEED_MAX_AGE_MS = 10 * 60_000;
/**
 * The same with the demo's activity, whose newest moments are minutes old (an order "just placed" whose payment
 * expires after a quarter of an hour): a copy seeded at most three minutes before. Seeding the activity for each server
 * cost 6–9 s a file, in eleven files.
 */
const ACTIVITY_MAX_AGE_MS = 3 * 60_000;

/**
 * The template database a test server's database is copied from: the migrated one, or, with `seed`, one seeded once
 * per run for each kind of demo data (with or without activity, the clock's moment, the configuration that shapes
 * it). Seeding follows the clock, so with the system's clock a template serves for ten minutes, one with the demo's
 * activity for three (ACTIVITY_MAX_AGE_MS).
 */
async function templateFor(
  options: Parameters<typeof startTestServer>[0] & object,
  env: (databaseUrl: string) => Record<string, string | undefined>,
): Promise<string> {
  if (!options.seed) return migratedTemplate();
  const relevant = Object.entries(options.env ?? {})
    .filter(([name]) => !NOT_IN_SEED.has(name))
    .sort(([a], [b]) => a.localeCompare(b));
  const moment = options.clock
    ? options.clock.now().toISOString()
    : options.demoActivity
      ? `system-activity:${Math.floor(Date.now() / ACTIVITY_MAX_AGE_MS)}`
      : `system:${Math.floor(Date.now() / SEED_MAX_AGE_MS)}`;
  const key = JSON.stringify({
    seed: true,
    demoActivity: options.demoActivity ?? false,
    moment,
    clockStart: options.clock ? undefined : process.env.CLOCK_START,
    env: relevant,
  });
  // Seeded on a copy of the migrated template: the migrations are not run again.
  return templateDatabase(
    key,
    async (url) => {
      const config = loadConfig({ ...env(url), JOBS_WORKER: 'false' });
      const prepared = await prepareDatabase({
        config,
        logger: createLogger(config.logLevel),
        clock: options.clock,
        demoActivity: options.demoActivity ?? false,
      });
      await prepared.stop();
    },
    { from: migratedTemplate },
  );
}

/**
 * Resolves once no job is due or running in the queue of this database (jobs planned for later and jobs that gave up
 * do not count); throws after `timeoutMs`. Needs a job worker on the database.
 */
export async function jobsIdle(orm: MikroORM, { timeoutMs = 15_000 }: { timeoutMs?: number } = {}): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [row] = await orm.em
      .fork()
      .execute<{ n: number }[]>(
        `select count(*)::int as n from ${JOB_SCHEMA}.jobs where attempts < max_attempts and (locked_at is not null or run_at <= now())`,
      );
    if (!row?.n) return;
    if (Date.now() > deadline)
      throw new Error(`the job queue is not idle after ${timeoutMs} ms (${row.n} jobs due or running)`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

export interface GraphQLResponse<T = Record<string, unknown>> {
  status: number;
  data?: T | null;
  errors?: { message: string; extensions?: Record<string, unknown>; path?: (string | number)[] }[];
}

/**
 * A GraphQL-over-HTTP client with its own cookie jar: one per simulated browser. With `localAddress` its connections
 * come from that address (any 127.x.y.z is loopback on Linux), so the server sees a different client address.
 */
export class TestClient {
  cookies = new Map<string, string>();

  constructor(
    readonly baseUrl: string,
    /** Sent with every request (an API client's Authorization header). */
    readonly headers: Record<string, string> = {},
    readonly localAddress?: string,
  ) {}

  cookieHeader(): string {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  remember(res: Response) {
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      if (!value || /max-age=0/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  async fetch(path: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    for (const [name, value] of Object.entries(this.headers)) if (!headers.has(name)) headers.set(name, value);
    if (this.cookies.size) headers.set('cookie', this.cookieHeader());
    const res = this.localAddress
      ? await this.fetchFrom(this.localAddress, path, init, headers)
      : await fetch(this.baseUrl + path, { ...init, headers, redirect: 'manual' });
    this.remember(res);
    return res;
  }

  /** node:http, bound to a local address (fetch cannot choose one); string bodies only, no redirects followed. */
  private fetchFrom(localAddress: string, path: string, init: RequestInit, headers: Headers): Promise<Response> {
    const url = new URL(this.baseUrl + path);
    if (url.hostname === 'localhost') url.hostname = '127.0.0.1';
    return new Promise((resolve, reject) => {
      const req = httpRequest(
        url,
        { method: init.method ?? 'GET', headers: Object.fromEntries(headers), localAddress, agent: false },
        (msg) => {
          const chunks: Buffer[] = [];
          msg.on('data', (chunk: Buffer) => chunks.push(chunk));
          msg.on('error', reject);
          msg.on('end', () => {
            const h = new Headers();
            for (let i = 0; i < msg.rawHeaders.length; i += 2) h.append(msg.rawHeaders[i]!, msg.rawHeaders[i + 1]!);
            const status = msg.statusCode ?? 500;
            resolve(new Response([204, 304].includes(status) ? null : Buffer.concat(chunks), { status, headers: h }));
          });
        },
      );
      req.on('error', reject);
      if (init.body !== undefined && init.body !== null) req.write(String(init.body));
      req.end();
    });
  }

  async gql<T = Record<string, any>>(query: string, variables?: Record<string, unknown>): Promise<GraphQLResponse<T>> {
    const res = await this.fetch('/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query, variables }),
    });
    const body = (await res.json()) as GraphQLResponse<T>;
    return { ...body, status: res.status };
  }

  async loginStaff(email: string, password: string) {
    const r = await this.gql(
      `mutation($e:String!,$p:String!){ loginStaff(email:$e,password:$p){ errors { code message } viewer { kind } } }`,
      { e: email, p: password },
    );
    if (r.data?.loginStaff?.errors?.length)
      throw new Error(`staff login failed: ${JSON.stringify(r.data.loginStaff.errors)}`);
    return r;
  }

  async loginProvider(email: string, password: string) {
    const r = await this.gql(
      `mutation($e:String!,$p:String!){ loginProvider(email:$e,password:$p){ errors { code message } viewer { kind } } }`,
      { e: email, p: password },
    );
    if (r.data?.loginProvider?.errors?.length)
      throw new Error(`provider login failed: ${JSON.stringify(r.data.loginProvider.errors)}`);
    return r;
  }

  /** The DigiD simulator flow, as a browser follows it: start → simulator → callback. */
  /** The DigiD log-in through the simulator; `returnTo` null: no page asked for it (the server picks the landing). */
  async loginWithDigid(bsn: string, returnTo: string | null = '/account/regelingen'): Promise<string> {
    const start = await this.fetch(
      returnTo === null ? '/auth/digid/start' : `/auth/digid/start?returnTo=${encodeURIComponent(returnTo)}`,
    );
    const simulatorUrl = new URL(start.headers.get('location')!, this.baseUrl);
    const relayState = simulatorUrl.searchParams.get('RelayState')!;
    const post = await this.fetch('/auth/digid/simulator', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ bsn, RelayState: relayState, action: 'login' }).toString(),
    });
    const callback = new URL(post.headers.get('location')!, this.baseUrl);
    const done = await this.fetch(callback.pathname + callback.search);
    return done.headers.get('location') ?? '';
  }
}
