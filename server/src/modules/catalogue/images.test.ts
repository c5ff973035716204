import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { mkdtempSync, readdirSync, rmSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestServer, type TestClient, type TestServer } from '../../test/server.js';
import { DEMO_PASSWORD, DEMO_STAFF, demoProviderEmail } from '../../seeders/demo-accounts.js';
import { Category } from './category.entity.js';
import { sniffImageType } from '../../platform/images.js';
import { LocalDiskStorage } from '../../integrations/storage/file-storage.js';

const CREATE = `mutation($input: ProductInput!){ createProduct(input:$input){ errors { message } product { id } } }`;
const IMAGES = `query($id:ID!){ myProduct(id:$id){ id status images { id url thumbnailUrl width height alt } } }`;
const DELETE = `mutation($p:ID!,$i:ID!){ deleteProductImage(productId:$p,imageId:$i){ errors { code message } product { id images { id } } } }`;

function form(file: Buffer | null, name = 'foto.png', type = 'image/png', alt = 'Een foto') {
  const body = new FormData();
  body.set('alt', alt);
  if (file) body.set('file', new Blob([new Uint8Array(file)], { type }), name);
  return body;
}

describe('product images', () => {
  let server: TestServer;
  let dataDir: string;
  let provider: TestClient;
  let other: TestClient;
  let productId: string;
  const uploads = () => join(dataDir, 'uploads', 'products');
  const stored = () => (existsSync(uploads()) ? readdirSync(uploads()).filter((f) => !f.startsWith('.')) : []);

  async function upload(
    client: TestClient,
    body: FormData,
    headers: Record<string, string> = { 'x-gemeentewinkel-upload': '1' },
    id = productId,
  ) {
    const res = await client.fetch(`/api/products/${id}/images`, { method: 'POST', headers, body });
    return { status: res.status, body: (await res.json()) as any };
  }

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'gw-images-'));
    server = await startTestServer({ seed: true, env: { DATA_DIR: dataDir } });
    provider = server.client();
    await provider.loginProvider(demoProviderEmail(1), DEMO_PASSWORD);
    other = server.client();
    await other.loginProvider(demoProviderEmail(2), DEMO_PASSWORD);
    const category = await server.orm.em.fork().findOneOrFail(Category, { slug: 'sport-en-bewegen' });
    const r: any = await provider.gql(CREATE, {
      input: {
        title: 'Product met foto',
        description: '',
        priceCents: 1000,
        categoryId: category.id,
        availability: 'AVAILABLE',
        redemptionMethod: 'PICKUP',
      },
    });
    productId = r.data.createProduct.product.id;
  });
  afterAll(async () => {
    await server?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('recognises JPEG, PNG and WebP by their content', async () => {
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: 'red' } })
      .png()
      .toBuffer();
    const jpg = await sharp({ create: { width: 4, height: 4, channels: 3, background: 'red' } })
      .jpeg()
      .toBuffer();
    const webp = await sharp({ create: { width: 4, height: 4, channels: 3, background: 'red' } })
      .webp()
      .toBuffer();
    expect([sniffImageType(png), sniffImageType(jpg), sniffImageType(webp)]).toEqual([
      'image/png',
      'image/jpeg',
      'image/webp',
    ]);
    expect(sniffImageType(Buffer.from('GIF89a...'))).toBeNull();
    expect(sniffImageType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"></svg>'))).toBeNull();
  });

  it('stores an uploaded photo re-encoded with a 400×300 thumbnail and serves both', async () => {
    const photo = await sharp({
      create: { width: 2400, height: 1600, channels: 3, background: { r: 10, g: 120, b: 200 } },
    })
      .withMetadata({ exif: { IFD0: { Copyright: 'geheim' } } })
      .jpeg()
      .toBuffer();
    // The demo products' pictures are already there (two files each).
    const before = stored().length;
    const { status, body } = await upload(
      provider,
      form(photo, 'vakantie.JPG', 'image/jpeg', 'Kinderen op de tennisbaan'),
    );
    expect(status).toBe(201);
    expect(body.errors).toEqual([]);
    expect(body.image).toMatchObject({ width: 1200, height: 800, alt: 'Kinderen op de tennisbaan' });
    expect(stored()).toHaveLength(before + 2);

    const r: any = await provider.gql(IMAGES, { id: productId });
    const image = r.data.myProduct.images[0];
    expect(image.url).toMatch(/^\/uploads\/products\/[0-9a-f-]+\.webp$/);
    const big = await server.client().fetch(image.url);
    expect(big.status).toBe(200);
    expect(big.headers.get('content-type')).toBe('image/webp');
    expect(big.headers.get('x-content-type-options')).toBe('nosniff');
    const bigMeta = await sharp(Buffer.from(await big.arrayBuffer())).metadata();
    expect([bigMeta.format, bigMeta.width, bigMeta.exif]).toEqual(['webp', 1200, undefined]);
    const thumb = await server.client().fetch(image.thumbnailUrl);
    const thumbMeta = await sharp(Buffer.from(await thumb.arrayBuffer())).metadata();
    expect([thumbMeta.width, thumbMeta.height]).toEqual([400, 300]);
  });

  it('refuses a non-image, a disguised file, a broken image and a file over 5 MB, storing nothing', async () => {
    const before = stored().length;
    const cases: [FormData, number, string][] = [
      [
        form(Buffer.from('dit is gewoon tekst'), 'foto.png', 'image/png'),
        415,
        'Dit bestand is geen afbeelding. Kies een JPEG-, PNG- of WebP-afbeelding.',
      ],
      [
        form(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>'), 'x.svg', 'image/svg+xml'),
        415,
        'Dit bestand is geen afbeelding. Kies een JPEG-, PNG- of WebP-afbeelding.',
      ],
      [
        form(Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(500, 7)]), 'kapot.jpg', 'image/jpeg'),
        400,
        'Deze afbeelding kan niet worden gelezen. Misschien is het bestand beschadigd; probeer een andere afbeelding.',
      ],
      [
        form(
          Buffer.concat([
            Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
            Buffer.alloc(5 * 1024 * 1024 + 10),
          ]),
          'groot.png',
        ),
        413,
        'Deze afbeelding is te groot. Een afbeelding mag hoogstens 5 MB zijn.',
      ],
      [form(null), 400, 'Kies een afbeelding om te uploaden.'],
    ];
    for (const [body, status, message] of cases) {
      const r = await upload(provider, body);
      expect(r.status, message).toBe(status);
      expect(r.body.image).toBeNull();
      expect(r.body.errors[0]).toMatchObject({ field: 'file', message });
    }
    expect(stored()).toHaveLength(before);
  });

  it('reads the upload limit (instellingen/geavanceerd) at every request: a change applies without a restart', async () => {
    const UPDATE = `mutation($input: UpdateSettingsSectionInput!){ updateSettingsSection(input:$input){ errors { field message } } }`;
    const staff = server.client();
    await staff.loginStaff(DEMO_STAFF.find((s) => s.role === 'BEHEERDER')!.email, DEMO_PASSWORD);
    const setLimit = async (uploadMaxMegabytes: number | null) =>
      ((await staff.gql(UPDATE, { input: { section: 'ADVANCED', patch: { uploadMaxMegabytes } } })) as any).data
        .updateSettingsSection.errors;
    const pngOf = (bytes: number) =>
      form(Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(bytes, 7)]));
    const before = stored().length;

    expect(await setLimit(6)).toEqual([
      {
        field: 'uploadMaxMegabytes',
        message: 'Een upload mag hoogstens 5 MB groot zijn; meer kan de afbeeldingsverwerking niet aan.',
      },
    ]);
    expect(await setLimit(0)).toEqual([
      { field: 'uploadMaxMegabytes', message: 'Een upload mag minstens 1 MB groot zijn.' },
    ]);
    expect(await setLimit(1)).toEqual([]);
    const refused = await upload(provider, pngOf(1.5 * 1024 * 1024));
    expect(refused.status).toBe(413);
    expect(refused.body.errors[0]).toMatchObject({
      field: 'file',
      code: 'TOO_LARGE',
      message: 'Deze afbeelding is te groot. Een afbeelding mag hoogstens 1 MB zijn.',
    });

    // Back to the default (5 MB): the same file is read again (and refused only for not being an image).
    expect(await setLimit(null)).toEqual([]);
    const read = await upload(provider, pngOf(1.5 * 1024 * 1024));
    expect(read.status).toBe(400);
    expect(read.body.errors[0].code).not.toBe('TOO_LARGE');
    expect(stored()).toHaveLength(before);
  });

  it('is CSRF-safe and checks ownership', async () => {
    const png = await sharp({ create: { width: 50, height: 50, channels: 3, background: 'green' } })
      .png()
      .toBuffer();
    const noHeader = await upload(provider, form(png), {});
    expect(noHeader.status).toBe(400);
    const crossSite = await upload(provider, form(png), {
      'x-gemeentewinkel-upload': '1',
      origin: 'https://evil.example',
    });
    expect(crossSite.status).toBe(403);
    const anonymous = await upload(server.client(), form(png));
    expect(anonymous.status).toBe(401);
    const stranger = await upload(other, form(png));
    expect(stranger.status).toBe(404);
    expect(stranger.body.errors[0].message).toBe('Dit product is niet gevonden.');
    const r: any = await other.gql(DELETE, { p: productId, i: '00000000-0000-4000-8000-000000000000' });
    expect(r.data.deleteProductImage.errors[0].code).toBe('NOT_FOUND');
  });

  it('never serves a file outside the uploads folder', async () => {
    for (const path of [
      '/uploads/..%2F..%2F..%2Fetc%2Fpasswd',
      '/uploads/products/..%2F..%2F.env',
      '/uploads/../package.json',
      '/uploads/products/%2e%2e%2fx.webp',
      '/uploads/products/x.webp%00.png',
      '/uploads/products/onbekend.webp',
      '/uploads/PRODUCTS/X.WEBP',
    ]) {
      const res = await server.client().fetch(path);
      expect(res.status, path).toBe(404);
    }
    const storage = new LocalDiskStorage(join(dataDir, 'uploads'));
    expect(storage.pathOf('../x.webp')).toBeNull();
    expect(storage.pathOf('products/../../x.webp')).toBeNull();
    expect(storage.pathOf('products/a.webp')).toBe(join(dataDir, 'uploads', 'products', 'a.webp'));
  });

  it('deletes an image and its files', async () => {
    const r: any = await provider.gql(IMAGES, { id: productId });
    const image = r.data.myProduct.images[0];
    const before = stored().length;
    const d: any = await provider.gql(DELETE, { p: productId, i: image.id });
    expect(d.data.deleteProductImage.errors).toEqual([]);
    expect(d.data.deleteProductImage.product.images).toEqual([]);
    expect(stored()).toHaveLength(before - 2);
    expect((await server.client().fetch(image.url)).status).toBe(404);
  });

  it('adds images to a product being created, in the chosen order, before it is submitted', async () => {
    const category = await server.orm.em.fork().findOneOrFail(Category, { slug: 'sport-en-bewegen' });
    const created: any = await provider.gql(CREATE, {
      input: {
        title: 'Nieuw met foto’s',
        description: 'Met **drie** foto’s.',
        priceCents: 2500,
        categoryId: category.id,
        availability: 'AVAILABLE',
        redemptionMethod: 'PICKUP',
      },
    });
    const id = created.data.createProduct.product.id;
    const colours = ['red', 'green', 'blue'] as const;
    for (const [i, background] of colours.entries()) {
      const png = await sharp({ create: { width: 80, height: 60, channels: 3, background } })
        .png()
        .toBuffer();
      const r = await upload(provider, form(png, `${background}.png`, 'image/png', `Foto ${i + 1}`), undefined, id);
      expect(r.status).toBe(201);
    }
    const submitted: any = await provider.gql(
      `mutation($id:ID!){ submitProduct(id:$id){ errors { message } product { status images { alt } } } }`,
      { id },
    );
    expect(submitted.data.submitProduct.errors).toEqual([]);
    expect(submitted.data.submitProduct.product.images.map((i: any) => i.alt)).toEqual(['Foto 1', 'Foto 2', 'Foto 3']);
  });

  describe('reordering', () => {
    const REORDER = `mutation($p:ID!,$ids:[ID!]!){ reorderProductImages(productId:$p,imageIds:$ids){
      errors { field code message } product { id status images { id alt } } } }`;
    let id: string;
    let ids: string[];

    beforeAll(async () => {
      const category = await server.orm.em.fork().findOneOrFail(Category, { slug: 'sport-en-bewegen' });
      const created: any = await provider.gql(CREATE, {
        input: {
          title: 'Volgorde van foto’s',
          description: '',
          priceCents: 1500,
          categoryId: category.id,
          availability: 'AVAILABLE',
          redemptionMethod: 'PICKUP',
        },
      });
      id = created.data.createProduct.product.id;
      for (const alt of ['A', 'B', 'C']) {
        const png = await sharp({ create: { width: 40, height: 30, channels: 3, background: 'white' } })
          .png()
          .toBuffer();
        await upload(provider, form(png, 'x.png', 'image/png', alt), undefined, id);
      }
      const r: any = await provider.gql(IMAGES, { id });
      ids = r.data.myProduct.images.map((i: any) => i.id);
      expect(r.data.myProduct.images.map((i: any) => i.alt)).toEqual(['A', 'B', 'C']);
    });

    it('persists the new order; the first image is the main picture', async () => {
      const r: any = await provider.gql(REORDER, { p: id, ids: [ids[2], ids[0], ids[1]] });
      expect(r.data.reorderProductImages.errors).toEqual([]);
      const after: any = await provider.gql(IMAGES, { id });
      expect(after.data.myProduct.images.map((i: any) => i.alt)).toEqual(['C', 'A', 'B']);
    });

    it('refuses an order that leaves out, repeats or adds an image', async () => {
      for (const order of [
        [ids[0], ids[1]],
        [ids[0], ids[0], ids[1]],
        [ids[0], ids[1], ids[2], productId],
      ]) {
        const r: any = await provider.gql(REORDER, { p: id, ids: order });
        expect(r.data.reorderProductImages.errors[0].code).toBe('STALE');
      }
      const after: any = await provider.gql(IMAGES, { id });
      expect(after.data.myProduct.images.map((i: any) => i.alt)).toEqual(['C', 'A', 'B']);
    });

    it('is refused for another provider’s product', async () => {
      const r: any = await other.gql(REORDER, { p: id, ids: [ids[0], ids[1], ids[2]] });
      expect(r.data.reorderProductImages.errors[0].code).toBe('NOT_FOUND');
      const after: any = await provider.gql(IMAGES, { id });
      expect(after.data.myProduct.images.map((i: any) => i.alt)).toEqual(['C', 'A', 'B']);
    });
  });
});
