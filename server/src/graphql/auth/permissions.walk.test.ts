import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  getNamedType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isObjectType,
  isScalarType,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLSchema,
} from 'graphql';
import { createSchema } from '../schema.js';
import { startTestServer, TestClient, type TestServer } from '../../test/server.js';
import { DEMO_PASSWORD, DEMO_STAFF, demoProviderEmail } from '../../seeders/demo-accounts.js';
import { ALL_PERMISSIONS, BUILT_IN_ROLES, type Permission } from '../../kernel/permissions.js';
import { Person } from '../../modules/customers/person.entity.js';
import { decryptBsn } from '../../crypto/bsn.js';

/**
 * Walks the whole schema: every root field guarded with @requires is called as an anonymous visitor, a customer, a
 * provider user, each built-in staff role, and an API client with every permission and one with none (a test API
 * client: API keys do not exist yet). Those the directive admits must never get UNAUTHENTICATED/FORBIDDEN, not even
 * from the service behind it; everyone else must get exactly that. A new guarded field is covered automatically.
 */

type Caller = { name: string; kind: string; permissions: Permission[]; client: TestClient };

function requirementsOf(field: GraphQLField<unknown, unknown>): { audiences: string[]; permissions: string[] } | null {
  const directive = field.astNode?.directives?.find((d) => d.name.value === 'requires');
  if (!directive) return null;
  const read = (name: string) => {
    const arg = directive.arguments?.find((a) => a.name.value === name);
    if (!arg || arg.value.kind !== 'ListValue') return [];
    return arg.value.values.map((v) => (v.kind === 'EnumValue' ? v.value : ''));
  };
  return { audiences: read('audiences'), permissions: read('permissions') };
}

function sample(type: GraphQLInputType): unknown {
  if (isNonNullType(type)) return sample(type.ofType);
  if (isListType(type)) return [];
  if (isEnumType(type)) return type.getValues()[0]!.name;
  if (isInputObjectType(type)) {
    return Object.fromEntries(
      Object.values(type.getFields())
        .filter((f) => isNonNullType(f.type) && f.defaultValue === undefined)
        .map((f) => [f.name, sample(f.type)]),
    );
  }
  if (isScalarType(type)) {
    switch (type.name) {
      case 'ID':
        return '00000000-0000-4000-8000-000000000000';
      case 'Int':
        return 1;
      case 'Float':
        return 1.5;
      case 'Boolean':
        return false;
      case 'DateTimeISO':
        return new Date().toISOString();
      case 'JSONObject':
        return {};
      default:
        return 'x';
    }
  }
  return null;
}

function operationFor(operation: 'query' | 'mutation', field: GraphQLField<unknown, unknown>) {
  const vars = field.args.map((a) => `$${a.name}: ${a.type.toString()}`);
  const args = field.args.map((a) => `${a.name}: $${a.name}`);
  const selection = isObjectType(getNamedType(field.type)) ? ' { __typename }' : '';
  const text = `${operation}${vars.length ? `(${vars.join(', ')})` : ''} { ${field.name}${args.length ? `(${args.join(', ')})` : ''}${selection} }`;
  const variables = Object.fromEntries(field.args.map((a) => [a.name, sample(a.type)]));
  return { text, variables };
}

describe('permission walk over the whole schema', () => {
  let server: TestServer;
  let schema: GraphQLSchema;
  const callers: Caller[] = [];

  beforeAll(async () => {
    server = await startTestServer({ seed: true });
    schema = await createSchema();
    callers.push({ name: 'anoniem', kind: 'ANONYMOUS', permissions: [], client: server.client() });
    const customer = server.client();
    const em = server.orm.em.fork();
    const person = await em.findOneOrFail(
      Person,
      { bsnEncrypted: { $ne: null } },
      { populate: ['bsnEncrypted'], orderBy: { externalIdentifier: 'asc' } },
    );
    await customer.loginWithDigid(decryptBsn(person.bsnEncrypted!, server.services.config.bsn));
    callers.push({ name: 'klant', kind: 'CUSTOMER', permissions: [], client: customer });
    const provider = server.client();
    await provider.loginProvider(demoProviderEmail(1), DEMO_PASSWORD);
    callers.push({ name: 'aanbieder', kind: 'PROVIDER', permissions: [], client: provider });
    for (const staff of DEMO_STAFF) {
      const c = server.client();
      await c.loginStaff(staff.email, DEMO_PASSWORD);
      callers.push({ name: staff.role, kind: 'STAFF', permissions: BUILT_IN_ROLES[staff.role].permissions, client: c });
    }
    callers.push({
      name: 'API-koppeling met alle rechten',
      kind: 'API_CLIENT',
      permissions: ALL_PERMISSIONS,
      client: server.apiClient({ permissions: ALL_PERMISSIONS }),
    });
    callers.push({
      name: 'API-koppeling zonder rechten',
      kind: 'API_CLIENT',
      permissions: [],
      client: server.apiClient({ permissions: [] }),
    });
  });

  afterAll(async () => {
    await server?.close();
  });

  it('logs every kind of caller in', async () => {
    for (const caller of callers) {
      const r = await caller.client.gql(`{ viewer { kind permissions } }`);
      expect(r.data?.viewer.kind, caller.name).toBe(caller.kind);
      expect([...r.data!.viewer.permissions].sort(), caller.name).toEqual([...caller.permissions].sort());
    }
  });

  it('admits exactly the callers each guarded root field names', async () => {
    const roots = [
      ['query', schema.getQueryType()],
      ['mutation', schema.getMutationType()],
    ] as const;
    let guarded = 0;
    for (const [operation, type] of roots) {
      if (!type) continue;
      for (const field of Object.values(type.getFields())) {
        const req = requirementsOf(field);
        if (!req) continue;
        guarded++;
        const { text, variables } = operationFor(operation, field);
        for (const caller of callers) {
          const allowed =
            req.audiences.includes(caller.kind) ||
            req.permissions.some((p) => caller.permissions.includes(p as Permission));
          const r = await caller.client.gql(text, variables);
          const codes = (r.errors ?? []).map((e) => e.extensions?.code);
          const denied = codes.includes('UNAUTHENTICATED') || codes.includes('FORBIDDEN');
          const label = `${operation} ${field.name} as ${caller.name}`;
          expect(denied, `${label}: ${JSON.stringify(r.errors)}`).toBe(!allowed);
          if (!allowed) {
            expect(codes[0], label).toBe(caller.kind === 'ANONYMOUS' ? 'UNAUTHENTICATED' : 'FORBIDDEN');
            expect(r.data?.[field.name] ?? null, label).toBeNull();
          }
        }
      }
    }
    expect(guarded).toBeGreaterThan(0);
  }, 180_000);

  it('lets anonymous callers use every unguarded root query', async () => {
    const type = schema.getQueryType()!;
    for (const field of Object.values(type.getFields())) {
      if (requirementsOf(field)) continue;
      const { text, variables } = operationFor('query', field);
      const r = await callers[0]!.client.gql(text, variables);
      const codes = (r.errors ?? []).map((e) => e.extensions?.code);
      expect(codes, field.name).not.toContain('UNAUTHENTICATED');
      expect(codes, field.name).not.toContain('FORBIDDEN');
    }
  }, 120_000);
});
