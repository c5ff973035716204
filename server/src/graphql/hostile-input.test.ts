import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  astFromValue,
  getNamedType,
  isEnumType,
  isInputObjectType,
  isListType,
  isNonNullType,
  isObjectType,
  isScalarType,
  print,
  type GraphQLArgument,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLSchema,
} from 'graphql';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { createSchema } from './schema.js';
import { startTestServer, type GraphQLResponse, type TestClient, type TestServer } from '../test/server.js';
import { randomUUID } from 'node:crypto';
import { DEMO_PASSWORD, DEMO_STAFF } from '../seeders/demo-accounts.js';
import { ProviderUser } from '../modules/providers/provider-user.entity.js';
import { createHousehold, zuiderveenCatalogue } from '../test/households.js';
import { encodeCursor, INVALID_CURSOR_MESSAGE } from './pagination.js';
import { Category } from '../modules/catalogue/category.entity.js';
import { PaymentSimulator } from '../integrations/payments/payment-simulator.js';
import { checkoutOutcome } from '../test/checkout-outcome.js';

/**
 * Hostile text never reaches PostgreSQL as an error. Walks the whole schema: every String or ID argument of every
 * Query and Mutation field — directly, in a list or inside an input object, at any depth — gets a NUL (as a variable
 * and as an inline literal) and a lone surrogate, as an anonymous visitor and as a Beheerder; the answer must be
 * BAD_USER_INPUT with the Dutch message naming that field, never an internal error. Every `after` argument gets
 * garbage, well-formed base64 of the wrong shape, and real cursors with a date that is no date (and other values of
 * the wrong kind), from a caller who may use the list. A new field or list is covered automatically.
 */

const NUL = 'a\u0000b';
const LONE_SURROGATE = 'a\ud800b';
const message = (field: string) => `Het veld ‘${field}’ bevat een ongeldig teken.`;

/** A valid-looking value of every input type, so that without the boundary check a request would reach the resolver. */
function sample(type: GraphQLInputType, depth = 0): unknown {
  if (isNonNullType(type)) return sample(type.ofType, depth);
  if (isListType(type)) return [sample(type.ofType, depth)];
  if (isEnumType(type)) return type.getValues()[0]!.value;
  if (isInputObjectType(type)) {
    if (depth > 4) return null;
    return Object.fromEntries(
      Object.values(type.getFields())
        .filter((f) => isNonNullType(f.type) && f.defaultValue === undefined)
        .map((f) => [f.name, sample(f.type, depth + 1)]),
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
        return '2026-01-15T10:00:00.000Z';
      case 'JSONObject':
        return {};
      default:
        return 'tekst';
    }
  }
  return null;
}

/** A text leaf: the path from the argument to a String/ID value, and the name the message must give. */
interface Leaf {
  arg: GraphQLArgument;
  path: (string | number)[];
  name: string;
}

function textLeaves(arg: GraphQLArgument): Leaf[] {
  const leaves: Leaf[] = [];
  const walk = (type: GraphQLInputType, path: (string | number)[], name: string, seen: Set<string>) => {
    if (isNonNullType(type)) return walk(type.ofType, path, name, seen);
    if (isListType(type)) return walk(type.ofType, [...path, 0], name, seen);
    if (isScalarType(type) && (type.name === 'String' || type.name === 'ID')) leaves.push({ arg, path, name });
    if (isInputObjectType(type) && !seen.has(type.name)) {
      for (const field of Object.values(type.getFields()))
        walk(field.type, [...path, field.name], field.name, new Set([...seen, type.name]));
    }
  };
  walk(arg.type, [], arg.name, new Set());
  return leaves;
}

/** The arguments' values with `text` put at the leaf (creating the input objects and lists on the way). */
function valuesWith(field: GraphQLField<unknown, unknown>, leaf: Leaf, text: string): Record<string, unknown> {
  // The required arguments; optional ones are left out (null), unless the leaf is in one.
  const values = Object.fromEntries(
    field.args.filter((a) => isNonNullType(a.type)).map((a) => [a.name, sample(a.type)]),
  ) as Record<string, unknown>;
  if (!leaf.path.length) {
    values[leaf.arg.name] = text;
    return values;
  }
  let type: GraphQLInputType = leaf.arg.type;
  let holder: Record<string | number, unknown> = values;
  let key: string | number = leaf.arg.name;
  for (const step of leaf.path) {
    while (isNonNullType(type)) type = type.ofType;
    if (isListType(type)) {
      if (!Array.isArray(holder[key])) holder[key] = [];
      type = type.ofType;
    } else if (isInputObjectType(type)) {
      if (!holder[key] || typeof holder[key] !== 'object') holder[key] = sample(type) ?? {};
      type = type.getFields()[step as string]!.type;
    }
    holder = holder[key] as Record<string | number, unknown>;
    key = step;
  }
  holder[key] = text;
  return values;
}

