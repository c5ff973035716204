import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, TestClient, type GraphQLResponse, type TestServer } from '../test/server.js';
import { DEMO_PASSWORD, DEMO_STAFF, demoProviderEmail } from '../seeders/demo-accounts.js';
import { decryptBsn } from '../crypto/bsn.js';
import { Person } from '../modules/customers/person.entity.js';
import { loadConfig } from '../config/config.js';
import { todayInAmsterdam } from '../kernel/dates.js';
import { INTROSPECTION_REFUSED } from './introspection.js';

const SCHEMA = `{ __schema { queryType { name } types { name } } }`;
const TYPE = `{ __type(name: "Query") { name } }`;
const TYPENAME = `{ __typename viewer { __typename kind } }`;

/**
 * Issue 24: introspection off for visitors and residents in production (the documentation page and the SDL download
 * serve partners); staff, operators and API clients keep it; `__typename` works for everyone. Per request, not one
 * switch for the whole server.
 */
describe('introspection per caller (GRAPHQL_INTROSPECTION=partners, the production default)', () => {
  let server: TestServer;

  const refused = (r: GraphQLResponse) => {
    expect(r.status).toBe(400);
    expect(r.data ?? null).toBeNull();
    expect(r.errors?.[0]).toMatchObject({
      message: INTROSPECTION_REFUSED,
      extensions: { code: 'GRAPHQL_VALIDATION_FAILED' },
    });
  };
  const allowed = (r: GraphQLResponse) => {
    expect(r.errors).toBeUndefined();
    expect((r.data as any)?.__schema.queryType.name).toBe('Query');
    expect((r.data as any)?.__schema.types.length).toBeGreaterThan(50);
  };

  beforeAll(async () => {
    server = await startTestServer({ seed: true, env: { GRAPHQL_INTROSPECTION: 'partners' } });
  }, 180_000);
  afterAll(async () => {
    await server?.close();
  });

  it('is the default in production, and not outside it', () => {
    const production = loadConfig({
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://u@h/db',
      SESSION_SECRET: 'p'.repeat(40),
      BSN_ENCRYPTION_KEYS: `prod:${Buffer.alloc(32, 7).toString('base64')}`,
      BSN_HASH_KEY: 'h'.repeat(40),
      DIGID_MODE: 'oidc',
      DIGID_OIDC_ISSUER: 'https://broker.example.nl/oidc',
      DIGID_OIDC_CLIENT_ID: 'gemeentewinkel',
      DIGID_OIDC_CLIENT_SECRET: 'geheim-client-secret',
      APP_URL: 'https://winkel.zuiderveen.nl',
      PAYMENT_PROVIDER: 'mollie',
      SETTINGS_ENCRYPTION_KEY: Buffer.alloc(32, 9).toString('base64'),
      MOLLIE_API_KEY: 'live_abcdefghijklmnopqrstuvwxyz',
      MAIL_TRANSPORT: 'smtp',
      SMTP_URL: 'smtp://mail',
    });
    expect(production.graphqlIntrospection).toBe('partners');
    expect(loadConfig({ NODE_ENV: 'test' }).graphqlIntrospection).toBe('everyone');
    expect(server.services.config.graphqlIntrospection).toBe('partners');
  });

  it('refuses an anonymous visitor, a resident and a provider user; __typename works for them', async () => {
    const anonymous = server.client();
    refused(await anonymous.gql(SCHEMA));
    refused(await anonymous.gql(TYPE));
    // Hidden in a fragment or next to an ordinary field: still refused.
    refused(
      await anonymous.gql(`query { ...Q categories { id } } fragment Q on Query { __schema { types { name } } }`),
    );
    const plain = await anonymous.gql(TYPENAME);
    expect(plain.errors).toBeUndefined();
    expect(plain.data).toEqual({ __typename: 'Query', viewer: { __typename: 'ViewerInfo', kind: 'ANONYMOUS' } });

    const person = await server.orm.em.fork().findOneOrFail(
      Person,
      { bsnEncrypted: { $ne: null } },
      {
        populate: ['bsnEncrypted'],
      },
    );
    const resident = server.client();
    await resident.loginWithDigid(decryptBsn(person.bsnEncrypted!, server.services.config.bsn));
    expect((await resident.gql(`{ viewer { kind } }`)).data?.viewer.kind).toBe('CUSTOMER');
    refused(await resident.gql(SCHEMA));
    expect((await resident.gql(TYPENAME)).data?.__typename).toBe('Query');

    const provider = server.client();
    await provider.loginProvider(demoProviderEmail(1), DEMO_PASSWORD);
    refused(await provider.gql(SCHEMA));
  });

  it('lets staff, an API client with its key and a logged-in operator introspect', async () => {
    const staff = server.client();
    await staff.loginStaff(DEMO_STAFF.find((s) => s.role === 'REDACTIE')!.email, DEMO_PASSWORD);
    allowed(await staff.gql(SCHEMA));

    const beheerder = server.client();
    await beheerder.loginStaff(DEMO_STAFF.find((s) => s.role === 'BEHEERDER')!.email, DEMO_PASSWORD);
    const [{ id: municipalityId }] = (await server.orm.em
      .fork()
      .execute<{ id: string }[]>(`select id from municipality order by name limit 1`)) as [{ id: string }];
    const created = await beheerder.gql(
      `mutation($input: CreateApiClientInput!) { createApiClient(input: $input) { key errors { code } } }`,
      {
        input: {
          name: 'Partner met schema',
          municipalityId,
          permissions: ['ORDER_READ'],
          expiresOn: todayInAmsterdam(new Date(server.clock.now().getTime() + 30 * 24 * 3600_000)),
        },
      },
    );
    expect(created.data?.createApiClient.errors).toEqual([]);
    const partner = new TestClient(server.url, { authorization: `Bearer ${created.data!.createApiClient.key}` });
    allowed(await partner.gql(SCHEMA));
    expect((await partner.gql(TYPE)).data?.__type.name).toBe('Query');

    const invited = await server.services.operators.invite(
      server.contexts.forSystem('cli.operator.invite'),
      'schema.operator@lightbase.example',
    );
    expect(invited.ok).toBe(true);
    await server.jobsIdle();
    const [mail] = await server.orm.em
      .fork()
      .execute<{ body: string }[]>(`select body from mail_message where to_address = ? order by created_at desc`, [
        'schema.operator@lightbase.example',
      ]);
    const token = /\/_lightbase\/auth\/([A-Za-z0-9_-]{43})/.exec(mail!.body)![1];
    const operator = server.client();
    const done = await operator.gql(`mutation($t:String!){ completeOperatorLogin(token:$t){ errors { code } } }`, {
      t: token,
    });
    expect(done.data?.completeOperatorLogin.errors).toEqual([]);
    expect((await operator.gql(`{ viewer { kind } }`)).data?.viewer.kind).toBe('ANONYMOUS');
    allowed(await operator.gql(SCHEMA));
  });
});
