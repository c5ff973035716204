import type { DemoCache } from './demo-cache.js';
import type { EntityManager } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import type { FileStorage } from '../integrations/storage/file-storage.js';
import type { Product } from '../modules/catalogue/product.entity.js';
import { ProductImage } from '../modules/catalogue/product-image.entity.js';
import { IMAGE_RULES } from '../platform/images.js';
import type { DemoCategorySlug } from './demo-categories.js';

/**
 * Pictures for the demo products: one simple illustration per category (a colour, an icon shape and the category's
 * name), drawn as SVG and rendered with sharp, the library the upload pipeline uses. Nothing is downloaded and the
 * result is the same on every run. Each product gets its own files and ProductImage row, exactly as an upload makes
 * them (a large WebP and a thumbnail in FileStorage), so a provider can delete or replace a demo picture.
 */

const WIDTH = IMAGE_RULES.largeWidth;
const HEIGHT = Math.round((WIDTH * IMAGE_RULES.thumbHeight) / IMAGE_RULES.thumbWidth);

const STROKE = 'fill="none" stroke="#ffffff" stroke-width="22" stroke-linecap="round" stroke-linejoin="round"';

/** Background colours and an icon (drawn in a 400×400 box) per category. */
const DRAWINGS: Record<DemoCategorySlug, { from: string; to: string; icon: string }> = {
  'sport-en-bewegen': {
    from: '#1f7a4d',
    to: '#2fa36b',
    icon: `<circle cx="200" cy="200" r="150" ${STROKE}/><path d="M200 110l70 50-27 82h-86l-27-82z" fill="#ffffff"/>
      <path d="M200 50v60M270 160l75-25M243 242l45 65M157 242l-45 65M130 160l-75-25" ${STROKE}/>`,
  },
  'cultuur-en-muziek': {
    from: '#7a2e8f',
    to: '#a64fbf',
    icon: `<path d="M150 300V90l170-40v210" ${STROKE}/><ellipse cx="115" cy="300" rx="50" ry="38" fill="#ffffff"/>
      <ellipse cx="285" cy="260" rx="50" ry="38" fill="#ffffff"/><path d="M150 140l170-40" ${STROKE}/>`,
  },
  zwemmen: {
    from: '#0b5f8a',
    to: '#1b8cc4',
    icon: `<circle cx="250" cy="110" r="40" fill="#ffffff"/><path d="M90 220l90-60 60 70" ${STROKE}/>
      <path d="M30 280q42-35 85 0t85 0 85 0 85 0M30 350q42-35 85 0t85 0 85 0 85 0" ${STROKE}/>`,
  },
  'kleding-en-schoenen': {
    from: '#b1452a',
    to: '#d96a45',
    icon: `<path d="M150 60l-100 55 35 80 45-20v170h140V175l45 20 35-80-100-55q-50 50-100 0z" ${STROKE}/>`,
  },
  'school-en-studie': {
    from: '#8a5a00',
    to: '#c08a1e',
    icon: `<path d="M200 110q-70-40-160-30v240q90-10 160 30 70-40 160-30V80q-90-10-160 30zM200 110v240" ${STROKE}/>
      <path d="M80 150q50-5 90 15M80 210q50-5 90 15M230 165q40-20 90-15M230 225q40-20 90-15" ${STROKE}/>`,
  },
  'computers-en-internet': {
    from: '#2d4a8a',
    to: '#4a6fc0',
    icon: `<rect x="80" y="90" width="240" height="160" rx="14" ${STROKE}/><path d="M30 310h340l-30-40H60z" ${STROKE}/>
      <path d="M150 170l30 30 70-60" ${STROKE}/>`,
  },
  'uitjes-en-vrije-tijd': {
    from: '#0f6e6e',
    to: '#23a0a0',
    icon: `<circle cx="300" cy="100" r="45" fill="#ffffff"/><path d="M40 340l130-220 130 220zM170 120v220M130 340l40-70 40 70" ${STROKE}/>
      <path d="M20 340h360" ${STROKE}/>`,
  },
  fietsen: {
    from: '#3d5a1e',
    to: '#628f32',
    icon: `<circle cx="95" cy="270" r="75" ${STROKE}/><circle cx="305" cy="270" r="75" ${STROKE}/>
      <path d="M95 270l70-120h110l30 120M165 150l50 120 60-120M215 270H95M140 120h55M260 150l-15-45h40" ${STROKE}/>`,
  },
};

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** The SVG of one category's picture: a gradient, the icon on the left and the name on the right. */
export function categorySvg(slug: DemoCategorySlug, name: string): string {
  const d = DRAWINGS[slug];
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">
  <defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="${d.from}"/><stop offset="1" stop-color="${d.to}"/></linearGradient></defs>
  <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#bg)"/>
  <circle cx="${WIDTH - 120}" cy="120" r="260" fill="#ffffff" fill-opacity="0.08"/>
  <circle cx="140" cy="${HEIGHT - 60}" r="220" fill="#ffffff" fill-opacity="0.06"/>
  <g transform="translate(${(WIDTH - 560) / 2} 150) scale(1.4)">${d.icon}</g>
  <text x="${WIDTH / 2}" y="${HEIGHT - 90}" text-anchor="middle" font-family="DejaVu Sans, Arial, Helvetica, sans-serif"
    font-size="64" font-weight="bold" fill="#ffffff">${escapeXml(name)}</text>
</svg>`;
}

interface Rendered {
  large: Buffer;
  thumb: Buffer;
  width: number;
  height: number;
}

/** Renders one category's picture (large and thumbnail WebP, as the upload pipeline stores them). */
async function renderCategory(c: { slug: DemoCategorySlug; name: string }): Promise<Rendered> {
  const { default: sharp } = await import('sharp');
  const png = await sharp(Buffer.from(categorySvg(c.slug, c.name)))
    .png({ compressionLevel: 0 })
    .toBuffer();
  const large = await sharp(png).webp({ quality: 82 }).toBuffer({ resolveWithObject: true });
  const thumb = await sharp(png)
    .resize({ width: IMAGE_RULES.thumbWidth, height: IMAGE_RULES.thumbHeight, fit: 'cover' })
    .webp({ quality: 75 })
    .toBuffer();
  return { large: large.data, thumb, width: large.info.width, height: large.info.height };
}

/**
 * Renders each category's picture once; with a cache (DEMO_CACHE_DIR), once for all runs: the cache's key is the
 * drawing itself and the sizes, so a changed drawing is rendered again.
 */
async function renderCategories(
  categories: readonly { slug: DemoCategorySlug; name: string }[],
  cache: DemoCache | null,
) {
  const out = new Map<DemoCategorySlug, Rendered>();
  await Promise.all(
    categories.map(async (c) => {
      if (!cache) return void out.set(c.slug, await renderCategory(c));
      const key = JSON.stringify({
        svg: categorySvg(c.slug, c.name),
        thumb: [IMAGE_RULES.thumbWidth, IMAGE_RULES.thumbHeight],
      });
      let rendered: Rendered | undefined;
      const made = async () => (rendered ??= await renderCategory(c));
      const large = await cache.bytes('images', `${key}:large`, async () => (await made()).large);
      const thumb = await cache.bytes('images', `${key}:thumb`, async () => (await made()).thumb);
      const size = await cache.bytes('images', `${key}:size`, async () =>
        Buffer.from(JSON.stringify({ width: (await made()).width, height: (await made()).height })),
      );
      const { width, height } = JSON.parse(size.toString()) as { width: number; height: number };
      out.set(c.slug, { large, thumb, width, height });
    }),
  );
  return out;
}

/**
 * Gives every product one picture of its category: files through FileStorage, a ProductImage row in `tx`.
 * Call inside the seeding transaction, after the products are created.
 */
export async function seedDemoImages(
  tx: EntityManager,
  storage: FileStorage,
  categories: readonly { slug: DemoCategorySlug; name: string }[],
  products: readonly { product: Product; category: DemoCategorySlug; createdAt: Date }[],
  cache: DemoCache | null = null,
): Promise<void> {
  const rendered = await renderCategories(categories, cache);
  const names = new Map(categories.map((c) => [c.slug, c.name]));
  await Promise.all(
    products.map(async ({ product, category, createdAt }) => {
      const picture = rendered.get(category)!;
      const id = randomUUID();
      const storageKey = `products/${id}.webp`;
      const thumbnailKey = `products/${id}-thumb.webp`;
      await storage.put(storageKey, picture.large);
      await storage.put(thumbnailKey, picture.thumb);
      tx.create(ProductImage, {
        id,
        product,
        storageKey,
        thumbnailKey,
        contentType: 'image/webp',
        originalContentType: 'image/png',
        byteSize: picture.large.length,
        width: picture.width,
        height: picture.height,
        alt: `Tekening bij de categorie ${names.get(category)}`,
        sortOrder: 0,
        createdAt,
      });
    }),
  );
}
