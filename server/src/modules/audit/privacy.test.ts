import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestClient, type TestServer } from '../../test/server.js';
import { requestContextFor } from '../../test/context.js';
import { DEMO_PASSWORD, DEMO_STAFF } from '../../seeders/demo-accounts.js';
import { systemViewer } from '../../graphql/auth/viewer.js';
import { decryptBsn } from '../../crypto/bsn.js';
import { Person } from '../customers/person.entity.js';
import { applicationNow } from '../../lib/clock.js';

const staffEmail = (role: string) => DEMO_STAFF.find((s) => s.role === role)!.email;
const DAY = 24 * 60 * 60 * 1000;

const LOG = `query($filter: AuditLogFilter, $after: String) { auditLog(filter: $filter, first: 5, after: $after) {
  totalCount pageInfo { hasNextPage endCursor } edges { node { id at actorKind actorName action subjectType subjectId details } } } }`;

describe('privacy: retention, own data, audit log', { timeout: 120_000 }, () => {
  let server: TestServer;
  let beheerder: TestClient;
  const q = async (sql: string, params: unknown[] = []) => server.orm.em.fork().execute<any[]>(sql, params);

  beforeAll(async () => {
    server = await startTestServer({ seed: true, demoActivity: true });
    beheerder = server.client();
    await beheerder.loginStaff(staffEmail('BEHEERDER'), DEMO_PASSWORD);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('purges what is past its retention period, and only that; the audit log stays append-only otherwise', async () => {
    const now = applicationNow().getTime();
    const old = new Date(now - 800 * DAY);
    await q(
      `insert into audit_log (at, actor_kind, action, details) values (?, 'SYSTEM', 'test.old', '{}'), (?, 'SYSTEM', 'test.recent', '{}')`,
      [old, new Date(now - 10 * DAY)],
    );
    await q(
      `insert into mail_message (to_address, subject, body, status, attempts, created_at, sent_at)
       values ('oud@voorbeeld.nl', 'Oud', 'x', 'SENT', 1, ?, ?), ('nieuw@voorbeeld.nl', 'Nieuw', 'x', 'SENT', 1, ?, ?)`,
      [new Date(now - 400 * DAY), new Date(now - 400 * DAY), new Date(now - DAY), new Date(now - DAY)],
    );
    // A delete outside the purge is still refused.
    await expect(q(`delete from audit_log where action = 'test.old'`)).rejects.toThrow(/append-only/);

    const counts = await server.services.retention.purge(
      requestContextFor(server.orm, systemViewer('privacy.purgeRetention')),
    );
    expect(counts.auditLog).toBeGreaterThanOrEqual(1);
    expect(counts.mailLog).toBeGreaterThanOrEqual(1);
    expect((await q(`select action from audit_log where action like 'test.%'`)).map((r) => r.action)).toEqual([
      'test.recent',
    ]);
    expect(
      (
        await q(`select to_address from mail_message where to_address in ('oud@voorbeeld.nl', 'nieuw@voorbeeld.nl')`)
      ).map((r) => r.to_address),
    ).toEqual(['nieuw@voorbeeld.nl']);

    // The periods are a settings section with sensible defaults, refused outside their bounds.
    const section: any = await beheerder.gql(`{ settingsSection(section: RETENTION) { title value } }`);
    expect(section.data.settingsSection).toMatchObject({
      title: 'Bewaartermijnen',
      value: { auditLogDays: 730, mailLogDays: 365 },
    });
    const bad: any = await beheerder.gql(
      `mutation($input: UpdateSettingsSectionInput!) { updateSettingsSection(input: $input) { errors { field message } } }`,
      { input: { section: 'RETENTION', patch: { auditLogDays: 10 } } },
    );
    expect(bad.data.updateSettingsSection.errors[0].message).toMatch(/minstens 180 dagen/);
  });

  it('lets a resident download their own data as a file, and audit-logs the download', async () => {
    const em = server.orm.em.fork();
    const [holder] = await q(
      `select p.id from person p where p.bsn_hash is not null and p.erased_at is null
          and exists (select 1 from customer_order o where o.client_group_id = p.client_group_id)
          and exists (select 1 from assignment a where a.client_group_id = p.client_group_id)
        order by p.external_identifier limit 1`,
    );
    const person = await em.findOneOrFail(Person, holder.id, { populate: ['bsnEncrypted'] });
    const resident = server.client();
    await resident.loginWithDigid(decryptBsn(person.bsnEncrypted!, server.services.config.bsn));
    const res = await resident.fetch('/api/mijn-gegevens.json');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(
      /attachment; filename="mijn-gegevens-\d{4}-\d{2}-\d{2}\.json"/,
    );
    const data: any = await res.json();
    expect(data.contactDetails).toMatchObject({
      firstName: person.firstName,
      lastName: person.lastName,
      clientNumber: person.externalIdentifier,
    });
    expect(data.household.members.length).toBeGreaterThanOrEqual(1);
    expect(data.assignments.length).toBeGreaterThan(0);
    expect(data.orders.length).toBeGreaterThan(0);
    expect(data.orders[0].lines.length).toBeGreaterThan(0);
    expect(Array.isArray(data.messages)).toBe(true);
    expect(JSON.stringify(data)).not.toContain(decryptBsn(person.bsnEncrypted!, server.services.config.bsn));
    const [row] = await q(
      `select actor_kind, actor_id, details from audit_log where action = 'person.data_downloaded' and subject_id = ?`,
      [person.id],
    );
    expect(row).toMatchObject({ actor_kind: 'CUSTOMER', actor_id: person.id });
    // Anyone else: refused.
    expect((await server.client().fetch('/api/mijn-gegevens.json')).status).toBe(401);
    expect((await beheerder.fetch('/api/mijn-gegevens.json')).status).toBe(401);
  });

  it('shows Beheerders the audit log, filtered by person, actor, action and period; refuses other roles', async () => {
    const [person] = await q(
      `select p.id, p.external_identifier from person p join audit_log l on l.subject_id = p.id::text and l.action = 'person.data_downloaded' limit 1`,
    );
    const byPerson: any = await beheerder.gql(LOG, { filter: { person: person.external_identifier } });
    expect(byPerson.errors).toBeUndefined();
    expect(byPerson.data.auditLog.edges.map((e: any) => e.node.action)).toContain('person.data_downloaded');

    const byAction: any = await beheerder.gql(LOG, { filter: { action: 'person.data_' } });
    expect(byAction.data.auditLog.edges.every((e: any) => e.node.action.startsWith('person.data_'))).toBe(true);

    // Reading the log is recorded, with the Beheerder as actor: filter on the actor's name.
    const byActor: any = await beheerder.gql(LOG, { filter: { actor: 'beheer', action: 'audit_log.viewed' } });
    expect(byActor.data.auditLog.totalCount).toBeGreaterThanOrEqual(2);
    expect(byActor.data.auditLog.edges[0].node).toMatchObject({ actorKind: 'STAFF', action: 'audit_log.viewed' });

    const future: any = await beheerder.gql(LOG, { filter: { from: '2999-01-01' } });
    expect(future.data.auditLog.totalCount).toBe(0);
    const all: any = await beheerder.gql(LOG, {});
    expect(all.data.auditLog.pageInfo.hasNextPage).toBe(true);
    const next: any = await beheerder.gql(LOG, { after: all.data.auditLog.pageInfo.endCursor });
    expect(next.data.auditLog.edges[0].node.id).not.toBe(all.data.auditLog.edges[0].node.id);

    // The demo's finished import (seeders/demo-import.ts) is in the log, with its outcome.
    const [demoImport] = await q(
      `select status, new_rows, invalid_rows, created_rows, failed_rows from import_run where file_name = 'klanten-zuiderveen.csv'`,
    );
    expect(demoImport).toMatchObject({
      status: 'APPLIED',
      new_rows: 10,
      invalid_rows: 1,
      created_rows: 10,
      failed_rows: 0,
    });
    const imported: any = await beheerder.gql(LOG, { filter: { action: 'import.applied' } });
    expect(imported.data.auditLog.totalCount).toBe(1);

    const klantcontact = server.client();
    await klantcontact.loginStaff(staffEmail('KLANTCONTACT'), DEMO_PASSWORD);
    const refused: any = await klantcontact.gql(LOG, {});
    expect(refused.errors[0].extensions.code).toBe('FORBIDDEN');
  });
});
