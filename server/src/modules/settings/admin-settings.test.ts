import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestClient, type TestServer } from '../../test/server.js';
import { DEMO_PASSWORD, DEMO_STAFF } from '../../seeders/demo-accounts.js';
import { Permission } from '../../kernel/permissions.js';
import { Person } from '../customers/person.entity.js';
import { decryptBsn } from '../../crypto/bsn.js';
import { applicationNow } from '../../kernel/clock.js';
import { contrastRatio, formatRatio, primaryColor } from '../../rules/color.js';
import { allowListOf, parseRange } from '../../http/ip-allow-list.js';
import { testFolder } from '../../test/folders.js';

const UPDATE = `mutation($input: UpdateSettingsSectionInput!){ updateSettingsSection(input:$input){ errors { field code message } settings { version value } } }`;
const SECTION = `query($s: SettingsSectionKey!){ settingsSection(section:$s){ version value defaults updatedAt } }`;
const PUBLIC = `{ publicSettings { platformName primaryColor } publicAnalytics { enabled scriptUrl } maintenanceStatus { active message endsAt } }`;
const VIEWER = `{ viewer { kind } }`;
const MUNICIPALITIES = `{ municipalities { id } }`;

const admin = DEMO_STAFF.find((s) => s.role === 'BEHEERDER')!;

describe('the contrast rule (src/rules/color.ts, shared with the client)', () => {
  it('computes WCAG ratios and refuses light colours with the ratio in the message', () => {
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 5);
    expect(formatRatio(contrastRatio('#00457a', '#ffffff'))).toBe('9,84');
    expect(primaryColor.check('#1F5FA8')).toEqual({ ok: true, value: '#1f5fa8' });
    expect(primaryColor.check('#36c')).toEqual({ ok: true, value: '#3366cc' });
    const light = primaryColor.check('#ffcc00');
    expect(light.ok).toBe(false);
    if (!light.ok) expect(light.problem.message).toMatch(/1,\d\d:1/);
    expect(primaryColor.check('rood').ok).toBe(false);
  });
});

describe('the IP allow-list parser (node:net BlockList)', () => {
  it('accepts IPv4/IPv6 addresses and CIDR ranges and refuses malformed ones in Dutch', () => {
    expect(parseRange(' 192.0.2.0/24 ')).toEqual({ ok: true, value: '192.0.2.0/24' });
    expect(parseRange('2001:DB8::/32')).toEqual({ ok: true, value: '2001:db8::/32' });
    for (const bad of ['192.0.2.0/33', '300.1.1.1', '10.0.0.0/abc', '10.0.0.0/8/1', 'localhost', '']) {
      const r = parseRange(bad);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.message).toMatch(/geldig|voorvoegsel/);
    }
    const list = allowListOf(['192.0.2.0/24', '2001:db8::/32', '127.0.0.1']);
    expect(list.allows('192.0.2.77')).toBe(true);
    expect(list.allows('::ffff:192.0.2.77')).toBe(true);
    expect(list.allows('2001:db8:1::5')).toBe(true);
    expect(list.allows('198.51.100.1')).toBe(false);
    expect(list.allows(undefined)).toBe(false);
  });
});

