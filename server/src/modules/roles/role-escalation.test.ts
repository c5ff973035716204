import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, TestClient, type TestServer } from '../../test/server.js';
import { DEMO_PASSWORD, DEMO_STAFF } from '../../seeders/demo-accounts.js';
import { Permission } from '../../kernel/permissions.js';
import { todayInAmsterdam } from '../../kernel/dates.js';

const ERR = 'errors { field code message }';
const ROLES = `{ roles { accountCount manageable notManageableReason role { id name permissions } } permissionGroups { permissions { permission held } } }`;
const CREATE = `mutation($input: RoleInput!){ createRole(input:$input){ ${ERR} role { id name permissions } } }`;
const UPDATE = `mutation($id:ID!,$input: RoleInput!){ updateRole(id:$id,input:$input){ ${ERR} role { id permissions } } }`;
const DELETE = `mutation($id:ID!){ deleteRole(id:$id){ deletedId ${ERR} } }`;
const UPDATE_ACCOUNT = `mutation($i: UpdateStaffAccountInput!) { updateStaffAccount(input: $i) { ${ERR} } }`;
const BSN = `query($id: ID!){ personBsn(personId: $id) }`;
const VIEWER = `{ viewer { permissions } }`;

const demo = (role: string) => DEMO_STAFF.find((s) => s.role === role)!;

/**
 * Issue 24, "Nobody can give themselves more than they hold": an account with only ROLE_MANAGE and ACCOUNT_MANAGE
 * gave its own role PERSON_READ_SENSITIVE and read a full BSN. Creating or changing a role may grant only what the actor
 * holds, never the actor's own role, and never a role held by an account beyond the actor's reach.
 */
