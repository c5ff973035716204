import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestClient, type TestServer } from '../../test/server.js';
import { outbox, tokenFromMail } from '../../test/onboarding.js';
import { ManualClock } from '../../kernel/clock.js';
import { DEMO_PASSWORD, DEMO_STAFF } from '../../seeders/demo-accounts.js';
import { Municipality } from '../municipalities/municipality.entity.js';
import { LINK_REFUSALS, LINK_REQUESTED_MESSAGE, OPERATOR_DEVICE_COOKIE } from './operator.service.js';
import { programArgs } from '../../test/program.js';

const ERR = 'errors { field code message }';
const REQUEST = `mutation($e:String!){ requestOperatorLoginLink(email:$e){ message ${ERR} } }`;
const COMPLETE = `mutation($t:String!){ completeOperatorLogin(token:$t){ operator { id email acting { municipalityName } } ${ERR} } }`;
const ME = `{ operator { id email acting { municipalityId municipalityName reason until } } }`;
const CONSOLE = `{ operatorConsole { municipalities { id name slug persons activeAssignments providers ordersThisMonth budgetGrantedCents budgetSpentCents }
  health { jobs { waiting failed } failedMails stoppedRefunds databaseSizeBytes digidCertificateExpiresAt } } }`;
const ACT = `mutation($i:StartOperatorActInput!){ startOperatorAct(input:$i){ operator { acting { municipalityName reason until } } ${ERR} } }`;
const STOP = `mutation { stopOperatorAct { operator { acting { municipalityName } } ${ERR} } }`;
const CREATE = `mutation($i:CreateMunicipalityInput!){ createMunicipality(input:$i){ municipality { id name slug } ${ERR} } }`;
const VIEWER = `{ viewer { kind roleName municipalities { id } operatorAct { municipalityName reason until } } }`;
const AUDIT = `query($f: AuditLogFilter){ auditLog(first: 50, filter: $f) { edges { node { actorKind actorId actorName action subjectId details } } } }`;

