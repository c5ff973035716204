import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestClient, type TestServer } from '../../test/server.js';
import { DEMO_PASSWORD, DEMO_STAFF, demoProviderEmail } from '../../seeders/demo-accounts.js';
import { applicationNow } from '../../kernel/clock.js';
import { Person } from '../customers/person.entity.js';
import { decryptBsn } from '../../crypto/bsn.js';

const UPDATE = `mutation($input: UpdateSettingsSectionInput!){ updateSettingsSection(input:$input){ errors { field code message } } }`;
const PUBLIC = `{ publicSettings { platformName logoUrl logoWidth logoHeight uploadMaxMegabytes } }`;
const REMOVE = `mutation { removePlatformLogo { errors { field code message } settings { value } } }`;
const staffEmail = (role: string) => DEMO_STAFF.find((s) => s.role === role)!.email;

async function png(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 4, background: { r: 31, g: 95, b: 168, alpha: 1 } } })
    .png()
    .toBuffer();
}

describe('the platform logo (instellingen/algemeen) and uploads during maintenance', { timeout: 120_000 }, () => {
  let server: TestServer;
  let dataDir: string;
  let beheerder: TestClient;

  async function upload(client: TestClient, path: string, file: Buffer | null, type = 'image/png') {
    const body = new FormData();
    if (file) body.set('file', new Blob([new Uint8Array(file)], { type }), 'logo.png');
    const res = await client.fetch(path, { method: 'POST', headers: { 'x-gemeentewinkel-upload': '1' }, body });
    return { status: res.status, retryAfter: res.headers.get('retry-after'), body: (await res.json()) as any };
  }
  const uploadLogo = (client: TestClient, file: Buffer | null, type?: string) =>
    upload(client, '/api/settings/logo', file, type);
  const publicSettings = async () => ((await server.client().gql(PUBLIC)) as any).data.publicSettings;
  const update = (section: string, patch: Record<string, unknown>) =>
    beheerder.gql(UPDATE, { input: { section, patch } }) as Promise<any>;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'gw-logo-'));
    server = await startTestServer({ seed: true, env: { DATA_DIR: dataDir } });
    beheerder = server.client();
    await beheerder.loginStaff(staffEmail('BEHEERDER'), DEMO_PASSWORD);
  });
  afterAll(async () => {
    await server?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('uploads a logo through the image pipeline, shows it publicly, replaces and removes it', async () => {
    expect(await publicSettings()).toMatchObject({ logoUrl: null, uploadMaxMegabytes: 5 });
    const first = await uploadLogo(beheerder, await png(1200, 300));
    expect(first.status).toBe(201);
    expect(first.body.errors).toEqual([]);
    // Scaled down to fit 640 × 160, never enlarged; WebP without metadata.
    expect(first.body.logo).toMatchObject({ width: 640, height: 160 });
    const pub = await publicSettings();
    expect(pub).toMatchObject({ logoUrl: first.body.logo.url, logoWidth: 640, logoHeight: 160 });
    expect(pub.logoUrl).toMatch(/^\/uploads\/branding\/[0-9a-f-]+\.webp$/);
    const served = await server.client().fetch(pub.logoUrl);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).format).toBe('webp');

    // A new logo replaces the old file; the settings' audit row tells before and after.
    const second = await uploadLogo(beheerder, await png(100, 50));
    expect(second.body.logo).toMatchObject({ width: 100, height: 50 });
    expect((await server.client().fetch(first.body.logo.url)).status).toBe(404);
    const [audit] = await server.orm.em
      .fork()
      .execute<any[]>(
        `select details from audit_log where action = 'settings.updated' and subject_id = 'general' order by id desc limit 1`,
      );
    expect(audit.details.after.logo.key).toBe(second.body.logo.url.replace('/uploads/', ''));

    // Not through the generic settings change: the logo is a file.
    const sneaky = await update('GENERAL', { logo: { key: 'logos/x.webp', width: 1, height: 1 } });
    expect(sneaky.data.updateSettingsSection.errors[0]).toMatchObject({ field: 'logo', code: 'INVALID' });

    const removed: any = await beheerder.gql(REMOVE);
    expect(removed.data.removePlatformLogo.errors).toEqual([]);
    expect(removed.data.removePlatformLogo.settings.value.logo).toBeNull();
    expect((await publicSettings()).logoUrl).toBeNull();
    expect((await server.client().fetch(second.body.logo.url)).status).toBe(404);
    const again: any = await beheerder.gql(REMOVE);
    expect(again.data.removePlatformLogo.errors[0].code).toBe('NO_LOGO');
  });

  it('refuses a file that is no image, one over the upload limit setting, and callers without the permission', async () => {
    const notImage = await uploadLogo(
      beheerder,
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      'image/svg+xml',
    );
    expect(notImage.status).toBe(415);
    expect(notImage.body.errors[0]).toMatchObject({ field: 'file', code: 'NOT_AN_IMAGE' });

    // The limit is the setting (instellingen/geavanceerd), exposed publicly for the forms' own check.
    expect((await update('ADVANCED', { uploadMaxMegabytes: 1 })).data.updateSettingsSection.errors).toEqual([]);
    expect((await publicSettings()).uploadMaxMegabytes).toBe(1);
    const big = Buffer.concat([await png(10, 10), Buffer.alloc(1024 * 1024 + 10)]);
    const tooLarge = await uploadLogo(beheerder, big);
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body.errors[0].message).toBe(
      'Deze afbeelding is te groot. Een afbeelding mag hoogstens 1 MB zijn.',
    );
    await update('ADVANCED', { uploadMaxMegabytes: null });

    const redactie = server.client();
    await redactie.loginStaff(staffEmail('REDACTIE'), DEMO_PASSWORD);
    expect((await uploadLogo(redactie, await png(10, 10))).status).toBe(403);
    const provider = server.client();
    await provider.loginProvider(demoProviderEmail(1), DEMO_PASSWORD);
    expect((await uploadLogo(provider, await png(10, 10))).status).toBe(403);
    expect((await uploadLogo(server.client(), await png(10, 10))).status).toBe(401);
    expect((await publicSettings()).logoUrl).toBeNull();
  });

  it('maintenance: providers’ uploads and a resident’s download answer 503 with Retry-After, staff uploads carry on', async () => {
    const provider = server.client();
    await provider.loginProvider(demoProviderEmail(1), DEMO_PASSWORD);
    const person = await server.orm.em
      .fork()
      .findOneOrFail(
        Person,
        { bsnEncrypted: { $ne: null }, erasedAt: null },
        { populate: ['bsnEncrypted'], orderBy: { externalIdentifier: 'asc' } },
      );
    const resident = server.client();
    await resident.loginWithDigid(decryptBsn(person.bsnEncrypted!, server.services.config.bsn));
    const end = new Date(applicationNow().getTime() + 3600_000);
    const on = await update('MAINTENANCE', { mode: 'ON', endsAt: end.toISOString(), message: 'Even geduld.' });
    expect(on.data.updateSettingsSection.errors).toEqual([]);
    try {
      const logo = await upload(provider, '/api/provider/logo', await png(50, 50));
      expect(logo.status).toBe(503);
      expect(Number(logo.retryAfter)).toBeGreaterThan(3500);
      expect(Number(logo.retryAfter)).toBeLessThanOrEqual(3600);
      expect(logo.body.errors[0]).toMatchObject({ code: 'MAINTENANCE' });
      expect(logo.body.errors[0].message).toMatch(/onderhoud/);
      const image = await upload(
        provider,
        '/api/products/00000000-0000-4000-8000-000000000000/images',
        await png(50, 50),
      );
      expect([image.status, image.body.errors[0].code]).toEqual([503, 'MAINTENANCE']);

      const download = await resident.fetch('/api/mijn-gegevens.json');
      expect([download.status, Number(download.headers.get('retry-after')) > 3500]).toEqual([503, true]);

      const staff = await uploadLogo(beheerder, await png(50, 50));
      expect(staff.status).toBe(201);
    } finally {
      await update('MAINTENANCE', { mode: 'OFF', endsAt: null, message: null });
    }
    expect((await upload(provider, '/api/provider/logo', await png(50, 50))).status).toBe(201);
    expect((await resident.fetch('/api/mijn-gegevens.json')).status).toBe(200);
    await beheerder.gql(REMOVE);
  });
});
