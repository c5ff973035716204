import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/server.js';
import { DEMO_PASSWORD, DEMO_STAFF, demoProviderEmail } from '../../seeders/demo-accounts.js';
import { Person } from '../customers/person.entity.js';
import { applicationClock, today } from '../../kernel/clock.js';
import { Session } from './session.entity.js';
import { decryptBsn } from '../../crypto/bsn.js';
import { INVALID_CREDENTIALS } from './auth.service.js';

const LOGIN_STAFF = `mutation($e:String!,$p:String!){ loginStaff(email:$e,password:$p){ errors { field code message } viewer { kind displayName roleName } } }`;
const VIEWER = `{ viewer { kind displayName roleName permissions municipalities { name } provider { name } } }`;

describe('log-in, sessions and log-out', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ seed: true, env: { LOGIN_MAX_ATTEMPTS: '3' } });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('logs staff in with an HttpOnly SameSite session cookie, stored server-side as a hash only', async () => {
    const c = server.client();
    const res = await c.fetch('/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: LOGIN_STAFF, variables: { e: DEMO_STAFF[0]!.email, p: DEMO_PASSWORD } }),
    });
    const body = (await res.json()) as any;
    expect(body.data.loginStaff.errors).toEqual([]);
    expect(body.data.loginStaff.viewer).toMatchObject({ kind: 'STAFF', roleName: 'Beheerder' });
    const cookie = res.headers.getSetCookie().find((l) => l.startsWith('gw_session='))!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    const token = c.cookies.get('gw_session')!;
    const sessions = await server.orm.em.fork().find(Session, {});
    expect(sessions.some((s) => s.tokenHash === token)).toBe(false);

    const me = await c.gql(VIEWER);
    expect(me.data?.viewer.kind).toBe('STAFF');
    expect(me.data?.viewer.permissions).toContain('ROLE_MANAGE');
    expect(me.data?.viewer.municipalities).toHaveLength(2);
  });

  it('scopes a staff member to their municipalities', async () => {
    const c = server.client();
    await c.loginStaff(DEMO_STAFF.find((s) => s.role === 'KLANTCONTACT')!.email, DEMO_PASSWORD);
    const me = await c.gql(VIEWER);
    expect(me.data?.viewer.municipalities.map((m: { name: string }) => m.name)).toEqual(['Gemeente Zuiderveen']);
    expect(me.data?.viewer.permissions).not.toContain('ROLE_MANAGE');
  });

  it('gives a wrong password and an unknown account the same answer', async () => {
    const c = server.client();
    const wrong = await c.gql(LOGIN_STAFF, { e: DEMO_STAFF[1]!.email, p: 'niet-het-goede-wachtwoord' });
    const unknown = await c.gql(LOGIN_STAFF, { e: 'niemand@demo.gemeentewinkel.nl', p: 'niet-het-goede-wachtwoord' });
    expect(wrong.data?.loginStaff.errors).toEqual([
      { field: null, code: 'INVALID_CREDENTIALS', message: INVALID_CREDENTIALS },
    ]);
    expect(unknown.data?.loginStaff.errors).toEqual(wrong.data?.loginStaff.errors);
    expect(c.cookies.has('gw_session')).toBe(false);
  });

  it('asks for missing fields in Dutch, per field', async () => {
    const r = await server.client().gql(LOGIN_STAFF, { e: ' ', p: '' });
    expect(r.data?.loginStaff.errors.map((e: { field: string }) => e.field)).toEqual(['email', 'password']);
    expect(r.data?.loginStaff.errors[0].message).toBe('Vul uw e-mailadres in.');
  });

  it('rate-limits repeated failed log-ins, even with the right password afterwards', async () => {
    const c = server.client();
    const email = DEMO_STAFF[2]!.email;
    for (let i = 0; i < 3; i++) await c.gql(LOGIN_STAFF, { e: email, p: `fout-wachtwoord-${i}-xxxx` });
    const blocked = await c.gql(LOGIN_STAFF, { e: email, p: DEMO_PASSWORD });
    expect(blocked.data?.loginStaff.errors[0].code).toBe('TOO_MANY_ATTEMPTS');
    expect(blocked.data?.loginStaff.errors[0].message).toMatch(/Te veel mislukte pogingen/);
    expect(c.cookies.has('gw_session')).toBe(false);
  });

  it('logs provider users in to their own organisation', async () => {
    const c = server.client();
    await c.loginProvider(demoProviderEmail(2), DEMO_PASSWORD);
    const me = await c.gql(VIEWER);
    expect(me.data?.viewer.kind).toBe('PROVIDER');
    expect(me.data?.viewer.provider.name).toBeTruthy();
    expect(me.data?.viewer.permissions).toEqual([]);
  });

  it('does not let a staff password open the provider area', async () => {
    const r = await server
      .client()
      .gql(`mutation($e:String!,$p:String!){ loginProvider(email:$e,password:$p){ errors { code } } }`, {
        e: DEMO_STAFF[0]!.email,
        p: DEMO_PASSWORD,
      });
    expect(r.data?.loginProvider.errors[0].code).toBe('INVALID_CREDENTIALS');
  });

  it('logs residents in through the DigiD simulator and back to where they were', async () => {
    const em = server.orm.em.fork();
    const person = await em.findOneOrFail(
      Person,
      { bsnEncrypted: { $ne: null } },
      { populate: ['bsnEncrypted'], orderBy: { externalIdentifier: 'asc' } },
    );
    const c = server.client();
    const page = (await c.fetch('/auth/digid/start?returnTo=/account/bestellingen')).headers.get('location');
    expect(page).toMatch(/^\/auth\/digid\/simulator\?RelayState=/);
    const html = await (await c.fetch(page!)).text();
    expect(html).toContain('<html lang="nl">');
    expect(html).toContain(person.lastName);
    expect(html).not.toContain(decryptBsn(person.bsnEncrypted!, server.services.config.bsn).slice(0, 5) + '<');
    // Whom to pick: each person's municipality and the household's arrangements, a child's budget with its name.
    expect(html).toMatch(/Gemeente Zuiderveen · regelingen: Kindpakket \d{4} \(voor [^)]+\)[^<]*Meedoenregeling \d{4}/);
    expect(html).toMatch(/Gemeente Noorderhaven · regelingen: Minimaregeling Noorderhaven \d{4}/);
    const landed = await c.loginWithDigid(
      decryptBsn(person.bsnEncrypted!, server.services.config.bsn),
      '/account/bestellingen',
    );
    expect(landed).toBe('/account/bestellingen');
    const me = await c.gql(VIEWER);
    expect(me.data?.viewer).toMatchObject({ kind: 'CUSTOMER', displayName: person.fullName });
  });

  it('the DigiD simulator shows each household’s client number and offers no children under 16 (application clock)', async () => {
    const em = server.orm.em.fork();
    const day = today(applicationClock());
    const [y, m, d] = day.split('-').map(Number) as [number, number, number];
    const birth = (years: number, plusDays = 0) => {
      const date = new Date(Date.UTC(y - years, m - 1, d + plusDays));
      return date.toISOString().slice(0, 10);
    };
    const page = async () => {
      const c = server.client();
      const location = (await c.fetch('/auth/digid/start')).headers.get('location')!;
      return (await c.fetch(location)).text();
    };
    const label = (p: Person) => `${p.fullName} <span class="muted">(klantnummer huishouden `;
    const people = await em.find(Person, { bsnEncrypted: { $ne: null } }, { populate: ['clientGroup'] });
    const children = people.filter((p) => p.dateOfBirth && p.dateOfBirth > birth(16));
    const adults = people.filter((p) => p.dateOfBirth && p.dateOfBirth <= birth(18));
    expect(children.length).toBeGreaterThan(0);
    let html = await page();
    // Beside each name the household's client number (README: ZV-100001 …), as staff and residents know it.
    const mandy = adults.find((p) => p.clientGroup.getEntity().clientNumber === 'ZV-100001')!;
    expect(html).toContain(`${mandy.fullName} <span class="muted">(klantnummer huishouden ZV-100001, BSN `);
    for (const child of children) expect(html, child.fullName).not.toContain(label(child));
    // The boundary on the application clock: 16 today is offered, 16 tomorrow is not yet.
    const child = children[0]!;
    const original = child.dateOfBirth!;
    try {
      await em.nativeUpdate(Person, { id: child.id }, { dateOfBirth: birth(16) });
      html = await page();
      expect(html).toContain(`${label(child)}${child.clientGroup.getEntity().clientNumber}, BSN `);
      await em.nativeUpdate(Person, { id: child.id }, { dateOfBirth: birth(16, 1) });
      expect(await page()).not.toContain(label(child));
    } finally {
      await em.nativeUpdate(Person, { id: child.id }, { dateOfBirth: original });
    }
  });

  it('refuses a DigiD callback that was not started here, a replayed artifact, an unknown BSN and a foreign return URL', async () => {
    const stranger = server.client();
    const forged = await stranger.fetch('/auth/digid/callback?SAMLart=abc&RelayState=xyz');
    expect(forged.headers.get('location')).toBe('/inloggen?fout=sessie');

    const c = server.client();
    const landed = await c.loginWithDigid('111222333');
    expect(landed).toBe('/inloggen?fout=onbekend');
    expect((await c.gql(VIEWER)).data?.viewer.kind).toBe('ANONYMOUS');

    const d = server.client();
    const start = await d.fetch('/auth/digid/start?returnTo=//evil.example.org/x');
    expect(start.status).toBe(303);
    const em = server.orm.em.fork();
    const person = await em.findOneOrFail(Person, { bsnEncrypted: { $ne: null } }, { populate: ['bsnEncrypted'] });
    const relay = new URL(start.headers.get('location')!, server.url).searchParams.get('RelayState')!;
    const post = await d.fetch('/auth/digid/simulator', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        bsn: decryptBsn(person.bsnEncrypted!, server.services.config.bsn),
        RelayState: relay,
        action: 'login',
      }).toString(),
    });
    const callback = post.headers.get('location')!;
    const first = await d.fetch(callback);
    expect(first.headers.get('location')).toBe('/account/regelingen');
    const replay = await server.client().fetch(callback);
    expect(replay.headers.get('location')).toBe('/inloggen?fout=sessie');
  });

  it('logs out: the session is gone server-side too', async () => {
    const c = server.client();
    await c.loginStaff(DEMO_STAFF[3]!.email, DEMO_PASSWORD);
    const token = c.cookies.get('gw_session')!;
    const out = await c.gql(`mutation { logout }`);
    expect(out.data?.logout).toBe(true);
    expect(c.cookies.has('gw_session')).toBe(false);
    c.cookies.set('gw_session', token);
    expect((await c.gql(VIEWER)).data?.viewer.kind).toBe('ANONYMOUS');
  });
});
