import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compactDecrypt, exportSPKI, generateKeyPair, decodeProtectedHeader } from 'jose';
import { startTestServer, TestClient, type TestServer } from '../../test/server.js';
import { DEMO_PASSWORD, DEMO_STAFF } from '../../seeders/demo-accounts.js';
import { Municipality } from '../municipalities/municipality.entity.js';
import { Person } from '../customers/person.entity.js';
import { decryptBsn } from '../../crypto/bsn.js';
import { todayInAmsterdam } from '../../kernel/dates.js';

/**
 * Must show (issue 13): a partner's journey over real HTTP. A Beheerder creates a client with PERSON_READ (and
 * PERSON_READ_SENSITIVE, for the full BSN) for one municipality and registers a public key made here; a script with the
 * key sees only that municipality's persons, gets the BSN as JWE and decrypts it with its private key, is refused a
 * mutation it has no permission for, and after revocation is refused entirely.
 */
describe('a partner calling the API with its own key', () => {
  let server: TestServer;
  let beheerder: TestClient;
  let gemeente: Municipality;
  let other: Municipality;

  beforeAll(async () => {
    server = await startTestServer({ seed: true });
    beheerder = server.client();
    await beheerder.loginStaff(DEMO_STAFF.find((s) => s.role === 'BEHEERDER')!.email, DEMO_PASSWORD);
    const municipalities = await server.orm.em.fork().find(Municipality, {}, { orderBy: { name: 'asc' } });
    [gemeente, other] = municipalities as [Municipality, Municipality];
  }, 180_000);

  afterAll(async () => {
    await server?.close();
  });

  it('lets a Beheerder create a key, and then the partner reads only its municipality with the BSN encrypted', async () => {
    const { publicKey, privateKey } = await generateKeyPair('RSA-OAEP-256', { modulusLength: 2048, extractable: true });
    const expiresOn = todayInAmsterdam(new Date(Date.now() + 90 * 24 * 3600 * 1000));
    const created = await beheerder.gql(
      `mutation($input: CreateApiClientInput!) {
         createApiClient(input: $input) {
           key errors { field code message }
           apiClient { id keyPrefix status permissions municipality { id } }
         }
       }`,
      {
        input: {
          name: 'Partner schuldhulp',
          municipalityId: gemeente.id,
          permissions: ['PERSON_READ', 'PERSON_READ_SENSITIVE'],
          expiresOn,
        },
      },
    );
    expect(created.errors).toBeUndefined();
    const payload = created.data!.createApiClient;
    expect(payload.errors).toEqual([]);
    const key: string = payload.key;
    expect(key).toMatch(/^gwk_[0-9a-f]{8}_[A-Za-z0-9_-]{43}$/);
    expect(key.startsWith(payload.apiClient.keyPrefix)).toBe(true);
    expect(payload.apiClient).toMatchObject({ status: 'ACTIVE', municipality: { id: gemeente.id } });

    // Only the hash is stored.
    const stored = await server.orm.em
      .fork()
      .execute<{ key_hash: string }[]>(`select key_hash from api_client_key where api_client_id = ?`, [
        payload.apiClient.id,
      ]);
    expect(stored).toHaveLength(1);
    expect(stored[0]!.key_hash).not.toContain(key.slice(13));

    const registered = await beheerder.gql(
      `mutation($id: ID!, $pem: String!) {
         registerApiClientEncryptionKey(apiClientId: $id, publicKey: $pem) {
           errors { code message } apiClient { encryptionKeys { kid algorithm keyType current } }
         }
       }`,
      { id: payload.apiClient.id, pem: await exportSPKI(publicKey) },
    );
    expect(registered.data!.registerApiClientEncryptionKey.errors).toEqual([]);
    const [encryptionKey] = registered.data!.registerApiClientEncryptionKey.apiClient.encryptionKeys;
    expect(encryptionKey).toMatchObject({ algorithm: 'RSA-OAEP-256', keyType: 'RSA 2048', current: true });

    // ---- the partner's script ----
    const partner = new TestClient(server.url, { authorization: `Bearer ${key}` });
    const who = await partner.gql(`{ viewer { kind permissions } }`);
    expect(who.data?.viewer).toEqual({ kind: 'API_CLIENT', permissions: ['PERSON_READ', 'PERSON_READ_SENSITIVE'] });

    const list = await partner.gql(
      `query Huishoudens { clientGroups(first: 100) { totalCount edges { node { id municipality { id } members { id hasBsn bsnMasked } } } } }`,
    );
    expect(list.errors).toBeUndefined();
    const groups = list.data!.clientGroups.edges.map((e: any) => e.node);
    expect(groups.length).toBeGreaterThan(0);
    expect(new Set(groups.map((g: any) => g.municipality.id))).toEqual(new Set([gemeente.id]));
    const inOther = await server.orm.em.fork().count(Person, { clientGroup: { municipality: other.id } });
    expect(inOther).toBeGreaterThan(0);

    const members = groups.flatMap((g: any) => g.members);
    const withBsn = members.filter((m: any) => m.hasBsn);
    expect(withBsn.length).toBeGreaterThan(0);
    const target = withBsn[0];
    // The masked BSN arrives as a JWE compact string the partner decrypts.
    expect(target.bsnMasked.split('.')).toHaveLength(5);
    expect(decodeProtectedHeader(target.bsnMasked)).toMatchObject({
      alg: 'RSA-OAEP-256',
      enc: 'A256GCM',
      kid: encryptionKey.kid,
    });
    const masked = new TextDecoder().decode((await compactDecrypt(target.bsnMasked, privateKey)).plaintext);
    expect(masked).toMatch(/^\*{5}\d{4}$/);

    // The full BSN too, compared with what the database holds.
    const full = await partner.gql(`query Bsn($id: ID!) { personBsn(personId: $id) }`, { id: target.id });
    expect(full.errors).toBeUndefined();
    const bsn = new TextDecoder().decode((await compactDecrypt(full.data!.personBsn, privateKey)).plaintext);
    const person = await server.orm.em.fork().findOneOrFail(Person, target.id, { populate: ['bsnEncrypted'] });
    expect(bsn).toBe(decryptBsn(person.bsnEncrypted!, server.services.config.bsn));
    expect(masked).toBe(`*****${bsn.slice(-4)}`);

    // Staff still read it plainly.
    const staff = await beheerder.gql(`query($id: ID!) { personBsn(personId: $id) }`, { id: target.id });
    expect(staff.data!.personBsn).toBe(bsn);

    // A mutation it holds no permission for.
    const refused = await partner.gql(`mutation Blokkeer($id: ID!) { blockCard(cardId: $id) { errors { code } } }`, {
      id: '00000000-0000-4000-8000-000000000000',
    });
    expect(refused.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');

    // Every call is audit-logged by operation name and client, never with its variables.
    const calls = await server.orm.em
      .fork()
      .execute<{ actor_kind: string; actor_id: string; details: any }[]>(
        `select actor_kind, actor_id, details from audit_log where action = 'api_client.called' and subject_id = ? order by id`,
        [payload.apiClient.id],
      );
    expect(calls.map((c) => c.details.operationName)).toEqual([null, 'Huishoudens', 'Bsn', 'Blokkeer']);
    expect(calls.every((c) => c.actor_kind === 'API_CLIENT' && c.actor_id === payload.apiClient.id)).toBe(true);
    expect(calls[2]!.details.fields).toEqual(['personBsn']);
    expect(JSON.stringify(calls)).not.toContain(target.id);
    expect(JSON.stringify(calls)).not.toContain(bsn);

    // The list shows the last use.
    const listed = await beheerder.gql(
      `{ apiClients(first: 50) { edges { node { id lastUsedAt status permissions municipality { name } } } } }`,
    );
    const node = listed.data!.apiClients.edges.map((e: any) => e.node).find((n: any) => n.id === payload.apiClient.id);
    expect(node.lastUsedAt).not.toBeNull();
    expect(node.municipality.name).toBe(gemeente.name);

    // Revoked: refused entirely, at once.
    const revoked = await beheerder.gql(
      `mutation($id: ID!) { revokeApiClient(id: $id) { errors { code } apiClient { status revokedAt } } }`,
      { id: payload.apiClient.id },
    );
    expect(revoked.data!.revokeApiClient.apiClient.status).toBe('REVOKED');
    for (const query of [`{ viewer { kind } }`, `{ clientGroups(first: 1) { totalCount } }`]) {
      const after = await partner.gql(query);
      expect(after.status).toBe(401);
      expect(after.data ?? null).toBeNull();
      expect(after.errors?.[0]).toMatchObject({
        message: expect.stringContaining('ingetrokken'),
        extensions: { code: 'UNAUTHENTICATED', reason: 'API_KEY_REVOKED' },
      });
    }
  }, 120_000);
});
