import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createServer, request as httpRequest, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHmac, randomUUID } from 'node:crypto';
import { startTestServer, TestClient, type TestServer } from './test/server.js';
import { createTestDatabase } from './test/database.js';
import { loadConfig } from './config/config.js';
import { createLogger } from './logging/logger.js';
import { boot, type RunningServer } from './app/boot.js';
import { migrationsList } from './database/migrations/index.js';
import { createHousehold, expectLedgerConsistent, zuiderveenCatalogue } from './test/households.js';
import { checkoutOutcome } from './test/checkout-outcome.js';
import { outbox } from './test/onboarding.js';
import { DEMO_PASSWORD, DEMO_STAFF } from './seeders/demo-accounts.js';
import type { JobRegistry } from './jobs/job-types.js';
import { PaymentSimulator } from './integrations/payments/payment-simulator.js';
import { Person } from './modules/customers/person.entity.js';
import type { Payment } from './modules/payments/payment.entities.js';

/**
 * Several instances on one database (issue 15): two instances of the application, each a real boot() with its HTTP
 * server, settings listener and job worker, behind a small round-robin reverse proxy written here (node:http: each
 * request to the next instance, X-Forwarded-For appended, which the instances believe from the proxy's address only:
 * TRUSTED_PROXIES=127.0.0.1). Every visitor talks to the proxy from an address of its own (127.0.0.x), and every
 * shared thing is proved across the instances: log-in limits, sessions, settings, scheduled and background jobs,
 * payment webhooks and the DigiD simulator's log-in.
 */

type Upstream = 'a' | 'b';

/** A round-robin HTTP proxy: a, b, a, b, … per request; says which instance answered in `x-upstream`. */
class RoundRobinProxy {
  private server: Server;
  private turn = 0;
  url = '';
  /** Every request it passed on: which instance, and the path. */
  readonly log: { upstream: Upstream; path: string }[] = [];

