import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateKeyPairSync } from 'node:crypto';
import { compactDecrypt, decodeProtectedHeader } from 'jose';
import { startTestServer, TestClient, type TestServer } from '../../test/server.js';
import { DEMO_PASSWORD, DEMO_STAFF } from '../../seeders/demo-accounts.js';
import { ManualClock } from '../../kernel/clock.js';
import { todayInAmsterdam } from '../../kernel/dates.js';
import { Permission } from '../../kernel/permissions.js';
import { Municipality } from '../municipalities/municipality.entity.js';

const DAY = 24 * 3600 * 1000;

const CREATE = `mutation($input: CreateApiClientInput!) {
  createApiClient(input: $input) { key errors { field code message } apiClient { id keyPrefix status } }
}`;

describe('API clients: expiry, rotation, revocation, allow-list, rate limit and scope', () => {
  const clock = new ManualClock(new Date());
  let server: TestServer;
  let beheerder: TestClient;
  let gemeente: Municipality;
  let other: Municipality;

  const inDays = (days: number) => todayInAmsterdam(new Date(clock.now().getTime() + days * DAY));
  const bearer = (key: string, from?: string) => new TestClient(server.url, { authorization: `Bearer ${key}` }, from);

  async function create(input: Record<string, unknown>, by: TestClient = beheerder) {
    const r = await by.gql(CREATE, {
      input: {
        name: 'Koppeling',
        municipalityId: gemeente.id,
        permissions: ['PERSON_READ'],
        expiresOn: inDays(30),
        ...input,
      },
    });
    expect(r.errors).toBeUndefined();
    return r.data!.createApiClient as {
      key: string | null;
      errors: { field: string; code: string; message: string }[];
      apiClient: { id: string; keyPrefix: string; status: string } | null;
    };
  }

  beforeAll(async () => {
    server = await startTestServer({ seed: true, clock });
    beheerder = server.client();
    await beheerder.loginStaff(DEMO_STAFF.find((s) => s.role === 'BEHEERDER')!.email, DEMO_PASSWORD);
    const municipalities = await server.orm.em.fork().find(Municipality, {}, { orderBy: { name: 'asc' } });
    [gemeente, other] = municipalities as [Municipality, Municipality];
  }, 180_000);

  afterAll(async () => {
    await server?.close();
  });

  it('refuses an unknown key with 401', async () => {
    const r = await bearer('gwk_00000000_' + 'A'.repeat(43)).gql(`{ viewer { kind } }`);
    expect(r.status).toBe(401);
    expect(r.errors?.[0]?.extensions).toMatchObject({ code: 'UNAUTHENTICATED', reason: 'API_KEY_UNKNOWN' });
  });

  it('refuses a key after its expiry date', async () => {
    const { key } = await create({ expiresOn: inDays(1) });
    expect((await bearer(key!).gql(`{ viewer { kind } }`)).data?.viewer.kind).toBe('API_CLIENT');
    clock.advanceDays(2);
    try {
      const r = await bearer(key!).gql(`{ viewer { kind } }`);
      expect(r.status).toBe(401);
      expect(r.errors?.[0]).toMatchObject({
        message: expect.stringContaining('verlopen'),
        extensions: { code: 'UNAUTHENTICATED', reason: 'API_KEY_EXPIRED' },
      });
    } finally {
      clock.advanceDays(-2);
    }
  });

  it('lets a rotated key work through its grace period, then refuses it; the new key works', async () => {
    const { key: oldKey, apiClient } = await create({});
    const rotated = await beheerder.gql(
      `mutation($id: ID!) { rotateApiClientKey(id: $id, graceDays: 2) { key errors { code } apiClient { keyPrefix keys { prefix current validUntil } } } }`,
      { id: apiClient!.id },
    );
    const { key: newKey, apiClient: after } = rotated.data!.rotateApiClientKey;
    expect(newKey).not.toBe(oldKey);
    expect(after.keys).toHaveLength(2);
    expect(after.keys[0]).toMatchObject({ current: true, validUntil: null, prefix: after.keyPrefix });
    expect(after.keys[1].current).toBe(false);
    expect((await bearer(oldKey!).gql(`{ viewer { kind } }`)).status).toBe(200);
    expect((await bearer(newKey).gql(`{ viewer { kind } }`)).status).toBe(200);
    clock.advanceDays(3);
    try {
      const r = await bearer(oldKey!).gql(`{ viewer { kind } }`);
      expect(r.status).toBe(401);
      expect(r.errors?.[0]).toMatchObject({
        message: expect.stringContaining('vervangen'),
        extensions: { reason: 'API_KEY_ROTATED' },
      });
      expect((await bearer(newKey).gql(`{ viewer { kind } }`)).data?.viewer.kind).toBe('API_CLIENT');
    } finally {
      clock.advanceDays(-3);
    }
    // Revocation refuses the new key at once.
    await beheerder.gql(`mutation($id: ID!) { revokeApiClient(id: $id) { errors { code } } }`, { id: apiClient!.id });
    expect((await bearer(newKey).gql(`{ viewer { kind } }`)).errors?.[0]?.extensions?.reason).toBe('API_KEY_REVOKED');
  });

  it('accepts calls only from its allow-list (IPv4, IPv6, CIDR) and refuses bad entries', async () => {
    const bad = await create({ ipAllowList: ['127.0.0.2', 'geen-adres', '10.0.0.0/33'] });
    expect(bad.errors.map((e) => e.code)).toEqual(['INVALID_RANGE', 'INVALID_RANGE']);
    const { key } = await create({ ipAllowList: ['127.0.0.2/32', '2001:db8::/32'] });
    const outside = await bearer(key!).gql(`{ viewer { kind } }`);
    expect(outside.status).toBe(403);
    expect(outside.errors?.[0]).toMatchObject({
      message: expect.stringContaining('IP-adres'),
      extensions: { code: 'FORBIDDEN', reason: 'IP_NOT_ALLOWED' },
    });
    const inside = await bearer(key!, '127.0.0.2').gql(`{ viewer { kind } }`);
    expect(inside.data?.viewer.kind).toBe('API_CLIENT');
  });

  it('has its own rate limit, reserved before the work: parallel calls past it get 429', async () => {
    const { key } = await create({ rateLimitPerMinute: 10 });
    const { key: otherKey } = await create({ rateLimitPerMinute: 10 });
    const client = bearer(key!);
    const answers = await Promise.all(
      Array.from({ length: 16 }, () =>
        client.fetch('/graphql', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ query: '{ viewer { kind } }' }),
        }),
      ),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 429)).toHaveLength(6);
    const refused = answers.find((a) => a.status === 429)!;
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(((await refused.json()) as any).errors[0].extensions.code).toBe('RATE_LIMITED');
    // Another client has a budget of its own.
    expect((await bearer(otherKey!).gql(`{ viewer { kind } }`)).status).toBe(200);
  });

  it('gives no more than the creator holds, within the creator’s municipalities', async () => {
    // A colleague who manages API clients, may read persons, and works for one municipality.
    const role = await beheerder.gql(
      `mutation($input: RoleInput!) { createRole(input: $input) { errors { code } role { id } } }`,
      { input: { name: 'Koppelbeheer', permissions: [Permission.API_CLIENT_MANAGE, Permission.PERSON_READ] } },
    );
    const redactie = DEMO_STAFF.find((s) => s.role === 'REDACTIE')!;
    const [{ id: redactieId }] = (await server.orm.em
      .fork()
      .execute<{ id: string }[]>(`select id from admin_account where email = ?`, [redactie.email])) as [{ id: string }];
    const assigned = await beheerder.gql(
      `mutation($i: UpdateStaffAccountInput!) { updateStaffAccount(input: $i) { errors { code } } }`,
      {
        i: {
          id: redactieId,
          name: redactie.name,
          roleId: role.data!.createRole.role.id,
          allMunicipalities: false,
          municipalityIds: [gemeente.id],
        },
      },
    );
    expect(assigned.data!.updateStaffAccount.errors).toEqual([]);
    const colleague = server.client();
    await colleague.loginStaff(redactie.email, DEMO_PASSWORD);
    const more = await create({ permissions: ['PERSON_READ', 'ORDER_READ'] }, colleague);
    expect(more.errors.map((e) => e.code)).toEqual(['PERMISSION_NOT_HELD']);
    expect(more.errors[0]!.message).toContain('Bestellingen bekijken');
    const elsewhere = await create({ municipalityId: other.id }, colleague);
    expect(elsewhere.errors.map((e) => e.code)).toEqual(['MUNICIPALITY_NOT_ALLOWED']);
    const past = await create({ expiresOn: inDays(0) });
    expect(past.errors.map((e) => e.code)).toEqual(['IN_THE_PAST']);
    const fine = await create({}, colleague);
    expect(fine.errors).toEqual([]);
    // An API client that manages clients makes none: a key answers to a staff member of the municipality.
    const manager = server.apiClient({
      permissions: [Permission.API_CLIENT_MANAGE, Permission.PERSON_READ],
      municipalityIds: [gemeente.id],
    });
    const byKey = await create({}, manager);
    expect(byKey.errors.map((e) => e.code)).toEqual(['NEEDS_OWN_ACCOUNT']);
    // The manager sees only its municipality's clients; a colleague without the permission nothing.
    const listed = await manager.gql(`{ apiClients(first: 100) { edges { node { municipality { id } } } } }`);
    expect(listed.errors).toBeUndefined();
    expect(new Set(listed.data!.apiClients.edges.map((e: any) => e.node.municipality.id))).toEqual(
      new Set([gemeente.id]),
    );
    const financien = server.client();
    await financien.loginStaff(DEMO_STAFF.find((s) => s.role === 'FINANCIEN')!.email, DEMO_PASSWORD);
    expect((await financien.gql(`{ apiClients { totalCount } }`)).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    // What the create form offers: only the viewer's own permissions.
    const groups = await manager.gql(`{ apiClientPermissionGroups { name permissions { permission } } }`);
    expect(
      groups.data!.apiClientPermissionGroups.flatMap((g: any) => g.permissions.map((p: any) => p.permission)).sort(),
    ).toEqual(['API_CLIENT_MANAGE', 'PERSON_READ']);
  });

  it('encrypts to the newest public key; an older one can be asked for until it lapses, then removed', async () => {
    const { key, apiClient } = await create({ permissions: ['PERSON_READ'] });
    const register = (pem: string) =>
      beheerder.gql(
        `mutation($id: ID!, $pem: String!) { registerApiClientEncryptionKey(apiClientId: $id, publicKey: $pem) {
           errors { code message } apiClient { encryptionKeys { id kid current validUntil } } } }`,
        { id: apiClient!.id, pem },
      );
    const weak = await register(
      generateKeyPairSync('rsa', { modulusLength: 1024 }).publicKey.export({ type: 'spki', format: 'pem' }).toString(),
    );
    expect(weak.data!.registerApiClientEncryptionKey.errors[0].code).toBe('WEAK_KEY');
    const first = generateKeyPairSync('ec', { namedCurve: 'prime256v1' });
    const second = generateKeyPairSync('rsa', { modulusLength: 2048 });
    await register(JSON.stringify(first.publicKey.export({ format: 'jwk' })));
    const r = await register(second.publicKey.export({ type: 'spki', format: 'pem' }).toString());
    const keys = r.data!.registerApiClientEncryptionKey.apiClient.encryptionKeys;
    expect(keys.map((k: any) => k.current)).toEqual([true, false]);
    expect(keys[1].validUntil).not.toBeNull();

    const query = `{ clientGroups(first: 20) { edges { node { members { hasBsn bsnMasked } } } } }`;
    const sample = async (client: TestClient) => {
      const res = await client.gql(query);
      expect(res.errors).toBeUndefined();
      return res.data!.clientGroups.edges.flatMap((e: any) => e.node.members).find((m: any) => m.hasBsn).bsnMasked;
    };
    const newest = await sample(bearer(key!));
    expect(decodeProtectedHeader(newest)).toMatchObject({ kid: keys[0].kid, alg: 'RSA-OAEP-256' });
    expect(new TextDecoder().decode((await compactDecrypt(newest, second.privateKey)).plaintext)).toMatch(/^\*+\d{4}$/);
    const older = new TestClient(server.url, { authorization: `Bearer ${key}`, 'x-encryption-key-id': keys[1].kid });
    const olderValue = await sample(older);
    expect(decodeProtectedHeader(olderValue)).toMatchObject({ kid: keys[1].kid, alg: 'ECDH-ES', enc: 'A256GCM' });
    expect(new TextDecoder().decode((await compactDecrypt(olderValue, first.privateKey)).plaintext)).toMatch(
      /^\*+\d{4}$/,
    );

    const unknown = await new TestClient(server.url, {
      authorization: `Bearer ${key}`,
      'x-encryption-key-id': 'nope',
    }).gql(query);
    expect(unknown.errors?.[0]?.extensions?.reason).toBe('ENCRYPTION_KEY_UNKNOWN');
    expect(JSON.stringify(unknown.data)).not.toMatch(/\*{5}\d{4}/);

    const removeCurrent = await beheerder.gql(
      `mutation($id: ID!) { removeApiClientEncryptionKey(id: $id) { errors { code } } }`,
      { id: keys[0].id },
    );
    expect(removeCurrent.data!.removeApiClientEncryptionKey.errors[0].code).toBe('CURRENT_KEY');
    const removeOld = await beheerder.gql(
      `mutation($id: ID!) { removeApiClientEncryptionKey(id: $id) { errors { code } apiClient { encryptionKeys { kid } } } }`,
      { id: keys[1].id },
    );
    expect(removeOld.data!.removeApiClientEncryptionKey.apiClient.encryptionKeys).toHaveLength(1);
  });
});
