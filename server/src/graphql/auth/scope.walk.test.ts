import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  getNamedType,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isListType,
  isNonNullType,
  isObjectType,
  isScalarType,
  isUnionType,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLOutputType,
  type GraphQLSchema,
} from 'graphql';
import { createSchema } from '../schema.js';
import { startTestServer, type TestClient, type TestServer } from '../../test/server.js';
import { tokenFromMail } from '../../test/onboarding.js';
import { DEMO_PASSWORD, DEMO_STAFF } from '../../seeders/demo-accounts.js';
import { ALL_PERMISSIONS } from '../../kernel/permissions.js';
import { AdminAccount } from '../../modules/staff/admin-account.entity.js';
import { Municipality } from '../../modules/municipalities/municipality.entity.js';

/**
 * The municipality scope (kernel/scope.ts) over the whole schema: the demo's two municipalities, and a staff member
 * with every permission, an API client with every permission and an operator acting, all three scoped to
 * Noorderhaven, call every root query
 * (with its required arguments, and once more asking for Zuiderveen wherever a `municipalityId` can be given),
 * selecting ids and every scalar three levels deep. Nothing of Zuiderveen may come back: no id of a row that belongs
 * to Zuiderveen (every table with a municipality_id column, and the rows hanging from them listed in `CHILDREN`).
 *
 * A root query whose required arguments include an id cannot be called generically: it needs an entry in
 * `ARGUMENTS`, or this test fails, so a new query is walked too.
 */

/** Which ids belong to which municipality, by table. */
interface Fixtures {
  /** Ids of rows of `table` in Zuiderveen (the other municipality). */
  foreign(table: string): string[];
  /** Ids of rows of `table` in Noorderhaven (the viewer's own). */
  own(table: string): string[];
  /** Ids of rows of a table that belongs to no municipality (categories, templates, links). */
  any(table: string): string[];
  foreignMunicipalityId: string;
  ownMunicipalityId: string;
}

type Provider = (f: Fixtures) => Record<string, unknown>[];

/** Tables without a municipality column whose rows belong to one through another table: [table, sql of its municipality]. */
const CHILDREN: [string, string][] = [
  ['card', 'select c.id, p.municipality_id from card c join person p on p.id = c.person_id'],
  ['assignment', 'select a.id, g.municipality_id from assignment a join client_group g on g.id = a.client_group_id'],
  ['order_line', 'select l.id, o.municipality_id from order_line l join customer_order o on o.id = l.order_id'],
  ['order_event', 'select e.id, o.municipality_id from order_event e join customer_order o on o.id = e.order_id'],
  ['payout_line', 'select l.id, b.municipality_id from payout_line l join payout_batch b on b.id = l.batch_id'],
  [
    'webhook_endpoint',
    'select w.id, c.municipality_id from webhook_endpoint w join api_client c on c.id = w.api_client_id',
  ],
  // Staff accounts and providers of one municipality alone.
  [
    'admin_account',
    `select a.id, min(am.municipality_id::text) as municipality_id from admin_account a
       join admin_account_municipality am on am.admin_account_id = a.id
      where not a.all_municipalities group by a.id having count(*) = 1`,
  ],
  [
    'provider',
    `select provider_id as id, min(municipality_id::text) as municipality_id from provider_membership
      group by provider_id having count(distinct municipality_id) = 1`,
  ],
  [
    'product',
    `select p.id, m.municipality_id from product p join (
       select provider_id, min(municipality_id::text) as municipality_id from provider_membership
        group by provider_id having count(distinct municipality_id) = 1) m on m.provider_id = p.provider_id`,
  ],
];

/** Tables whose rows belong to no municipality, for queries that need one of their ids. */
const UNSCOPED = ['category', 'link', 'communication_template'];

/** Both an id of the other municipality (must give nothing) and one of the viewer's own (must work). */
const both =
  (table: string, arg = 'id'): Provider =>
  (f) => [
    ...f
      .foreign(table)
      .slice(0, 2)
      .map((id) => ({ [arg]: id })),
    ...f
      .own(table)
      .slice(0, 1)
      .map((id) => ({ [arg]: id })),
  ];

const municipalities: Provider = (f) => [
  { municipalityId: f.foreignMunicipalityId },
  { municipalityId: f.ownMunicipalityId },
];

const anyOf =
  (table: string): Provider =>
  (f) =>
    f
      .any(table)
      .slice(0, 1)
      .map((id) => ({ id }));

/**
 * Root queries that cannot be called generically (a required id): how to call them. Queries for residents and
 * providers are called too (our callers are refused them, which is what they should be).
 */
