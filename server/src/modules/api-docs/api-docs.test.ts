import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse, validate } from 'graphql';
import { createSchema } from '../../graphql/schema.js';
import { ALL_PERMISSIONS } from '../../kernel/permissions.js';
import { buildApiDocumentation } from './api-docs.service.js';
import { ROUTES } from '../../http/routes.js';
import { startTestServer, type TestServer } from '../../test/server.js';
import { DEMO_PASSWORD, DEMO_STAFF } from '../../seeders/demo-accounts.js';

const email = (role: string) => DEMO_STAFF.find((s) => s.role === role)!.email;

describe('API documentation generated from the schema (issue 13)', () => {
  it('documents every query and mutation with arguments, returned fields and who may call it', async () => {
    const schema = await createSchema();
    const docs = buildApiDocumentation(schema, ROUTES);
    const names = (kind: string) => docs.operations.filter((o) => o.kind === kind).map((o) => o.name);
    expect(names('QUERY')).toEqual(Object.keys(schema.getQueryType()!.getFields()).sort());
    expect(names('MUTATION')).toEqual(Object.keys(schema.getMutationType()!.getFields()).sort());

    const dashboard = docs.operations.find((o) => o.name === 'adminDashboard')!;
    expect(dashboard.permissions).toEqual(['DASHBOARD_VIEW']);
    expect(dashboard.public).toBe(false);
    expect(dashboard.returnType).toBe('AdminDashboard!');
    expect(dashboard.returnFields.length).toBeGreaterThan(0);

    const myProducts = docs.operations.find((o) => o.name === 'myProducts')!;
    expect(myProducts.audiences).toEqual(['PROVIDER']);
    expect(myProducts.arguments.map((a) => a.name)).toContain('first');

    const auditLog = docs.operations.find((o) => o.name === 'auditLog')!;
    expect(auditLog.description).toMatch(/audit log/);
    expect(auditLog.exampleQuery).toMatch(
      /^query AuditLog\(\$filter: AuditLogFilter, \$first: Int, \$after: String\) \{/,
    );
    expect(auditLog.exampleQuery).toMatch(/edges \{[\s\S]*node \{[\s\S]*action/);
    expect(JSON.parse(auditLog.exampleVariables)).toHaveProperty('filter');

    expect(docs.operations.find((o) => o.name === 'viewer')!.public).toBe(true);
    expect(docs.permissions.map((p) => p.permission).sort()).toEqual([...ALL_PERMISSIONS].sort());
    expect(docs.permissions.find((p) => p.permission === 'ORDER_READ')!.description).toBe('Bestellingen bekijken');
    expect(docs.sdl).toMatch(/directive @requires/);
    expect(docs.changelog.length).toBeGreaterThan(0);
  });

  it('lists the HTTP routes partners may call, from the route declarations the server mounts', async () => {
    const docs = buildApiDocumentation(await createSchema(), ROUTES);
    const routes = docs.restRoutes.map((r) => `${r.method} ${r.path}`);
    expect(routes).toEqual(
      ROUTES.filter((r) => r.partners)
        .map((r) => `${r.method} ${r.path}`)
        .sort(),
    );
    expect(routes).toContain('GET /api/admin/bestellingen.csv');
    expect(routes).toContain('GET /api/journaalposten/export');
    // Not for partners: the import, residents' and providers' own routes, public ones.
    expect(routes.some((r) => r.includes('/api/imports'))).toBe(false);
    expect(routes).not.toContain('GET /api/mijn-gegevens.json');
    expect(routes).not.toContain('GET /sitemap.xml');
    const journal = docs.restRoutes.find((r) => r.path === '/api/journaalposten/export')!;
    expect(journal).toMatchObject({ permissions: ['JOURNAL_EXPORT'], requestBody: null, requiredHeader: null });
    expect(journal.scope).toMatch(/`gemeente`/);
    expect(docs.restRoutes.find((r) => r.path === '/api/payouts/:batchId/export')!.requiredHeader).toBe(
      'x-gemeentewinkel-download',
    );
  });

  it('gives an example request per operation that is valid against the schema', async () => {
    const schema = await createSchema();
    const docs = buildApiDocumentation(schema, ROUTES);
    const invalid = docs.operations
      .map((o) => ({ name: o.name, errors: validate(schema, parse(o.exampleQuery)).map((e) => e.message) }))
      .filter((o) => o.errors.length);
    expect(invalid).toEqual([]);
  });

  describe('over HTTP', () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer({ seed: true });
    });
    afterAll(async () => {
      await server?.close();
    });
    const QUERY = `{ apiDocumentation { operations { name kind permissions audiences exampleQuery } sdl changelog { date change } } }`;

    it('is readable with API_CLIENT_MANAGE, like the API clients screen', async () => {
      const admin = server.client();
      await admin.loginStaff(email('BEHEERDER'), DEMO_PASSWORD);
      const r: any = await admin.gql(QUERY);
      expect(r.errors).toBeUndefined();
      const op = r.data.apiDocumentation.operations.find((o: any) => o.name === 'apiDocumentation');
      expect(op.permissions).toEqual(['API_CLIENT_MANAGE']);
      expect(r.data.apiDocumentation.sdl).toMatch(/apiDocumentation: ApiDocumentation! @requires/);
    });

    it('is refused without API_CLIENT_MANAGE', async () => {
      const staff = server.client();
      await staff.loginStaff(email('KLANTCONTACT'), DEMO_PASSWORD);
      const r: any = await staff.gql(QUERY);
      expect(r.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
      const anonymous: any = await server.client().gql(QUERY);
      expect(anonymous.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    });
  });
});
