import type { EntityManager } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import type { FileStorage } from '../integrations/storage/file-storage.js';
import type { Provider } from '../modules/providers/provider.entity.js';
import { ProviderLocation } from '../modules/providers/provider-location.entity.js';
import { LOGO_SIZE } from '../modules/providers/provider-presence.service.js';
import { checkLocation, type OpeningHoursRaw } from '../rules/location.js';
import type { ProviderKind } from './names.js';

/**
 * How the demo providers present themselves: a logo (drawn as SVG at seed time and rendered with sharp, the library
 * of the upload pipeline; nothing downloaded), and locations with opening hours that fit the kind of provider. The
 * descriptions come with the providers themselves (names.ts). Every location passes the same shared rules as one a
 * provider types in.
 */

const LOGO_STYLE: Record<ProviderKind, { from: string; to: string; shape: string }> = {
  sport: { from: '#1f7a4d', to: '#2fa36b', shape: 'circle' },
  music: { from: '#7a2e8f', to: '#a64fbf', shape: 'square' },
  swim: { from: '#0b5f8a', to: '#1b8cc4', shape: 'circle' },
  clothing: { from: '#b1452a', to: '#d96a45', shape: 'square' },
  bike: { from: '#3d5a1e', to: '#628f32', shape: 'circle' },
  computer: { from: '#2d4a8a', to: '#4a6fc0', shape: 'square' },
};

const day = (weekday: number, opens: string, closes: string): OpeningHoursRaw => ({ weekday, opens, closes });
const range = (from: number, to: number, opens: string, closes: string) =>
  Array.from({ length: to - from + 1 }, (_, i) => day(from + i, opens, closes));

/** Opening hours per kind (a weekday not listed is closed). */
const HOURS: Record<ProviderKind, OpeningHoursRaw[]> = {
  sport: [...range(1, 5, '16:00', '22:00'), day(6, '08:30', '17:00')],
  music: [...range(1, 5, '13:00', '21:00'), day(6, '09:00', '13:00')],
  swim: [...range(1, 5, '07:00', '21:30'), ...range(6, 7, '09:00', '17:00')],
  clothing: [day(1, '13:00', '18:00'), ...range(2, 5, '09:30', '18:00'), day(6, '09:30', '17:00')],
  bike: [...range(2, 5, '08:30', '18:00'), day(6, '09:00', '17:00')],
  computer: [...range(1, 5, '10:00', '18:00'), day(6, '10:00', '16:00')],
};

/** A second location for the kinds that have one (a sports club's hall, a pool's outdoor bath). */
const SECOND: Partial<
  Record<
    ProviderKind,
    { name: (city: string) => string; street: string; houseNumber: string; hours: OpeningHoursRaw[] }
  >
> = {
  sport: {
    name: (city) => `Sporthal ${city}`,
    street: 'Sportlaan',
    houseNumber: '1',
    hours: [...range(1, 5, '18:00', '22:30'), ...range(6, 7, '09:00', '16:00')],
  },
  swim: {
    name: () => 'Buitenbad',
    street: 'Parkweg',
    houseNumber: '40',
    hours: range(1, 7, '10:00', '18:00'),
  },
};

function escapeXml(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/** The initials of the provider's own name: "Sportclub De Eendracht" → "DE". */
export function logoInitials(name: string): string {
  const words = name.split(/\s+/).filter((w) => /^[A-Z]/.test(w));
  const own = words.slice(-2);
  return (
    own
      .map((w) => w[0])
      .join('')
      .slice(0, 2) || name.slice(0, 1).toUpperCase()
  );
}

export function logoSvg(kind: ProviderKind, name: string): string {
  const s = LOGO_STYLE[kind];
  const size = LOGO_SIZE;
  const frame =
    s.shape === 'circle'
      ? `<circle cx="${size / 2}" cy="${size / 2}" r="${size / 2 - 8}" fill="url(#bg)"/>`
      : `<rect x="8" y="8" width="${size - 16}" height="${size - 16}" rx="56" fill="url(#bg)"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 ${size} ${size}">
  <defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
    <stop offset="0" stop-color="${s.from}"/><stop offset="1" stop-color="${s.to}"/></linearGradient></defs>
  ${frame}
  <text x="${size / 2}" y="${size / 2 + 52}" text-anchor="middle" font-family="DejaVu Sans, Arial, Helvetica, sans-serif"
    font-size="150" font-weight="bold" fill="#ffffff">${escapeXml(logoInitials(name))}</text>
</svg>`;
}

/** "Dorpsstraat 12" → ["Dorpsstraat", "12"]; an address without a number keeps the street whole with number "1". */
function splitStreet(street: string): [string, string] {
  const match = /^(.*?)\s+(\d+\s?[A-Za-z]?)$/.exec(street.trim());
  return match ? [match[1]!, match[2]!.replace(/\s/g, '')] : [street.trim(), '1'];
}

/**
 * Gives every demo provider its locations and (with a storage) a logo. Call inside the seeding transaction, after the
 * providers are created.
 */
export async function seedDemoProviderProfiles(
  tx: EntityManager,
  storage: FileStorage | undefined,
  providers: readonly { provider: Provider; kind: ProviderKind }[],
): Promise<void> {
  const sharp = storage ? (await import('sharp')).default : null;
  for (const { provider, kind } of providers) {
    const [street, houseNumber] = splitStreet(provider.street);
    const locations = [
      { name: '', street, houseNumber, hours: HOURS[kind] },
      ...(SECOND[kind]
        ? [
            {
              name: SECOND[kind].name(provider.city),
              street: SECOND[kind].street,
              houseNumber: SECOND[kind].houseNumber,
              hours: SECOND[kind].hours,
            },
          ]
        : []),
    ];
    locations.forEach((l, sortOrder) => {
      const checked = checkLocation({
        name: l.name,
        street: l.street,
        houseNumber: l.houseNumber,
        postcode: provider.postcode,
        city: provider.city,
        openingHours: l.hours,
      });
      if (checked.problems.length)
        throw new Error(`demo location of ${provider.name}: ${checked.problems[0]!.message}`);
      tx.create(ProviderLocation, {
        provider,
        ...checked.values,
        sortOrder,
        createdAt: provider.createdAt,
        updatedAt: provider.createdAt,
      });
    });
    if (storage && sharp) {
      const logo = await sharp(Buffer.from(logoSvg(kind, provider.name)))
        .webp({ quality: 85 })
        .toBuffer({ resolveWithObject: true });
      const key = `logos/${randomUUID()}.webp`;
      await storage.put(key, logo.data);
      provider.logoKey = key;
      provider.logoWidth = logo.info.width;
      provider.logoHeight = logo.info.height;
    }
  }
}