const ARGUMENTS: Record<string, Provider> = {
  activeAnnouncement: both('announcement'),
  adminApplicationForm: both('arrangement', 'arrangementId'),
  application: both('application'),
  applicationAssessors: both('application'),
  applicationForm: both('arrangement', 'arrangementId'),
  myApplication: both('application'),
  adminNewsArticle: both('news_article'),
  adminOrder: both('customer_order'),
  adminProvider: both('provider'),
  announcement: both('announcement'),
  apiClient: both('api_client'),
  arrangement: both('arrangement'),
  arrangementLedgerCodes: both('arrangement', 'arrangementId'),
  category: anyOf('category'),
  clientGroup: both('client_group'),
  clientGroupAssignments: both('client_group', 'clientGroupId'),
  communicationTemplate: anyOf('communication_template'),
  importRun: both('import_run'),
  journalLedgerCodes: municipalities,
  journalPeriod: (f) => municipalities(f).map((v) => ({ ...v, period: '2026-01' })),
  journalPeriods: municipalities,
  latestRegrantRun: both('arrangement', 'arrangementId'),
  link: anyOf('link'),
  massMessage: both('mass_message'),
  messageArrangementChoices: municipalities,
  myMunicipality: municipalities,
  myPayment: both('payment'),
  myOwnCard: both('card', 'cardId'),
  myProduct: both('product'),
  newsArticle: both('news_article'),
  onBehalfOrderOptions: both('person', 'personId'),
  order: both('customer_order'),
  payoutBatch: both('payout_batch'),
  payoutPreview: municipalities,
  personBsn: both('person', 'personId'),
  product: both('product'),
  publicProvider: both('provider'),
  regrantPreview: both('arrangement', 'arrangementId'),
  reviewProduct: both('product'),
  staffAccount: both('admin_account'),
  templatePreview: (f) =>
    f
      .any('communication_template')
      .slice(0, 1)
      .map((templateId) => ({
        input: { templateId, subject: 'Onderwerp', body: 'Tekst', variant: 'FORMAL' },
      })),
  webhookAttempts: both('webhook_endpoint', 'endpointId'),
  webhookEndpoints: both('api_client', 'apiClientId'),
};

/**
 * Root queries open to every visitor (no @requires): the published catalogue and news of every municipality and the
 * providers' public pages, the same for anyone. They are walked, but what they return is public, not scoped; a query
 * guarded with @requires can never be listed here (checked below).
 */
const PUBLIC = [
  'news',
  'newsArticle',
  'offerProviders',
  'product',
  'products',
  'publicProvider',
  // The application forms open to residents (aanvragen): public like the offer.
  'applicationForm',
  'openApplicationForms',
];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const PLACEHOLDER_ID = '00000000-0000-4000-8000-000000000000';

function sample(type: GraphQLInputType, f: Fixtures): unknown {
  if (isNonNullType(type)) return sample(type.ofType, f);
  if (isListType(type)) return [];
  if (isEnumType(type)) return type.getValues()[0]!.name;
  if (isInputObjectType(type)) {
    return Object.fromEntries(
      Object.values(type.getFields())
        .filter((field) => isNonNullType(field.type) && field.defaultValue === undefined)
        .map((field) => [field.name, sample(field.type, f)]),
    );
  }
  if (isScalarType(type)) {
    switch (type.name) {
      case 'ID':
        return PLACEHOLDER_ID;
      case 'Int':
        return 1;
      case 'Float':
        return 1.5;
      case 'Boolean':
        return false;
      case 'DateTimeISO':
        return '2026-01-01T00:00:00.000Z';
      case 'JSONObject':
        return {};
      default:
        return 'x';
    }
  }
  return null;
}

/** Whether a required argument (or a required field inside one) is an id, which no sample can stand for. */
function needsId(type: GraphQLInputType, seen = new Set<string>()): boolean {
  if (isNonNullType(type)) return needsId(type.ofType, seen);
  if (isListType(type)) return false;
  if (isScalarType(type)) return type.name === 'ID';
  if (isInputObjectType(type)) {
    if (seen.has(type.name)) return false;
    seen.add(type.name);
    return Object.values(type.getFields()).some((f) => isNonNullType(f.type) && needsId(f.type, seen));
  }
  return false;
}

