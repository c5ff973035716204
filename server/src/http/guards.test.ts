import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { request } from 'node:http';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestServer, TestClient, type TestServer } from '../test/server.js';
import { DEMO_PASSWORD, DEMO_STAFF } from '../seeders/demo-accounts.js';
import { Permission } from '../kernel/permissions.js';
import { Municipality } from '../modules/municipalities/municipality.entity.js';
import { todayInAmsterdam } from '../kernel/dates.js';

/**
 * Issue 24: the admin IP allow-list holds everywhere, the REST exports get the API-client guard GraphQL has, and
 * /graphql checks Origin. Over real HTTP, against a real database; the "outside" address is another loopback address.
 */

const UPDATE = `mutation($input: UpdateSettingsSectionInput!){ updateSettingsSection(input:$input){ errors { message } } }`;
const admin = DEMO_STAFF.find((s) => s.role === 'BEHEERDER')!;
const INDEX = '<!doctype html><html lang="nl"><title>Gemeentewinkel</title><div id="root"></div></html>';

/** A GET with the path exactly as written (fetch and URL would resolve `..` and `.` first), from a given address. */
function rawGet(server: TestServer, path: string, from = '127.0.0.2'): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port: server.port, path, method: 'GET', localAddress: from, agent: false },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString() }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/** The same session as `client`, calling from another address. */
function sameSessionFrom(server: TestServer, client: TestClient, from: string): TestClient {
  const other = server.client({ from });
  other.cookies = new Map(client.cookies);
  return other;
}

const LOGIN_VARIANTS: Record<string, string> = {
  'an inline fragment on Mutation': `mutation($e:String!,$p:String!){ ... on Mutation { loginStaff(email:$e,password:$p){ errors { code } viewer { kind } } } }`,
  'a named fragment': `mutation($e:String!,$p:String!){ ...L } fragment L on Mutation { loginStaff(email:$e,password:$p){ errors { code } viewer { kind } } }`,
  'a fragment inside a fragment': `mutation($e:String!,$p:String!){ ... on Mutation { ...A } } fragment A on Mutation { ...B } fragment B on Mutation { ... on Mutation { loginStaff(email:$e,password:$p){ errors { code } viewer { kind } } } }`,
  'an alias in a fragment': `mutation($e:String!,$p:String!){ ...L } fragment L on Mutation { x: loginStaff(email:$e,password:$p){ errors { code } viewer { kind } } }`,
  'a skipped twin beside it': `mutation($e:String!,$p:String!){ ...L @skip(if: false) } fragment L on Mutation { loginStaff(email:$e,password:$p){ errors { code } viewer { kind } } }`,
  'fragments spreading each other': `mutation($e:String!,$p:String!){ ...A } fragment A on Mutation { ...B loginStaff(email:$e,password:$p){ errors { code } } } fragment B on Mutation { ...A }`,
};