describe('settings screens: algemeen, analytics, geavanceerd, onderhoudsmodus, ip', () => {
  let server: TestServer;
  let staff: TestClient;
  let dist: string;

  beforeAll(async () => {
    dist = testFolder('dist');
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><html lang="nl"><body><div id="root"></div></body></html>');
    server = await startTestServer({ seed: true, clientDist: dist });
    staff = server.client();
    await staff.loginStaff(admin.email, DEMO_PASSWORD);
  });
  afterAll(async () => {
    // Leave no lock-out behind for the other tests of this file's database.
    await server?.close();
  });

  const update = (c: TestClient, section: string, patch: Record<string, unknown>) =>
    c.gql(UPDATE, { input: { section, patch } }) as Promise<any>;

  it('refuses a primary colour with too little contrast, naming the ratio, and serves an accepted one publicly', async () => {
    const light: any = await update(staff, 'GENERAL', { primaryColor: '#7fb2e5' });
    expect(light.data.updateSettingsSection.errors[0]).toMatchObject({ field: 'primaryColor', code: 'INVALID' });
    expect(light.data.updateSettingsSection.errors[0].message).toMatch(/te weinig contrast met wit: \d,\d\d:1/);
    const dark: any = await update(staff, 'GENERAL', { primaryColor: '#6B1D5C' });
    expect(dark.data.updateSettingsSection.errors).toEqual([]);
    const pub: any = await server.client().gql(PUBLIC);
    expect(pub.data.publicSettings.primaryColor).toBe('#6b1d5c');
  });

  it('keeps statistics off by default; when on, loads exactly that script on public pages only (CSP)', async () => {
    const before = await server.client().fetch('/aanbod');
    expect(before.headers.get('content-security-policy')).not.toMatch(/plausible/);
    expect(((await server.client().gql(PUBLIC)) as any).data.publicAnalytics).toMatchObject({ enabled: false });

    const missing: any = await update(staff, 'ANALYTICS', { enabled: true });
    expect(missing.data.updateSettingsSection.errors.map((e: any) => e.field)).toEqual(['scriptUrl', 'siteId']);
    const http: any = await update(staff, 'ANALYTICS', {
      enabled: true,
      scriptUrl: 'http://plausible.io/js/script.js',
      siteId: 'gemeentewinkel.nl',
    });
    expect(http.data.updateSettingsSection.errors[0]).toMatchObject({ field: 'scriptUrl' });
    const on: any = await update(staff, 'ANALYTICS', {
      enabled: true,
      tool: 'PLAUSIBLE',
      scriptUrl: 'https://plausible.io/js/script.js',
      siteId: 'gemeentewinkel.nl',
    });
    expect(on.data.updateSettingsSection.errors).toEqual([]);
    const pub = await server.client().fetch('/aanbod');
    const csp = pub.headers.get('content-security-policy')!;
    expect(csp).toContain("script-src 'self' https://plausible.io/js/script.js;");
    expect(csp).toContain("connect-src 'self' https://plausible.io;");
    for (const path of ['/admin', '/account/bestellingen', '/aanbieder/producten']) {
      const res = await server.client().fetch(path);
      expect(res.headers.get('content-security-policy')).toContain("script-src 'self';");
    }
    expect(((await server.client().gql(PUBLIC)) as any).data.publicAnalytics).toMatchObject({
      enabled: true,
      scriptUrl: 'https://plausible.io/js/script.js',
    });
    await update(staff, 'ANALYTICS', { enabled: false });
  });

  it('refuses a script address that would rewrite the Content-Security-Policy, stores the normalised one, and ignores a bad one stored before', async () => {
    const csp = async () => {
      const res = await server.client().fetch('/aanbod');
      expect(res.status).toBe(200);
      return res.headers.get('content-security-policy')!;
    };
    const hostile = [
      "https://x.example/a.js 'unsafe-inline' 'unsafe-eval' https:",
      'https://x.example/a.js; script-src *',
      'https://x.example/a.js;',
      'https://x.example/a.js,https://evil.example/b.js',
      'https://*.example/a.js',
      'https://x.example/*',
      '"https://x.example/a.js"',
      "https://x.example/a'.js",
      'https://x.example/a.js\thttps://evil.example',
      'https://user:geheim@x.example/a.js',
      'https://x.example/a.js?x=1',
      'https://x.example/a.js#x',
      'http://x.example/a.js',
      'javascript:alert(1)',
      'https://[::1]/a.js',
      'https://x.example/a|b.js',
    ];
    for (const scriptUrl of hostile) {
      const r: any = await update(staff, 'ANALYTICS', { enabled: true, tool: 'MATOMO', scriptUrl, siteId: '3' });
      expect(
        r.data.updateSettingsSection.errors.map((e: any) => e.field),
        scriptUrl,
      ).toEqual(['scriptUrl']);
      expect(r.data.updateSettingsSection.errors[0].message, scriptUrl).toMatch(
        /^(Het adres van het statistiekscript mag|Vul het adres van het statistiekscript in|Met dit adres ontstaat geen geldig)/,
      );
    }
    expect(await csp()).toContain("script-src 'self';");

    // The normal value, normalised as a browser reads it (host in lower case, default port dropped).
    const on: any = await update(staff, 'ANALYTICS', {
      enabled: true,
      tool: 'MATOMO',
      scriptUrl: ' https://STATS.example:443/js/script.js ',
      siteId: '3',
    });
    expect(on.data.updateSettingsSection.errors).toEqual([]);
    expect(on.data.updateSettingsSection.settings.value.scriptUrl).toBe('https://stats.example/js/script.js');
    expect(await csp()).toContain("script-src 'self' https://stats.example/js/script.js;");
    expect(await csp()).toContain("connect-src 'self' https://stats.example;");

    // Values stored before they were checked: ignored (statistics off), the policy intact, no page answers 500.
    for (const scriptUrl of [hostile[0], hostile[1]]) {
      await server.orm.em
        .fork()
        .execute(
          `update setting set value = jsonb_set(value, '{scriptUrl}', to_jsonb(?::text)) where section = 'analytics'`,
          [scriptUrl],
        );
      server.services.settings.invalidate('analytics');
      const policy = await csp();
      expect(policy, scriptUrl).toContain("script-src 'self';");
      expect(policy, scriptUrl).not.toContain('unsafe');
      expect(((await server.client().gql(PUBLIC)) as any).data.publicAnalytics).toMatchObject({ enabled: false });
      expect((await server.client().fetch('/')).status).toBe(200);
    }
    const fixed: any = await update(staff, 'ANALYTICS', { enabled: false, scriptUrl: '' });
    expect(fixed.data.updateSettingsSection.errors).toEqual([]);
  });

  it('keeps the resident idle time-out within DigiD’s 15 minutes', async () => {
    const r: any = await update(staff, 'ADVANCED', { residentIdleTimeoutMinutes: 20 });
    expect(r.data.updateSettingsSection.errors[0]).toMatchObject({ field: 'residentIdleTimeoutMinutes' });
    expect(r.data.updateSettingsSection.errors[0].message).toMatch(/15 minuten/);
    const ok: any = await update(staff, 'ADVANCED', { residentIdleTimeoutMinutes: 10 });
    expect(ok.data.updateSettingsSection.errors).toEqual([]);
  });

  it('ends an idle resident session after the resident idle time-out, while staff keep theirs longer', async () => {
    // residentIdleTimeoutMinutes is 10 since the test above; staff keep the general idle time-out (60 minutes).
    const em = server.orm.em.fork();
    const person = await em.findOneOrFail(
      Person,
      { bsnEncrypted: { $ne: null } },
      { populate: ['bsnEncrypted'], orderBy: { externalIdentifier: 'desc' } },
    );
    const resident = server.client();
    await resident.loginWithDigid(decryptBsn(person.bsnEncrypted!, server.services.config.bsn));
    const colleague = server.client();
    await colleague.loginStaff(DEMO_STAFF[1]!.email, DEMO_PASSWORD);
    expect(((await resident.gql(VIEWER)) as any).data.viewer.kind).toBe('CUSTOMER');
    const twelveMinutesAgo = new Date(applicationNow().getTime() - 12 * 60_000);
    await em.execute(`update session set last_seen_at = ? where kind in ('CUSTOMER', 'STAFF')`, [twelveMinutesAgo]);
    expect(((await resident.gql(VIEWER)) as any).data.viewer.kind).toBe('ANONYMOUS');
    expect(((await colleague.gql(VIEWER)) as any).data.viewer.kind).toBe('STAFF');
    expect(((await staff.gql(VIEWER)) as any).data.viewer.kind).toBe('STAFF');
  });

  it('maintenance: residents get 503 with Retry-After, staff and API clients work on, the staff log-in stays open', async () => {
    const em = server.orm.em.fork();
    const person = await em.findOneOrFail(
      Person,
      { bsnEncrypted: { $ne: null } },
      { populate: ['bsnEncrypted'], orderBy: { externalIdentifier: 'asc' } },
    );
    const resident = server.client();
    await resident.loginWithDigid(decryptBsn(person.bsnEncrypted!, server.services.config.bsn));
    expect(((await resident.gql(VIEWER)) as any).data.viewer.kind).toBe('CUSTOMER');

    const bad: any = await update(staff, 'MAINTENANCE', {
      mode: 'SCHEDULED',
      startsAt: new Date(applicationNow().getTime() + 3600_000).toISOString(),
      endsAt: null,
    });
    expect(bad.data.updateSettingsSection.errors[0]).toMatchObject({ field: 'endsAt' });

    const end = new Date(applicationNow().getTime() + 2 * 3600_000);
    const on: any = await update(staff, 'MAINTENANCE', {
      mode: 'ON',
      endsAt: end.toISOString(),
      message: 'Wij werken aan de website tot vanmiddag.',
    });
    expect(on.data.updateSettingsSection.errors).toEqual([]);

    const res = await resident.fetch('/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: MUNICIPALITIES }),
    });
    expect(res.status).toBe(503);
    const retry = Number(res.headers.get('retry-after'));
    expect(retry).toBeGreaterThan(7000);
    expect(retry).toBeLessThanOrEqual(7200);
    const body = (await res.json()) as any;
    expect(body.errors[0]).toMatchObject({ extensions: { code: 'MAINTENANCE' } });
    expect(body.errors[0].message).toMatch(/onderhoud/);

    // What the client needs to show the maintenance page stays open, for everyone.
    const status: any = await resident.gql(PUBLIC);
    expect(status.data.maintenanceStatus).toMatchObject({
      active: true,
      message: 'Wij werken aan de website tot vanmiddag.',
    });
    expect(((await server.client().gql(MUNICIPALITIES)) as any).status).toBe(503);

    // Staff work on; the staff log-in is reachable; partner API clients work on.
    expect(((await staff.gql(MUNICIPALITIES)) as any).data.municipalities.length).toBeGreaterThan(0);
    const colleague = server.client();
    await colleague.loginStaff(DEMO_STAFF[1]!.email, DEMO_PASSWORD);
    expect(((await colleague.gql(VIEWER)) as any).data.viewer.kind).toBe('STAFF');
    const partner = server.apiClient({ permissions: [Permission.PERSON_READ] });
    expect(((await partner.gql(MUNICIPALITIES)) as any).status).toBe(200);
    // Payment webhooks are not GraphQL: they pass (an unknown payment is simply acknowledged or refused, not 503).
    const hook = await server.client().fetch('/payments/webhook', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'id=tr_onbekend',
    });
    expect(hook.status).not.toBe(503);

    const off: any = await update(staff, 'MAINTENANCE', { mode: 'OFF' });
    expect(off.data.updateSettingsSection.errors).toEqual([]);
    expect(((await resident.gql(MUNICIPALITIES)) as any).status).toBe(200);
  });

  it('maintenance scheduled ahead: not active until it starts', async () => {
    const now = applicationNow().getTime();
    const r: any = await update(staff, 'MAINTENANCE', {
      mode: 'SCHEDULED',
      startsAt: new Date(now + 3600_000).toISOString(),
      endsAt: new Date(now + 7200_000).toISOString(),
    });
    expect(r.data.updateSettingsSection.errors).toEqual([]);
    const status: any = await server.client().gql(PUBLIC);
    expect(status.data.maintenanceStatus.active).toBe(false);
    expect(status.data.maintenanceStatus.endsAt).not.toBeNull();
    expect(((await server.client().gql(MUNICIPALITIES)) as any).status).toBe(200);
    await update(staff, 'MAINTENANCE', { mode: 'OFF', startsAt: null, endsAt: null });
  });

  it('IP allow-list: malformed CIDR and a list without the saver’s address are refused; blocked staff are refused and logged', async () => {
    const malformed: any = await update(staff, 'IP', {
      enabled: true,
      entries: [{ range: '10.0.0.0/40', label: 'Kantoor' }],
    });
    expect(malformed.data.updateSettingsSection.errors[0].field).toBe('entries.0.range');
    expect(malformed.data.updateSettingsSection.errors[0].message).toMatch(/voorvoegsel/);

    const lockout: any = await update(staff, 'IP', {
      enabled: true,
      entries: [{ range: '192.0.2.0/24', label: 'Stadhuis' }],
    });
    expect(lockout.data.updateSettingsSection.errors[0]).toMatchObject({ code: 'LOCKS_OUT_SAVER', field: 'entries' });
    expect(lockout.data.updateSettingsSection.errors[0].message).toMatch(/127\.0\.0\.1/);
    const section: any = await staff.gql(SECTION, { s: 'IP' });
    expect(section.errors).toBeUndefined();
    expect(section.data.settingsSection.value.enabled).toBe(false);
    const general: any = await staff.gql(SECTION, { s: 'GENERAL' });
    expect(general.errors).toBeUndefined();
    expect(new Date(general.data.settingsSection.updatedAt).getTime()).not.toBeNaN();

    const saved: any = await update(staff, 'IP', {
      enabled: true,
      entries: [
        { range: '127.0.0.1', label: 'Deze computer' },
        { range: '2001:db8::/32', label: 'VPN' },
      ],
    });
    expect(saved.data.updateSettingsSection.errors).toEqual([]);

    // From another address: the admin pages and the staff API are refused; the public site is not.
    const outsider = server.client({ from: '127.0.0.2' });
    expect((await outsider.fetch('/admin')).status).toBe(403);
    expect((await outsider.fetch('/aanbod')).status).toBe(200);
    const login = await outsider.gql(
      `mutation($e:String!,$p:String!){ loginStaff(email:$e,password:$p){ errors { code } } }`,
      { e: admin.email, p: DEMO_PASSWORD },
    );
    expect(login.status).toBe(403);
    expect(((await outsider.gql(PUBLIC)) as any).status).toBe(200);
    // A made-up X-Forwarded-For is not believed without a trusted proxy.
    const spoof = await outsider.fetch('/admin', { headers: { 'x-forwarded-for': '127.0.0.1' } });
    expect(spoof.status).toBe(403);
    // From the listed address it all works.
    expect((await staff.fetch('/admin')).status).toBe(200);
    expect(((await staff.gql(VIEWER)) as any).data.viewer.kind).toBe('STAFF');

    const off: any = await update(staff, 'IP', { enabled: false });
    expect(off.data.updateSettingsSection.errors).toEqual([]);
    expect((await outsider.fetch('/admin')).status).toBe(200);
  });
});