/** Ids and every scalar, `depth` levels deep; fields with required arguments are left out. */
function selection(type: GraphQLOutputType, depth: number): string {
  const named = getNamedType(type);
  if (isUnionType(named)) {
    const parts = named
      .getTypes()
      .map((t) => `... on ${t.name} ${selection(t, depth)}`)
      .filter((s) => !s.endsWith(' '));
    return `{ __typename ${parts.join(' ')} }`;
  }
  if (!isObjectType(named) && !isInterfaceType(named)) return '';
  const fields = Object.values(named.getFields()).filter((f) => !f.args.some((a) => isNonNullType(a.type)));
  const parts: string[] = ['__typename'];
  for (const field of fields) {
    const inner = getNamedType(field.type);
    if (isScalarType(inner) || isEnumType(inner)) parts.push(field.name);
    else if (depth > 0) {
      const sub = selection(field.type, depth - 1);
      if (sub) parts.push(`${field.name} ${sub}`);
    }
  }
  return `{ ${parts.join(' ')} }`;
}

function callsFor(field: GraphQLField<unknown, unknown>, f: Fixtures): Record<string, unknown>[] | null {
  const required = field.args.filter((a) => isNonNullType(a.type) && a.defaultValue === undefined);
  let base: Record<string, unknown>[];
  if (ARGUMENTS[field.name]) base = ARGUMENTS[field.name]!(f);
  else if (required.some((a) => needsId(a.type))) return null;
  else base = [Object.fromEntries(required.map((a) => [a.name, sample(a.type, f)]))];
  // Asking for the other municipality outright, wherever a municipality can be asked for.
  const asking: Record<string, unknown>[] = [];
  for (const arg of field.args) {
    if (arg.name === 'municipalityId') asking.push({ ...base[0], municipalityId: f.foreignMunicipalityId });
    const input = getNamedType(arg.type);
    if (isInputObjectType(input) && input.getFields().municipalityId) {
      const value = (base[0]?.[arg.name] as Record<string, unknown> | undefined) ?? sample(arg.type, f);
      asking.push({ ...base[0], [arg.name]: { ...(value as object), municipalityId: f.foreignMunicipalityId } });
    }
  }
  return [...base, ...asking];
}

function strings(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) value.forEach((v) => strings(v, out));
  else if (value && typeof value === 'object') Object.values(value).forEach((v) => strings(v, out));
  return out;
}

