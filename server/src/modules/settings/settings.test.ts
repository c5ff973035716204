import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestClient, type TestServer } from '../../test/server.js';
import { contextFor, staffViewer } from '../../test/context.js';
import { DEMO_PASSWORD, DEMO_STAFF } from '../../seeders/demo-accounts.js';
import { DEMO_MUNICIPALITY_CONTACTS } from '../../seeders/demo-data.js';
import { Permission } from '../../kernel/permissions.js';
import { createLogger } from '../../logging/logger.js';
import { Municipality } from '../municipalities/municipality.entity.js';
import { AuditService } from '../audit/audit.service.js';
import { SettingsService } from './settings.service.js';

/**
 * Settings against a real PostgreSQL with two instances of the application on one database: a change on one is
 * served by the other without a restart (LISTEN/NOTIFY), and by version check when its LISTEN connection is gone.
 */

async function eventually<T>(check: () => Promise<T | undefined | false>, ms = 5000, what = 'condition'): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
}

const PUBLIC = `{ publicSettings { platformName municipalities { municipalityId name phone email website visitingAddress } } }`;
const SECTION = `query($s: SettingsSectionKey!) { settingsSection(section: $s) { section title version value defaults updatedAt } }`;
const UPDATE = `mutation($input: UpdateSettingsSectionInput!) { updateSettingsSection(input: $input) {
  settings { section version value } errors { field code message } } }`;

const staff = (role: string) => DEMO_STAFF.find((s) => s.role === role)!.email;

