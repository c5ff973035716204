import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, TestClient, type TestServer } from '../../test/server.js';
import { DEMO_PASSWORD, DEMO_STAFF } from '../../seeders/demo-accounts.js';
import { Permission } from '../../kernel/permissions.js';
import { todayInAmsterdam } from '../../kernel/dates.js';

const ERR = 'errors { field code message }';
const CLIENT = `id status working notice effectivePermissions permissions createdByName manageable transferable`;
const CREATE = `mutation($input: CreateApiClientInput!) { createApiClient(input: $input) { key ${ERR} apiClient { ${CLIENT} } } }`;
const GET = `query($id: ID!) { apiClient(id: $id) { ${CLIENT} } }`;
const TRANSFER = `mutation($id: ID!) { transferApiClient(id: $id) { ${ERR} apiClient { ${CLIENT} } } }`;
const ROTATE = `mutation($id: ID!) { rotateApiClientKey(id: $id, graceDays: 0) { key ${ERR} } }`;
const REVOKE = `mutation($id: ID!) { revokeApiClient(id: $id) { ${ERR} } }`;
const CREATE_ROLE = `mutation($input: RoleInput!){ createRole(input:$input){ ${ERR} role { id } } }`;
const UPDATE_ROLE = `mutation($id:ID!,$input: RoleInput!){ updateRole(id:$id,input:$input){ ${ERR} } }`;
const UPDATE_ACCOUNT = `mutation($i: UpdateStaffAccountInput!) { updateStaffAccount(input: $i) { ${ERR} } }`;
const DEACTIVATE = `mutation($id: ID!) { deactivateStaffAccount(id: $id) { ${ERR} } }`;
const REACTIVATE = `mutation($id: ID!) { reactivateStaffAccount(id: $id) { ${ERR} } }`;
const ACCOUNT = `query($id: ID!) { staffAccount(id: $id) { apiClientCount } }`;
const BSN = `query($id: ID!){ personBsn(personId: $id) }`;
const VIEWER = `{ viewer { kind permissions } }`;

const demo = (role: string) => DEMO_STAFF.find((s) => s.role === role)!;

/**
 * Issue 24: an API client's permissions are its own intersected with its maker's current ones, read on every call; a
 * deactivated maker's clients stop working (with a notice in beheer/api and a count in the deactivation dialog), and a
 * colleague who holds what a client needs can take it over. Nobody makes, rotates or takes over a key that can do more
 * than they can.
 */
