import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestServer, type TestClient, type TestServer } from '../../test/server.js';
import { registerConfirmAndLogin } from '../../test/onboarding.js';
import { DEMO_PASSWORD, demoProviderEmail } from '../../seeders/demo-accounts.js';
import { checkLocation, parseTime } from '../../rules/location.js';

const SAVE = `mutation($id:ID,$input:ProviderLocationInput!){ saveProviderLocation(id:$id,input:$input){
  location { id name street houseNumber postcode city openingHours { weekday opens closes } } errors { field code message } } }`;
const DELETE = `mutation($id:ID!){ deleteProviderLocation(id:$id){ deletedId errors { field code message } } }`;
const MINE = `{ myProvider { id slug logoUrl locations { id street houseNumber openingHours { weekday opens closes } } } }`;
const PUBLIC = `query($id:ID!){ publicProvider(id:$id){ id logoUrl description locations { name street houseNumber postcode city openingHours { weekday opens closes } } } }`;
const REMOVE_LOGO = `mutation { removeProviderLogo { provider { logoUrl } errors { message } } }`;

const weekdays = (opens = '09:00', closes = '17:30') =>
  [1, 2, 3, 4, 5].map((weekday) => ({ weekday, opens, closes })).concat([{ weekday: 6, closed: true } as never]);

const location = (over: Record<string, unknown> = {}) => ({
  name: 'Hoofdvestiging',
  street: 'Marktstraat',
  houseNumber: '12a',
  postcode: '7811ab',
  city: 'Emmen',
  openingHours: weekdays(),
  ...over,
});