function selectionOf(field: GraphQLField<unknown, unknown>): string {
  return isObjectType(getNamedType(field.type)) ? ' { __typename }' : '';
}

function withVariables(operation: string, field: GraphQLField<unknown, unknown>, values: Record<string, unknown>) {
  const vars = field.args.map((a) => `$${a.name}: ${a.type.toString()}`);
  const args = field.args.map((a) => `${a.name}: $${a.name}`);
  const query = `${operation}(${vars.join(', ')}) { ${field.name}(${args.join(', ')})${selectionOf(field)} }`;
  return { query, variables: values };
}

/**
 * A value as a GraphQL literal. astFromValue, except where a JSON object scalar (an application's answers and form)
 * is inside: it has no literal astFromValue can make, so objects and lists are written out here.
 */
function literalOf(value: unknown, type: GraphQLInputType): string {
  if (isNonNullType(type)) return literalOf(value, type.ofType);
  if (value === null) return 'null';
  if (isListType(type)) return `[${(value as unknown[]).map((v) => literalOf(v, type.ofType)).join(', ')}]`;
  if (isInputObjectType(type)) {
    const fields = type.getFields();
    return `{${Object.entries(value as Record<string, unknown>)
      .map(([k, v]) => `${k}: ${literalOf(v, fields[k]!.type)}`)
      .join(', ')}}`;
  }
  if (isScalarType(type) && type.name === 'JSONObject') {
    const json = (v: unknown): string =>
      v !== null && typeof v === 'object'
        ? Array.isArray(v)
          ? `[${v.map(json).join(', ')}]`
          : `{${Object.entries(v)
              .map(([k, x]) => `${k}: ${json(x)}`)
              .join(', ')}}`
        : JSON.stringify(v);
    return json(value);
  }
  const ast = astFromValue(value, type);
  return ast ? print(ast) : 'null';
}

function withLiterals(operation: string, field: GraphQLField<unknown, unknown>, values: Record<string, unknown>) {
  const args = field.args
    .map((a) => {
      if (values[a.name] === undefined) return null;
      return `${a.name}: ${literalOf(values[a.name], a.type)}`;
    })
    .filter(Boolean);
  return { query: `${operation} { ${field.name}(${args.join(', ')})${selectionOf(field)} }`, variables: {} };
}

function rootFields(schema: GraphQLSchema) {
  return [
    ...Object.values(schema.getQueryType()!.getFields()).map((f) => ['query', f] as const),
    ...Object.values(schema.getMutationType()!.getFields()).map((f) => ['mutation', f] as const),
  ];
}

function expectRefused(r: GraphQLResponse, label: string, expected: string) {
  const codes = (r.errors ?? []).map((e) => e.extensions?.code);
  expect(codes, `${label}: ${JSON.stringify(r.errors)}`).not.toContain('INTERNAL_SERVER_ERROR');
  expect(r.errors?.[0]?.extensions?.code, `${label}: ${JSON.stringify(r)}`).toBe('BAD_USER_INPUT');
  expect(r.errors?.[0]?.message, label).toBe(expected);
  expect(r.status, label).toBe(400);
  // No data; a nullable field (personOrders: null for an unknown person) is null, as GraphQL answers a field's error.
  expect(
    Object.values(r.data ?? {}).filter((v) => v !== null),
    label,
  ).toEqual([]);
}

