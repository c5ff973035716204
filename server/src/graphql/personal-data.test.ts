import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { getNamedType, isObjectType, type GraphQLField, type GraphQLSchema } from 'graphql';
import { getDirective } from '@graphql-tools/utils';
import { createSchema } from './schema.js';
import { personalDataFields, type PersonalDataField } from './personal-data.js';
import { ALL_PERMISSIONS } from '../kernel/permissions.js';
import { startTestServer, TestClient, type TestServer } from '../test/server.js';
import { TestApiClients } from '../test/api-clients.js';
import { createApp, type AppDeps } from '../http/app.js';
import { DEMO_PASSWORD, DEMO_STAFF } from '../seeders/demo-accounts.js';
import { decryptBsn } from '../crypto/bsn.js';
import { Person } from '../modules/customers/person.entity.js';
import { seedDemoApplications } from '../seeders/demo-applications.js';
import { applicationClock } from '../kernel/clock.js';

/**
 * Reads of personal data (fields marked @personalData) by staff and API clients are audit-logged: one row per object
 * read, naming the fields and the real actor, never a value. The walk below takes the marked fields from the built
 * schema itself and reads each one, alone, as the Beheerder and as an API client.
 */

type AuditRow = {
  actor_kind: string;
  actor_id: string | null;
  subject_type: string;
  subject_id: string | null;
  details: Record<string, any>;
  fields: string[];
  subject_person_id: string | null;
  subject_household_id: string | null;
};

interface Fixture {
  person: Person;
  clientGroupId: string;
  orderId: string;
  /** A Zuiderveen arrangement copied to its next period: its bulk grant preview lists the holders. */
  copiedArrangementId: string;
  /** A submitted Zuiderveen application (seeders/demo-applications.ts). */
  applicationId: string;
}

/**
 * How to reach an object of each type that has marked fields, as staff or API client: a query with the selection
 * `SEL` inside an object of that type. A marked field on a type missing here makes the walk fail: add its type.
 */
const REACH: Record<
  string,
  { query: (selection: string) => string; variables: (f: Fixture) => Record<string, unknown> }
> = {
  Person: {
    query: (sel) => `query($e: String!) { person(externalIdentifier: $e) { __typename id ${sel} } }`,
    variables: (f) => ({ e: f.person.externalIdentifier }),
  },
  Card: {
    query: (sel) => `query($e: String!) { person(externalIdentifier: $e) { cards { __typename id ${sel} } } }`,
    variables: (f) => ({ e: f.person.externalIdentifier }),
  },
  ClientGroup: {
    query: (sel) => `query($id: ID!) { clientGroup(id: $id) { __typename id ${sel} } }`,
    variables: (f) => ({ id: f.clientGroupId }),
  },
  Assignment: {
    query: (sel) => `query($id: ID!) { clientGroupAssignments(clientGroupId: $id) { __typename id ${sel} } }`,
    variables: (f) => ({ id: f.clientGroupId }),
  },
  Order: {
    query: (sel) => `query($id: ID!) { adminOrder(id: $id) { __typename id ${sel} } }`,
    variables: (f) => ({ id: f.orderId }),
  },
  OrderLine: {
    query: (sel) => `query($id: ID!) { adminOrder(id: $id) { lines { __typename id ${sel} } } }`,
    variables: (f) => ({ id: f.orderId }),
  },
  MailLogEntry: {
    query: (sel) => `{ mailLog(first: 3) { edges { node { __typename id ${sel} } } } }`,
    variables: () => ({}),
  },
  MassMessage: {
    query: (sel) => `{ massMessages(first: 3) { edges { node { __typename id ${sel} } } } }`,
    variables: () => ({}),
  },
  RegrantPreviewRow: {
    query: (sel) =>
      `query($id: ID!) { regrantPreview(arrangementId: $id) { preview { rows { __typename id ${sel} } } } }`,
    variables: (f) => ({ id: f.copiedArrangementId }),
  },
  OrderEvent: {
    query: (sel) => `query($id: ID!) { adminOrder(id: $id) { events { __typename ${sel} } } }`,
    variables: (f) => ({ id: f.orderId }),
  },
  ApplicationView: {
    query: (sel) => `query($id: ID!) { application(id: $id) { __typename id ${sel} } }`,
    variables: (f) => ({ id: f.applicationId }),
  },
  ApplicationListItem: {
    query: (sel) => `{ applications(first: 3) { edges { node { __typename id ${sel} } } } }`,
    variables: () => ({}),
  },
  OnBehalfMember: {
    query: (sel) => `query($id: ID!) { onBehalfOrderOptions(personId: $id) { members { __typename id ${sel} } } }`,
    variables: (f) => ({ id: f.person.id }),
  },
};