describe('settings, with two instances on one database', () => {
  let a: TestServer;
  let b: TestServer;
  let beheerder: TestClient;
  let zuiderveen: Municipality;
  let noorderhaven: Municipality;

  beforeAll(async () => {
    a = await startTestServer({ seed: true });
    b = await startTestServer({ sameDatabaseAs: a });
    beheerder = a.client();
    await beheerder.loginStaff(staff('BEHEERDER'), DEMO_PASSWORD);
    const em = a.orm.em.fork();
    zuiderveen = await em.findOneOrFail(Municipality, { slug: 'zuiderveen' });
    noorderhaven = await em.findOneOrFail(Municipality, { slug: 'noorderhaven' });
  });
  afterAll(async () => {
    await b?.close();
    await a?.close();
  });

  const appName = async (server: TestServer) =>
    ((await (await fetch(`${server.url}/api/client-config`)).json()) as { appName: string }).appName;

  it('serves the public site its name and the municipalities’ seeded contact details', async () => {
    const r = await b.client().gql(PUBLIC);
    expect(r.data!.publicSettings.platformName).toBe('Gemeentewinkel');
    expect(r.data!.publicSettings.municipalities).toEqual([
      { municipalityId: noorderhaven.id, name: 'Gemeente Noorderhaven', ...DEMO_MUNICIPALITY_CONTACTS.noorderhaven },
      { municipalityId: zuiderveen.id, name: 'Gemeente Zuiderveen', ...DEMO_MUNICIPALITY_CONTACTS.zuiderveen },
    ]);
    expect(await appName(a)).toBe('Gemeentewinkel');
  });

  it('a change on instance A is served by instance B without a restart', async () => {
    // B has the old value cached.
    expect(await appName(b)).toBe('Gemeentewinkel');
    expect((await b.services.settings.get('payments')).paymentExpiryMinutes).toBe(30);
    const section: any = await beheerder.gql(SECTION, { s: 'GENERAL' });
    expect(section.data.settingsSection).toMatchObject({ section: 'GENERAL', title: 'Algemeen', version: 1 });
    expect(section.data.settingsSection.defaults).toEqual({
      platformName: 'Gemeentewinkel',
      primaryColor: null,
      logo: null,
      municipalities: {},
    });

    const started = Date.now();
    const r: any = await beheerder.gql(UPDATE, {
      input: { section: 'GENERAL', patch: { platformName: '  Regiowinkel Zuid ' }, expectedVersion: 1 },
    });
    expect(r.data.updateSettingsSection.errors).toEqual([]);
    expect(r.data.updateSettingsSection.settings).toMatchObject({
      version: 2,
      value: { platformName: 'Regiowinkel Zuid' },
    });
    // Untouched parts stay: the patch only held the name.
    expect(r.data.updateSettingsSection.settings.value.municipalities[zuiderveen.id]).toEqual(
      DEMO_MUNICIPALITY_CONTACTS.zuiderveen,
    );

    await eventually(async () => (await appName(b)) === 'Regiowinkel Zuid', 2000, 'instance B to serve the new name');
    const propagation = Date.now() - started;
    expect(propagation).toBeLessThan(2000);
    expect((await b.client().gql(PUBLIC)).data!.publicSettings.platformName).toBe('Regiowinkel Zuid');

    // Today's users of the settings: the payment expiry of the sweep (instance B reads it for its next sweep).
    const p: any = await beheerder.gql(UPDATE, { input: { section: 'PAYMENTS', patch: { paymentExpiryMinutes: 45 } } });
    expect(p.data.updateSettingsSection.errors).toEqual([]);
    await eventually(
      async () => (await b.services.settings.get('payments')).paymentExpiryMinutes === 45,
      2000,
      'B to see the new expiry',
    );
  });

  it('validates with Dutch messages per field, refuses unknown fields and concurrent edits', async () => {
    const bad: any = await beheerder.gql(UPDATE, {
      input: {
        section: 'GENERAL',
        patch: {
          platformName: 'X',
          municipalities: { [zuiderveen.id]: { email: 'geen-adres', website: 'http://x.nl' } },
        },
      },
    });
    expect(bad.data.updateSettingsSection.settings).toBeNull();
    expect(bad.data.updateSettingsSection.errors).toEqual(
      expect.arrayContaining([
        { field: 'platformName', code: 'INVALID', message: 'De naam van het platform is minstens 2 tekens.' },
        {
          field: `municipalities.${zuiderveen.id}.email`,
          code: 'INVALID',
          message: 'Vul een geldig e-mailadres in, bijvoorbeeld info@gemeente.nl.',
        },
        {
          field: `municipalities.${zuiderveen.id}.website`,
          code: 'INVALID',
          message: 'Vul een volledig webadres in dat met https:// begint.',
        },
      ]),
    );
    const unknown: any = await beheerder.gql(UPDATE, { input: { section: 'PAYMENTS', patch: { payoutDelay: 3 } } });
    expect(unknown.data.updateSettingsSection.errors).toEqual([
      expect.objectContaining({ code: 'UNKNOWN_FIELD', message: 'Onbekende instelling: payoutDelay.' }),
    ]);
    const advanced: any = await beheerder.gql(UPDATE, {
      input: { section: 'ADVANCED', patch: { sessionLifetimeHours: 1, idleTimeoutMinutes: 90 } },
    });
    expect(advanced.data.updateSettingsSection.errors).toEqual([
      {
        field: 'idleTimeoutMinutes',
        code: 'INVALID',
        message: 'De tijd zonder activiteit kan niet langer zijn dan de sessie zelf.',
      },
    ]);
    const stale: any = await beheerder.gql(UPDATE, {
      input: { section: 'GENERAL', patch: { platformName: 'Oud formulier' }, expectedVersion: 1 },
    });
    expect(stale.data.updateSettingsSection.errors[0].code).toBe('STALE');
    // Nothing of these was stored.
    expect((await a.services.settings.snapshot('general')).version).toBe(2);
  });

  it('audits every change with before and after, and a null patch returns a field to its default', async () => {
    const r: any = await beheerder.gql(UPDATE, { input: { section: 'GENERAL', patch: { platformName: null } } });
    expect(r.data.updateSettingsSection.settings.value.platformName).toBe('Gemeentewinkel');
    const rows = await a.orm.em
      .fork()
      .execute<{ actor_kind: string; details: any }[]>(
        `select actor_kind, details from audit_log where action = 'settings.updated' and subject_id = 'general' order by id`,
      );
    expect(rows.map((x) => [x.details.before.platformName, x.details.after.platformName])).toEqual([
      ['Gemeentewinkel', 'Regiowinkel Zuid'],
      ['Regiowinkel Zuid', 'Gemeentewinkel'],
    ]);
    expect(rows.every((x) => x.actor_kind === 'STAFF')).toBe(true);
    const [row] = await a.orm.em
      .fork()
      .execute<{ version: number; updated_by_kind: string }[]>(
        `select version, updated_by_kind from setting where section = 'general'`,
      );
    expect(row).toEqual({ version: 3, updated_by_kind: 'STAFF' });
  });

  it('only SETTINGS_MANAGE reads or changes a section, and staff change only their municipalities’ contacts', async () => {
    const anonymous: any = await a.client().gql(SECTION, { s: 'GENERAL' });
    expect(anonymous.errors[0].extensions.code).toBe('UNAUTHENTICATED');
    const klantcontact = a.client();
    await klantcontact.loginStaff(staff('KLANTCONTACT'), DEMO_PASSWORD);
    expect(
      ((await klantcontact.gql(UPDATE, { input: { section: 'GENERAL', patch: { platformName: 'Nee' } } })) as any)
        .errors[0].extensions.code,
    ).toBe('FORBIDDEN');

    // A settings manager scoped to Zuiderveen.
    const ctx = contextFor(
      a.orm,
      a.services,
      staffViewer({
        municipalityIds: [zuiderveen.id],
        permissions: [Permission.SETTINGS_MANAGE],
        adminAccountId: '00000000-0000-4000-8000-000000000001',
      }),
    );
    const own = await a.services.settings.update(ctx, 'general', {
      municipalities: { [zuiderveen.id]: { phone: '0591 123 456' } },
    });
    expect(own.ok).toBe(true);
    expect(own.ok && own.value.value.municipalities[zuiderveen.id]).toEqual({
      ...DEMO_MUNICIPALITY_CONTACTS.zuiderveen,
      phone: '0591 123 456',
    });
    const other = await a.services.settings.update(ctx, 'general', {
      municipalities: { [noorderhaven.id]: { phone: '0594 123 456' } },
    });
    expect(!other.ok && other.errors).toEqual([
      expect.objectContaining({ code: 'OUT_OF_SCOPE', field: `municipalities.${noorderhaven.id}` }),
    ]);
  });

  it('the session lifetime and idle time-out come from the settings', async () => {
    const r: any = await beheerder.gql(UPDATE, {
      input: { section: 'ADVANCED', patch: { sessionLifetimeHours: 2, idleTimeoutMinutes: 15 } },
    });
    expect(r.data.updateSettingsSection.errors).toEqual([]);
    const client = a.client();
    await client.loginStaff(staff('REDACTIE'), DEMO_PASSWORD);
    const em = a.orm.em.fork();
    const [session] = await em.execute<{ id: string; hours: number }[]>(
      `select id, extract(epoch from expires_at - created_at) / 3600 as hours from session order by created_at desc limit 1`,
    );
    expect(Math.round(Number(session!.hours))).toBe(2);
    expect(((await client.gql(`{ viewer { kind } }`)) as any).data.viewer.kind).toBe('STAFF');
    // Idle for longer than 15 minutes (plus the 5 minutes lastSeenAt may lag): logged out.
    await em.execute(`update session set last_seen_at = now() - interval '21 minutes' where id = ?`, [session!.id]);
    expect(((await client.gql(`{ viewer { kind } }`)) as any).data.viewer.kind).toBe('ANONYMOUS');
  });
});

