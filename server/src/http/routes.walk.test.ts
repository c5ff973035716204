import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import express from 'express';
import { randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestServer, TestClient, type TestServer } from '../test/server.js';
import { DEMO_PASSWORD, DEMO_STAFF, demoProviderEmail } from '../seeders/demo-accounts.js';
import { ALL_PERMISSIONS, Audience, BUILT_IN_ROLES, type Permission } from '../kernel/permissions.js';
import { Person } from '../modules/customers/person.entity.js';
import { Municipality } from '../modules/municipalities/municipality.entity.js';
import { decryptBsn } from '../crypto/bsn.js';
import { IP_NOT_ALLOWED_MESSAGE } from './ip-allow-list.js';
import {
  MUNICIPALITY_NOT_FOUND_MESSAGE,
  NOT_FOR_PARTNERS_MESSAGE,
  defineRoute,
  isDeclaredRouteHandler,
  mountRoutes,
  requirementsOf,
  type RouteDeclaration,
  type RouteDeps,
} from './route.js';
import { ROUTES } from './routes.js';

/**
 * Walks every HTTP route outside GraphQL, from both ends: the declarations (http/routes.ts) and Express's own route
 * table, so a route mounted by hand, past the declaration, fails here. Then every guarded route is called as a visitor,
 * a resident, a provider, staff without its permission, staff from outside the IP allow-list, and an API client
 * without the permission (and, on a route not open to partners, with it): each is refused with its status, code and
 * Dutch message. A new route is covered automatically.
 */

interface Layer {
  route?: { path: string; methods: Record<string, boolean>; stack: { handle: unknown }[] };
  handle: { stack?: Layer[] } & object;
  rawPath?: unknown;
  name?: string;
}

/** Every route Express would answer, with whether its handlers are the declarations', and the path-mounted middleware. */
function expressRoutes(app: express.Express) {
  const routes: { method: string; path: string; declared: boolean }[] = [];
  const mounted: string[] = [];
  const walk = (stack: Layer[]) => {
    for (const layer of stack) {
      if (layer.route) {
        for (const method of Object.keys(layer.route.methods).filter((m) => m !== '_all'))
          routes.push({
            method: method.toUpperCase(),
            path: layer.route.path,
            declared: layer.route.stack.every((l) => isDeclaredRouteHandler(l.handle)),
          });
      } else {
        if (typeof layer.rawPath === 'string' && layer.rawPath !== '/') mounted.push(layer.rawPath);
        if (Array.isArray(layer.handle.stack)) walk(layer.handle.stack);
      }
    }
  };
  walk((app as unknown as { router: { stack: Layer[] } }).router.stack);
  return { routes, mounted };
}

/** The route's path with a fresh UUID for every parameter. */
const concretePath = (route: RouteDeclaration) => route.path.replace(/:[A-Za-z]+/g, () => randomUUID());

interface Refusal {
  status: number;
  code: string | null;
  message: string;
}

async function call(client: TestClient, route: RouteDeclaration, query: string): Promise<Refusal> {
  const res = await client.fetch(`${concretePath(route)}${query}`, {
    method: route.method,
    headers: route.csrfHeader ? { [route.csrfHeader]: '1' } : {},
  });
  const text = await res.text();
  if (route.refusals === 'text') return { status: res.status, code: null, message: text };
  try {
    const body = JSON.parse(text) as { errors?: { code: string; message: string }[] };
    return { status: res.status, code: body.errors?.[0]?.code ?? null, message: body.errors?.[0]?.message ?? text };
  } catch {
    return { status: res.status, code: null, message: text };
  }
}

describe('the route walker itself', () => {
  it('finds a route mounted by hand beside the declared ones', () => {
    const app = express();
    mountRoutes(
      app,
      [
        defineRoute({
          method: 'GET',
          path: '/api/verklaard',
          description: 'x',
          access: 'public',
          scope: 'none',
          body: { kind: 'none' },
          refusals: 'text',
          handler: ({ res }) => void res.end(),
        }),
      ],
      {} as RouteDeps,
    );
    app.get('/api/met-de-hand', (_req, res) => void res.end());
    const nested = express.Router();
    nested.post('/api/genest', (_req, res) => void res.end());
    app.use(nested);
    app.use('/ergens', (_req, _res, next) => next());
    const { routes, mounted } = expressRoutes(app);
    expect(routes).toEqual([
      { method: 'GET', path: '/api/verklaard', declared: true },
      { method: 'GET', path: '/api/met-de-hand', declared: false },
      { method: 'POST', path: '/api/genest', declared: false },
    ]);
    expect(mounted).toEqual(['/ergens']);
  });
});

