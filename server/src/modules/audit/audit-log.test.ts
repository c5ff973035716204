import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestClient, type TestServer } from '../../test/server.js';
import { DEMO_PASSWORD, DEMO_STAFF } from '../../seeders/demo-accounts.js';
import { decryptBsn } from '../../crypto/bsn.js';
import { Person } from '../customers/person.entity.js';
import { AdminAccount } from '../staff/admin-account.entity.js';
import { Municipality } from '../municipalities/municipality.entity.js';
import {
  AUDIT_ACTIONS,
  AUDIT_KIND_NAMES,
  describeAction,
  LEGACY_ACTIONS,
  PROCESSING_ACTIVITIES,
} from './audit-catalogue.js';

const SRC = fileURLToPath(new URL('../../', import.meta.url));
const staffEmail = (role: string) => DEMO_STAFF.find((s) => s.role === role)!.email;

/** Every non-test TypeScript file under server/src. */
function sources(dir = SRC): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return path.endsWith('.ts') && !path.endsWith('.test.ts') ? [path] : [];
  });
}

/**
 * The codes the sources write: `action: '…'` (also both sides of a ternary), and the helpers that take the code as
 * an argument (product.service's `record(ctx, 'PRODUCT_…')`, the DigiD rollover's `step(ctx, id, '…')`, two-factor's
 * `clear(ctx, id, '…')`).
 */
function writtenCodes(): Map<string, string> {
  const codes = new Map<string, string>();
  const code = `'([a-z_]+\\.[a-z_]+|[A-Z]+(?:_[A-Z]+)+)'`;
  const patterns = [
    new RegExp(`action:\\s*(?:[^'\\n]*\\?\\s*)?${code}(?:\\s*:\\s*${code})?`, 'g'),
    new RegExp(`this\\.record\\(\\s*[a-zA-Z(), ]*?,\\s*(?:[^'\\n]*\\?\\s*)?${code}(?:\\s*:\\s*${code})?`, 'g'),
    new RegExp(`(?:step|clear)\\([^'\\n]*?${code}`, 'g'),
  ];
  for (const file of sources()) {
    if (file.includes('/seeders/') || file.includes('/integrations/') || file.includes('/http/security-headers'))
      continue;
    const text = readFileSync(file, 'utf8');
    if (!/audit/i.test(text)) continue;
    for (const pattern of patterns)
      for (const m of text.matchAll(pattern)) for (const c of [m[1], m[2]]) if (c) codes.set(c, file.slice(SRC.length));
  }
  return codes;
}

describe('the audit catalogue', () => {
  it('has every action the code writes, each with a Dutch name, a kind and a processing activity', () => {
    const written = writtenCodes();
    expect(written.size).toBeGreaterThan(80);
    const missing = [...written].filter(([c]) => !Object.hasOwn(AUDIT_ACTIONS, c)).map(([c, f]) => `${c} (${f})`);
    expect(missing, 'add these codes to AUDIT_ACTIONS in modules/audit/audit-catalogue.ts').toEqual([]);
    for (const [c, info] of Object.entries(AUDIT_ACTIONS)) {
      expect(info.name, c).toMatch(/^[A-Z][^.]+$/);
      expect(AUDIT_KIND_NAMES[info.kind], c).toBeTruthy();
      expect(PROCESSING_ACTIVITIES[info.activity], c).toBeTruthy();
    }
    for (const [old, now] of Object.entries(LEGACY_ACTIONS)) expect(Object.hasOwn(AUDIT_ACTIONS, now), old).toBe(true);
    // An unknown code still reads as something, never as an error.
    expect(describeAction('iets.onbekends')).toMatchObject({ action: null, name: 'Andere handeling (iets.onbekends)' });
    expect(describeAction('person_data.read')).toMatchObject({ action: 'PERSONAL_DATA_READ' });
  });
});

