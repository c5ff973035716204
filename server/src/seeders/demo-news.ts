import type { EntityManager } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import type { FileStorage } from '../integrations/storage/file-storage.js';
import { NewsArticle, NewsStatus } from '../modules/content/news-article.entity.js';

/**
 * Demo news (issue 10): articles relative to the demo's "today" — published ones platform-wide and per municipality,
 * one scheduled (a week ahead), one archived and one draft — each with a picture drawn as SVG and rendered with sharp
 * (nothing downloaded, the same on every run), stored in FileStorage as the upload pipeline stores a news image.
 */

const DAY = 24 * 3600 * 1000;
const WIDTH = 1200;
const HEIGHT = 675;

interface DemoArticle {
  slug: string;
  title: string;
  summary: string;
  body: string;
  status: NewsStatus;
  /** Days from today: negative is in the past (published), positive is scheduled. */
  days: number | null;
  municipality: 'zuiderveen' | 'noorderhaven' | null;
  colours: [string, string];
  alt: string;
}

const ARTICLES: DemoArticle[] = [
  {
    slug: 'zwemles-nu-ook-in-de-avond',
    title: 'Zwemles nu ook in de avond',
    summary: 'Drie zwembaden bieden vanaf deze maand avondlessen aan. Ook die betaalt u met uw tegoed.',
    body: `Steeds meer ouders vroegen erom: zwemles na het avondeten. Vanaf deze maand kan het.

## Waar?
- Zwembad De Golfslag, maandag en woensdag
- Sportfondsenbad Noord, dinsdag
- Het Wellebad, donderdag

U kiest de lessen in het **aanbod** en betaalt ze met het tegoed van uw regeling. Heeft u vragen? Bel de gemeente via 14 0591.`,
    status: NewsStatus.PUBLISHED,
    days: -2,
    municipality: null,
    colours: ['#0b5f8a', '#1b8cc4'],
    alt: 'Blauwe illustratie van golvend water',
  },
  {
    slug: 'kindpakket-zuiderveen-verhoogd',
    title: 'Kindpakket in Zuiderveen verhoogd',
    summary: 'De gemeenteraad van Zuiderveen heeft besloten het Kindpakket dit jaar met 50 euro per kind te verhogen.',
    body: `Goed nieuws voor gezinnen in Zuiderveen: het Kindpakket is verhoogd met **50 euro per kind**.

U hoeft hiervoor niets te doen. Het extra tegoed staat binnen een week op uw account. Kijk onder *Mijn regelingen* hoeveel tegoed u heeft.`,
    status: NewsStatus.PUBLISHED,
    days: -9,
    municipality: 'zuiderveen',
    colours: ['#1f7a4d', '#2fa36b'],
    alt: 'Groene illustratie met een munt',
  },
  {
    slug: 'nieuwe-aanbieders-in-noorderhaven',
    title: 'Nieuwe aanbieders in Noorderhaven',
    summary: 'Een muziekschool en een fietsenmaker in Noorderhaven doen vanaf nu mee.',
    body: `In Noorderhaven kunt u nu ook terecht bij een muziekschool en een fietsenmaker.

1. Zoek in het aanbod op de naam van de aanbieder.
2. Leg het product in uw winkelwagen.
3. Bestel en betaal met uw tegoed.`,
    status: NewsStatus.PUBLISHED,
    days: -16,
    municipality: 'noorderhaven',
    colours: ['#7a2e8f', '#a64fbf'],
    alt: 'Paarse illustratie met muzieknoten',
  },
  {
    slug: 'schoolspullen-op-tijd-bestellen',
    title: 'Bestel schoolspullen op tijd',
    summary:
      'Voor het nieuwe schooljaar zijn laptops en rekenmachines populair. Bestel op tijd, dan heeft u ze voor de eerste schooldag.',
    body: `Laptops, rekenmachines en schooltassen: rond de zomer bestellen veel gezinnen tegelijk.

Bestel **minstens drie weken** voor de eerste schooldag, dan heeft de aanbieder genoeg tijd.`,
    status: NewsStatus.PUBLISHED,
    days: -30,
    municipality: null,
    colours: ['#8a5a00', '#c08a1e'],
    alt: 'Oranje illustratie van een opengeslagen boek',
  },
  {
    slug: 'sportweek-in-de-herfstvakantie',
    title: 'Sportweek in de herfstvakantie',
    summary: 'In de herfstvakantie kunnen kinderen gratis kennismaken met tien sporten.',
    body: `Tijdens de sportweek kunnen kinderen van 6 tot 14 jaar gratis meedoen met tien sporten, van judo tot hockey.

Aanmelden kan vanaf de publicatie van dit bericht via het aanbod.`,
    status: NewsStatus.PUBLISHED,
    days: 7,
    municipality: null,
    colours: ['#b1452a', '#d96a45'],
    alt: 'Rode illustratie van een bal',
  },
  {
    slug: 'storing-opgelost',
    title: 'Storing bij het inloggen opgelost',
    summary: 'De storing bij het inloggen met DigiD van vorige maand is opgelost.',
    body: 'De storing is opgelost. Excuses voor het ongemak.',
    status: NewsStatus.ARCHIVED,
    days: -45,
    municipality: null,
    colours: ['#2d4a8a', '#4a6fc0'],
    alt: '',
  },
  {
    slug: 'concept-nieuwsbrief-winter',
    title: 'Winteractiviteiten (concept)',
    summary: 'Nog niet klaar: de activiteiten voor de winter.',
    body: 'Dit bericht is nog een concept.',
    status: NewsStatus.DRAFT,
    days: null,
    municipality: 'zuiderveen',
    colours: ['#0f6e6e', '#23a0a0'],
    alt: '',
  },
];