describe('API clients work with their maker’s permissions, as they are now', () => {
  let server: TestServer;
  let admin: TestClient;
  let maker: TestClient;
  let zuiderveen: string;
  let noorderhaven: string;
  let personId: string;
  let makerRoleId: string;
  let makerId: string;
  const allowed = [
    Permission.API_CLIENT_MANAGE,
    Permission.PERSON_READ,
    Permission.PERSON_READ_SENSITIVE,
    Permission.ORDER_READ,
  ];

  const inDays = (days: number) => todayInAmsterdam(new Date(server.clock.now().getTime() + days * 24 * 3600_000));
  const bearer = (key: string) => new TestClient(server.url, { authorization: `Bearer ${key}` });
  const accountId = async (email: string) =>
    (
      await server.orm.em
        .fork()
        .execute<{ id: string }[]>(`select id from admin_account where lower(email) = lower(?)`, [email])
    )[0]!.id;
  async function assign(who: { email: string; name: string }, roleId: string, municipalityIds: string[]) {
    const r: any = await admin.gql(UPDATE_ACCOUNT, {
      i: { id: await accountId(who.email), name: who.name, roleId, allMunicipalities: false, municipalityIds },
    });
    expect(r.data.updateStaffAccount.errors).toEqual([]);
  }
  async function makeClient(by: TestClient, permissions: Permission[], municipalityId = zuiderveen) {
    const r: any = await by.gql(CREATE, {
      input: {
        name: `Koppeling ${Math.random().toString(36).slice(2, 8)}`,
        municipalityId,
        permissions,
        expiresOn: inDays(30),
      },
    });
    return r.data.createApiClient as { key: string | null; errors: any[]; apiClient: any };
  }
  const view = async (id: string) => ((await admin.gql(GET, { id })) as any).data.apiClient;

  beforeAll(async () => {
    server = await startTestServer({ seed: true });
    admin = server.client();
    await admin.loginStaff(demo('BEHEERDER').email, DEMO_PASSWORD);
    const em = server.orm.em.fork();
    const municipalities = await em.execute<{ id: string; slug: string }[]>(`select id, slug from municipality`);
    zuiderveen = municipalities.find((m) => m.slug === 'zuiderveen')!.id;
    noorderhaven = municipalities.find((m) => m.slug === 'noorderhaven')!.id;
    [{ id: personId }] = (await em.execute<{ id: string }[]>(
      `select id from person where bsn_encrypted is not null and municipality_id = ? limit 1`,
      [zuiderveen],
    )) as [{ id: string }];
    const role: any = await admin.gql(CREATE_ROLE, { input: { name: 'Koppelingen', permissions: allowed } });
    makerRoleId = role.data.createRole.role.id;
    await assign(demo('KLANTCONTACT'), makerRoleId, [zuiderveen]);
    makerId = await accountId(demo('KLANTCONTACT').email);
    maker = server.client();
    await maker.loginStaff(demo('KLANTCONTACT').email, DEMO_PASSWORD);
  }, 180_000);

  afterAll(async () => {
    await server?.close();
  });

  it('reads with its own permissions as far as its maker holds them, from the very next call', async () => {
    const made = await makeClient(maker, [Permission.PERSON_READ, Permission.PERSON_READ_SENSITIVE]);
    expect(made.errors).toEqual([]);
    expect(made.apiClient).toMatchObject({ working: true, notice: null, createdByName: demo('KLANTCONTACT').name });
    const key = bearer(made.key!);
    expect(((await key.gql(BSN, { id: personId })) as any).data.personBsn).toMatch(/^\d{9}$/);

    // The maker's role loses the BSN: the key does too, on its next call.
    const narrowed: any = await admin.gql(UPDATE_ROLE, {
      id: makerRoleId,
      input: { permissions: allowed.filter((p) => p !== Permission.PERSON_READ_SENSITIVE) },
    });
    expect(narrowed.data.updateRole.errors).toEqual([]);
    try {
      const refused = await key.gql(BSN, { id: personId });
      expect(refused.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
      expect(((await key.gql(VIEWER)) as any).data.viewer.permissions).toEqual(['PERSON_READ']);
      expect(await view(made.apiClient.id)).toMatchObject({
        working: true,
        permissions: ['PERSON_READ', 'PERSON_READ_SENSITIVE'],
        effectivePermissions: ['PERSON_READ'],
        notice: expect.stringContaining('Werkt beperkt'),
      });
    } finally {
      await admin.gql(UPDATE_ROLE, { id: makerRoleId, input: { permissions: allowed } });
    }
    expect(((await key.gql(BSN, { id: personId })) as any).data.personBsn).toMatch(/^\d{9}$/);
  });

  it('stops when its maker loses the municipality or is deactivated, and the accounts screen says how many stop', async () => {
    const made = await makeClient(maker, [Permission.ORDER_READ]);
    const key = bearer(made.key!);
    expect((await key.gql(VIEWER)).status).toBe(200);

    await assign(demo('KLANTCONTACT'), makerRoleId, [noorderhaven]);
    try {
      const elsewhere = await key.gql(VIEWER);
      expect(elsewhere.status).toBe(403);
      expect(elsewhere.errors?.[0]?.extensions).toMatchObject({ code: 'FORBIDDEN', reason: 'CREATOR_OUT_OF_SCOPE' });
      expect(await view(made.apiClient.id)).toMatchObject({
        working: false,
        effectivePermissions: [],
        notice: 'Werkt niet: de maker heeft geen toegang meer tot Gemeente Zuiderveen.',
      });
    } finally {
      await assign(demo('KLANTCONTACT'), makerRoleId, [zuiderveen]);
    }
    expect((await key.gql(VIEWER)).status).toBe(200);

    const before: any = await admin.gql(ACCOUNT, { id: makerId });
    expect(before.data.staffAccount.apiClientCount).toBeGreaterThanOrEqual(2);
    const counted = before.data.staffAccount.apiClientCount;
    const deactivated: any = await admin.gql(DEACTIVATE, { id: makerId });
    expect(deactivated.data.deactivateStaffAccount.errors).toEqual([]);
    const stopped = await key.gql(VIEWER);
    expect(stopped.status).toBe(403);
    expect(stopped.errors?.[0]).toMatchObject({
      message: expect.stringContaining('gedeactiveerd'),
      extensions: { code: 'FORBIDDEN', reason: 'CREATOR_INACTIVE' },
    });
    expect(await view(made.apiClient.id)).toMatchObject({
      working: false,
      notice: 'Werkt niet: de maker is gedeactiveerd.',
      transferable: true,
    });
    const [audit] = await server.orm.em
      .fork()
      .execute<{ details: any }[]>(
        `select details from audit_log where action = 'admin_account.deactivated' and subject_id = ? order by at desc limit 1`,
        [makerId],
      );
    expect(audit!.details.apiClientsStopped).toBe(counted);
    const back: any = await admin.gql(REACTIVATE, { id: makerId });
    expect(back.data.reactivateStaffAccount.errors).toEqual([]);
    expect((await key.gql(VIEWER)).status).toBe(200);
    // An account that no longer exists (the foreign key sets the maker to null) stands behind nothing either.
    await server.orm.em.fork().execute(`update api_client set created_by_id = null where id = ?`, [made.apiClient.id]);
    expect((await key.gql(VIEWER)).errors?.[0]?.extensions?.reason).toBe('CREATOR_INACTIVE');
    expect((await view(made.apiClient.id)).notice).toBe('Werkt niet: de maker bestaat niet meer.');
  });

  it('is taken over only by a staff member who holds what it needs; then it works with theirs', async () => {
    // The deactivation above ended the maker's sessions.
    maker = server.client();
    await maker.loginStaff(demo('KLANTCONTACT').email, DEMO_PASSWORD);
    const made = await makeClient(maker, [Permission.PERSON_READ, Permission.PERSON_READ_SENSITIVE]);
    const key = bearer(made.key!);
    await admin.gql(DEACTIVATE, { id: makerId });
    try {
      expect((await key.gql(VIEWER)).status).toBe(403);
      // A colleague with API_CLIENT_MANAGE but without the BSN: out of reach, also for rotating or revoking.
      const limitedRole: any = await admin.gql(CREATE_ROLE, {
        input: { name: 'Koppelingen zonder BSN', permissions: [Permission.API_CLIENT_MANAGE, Permission.PERSON_READ] },
      });
      await assign(demo('AANBIEDERBEHEER'), limitedRole.data.createRole.role.id, [zuiderveen]);
      const limited = server.client();
      await limited.loginStaff(demo('AANBIEDERBEHEER').email, DEMO_PASSWORD);
      for (const mutation of [TRANSFER, ROTATE, REVOKE]) {
        const r: any = await limited.gql(mutation, { id: made.apiClient.id });
        const payload = Object.values(r.data)[0] as any;
        expect(payload.errors[0]).toMatchObject({ code: 'OUT_OF_REACH' });
        expect(payload.errors[0].message).toContain('Gevoelige persoonsgegevens (BSN) bekijken');
      }
      expect(((await limited.gql(GET, { id: made.apiClient.id })) as any).data.apiClient).toMatchObject({
        manageable: false,
        transferable: false,
      });
      // … nor can it make a key with more than it holds.
      const more = await makeClient(limited, [Permission.PERSON_READ_SENSITIVE]);
      expect(more.errors.map((e) => e.code)).toEqual(['PERMISSION_NOT_HELD']);

      // An API client that manages clients cannot take one over (nor make one): a key answers to a person.
      const manager = await makeClient(admin, [
        Permission.API_CLIENT_MANAGE,
        Permission.PERSON_READ_SENSITIVE,
        Permission.PERSON_READ,
      ]);
      const byKey: any = await bearer(manager.key!).gql(TRANSFER, { id: made.apiClient.id });
      expect(byKey.data.transferApiClient.errors[0]).toMatchObject({ code: 'NEEDS_OWN_ACCOUNT' });
      const keyMakesKey = await makeClient(bearer(manager.key!), [Permission.PERSON_READ]);
      expect(keyMakesKey.errors.map((e) => e.code)).toEqual(['NEEDS_OWN_ACCOUNT']);

      // The Beheerder takes it over: it works again, with the Beheerder's permissions.
      const taken: any = await admin.gql(TRANSFER, { id: made.apiClient.id });
      expect(taken.data.transferApiClient.errors).toEqual([]);
      expect(taken.data.transferApiClient.apiClient).toMatchObject({
        working: true,
        notice: null,
        transferable: false,
        createdByName: demo('BEHEERDER').name,
      });
      expect(((await key.gql(BSN, { id: personId })) as any).data.personBsn).toMatch(/^\d{9}$/);
      const [audit] = await server.orm.em
        .fork()
        .execute<{ details: any }[]>(
          `select details from audit_log where action = 'api_client.transferred' and subject_id = ?`,
          [made.apiClient.id],
        );
      expect(audit!.details).toEqual({
        fromAdminAccountId: makerId,
        toAdminAccountId: await accountId(demo('BEHEERDER').email),
      });
    } finally {
      await admin.gql(REACTIVATE, { id: makerId });
    }
  });
});