/** Marked fields on Query, with the ID arguments the audit row names. */
const ROOT_REACH: Record<string, { query: string; variables: (f: Fixture) => Record<string, string> }> = {
  personBsn: {
    query: `query($personId: ID!) { personBsn(personId: $personId) }`,
    variables: (f) => ({ personId: f.person.id }),
  },
};

function requirements(
  schema: GraphQLSchema,
  field: GraphQLField<unknown, unknown>,
): { audiences: string[]; permissions: string[] } | null {
  const d = getDirective(schema, field, 'requires')?.[0];
  return d ? { audiences: d.audiences ?? [], permissions: d.permissions ?? [] } : null;
}

/** The object types a staff member or an API client can reach at all: from the roots, through fields they may use. */
function typesReadableByStaffOrApiClients(schema: GraphQLSchema): Set<string> {
  const seen = new Set<string>();
  const admits = (field: GraphQLField<unknown, unknown>) => {
    const req = requirements(schema, field);
    return (
      !req || req.permissions.length > 0 || req.audiences.includes('STAFF') || req.audiences.includes('API_CLIENT')
    );
  };
  const visit = (typeName: string) => {
    if (seen.has(typeName)) return;
    seen.add(typeName);
    const type = schema.getType(typeName);
    if (!isObjectType(type)) return;
    for (const field of Object.values(type.getFields())) {
      if (admits(field)) visit(getNamedType(field.type).name);
    }
  };
  for (const root of [schema.getQueryType(), schema.getMutationType()]) {
    if (!root) continue;
    for (const field of Object.values(root.getFields())) if (admits(field)) visit(getNamedType(field.type).name);
  }
  return seen;
}

/** Every object in a response with this __typename. */
function objectsOfType(
  data: unknown,
  typeName: string,
  found: Record<string, unknown>[] = [],
): Record<string, unknown>[] {
  if (Array.isArray(data)) for (const item of data) objectsOfType(item, typeName, found);
  else if (data && typeof data === 'object') {
    const object = data as Record<string, unknown>;
    if (object.__typename === typeName) found.push(object);
    for (const value of Object.values(object)) objectsOfType(value, typeName, found);
  }
  return found;
}

/** String values a row must never contain (ids and short codes excepted). */
function values(data: unknown, out: string[] = []): string[] {
  if (typeof data === 'string' && data.length >= 4 && !/^[0-9a-f-]+$/i.test(data) && !/^[A-Z_]+$/.test(data))
    out.push(data);
  else if (Array.isArray(data)) for (const item of data) values(item, out);
  else if (data && typeof data === 'object') {
    for (const [key, value] of Object.entries(data)) if (key !== '__typename') values(value, out);
  }
  return out;
}