describe('roles: nobody gives themselves more than they hold', () => {
  let server: TestServer;
  let admin: TestClient;
  let attacker: TestClient;
  let zuiderveen: string;
  let noorderhaven: string;
  let personId: string;
  let ownRoleId: string;

  const roles = async (client: TestClient) => ((await client.gql(ROLES)) as any).data.roles as any[];
  const roleByName = async (name: string) => (await roles(admin)).find((r) => r.role.name === name)!;
  const accountId = async (email: string) =>
    (
      await server.orm.em
        .fork()
        .execute<{ id: string }[]>(`select id from admin_account where lower(email) = lower(?)`, [email])
    )[0]!.id;
  /** The Beheerder gives a demo account a role and a scope, over GraphQL. */
  async function assign(who: { email: string; name: string }, roleId: string, municipalityIds: string[] | null) {
    const r: any = await admin.gql(UPDATE_ACCOUNT, {
      i: {
        id: await accountId(who.email),
        name: who.name,
        roleId,
        allMunicipalities: municipalityIds === null,
        municipalityIds: municipalityIds ?? [],
      },
    });
    expect(r.data.updateStaffAccount.errors).toEqual([]);
  }

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
    // The account of the issue: only ROLE_MANAGE and ACCOUNT_MANAGE, in Zuiderveen.
    const made: any = await admin.gql(CREATE, {
      input: { name: 'Accountbeheer', permissions: [Permission.ROLE_MANAGE, Permission.ACCOUNT_MANAGE] },
    });
    expect(made.data.createRole.errors).toEqual([]);
    ownRoleId = made.data.createRole.role.id;
    await assign(demo('REDACTIE'), ownRoleId, [zuiderveen]);
    attacker = server.client();
    await attacker.loginStaff(demo('REDACTIE').email, DEMO_PASSWORD);
  }, 180_000);

  afterAll(async () => {
    await server?.close();
  });

  it('refuses the attack of the issue end to end: the account still cannot read a full BSN', async () => {
    const sensitive = [
      Permission.ROLE_MANAGE,
      Permission.ACCOUNT_MANAGE,
      Permission.PERSON_READ,
      Permission.PERSON_READ_SENSITIVE,
    ];
    // 1. Its own role: refused, whatever it asks for.
    const own: any = await attacker.gql(UPDATE, { id: ownRoleId, input: { permissions: sensitive } });
    expect(own.data.updateRole.errors[0]).toMatchObject({ code: 'OWN_ROLE' });
    expect(own.data.updateRole.errors[0].message).toMatch(/uw eigen rol/);
    // 2. A new role with more than it holds: refused, naming what it lacks.
    const more: any = await attacker.gql(CREATE, { input: { name: 'Alles', permissions: sensitive } });
    expect(more.data.createRole.errors[0]).toMatchObject({ field: 'permissions', code: 'GRANT_EXCEEDS_OWN' });
    expect(more.data.createRole.errors[0].message).toContain('Gevoelige persoonsgegevens (BSN) bekijken');
    // 3. A role within its reach, then more added to it: refused.
    const mine: any = await attacker.gql(CREATE, {
      input: { name: 'Tussenstap', permissions: [Permission.ACCOUNT_MANAGE] },
    });
    expect(mine.data.createRole.errors).toEqual([]);
    const grown: any = await attacker.gql(UPDATE, {
      id: mine.data.createRole.role.id,
      input: { permissions: sensitive },
    });
    expect(grown.data.updateRole.errors[0]).toMatchObject({ code: 'GRANT_EXCEEDS_OWN' });
    // 4. A role that already has the permission (Beheerder's own, by role of the demo): out of reach.
    const beheerder = await roleByName('Beheerder');
    const rename: any = await attacker.gql(UPDATE, { id: beheerder.role.id, input: { description: 'Van mij' } });
    expect(rename.data.updateRole.errors[0]).toMatchObject({ code: 'OUT_OF_REACH' });
    // Nothing changed, and the BSN stays out of reach.
    const [row] = await server.orm.em
      .fork()
      .execute<{ permissions: string[] }[]>(`select permissions from role where id = ?`, [ownRoleId]);
    expect(row!.permissions).toEqual([Permission.ACCOUNT_MANAGE, Permission.ROLE_MANAGE]);
    expect(((await attacker.gql(VIEWER)) as any).data.viewer.permissions).not.toContain('PERSON_READ_SENSITIVE');
    const bsn = await attacker.gql(BSN, { id: personId });
    expect(bsn.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    expect(bsn.data?.personBsn ?? null).toBeNull();
  });

  it('does not let anyone take away a permission they do not hold, nor touch a role beyond their municipalities', async () => {
    // Klantcontact has PERSON_READ and more the attacker lacks: not even removing one of those is allowed.
    const klantcontact = await roleByName('Klantcontact');
    const strip: any = await attacker.gql(UPDATE, {
      id: klantcontact.role.id,
      input: { permissions: klantcontact.role.permissions.filter((p: string) => p !== 'PERSON_READ') },
    });
    expect(strip.data.updateRole.errors[0]).toMatchObject({ code: 'OUT_OF_REACH' });
    expect(strip.data.updateRole.errors[0].message).toContain('Klantgroepen en personen bekijken');
    expect((await roleByName('Klantcontact')).role.permissions).toContain('PERSON_READ');

    // A role with nothing the attacker lacks, held by Financiën's account (both municipalities): still out of reach.
    const wide: any = await admin.gql(CREATE, { input: { name: 'Breed', permissions: [Permission.ACCOUNT_MANAGE] } });
    const wideId = wide.data.createRole.role.id;
    await assign(demo('FINANCIEN'), wideId, [zuiderveen, noorderhaven]);
    const widen: any = await attacker.gql(UPDATE, { id: wideId, input: { permissions: [Permission.ROLE_MANAGE] } });
    expect(widen.data.updateRole.errors[0]).toMatchObject({ code: 'OUT_OF_REACH' });
    expect(widen.data.updateRole.errors[0].message).toMatch(/gemeenten waar u zelf geen toegang toe heeft/);
    // Held only within its own municipality: within reach, but only with what the attacker holds.
    await assign(demo('FINANCIEN'), wideId, [zuiderveen]);
    const within: any = await attacker.gql(UPDATE, {
      id: wideId,
      input: { permissions: [Permission.ROLE_MANAGE, Permission.ACCOUNT_MANAGE] },
    });
    expect(within.data.updateRole.errors).toEqual([]);
    expect(within.data.updateRole.role.permissions).toEqual(['ACCOUNT_MANAGE', 'ROLE_MANAGE']);

    // Deleting follows the same rule: a custom role with a permission the attacker lacks stays.
    const balie = await roleByName('Balie');
    const del: any = await attacker.gql(DELETE, { id: balie.role.id });
    expect(del.data.deleteRole.errors[0]).toMatchObject({ code: 'OUT_OF_REACH' });
  });

  it('tells the matrix which roles the viewer may change and which permissions they hold', async () => {
    const r: any = await attacker.gql(ROLES);
    const byName = (name: string) => r.data.roles.find((x: any) => x.role.name === name);
    expect(byName('Accountbeheer')).toMatchObject({
      manageable: false,
      notManageableReason: expect.stringMatching(/eigen rol/),
    });
    expect(byName('Klantcontact')).toMatchObject({ manageable: false });
    expect(byName('Tussenstap')).toMatchObject({ manageable: true, notManageableReason: null });
    const held = r.data.permissionGroups
      .flatMap((g: any) => g.permissions)
      .filter((p: any) => p.held)
      .map((p: any) => p.permission)
      .sort();
    expect(held).toEqual(['ACCOUNT_MANAGE', 'ROLE_MANAGE']);
  });

  it('holds an API client with ROLE_MANAGE to the same rule: its permissions come from its maker, whose role counts as its own', async () => {
    // The attacker's own role gets API_CLIENT_MANAGE (by the Beheerder); the attacker makes a key for itself.
    const withApi: any = await admin.gql(UPDATE, {
      id: ownRoleId,
      input: { permissions: [Permission.ROLE_MANAGE, Permission.ACCOUNT_MANAGE, Permission.API_CLIENT_MANAGE] },
    });
    expect(withApi.data.updateRole.errors).toEqual([]);
    const created: any = await attacker.gql(
      `mutation($input: CreateApiClientInput!) { createApiClient(input: $input) { key ${ERR} } }`,
      {
        input: {
          name: 'Eigen sleutel',
          municipalityId: zuiderveen,
          permissions: [Permission.ROLE_MANAGE],
          expiresOn: todayInAmsterdam(new Date(server.clock.now().getTime() + 30 * 24 * 3600_000)),
        },
      },
    );
    expect(created.data.createApiClient.errors).toEqual([]);
    const key = new TestClient(server.url, { authorization: `Bearer ${created.data.createApiClient.key}` });
    const own: any = await key.gql(UPDATE, {
      id: ownRoleId,
      input: { permissions: [Permission.ROLE_MANAGE, Permission.PERSON_READ_SENSITIVE] },
    });
    expect(own.data.updateRole.errors[0]).toMatchObject({ code: 'OWN_ROLE' });
    const more: any = await key.gql(CREATE, {
      input: { name: 'Via de sleutel', permissions: [Permission.PERSON_READ_SENSITIVE] },
    });
    expect(more.data.createRole.errors[0]).toMatchObject({ code: 'GRANT_EXCEEDS_OWN' });
    expect((await key.gql(BSN, { id: personId })).errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });
});