describe('the admin IP allow-list, everywhere a staff member can reach', () => {
  let server: TestServer;
  let staff: TestClient;
  let dist: string;
  let municipalityId: string;

  const setList = async (enabled: boolean) => {
    const r: any = await staff.gql(UPDATE, {
      input: {
        section: 'IP',
        patch: enabled ? { enabled, entries: [{ range: '127.0.0.1', label: 'Deze computer' }] } : { enabled },
      },
    });
    expect(r.data.updateSettingsSection.errors).toEqual([]);
  };

  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'gw-guards-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), INDEX);
    server = await startTestServer({ seed: true, clientDist: dist });
    staff = server.client();
    await staff.loginStaff(admin.email, DEMO_PASSWORD);
    municipalityId = (await server.orm.em.fork().find(Municipality, {}, { orderBy: { name: 'asc' }, limit: 1 }))[0]!.id;
  }, 180_000);

  afterAll(async () => {
    await server?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('refuses a staff log-in from outside the list however the operation wraps loginStaff', async () => {
    await setList(true);
    try {
      for (const [name, query] of Object.entries(LOGIN_VARIANTS)) {
        const outsider = server.client({ from: '127.0.0.2' });
        const res = await outsider.fetch('/graphql', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ query, variables: { e: admin.email, p: DEMO_PASSWORD } }),
        });
        const body = (await res.json()) as any;
        expect(res.status, name).toBe(403);
        expect(body.errors[0].message, name).toBe('De beheeromgeving is vanaf dit netwerk niet bereikbaar.');
        expect(body.errors[0].extensions.reason, name).toBe('IP_NOT_ALLOWED');
        expect(outsider.cookies.size, name).toBe(0);
      }
      // From the listed address the same document logs in.
      const inside = server.client();
      const ok = await inside.gql(LOGIN_VARIANTS['a named fragment']!, { e: admin.email, p: DEMO_PASSWORD });
      expect(ok.data?.loginStaff.viewer.kind).toBe('STAFF');
    } finally {
      await setList(false);
    }
  });

  it('does not run a log-in sent earlier by its hash alone (no automatic persisted queries)', async () => {
    const query = `mutation($e:String!,$p:String!){ loginStaff(email:$e,password:$p){ errors { code } viewer { kind } } }`;
    const sha256Hash = createHash('sha256').update(query).digest('hex');
    const persisted = { persistedQuery: { version: 1, sha256Hash } };
    // While the list is off, anyone may send the document (and would have registered it).
    await server.client().fetch('/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query, variables: { e: admin.email, p: 'fout-wachtwoord' }, extensions: persisted }),
    });
    await setList(true);
    try {
      const outsider = server.client({ from: '127.0.0.2' });
      const res = await outsider.fetch('/graphql', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ variables: { e: admin.email, p: DEMO_PASSWORD }, extensions: persisted }),
      });
      const body = (await res.json()) as any;
      expect(body.data?.loginStaff?.viewer?.kind).toBeUndefined();
      expect(body.errors?.[0]?.extensions?.code).toBe('PERSISTED_QUERY_NOT_SUPPORTED');
      expect(body.errors[0].message).toMatch(/stuur de query zelf mee/);
      expect(outsider.cookies.size).toBe(0);
    } finally {
      await setList(false);
    }
  });

  it('refuses the REST exports and uploads to a staff session from outside the list', async () => {
    const routes: [string, RequestInit?][] = [
      ['/api/admin/bestellingen.csv'],
      ['/api/export/betalingen.csv'],
      [`/api/journaalposten/export?gemeente=${municipalityId}&periode=2026-01`],
      [`/api/imports/voorbeeld.csv?gemeente=${municipalityId}`],
      ['/api/imports/00000000-0000-4000-8000-000000000000/uitkomst.csv'],
      [
        '/api/payouts/00000000-0000-4000-8000-000000000000/export',
        { method: 'POST', headers: { 'x-gemeentewinkel-download': '1' } },
      ],
      [`/api/imports?gemeente=${municipalityId}`, { method: 'POST', headers: { 'x-gemeentewinkel-upload': '1' } }],
      ['/api/settings/logo', { method: 'POST', headers: { 'x-gemeentewinkel-upload': '1' } }],
    ];
    await setList(true);
    try {
      const outside = sameSessionFrom(server, staff, '127.0.0.2');
      for (const [path, init] of routes) {
        const res = await outside.fetch(path, init);
        expect(res.status, path).toBe(403);
        expect(await res.text(), path).toContain('De beheeromgeving is vanaf dit netwerk niet bereikbaar.');
      }
      // The same session from the listed address still gets the export.
      expect((await staff.fetch('/api/admin/bestellingen.csv')).status).toBe(200);
    } finally {
      await setList(false);
    }
  });

  it('refuses the admin shell from outside the list under every spelling of its path', async () => {
    await setList(true);
    try {
      const variants = [
        '/admin',
        '/Admin',
        '/ADMIN',
        '/admin/',
        '/admin%2Fbeheer',
        '/Admin%2fbeheer',
        '//admin/beheer',
        '///admin',
        '/admin/./beheer',
        '/./admin',
        '/%61dmin',
        '/%2561dmin',
        '/aanbod/../admin',
        '/aanbod/%2e%2e/admin',
        '/%5cadmin',
      ];
      for (const path of variants) {
        const res = await rawGet(server, path);
        expect(res.status, path).toBe(403);
        expect(res.body, path).not.toContain('<div id="root">');
      }
      // Not the admin area: the public pages, and paths that only look like it.
      for (const path of ['/aanbod', '/administratie', '/nieuws/admin'])
        expect((await rawGet(server, path)).status, path).toBe(200);
      // From the listed address the shell is served.
      expect((await rawGet(server, '/ADMIN', '127.0.0.1')).body).toContain('<div id="root">');
    } finally {
      await setList(false);
    }
  });
});