describe('the audit log for people', { timeout: 180_000 }, () => {
  let server: TestServer;
  let beheerder: TestClient;
  let zuiderveen: Municipality;
  let noorderhaven: Municipality;
  const q = async (sql: string, params: unknown[] = []) => server.orm.em.fork().execute<any[]>(sql, params);
  const lastId = async () => Number((await q(`select coalesce(max(id), 0) as id from audit_log`))[0].id);
  /** The oldest member of the demo household with this client number (Mandy de Boer in ZV-100001). */
  const adultOf = async (household: string) =>
    (
      await q(
        `select p.id, p.first_name, p.last_name, p.external_identifier from person p
           join client_group g on g.id = p.client_group_id
          where g.client_number = ? order by p.date_of_birth nulls last limit 1`,
        [household],
      )
    )[0] as { id: string; first_name: string; last_name: string; external_identifier: string };
  const readPerson = (client: TestClient, externalIdentifier: string) =>
    client.gql(`query($e: String!) { person(externalIdentifier: $e) { id fullName email } }`, {
      e: externalIdentifier,
    });

  beforeAll(async () => {
    server = await startTestServer({ seed: true, demoActivity: true });
    const em = server.orm.em.fork();
    zuiderveen = await em.findOneOrFail(Municipality, { slug: 'zuiderveen' });
    noorderhaven = await em.findOneOrFail(Municipality, { slug: 'noorderhaven' });
    beheerder = server.client();
    await beheerder.loginStaff(staffEmail('BEHEERDER'), DEMO_PASSWORD);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('knows every action the demo wrote (the application’s own services) by name', async () => {
    const actions = (await q(`select distinct action from audit_log`)).map((r) => r.action as string);
    expect(actions.length).toBeGreaterThan(5);
    expect(actions.filter((a) => describeAction(a).action === null)).toEqual([]);
  });

  it('records a list of 20 persons as 20 rows, one per person with the fields read; a second request as new rows', async () => {
    const LIST = `{ clientGroups(first: 20) { edges { node { members { id fullName email dateOfBirth } } } } }`;
    const before = await lastId();
    const r: any = await beheerder.gql(LIST);
    expect(r.errors).toBeUndefined();
    const members = r.data.clientGroups.edges.flatMap((e: any) => e.node.members) as { id: string }[];
    expect(members.length).toBeGreaterThanOrEqual(20);
    const rows = await q(
      `select subject_person_id, subject_household_id, municipality_id, fields, request_id, processing_activity
         from audit_log where id > ? and action = 'PERSONAL_DATA_READ'`,
      [before],
    );
    // One row per person shown (their fields), and one per household whose member list was shown: 20 + members.
    const personRows = rows.filter((row) => row.subject_person_id);
    expect(personRows.map((row) => row.subject_person_id).sort()).toEqual(members.map((m) => m.id).sort());
    expect(rows).toHaveLength(members.length + 20);
    expect(
      rows.filter((row) => !row.subject_person_id).every((row) => row.fields.join() === 'ClientGroup.members'),
    ).toBe(true);
    for (const row of personRows) {
      expect(row.fields).toEqual(['Person.dateOfBirth', 'Person.email', 'Person.fullName']);
      expect(row.subject_household_id).toBeTruthy();
      expect(row.municipality_id).toBeTruthy();
      expect(row.processing_activity).toBe('SUPPORT');
    }
    // One request: one trace id on every row.
    expect(new Set(rows.map((row) => row.request_id)).size).toBe(1);

    const again = await lastId();
    await beheerder.gql(LIST);
    const second = await q(`select request_id from audit_log where id > ? and action = 'PERSONAL_DATA_READ'`, [again]);
    expect(second).toHaveLength(members.length + 20);
    expect(second[0].request_id).not.toBe(rows[0].request_id);
  });

  it('records one row for a household’s orders, not one per order', async () => {
    const [holder] = await q(
      `select p.external_identifier, p.client_group_id from person p
        where (select count(*) from customer_order o where o.client_group_id = p.client_group_id) >= 2
        order by p.external_identifier limit 1`,
    );
    const before = await lastId();
    const r: any = await beheerder.gql(
      `query($e: String!) { personOrders(externalIdentifier: $e) { edges { node { id customerFirstName totalCents } } } }`,
      { e: holder.external_identifier },
    );
    expect(r.errors).toBeUndefined();
    expect(r.data.personOrders.edges.length).toBeGreaterThanOrEqual(2);
    const rows = await q(
      `select subject_household_id, details from audit_log where id > ? and action = 'PERSONAL_DATA_READ'`,
      [before],
    );
    const orderRows = rows.filter((row) => row.details.objects >= 2);
    expect(orderRows).toHaveLength(1);
    expect(orderRows[0].subject_household_id).toBe(holder.client_group_id);
    // On the audit log screen that row names the household and links to it (not to a person or an order).
    const log: any = await beheerder.gql(
      `query($filter: AuditLogFilter) { auditLog(filter: $filter, first: 50) { edges { node {
        action subjectLabel subjectPersonNumber subjectOrderId subjectHouseholdId } } } }`,
      { filter: { person: holder.external_identifier, kind: 'PERSONAL_DATA_READ' } },
    );
    expect(log.errors).toBeUndefined();
    const [group] = await q(`select client_number from client_group where id = ?`, [holder.client_group_id]);
    const householdRows = log.data.auditLog.edges.map((e: any) => e.node).filter((n: any) => n.subjectHouseholdId);
    expect(householdRows.length).toBeGreaterThanOrEqual(1);
    expect(householdRows[0]).toEqual({
      action: 'PERSONAL_DATA_READ',
      subjectLabel: `Huishouden ${group.client_number}`,
      subjectPersonNumber: null,
      subjectOrderId: null,
      subjectHouseholdId: holder.client_group_id,
    });
  });

  it('lets a privacy officer filter by person and kind, with Dutch names, subjects by name and the LDV fields', async () => {
    const person = await adultOf('ZV-100001');
    expect(person.first_name).toBe('Mandy');
    await readPerson(beheerder, person.external_identifier);
    const LOG = `query($filter: AuditLogFilter) { auditLog(filter: $filter, first: 50) { totalCount edges { node {
      action actionName kind kindName actorName organisation subjectLabel subjectPersonNumber fields dataKinds
      processingActivity purpose legalBasis requestId } } } }`;
    const all: any = await beheerder.gql(LOG, { filter: { person: person.external_identifier } });
    expect(all.errors).toBeUndefined();
    const nodes = all.data.auditLog.edges.map((e: any) => e.node);
    const read = nodes.find((n: any) => n.action === 'PERSONAL_DATA_READ');
    expect(read).toMatchObject({
      actionName: 'Persoonsgegevens bekeken',
      kindName: 'Persoonsgegevens bekeken',
      actorName: 'Bea Beheer',
      organisation: 'Gemeente Zuiderveen',
      subjectLabel: `${person.first_name} ${person.last_name} (${person.external_identifier})`,
      subjectPersonNumber: person.external_identifier,
      processingActivity: 'Inwoners helpen',
    });
    expect(read.fields).toEqual(expect.arrayContaining(['Person.email', 'Person.fullName']));
    expect(read.dataKinds).toEqual(expect.arrayContaining(['naam', 'contactgegevens']));
    expect(read.requestId).toBeTruthy();
    expect(read.legalBasis).toMatch(/AVG/);

    const reads: any = await beheerder.gql(LOG, {
      filter: { person: person.external_identifier, kind: 'PERSONAL_DATA_READ' },
    });
    expect(reads.data.auditLog.edges.every((e: any) => e.node.kind === 'PERSONAL_DATA_READ')).toBe(true);

    const kinds: any = await beheerder.gql(`{ auditKinds { kind name } }`);
    expect(kinds.data.auditKinds.map((k: any) => k.name)).toEqual([
      'Inloggen',
      'Persoonsgegevens bekeken',
      'Gewijzigd',
      'Geld',
      'Instellingen',
      'Beheer',
    ]);
  });

  it('never shows a staff member of one municipality the rows of another', async () => {
    const em = server.orm.em.fork();
    const account = await em.findOneOrFail(
      AdminAccount,
      { email: staffEmail('BEHEERDER') },
      { populate: ['municipalities'] },
    );
    // A Zuiderveen and a Noorderhaven person read, both in the log.
    await readPerson(beheerder, (await adultOf('ZV-100002')).external_identifier);
    await readPerson(beheerder, (await adultOf('NH-200002')).external_identifier);
    account.allMunicipalities = false;
    account.municipalities.set([noorderhaven]);
    await em.flush();
    try {
      const scoped = server.client();
      await scoped.loginStaff(staffEmail('BEHEERDER'), DEMO_PASSWORD);
      const ids = async (filter: Record<string, unknown>) => {
        const r: any = await scoped.gql(
          `query($filter: AuditLogFilter) { auditLog(filter: $filter, first: 100) { edges { node { id } } } }`,
          { filter },
        );
        expect(r.errors).toBeUndefined();
        return r.data.auditLog.edges.map((e: any) => e.node.id as string);
      };
      const seen = await ids({});
      expect(seen.length).toBeGreaterThan(0);
      const municipalities = await q(`select distinct municipality_id from audit_log where id = any(?::bigint[])`, [
        `{${seen.join(',')}}`,
      ]);
      expect(municipalities.map((r) => r.municipality_id)).toEqual([noorderhaven.id]);
      expect(await ids({ person: 'ZV-100002' })).toEqual([]);
      expect((await ids({ person: 'NH-200002' })).length).toBeGreaterThan(0);
      const csv = await scoped.fetch('/api/admin/auditlog.csv?persoon=ZV-100002');
      expect(csv.status).toBe(200);
      expect((await csv.text()).trim().split(/\r?\n/)).toHaveLength(1);
    } finally {
      account.allMunicipalities = true;
      account.municipalities.set([]);
      await em.flush();
    }
    expect(zuiderveen.id).not.toBe(noorderhaven.id);
  });

  it('exports the rows about one person as CSV, a formula in a name written as text; refuses others', async () => {
    const person = await adultOf('ZV-100003');
    const em = server.orm.em.fork();
    // A staff member whose name looks like a formula reads Bas Hendriks.
    const account = await em.findOneOrFail(AdminAccount, { email: staffEmail('KLANTCONTACT') });
    const name = account.name;
    account.name = '=HYPERLINK("http://kwaad.example","klik")';
    await em.flush();
    try {
      const klantcontact = server.client();
      await klantcontact.loginStaff(staffEmail('KLANTCONTACT'), DEMO_PASSWORD);
      expect((await readPerson(klantcontact, person.external_identifier)).errors).toBeUndefined();
      const res = await beheerder.fetch('/api/admin/auditlog.csv?persoon=ZV-100003');
      expect(res.status).toBe(200);
      expect(res.headers.get('content-disposition')).toMatch(/attachment; filename="auditlog-\d{4}-\d{2}-\d{2}\.csv"/);
      const body = await res.text();
      const lines = body
        .replace(/^\uFEFF/, '')
        .trim()
        .split(/\r?\n/);
      expect(lines[0]).toMatch(/^Tijdstip \(Nederlandse tijd\);Soort;Handeling;Door;/);
      const read = lines.find((l) => l.includes('Persoonsgegevens bekeken') && l.includes('HYPERLINK'));
      expect(read).toBeDefined();
      expect(read).not.toMatch(/;=HYPERLINK/);
      expect(read).toContain(`${person.first_name} ${person.last_name} (${person.external_identifier})`);
      expect(read).toContain('Inwoners helpen');
      // The export is itself in the log.
      const [exported] = await q(
        `select details from audit_log where action = 'audit_log.exported' order by id desc limit 1`,
      );
      expect(exported.details.filter).toEqual({ person: 'ZV-100003' });
      expect((await klantcontact.fetch('/api/admin/auditlog.csv')).status).toBe(403);
      expect((await server.client().fetch('/api/admin/auditlog.csv')).status).toBe(401);
    } finally {
      account.name = name;
      await em.flush();
    }
  });

  it('shows a resident what organisations did with their data, with the reason and without staff names', async () => {
    const em = server.orm.em.fork();
    const adult = await adultOf('ZV-100001');
    const person = await em.findOneOrFail(Person, adult.id, { populate: ['bsnEncrypted'] });
    await readPerson(beheerder, adult.external_identifier);
    const resident = server.client();
    await resident.loginWithDigid(decryptBsn(person.bsnEncrypted!, server.services.config.bsn));
    const r: any = await resident.gql(
      `{ myDataProcessing(first: 50) { totalCount edges { node { at actionName organisation reason processingActivity dataKinds } } } }`,
    );
    expect(r.errors).toBeUndefined();
    const nodes = r.data.myDataProcessing.edges.map((e: any) => e.node);
    expect(nodes[0]).toMatchObject({
      actionName: 'Persoonsgegevens bekeken',
      organisation: 'Gemeente Zuiderveen',
      reason: PROCESSING_ACTIVITIES.SUPPORT.purpose,
    });
    expect(nodes[0].dataKinds).toEqual(expect.arrayContaining(['naam', 'contactgegevens']));
    const text = JSON.stringify(r.data);
    for (const staff of DEMO_STAFF) expect(text).not.toContain(staff.name);
    expect(text).not.toContain('beheerder@');
    // Staff have no such list of their own; another resident sees only their own.
    const staffTry: any = await beheerder.gql(`{ myDataProcessing { totalCount } }`);
    expect(staffTry.errors[0].extensions.code).toBe('FORBIDDEN');
  });
});