function svg([from, to]: [string, string]): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">
  <defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
  <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#bg)"/>
  <circle cx="${WIDTH - 160}" cy="140" r="280" fill="#ffffff" fill-opacity="0.10"/>
  <circle cx="180" cy="${HEIGHT - 80}" r="220" fill="#ffffff" fill-opacity="0.08"/>
  <circle cx="${WIDTH / 2}" cy="${HEIGHT / 2}" r="120" fill="none" stroke="#ffffff" stroke-width="24"/>
</svg>`;
}

/** Creates the demo articles in `tx` (inside the seeding transaction), their pictures through `storage` when given. */
export async function seedDemoNews(
  tx: EntityManager,
  storage: FileStorage | undefined,
  today: Date,
  municipalities: Record<'zuiderveen' | 'noorderhaven', { id: string }>,
): Promise<void> {
  // The articles refer to the municipalities by id only (no ORM relation): those rows go in first.
  await tx.flush();
  const { default: sharp } = await import('sharp');
  for (const a of ARTICLES) {
    const publishAt = a.days === null ? null : new Date(today.getTime() + a.days * DAY);
    const written = new Date(today.getTime() + Math.min(a.days ?? -1, -1) * DAY - 3 * 3600 * 1000);
    let image: { key: string; width: number; height: number } | null = null;
    if (storage) {
      const rendered = await sharp(Buffer.from(svg(a.colours)))
        .webp({ quality: 80 })
        .toBuffer({ resolveWithObject: true });
      const key = `news/${randomUUID()}.webp`;
      await storage.put(key, rendered.data);
      image = { key, width: rendered.info.width, height: rendered.info.height };
    }
    tx.create(NewsArticle, {
      title: a.title,
      slug: a.slug,
      summary: a.summary,
      body: a.body,
      status: a.status,
      publishAt,
      municipalityId: a.municipality ? municipalities[a.municipality].id : null,
      imageKey: image?.key ?? null,
      imageWidth: image?.width ?? null,
      imageHeight: image?.height ?? null,
      imageAlt: image ? a.alt : '',
      createdAt: written,
      updatedAt: written,
    });
  }
}