describe('every HTTP route outside GraphQL is declared and guarded (http/route.ts)', () => {
  let server: TestServer;
  let dist: string;
  let municipalityId: string;
  let otherMunicipalityId: string;
  const callers: { name: string; kind: string; permissions: Permission[]; client: TestClient }[] = [];
  let beheerder: TestClient;

  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'gw-walk-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>app</title>');
    writeFileSync(join(dist, 'sandbox.html'), '<!doctype html><title>sandbox</title>');
    server = await startTestServer({ seed: true, clientDist: dist, env: { GRAPHQL_SANDBOX: 'true' } });
    const em = server.orm.em.fork();
    const municipalities = await em.find(Municipality, {}, { orderBy: { name: 'asc' }, limit: 2 });
    municipalityId = municipalities[0]!.id;
    otherMunicipalityId = municipalities[1]!.id;
    callers.push({ name: 'bezoeker', kind: Audience.ANONYMOUS, permissions: [], client: server.client() });
    const resident = server.client();
    const person = await em.findOneOrFail(
      Person,
      { bsnEncrypted: { $ne: null } },
      { populate: ['bsnEncrypted'], orderBy: { externalIdentifier: 'asc' } },
    );
    await resident.loginWithDigid(decryptBsn(person.bsnEncrypted!, server.services.config.bsn));
    callers.push({ name: 'inwoner', kind: Audience.CUSTOMER, permissions: [], client: resident });
    const provider = server.client();
    await provider.loginProvider(demoProviderEmail(1), DEMO_PASSWORD);
    callers.push({ name: 'aanbieder', kind: Audience.PROVIDER, permissions: [], client: provider });
    for (const staff of DEMO_STAFF) {
      const client = server.client();
      await client.loginStaff(staff.email, DEMO_PASSWORD);
      if (staff.role === 'BEHEERDER') beheerder = client;
      callers.push({
        name: staff.role,
        kind: Audience.STAFF,
        permissions: BUILT_IN_ROLES[staff.role].permissions,
        client,
      });
    }
  }, 180_000);

  afterAll(async () => {
    await server?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('mounts exactly the declared routes: nothing in Express’s route table past a declaration', () => {
    const app = server.httpServer
      .listeners('request')
      .find((l) => 'router' in (l as object)) as unknown as express.Express;
    expect(app).toBeTruthy();
    const { routes, mounted } = expressRoutes(app);
    expect(routes.filter((r) => !r.declared)).toEqual([]);
    // GraphQL is the one path-mounted part: it has its own guard (@requires, contexts.forGraphQL).
    expect([...new Set(mounted)]).toEqual(['/graphql']);
    const key = (r: { method: string; path: string }) => `${r.method} ${r.path}`;
    // Every declaration enabled in this set-up (simulators on, sandbox on, SAML off) is mounted once, and only those.
    const expected = ROUTES.filter((r) => r.path !== '/auth/digid/metadata').map(key);
    expect(routes.map(key).sort()).toEqual([...new Set(expected)].sort());
    expect(new Set(expected).size).toBe(expected.length);
  });

  it('declares every route with its access, scope and body, and public ones explicitly', () => {
    for (const route of ROUTES) {
      const label = `${route.method} ${route.path}`;
      expect(route.description.length, label).toBeGreaterThan(10);
      if (route.access === 'public') {
        expect(route.scope, label).toBe('none');
        expect(route.partners ?? false, label).toBe(false);
      } else {
        expect(route.access.length, label).toBeGreaterThan(0);
      }
      // A state-changing route of our own client carries a header a cross-site form cannot send.
      if (route.method === 'POST' && route.access !== 'public') expect(route.csrfHeader, label).toBeTruthy();
    }
  });

  it('refuses every guarded route to everyone it does not name, with the right status and a Dutch message', async () => {
    const guarded = ROUTES.filter((r) => r.access !== 'public' && r.path !== '/auth/digid/metadata');
    expect(guarded.length).toBeGreaterThanOrEqual(10);
    const query = `?gemeente=${municipalityId}`;
    for (const route of guarded) {
      const { permissions, audiences } = requirementsOf(route);
      const label = `${route.method} ${route.path}`;
      for (const caller of callers) {
        const allowed =
          audiences.includes(caller.kind as Audience) || permissions.some((p) => caller.permissions.includes(p));
        if (allowed) continue;
        const r = await call(caller.client, route, query);
        if (caller.kind === Audience.ANONYMOUS) {
          expect(r, `${label} als ${caller.name}`).toMatchObject({
            status: 401,
            message: 'U moet ingelogd zijn om dit te doen.',
          });
        } else {
          expect(r, `${label} als ${caller.name}`).toMatchObject({
            status: 403,
            message: 'U heeft geen toegang tot deze gegevens.',
          });
        }
        if (route.refusals !== 'text')
          expect(r.code, label).toBe(caller.kind === Audience.ANONYMOUS ? 'UNAUTHENTICATED' : 'FORBIDDEN');
      }
      // Staff without the permission: at least one built-in role (or every role, for a resident's or provider's route).
      expect(
        callers.some((c) => c.kind === Audience.STAFF && !permissions.some((p) => c.permissions.includes(p))),
        label,
      ).toBe(true);

      // API clients: without the permission refused; on a route not open to partners, refused even with it.
      const none = await call(server.apiClient({ permissions: [] }), route, query);
      expect(none, `${label} als API-koppeling zonder rechten`).toMatchObject({
        status: 403,
        message: route.partners ? 'U heeft geen toegang tot deze gegevens.' : NOT_FOR_PARTNERS_MESSAGE,
      });
      // A municipality in the query parameter outside the caller's scope: not found, even with every permission.
      if (typeof route.scope === 'object' && route.partners) {
        const elsewhere = server.apiClient({ permissions: ALL_PERMISSIONS, municipalityIds: [otherMunicipalityId] });
        expect(await call(elsewhere, route, query), `${label} buiten de gemeente van de koppeling`).toMatchObject({
          status: 404,
          message: MUNICIPALITY_NOT_FOUND_MESSAGE,
        });
      }
      if (!route.partners) {
        const all = await call(server.apiClient({ permissions: ALL_PERMISSIONS }), route, query);
        expect(all, `${label} als API-koppeling met alle rechten`).toMatchObject({
          status: 403,
          message: NOT_FOR_PARTNERS_MESSAGE,
        });
      }
    }
  }, 240_000);

  it('refuses every guarded route to staff from outside the IP allow-list, whatever they may do', async () => {
    const UPDATE = `mutation($input: UpdateSettingsSectionInput!){ updateSettingsSection(input:$input){ errors { message } } }`;
    const on: any = await beheerder.gql(UPDATE, {
      input: { section: 'IP', patch: { enabled: true, entries: [{ range: '127.0.0.1', label: 'Deze computer' }] } },
    });
    expect(on.data.updateSettingsSection.errors).toEqual([]);
    try {
      // The same session, from another address.
      const outside = server.client({ from: '127.0.0.2' });
      outside.cookies = new Map(beheerder.cookies);
      for (const route of ROUTES.filter((r) => r.access !== 'public' && r.path !== '/auth/digid/metadata')) {
        const r = await call(outside, route, `?gemeente=${municipalityId}`);
        expect(r, `${route.method} ${route.path}`).toMatchObject({ status: 403, message: IP_NOT_ALLOWED_MESSAGE });
        if (route.refusals !== 'text') expect(r.code).toBe('IP_NOT_ALLOWED');
      }
    } finally {
      const off: any = await beheerder.gql(UPDATE, { input: { section: 'IP', patch: { enabled: false } } });
      expect(off.data.updateSettingsSection.errors).toEqual([]);
    }
  }, 120_000);
});