describe('the operator console: magic link, console, acting in a municipality', () => {
  let server: TestServer;
  const clock = new ManualClock();
  const email = 'olga.operator@lightbase.example';
  let operatorId: string;

  beforeAll(async () => {
    server = await startTestServer({ seed: true, clock, env: { JOBS_POLL_INTERVAL_MS: '200' } });
    const invited = await server.services.operators.invite(server.contexts.forSystem('cli.operator.invite'), email);
    expect(invited.ok).toBe(true);
    operatorId = invited.ok ? invited.value.id : '';
  }, 120_000);
  afterAll(async () => {
    await server?.close();
  });

  /** A browser that asks for a link and opens the one mailed to it. */
  async function loggedIn(client: TestClient = server.client()): Promise<TestClient> {
    // Many log-ins of one operator in this file: the per-address budget starts afresh (its own test is below).
    await server.orm.em.fork().execute(`delete from rate_limit where key like 'operator-link-%'`);
    const asked = await client.gql(REQUEST, { e: email });
    expect(asked.data?.requestOperatorLoginLink).toEqual({ message: LINK_REQUESTED_MESSAGE, errors: [] });
    const token = await tokenFromMail(server, email, 'OPERATOR_LOGIN', '/_lightbase/auth/');
    const done = await client.gql(COMPLETE, { t: token });
    expect(done.data?.completeOperatorLogin.errors).toEqual([]);
    return client;
  }

  it('invites by the command: an invitation link that logs in once, in any browser', async () => {
    const token = await tokenFromMail(server, email, 'OPERATOR_INVITE', '/_lightbase/auth/');
    const [mail] = await outbox(server, email);
    expect(mail!.subject).toMatch(/uitnodiging/i);
    const browser = server.client();
    const done = await browser.gql(COMPLETE, { t: token });
    expect(done.data?.completeOperatorLogin).toMatchObject({ operator: { id: operatorId, email }, errors: [] });
    expect((await browser.gql(ME)).data?.operator.email).toBe(email);
    const again = await server.client().gql(COMPLETE, { t: token });
    expect(again.data?.completeOperatorLogin.errors[0].code).toBe('USED');
    // The rows name no token: only hashes are stored.
    const [row] = await server.orm.em
      .fork()
      .execute<{ n: number }[]>(`select count(*)::int as n from operator_login_token where token_hash = ?`, [token]);
    expect(row!.n).toBe(0);
  });

  it('invites through the command itself (`npm run operator -- invite`), against the configured database', async () => {
    const serverDir = fileURLToPath(new URL('../../..', import.meta.url));
    const run = (...args: string[]) =>
      promisify(execFile)(process.execPath, [...programArgs('cli/operator'), ...args], {
        cwd: serverDir,
        env: { ...process.env, NODE_ENV: 'test', DATABASE_URL: server.database.url, LOG_LEVEL: 'warn' },
        timeout: 120_000,
      });
    const { stdout } = await run('invite', 'Piet.Cli@Lightbase.example', '--name', 'Piet Cli');
    expect(stdout).toContain('De uitnodiging is verstuurd naar piet.cli@lightbase.example');
    const [row] = await server.orm.em.fork().execute<{ name: string; n: number }[]>(
      `select o.name, (select count(*)::int from operator_login_token t where t.operator_id = o.id and t.purpose = 'INVITE') as n
           from operator o where o.email = 'piet.cli@lightbase.example'`,
    );
    expect(row).toEqual({ name: 'Piet Cli', n: 1 });
    // The mail waits in the mail log; this test server's worker sends it.
    await tokenFromMail(server, 'piet.cli@lightbase.example', 'OPERATOR_INVITE', '/_lightbase/auth/');
    await expect(run('uitnodigen')).rejects.toMatchObject({ code: 2 });
  }, 180_000);

  it('gives the same answer for an unknown address, and mails nothing there', async () => {
    const r = await server.client().gql(REQUEST, { e: 'niemand@lightbase.example' });
    expect(r.data?.requestOperatorLoginLink).toEqual({ message: LINK_REQUESTED_MESSAGE, errors: [] });
    expect(await outbox(server, 'niemand@lightbase.example')).toEqual([]);
    expect(
      (await server.client().gql(REQUEST, { e: 'geen adres' })).data?.requestOperatorLoginLink.errors[0].field,
    ).toBe('email');
  });

  it('logs in with a link once, only in the browser that asked for it', async () => {
    const asker = server.client();
    await asker.gql(REQUEST, { e: email });
    const token = await tokenFromMail(server, email, 'OPERATOR_LOGIN', '/_lightbase/auth/');
    const other = server.client();
    const refused = await other.gql(COMPLETE, { t: token });
    expect(refused.data?.completeOperatorLogin).toMatchObject({
      operator: null,
      errors: [{ code: 'OTHER_BROWSER', message: LINK_REFUSALS.OTHER_BROWSER }],
    });
    expect((await other.gql(ME)).data?.operator).toBeNull();
    // The refusal did not use the link up: the asking browser still logs in, once.
    const done = await asker.gql(COMPLETE, { t: token });
    expect(done.data?.completeOperatorLogin.errors).toEqual([]);
    expect((await asker.gql(ME)).data?.operator.id).toBe(operatorId);
    const twice = await asker.gql(COMPLETE, { t: token });
    expect(twice.data?.completeOperatorLogin.errors[0]).toMatchObject({ code: 'USED' });
  });

  it('refuses a link after 10 minutes on the clock', async () => {
    const asker = server.client();
    await asker.gql(REQUEST, { e: email });
    const token = await tokenFromMail(server, email, 'OPERATOR_LOGIN', '/_lightbase/auth/');
    clock.advance(10 * 60_000 + 1000);
    try {
      const late = await asker.gql(COMPLETE, { t: token });
      expect(late.data?.completeOperatorLogin.errors[0]).toMatchObject({
        code: 'EXPIRED',
        message: LINK_REFUSALS.EXPIRED,
      });
    } finally {
      clock.advance(-(10 * 60_000 + 1000));
    }
  });

  it('limits link requests per address, reserved before the work, also when they arrive at once', async () => {
    const target = 'druk@lightbase.example';
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => server.client({ from: `127.0.1.${i + 1}` }).gql(REQUEST, { e: target })),
    );
    const codes = answers.map((a) => a.data?.requestOperatorLoginLink.errors[0]?.code ?? 'OK');
    expect(codes.filter((c) => c === 'OK')).toHaveLength(5);
    expect(codes.filter((c) => c === 'TOO_MANY_ATTEMPTS')).toHaveLength(7);
  });

  it('lets no stranger keep the operator out: the operator’s own browser has its own budget, slowed rather than blocked', async () => {
    const browser = await loggedIn();
    expect(browser.cookies.has(OPERATOR_DEVICE_COOKIE)).toBe(true);
    await server.orm.em.fork().execute(`delete from rate_limit where key like 'operator-link-%'`);
    // Strangers who know the address, from twelve addresses at once, spend the address's budget …
    const strangers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => server.client({ from: `127.0.3.${i + 1}` }).gql(REQUEST, { e: email })),
    );
    const codes = strangers.map((a) => a.data?.requestOperatorLoginLink.errors[0]?.code ?? 'OK');
    expect(codes.filter((c) => c === 'OK')).toHaveLength(5);
    expect(codes.filter((c) => c === 'TOO_MANY_ATTEMPTS')).toHaveLength(7);
    // … and a made-up or borrowed marker makes nobody the operator's browser.
    const forged = server.client({ from: '127.0.3.99' });
    forged.cookies.set(OPERATOR_DEVICE_COOKIE, `${'A'.repeat(22)}.${'0'.repeat(64)}`);
    expect((await forged.gql(REQUEST, { e: email })).data?.requestOperatorLoginLink.errors[0]?.code).toBe(
      'TOO_MANY_ATTEMPTS',
    );
    const otherAddress = server.client({ from: '127.0.3.98' });
    otherAddress.cookies.set(OPERATOR_DEVICE_COOKIE, browser.cookies.get(OPERATOR_DEVICE_COOKIE)!);
    await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        server.client({ from: `127.0.4.${i + 1}` }).gql(REQUEST, { e: 'ander@lightbase.example' }),
      ),
    );
    expect(
      (await otherAddress.gql(REQUEST, { e: 'ander@lightbase.example' })).data?.requestOperatorLoginLink.errors[0]
        ?.code,
    ).toBe('TOO_MANY_ATTEMPTS');
    await server.jobsIdle();

    // The operator's own browser still gets a link, and logs in with it.
    const asked = await browser.gql(REQUEST, { e: email });
    expect(asked.data?.requestOperatorLoginLink).toEqual({ message: LINK_REQUESTED_MESSAGE, errors: [] });
    const token = await tokenFromMail(server, email, 'OPERATOR_LOGIN', '/_lightbase/auth/');
    expect((await browser.gql(COMPLETE, { t: token })).data?.completeOperatorLogin.errors).toEqual([]);

    // Its own budget, at once: four more, then one a minute (the refusal asks to wait at most a minute).
    const burst = await Promise.all(Array.from({ length: 8 }, () => browser.gql(REQUEST, { e: email })));
    const own = burst.map((a) => a.data?.requestOperatorLoginLink.errors[0] ?? null);
    expect(own.filter((e) => e === null)).toHaveLength(5);
    const slowed = own.filter((e) => e !== null);
    expect(slowed).toHaveLength(3);
    for (const e of slowed) {
      expect(e.code).toBe('TOO_MANY_ATTEMPTS');
      const wait = /Probeer het over (\d+) (seconde|seconden|minuut) opnieuw/.exec(e.message);
      expect(wait, e.message).toBeTruthy();
      expect(wait![2] === 'minuut' || Number(wait![1]) <= 60).toBe(true);
    }
  });

  it('limits link requests per client address, also at once', async () => {
    const from = server.client({ from: '127.0.2.1' });
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => from.gql(REQUEST, { e: `adres-${i}@lightbase.example` })),
    );
    const codes = answers.map((a) => a.data?.requestOperatorLoginLink.errors[0]?.code ?? 'OK');
    expect(codes.filter((c) => c === 'OK')).toHaveLength(20);
    expect(codes.filter((c) => c === 'TOO_MANY_ATTEMPTS')).toHaveLength(10);
  });

  it('shows the console to an operator only: municipalities with their figures and the platform health', async () => {
    expect((await server.client().gql(CONSOLE)).data?.operatorConsole).toBeNull();
    const staff = server.client();
    await staff.loginStaff(DEMO_STAFF[0]!.email, DEMO_PASSWORD);
    expect((await staff.gql(CONSOLE)).data?.operatorConsole).toBeNull();
    const operator = await loggedIn();
    const r = await operator.gql(CONSOLE);
    expect(r.errors).toBeUndefined();
    const { municipalities, health } = r.data!.operatorConsole;
    expect(municipalities.length).toBeGreaterThan(0);
    expect(municipalities.some((m: { persons: number }) => m.persons > 0)).toBe(true);
    expect(health.databaseSizeBytes).toBeGreaterThan(0);
    // The DigiD certificate in use (the demo's, from instellingen/digid): its expiry.
    const [current] = await server.orm.em
      .fork()
      .execute<{ not_after: Date }[]>(`select not_after from digid_certificate where state = 'CURRENT'`);
    expect(current).toBeDefined();
    expect(new Date(health.digidCertificateExpiresAt).getTime()).toBe(new Date(current!.not_after).getTime());
    expect(typeof health.failedMails).toBe('number');
  });

  it('creates a municipality and invites its first Beheerder, as the operator', async () => {
    const operator = await loggedIn();
    const contact = 'bea.nieuwstad@nieuwstad.example';
    const made = await operator.gql(CREATE, {
      i: { name: 'Gemeente Nieuwstad', slug: 'nieuwstad', contactName: 'Bea Nieuwstad', contactEmail: contact },
    });
    expect(made.data?.createMunicipality.errors).toEqual([]);
    const id = made.data!.createMunicipality.municipality.id;
    await tokenFromMail(server, contact, 'STAFF_INVITE', '/admin/wachtwoord-vergeten/');
    const again = await operator.gql(CREATE, {
      i: { name: 'Gemeente Nieuwstad', slug: 'nieuwstad', contactName: 'X Y', contactEmail: 'x@y.example' },
    });
    expect(again.data?.createMunicipality.errors[0]).toMatchObject({ field: 'slug', code: 'TAKEN' });
    const anonymous = await server.client().gql(CREATE, {
      i: { name: 'Gemeente Elders', slug: 'elders', contactName: 'X Y', contactEmail: 'x@y.example' },
    });
    expect(anonymous.data?.createMunicipality.errors[0].code).toBe('UNAUTHENTICATED');
    const rows = await server.orm.em
      .fork()
      .execute<{ actor_kind: string; actor_id: string; action: string }[]>(
        `select actor_kind, actor_id, action from audit_log where subject_id in (?, (select id::text from admin_account where email = ?)) order by id`,
        [id, contact],
      );
    expect(rows.map((r) => [r.actor_kind, r.actor_id, r.action])).toEqual([
      ['OPERATOR', operatorId, 'municipality.created'],
      ['OPERATOR', operatorId, 'admin_account.invited'],
    ]);
  });

  it('decides like a Beheerder while acting (no admin account behind it: the decision names nobody, the audit row the operator)', async () => {
    const em = server.orm.em.fork();
    const [pending] = await em.execute<{ id: string; municipality_id: string }[]>(
      `select id, municipality_id from provider_membership where status = 'PENDING' order by id limit 1`,
    );
    expect(pending, 'a pending membership in the demo data').toBeTruthy();
    const operator = await loggedIn();
    const reason = 'Ticket 4712: aanmelding van een aanbieder afhandelen';
    const started = await operator.gql(ACT, { i: { municipalityId: pending!.municipality_id, reason, minutes: 15 } });
    expect(started.data?.startOperatorAct.errors).toEqual([]);
    const approved = await operator.gql(`mutation($id: ID!) { approveMembership(id: $id) { ${ERR} } }`, {
      id: pending!.id,
    });
    expect(approved.errors).toBeUndefined();
    expect(approved.data?.approveMembership.errors).toEqual([]);
    const [row] = await em.execute<{ status: string; decided_by_id: string | null }[]>(
      `select status, decided_by_id from provider_membership where id = ?`,
      [pending!.id],
    );
    expect(row).toEqual({ status: 'APPROVED', decided_by_id: null });
    const [audit] = await em.execute<{ actor_kind: string; actor_id: string; details: Record<string, unknown> }[]>(
      `select actor_kind, actor_id, details from audit_log where subject_id = ? order by id desc limit 1`,
      [pending!.id],
    );
    expect(audit).toMatchObject({ actor_kind: 'OPERATOR', actor_id: operatorId, details: { operatorReason: reason } });
    await operator.gql(STOP);
  });

  it('acts in one municipality for a stated reason and a limited time, audit-logged as the operator', async () => {
    const em = server.orm.em.fork();
    // Two municipalities with households (the demo's), the first to act in.
    const withHouseholds = await em.execute<{ id: string }[]>(
      `select distinct municipality_id as id from client_group order by municipality_id limit 2`,
    );
    const [first, second] = await Promise.all(withHouseholds.map((m) => em.findOneOrFail(Municipality, m.id)));
    const operator = await loggedIn();
    const reason = 'Ticket 4711: import van huishoudens controleren';

    // Refused without a reason, with too short a reason, or too long a time.
    const noReason = await operator.gql(ACT, { i: { municipalityId: first!.id, reason: '  ', minutes: 30 } });
    expect(noReason.data?.startOperatorAct.errors[0]).toMatchObject({ field: 'reason', code: 'REASON_REQUIRED' });
    const tooLong = await operator.gql(ACT, { i: { municipalityId: first!.id, reason, minutes: 600 } });
    expect(tooLong.data?.startOperatorAct.errors[0]).toMatchObject({ field: 'minutes' });
    expect((await operator.gql(VIEWER)).data?.viewer.kind).toBe('ANONYMOUS');
    // Not an operator: refused.
    const stranger = await server.client().gql(ACT, { i: { municipalityId: first!.id, reason, minutes: 30 } });
    expect(stranger.data?.startOperatorAct.errors[0].code).toBe('UNAUTHENTICATED');

    const started = await operator.gql(ACT, { i: { municipalityId: first!.id, reason, minutes: 30 } });
    expect(started.data?.startOperatorAct.errors).toEqual([]);
    expect(started.data?.startOperatorAct.operator.acting).toMatchObject({ municipalityName: first!.name, reason });

    // A Beheerder-like viewer of that one municipality, with the banner's facts.
    const viewer = (await operator.gql(VIEWER)).data!.viewer;
    expect(viewer).toMatchObject({
      kind: 'STAFF',
      roleName: 'Operator van Lightbase',
      municipalities: [{ id: first!.id }],
      operatorAct: { municipalityName: first!.name, reason },
    });
    // Scope: only that municipality's clients.
    const groups = await operator.gql(`{ clientGroups(first: 100) { edges { node { municipality { id } } } } }`);
    expect(groups.errors).toBeUndefined();
    const seen = new Set(
      groups.data!.clientGroups.edges.map((e: { node: { municipality: { id: string } } }) => e.node.municipality.id),
    );
    expect([...seen]).toEqual([first!.id]);
    expect(seen.has(second!.id)).toBe(false);

    // What the operator does is recorded with the operator as the actor, and the reason.
    await operator.gql(AUDIT, { f: { actor: operatorId } }); // Reading it is recorded: the next read shows that.
    const audit = await operator.gql(AUDIT, { f: { actor: operatorId } });
    expect(audit.errors).toBeUndefined();
    const nodes = audit.data!.auditLog.edges.map((e: { node: unknown }) => e.node) as {
      actorKind: string;
      action: string;
      details: string;
      actorName: string;
    }[];
    const actions = nodes.map((n) => n.action);
    expect(actions).toContain('operator.acting_started');
    expect(actions).toContain('audit_log.viewed');
    for (const n of nodes) expect(n.actorKind).toBe('OPERATOR');
    const viewed = nodes.find((n) => n.action === 'audit_log.viewed')!;
    expect(JSON.parse(viewed.details)).toMatchObject({ operatorReason: reason, operatorMunicipalityId: first!.id });
    expect(viewed.actorName).toContain(email);

    // The municipality's own Beheerder sees it in their audit log.
    const staff = server.client();
    await staff.loginStaff(DEMO_STAFF[0]!.email, DEMO_PASSWORD);
    const theirs = await staff.gql(AUDIT, { f: { action: 'operator.' } });
    expect(
      theirs.data!.auditLog.edges.some((e: { node: { actorKind: string } }) => e.node.actorKind === 'OPERATOR'),
    ).toBe(true);

    // The time limit: after 30 minutes on the clock the operator is no Beheerder any more.
    clock.advance(31 * 60_000);
    try {
      expect((await operator.gql(VIEWER)).data?.viewer.kind).toBe('ANONYMOUS');
      expect((await operator.gql(ME)).data?.operator.acting).toBeNull();
    } finally {
      clock.advance(-31 * 60_000);
    }

    // Stopping ends it at once, and is recorded too.
    const stopped = await operator.gql(STOP);
    expect(stopped.data?.stopOperatorAct).toEqual({ operator: { acting: null }, errors: [] });
    expect((await operator.gql(VIEWER)).data?.viewer.kind).toBe('ANONYMOUS');
    const [stopRow] = await em.execute<{ actor_kind: string; details: { operatorReason?: string } }[]>(
      `select actor_kind, details from audit_log where action = 'operator.acting_stopped' order by id desc limit 1`,
    );
    expect(stopRow).toMatchObject({ actor_kind: 'OPERATOR', details: { operatorReason: reason } });
  });

  it('makes no API client while acting (a Dutch refusal, not a 500), and changes only roles within its one municipality', async () => {
    const em = server.orm.em.fork();
    const [zuiderveen] = await em.execute<{ id: string }[]>(`select id from municipality where slug = 'zuiderveen'`);
    const operator = await loggedIn();
    const started = await operator.gql(ACT, {
      i: { municipalityId: zuiderveen!.id, reason: 'Ticket 4713: koppeling voor een partner', minutes: 15 },
    });
    expect(started.data?.startOperatorAct.errors).toEqual([]);
    const [{ n: before }] = (await em.execute<{ n: number }[]>(`select count(*)::int as n from api_client`)) as [
      { n: number },
    ];
    const expiresOn = new Date(clock.now().getTime() + 30 * 24 * 3600_000).toISOString().slice(0, 10);
    const created = await operator.gql(
      `mutation($input: CreateApiClientInput!) { createApiClient(input: $input) { key ${ERR} } }`,
      { input: { name: 'Partner', municipalityId: zuiderveen!.id, permissions: ['PERSON_READ'], expiresOn } },
    );
    expect(created.status).toBe(200);
    expect(created.errors).toBeUndefined();
    expect(created.data?.createApiClient.key).toBeNull();
    expect(created.data?.createApiClient.errors[0]).toMatchObject({ code: 'NEEDS_OWN_ACCOUNT' });
    expect(created.data?.createApiClient.errors[0].message).toMatch(/^Als operator kunt u geen API-koppeling/);
    const [{ n: after }] = (await em.execute<{ n: number }[]>(`select count(*)::int as n from api_client`)) as [
      { n: number },
    ];
    expect(after).toBe(before);

    // Roles: the operator holds every permission but reaches one municipality. Financiën is held by an account of
    // both demo municipalities: out of reach; a new role is fine.
    const [financien] = await em.execute<{ id: string }[]>(`select id from role where key = 'FINANCIEN'`);
    const changed = await operator.gql(
      `mutation($id: ID!, $input: RoleInput!) { updateRole(id: $id, input: $input) { ${ERR} } }`,
      { id: financien!.id, input: { permissions: ['DASHBOARD_VIEW'] } },
    );
    expect(changed.data?.updateRole.errors[0]).toMatchObject({ code: 'OUT_OF_REACH' });
    const made = await operator.gql(`mutation($input: RoleInput!) { createRole(input: $input) { ${ERR} } }`, {
      input: { name: 'Ondersteuning', permissions: ['PERSON_READ', 'PERSON_READ_SENSITIVE'] },
    });
    expect(made.data?.createRole.errors).toEqual([]);
    await operator.gql(STOP);
  });
});