describe('provider presence: locations and logo', () => {
  let server: TestServer;
  let dataDir: string;
  let provider: TestClient;
  let other: TestClient;

  async function uploadLogo(client: TestClient, file: Buffer | null, type = 'image/png') {
    const body = new FormData();
    if (file) body.set('file', new Blob([new Uint8Array(file)], { type }), 'logo.png');
    const res = await client.fetch('/api/provider/logo', {
      method: 'POST',
      headers: { 'x-gemeentewinkel-upload': '1' },
      body,
    });
    return { status: res.status, body: (await res.json()) as any };
  }

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'gw-presence-'));
    server = await startTestServer({ seed: true, env: { DATA_DIR: dataDir } });
    provider = server.client();
    await provider.loginProvider(demoProviderEmail(1), DEMO_PASSWORD);
    ({ client: other } = await registerConfirmAndLogin(server));
  });
  afterAll(async () => {
    await server?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('gives the demo providers a logo drawn at seed time and locations with opening hours', async () => {
    const mine: any = await provider.gql(MINE);
    const pub: any = await server.client().gql(PUBLIC, { id: mine.data.myProvider.id });
    const p = pub.data.publicProvider;
    expect(p.description).not.toBe('');
    expect(p.logoUrl).toMatch(/^\/uploads\/logos\/[0-9a-f-]+\.webp$/);
    const logo = await server.client().fetch(p.logoUrl);
    const meta = await sharp(Buffer.from(await logo.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(['webp', 400, 400]);
    // The sports club: its own address and the sports hall, open on weekday evenings, closed on Sunday.
    expect(p.locations).toHaveLength(2);
    expect(p.locations[0].openingHours[0]).toEqual({ weekday: 1, opens: '16:00', closes: '22:00' });
    expect(p.locations[0].openingHours[6]).toEqual({ weekday: 7, opens: null, closes: null });
    expect(p.locations[1].name).toMatch(/^Sporthal /);
  });

  it('checks a location with the shared rules: address and opening hours per weekday', () => {
    expect(parseTime('9:00')).toBe('09:00');
    expect(parseTime('17.30')).toBe('17:30');
    expect(parseTime('0830')).toBe('08:30');
    expect(parseTime('24:00')).toBeNull();
    const good = checkLocation(location());
    expect(good.problems).toEqual([]);
    expect(good.values).toMatchObject({ postcode: '7811 AB', houseNumber: '12a' });
    expect(good.values.openingHours).toHaveLength(7);
    expect(good.values.openingHours[6]).toEqual({ weekday: 7, opens: null, closes: null });
    const bad = checkLocation(
      location({
        street: '',
        houseNumber: 'twaalf',
        postcode: '0123 AB',
        city: '',
        openingHours: [
          { weekday: 1, opens: '17:00', closes: '09:00' },
          { weekday: 2, opens: '09:00', closes: '' },
          { weekday: 3, opens: '25:00', closes: '18:00' },
        ],
      }),
    );
    expect(bad.problems.map((p) => [p.field, p.code])).toEqual([
      ['street', 'REQUIRED'],
      ['houseNumber', 'INVALID'],
      ['postcode', 'INVALID'],
      ['city', 'REQUIRED'],
      ['closes-1', 'RANGE'],
      ['closes-2', 'REQUIRED'],
      ['opens-3', 'INVALID'],
    ]);
    expect(checkLocation(location({ openingHours: [{ weekday: 1 }, { weekday: 1 }] })).problems[0]?.field).toBe(
      'openingHours',
    );
    expect(
      checkLocation(location({ openingHours: [{ weekday: 8, opens: '09:00', closes: '10:00' }] })).problems,
    ).toHaveLength(1);
  });

  it('adds, changes and removes locations; the public page shows them with their opening hours', async () => {
    const added: any = await provider.gql(SAVE, { input: location() });
    expect(added.data.saveProviderLocation.errors).toEqual([]);
    const loc = added.data.saveProviderLocation.location;
    expect(loc).toMatchObject({ street: 'Marktstraat', houseNumber: '12a', postcode: '7811 AB', city: 'Emmen' });
    expect(loc.openingHours[0]).toEqual({ weekday: 1, opens: '09:00', closes: '17:30' });
    expect(loc.openingHours[5]).toEqual({ weekday: 6, opens: null, closes: null });

    const changed: any = await provider.gql(SAVE, {
      id: loc.id,
      input: location({ street: 'Kerkplein', houseNumber: '3', openingHours: weekdays('08:00', '12:00') }),
    });
    expect(changed.data.saveProviderLocation.errors).toEqual([]);
    expect(changed.data.saveProviderLocation.location).toMatchObject({ id: loc.id, street: 'Kerkplein' });

    const second: any = await provider.gql(SAVE, {
      input: location({ name: 'Tweede', street: 'Weg', houseNumber: '1' }),
    });
    const secondId = second.data.saveProviderLocation.location.id;

    const mine: any = await provider.gql(MINE);
    // Added after the demo's own locations, in the order they were added.
    expect(mine.data.myProvider.locations.map((l: any) => l.street).slice(-2)).toEqual(['Kerkplein', 'Weg']);
    const pub: any = await server.client().gql(PUBLIC, { id: mine.data.myProvider.id });
    const shown = pub.data.publicProvider.locations.find((l: any) => l.street === 'Kerkplein');
    expect(shown).toMatchObject({
      name: 'Hoofdvestiging',
      street: 'Kerkplein',
      houseNumber: '3',
      postcode: '7811 AB',
      city: 'Emmen',
    });
    expect(shown.openingHours[0]).toEqual({
      weekday: 1,
      opens: '08:00',
      closes: '12:00',
    });

    const removed: any = await provider.gql(DELETE, { id: secondId });
    expect(removed.data.deleteProviderLocation).toEqual({ deletedId: secondId, errors: [] });
    const after: any = await provider.gql(MINE);
    const left = after.data.myProvider.locations.map((l: any) => l.id);
    expect(left).toContain(loc.id);
    expect(left).not.toContain(secondId);
    expect(left).toHaveLength(mine.data.myProvider.locations.length - 1);
  });

  it('refuses a bad location per field on the server and stores nothing', async () => {
    const before: any = await provider.gql(MINE);
    const r: any = await provider.gql(SAVE, {
      input: location({ postcode: '12', openingHours: [{ weekday: 1, opens: '18:00', closes: '08:00' }] }),
    });
    expect(r.data.saveProviderLocation.location).toBeNull();
    expect(r.data.saveProviderLocation.errors.map((e: any) => e.field)).toEqual(['postcode', 'closes-1']);
    expect(r.data.saveProviderLocation.errors[1].message).toBe(
      'De sluitingstijd op maandag moet na de openingstijd liggen.',
    );
    const after: any = await provider.gql(MINE);
    expect(after.data.myProvider.locations).toHaveLength(before.data.myProvider.locations.length);
  });

  it('never lets a provider change or remove another provider’s location', async () => {
    const mine: any = await provider.gql(MINE);
    const target = mine.data.myProvider.locations[0];
    const change: any = await other.gql(SAVE, { id: target.id, input: location({ street: 'Overgenomen' }) });
    expect(change.data.saveProviderLocation.errors[0].code).toBe('NOT_FOUND');
    const remove: any = await other.gql(DELETE, { id: target.id });
    expect(remove.data.deleteProviderLocation.errors[0].code).toBe('NOT_FOUND');
    const anonymous: any = await server.client().gql(DELETE, { id: target.id });
    expect(anonymous.errors[0].extensions.code).toBe('UNAUTHENTICATED');
    const after: any = await provider.gql(MINE);
    expect(after.data.myProvider.locations[0]).toMatchObject({ id: target.id, street: target.street });
    expect((await other.gql(MINE)).data!.myProvider.locations).toEqual([]);
  });

  it('holds the limit of locations when they are added at the same time', async () => {
    const { client } = await registerConfirmAndLogin(server);
    const results: any[] = await Promise.all(
      Array.from({ length: 12 }, (_, i) => client.gql(SAVE, { input: location({ name: `V${i}` }) })),
    );
    const ok = results.filter((r) => r.data.saveProviderLocation.errors.length === 0);
    expect(ok).toHaveLength(10);
    expect(
      results.find((r) => r.data.saveProviderLocation.errors.length)!.data.saveProviderLocation.errors[0].code,
    ).toBe('TOO_MANY');
    expect((await client.gql(MINE)).data!.myProvider.locations).toHaveLength(10);
  });

  it('takes a logo through the upload pipeline: re-encoded to fit 400 × 400, replaced, removed', async () => {
    const png = await sharp({ create: { width: 1600, height: 800, channels: 3, background: 'orange' } })
      .png()
      .toBuffer();
    const first = await uploadLogo(provider, png);
    expect(first.status).toBe(201);
    expect(first.body.errors).toEqual([]);
    expect(first.body.logo).toMatchObject({ width: 400, height: 200 });
    const mine: any = await provider.gql(MINE);
    const url = mine.data.myProvider.logoUrl;
    expect(url).toMatch(/^\/uploads\/logos\/[0-9a-f-]+\.webp$/);
    const served = await server.client().fetch(url);
    expect(served.headers.get('content-type')).toBe('image/webp');
    const pub: any = await server.client().gql(PUBLIC, { id: mine.data.myProvider.id });
    expect(pub.data.publicProvider.logoUrl).toBe(url);

    const second = await uploadLogo(provider, png);
    expect(second.body.logo.url).not.toBe(url);
    expect((await server.client().fetch(url)).status).toBe(404);

    const removed: any = await provider.gql(REMOVE_LOGO);
    expect(removed.data.removeProviderLogo).toEqual({ provider: { logoUrl: null }, errors: [] });
    expect((await server.client().fetch(second.body.logo.url)).status).toBe(404);
  });

  it('refuses a logo that is too large, not an image, or from someone who is not a provider', async () => {
    const big = Buffer.concat([
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
      Buffer.alloc(5 * 1024 * 1024 + 10),
    ]);
    const tooLarge = await uploadLogo(provider, big);
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body.errors[0]).toMatchObject({
      field: 'file',
      message: 'Deze afbeelding is te groot. Een afbeelding mag hoogstens 5 MB zijn.',
    });
    const text = await uploadLogo(provider, Buffer.from('<svg onload="alert(1)"/>'), 'image/svg+xml');
    expect(text.status).toBe(415);
    const none = await uploadLogo(provider, null);
    expect(none.status).toBe(400);
    const anonymous = await uploadLogo(server.client(), Buffer.from('x'));
    expect(anonymous.status).toBe(401);
    const staff = server.client();
    await staff.loginStaff('beheerder@demo.gemeentewinkel.nl', DEMO_PASSWORD);
    const forbidden = await uploadLogo(staff, Buffer.from('x'));
    expect(forbidden.status).toBe(403);
    expect((await provider.gql(MINE)).data!.myProvider.logoUrl).toBeNull();
  });
});
