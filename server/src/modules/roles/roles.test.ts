import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestClient, type TestServer } from '../../test/server.js';
import { DEMO_PASSWORD, DEMO_STAFF } from '../../seeders/demo-accounts.js';
import { ALL_PERMISSIONS, Permission } from '../../kernel/permissions.js';
import { PERMISSION_GROUPS } from './permission-groups.js';

const ROLES = `{ roles { accountCount allPermissions role { id name builtIn permissions } } permissionGroups { name permissions { permission description } } }`;
const CREATE = `mutation($input: RoleInput!){ createRole(input:$input){ errors { field code message } role { id name permissions } } }`;
const UPDATE = `mutation($id:ID!,$input: RoleInput!){ updateRole(id:$id,input:$input){ errors { field code message } role { id name permissions } } }`;
const DELETE = `mutation($id:ID!){ deleteRole(id:$id){ deletedId errors { code message } } }`;
const VIEWER = `{ viewer { permissions } }`;

const email = (role: string) => DEMO_STAFF.find((s) => s.role === role)!.email;

describe('roles: the matrix, custom roles, built-in rules', () => {
  let server: TestServer;
  let admin: TestClient;
  let roles: any[];
  const roleId = (name: string) => roles.find((r) => r.role.name === name)!.role.id as string;

  beforeAll(async () => {
    server = await startTestServer({ seed: true });
    admin = server.client();
    await admin.loginStaff(email('BEHEERDER'), DEMO_PASSWORD);
    roles = ((await admin.gql(ROLES)) as any).data.roles;
  });
  afterAll(async () => {
    await server?.close();
  });

  it('lists roles with their use and every permission once, grouped with a Dutch description', async () => {
    const r: any = await admin.gql(ROLES);
    expect(r.data.roles.find((x: any) => x.role.name === 'Beheerder')).toMatchObject({ allPermissions: true });
    expect(r.data.roles.find((x: any) => x.role.name === 'Beheerder').accountCount).toBeGreaterThan(0);
    const listed = r.data.permissionGroups.flatMap((g: any) => g.permissions.map((p: any) => p.permission));
    expect([...listed].sort()).toEqual([...ALL_PERMISSIONS].sort());
    expect(PERMISSION_GROUPS.flatMap((g) => g.permissions)).toHaveLength(ALL_PERMISSIONS.length);
    expect(r.data.permissionGroups[0].permissions[0].description).toMatch(/Dashboard/);
  });

  it('needs ROLE_MANAGE', async () => {
    const c = server.client();
    await c.loginStaff(email('KLANTCONTACT'), DEMO_PASSWORD);
    const denied: any = await c.gql(ROLES);
    expect(denied.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });

  it('creates, renames and deletes a custom role, audited with before and after', async () => {
    const created: any = await admin.gql(CREATE, {
      input: { name: 'Loket test', permissions: [Permission.PERSON_READ, Permission.DASHBOARD_VIEW] },
    });
    expect(created.data.createRole.errors).toEqual([]);
    const id = created.data.createRole.role.id;
    expect(created.data.createRole.role.permissions).toEqual(['DASHBOARD_VIEW', 'PERSON_READ']);

    const dup: any = await admin.gql(CREATE, { input: { name: 'loket TEST', permissions: [] } });
    expect(dup.data.createRole.errors[0]).toMatchObject({ field: 'name', code: 'TAKEN' });

    const renamed: any = await admin.gql(UPDATE, { id, input: { name: 'Loket', permissions: ['ORDER_READ'] } });
    expect(renamed.data.createRole ?? renamed.data.updateRole.errors).toEqual([]);
    expect(renamed.data.updateRole.role).toMatchObject({ name: 'Loket', permissions: ['ORDER_READ'] });

    const del: any = await admin.gql(DELETE, { id });
    expect(del.data.deleteRole.deletedId).toBe(id);
    const audit = await server.orm.em
      .fork()
      .execute<{ action: string; details: any }[]>(
        `select action, details from audit_log where subject_type = 'role' and subject_id = ? order by at, action`,
        [id],
      );
    expect(audit.map((a) => a.action)).toEqual(['role.created', 'role.updated', 'role.deleted']);
    expect(audit[1]!.details.before).toMatchObject({
      name: 'Loket test',
      permissions: ['DASHBOARD_VIEW', 'PERSON_READ'],
    });
    expect(audit[1]!.details.after).toMatchObject({ name: 'Loket', permissions: ['ORDER_READ'] });
  });

  it('refuses to delete a role in use or a built-in role, to rename a built-in role, and unknown permissions', async () => {
    const inUse: any = await admin.gql(DELETE, { id: roleId('Klantcontact') });
    expect(inUse.data.deleteRole.errors[0].code).toBe('BUILT_IN');
    const rename: any = await admin.gql(UPDATE, { id: roleId('Redactie'), input: { name: 'Schrijvers' } });
    expect(rename.data.updateRole.errors[0]).toMatchObject({ field: 'name', code: 'BUILT_IN' });
    const bad: any = await admin.gql(CREATE, { input: { name: 'X', permissions: [] } });
    expect(bad.data.createRole.errors[0]).toMatchObject({ field: 'name' });

    const custom: any = await admin.gql(CREATE, { input: { name: 'In gebruik', permissions: ['DASHBOARD_VIEW'] } });
    const id = custom.data.createRole.role.id;
    await server.orm.em
      .fork()
      .execute(`update admin_account set role_id = ? where lower(email) = lower(?)`, [id, email('FINANCIEN')]);
    const refused: any = await admin.gql(DELETE, { id });
    expect(refused.data.deleteRole.errors[0]).toMatchObject({ code: 'IN_USE' });
    expect(refused.data.deleteRole.errors[0].message).toMatch(/1 account/);
    await server.orm.em
      .fork()
      .execute(`update admin_account set role_id = ? where lower(email) = lower(?)`, [
        roleId('Financiën'),
        email('FINANCIEN'),
      ]);
  });

  it('keeps every permission on Beheerder', async () => {
    // Nobody changes their own role, so the one who could try holds every permission without being a Beheerder.
    const everything = server.apiClient({ permissions: ALL_PERMISSIONS, municipalityIds: null });
    const r: any = await everything.gql(UPDATE, {
      id: roleId('Beheerder'),
      input: { permissions: ALL_PERMISSIONS.filter((p) => p !== Permission.IMPORT_RUN) },
    });
    expect(r.data.updateRole.errors[0]).toMatchObject({ code: 'ALL_PERMISSIONS_ROLE' });
    expect(r.data.updateRole.errors[0].message).toMatch(/Beheerder/);
  });

  it('applies a change from the next request, also on another instance', async () => {
    const second = await startTestServer({ sameDatabaseAs: server });
    try {
      const staff = second.client();
      await staff.loginStaff(email('REDACTIE'), DEMO_PASSWORD);
      expect(((await staff.gql(VIEWER)) as any).data.viewer.permissions).not.toContain('ORDER_READ');
      const r: any = await admin.gql(UPDATE, {
        id: roleId('Redactie'),
        input: { permissions: ['DASHBOARD_VIEW', 'CONTENT_EDIT', 'MESSAGE_SEND', 'TEMPLATE_EDIT', 'ORDER_READ'] },
      });
      expect(r.data.updateRole.errors).toEqual([]);
      expect(((await staff.gql(VIEWER)) as any).data.viewer.permissions).toContain('ORDER_READ');
    } finally {
      await second.close();
    }
  });

  // Nobody changes their own role (role-escalation.test.ts), so only an actor without one of its own (an API client
  // without a maker's role, an operator acting) can take ROLE_MANAGE from the last holders: these guard that case.
  it('refuses a change that leaves nobody with ROLE_MANAGE, and changes nothing', async () => {
    // Only a custom role holds ROLE_MANAGE, for one active account: taking it away would lock everyone out.
    const em = server.orm.em.fork();
    const custom: any = await admin.gql(CREATE, { input: { name: 'Rollenbeheer', permissions: ['ROLE_MANAGE'] } });
    const id = custom.data.createRole.role.id;
    await em.execute(`update admin_account set active = false where role_id = ?`, [roleId('Beheerder')]);
    await em.execute(`update admin_account set role_id = ?, active = true where lower(email) = lower(?)`, [
      id,
      email('AANBIEDERBEHEER'),
    ]);
    try {
      const manager = server.apiClient({ permissions: [Permission.ROLE_MANAGE], municipalityIds: null });
      const r: any = await manager.gql(UPDATE, { id, input: { permissions: [] } });
      expect(r.data.updateRole.errors[0]).toMatchObject({ field: 'permissions', code: 'LAST_ROLE_MANAGER' });
      expect(r.data.updateRole.errors[0].message).toMatch(/niemand/);
      const [row] = await em.execute<{ permissions: string[] }[]>(`select permissions from role where id = ?`, [id]);
      expect(row!.permissions).toEqual(['ROLE_MANAGE']);
    } finally {
      await em.execute(`update admin_account set active = true where role_id = ?`, [roleId('Beheerder')]);
    }
  });
  it('lets only one of two parallel changes take ROLE_MANAGE from the last two managers', async () => {
    const em = server.orm.em.fork();
    const a: any = await admin.gql(CREATE, { input: { name: 'Beheer A', permissions: ['ROLE_MANAGE'] } });
    const b: any = await admin.gql(CREATE, { input: { name: 'Beheer B', permissions: ['ROLE_MANAGE'] } });
    const [idA, idB] = [a.data.createRole.role.id, b.data.createRole.role.id];
    await em.execute(`update admin_account set role_id = ? where lower(email) = lower(?)`, [idA, email('FINANCIEN')]);
    await em.execute(`update admin_account set role_id = ? where lower(email) = lower(?)`, [idB, email('REDACTIE')]);
    await em.execute(
      `update role set permissions = array_remove(permissions, 'ROLE_MANAGE') where id not in (?, ?, ?)`,
      [idA, idB, roleId('Beheerder')],
    );
    await em.execute(`update admin_account set active = false where role_id = ?`, [roleId('Beheerder')]);
    try {
      const manager = server.apiClient({ permissions: [Permission.ROLE_MANAGE], municipalityIds: null });
      const results: any[] = await Promise.all([
        manager.gql(UPDATE, { id: idA, input: { permissions: [] } }),
        manager.gql(UPDATE, { id: idB, input: { permissions: [] } }),
      ]);
      const refused = results.filter((r) => r.data?.updateRole.errors[0]?.code === 'LAST_ROLE_MANAGER');
      const done = results.filter((r) => r.data?.updateRole.errors.length === 0);
      expect(done).toHaveLength(1);
      expect(refused).toHaveLength(1);
      const [{ n }] = (await em.execute<{ n: number }[]>(
        `select count(*)::int as n from admin_account a join role r on r.id = a.role_id where a.active and 'ROLE_MANAGE' = any(r.permissions)`,
      )) as [{ n: number }];
      expect(n).toBe(1);
    } finally {
      await em.execute(`update admin_account set active = true where role_id = ?`, [roleId('Beheerder')]);
    }
  });
});