  constructor(private readonly upstreams: Record<Upstream, string>) {
    this.server = createServer((req, res) => {
      const upstream: Upstream = this.turn++ % 2 === 0 ? 'a' : 'b';
      this.log.push({ upstream, path: req.url ?? '' });
      const target = new URL(req.url ?? '/', this.upstreams[upstream]);
      const headers: IncomingHttpHeaders = { ...req.headers };
      const client = req.socket.remoteAddress ?? '';
      headers['x-forwarded-for'] = headers['x-forwarded-for'] ? `${headers['x-forwarded-for']}, ${client}` : client;
      headers['x-forwarded-proto'] = 'http';
      const forward = httpRequest(target, { method: req.method, headers, agent: false }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, { ...answer.headers, 'x-upstream': upstream });
        answer.pipe(res);
      });
      forward.on('error', () => {
        res.writeHead(502);
        res.end();
      });
      req.pipe(forward);
    });
  }

  /** Which instance the next request goes to. */
  get next(): Upstream {
    return this.turn % 2 === 0 ? 'a' : 'b';
  }

  async listen(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', () => resolve()));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

async function eventually<T>(check: () => Promise<T | undefined | false>, ms: number, what: string): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

const LOGIN_STAFF = `mutation($e:String!,$p:String!){ loginStaff(email:$e,password:$p){ errors { code } viewer { kind } } }`;
const VIEWER = `{ viewer { kind displayName } }`;
const LOGOUT = `mutation { logout }`;
const PUBLIC = `{ publicSettings { platformName } }`;
const UPDATE = `mutation($input: UpdateSettingsSectionInput!) { updateSettingsSection(input: $input) {
  settings { version } errors { code message } } }`;
const REQUEST_STAFF_RESET = `mutation($e:String!){ requestStaffPasswordReset(email:$e){ requested errors { code } } }`;

describe('two instances on one database, behind a round-robin proxy', () => {
  /** Holds the database (and the test's own connections); serves nothing through the proxy and runs no jobs. */
  let owner: TestServer;
  let a: TestServer;
  let b: TestServer;
  let proxy: RoundRobinProxy;
  let visitors = 10;
  /** Every password verification on either instance. */
  const verified: Upstream[] = [];
  /** Every run of the app's scheduled purge, by instance and due time. */
  const purges: { instance: Upstream; ts: string }[] = [];

  /**
   * The application's own jobs; the hourly purge of expired sessions and tokens runs every minute here, made up for
   * three minutes back, so both workers meet several due times within the test.
   */
  const jobs =
    (instance: Upstream) =>
    (registry: JobRegistry): JobRegistry => {
      const purge = registry.handlers['identity.purgeExpired']!;
      return {
        handlers: {
          ...registry.handlers,
          'identity.purgeExpired': async (ctx, payload, run) => {
            purges.push({ instance, ts: (payload as { _cron?: { ts: string } })._cron?.ts ?? '?' });
            await purge(ctx, payload, run);
          },
        },
        schedules: registry.schedules.map((s) =>
          s.task === 'identity.purgeExpired' ? { ...s, cron: '* * * * *', backfill: '3m' } : s,
        ),
      };
    };

  beforeAll(async () => {
    // The database, seeded, with no worker yet; the purge's schedule "has existed" for 10 minutes and never ran, so
    // each instance, when it starts, makes up the last 3 minutes' due times: both try to schedule the same ones.
    owner = await startTestServer({ seed: true, env: { JOBS_WORKER: 'false' } });
    await owner.orm.em.fork().execute(
      `insert into graphile_worker._private_known_crontabs (identifier, known_since, last_execution)
          values ('identity.purgeExpired', now() - interval '10 minutes', null)`,
    );
    const env = { TRUSTED_PROXIES: '127.0.0.1', JOBS_POLL_INTERVAL_MS: '200' };
    [a, b] = await Promise.all([
      startTestServer({ sameDatabaseAs: owner, env, jobs: jobs('a') }),
      startTestServer({ sameDatabaseAs: owner, env, jobs: jobs('b') }),
    ]);
    for (const [name, server] of [
      ['a', a],
      ['b', b],
    ] as const) {
      const checks = server.services.auth.passwords;
      const { verify } = { ...checks };
      checks.verify = async (hash, password) => {
        verified.push(name);
        return verify(hash, password);
      };
    }
    proxy = new RoundRobinProxy({ a: a.url, b: b.url });
    await proxy.listen();
  }, 120_000);
  afterAll(async () => {
    await proxy?.close();
    await b?.close();
    await a?.close();
    await owner?.close();
  });

  /** A new browser at an address of its own (127.0.0.11, .12, …), talking to the proxy. */
  const visitor = () => new TestClient(proxy.url, {}, `127.0.0.${++visitors}`);

  /** A GraphQL call through the proxy, with the instance that answered. */
  async function gql<T = any>(c: TestClient, query: string, variables?: Record<string, unknown>) {
    const res = await c.fetch('/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query, variables }),
    });
    const body = (await res.json()) as { data: T; errors?: unknown };
    expect(body.errors).toBeUndefined();
    return { data: body.data, upstream: res.headers.get('x-upstream') as Upstream };
  }

  /** Lets the next request go to `upstream` (one harmless request to the other when it is not its turn). */
  async function nextTo(upstream: Upstream) {
    if (proxy.next !== upstream) await fetch(`${proxy.url}/healthz`);
    expect(proxy.next).toBe(upstream);
  }

  it('counts log-in failures on both instances together: 50 wrong passwords at once, at most 5 verified', async () => {
    const attacker = visitor();
    const email = DEMO_STAFF.find((s) => s.role === 'REDACTIE')!.email;
    verified.length = 0;
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => gql(attacker, LOGIN_STAFF, { e: email, p: `geraden-wachtwoord-${i}` })),
    );
    const codes = answers.map((r) => r.data.loginStaff.errors[0]?.code);
    // The budget is LOGIN_MAX_ATTEMPTS=5 for this account from this address, whichever instance counts: at most 5
    // checks in all (two counters of their own would allow 5 each), the rest refused before any argon2 work. (Fewer
    // than 5 is possible: an attempt that got a point under the pair rule but was refused by the account rule, which
    // the same 50 attempts fill at the same time, gives its point back after others were refused.)
    const invalid = codes.filter((c) => c === 'INVALID_CREDENTIALS').length;
    expect(invalid).toBeGreaterThanOrEqual(1);
    expect(invalid).toBeLessThanOrEqual(5);
    expect(codes.filter((c) => c === 'TOO_MANY_ATTEMPTS')).toHaveLength(50 - invalid);
    expect(verified).toHaveLength(invalid);
    expect(answers.filter((r) => r.upstream === 'a')).toHaveLength(25);
    // Both instances answered, and both refused.
    const refusedBy = new Set(
      answers.filter((r) => r.data.loginStaff.errors[0]?.code === 'TOO_MANY_ATTEMPTS').map((r) => r.upstream),
    );
    expect(refusedBy).toEqual(new Set(['a', 'b']));
    // The next attempt, even with the right password, is refused on either instance without being verified.
    for (const upstream of ['a', 'b'] as const) {
      await nextTo(upstream);
      const r = await gql(attacker, LOGIN_STAFF, { e: email, p: DEMO_PASSWORD });
      expect(r.upstream).toBe(upstream);
      expect(r.data.loginStaff.errors[0]?.code).toBe('TOO_MANY_ATTEMPTS');
    }
    expect(verified).toHaveLength(invalid);
    // Counted under the visitor's own address (X-Forwarded-For from the trusted proxy), not the proxy's.
    const counted = (address: string) =>
      `login-address:${createHmac('sha256', a.services.config.session.secret).update(address).digest('base64url')}`;
    const rows = await a.orm.em
      .fork()
      .execute<{ key: string }[]>(`select key from rate_limit where key in (?, ?)`, [
        counted(attacker.localAddress!),
        counted('127.0.0.1'),
      ]);
    expect(rows.map((r) => r.key)).toEqual([counted(attacker.localAddress!)]);
  });

  it('shares sessions: logged in on A, known on B; logged out on B, logged out on A', async () => {
    const browser = visitor();
    await nextTo('a');
    const login = await gql(browser, LOGIN_STAFF, { e: DEMO_STAFF[1]!.email, p: DEMO_PASSWORD });
    expect(login.upstream).toBe('a');
    expect(login.data.loginStaff).toEqual({ errors: [], viewer: { kind: 'STAFF' } });

    const onB = await gql(browser, VIEWER);
    expect(onB.upstream).toBe('b');
    expect(onB.data.viewer.kind).toBe('STAFF');
    const onA = await gql(browser, VIEWER);
    expect(onA.upstream).toBe('a');
    expect(onA.data.viewer).toEqual(onB.data.viewer);

    const cookies = browser.cookieHeader();
    const logout = await gql(browser, LOGOUT);
    expect(logout.upstream).toBe('b');
    expect(logout.data.logout).toBe(true);
    // The old cookie (a copy kept by someone) opens nothing on A either.
    const copy = new TestClient(proxy.url, { cookie: cookies }, `127.0.0.${visitors}`);
    await nextTo('a');
    const afterOnA = await gql(copy, VIEWER);
    expect(afterOnA.upstream).toBe('a');
    expect(afterOnA.data.viewer.kind).toBe('ANONYMOUS');
  });

  it('serves a setting saved through one instance from the other at once', async () => {
    const beheerder = visitor();
    await beheerder.loginStaff(DEMO_STAFF.find((s) => s.role === 'BEHEERDER')!.email, DEMO_PASSWORD);
    // Both instances have the current name cached.
    for (const upstream of ['a', 'b'] as const) {
      await nextTo(upstream);
      expect((await gql(visitor(), PUBLIC)).data.publicSettings.platformName).toBe('Gemeentewinkel');
    }
    await nextTo('a');
    const saved = await gql(beheerder, UPDATE, {
      input: { section: 'GENERAL', patch: { platformName: 'Regiowinkel Oost' } },
    });
    expect(saved.upstream).toBe('a');
    expect(saved.data.updateSettingsSection.errors).toEqual([]);
    const savedAt = Date.now();
    // B's cache was dropped by the NOTIFY of the change's own transaction: its next answer has the new name (a few
    // milliseconds at most; the bound allows for a busy machine).
    const name = await eventually(
      async () => {
        await nextTo('b');
        const r = await gql(visitor(), PUBLIC);
        expect(r.upstream).toBe('b');
        return r.data.publicSettings.platformName === 'Regiowinkel Oost' && r.data.publicSettings.platformName;
      },
      1000,
      'instance B to serve the new name',
    );
    expect(name).toBe('Regiowinkel Oost');
    expect(Date.now() - savedAt).toBeLessThan(1000);
  });

  it('runs each due time of the scheduled purge once with both workers running', async () => {
    await eventually(async () => new Set(purges.map((p) => p.ts)).size >= 3, 20_000, 'three due times of the purge');
    await new Promise((r) => setTimeout(r, 1500)); // every chance for a duplicate to show up
    const perTick = new Map<string, number>();
    for (const p of purges) perTick.set(p.ts, (perTick.get(p.ts) ?? 0) + 1);
    expect([...perTick.values()].every((n) => n === 1)).toBe(true);
    expect(perTick.has('?')).toBe(false);
  });

  it('sends a reset-password mail once, whichever instance took the request and whichever worker ran it', async () => {
    const email = DEMO_STAFF[2]!.email;
    const r = await gql(visitor(), REQUEST_STAFF_RESET, { e: email });
    expect(r.data.requestStaffPasswordReset).toEqual({ requested: true, errors: [] });
    await b.jobsIdle();
    const mails = (await outbox(a, email)).filter((m) => m.templateKey === 'STAFF_PASSWORD_RESET');
    expect(mails).toHaveLength(1);
  });

  it('settles a payment once when its webhook reaches both instances, twice each, at once', async () => {
    const product = (await zuiderveenCatalogue(a)).a;
    const h = await createHousehold(a, [
      { categories: [product.category.id], amountCents: 100, ownContribution: true },
    ]);
    const address = `huishouden-${randomUUID().slice(0, 8)}@voorbeeld.nl`;
    await a.orm.em.fork().nativeUpdate(Person, { id: h.person.id }, { email: address });
    const ctx = h.customer();
    const outcome = await checkoutOutcome(a, ctx, {
      idempotencyKey: randomUUID(),
      lines: [{ productId: product.id, quantity: 1 }],
    });
    expect(outcome.errors).toEqual([]);
    const payment = (await a.services.checkout.startPayment(ctx, outcome.payment!)) as Payment & {
      externalId: string;
    };
    const simulator = a.services.payments.gateway as PaymentSimulator;
    expect(simulator).toBeInstanceOf(PaymentSimulator);
    await simulator.settle(payment.externalId, 'PAID');

    const orderIds = `{${outcome.orders.map((o) => o.id).join(',')}}`;
    const em = a.orm.em.fork();
    const counts = async () =>
      (
        await em.execute<{ status: string; order_events: number; contributions: number; mails: number }[]>(
          `select (select status from payment where id = ?) as status,
                  (select count(*)::int from order_event where order_id = any(?::uuid[])) as order_events,
                  (select count(*)::int from ledger_transaction where kind = 'CONTRIBUTION' and payment_id = ?)
                    as contributions,
                  (select count(*)::int from mail_message where lower(to_address) = ? and template_key = 'ORDER_PLACED')
                    as mails`,
          [payment.id, orderIds, payment.id, address],
        )
      )[0]!;
    const before = await counts();
    expect(before).toMatchObject({ status: 'OPEN', contributions: 0, mails: 0 });

    const webhook = () =>
      fetch(`${proxy.url}/payments/webhook`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ id: payment.externalId }).toString(),
      });
    const answers = await Promise.all(Array.from({ length: 4 }, webhook));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200]);
    expect(answers.map((r) => r.headers.get('x-upstream')).sort()).toEqual(['a', 'a', 'b', 'b']);
    await a.jobsIdle();

    const after = await counts();
    expect(after.status).toBe('PAID');
    expect(after.order_events - before.order_events).toBe(outcome.orders.length); // one status change per order
    expect(after.contributions).toBe(1); // one booking of the own contribution
    expect(after.mails).toBe(outcome.orders.length); // one "order placed" mail per order
    await expectLedgerConsistent(a);
  });

  it('logs a resident in with the DigiD simulator when the steps land on different instances', async () => {
    const h = await createHousehold(a, []);
    const resident = visitor();
    const before = proxy.log.length;
    const landed = await resident.loginWithDigid(h.bsn, '/account/regelingen');
    expect(landed).toBe('/account/regelingen');
    // start, the simulator's form, the callback: not all on one instance.
    const steps = proxy.log.slice(before).map((l) => l.upstream);
    expect(new Set(steps)).toEqual(new Set(['a', 'b']));
    const who = await gql(resident, `{ viewer { kind } }`);
    expect(who.data.viewer.kind).toBe('CUSTOMER');

    // The artifact is used once across the instances: the same callback again is refused on either.
    const callback = proxy.log.slice(before).find((l) => l.path.startsWith('/auth/digid/callback?SAMLart='))!.path;
    for (const upstream of ['a', 'b'] as const) {
      const again = visitor();
      const start = await again.fetch(`/auth/digid/start?returnTo=${encodeURIComponent('/account/regelingen')}`);
      const relayState = new URL(start.headers.get('location')!, proxy.url).searchParams.get('RelayState')!;
      const replay = callback.replace(/RelayState=[^&]*/, `RelayState=${encodeURIComponent(relayState)}`);
      await nextTo(upstream);
      const refused = await again.fetch(replay);
      expect(refused.headers.get('x-upstream')).toBe(upstream);
      expect(refused.headers.get('location')).toMatch(/^\/inloggen\?fout=/);
    }
    // Nothing of the artifact is left behind.
    const [{ n }] = await a.orm.em
      .fork()
      .execute<{ n: number }[]>(`select count(*)::int as n from digid_simulator_artifact`);
    expect(n).toBe(0);
  });
});