describe('the settings cache without its LISTEN connection', () => {
  let server: TestServer;
  let standalone: SettingsService;

  beforeAll(async () => {
    server = await startTestServer({ env: { JOBS_WORKER: 'false' } });
    // A third "instance": only a settings service, with a quick version check and a slow reconnect.
    standalone = new SettingsService(server.services.config, new AuditService(), {
      fallbackCheckMs: 300,
      reconnectDelayMs: 60_000,
    });
    await standalone.start(server.orm, server.database.url, createLogger('silent'));
  });
  afterAll(async () => {
    await standalone?.stop();
    await server?.close();
  });

  it('checks the version row and serves the new value within the fallback interval', async () => {
    expect((await standalone.get('communication')).wording).toBe('FORMAL');
    expect(standalone.listenerStatus.healthy).toBe(true);
    // The LISTEN connection is cut (a failover, a proxy timeout): notifications are lost from here on.
    await server.orm.em
      .fork()
      .execute(`select pg_terminate_backend(pid) from pg_stat_activity where application_name = ?`, [
        standalone.listenerStatus.applicationName,
      ]);
    await eventually(async () => !standalone.listenerStatus.healthy, 5000, 'the listener to notice');

    const ctx = server.contexts.forSystem('settings.test');
    const r = await server.services.settings.update(ctx, 'communication', {
      wording: 'INFORMAL',
      dailyMassSendLimit: 250,
    });
    expect(r.ok).toBe(true);
    const started = Date.now();
    await eventually(
      async () => (await standalone.get('communication')).wording === 'INFORMAL',
      3000,
      'the version check',
    );
    expect(Date.now() - started).toBeLessThan(1500);
    expect((await standalone.get('communication')).dailyMassSendLimit).toBe(250);
  });
});