describe('IP allow-list behind a trusted proxy', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ seed: true, env: { TRUSTED_PROXIES: '127.0.0.1' } });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('takes the client address from X-Forwarded-For only when the request comes from the trusted proxy', async () => {
    const staff = server.client();
    // Through the proxy (127.0.0.1) the staff member is at 198.51.100.7.
    const viaProxy = { 'x-forwarded-for': '198.51.100.7' };
    const login = await staff.fetch('/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...viaProxy },
      body: JSON.stringify({
        query: `mutation($e:String!,$p:String!){ loginStaff(email:$e,password:$p){ errors { code } } }`,
        variables: { e: admin.email, p: DEMO_PASSWORD },
      }),
    });
    expect(login.status).toBe(200);
    const save = (entries: unknown[]) =>
      staff
        .fetch('/graphql', {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...viaProxy },
          body: JSON.stringify({
            query: UPDATE,
            variables: { input: { section: 'IP', patch: { enabled: true, entries } } },
          }),
        })
        .then((r) => r.json() as Promise<any>);
    const refused = await save([{ range: '127.0.0.1', label: 'Proxy' }]);
    expect(refused.data.updateSettingsSection.errors[0].message).toMatch(/198\.51\.100\.7/);
    const ok = await save([{ range: '198.51.100.0/24', label: 'Stadhuis' }]);
    expect(ok.data.updateSettingsSection.errors).toEqual([]);
    // Another address through the proxy is refused; a request from another host claiming the address is not believed.
    const other = server.client();
    expect((await other.fetch('/admin', { headers: { 'x-forwarded-for': '203.0.113.9' } })).status).toBe(403);
    expect((await other.fetch('/admin', { headers: viaProxy })).status).not.toBe(403);
    const stranger = server.client({ from: '127.0.0.2' });
    expect((await stranger.fetch('/admin', { headers: viaProxy })).status).toBe(403);
  });
});