describe('municipality scope over the whole schema', () => {
  let server: TestServer;
  let schema: GraphQLSchema;
  let fixtures: Fixtures;
  let foreignIds: Map<string, string>;
  let ownIds: Set<string>;
  const callers: { name: string; client: TestClient }[] = [];

  beforeAll(async () => {
    server = await startTestServer({ seed: true, demoActivity: true });
    schema = await createSchema();
    const em = server.orm.em.fork();
    const zuiderveen = await em.findOneOrFail(Municipality, { slug: 'zuiderveen' });
    const noorderhaven = await em.findOneOrFail(Municipality, { slug: 'noorderhaven' });

    // Every row of either municipality, by table.
    const byTable = new Map<string, { id: string; municipality_id: string }[]>();
    const tables = await em.execute<{ table_name: string }[]>(
      `select c.table_name from information_schema.columns c
         join information_schema.columns i on i.table_schema = c.table_schema and i.table_name = c.table_name and i.column_name = 'id'
         join information_schema.tables t on t.table_schema = c.table_schema and t.table_name = c.table_name and t.table_type = 'BASE TABLE'
        where c.table_schema = current_schema() and c.column_name = 'municipality_id'`,
    );
    for (const { table_name } of tables) {
      byTable.set(
        table_name,
        await em.execute(
          `select id::text, municipality_id::text from "${table_name}" where municipality_id is not null`,
        ),
      );
    }
    for (const [table, sql] of CHILDREN) byTable.set(table, await em.execute(sql));
    const unscoped = new Map<string, string[]>();
    for (const table of UNSCOPED) {
      const rows = await em.execute<{ id: string }[]>(`select id::text from "${table}" order by id limit 3`);
      unscoped.set(
        table,
        rows.map((r) => r.id),
      );
    }
    const of = (table: string, municipalityId: string) =>
      (byTable.get(table) ?? []).filter((r) => r.municipality_id === municipalityId).map((r) => r.id);
    fixtures = {
      foreign: (table) => of(table, zuiderveen.id),
      own: (table) => of(table, noorderhaven.id),
      any: (table) => unscoped.get(table) ?? [],
      foreignMunicipalityId: zuiderveen.id,
      ownMunicipalityId: noorderhaven.id,
    };
    foreignIds = new Map();
    ownIds = new Set();
    for (const [table, rows] of byTable) {
      // Only UUIDs identify a row across the schema (a few tables count with integers).
      for (const r of rows.filter((row) => UUID.test(String(row.id)))) {
        if (r.municipality_id === zuiderveen.id) foreignIds.set(r.id, table);
        else ownIds.add(r.id);
      }
    }

    // The Beheerder (every permission) now works for Noorderhaven alone.
    const beheerder = DEMO_STAFF.find((s) => s.role === 'BEHEERDER')!;
    const account = await em.findOneOrFail(AdminAccount, { email: beheerder.email }, { populate: ['municipalities'] });
    account.allMunicipalities = false;
    account.municipalities.set([noorderhaven]);
    await em.flush();
    const staff = server.client();
    await staff.loginStaff(beheerder.email, DEMO_PASSWORD);
    callers.push({ name: 'medewerker van Noorderhaven', client: staff });
    callers.push({
      name: 'API-koppeling van Noorderhaven',
      client: server.apiClient({ permissions: ALL_PERMISSIONS, municipalityIds: [noorderhaven.id] }),
    });
    // An operator of Lightbase acting in Noorderhaven (every permission, that one municipality).
    const operatorEmail = 'scope.walk@lightbase.example';
    const invited = await server.services.operators.invite(
      server.contexts.forSystem('cli.operator.invite'),
      operatorEmail,
    );
    expect(invited.ok).toBe(true);
    const operator = server.client();
    const token = await tokenFromMail(server, operatorEmail, 'OPERATOR_INVITE', '/_lightbase/auth/');
    const done = await operator.gql(`mutation($t: String!) { completeOperatorLogin(token: $t) { errors { code } } }`, {
      t: token,
    });
    expect(done.data?.completeOperatorLogin.errors).toEqual([]);
    const acting = await operator.gql(
      `mutation($i: StartOperatorActInput!) { startOperatorAct(input: $i) { errors { code } } }`,
      { i: { municipalityId: noorderhaven.id, reason: 'Controle van de gemeentegrens in de test', minutes: 60 } },
    );
    expect(acting.data?.startOperatorAct.errors).toEqual([]);
    expect((await operator.gql(`{ viewer { kind } }`)).data?.viewer.kind).toBe('STAFF');
    callers.push({ name: 'operator in Noorderhaven', client: operator });
  });

  afterAll(async () => {
    await server?.close();
  });

  it('has the demo’s two municipalities with data in each', () => {
    expect(fixtures.foreign('arrangement').length).toBeGreaterThan(0);
    expect(fixtures.own('arrangement').length).toBeGreaterThan(0);
    expect(fixtures.foreign('customer_order').length).toBeGreaterThan(0);
    expect(foreignIds.size).toBeGreaterThan(100);
  });

  it('can call every root query (a query with a required id has an entry in ARGUMENTS)', () => {
    const missing = Object.values(schema.getQueryType()!.getFields())
      .filter((field) => callsFor(field, fixtures) === null)
      .map((field) => field.name);
    expect(missing).toEqual([]);
    const unknown = Object.keys(ARGUMENTS).filter((name) => !schema.getQueryType()!.getFields()[name]);
    expect(unknown).toEqual([]);
    const fields = schema.getQueryType()!.getFields();
    const guardedPublic = PUBLIC.filter(
      (name) => !fields[name] || fields[name].astNode?.directives?.some((d) => d.name.value === 'requires'),
    );
    expect(guardedPublic).toEqual([]);
  });

  it('returns nothing of the other municipality to a staff member, an API client or an operator scoped to one', async () => {
    const leaks: string[] = [];
    const seenOwn = new Set<string>();
    let answered = 0;
    let calls = 0;
    for (const field of Object.values(schema.getQueryType()!.getFields())) {
      const variableSets = callsFor(field, fixtures);
      if (!variableSets) continue;
      const vars = field.args.map((a) => `$${a.name}: ${a.type.toString()}`);
      const args = field.args.map((a) => `${a.name}: $${a.name}`);
      const text = `query${vars.length ? `(${vars.join(', ')})` : ''} { ${field.name}${args.length ? `(${args.join(', ')})` : ''} ${selection(field.type, 3)} }`;
      for (const variables of variableSets) {
        for (const caller of callers) {
          calls++;
          const r = await caller.client.gql(text, variables);
          if (r.data?.[field.name] !== undefined && !r.errors?.length) answered++;
          for (const s of strings(r.data)) {
            const table = foreignIds.get(s);
            if (table && !PUBLIC.includes(field.name))
              leaks.push(`${field.name}(${JSON.stringify(variables)}) as ${caller.name}: ${table} ${s}`);
            if (ownIds.has(s)) seenOwn.add(s);
          }
        }
      }
    }
    expect([...new Set(leaks)]).toEqual([]);
    // Not vacuous: most calls answer, and the viewer's own municipality's rows do come back.
    expect(answered / calls).toBeGreaterThan(0.8);
    expect(seenOwn.size).toBeGreaterThan(20);
  }, 600_000);
});