describe('API keys on the REST routes: the same rate limit and audit row as on GraphQL', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ seed: true });
  }, 180_000);
  afterAll(async () => {
    await server?.close();
  });

  it('reserves the client’s per-minute budget before the export and audit-logs each call', async () => {
    const beheerder = server.client();
    await beheerder.loginStaff(admin.email, DEMO_PASSWORD);
    const municipality = (
      await server.orm.em.fork().find(Municipality, {}, { orderBy: { name: 'asc' }, limit: 1 })
    )[0]!;
    const created: any = await beheerder.gql(
      `mutation($input: CreateApiClientInput!) { createApiClient(input: $input) { key errors { message } apiClient { id } } }`,
      {
        input: {
          name: 'Partner export',
          municipalityId: municipality.id,
          permissions: [Permission.ORDER_READ],
          expiresOn: todayInAmsterdam(new Date(server.clock.now().getTime() + 30 * 24 * 3600 * 1000)),
          rateLimitPerMinute: 10,
        },
      },
    );
    expect(created.data.createApiClient.errors).toEqual([]);
    const partner = new TestClient(server.url, { authorization: `Bearer ${created.data.createApiClient.key}` });
    const path = '/api/admin/bestellingen.csv?search=niets-te-vinden';
    // Twelve at the same moment: exactly the budget of ten goes through.
    const answers = await Promise.all(Array.from({ length: 12 }, () => partner.fetch(path)));
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(2);
    const refused = answers.find((r) => r.status === 429)!;
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await refused.text()).toMatch(/limiet van 10 verzoeken per minuut/);
    const rows = await server.orm.em
      .fork()
      .execute<{ details: { operationName: string; operationType: string } }[]>(
        `select details from audit_log where action = 'api_client.called' and subject_id = ?`,
        [created.data.createApiClient.apiClient.id],
      );
    expect(rows).toHaveLength(10);
    expect(rows[0]!.details).toMatchObject({ operationName: 'GET /api/admin/bestellingen.csv', operationType: 'http' });
    // A refused key gets the API's own refusal on REST too.
    const unknown = new TestClient(server.url, { authorization: 'Bearer gwk_00000000_' + 'A'.repeat(43) });
    const res = await unknown.fetch(path);
    expect(res.status).toBe(401);
    expect(await res.text()).toMatch(/API-sleutel is onbekend/);
  });
});

describe('bodies with a Content-Encoding', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  }, 180_000);
  afterAll(async () => {
    await server?.close();
  });

  it('are refused with 415 and a Dutch message by every route that reads a body, before anything is read', async () => {
    for (const [path, headers] of [
      ['/payments/webhook', { 'content-type': 'application/x-www-form-urlencoded' }],
      ['/api/imports', { 'content-type': 'multipart/form-data; boundary=x', 'x-gemeentewinkel-upload': '1' }],
      ['/api/provider/logo', { 'content-type': 'multipart/form-data; boundary=x', 'x-gemeentewinkel-upload': '1' }],
    ] as const) {
      for (const encoding of ['gzip', 'br', 'deflate, gzip']) {
        const res = await server.client().fetch(path, {
          method: 'POST',
          headers: { ...headers, 'content-encoding': encoding },
          body: 'niet ingepakt',
        });
        expect(res.status, `${path} ${encoding}`).toBe(415);
        expect(await res.text(), path).toContain('zonder compressie');
      }
    }
  });
});

describe('/graphql checks Origin', () => {
  let server: TestServer;
  let staff: TestClient;
  const VIEWER = JSON.stringify({ query: '{ viewer { kind } }' });

  beforeAll(async () => {
    server = await startTestServer({ seed: true });
    staff = server.client();
    await staff.loginStaff(admin.email, DEMO_PASSWORD);
  }, 180_000);
  afterAll(async () => {
    await server?.close();
  });

  const post = (client: TestClient, headers: Record<string, string> = {}) =>
    client.fetch('/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: VIEWER,
    });

  it('refuses a cross-site request that carries a session cookie', async () => {
    for (const origin of ['https://evil.example', 'null', `http://127.0.0.1:${server.port + 1}`]) {
      const res = await post(staff, { origin });
      expect(res.status, origin).toBe(403);
      const body = (await res.json()) as any;
      expect(body.errors[0].message).toBe('Dit verzoek is geweigerd (beveiliging tegen vervalste verzoeken).');
      expect(body.data).toBeUndefined();
    }
  });

  it('serves same-origin requests, partners’ scripts and requests without a cookie or an Origin', async () => {
    const kind = async (res: Response) => ((await res.json()) as any).data?.viewer?.kind;
    expect(await kind(await post(staff, { origin: server.url }))).toBe('STAFF');
    expect(await kind(await post(staff, { origin: server.services.config.appUrl.replace(/\/$/, '') }))).toBe('STAFF');
    // No Origin (curl, a server): as before.
    expect(await kind(await post(staff))).toBe('STAFF');
    // A partner's script: a key and no cookie, whatever Origin it sends.
    const partner = server.apiClient({ permissions: [Permission.ORDER_READ] });
    expect(await kind(await post(partner, { origin: 'https://partner.example' }))).toBe('API_CLIENT');
    // A visitor without a session from another site (a public widget): nothing to forge.
    expect(await kind(await post(server.client(), { origin: 'https://elders.example' }))).toBe('ANONYMOUS');
  });
});