describe('audit of personal-data reads', () => {
  let server: TestServer;
  let schema: GraphQLSchema;
  let fixture: Fixture;
  let beheerder: TestClient;
  let beheerderId: string;
  let klantcontact: TestClient;
  let klantcontactId: string;
  let customer: TestClient;
  let providerUser: TestClient;

  const lastAuditId = async () =>
    Number(
      (await server.orm.em.fork().execute<{ id: string | null }[]>(`select max(id) as id from audit_log`))[0]!.id ?? 0,
    );
  const readsSince = (id: number) =>
    server.orm.em.fork().execute<AuditRow[]>(
      `select actor_kind, actor_id, subject_type, subject_id, details, fields, subject_person_id, subject_household_id
           from audit_log where id > ? and action = 'PERSONAL_DATA_READ' order by id`,
      [id],
    );

  beforeAll(async () => {
    server = await startTestServer({ seed: true });
    schema = await createSchema();
    const em = server.orm.em.fork();
    const staffEmail = (role: string) => DEMO_STAFF.find((s) => s.role === role)!.email;
    const accountId = async (email: string) =>
      (await em.execute<{ id: string }[]>(`select id from admin_account where email = ?`, [email]))[0]!.id;
    beheerder = server.client();
    await beheerder.loginStaff(staffEmail('BEHEERDER'), DEMO_PASSWORD);
    beheerderId = await accountId(staffEmail('BEHEERDER'));
    klantcontact = server.client();
    await klantcontact.loginStaff(staffEmail('KLANTCONTACT'), DEMO_PASSWORD);
    klantcontactId = await accountId(staffEmail('KLANTCONTACT'));

    // A Zuiderveen household with a child's budget (a beneficiary), whose adult has contact details, a card and a BSN.
    const [{ client_group_id: clientGroupId }] = await em.execute<{ client_group_id: string }[]>(
      `select a.client_group_id from assignment a join client_group g on g.id = a.client_group_id join municipality m on m.id = g.municipality_id
        where a.beneficiary_id is not null and m.slug = 'zuiderveen'
          and exists (select 1 from person p where p.client_group_id = g.id and p.email is not null and p.bsn_encrypted is not null)
        order by g.client_number limit 1`,
    );
    const person = await em.findOneOrFail(
      Person,
      { clientGroup: clientGroupId, email: { $ne: null }, bsnEncrypted: { $ne: null } },
      { populate: ['bsnEncrypted'], orderBy: { externalIdentifier: 'asc' } },
    );

    // An order of that household, cancelled by staff with a reason (so the timeline has one).
    customer = server.client();
    await customer.loginWithDigid(decryptBsn(person.bsnEncrypted!, server.services.config.bsn));
    const offer: any = await customer.gql(`{ products(first: 50) { edges { node { id priceCents } } } }`);
    let order: { id: string; providerId: string } | null = null;
    for (const node of offer.data.products.edges
      .map((e: any) => e.node)
      .sort((a: any, b: any) => a.priceCents - b.priceCents)) {
      const r: any = await customer.gql(
        `mutation($input: CheckoutInput!) { checkout(input: $input) { errors { code } orders { id providerId } } }`,
        {
          input: { idempotencyKey: randomUUID(), lines: [{ productId: node.id, quantity: 1 }] },
        },
      );
      if (!r.data.checkout.errors.length) {
        order = r.data.checkout.orders[0];
        break;
      }
    }
    expect(order, 'the household can order something').not.toBeNull();
    const cancelled: any = await beheerder.gql(
      `mutation($id: ID!) { cancelOrder(id: $id, reason: "Dubbel besteld") { errors { code } } }`,
      { id: order!.id },
    );
    expect(cancelled.data.cancelOrder.errors).toEqual([]);
    const [{ email: providerEmail }] = await em.execute<{ email: string }[]>(
      `select email from provider_user where provider_id = ? order by email limit 1`,
      [order!.providerId],
    );
    providerUser = server.client();
    await providerUser.loginProvider(providerEmail, DEMO_PASSWORD);

    const [{ id: arrangementId }] = await em.execute<{ id: string }[]>(
      `select a.id from arrangement a join municipality m on m.id = a.municipality_id where m.slug = 'zuiderveen'
        and exists (select 1 from assignment s where s.arrangement_id = a.id and s.client_group_id = ?) order by a.name limit 1`,
      [clientGroupId],
    );
    const copied: any = await beheerder.gql(
      `mutation($id: ID!) { copyArrangementToNextPeriod(id: $id) { errors { message } arrangement { id } } }`,
      { id: arrangementId },
    );
    expect(copied.data.copyArrangementToNextPeriod.errors).toEqual([]);
    await seedDemoApplications(em.fork(), server.services, {
      now: applicationClock().now(),
      bsnKeys: server.services.config.bsn,
    });
    const [{ id: applicationId }] = await em.execute<{ id: string }[]>(
      `select a.id from application a join municipality m on m.id = a.municipality_id
        where m.slug = 'zuiderveen' and a.status = 'SUBMITTED' limit 1`,
    );
    fixture = {
      person,
      clientGroupId,
      orderId: order!.id,
      copiedArrangementId: copied.data.copyArrangementToNextPeriod.arrangement.id,
      applicationId: applicationId!,
    };
  });

  afterAll(async () => {
    await server?.close();
  });

  it('marks the personal data in the schema with one printed directive', async () => {
    const marked = personalDataFields(schema).map((f) => `${f.typeName}.${f.fieldName}`);
    for (const field of [
      'Person.bsnMasked',
      'Person.fullName',
      'Person.email',
      'Card.number',
      'Assignment.beneficiaryName',
      'Assignment.movements',
      'Order.customerFirstName',
      'Query.personBsn',
    ]) {
      expect(marked).toContain(field);
    }
    const { printSchemaFile } = await import('./schema.js');
    const text = await printSchemaFile();
    expect(text).toMatch(/directive @personalData\([\s\S]*?kind: PersonalDataKind!\s*\) on FIELD_DEFINITION/);
    expect(text).toMatch(/bsnMasked: String @personalData\(kind: BSN\)/);
  });

  const walk = async (
    who: 'Beheerder' | 'API-koppeling',
    client: () => { client: TestClient; actorKind: string; actorId: string },
  ) => {
    const readable = typesReadableByStaffOrApiClients(schema);
    const marked = personalDataFields(schema);
    const roots = new Set([schema.getQueryType()!.name, schema.getMutationType()!.name]);
    const missing = marked.filter(
      (f) => readable.has(f.typeName) && (roots.has(f.typeName) ? !ROOT_REACH[f.fieldName] : !REACH[f.typeName]),
    );
    expect(
      missing.map((f) => `${f.typeName}.${f.fieldName}`),
      'these fields are marked @personalData and readable by staff or API clients, but this walk cannot reach them: add their type to REACH (or the field to ROOT_REACH) in personal-data.test.ts',
    ).toEqual([]);

    const { client: caller, actorKind, actorId } = client();
    const walked: PersonalDataField[] = [];
    for (const field of marked) {
      if (!readable.has(field.typeName)) continue;
      const label = `${who} reads ${field.typeName}.${field.fieldName}`;
      const before = await lastAuditId();
      if (roots.has(field.typeName)) {
        const reach = ROOT_REACH[field.fieldName]!;
        const args = reach.variables(fixture);
        const r: any = await caller.gql(reach.query, args);
        expect(r.errors, label).toBeUndefined();
        expect(r.data[field.fieldName], label).not.toBeNull();
        const rows = await readsSince(before);
        expect(rows, label).toHaveLength(1);
        expect(rows[0], label).toMatchObject({
          actor_kind: actorKind,
          actor_id: actorId,
          subject_type: field.typeName,
          subject_id: null,
          fields: [`${field.typeName}.${field.fieldName}`],
          details: { kinds: [field.kind], objects: 1 },
        });
        if (typeof args.personId === 'string') expect(rows[0]!.subject_person_id, label).toBe(args.personId);
        for (const value of values(r.data)) expect(JSON.stringify(rows), label).not.toContain(value);
      } else {
        const reach = REACH[field.typeName]!;
        const type = schema.getType(field.typeName);
        const fieldType = isObjectType(type) ? getNamedType(type.getFields()[field.fieldName]!.type) : null;
        const selection = isObjectType(fieldType) ? `${field.fieldName} { __typename }` : field.fieldName;
        const r: any = await caller.gql(reach.query(selection), reach.variables(fixture));
        expect(r.errors, label).toBeUndefined();
        const objects = objectsOfType(r.data, field.typeName);
        expect(objects.length, `${label}: the query reached no ${field.typeName}`).toBeGreaterThan(0);
        // One row per subject (a person, else a household, else the object): every object read is counted in
        // exactly one row, and no row covers more than one person.
        const rows = (await readsSince(before)).filter((row) => row.subject_type === field.typeName);
        const ids = [...new Set(objects.map((o) => (typeof o.id === 'string' ? o.id : null)))];
        expect(rows.length, label).toBeGreaterThan(0);
        expect(rows.length, label).toBeLessThanOrEqual(ids.length);
        expect(
          rows.reduce((sum, row) => sum + Number(row.details.objects), 0),
          label,
        ).toBe(ids.length);
        const persons = rows.map((row) => row.subject_person_id).filter(Boolean);
        expect(new Set(persons).size, label).toBe(persons.length);
        for (const row of rows) {
          expect(row, label).toMatchObject({ actor_kind: actorKind, actor_id: actorId });
          expect(row.fields, label).toEqual([`${field.typeName}.${field.fieldName}`]);
          expect(row.details.kinds, label).toEqual([field.kind]);
        }
        for (const value of values(r.data)) expect(JSON.stringify(rows), label).not.toContain(value);
      }
      walked.push(field);
    }
    return { walked, marked, readable };
  };

  it('audits every marked field a Beheerder reads, with the real actor, one row per subject', async () => {
    const { walked, marked, readable } = await walk('Beheerder', () => ({
      client: beheerder,
      actorKind: 'STAFF',
      actorId: beheerderId,
    }));
    expect(walked.length).toBeGreaterThanOrEqual(25);
    // What staff and API clients cannot read at all (the customer's inbox and payments, the provider's counter) is
    // marked too, but never reaches this mechanism.
    expect(
      marked
        .filter((f) => !readable.has(f.typeName))
        .map((f) => f.typeName)
        .sort(),
    ).toEqual(expect.arrayContaining(['ContributionPayment', 'CounterLookupPayload', 'Message']));
  }, 120_000);

  it('audits every marked field an API client reads, with the API client as the actor', async () => {
    const apiClient = server.apiClient({ permissions: ALL_PERMISSIONS, municipalityIds: null });
    const whoAmI: any = await apiClient.gql(`{ viewer { kind } }`);
    expect(whoAmI.data.viewer.kind).toBe('API_CLIENT');
    const { walked } = await walk('API-koppeling', () => ({
      client: apiClient,
      actorKind: 'API_CLIENT',
      actorId: apiClient.apiClientId,
    }));
    expect(walked.length).toBeGreaterThanOrEqual(25);
  }, 120_000);

  it('writes an audit row when staff read a household’s assignments (beneficiary names and bookings)', async () => {
    const before = await lastAuditId();
    const r: any = await klantcontact.gql(
      `query($id: ID!) { clientGroupAssignments(clientGroupId: $id) { id arrangementName beneficiaryName movements { amountCents description } } }`,
      { id: fixture.clientGroupId },
    );
    expect(r.errors).toBeUndefined();
    const assignments = r.data.clientGroupAssignments as { id: string; beneficiaryName: string | null }[];
    expect(assignments.some((a) => a.beneficiaryName)).toBe(true);
    // The household's assignments are one subject: one row with the fields read, counting every assignment.
    const rows = await readsSince(before);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actor_kind: 'STAFF',
      actor_id: klantcontactId,
      subject_type: 'Assignment',
      subject_household_id: fixture.clientGroupId,
      fields: ['Assignment.beneficiaryName', 'Assignment.movements'],
      details: { kinds: ['FINANCIAL', 'NAME'], objects: assignments.length, clientGroupId: fixture.clientGroupId },
    });
    for (const a of assignments) if (a.beneficiaryName) expect(JSON.stringify(rows)).not.toContain(a.beneficiaryName);
  });

  it('writes the rows of one request with one insert, also for a list', async () => {
    const before = await lastAuditId();
    server.queries.length = 0;
    const r: any = await klantcontact.gql(
      `{ clientGroups(first: 5) { edges { node { id name members { id fullName } } } } }`,
    );
    expect(r.errors).toBeUndefined();
    const groups = r.data.clientGroups.edges.map((e: any) => e.node);
    const members = groups.flatMap((g: any) => g.members);
    expect(groups.length).toBe(5);
    // eslint-disable-next-line no-control-regex -- strips the ANSI colour codes (ESC [ … m) from the logged SQL
    const plain = server.queries.map((q) => q.replace(/\x1b\[[0-9;]*m/g, ''));
    expect(plain.filter((q) => /insert into audit_log/i.test(q))).toHaveLength(1);
    // One row per household shown (its name and members) and one per person shown (their name): not one per field.
    const rows = await readsSince(before);
    expect(
      rows
        .filter((row) => row.subject_type === 'ClientGroup')
        .map((row) => row.subject_household_id)
        .sort(),
    ).toEqual(groups.map((g: any) => g.id).sort());
    expect(
      rows
        .filter((row) => row.subject_type === 'Person')
        .map((row) => row.subject_person_id)
        .sort(),
    ).toEqual(members.map((m: any) => m.id).sort());
    expect(rows).toHaveLength(groups.length + members.length);
    expect(rows.find((row) => row.subject_type === 'ClientGroup')!.fields).toEqual([
      'ClientGroup.members',
      'ClientGroup.name',
    ]);
  });

  it('does not record customers reading their own data, provider users, or reads of unmarked fields', async () => {
    const before = await lastAuditId();
    const own: any = await customer.gql(
      `{ myDetails { fullName email bsnMasked } myAssignments { beneficiaryName movements { amountCents } } myOrders { edges { node { id totalCents customerFirstName } } } }`,
    );
    expect(own.errors).toBeUndefined();
    expect(own.data.myDetails.fullName).toBeTruthy();
    const provider: any = await providerUser.gql(
      `query($id: ID!) { order(id: $id) { id customerFirstName totalCents } }`,
      { id: fixture.orderId },
    );
    expect(provider.data.order.customerFirstName).toBe(fixture.person.firstName);
    const unmarked: any = await beheerder.gql(
      `query($id: ID!) { adminOrder(id: $id) { id number status providerName } }`,
      { id: fixture.orderId },
    );
    expect(unmarked.data.adminOrder.id).toBe(fixture.orderId);
    expect(await readsSince(before)).toEqual([]);
  });

  it('withholds the response when its reads cannot be audited', async () => {
    const em = server.orm.em.fork();
    await em.execute(
      `alter table audit_log add constraint test_refuse_reads check (action <> 'PERSONAL_DATA_READ') not valid`,
    );
    try {
      const r: any = await beheerder.gql(
        `query($e: String!) { person(externalIdentifier: $e) { id fullName email } }`,
        { e: fixture.person.externalIdentifier },
      );
      expect(r.data ?? null).toBeNull();
      expect(r.errors.map((e: any) => e.extensions.code)).toEqual(['INTERNAL_SERVER_ERROR']);
      expect(JSON.stringify(r)).not.toContain(fixture.person.email!);
      expect(JSON.stringify(r)).not.toContain(fixture.person.lastName);
    } finally {
      await em.execute(`alter table audit_log drop constraint test_refuse_reads`);
    }
  });
});