describe('two instances starting together on an empty database', () => {
  it('migrate and seed it once, one after the other (an advisory lock), and both serve', async () => {
    const database = await createTestDatabase({ migrate: false });
    await database.orm.close(true);
    const config = loadConfig({
      NODE_ENV: 'test',
      DATABASE_URL: database.url,
      SEED_DEMO_DATA: 'true',
      LOG_LEVEL: 'silent',
      HOST: '127.0.0.1',
      JOBS_WORKER: 'false',
    });
    const logger = createLogger('silent');
    const servers = await Promise.allSettled([
      boot({ config, logger, port: 0, demoActivity: false }),
      boot({ config, logger, port: 0, demoActivity: false }),
    ]);
    try {
      expect(servers.map((s) => s.status)).toEqual(['fulfilled', 'fulfilled']);
      const [first] = servers as PromiseFulfilledResult<RunningServer>[];
      const em = first!.value.orm.em.fork();
      const [{ migrations, duplicates }] = await em.execute<{ migrations: number; duplicates: number }[]>(
        `select count(*)::int as migrations, count(*)::int - count(distinct name)::int as duplicates from mikro_orm_migrations`,
      );
      expect(migrations).toBe(migrationsList.length);
      expect(duplicates).toBe(0);
      const [{ staff }] = await em.execute<{ staff: number }[]>(`select count(*)::int as staff from admin_account`);
      expect(staff).toBe(DEMO_STAFF.length);
      for (const s of servers as PromiseFulfilledResult<RunningServer>[])
        expect((await fetch(`${s.value.url}/readyz`)).status).toBe(200);
    } finally {
      for (const s of servers) if (s.status === 'fulfilled') await s.value.stop();
      await database.drop();
    }
  }, 120_000);
});