describe('hostile input at the boundary', () => {
  let server: TestServer;
  let schema: GraphQLSchema;
  let dataDir: string;
  const callers: { name: string; client: TestClient }[] = [];
  /** Required list arguments that name a subject (a person): one with rows, so the list has a real cursor. */
  const subjects: Record<string, unknown> = {};

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'gw-hostile-'));
    // With the demo's activity (orders, payments, payouts), so every list has rows to page through.
    server = await startTestServer({
      seed: true,
      demoActivity: true,
      env: { DATA_DIR: dataDir, LOGIN_MAX_ATTEMPTS: '100' },
    });
    schema = await createSchema();
    callers.push({ name: 'anoniem', client: server.client() });
    const staff = server.client();
    await staff.loginStaff(DEMO_STAFF.find((s) => s.role === 'BEHEERDER')!.email, DEMO_PASSWORD);
    callers.push({ name: 'beheerder', client: staff });
    // A household with an order, so the provider's and the customer's lists have rows to take a real cursor from.
    const { a } = await zuiderveenCatalogue(server);
    const household = await createHousehold(server, [{ categories: [a.category.id], amountCents: 100_000 }]);
    const order = await checkoutOutcome(server, household.customer(), {
      idempotencyKey: randomUUID(),
      lines: [{ productId: a.id, quantity: 1 }],
    });
    expect(order.errors).toEqual([]);
    subjects.externalIdentifier = household.person.externalIdentifier;
    // The demo's webhook endpoint with its delivery log (webhookAttempts is a list per endpoint).
    const [endpoint] = await server.orm.em
      .fork()
      .execute<{ endpoint_id: string }[]>(`select endpoint_id from webhook_attempt limit 1`);
    expect(endpoint, 'the demo has a webhook endpoint with attempts').toBeDefined();
    subjects.endpointId = endpoint!.endpoint_id;
    // A mail in the mail log (the demo data sends none), so the mailLog list has a row to take a cursor from.
    await server.services.mail.send(server.orm.em.fork(), {
      template: 'PASSWORD_RESET',
      to: 'maillog@example.test',
      variables: { name: 'Test', link: 'https://gw.test/x', expiresHours: 1 },
    });
    // A provider the demo paid out to (its payouts, orders and products are lists with rows).
    const [paid] = await server.orm.em
      .fork()
      .execute<{ provider_id: string }[]>(
        `select l.provider_id from payout_line l join payout_batch b on b.id = l.batch_id where b.status = 'PAID' limit 1`,
      );
    expect(paid, 'the demo pays a provider out').toBeDefined();
    const owner = await server.orm.em
      .fork()
      .findOneOrFail(ProviderUser, { provider: paid!.provider_id, email: { $like: '%@demo.gemeentewinkel.nl' } });
    const provider = server.client();
    await provider.loginProvider(owner.email, DEMO_PASSWORD);
    callers.push({ name: 'aanbieder', client: provider });
    const customer = server.client();
    await customer.loginWithDigid(household.bsn);
    callers.push({ name: 'klant', client: customer });
  });

  afterAll(async () => {
    await server?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('refuses a NUL or a lone surrogate in every text argument of every operation, naming the field', async () => {
    let checked = 0;
    const anonymous = callers.find((c) => c.name === 'anoniem')!;
    const staff = callers.find((c) => c.name === 'beheerder')!;
    for (const [operation, field] of rootFields(schema)) {
      for (const arg of field.args) {
        for (const leaf of textLeaves(arg)) {
          const label = `${operation} ${field.name}(${[arg.name, ...leaf.path].join('.')})`;
          const expected = message(leaf.name);
          for (const caller of [anonymous, staff]) {
            const asVariable = withVariables(operation, field, valuesWith(field, leaf, NUL));
            expectRefused(
              await caller.client.gql(asVariable.query, asVariable.variables),
              `${label} as ${caller.name}, variable`,
              expected,
            );
            const asLiteral = withLiterals(operation, field, valuesWith(field, leaf, NUL));
            expect(asLiteral.query).toContain('\\u0000');
            expectRefused(await caller.client.gql(asLiteral.query), `${label} as ${caller.name}, literal`, expected);
          }
          const surrogate = withVariables(operation, field, valuesWith(field, leaf, LONE_SURROGATE));
          expectRefused(
            await staff.client.gql(surrogate.query, surrogate.variables),
            `${label}, lone surrogate`,
            expected,
          );
          checked++;
        }
      }
    }
    // The schema has many text arguments (search, reason, names, e-mail …); a walk that finds few is broken.
    expect(checked).toBeGreaterThan(50);
  }, 240_000);

  it('names the field in variable defaults, unused variables and nested input objects', async () => {
    const c = callers[0]!.client;
    expectRefused(
      await c.gql('query($s: String = "x\\u0000") { products(filter: { search: $s }) { totalCount } }'),
      'default',
      message('s'),
    );
    expectRefused(await c.gql('query { viewer { kind } }', { ongebruikt: { diep: [NUL] } }), 'unused', message('diep'));
    expectRefused(
      await c.gql('mutation($x: String!) { requestPasswordReset(email: $x) { requested } }', { x: NUL }),
      'variable named after its use',
      message('email'),
    );
    // Well-formed text, including characters outside the BMP (a proper surrogate pair), passes.
    const ok = await c.gql('query($s: String) { products(filter: { search: $s }) { totalCount } }', {
      s: 'zwemles 🏊 café',
    });
    expect(ok.errors).toBeUndefined();
  });

  it('refuses every malformed cursor of every list with one Dutch message', async () => {
    const listFields = Object.values(schema.getQueryType()!.getFields()).filter((f) =>
      f.args.some((a) => a.name === 'after'),
    );
    expect(listFields.length).toBeGreaterThanOrEqual(8);

    const b64 = (text: string) => Buffer.from(text).toString('base64url');
    const malformed = [
      'niet-een-cursor!',
      '%%%',
      'a'.repeat(5000),
      b64('geen json'),
      b64('{"a":1}'),
      b64('"tekst"'),
      b64('[]'),
      b64('["x"]'),
      b64('[null, null]'),
      encodeCursor(['x', 'y', 'z', 'u', 'v', 'w', 'q']),
      b64('["a\\u0000b","00000000-0000-4000-8000-000000000000"]'),
    ];
    for (const field of listFields) {
      const others = field.args.filter((a) => a.name !== 'after');
      const listQuery = (after: string) =>
        `query(${[
          after === '$after' ? '$after: String' : null,
          ...others.map((a) => `$${a.name}: ${a.type.toString()}`),
        ]
          .filter(Boolean)
          .join(
            ', ',
          )}) { ${field.name}(${[`after: ${after}`, ...others.map((a) => `${a.name}: $${a.name}`)].join(', ')}) { edges { cursor } pageInfo { endCursor } } }`;
      const query = listQuery('$after');
      const base = Object.fromEntries(
        field.args.filter((a) => isNonNullType(a.type)).map((a) => [a.name, subjects[a.name] ?? sample(a.type)]),
      );
      // A caller who may use the list, and a real cursor of it.
      let reached: { name: string; client: TestClient; cursor: string } | null = null;
      for (const caller of callers) {
        const r = await caller.client.gql(query, { ...base, first: 1 });
        if (r.errors) continue;
        const cursor = r.data?.[field.name]?.pageInfo?.endCursor as string | null;
        expect(
          cursor,
          `${field.name} as ${caller.name}: the demo data must give this list at least one row`,
        ).toBeTruthy();
        reached = { ...caller, cursor: cursor! };
        break;
      }
      expect(reached, `${field.name}: no caller may use it`).not.toBeNull();
      const { client, name, cursor } = reached!;
      // The real cursor works.
      const next = await client.gql(query, { ...base, first: 1, after: cursor });
      expect(next.errors, `${field.name} next page`).toBeUndefined();

      const tampered: string[] = [];
      const values = JSON.parse(Buffer.from(cursor, 'base64url').toString()) as string[];
      values.forEach((value, i) => {
        const replace = (bad: string) => tampered.push(encodeCursor(values.map((v, j) => (j === i ? bad : v))));
        if (/^\d{4}-\d{2}-\d{2}[ T]/.test(value)) {
          // A date that is no date: a day February does not have, and no date at all.
          replace(value.replace(/^\d{4}-\d{2}-\d{2}/, '2026-02-31'));
          replace('geen-datum');
          replace(value.replace(/^(\d{4}-\d{2}-\d{2})[ T]\d{2}/, '$1T25'));
        } else if (/^[0-9a-f]{8}-/.test(value)) {
          replace('geen-uuid');
        } else if (i === 0 && values.length > 2 && /^[a-z]+$/.test(value)) {
          replace('andere-sortering');
        } else if (/^-?\d/.test(value)) {
          replace('0x10');
          replace('NaN');
        }
      });
      tampered.push(encodeCursor([...values, 'extra']));
      tampered.push(encodeCursor(values.slice(1)));
      expect(tampered.length, field.name).toBeGreaterThanOrEqual(3);

      for (const after of [...malformed, ...tampered]) {
        const label = `${field.name} as ${name} after ${after.slice(0, 60)}`;
        expectRefused(await client.gql(query, { ...base, after }), label, INVALID_CURSOR_MESSAGE);
        // Inline, too.
        const inline = listQuery(JSON.stringify(after));
        expectRefused(await client.gql(inline, { ...base }), `${label} (inline)`, INVALID_CURSOR_MESSAGE);
      }
    }
  }, 240_000);

  it('refuses the relevance cursor of a search with a rank that is no number', async () => {
    const q =
      'query($after: String) { products(filter: { search: "zwemmen" }, first: 1, after: $after) { pageInfo { endCursor } } }';
    const c = callers[0]!.client;
    const first = await c.gql(q);
    const cursor = first.data?.products.pageInfo.endCursor as string;
    const values = JSON.parse(Buffer.from(cursor, 'base64url').toString()) as string[];
    expect(values[0]).toBe('r');
    for (const rank of ['0x10', 'NaN', 'Infinity', '1e999999', '']) {
      expectRefused(
        await c.gql(q, { after: encodeCursor(['r', rank, values[2]!, values[3]!]) }),
        `rank ${rank}`,
        INVALID_CURSOR_MESSAGE,
      );
    }
    expect((await c.gql(q, { after: cursor })).errors).toBeUndefined();
  });

  describe('HTTP routes', () => {
    it('refuse hostile text in a query string with a Dutch message naming the field', async () => {
      for (const path of [
        '/api/dev/outbox?to=a%00b%40voorbeeld.nl',
        '/auth/digid/start?returnTo=%2Faccount%00',
        '/auth/digid/simulator?RelayState=x%00',
      ]) {
        const res = await fetch(server.url + path, { redirect: 'manual', headers: { accept: 'application/json' } });
        expect(res.status, path).toBe(400);
        expect(await res.json(), path).toMatchObject({
          error: expect.stringMatching(/^Het veld ‘(to|returnTo|RelayState)’ bevat een ongeldig teken\.$/),
        });
      }
      const page = await fetch(`${server.url}/auth/digid/simulator?RelayState=x%00`, {
        headers: { accept: 'text/html' },
      });
      expect(page.status).toBe(400);
      expect(await page.text()).toContain('Het veld ‘RelayState’ bevat een ongeldig teken.');
    });

    it('refuse hostile text in the simulators’ forms', async () => {
      const digid = await fetch(`${server.url}/auth/digid/simulator`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: new URLSearchParams({ bsn: '1\u000023', RelayState: 'x', action: 'login' }).toString(),
      });
      expect(digid.status).toBe(400);
      expect(await digid.json()).toMatchObject({ error: message('bsn'), field: 'bsn' });

      const gateway = server.services.payments.gateway as PaymentSimulator;
      const payment = await gateway.createPayment({
        paymentId: '00000000-0000-4000-8000-0000000000b1',
        amountCents: 500,
        description: 'Eigen bijdrage',
        redirectUrl: `${server.url}/winkelwagen`,
        webhookUrl: `${server.url}/payments/webhook`,
      });
      const pay = await fetch(`${server.url}${payment.checkoutUrl}`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: 'uitkomst=betaald%00',
      });
      expect(pay.status).toBe(400);
      expect((await gateway.find(payment.externalId))!.status).toBe('OPEN');
    });

    it('refuses hostile text in an uploaded image’s alt text', async () => {
      const provider = callers.find((c) => c.name === 'aanbieder')!.client;
      const category = await server.orm.em.fork().findOneOrFail(Category, { slug: 'sport-en-bewegen' });
      const created = await provider.gql(
        `mutation($input: ProductInput!){ createProduct(input:$input){ errors { message } product { id } } }`,
        {
          input: {
            title: 'Product met foto',
            description: '',
            priceCents: 1000,
            categoryId: category.id,
            availability: 'AVAILABLE',
            redemptionMethod: 'PICKUP',
          },
        },
      );
      const productId = created.data?.createProduct.product.id as string;
      const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: 'red' } })
        .png()
        .toBuffer();
      const body = new FormData();
      body.set('alt', 'Een foto\u0000');
      body.set('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'foto.png');
      const res = await provider.fetch(`/api/products/${productId}/images`, {
        method: 'POST',
        headers: { 'x-gemeentewinkel-upload': '1' },
        body,
      });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({
        image: null,
        errors: [{ field: 'alt', code: 'INVALID', message: message('alt') }],
      });
    });
  });
});