describe('the test-only API-client viewer', () => {
  it('cannot be made outside tests', () => {
    expect(() => new TestApiClients({ env: 'production' })).toThrow(/alleen in tests/);
    expect(() => new TestApiClients({ env: 'development' })).toThrow(/alleen in tests/);
  });

  it('is refused by the app unless NODE_ENV=test', async () => {
    for (const env of ['production', 'development'] as const) {
      const deps = { services: { config: { env } }, testViewers: { viewerFor: () => null } } as unknown as AppDeps;
      await expect(createApp(deps)).rejects.toThrow(/alleen in tests/);
    }
  });

  it('lives outside the production build, and only the test server makes one', () => {
    const serverDir = fileURLToPath(new URL('../../', import.meta.url));
    const build = JSON.parse(readFileSync(join(serverDir, 'tsconfig.build.json'), 'utf8')) as { exclude: string[] };
    expect(build.exclude).toContain('src/test/**');
    const src = join(serverDir, 'src');
    const files = (dir: string): string[] =>
      readdirSync(dir).flatMap((name) =>
        statSync(join(dir, name)).isDirectory() ? files(join(dir, name)) : [join(dir, name)],
      );
    const makers = files(src)
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))
      .filter((f) => /new TestApiClients\(/.test(readFileSync(f, 'utf8')))
      .map((f) => f.slice(src.length + 1));
    expect(makers).toEqual(['test/server.ts']);
  });
});
