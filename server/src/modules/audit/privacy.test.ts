import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestClient, type TestServer } from '../../test/server.js';
import { requestContextFor } from '../../test/context.js';
import { DEMO_PASSWORD, DEMO_STAFF } from '../../seeders/demo-accounts.js';
import { systemViewer } from '../../kernel/viewer.js';
import { decryptBsn } from '../../crypto/bsn.js';
import { Person } from '../customers/person.entity.js';
import { applicationNow } from '../../kernel/clock.js';

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

  it('purges every kind of remains of an erased person once the period after the erasure has passed', async () => {
    const system = () => requestContextFor(server.orm, systemViewer('privacy.purgeRetention'));
    // A household of one (it is fully erased with the person) and another household that keeps its messages.
    const [alone] = await q(
      `select p.id, p.external_identifier, p.client_group_id, p.municipality_id from person p
        where p.erased_at is null and p.email is not null
          and (select count(*) from person o where o.client_group_id = p.client_group_id) = 1
        order by p.external_identifier limit 1`,
    );
    const [other] = await q(
      `select p.id, p.client_group_id, p.municipality_id from person p
        where p.erased_at is null and p.client_group_id <> ? order by p.external_identifier limit 1`,
      [alone.client_group_id],
    );
    const message = (group: string, municipality: string, person: string | null, title: string) =>
      q(`insert into message (municipality_id, client_group_id, person_id, title, body) values (?, ?, ?, ?, 'Tekst')`, [
        municipality,
        group,
        person,
        title,
      ]);
    await message(alone.client_group_id, alone.municipality_id, alone.id, 'rest.persoon');
    await message(alone.client_group_id, alone.municipality_id, null, 'rest.huishouden');
    await message(other.client_group_id, other.municipality_id, null, 'rest.ander');
    await q(
      `insert into mail_message (to_address, subject, body, status, attempts, person_id, created_at, sent_at)
       values ('rest@voorbeeld.nl', 'Rest', 'x', 'SENT', 1, ?, ?, ?)`,
      [alone.id, applicationNow(), applicationNow()],
    );
    const erased: any = await beheerder.gql(
      `mutation($id: ID!, $c: String!) { erasePerson(personId: $id, confirmation: $c) { errors { code } } }`,
      { id: alone.id, c: alone.external_identifier },
    );
    expect(erased.data.erasePerson.errors).toEqual([]);
    // A session made in a race with the erasure.
    await q(
      `insert into session (token_hash, kind, person_id, created_at, last_seen_at, expires_at)
       values ('rest-sessie', 'CUSTOMER', ?, ?, ?, ?)`,
      [alone.id, applicationNow(), applicationNow(), new Date(applicationNow().getTime() + DAY)],
    );
    const remains = async () => ({
      messages: (await q(`select title from message where title like 'rest.%' order by title`)).map((r) => r.title),
      mails: Number((await q(`select count(*) from mail_message where person_id = ?`, [alone.id]))[0].count),
      sessions: Number((await q(`select count(*) from session where person_id = ?`, [alone.id]))[0].count),
    });
    const all = { messages: ['rest.ander', 'rest.huishouden', 'rest.persoon'], mails: 1, sessions: 1 };

    // Within the period (30 days by default) everything is kept.
    await server.services.retention.purge(system());
    expect(await remains()).toEqual(all);
    const [mail] = await q(`select to_address, subject, body from mail_message where person_id = ?`, [alone.id]);
    expect(mail).toEqual({ to_address: 'gewist', subject: '(gewist)', body: '' });

    // 31 days after the erasure: the messages to the person and to the erased household, their mail log rows and the
    // session go; the other household's message stays.
    const ago = new Date(applicationNow().getTime() - 31 * DAY);
    await q(`update person set erased_at = ? where id = ?`, [ago, alone.id]);
    await q(`update mail_message set erased_at = ? where person_id = ?`, [ago, alone.id]);
    const counts = await server.services.retention.purge(system());
    expect(counts.erasedRemains).toBeGreaterThanOrEqual(4);
    expect(await remains()).toEqual({ messages: ['rest.ander'], mails: 0, sessions: 0 });
    // The anonymised person itself stays (orders and the ledger point at it).
    expect((await q(`select first_name from person where id = ?`, [alone.id]))[0].first_name).toBe('Geanonimiseerd');
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
    // Anyone else: refused (a visitor must log in; staff are logged in, but it is a resident's own data).
    expect((await server.client().fetch('/api/mijn-gegevens.json')).status).toBe(401);
    expect((await beheerder.fetch('/api/mijn-gegevens.json')).status).toBe(403);
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
