import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestClient, type TestServer } from '../../test/server.js';
import { ManualClock } from '../../kernel/clock.js';
import { DEMO_PASSWORD, DEMO_STAFF } from '../../seeders/demo-accounts.js';
import { Person } from '../customers/person.entity.js';
import { decryptBsn } from '../../crypto/bsn.js';

const staffEmail = (role: string) => DEMO_STAFF.find((s) => s.role === role)!.email;

const SAVE = `mutation($id: ID, $input: AnnouncementInput!) { saveAnnouncement(id: $id, input: $input) {
  announcement { id title severity state municipalityId bodyHtml } errors { field code message } } }`;
const ACTIVE = `{ activeAnnouncements { id title severity bodyHtml } }`;
const ONE = `query($id: ID!) { activeAnnouncement(id: $id) { id title } }`;
const LIST = `{ announcements { id state editable municipalityId } }`;
const DELETE = `mutation($id: ID!) { deleteAnnouncement(id: $id) { deletedId errors { code } } }`;

describe('public announcements (meldingen)', () => {
  const clock = new ManualClock(new Date('2030-03-12T09:00:00Z'));
  let server: TestServer;
  let redactie: TestClient; // an editor for every municipality (Beheerder)
  let zv: string;
  let nh: string;
  const at = (iso: string) => new Date(iso).toISOString();

  beforeAll(async () => {
    server = await startTestServer({ seed: true, clock });
    redactie = server.client();
    await redactie.loginStaff(staffEmail('BEHEERDER'), DEMO_PASSWORD);
    const rows = await server.orm.em
      .fork()
      .execute<{ id: string; slug: string }[]>(`select id, slug from municipality order by slug`);
    zv = rows.find((r) => r.slug === 'zuiderveen')!.id;
    // The demo's announcements aside: this test's own, on its own clock.
    await server.orm.em.fork().execute(`delete from announcement`);
    nh = rows.find((r) => r.slug === 'noorderhaven')!.id;
  });
  afterAll(async () => {
    await server?.close();
  });

  it('shows an announcement only between its start and end (application clock), outages first', async () => {
    const info: any = await redactie.gql(SAVE, {
      input: {
        title: 'Nieuwe regeling',
        body: 'Lees **meer** op [de site](https://example.org).',
        severity: 'INFO',
        startsAt: at('2030-03-12T08:00:00Z'),
        endsAt: at('2030-03-20T08:00:00Z'),
      },
    });
    expect(info.data.saveAnnouncement.errors).toEqual([]);
    expect(info.data.saveAnnouncement.announcement.state).toBe('ACTIVE');
    const future: any = await redactie.gql(SAVE, {
      input: {
        title: 'Onderhoud volgende week',
        body: 'De site is even niet bereikbaar.',
        severity: 'OUTAGE',
        startsAt: at('2030-03-19T08:00:00Z'),
      },
    });
    expect(future.data.saveAnnouncement.announcement.state).toBe('SCHEDULED');
    const anonymous = server.client();
    let active: any = await anonymous.gql(ACTIVE);
    expect(active.data.activeAnnouncements.map((a: any) => a.title)).toEqual(['Nieuwe regeling']);
    expect(active.data.activeAnnouncements[0].bodyHtml).toContain('<strong>meer</strong>');
    expect(
      (await anonymous.gql(ONE, { id: future.data.saveAnnouncement.announcement.id })).data!.activeAnnouncement,
    ).toBeNull();

    clock.set(new Date('2030-03-19T09:00:00Z'));
    active = await anonymous.gql(ACTIVE);
    expect(active.data.activeAnnouncements.map((a: any) => a.title)).toEqual([
      'Onderhoud volgende week',
      'Nieuwe regeling',
    ]);
    clock.set(new Date('2030-03-21T09:00:00Z'));
    active = await anonymous.gql(ACTIVE);
    expect(active.data.activeAnnouncements.map((a: any) => a.title)).toEqual(['Onderhoud volgende week']);
    expect(
      (await anonymous.gql(ONE, { id: info.data.saveAnnouncement.announcement.id })).data!.activeAnnouncement,
    ).toBeNull();
    clock.set(new Date('2030-03-12T09:00:00Z'));
  });

  it('renders script and javascript: links harmlessly, and refuses bad input in Dutch', async () => {
    const evil: any = await redactie.gql(SAVE, {
      input: {
        title: 'Let op',
        body: '<script>alert(1)</script> [klik](javascript:alert(1))',
        severity: 'WARNING',
        startsAt: at('2030-03-12T08:00:00Z'),
      },
    });
    const html = evil.data.saveAnnouncement.announcement.bodyHtml;
    expect(html).not.toContain('<script');
    expect(html).not.toContain('href="javascript:');
    const bad: any = await redactie.gql(SAVE, {
      input: {
        title: '',
        body: 'x',
        severity: 'INFO',
        startsAt: at('2030-03-12T08:00:00Z'),
        endsAt: at('2030-03-11T08:00:00Z'),
      },
    });
    expect(bad.data.saveAnnouncement.announcement).toBeNull();
    expect(bad.data.saveAnnouncement.errors.map((e: any) => [e.field, e.message])).toEqual([
      ['title', 'Vul een titel in.'],
      ['endsAt', 'Het einde moet na het begin liggen.'],
    ]);
  });

  it('shows an announcement of a municipality to its residents (and its staff), and to visitors who are not logged in', async () => {
    await server.orm.em.fork().execute(`delete from announcement`);
    const input = (title: string, municipalityId: string | null) => ({
      title,
      body: 'Tekst.',
      severity: 'INFO',
      startsAt: at('2030-03-12T08:00:00Z'),
      municipalityId,
    });
    const ids: Record<string, string> = {};
    for (const [title, m] of [
      ['Voor iedereen', null],
      ['Alleen Zuiderveen', zv],
      ['Alleen Noorderhaven', nh],
    ] as const) {
      const r: any = await redactie.gql(SAVE, { input: input(title, m) });
      expect(r.data.saveAnnouncement.errors).toEqual([]);
      ids[title] = r.data.saveAnnouncement.announcement.id;
    }
    const titles = async (c: TestClient) =>
      ((await c.gql(ACTIVE)) as any).data.activeAnnouncements.map((a: any) => a.title).sort();
    const residentOf = async (slug: string) => {
      const em = server.orm.em.fork();
      const person = await em.findOneOrFail(
        Person,
        { bsnEncrypted: { $ne: null }, municipality: { slug } },
        { populate: ['bsnEncrypted'], orderBy: { externalIdentifier: 'asc' } },
      );
      const c = server.client();
      await c.loginWithDigid(decryptBsn(person.bsnEncrypted!, server.services.config.bsn));
      return c;
    };
    const zuiderveen = await residentOf('zuiderveen');
    const noorderhaven = await residentOf('noorderhaven');
    expect(await titles(zuiderveen)).toEqual(['Alleen Zuiderveen', 'Voor iedereen']);
    expect(await titles(noorderhaven)).toEqual(['Alleen Noorderhaven', 'Voor iedereen']);
    // A visitor who is not logged in (municipality unknown) sees every municipality's: a DigiD outage is for them.
    const anonymous = server.client();
    expect(await titles(anonymous)).toEqual(['Alleen Noorderhaven', 'Alleen Zuiderveen', 'Voor iedereen']);
    // The detail page follows the same rule.
    expect((await zuiderveen.gql<any>(ONE, { id: ids['Alleen Zuiderveen'] })).data!.activeAnnouncement).not.toBeNull();
    expect((await noorderhaven.gql<any>(ONE, { id: ids['Alleen Zuiderveen'] })).data!.activeAnnouncement).toBeNull();
    expect((await anonymous.gql<any>(ONE, { id: ids['Alleen Zuiderveen'] })).data!.activeAnnouncement).not.toBeNull();
    expect((await anonymous.gql<any>(ONE, { id: ids['Voor iedereen'] })).data!.activeAnnouncement).not.toBeNull();
    // Staff see what the residents in their scope see; an editor for every municipality sees them all.
    const scoped = server.client();
    await scoped.loginStaff(staffEmail('KLANTCONTACT'), DEMO_PASSWORD);
    expect(await titles(scoped)).toEqual(['Alleen Zuiderveen', 'Voor iedereen']);
    expect(await titles(redactie)).toHaveLength(3);
    await server.orm.em.fork().execute(`delete from announcement where municipality_id is not null`);
  });

  it('keeps scoped staff to their municipality and others out', async () => {
    const scoped = server.client();
    await scoped.loginStaff(staffEmail('KLANTCONTACT'), DEMO_PASSWORD);
    const input = {
      title: 'Alleen Zuiderveen',
      body: 'Tekst.',
      severity: 'INFO',
      startsAt: at('2030-03-12T08:00:00Z'),
    };
    const everywhere: any = await scoped.gql(SAVE, { input });
    expect(everywhere.data.saveAnnouncement.errors[0]).toMatchObject({ field: 'municipalityId', code: 'NOT_ALLOWED' });
    expect(
      (await scoped.gql(SAVE, { input: { ...input, municipalityId: nh } })).data!.saveAnnouncement.errors[0].code,
    ).toBe('NOT_ALLOWED');
    const own: any = await scoped.gql(SAVE, { input: { ...input, municipalityId: zv } });
    expect(own.data.saveAnnouncement.errors).toEqual([]);
    // Their list: their own, and the platform-wide one live now (shown to every visitor), marked not theirs to change.
    const platform = (await redactie.gql(LIST)).data!.announcements.find(
      (a: any) => a.id !== own.data.saveAnnouncement.announcement.id,
    );
    expect(platform).toMatchObject({ municipalityId: null, state: 'ACTIVE', editable: true });
    const list: any = await scoped.gql(LIST);
    const byId = (rows: [string, boolean][]) => rows.sort((x, y) => x[0].localeCompare(y[0]));
    expect(byId(list.data.announcements.map((a: any) => [a.id, a.editable]))).toEqual(
      byId([
        [own.data.saveAnnouncement.announcement.id, true],
        [platform.id, false],
      ]),
    );
    // A platform-wide one that is not live (not started yet) stays out of their list.
    clock.set(new Date('2030-03-11T09:00:00Z'));
    expect(((await scoped.gql(LIST)) as any).data.announcements.map((a: any) => a.id)).toEqual([
      own.data.saveAnnouncement.announcement.id,
    ]);
    clock.set(new Date('2030-03-12T09:00:00Z'));
    // A platform-wide one is not theirs to change or delete.
    expect(
      (await scoped.gql(SAVE, { id: platform.id, input: { ...input, municipalityId: zv } })).data!.saveAnnouncement
        .errors[0].code,
    ).toBe('NOT_FOUND');
    expect((await scoped.gql(DELETE, { id: platform.id })).data!.deleteAnnouncement.errors[0].code).toBe('NOT_FOUND');
    expect(
      (await scoped.gql(DELETE, { id: own.data.saveAnnouncement.announcement.id })).data!.deleteAnnouncement.errors,
    ).toEqual([]);
    const financien = server.client();
    await financien.loginStaff(staffEmail('FINANCIEN'), DEMO_PASSWORD);
    expect(((await financien.gql(LIST)) as any).errors[0].extensions.code).toBe('FORBIDDEN');
  });
});
