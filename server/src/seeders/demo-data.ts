import { ref } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { BUILT_IN_ROLES, type BuiltInRoleKey } from '../kernel/permissions.js';
import { encryptBsn, hashBsn, isValidBsn, type BsnKeys } from '../crypto/bsn.js';
import { hashPassword } from '../crypto/passwords.js';
import { makeCardNumber } from '../modules/customers/card-number.js';
import type { Clock } from '../kernel/clock.js';
import { todayInAmsterdam } from '../kernel/dates.js';
import { Municipality } from '../modules/municipalities/municipality.entity.js';
import { Role } from '../modules/roles/role.entity.js';
import { AdminAccount } from '../modules/staff/admin-account.entity.js';
import { Provider } from '../modules/providers/provider.entity.js';
import { ProviderUser } from '../modules/providers/provider-user.entity.js';
import { MembershipStatus, ProviderMembership } from '../modules/providers/provider-membership.entity.js';
import { Category } from '../modules/catalogue/category.entity.js';
import { Product, ProductStatus } from '../modules/catalogue/product.entity.js';
import { ProductApproval, ProductApprovalStatus } from '../modules/catalogue/product-approval.entity.js';
import { summaryOf } from '../modules/catalogue/product-approval.js';
import { Arrangement } from '../modules/arrangements/arrangement.entity.js';
import { seedDemoAssignments } from './demo-assignments.js';
import { STORY_DAYS, at, seedDemoActivity, storyClock } from './demo-activity.js';
import { seedDemoPaymentMismatches } from './demo-payments.js';
import { seedDemoImport } from './demo-import.js';
import type { Services } from '../platform/composition.js';
import { seedDemoImages } from './demo-images.js';
import { seedDemoProviderProfiles } from './demo-provider-profiles.js';
import { seedDemoContentPages } from './demo-content-pages.js';
import { seedDemoNews } from './demo-news.js';
import { seedDemoMessages } from './demo-messages.js';
import { seedDemoJournal } from './demo-journal.js';
import { seedDemoDigid } from './demo-digid.js';
import { demoCache } from './demo-cache.js';
import { seedDemoApplications } from './demo-applications.js';
import { seedDemoYearEnd } from './demo-year-end.js';
import { seedDemoApiClients } from './demo-api-clients.js';
import { seedDemoWebhooks } from './demo-webhooks.js';
import type { FileStorage } from '../integrations/storage/file-storage.js';
import { ClientGroup } from '../modules/customers/client-group.entity.js';
import { Person } from '../modules/customers/person.entity.js';
import { Card } from '../modules/customers/card.entity.js';
import { Link, LinkPlacement } from '../modules/content/link.entity.js';
import { DEMO_CATEGORIES, type DemoCategorySlug } from './demo-categories.js';
import { DEMO_CUSTOM_ROLES, DEMO_PASSWORD, DEMO_STAFF, demoProviderEmail } from './demo-accounts.js';
import {
  ADULT_FIRST_NAMES,
  CHILD_FIRST_NAMES,
  DEMO_CITIES,
  LAST_NAMES,
  PROVIDER_DESCRIPTIONS,
  PROVIDER_NAME_PARTS,
  STREET_NAMES,
  type ProviderKind,
} from './names.js';

/**
 * Demo data for development, the browser tests and demonstrations: two fictional municipalities with staff,
 * providers, a catalogue, arrangements and households. Never in production (config refuses SEED_DEMO_DATA there).
 *
 * Everything is generated from word lists (names.ts) with a seeded PRNG, so every run produces the same data:
 * the same names, BSNs, card numbers, KvK numbers and IBANs. Only ids, password hashes and BSN ciphertexts differ
 * (they are random by design). Every date and every year in a name is relative to the clock's "now" (CLOCK_START
 * or the system clock): the yearly arrangements are those of the current calendar year in the Netherlands and stay
 * valid until 31 March of the next year (three months to spend what is left), so on any day of any year, 31 December
 * and 1 January included, the demo has valid arrangements, orderable products and budgets that can be assigned.
 * The same "now" gives the same data; `demoCalendar(now)` tells the names and periods it uses.
 *
 * `buildDemoPlan` is pure (no database); `seedDemoData` writes the plan in one transaction.
 */

// ---------------------------------------------------------------------------------------------------------------
// Deterministic randomness

/** mulberry32: a tiny, well-distributed 32-bit PRNG. Enough for demo data and benchmarks; never for secrets. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** FNV-1a, so each section has its own stream: changing one word list does not reshuffle everything else. */
function fnv1a(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

const SEED = 20_261_121;

class Rng {
  private readonly next: () => number;
  constructor(stream: string) {
    this.next = mulberry32(SEED ^ fnv1a(stream));
  }
  float(): number {
    return this.next();
  }
  /** Integer in [min, max], both inclusive. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }
  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!;
  }
  shuffle<T>(items: readonly T[]): T[] {
    const copy = [...items];
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1));
      [copy[i], copy[j]] = [copy[j]!, copy[i]!];
    }
    return copy;
  }
  digits(count: number): string {
    let out = '';
    for (let i = 0; i < count; i++) out += String(Math.floor(this.next() * 10));
    return out;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Small helpers

/** URL slug: lower case, accents stripped, a-z0-9 separated by single hyphens. */
export function slugify(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/['’]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** "van Dijk" → "Van Dijk": a tussenvoegsel is capitalised when no given name precedes it. */
function capitaliseFirst(text: string): string {
  return text.charAt(0).toLocaleUpperCase('nl-NL') + text.slice(1);
}

/** For e-mail addresses: "van der Meer" → "vandermeer", "Öztürk" → "ozturk". */
function mailPart(text: string): string {
  return slugify(text).replace(/-/g, '');
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

function before(today: Date, ms: number): Date {
  return new Date(Math.floor((today.getTime() - ms) / MINUTE) * MINUTE);
}

/** 'YYYY-MM-DD' of someone who is exactly `age` today: their last birthday was `daysSinceBirthday` days ago. */
function birthDate(today: Date, age: number, daysSinceBirthday: number): string {
  const birthday = Date.UTC(today.getUTCFullYear() - age, today.getUTCMonth(), today.getUTCDate());
  return new Date(birthday - daysSinceBirthday * DAY).toISOString().slice(0, 10);
}

/** The IBAN check digits (ISO 13616, mod 97-10) for a country code and BBAN. */
function ibanCheckDigits(country: string, bban: string): string {
  const numeric = (bban + country + '00').replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  let remainder = 0;
  for (const ch of numeric) remainder = (remainder * 10 + Number(ch)) % 97;
  return String(98 - remainder).padStart(2, '0');
}

/** A Dutch IBAN `NLkkBANK0123456789` whose account number also passes the old Dutch 11-test. */
function makeIban(rng: Rng): string {
  const bank = rng.pick(['INGB', 'RABO', 'ABNA', 'SNSB', 'TRIO', 'ASNB'] as const);
  for (;;) {
    const account = rng.digits(10);
    if (account.startsWith('00')) continue;
    let sum = 0;
    for (let i = 0; i < 10; i++) sum += Number(account[i]) * (10 - i);
    if (sum % 11 !== 0) continue;
    return `NL${ibanCheckDigits('NL', bank + account)}${bank}${account}`;
  }
}

/** "1234 AB"; the letter pairs SA, SD and SS are not used in Dutch postcodes. */
function makePostcode(rng: Rng, base: number): string {
  const letters = 'ABCDEGHJKLMNPRSTVWXZ';
  for (;;) {
    const pair = rng.pick([...letters]) + rng.pick([...letters]);
    if (pair === 'SA' || pair === 'SD' || pair === 'SS') continue;
    return `${base + rng.int(0, 9)} ${pair}`;
  }
}

/** Famous example numbers that must never show up as a demo resident's BSN. */
const FAMOUS_BSNS = new Set(['123456782', '111222333', '999999990', '012345672']);

function makeBsn(rng: Rng, used: Set<string>): string {
  for (;;) {
    const candidate = String(rng.int(1, 9)) + rng.digits(8);
    if (!isValidBsn(candidate) || used.has(candidate) || FAMOUS_BSNS.has(candidate)) continue;
    if (/^(\d)\1+$/.test(candidate)) continue;
    used.add(candidate);
    return candidate;
  }
}

// ---------------------------------------------------------------------------------------------------------------
// The fixed parts of the demo

export const DEMO_MUNICIPALITIES = [
  { key: 'zuiderveen', name: 'Gemeente Zuiderveen', slug: 'zuiderveen', clientPrefix: 'ZV', clientBase: 100_000 },
  { key: 'noorderhaven', name: 'Gemeente Noorderhaven', slug: 'noorderhaven', clientPrefix: 'NH', clientBase: 200_000 },
] as const;
export type DemoMunicipalityKey = (typeof DEMO_MUNICIPALITIES)[number]['key'];

/**
 * Public contact details of the demo municipalities (instellingen/algemeen), in the form Dutch municipalities use:
 * the short number 14 + area code, a town-hall address in the municipality's postcode area, a site under example.org.
 */
/** The digital card's colour per demo municipality (white text on it at least 4.5:1). */
export const DEMO_CARD_COLOURS: Record<DemoMunicipalityKey, string> = {
  zuiderveen: '#1f5fa8',
  noorderhaven: '#2e6b30',
};

export const DEMO_MUNICIPALITY_CONTACTS: Record<
  DemoMunicipalityKey,
  { phone: string; email: string; website: string; visitingAddress: string }
> = {
  zuiderveen: {
    phone: '14 0591',
    email: 'info@zuiderveen.example.org',
    website: 'https://www.example.org/zuiderveen',
    visitingAddress: 'Raadhuisplein 1, 7831 HG Zuiderveen',
  },
  noorderhaven: {
    phone: '14 0594',
    email: 'gemeente@noorderhaven.example.org',
    website: 'https://www.example.org/noorderhaven',
    visitingAddress: 'Havenstraat 24, 9861 AT Noorderhaven',
  },
};

/** Staff scope per role: the Beheerder sees everything, Financiën both municipalities, the others Zuiderveen. */
const STAFF_SCOPE: Record<BuiltInRoleKey, 'ALL' | DemoMunicipalityKey[]> = {
  BEHEERDER: 'ALL',
  KLANTCONTACT: ['zuiderveen'],
  FINANCIEN: ['zuiderveen', 'noorderhaven'],
  AANBIEDERBEHEER: ['zuiderveen'],
  REDACTIE: ['zuiderveen'],
};

/** Provider n (1-based) is PROVIDER_SETUP[n-1]; its demo user is demoProviderEmail(n). */
const PROVIDER_SETUP: {
  kind: ProviderKind;
  city: DemoMunicipalityKey;
  memberships: Partial<Record<DemoMunicipalityKey, MembershipStatus>>;
}[] = [
  {
    kind: 'sport',
    city: 'zuiderveen',
    memberships: { zuiderveen: MembershipStatus.APPROVED, noorderhaven: MembershipStatus.APPROVED },
  },
  {
    kind: 'music',
    city: 'noorderhaven',
    memberships: { zuiderveen: MembershipStatus.APPROVED, noorderhaven: MembershipStatus.APPROVED },
  },
  {
    kind: 'swim',
    city: 'zuiderveen',
    memberships: { zuiderveen: MembershipStatus.APPROVED, noorderhaven: MembershipStatus.APPROVED },
  },
  { kind: 'clothing', city: 'zuiderveen', memberships: { zuiderveen: MembershipStatus.APPROVED } },
  { kind: 'bike', city: 'zuiderveen', memberships: { zuiderveen: MembershipStatus.APPROVED } },
  // Newly registered and waiting for approval: the admin dashboard's "aanbieders te beoordelen" queue.
  { kind: 'computer', city: 'zuiderveen', memberships: { zuiderveen: MembershipStatus.PENDING } },
];

const POSTCODE_BASE: Record<DemoMunicipalityKey, number> = { zuiderveen: 7830, noorderhaven: 9860 };

interface DemoDecision {
  status: ProductApprovalStatus;
  reason?: string;
}

interface ProductTemplate {
  provider: number; // 1-based
  category: DemoCategorySlug;
  title: string;
  description: string;
  priceCents: number;
  /** A draft is not submitted: no municipality decides on it. */
  status?: ProductStatus.DRAFT;
  /** Per municipality where the provider is an approved member; APPROVED where not given. */
  decisions?: Partial<Record<DemoMunicipalityKey, DemoDecision>>;
}

const ZAALVOETBAL_REASON =
  'Vermeld in de omschrijving voor welke leeftijden de zaalvoetbaltraining bedoeld is en hoe lang het lidmaatschap loopt. Pas het product aan en dien het opnieuw in.';

/**
 * Forty products. Every submitted product has a decision in each municipality where its provider is an approved
 * member: approved unless marked. Each municipality decides for itself, so some differ: approved in one and rejected
 * or still to be reviewed in the other. The products of provider 6 (membership pending) wait as SUBMITTED with no
 * decision yet.
 */
const PRODUCTS: ProductTemplate[] = [
  // 1: sports club
  {
    provider: 1,
    category: 'sport-en-bewegen',
    title: 'Jeugdlidmaatschap voetbal (seizoen {seizoen})',
    priceCents: 14500,
    description:
      'Een heel seizoen voetbal bij onze jeugdafdeling, voor jongens en meisjes van 6 tot 17 jaar. Er is twee keer per week training en op zaterdag een wedstrijd. Het clubtenue zit bij het lidmaatschap inbegrepen.',
  },
  {
    provider: 1,
    category: 'sport-en-bewegen',
    title: 'Lidmaatschap hockey jeugd',
    priceCents: 19500,
    description:
      'Hockey voor kinderen vanaf 6 jaar, van de jongste jeugd tot de junioren. Training op woensdagmiddag en wedstrijden op zaterdag. Een hockeystick kunt u bij de club lenen.',
  },
  {
    provider: 1,
    category: 'sport-en-bewegen',
    title: 'Judo voor kinderen (half jaar)',
    priceCents: 9500,
    description:
      'Eén keer per week een uur judoles in onze eigen dojo. Uw kind leert vallen, worstelen en respect voor de ander. Een judopak is te huur bij de club.',
  },
  {
    provider: 1,
    category: 'sport-en-bewegen',
    title: 'Turnen en freerunning (jaarabonnement)',
    priceCents: 12000,
    description:
      'Turnen, trampolinespringen en freerunning in de sporthal, voor kinderen van 5 tot 16 jaar. Elke les wordt gegeven door een gediplomeerde trainer.',
  },
  {
    provider: 1,
    category: 'sport-en-bewegen',
    title: 'Atletiek: jaarlidmaatschap junioren',
    priceCents: 11000,
    description:
      'Hardlopen, verspringen, hoogspringen en speerwerpen op de atletiekbaan. Twee trainingen per week en meedoen aan clubwedstrijden. Geschikt voor kinderen vanaf 8 jaar.',
  },
  {
    provider: 1,
    category: 'sport-en-bewegen',
    title: 'Basketbal jeugd (seizoen)',
    priceCents: 13500,
    status: ProductStatus.DRAFT,
    description:
      'Basketbaltraining voor tieners in de sporthal, één keer per week. Wedstrijden in de regionale jeugdcompetitie.',
  },
  {
    provider: 1,
    category: 'sport-en-bewegen',
    title: 'Sportpas volwassenen: fitness en bootcamp',
    priceCents: 21000,
    decisions: {
      noorderhaven: {
        status: ProductApprovalStatus.REJECTED,
        reason:
          'De minimaregeling van Noorderhaven is bedoeld voor kinderen en jongeren; een sportabonnement voor volwassenen nemen wij niet op in ons aanbod. Volwassenen kunnen terecht bij het sportloket van de gemeente.',
      },
    },
    description:
      'Een jaar onbeperkt fitness in ons clubhuis en bootcamp in het park. Ook voor ouders die zelf willen sporten en bewegen.',
  },
  {
    provider: 1,
    category: 'uitjes-en-vrije-tijd',
    title: 'Zomersportkamp (vijf dagen)',
    priceCents: 8500,
    description:
      'Een week lang sporten en spelen in de zomervakantie: voetbal, tikspelen, zwemmen en een speurtocht. Dagelijks van 9 tot 16 uur, met lunch. Voor kinderen van 6 tot 12 jaar.',
  },
  {
    provider: 1,
    category: 'sport-en-bewegen',
    title: 'Zaalvoetbal voor tieners',
    priceCents: 7500,
    decisions: {
      zuiderveen: { status: ProductApprovalStatus.REJECTED, reason: ZAALVOETBAL_REASON },
      noorderhaven: { status: ProductApprovalStatus.REJECTED, reason: ZAALVOETBAL_REASON },
    },
    description: 'Zaalvoetbal in de sporthal. Leuk en sportief.',
  },

  // 2: music school
  {
    provider: 2,
    category: 'cultuur-en-muziek',
    title: 'Gitaarles voor beginners (20 lessen)',
    priceCents: 32500,
    description:
      'Twintig gitaarlessen van 30 minuten op akoestische of elektrische gitaar. Uw kind leert akkoorden en de eerste liedjes spelen. Een leengitaar is beschikbaar zolang de lessen duren.',
  },
  {
    provider: 2,
    category: 'cultuur-en-muziek',
    title: 'Pianoles (half jaar, wekelijks 30 minuten)',
    priceCents: 29500,
    description:
      'Een half jaar wekelijks pianoles bij een conservatorium-geschoolde docent. Geschikt voor beginners en gevorderden, vanaf 7 jaar.',
  },
  {
    provider: 2,
    category: 'cultuur-en-muziek',
    title: 'Drumles in een kleine groep',
    priceCents: 18500,
    description:
      'Drumles met drie of vier leerlingen tegelijk in ons oefenlokaal. Je leert ritmes, maatgevoel en samenspelen. Oefenen kan op een elektronisch drumstel op school.',
  },
  {
    provider: 2,
    category: 'cultuur-en-muziek',
    title: 'Zangles en kinderkoor',
    priceCents: 9500,
    description:
      'Zingen in het kinderkoor met daarnaast vijf korte zanglessen. Aan het eind van het seizoen is er een optreden voor familie en vrienden.',
  },
  {
    provider: 2,
    category: 'cultuur-en-muziek',
    title: 'Musicalklas voor tieners',
    priceCents: 16500,
    decisions: { zuiderveen: { status: ProductApprovalStatus.PENDING } },
    description:
      'Zingen, dansen en toneelspelen in een echte musicalproductie. De klas repeteert wekelijks en speelt twee voorstellingen in het theater.',
  },
  {
    provider: 2,
    category: 'school-en-studie',
    title: 'Examentraining muziek (havo/vwo)',
    priceCents: 12500,
    decisions: {
      zuiderveen: { status: ProductApprovalStatus.PENDING },
      noorderhaven: { status: ProductApprovalStatus.PENDING },
    },
    description:
      'Acht lessen muziektheorie en notenlezen als voorbereiding op het eindexamen muziek. Met oefenexamens en persoonlijke feedback.',
  },
  {
    provider: 2,
    category: 'computers-en-internet',
    title: 'Cursus muziek maken op de laptop',
    priceCents: 14500,
    description:
      'Leer in zes lessen beats en liedjes maken met gratis software op je eigen laptop. Opnemen, mixen en delen komen allemaal aan bod. Neem je laptop en een koptelefoon mee.',
  },
  {
    provider: 2,
    category: 'computers-en-internet',
    title: 'Cursus video’s bewerken en vloggen',
    priceCents: 11500,
    description:
      'In vijf lessen leer je filmen met je telefoon, video’s monteren op de computer en veilig delen op internet. Voor tieners van 12 tot 18 jaar.',
  },

  // 3: swimming pool
  {
    provider: 3,
    category: 'zwemmen',
    title: 'Zwemles zwemdiploma A (pakket van 30 lessen)',
    priceCents: 39500,
    description:
      'Zwemles voor kinderen vanaf 5 jaar, twee keer per week in het instructiebad. Het pakket van 30 lessen bereidt voor op het zwemdiploma A. Extra lessen tot het diploma zijn met korting bij te kopen.',
  },
  {
    provider: 3,
    category: 'zwemmen',
    title: 'Zwemles diploma B en C (vervolgpakket)',
    priceCents: 22500,
    description:
      'Na het A-diploma verder naar het zwemdiploma B en C. Wekelijks zwemles in het wedstrijdbad, met diplomazwemmen aan het eind.',
  },
  {
    provider: 3,
    category: 'zwemmen',
    title: 'Jaarabonnement recreatief zwemmen (kind)',
    priceCents: 12500,
    description:
      'Een jaar lang onbeperkt vrij zwemmen tijdens de recreatieve openingstijden, met glijbaan en golfslagbad. Voor kinderen tot 18 jaar.',
  },
  {
    provider: 3,
    category: 'zwemmen',
    title: 'Tienbadenkaart banenzwemmen',
    priceCents: 4500,
    description:
      'Tien keer banenzwemmen in het 25-meterbad, vroeg in de ochtend of ’s avonds. De kaart is een jaar geldig.',
  },
  {
    provider: 3,
    category: 'zwemmen',
    title: 'Snorkelcursus voor kinderen',
    priceCents: 6000,
    status: ProductStatus.DRAFT,
    description: 'Snorkelen met duikbril en zwemvliezen in het diepe bad. Voor kinderen met minimaal zwemdiploma B.',
  },
  {
    provider: 3,
    category: 'uitjes-en-vrije-tijd',
    title: 'Kinderfeestje in het zwembad (8 kinderen)',
    priceCents: 11000,
    decisions: { noorderhaven: { status: ProductApprovalStatus.PENDING } },
    description:
      'Een feestelijke middag zwemmen met een eigen badmeester, spelletjes en de grote glijbaan. Na afloop patat en limonade voor acht kinderen.',
  },

  // 4: clothing shop
  {
    provider: 4,
    category: 'kleding-en-schoenen',
    title: 'Winterjas voor kinderen (maat 98-176)',
    priceCents: 6500,
    description:
      'Een warme, waterafstotende winterjas met capuchon en reflecterende strepen. Verkrijgbaar in maat 98 tot en met 176 en in vijf kleuren.',
  },
  {
    provider: 4,
    category: 'kleding-en-schoenen',
    title: 'Winterjas voor volwassenen',
    priceCents: 8900,
    description:
      'Een lange, gevoerde winterjas voor dames en heren. Wind- en waterdicht, met veel zakken. Wij helpen u in de winkel graag aan de juiste maat.',
  },
  {
    provider: 4,
    category: 'kleding-en-schoenen',
    title: 'Sportschoenen voor binnen en buiten',
    priceCents: 5500,
    description:
      'Stevige sportschoenen met een zool die geen strepen geeft in de gymzaal. Geschikt voor gym, voetbal op straat en dagelijks gebruik.',
  },
  {
    provider: 4,
    category: 'kleding-en-schoenen',
    title: 'Regenpak voor fietsers (jas en broek)',
    priceCents: 4500,
    description:
      'Een licht regenpak met regenjas en regenbroek dat in een klein tasje past. Ideaal om droog op de fiets naar school te gaan.',
  },
  {
    provider: 4,
    category: 'kleding-en-schoenen',
    title: 'Schoolkleding: broek, trui en twee shirts',
    priceCents: 7500,
    description:
      'Een pakket stevige kleding voor school: een spijkerbroek, een trui en twee shirts naar keuze. Maat 104 tot en met 176.',
  },
  {
    provider: 4,
    category: 'school-en-studie',
    title: 'Gymtas met gymkleding',
    priceCents: 3500,
    description:
      'Een gymtas met gymbroek, sportshirt en sokken voor de gymles op school. Alles is wasbaar op 40 graden.',
  },
  {
    provider: 4,
    category: 'school-en-studie',
    title: 'Schooltas en etui',
    priceCents: 4000,
    description:
      'Een stevige schooltas met laptopvak en een gevuld etui met pennen, potloden en een geodriehoek. Klaar voor het nieuwe schooljaar.',
  },

  // 5: bicycle shop
  {
    provider: 5,
    category: 'fietsen',
    title: 'Kinderfiets 20 inch',
    priceCents: 24900,
    description:
      'Een stevige kinderfiets met 20 inch wielen, terugtraprem en handrem, voor kinderen van ongeveer 6 tot 9 jaar. De fiets wordt rijklaar geleverd met verlichting, bel en slot.',
  },
  {
    provider: 5,
    category: 'fietsen',
    title: 'Jeugdfiets 24 inch met versnellingen',
    priceCents: 32900,
    description:
      'Een jeugdfiets met 24 inch wielen en zeven versnellingen, ideaal om naar de middelbare school te fietsen. Met bagagedrager, verlichting en ringslot.',
  },
  {
    provider: 5,
    category: 'fietsen',
    title: 'Gereviseerde transportfiets (tweedehands)',
    priceCents: 17500,
    description:
      'Een tweedehands transportfiets die in onze werkplaats helemaal is nagekeken. Met nieuwe banden, remmen en ketting, en zes maanden garantie.',
  },
  {
    provider: 5,
    category: 'fietsen',
    title: 'Fietshelm voor kinderen',
    priceCents: 3500,
    description:
      'Een lichte, verstelbare fietshelm in maat S of M. Goedgekeurd volgens de Europese norm voor fietshelmen.',
  },
  {
    provider: 5,
    category: 'fietsen',
    title: 'Onderhoudsbeurt voor uw fiets',
    priceCents: 5500,
    description:
      'Een complete onderhoudsbeurt: remmen en versnellingen afstellen, ketting smeren en banden controleren. Kleine onderdelen zijn inbegrepen.',
  },
  {
    provider: 5,
    category: 'fietsen',
    title: 'Fietsverlichting en ringslot',
    priceCents: 4500,
    description:
      'Een set heldere ledverlichting voor voor en achter en een goedgekeurd ringslot. Wij monteren alles gratis op uw fiets.',
  },
  {
    provider: 5,
    category: 'uitjes-en-vrije-tijd',
    title: 'Huurfiets voor een dagje uit',
    priceCents: 1500,
    description:
      'Huur een fiets voor een hele dag en ontdek de fietsroutes rond de stad. Een routekaart en fietstas krijgt u erbij.',
  },

  // 6: computer shop (pending provider: products waiting for review)
  {
    provider: 6,
    category: 'computers-en-internet',
    title: 'Refurbished laptop voor school',
    priceCents: 34900,
    description:
      'Een gereviseerde laptop met 14 inch scherm, snelle opslag en een nieuwe accu, geschikt voor school en huiswerk. Met een jaar garantie en alle software voor de brugklas geïnstalleerd.',
  },
  {
    provider: 6,
    category: 'computers-en-internet',
    title: 'Nieuwe laptop met tekstverwerker (14 inch)',
    priceCents: 44900,
    description:
      'Een nieuwe, lichte laptop met tekstverwerker en virusscanner, klaar voor school en studie. Wij zetten hem voor u klaar en helpen met het instellen van internet en e-mail.',
  },
  {
    provider: 6,
    category: 'school-en-studie',
    title: 'Grafische rekenmachine voor de bovenbouw',
    priceCents: 11500,
    description:
      'De grafische rekenmachine die op havo en vwo wordt voorgeschreven voor wiskunde en natuurkunde. Inclusief batterijen en beschermhoes.',
  },
];

/**
 * The calendar the demo lives in, from the clock's "now" (the date in the Netherlands): the yearly arrangements are
 * named after the current year and run from 1 January until 31 March of the next year; the sports season is the one
 * under way (it starts on 1 August).
 */
export function demoCalendar(now: Date) {
  const today = todayInAmsterdam(now);
  const year = Number(today.slice(0, 4));
  const seasonStart = Number(today.slice(5, 7)) >= 8 ? year : year - 1;
  return {
    today,
    year,
    arrangementPeriod: { validFrom: `${year}-01-01`, validUntil: `${year + 1}-03-31` },
    season: `${seasonStart}-${seasonStart + 1}`,
    /** 'Kindpakket {jaar}' → 'Kindpakket 2031' */
    name: (template: string) =>
      template.replaceAll('{jaar}', String(year)).replaceAll('{seizoen}', `${seasonStart}-${seasonStart + 1}`),
  };
}

/** The demo arrangements' names on this day ('Kindpakket 2031', …), in seeding order. */
export function demoArrangementNames(now: Date): string[] {
  const calendar = demoCalendar(now);
  return ARRANGEMENTS.map((a) => calendar.name(a.name));
}

const ARRANGEMENTS: {
  municipality: DemoMunicipalityKey;
  /** {jaar}: the current year (demoCalendar). */
  name: string;
  description: string;
  defaultAmountCents: number;
  categories: DemoCategorySlug[] | 'ALL';
  ownContributionAllowed: boolean;
  maxPerOrderCents: number | null;
  /** For whom: the oldest age in whole years (included). */
  maxAge?: number;
}[] = [
  {
    municipality: 'zuiderveen',
    name: 'Kindpakket {jaar}',
    description:
      'Tegoed voor kinderen tot en met 17 jaar in gezinnen met een laag inkomen, voor sport, cultuur, zwemles, school en kleding. Kost een product meer dan het tegoed, dan betaalt u het verschil zelf.',
    defaultAmountCents: 15000,
    categories: ['sport-en-bewegen', 'cultuur-en-muziek', 'zwemmen', 'school-en-studie', 'kleding-en-schoenen'],
    ownContributionAllowed: true,
    maxPerOrderCents: null,
    maxAge: 17,
  },
  {
    municipality: 'zuiderveen',
    name: 'Meedoenregeling {jaar}',
    description:
      'Tegoed voor inwoners met een laag inkomen om mee te doen aan sport, cultuur en vrije tijd, voor een computer of een fiets. Per bestelling besteedt u hoogstens € 100,00.',
    defaultAmountCents: 25000,
    categories: ['sport-en-bewegen', 'cultuur-en-muziek', 'uitjes-en-vrije-tijd', 'computers-en-internet', 'fietsen'],
    ownContributionAllowed: false,
    maxPerOrderCents: 10000,
  },
  {
    municipality: 'noorderhaven',
    name: 'Minimaregeling Noorderhaven {jaar}',
    description:
      'Tegoed voor huishoudens in Noorderhaven met een inkomen tot 120% van het sociaal minimum, te besteden in alle categorieën. Een eigen bijdrage is mogelijk.',
    defaultAmountCents: 20000,
    categories: 'ALL',
    ownContributionAllowed: true,
    maxPerOrderCents: null,
  },
];

const LINKS: { placement: LinkPlacement; label: string; url: string }[] = [
  { placement: LinkPlacement.FOOTER, label: 'Hoe werkt het', url: '/hoe-werkt-het' },
  { placement: LinkPlacement.FOOTER, label: 'Privacyverklaring', url: '/privacy' },
  { placement: LinkPlacement.FOOTER, label: 'Toegankelijkheid', url: '/toegankelijkheid' },
  { placement: LinkPlacement.FOOTER, label: 'Algemene voorwaarden', url: '/voorwaarden' },
  { placement: LinkPlacement.FOOTER, label: 'Sitemap', url: '/sitemap' },
  { placement: LinkPlacement.USEFUL, label: 'Gemeente Zuiderveen', url: 'https://www.example.org/zuiderveen' },
  { placement: LinkPlacement.USEFUL, label: 'Gemeente Noorderhaven', url: 'https://www.example.org/noorderhaven' },
  {
    placement: LinkPlacement.USEFUL,
    label: 'Hulp bij geldzaken in Zuiderveen',
    url: 'https://www.example.org/zuiderveen/hulp-bij-geldzaken',
  },
];

/** Households per municipality. */
const HOUSEHOLDS: Record<DemoMunicipalityKey, number> = { zuiderveen: 14, noorderhaven: 6 };

// ---------------------------------------------------------------------------------------------------------------
// The plan: every value of the demo, computed without a database

export interface DemoProviderPlan {
  n: number;
  kind: ProviderKind;
  name: string;
  slug: string;
  kvkNumber: string;
  iban: string;
  street: string;
  postcode: string;
  city: string;
  email: string;
  phone: string;
  website: string;
  description: string;
  createdAt: Date;
  user: { email: string; name: string };
  memberships: { municipality: DemoMunicipalityKey; status: MembershipStatus; decidedAt: Date | null }[];
}

export interface DemoProductPlan {
  provider: number;
  category: DemoCategorySlug;
  title: string;
  slug: string;
  description: string;
  priceCents: number;
  /** DRAFT, or the summary of the decisions (product-approval.ts). */
  status: ProductStatus;
  decisions: DemoProductDecisionPlan[];
  createdAt: Date;
  submittedAt: Date | null;
  /** When the last municipality decided; null while none has. */
  reviewedAt: Date | null;
}

export interface DemoProductDecisionPlan {
  municipality: DemoMunicipalityKey;
  status: ProductApprovalStatus;
  reason: string | null;
  requestedAt: Date;
  decidedAt: Date | null;
}

export interface DemoPersonPlan {
  externalIdentifier: string;
  firstName: string;
  lastName: string;
  dateOfBirth: string;
  email: string | null;
  phone: string | null;
  /** Plain BSN: only the seeder and tests see it; the database holds it encrypted plus a keyed hash. */
  bsn: string;
  cardNumber: string;
  cardIssuedAt: Date;
}

export interface DemoHouseholdPlan {
  municipality: DemoMunicipalityKey;
  clientNumber: string;
  name: string;
  createdAt: Date;
  persons: DemoPersonPlan[];
}

export interface DemoPlan {
  providers: DemoProviderPlan[];
  products: DemoProductPlan[];
  households: DemoHouseholdPlan[];
}

function planProviders(today: Date): DemoProviderPlan[] {
  const rng = new Rng('providers');
  const usedKvk = new Set<string>();
  const usedSlugs = new Set<string>();
  const streets = rng.shuffle(STREET_NAMES);
  return PROVIDER_SETUP.map((setup, index) => {
    const n = index + 1;
    const parts = PROVIDER_NAME_PARTS[setup.kind];
    const name = `${rng.pick(parts.prefixes)} ${rng.pick(parts.names)}`;
    let slug = slugify(name);
    while (usedSlugs.has(slug)) slug = `${slug}-${n}`;
    usedSlugs.add(slug);
    let kvkNumber = '';
    do kvkNumber = String(rng.int(1, 9)) + rng.digits(7);
    while (usedKvk.has(kvkNumber));
    usedKvk.add(kvkNumber);
    const city = DEMO_CITIES[setup.city];
    const pending = Object.values(setup.memberships).includes(MembershipStatus.PENDING);
    // Established providers joined months ago; the pending one registered last week.
    const createdAt = pending
      ? before(today, 6 * DAY + rng.int(0, 600) * MINUTE)
      : before(today, rng.int(90, 160) * DAY + rng.int(0, 600) * MINUTE);
    const domain = `${slug}.example.org`;
    const contactFirst = rng.pick(ADULT_FIRST_NAMES);
    const contactLast = rng.pick(LAST_NAMES);
    return {
      n,
      kind: setup.kind,
      name,
      slug,
      kvkNumber,
      iban: makeIban(rng),
      street: `${streets[index % streets.length]} ${rng.int(1, 140)}`,
      postcode: makePostcode(rng, POSTCODE_BASE[setup.city]),
      city,
      email: `info@${domain}`,
      phone: `088 ${rng.digits(3)} ${rng.digits(4)}`,
      website: `https://${domain}`,
      description: PROVIDER_DESCRIPTIONS[setup.kind].replaceAll('{name}', name).replaceAll('{city}', city),
      createdAt,
      user: { email: demoProviderEmail(n), name: `${contactFirst} ${contactLast}` },
      memberships: Object.entries(setup.memberships).map(([municipality, status]) => ({
        municipality: municipality as DemoMunicipalityKey,
        status,
        decidedAt: status === MembershipStatus.PENDING ? null : new Date(createdAt.getTime() + rng.int(2, 6) * DAY),
      })),
    };
  });
}

function planProducts(today: Date): DemoProductPlan[] {
  const rng = new Rng('products');
  const calendar = demoCalendar(today);
  // Creation order: the established providers' products in a shuffled order over the last 60 days; the pending
  // provider's products are the newest (it registered last week). Each product has its own 36-hour slot, so
  // createdAt values are distinct and the "newest first" order is stable.
  const established = rng.shuffle(PRODUCTS.filter((p) => p.provider !== 6));
  const ordered = [...established, ...PRODUCTS.filter((p) => p.provider === 6)];
  const slot = (60 * DAY) / ordered.length;
  return ordered.map((template, i) => {
    const t = { ...template, title: calendar.name(template.title) };
    if (t.title.length < 3 || t.title.length > 120) throw new Error(`demo product title length: ${t.title}`);
    if (t.priceCents < 500 || t.priceCents > 45_000) throw new Error(`demo product price: ${t.title}`);
    const createdAt = before(today, 60 * DAY - (i + 0.5) * slot - rng.int(-300, 300) * MINUTE);
    const draft = t.status === ProductStatus.DRAFT;
    const submittedAt = draft ? null : new Date(createdAt.getTime() + rng.int(5, 60) * MINUTE);
    const reviewDelay = Math.min(rng.int(2, 26) * HOUR, Math.floor((today.getTime() - createdAt.getTime()) / 2));
    const decidedAt = new Date(createdAt.getTime() + Math.max(reviewDelay, 2 * HOUR));
    const memberOf = Object.entries(PROVIDER_SETUP[t.provider - 1]!.memberships)
      .filter(([, s]) => s === MembershipStatus.APPROVED)
      .map(([m]) => m as DemoMunicipalityKey);
    const decisions: DemoProductDecisionPlan[] = draft
      ? []
      : memberOf.map((municipality) => {
          const d = t.decisions?.[municipality] ?? { status: ProductApprovalStatus.APPROVED };
          const pending = d.status === ProductApprovalStatus.PENDING;
          return {
            municipality,
            status: d.status,
            reason: d.reason ?? null,
            requestedAt: submittedAt!,
            decidedAt: pending ? null : decidedAt,
          };
        });
    const status = draft ? ProductStatus.DRAFT : summaryOf(decisions.map((d) => d.status));
    return {
      provider: t.provider,
      category: t.category,
      title: t.title,
      slug: slugify(t.title),
      description: t.description,
      priceCents: t.priceCents,
      status,
      decisions,
      createdAt,
      submittedAt,
      reviewedAt: decisions.some((d) => d.decidedAt) ? decidedAt : null,
    };
  });
}

function planHouseholds(today: Date): DemoHouseholdPlan[] {
  const rng = new Rng('households');
  const usedBsns = new Set<string>();
  const usedCards = new Set<string>();
  const usedEmails = new Set<string>();
  const lastNames = rng.shuffle(LAST_NAMES);
  const households: DemoHouseholdPlan[] = [];
  let familyIndex = 0;

  for (const municipality of DEMO_MUNICIPALITIES) {
    const cardPrefix = municipality.key === 'zuiderveen' ? '61' : '62';
    let personSequence = municipality.clientBase;
    for (let h = 0; h < HOUSEHOLDS[municipality.key]; h++) {
      const lastName = lastNames[familyIndex++ % lastNames.length]!;
      // 1–4 persons: one parent plus children. The first household of each municipality is a parent with two
      // children, so "the first demo resident" always has children to spend a Kindpakket on.
      const size = h === 0 ? 3 : rng.pick([1, 2, 2, 3, 3, 3, 4, 4]);
      const createdAt = before(today, rng.int(30, 240) * DAY + rng.int(0, 600) * MINUTE);
      const parentAge = rng.int(27, 52);
      const persons: DemoPersonPlan[] = [];
      const usedFirst = new Set<string>();
      const usedAges = new Set<number>();
      for (let p = 0; p < size; p++) {
        const adult = p === 0;
        let firstName: string;
        do firstName = adult ? rng.pick(ADULT_FIRST_NAMES) : rng.pick(CHILD_FIRST_NAMES);
        while (usedFirst.has(firstName));
        usedFirst.add(firstName);
        // Children of school age mostly (the Kindpakket is for children up to 17), siblings at least a year apart.
        let age = parentAge;
        if (!adult) {
          do age = rng.int(3, Math.min(17, parentAge - 20));
          while (usedAges.has(age));
          usedAges.add(age);
        }
        let email: string | null = null;
        if (adult) {
          const local = `${mailPart(firstName)}.${mailPart(lastName)}`;
          email = `${local}@voorbeeld.nl`;
          for (let k = 2; usedEmails.has(email); k++) email = `${local}${k}@voorbeeld.nl`;
          usedEmails.add(email);
        }
        let cardNumber: string;
        do cardNumber = makeCardNumber(cardPrefix + rng.digits(7));
        while (usedCards.has(cardNumber));
        usedCards.add(cardNumber);
        persons.push({
          externalIdentifier: `P-${++personSequence}`,
          firstName,
          lastName,
          dateOfBirth: birthDate(today, age, rng.int(0, 364)),
          email,
          phone: adult ? `06 ${rng.int(10, 69)}${rng.digits(6)}` : null,
          bsn: makeBsn(rng, usedBsns),
          cardNumber,
          cardIssuedAt: new Date(createdAt.getTime() + rng.int(1, 10) * DAY),
        });
      }
      households.push({
        municipality: municipality.key,
        clientNumber: `${municipality.clientPrefix}-${municipality.clientBase + h + 1}`,
        name: `Huishouden ${capitaliseFirst(lastName)}`,
        createdAt,
        persons,
      });
    }
  }
  return households;
}

/** Every value of the demo data, deterministic for a given "now" (the clock's). */
export function buildDemoPlan(today: Date): DemoPlan {
  return { providers: planProviders(today), products: planProducts(today), households: planHouseholds(today) };
}

/**
 * The demo residents with their plain BSNs, in seeding order (Zuiderveen first; the first is a parent with children).
 * For the DigiD simulator's pick list and for tests; names, BSNs and card numbers do not depend on `today`.
 */
export function demoResidents(today: Date) {
  return buildDemoPlan(today).households.flatMap((h) =>
    h.persons.map((p) => ({
      municipality: h.municipality,
      clientNumber: h.clientNumber,
      externalIdentifier: p.externalIdentifier,
      firstName: p.firstName,
      lastName: p.lastName,
      dateOfBirth: p.dateOfBirth,
      adult: p.email !== null,
      bsn: p.bsn,
      cardNumber: p.cardNumber,
    })),
  );
}

// The counts are the same on any day: any fixed moment will do.
const countPlan = buildDemoPlan(new Date(0));
const personCount = countPlan.households.reduce((sum, h) => sum + h.persons.length, 0);

/** What seedDemoData creates, for tests and the start-up log. */
export const DEMO_SUMMARY = Object.freeze({
  municipalities: DEMO_MUNICIPALITIES.length,
  roles: Object.keys(BUILT_IN_ROLES).length + DEMO_CUSTOM_ROLES.length,
  staff: DEMO_STAFF.length,
  providers: PROVIDER_SETUP.length,
  providerUsers: PROVIDER_SETUP.length,
  memberships: PROVIDER_SETUP.reduce((sum, p) => sum + Object.keys(p.memberships).length, 0),
  categories: DEMO_CATEGORIES.length,
  products: PRODUCTS.length,
  arrangements: ARRANGEMENTS.length,
  clientGroups: Object.values(HOUSEHOLDS).reduce((a, b) => a + b, 0),
  persons: personCount,
  cards: personCount,
  links: LINKS.length,
});

// ---------------------------------------------------------------------------------------------------------------
// Writing it

const SEED_LOCK = 'gemeentewinkel:seed-demo-data';

/**
 * Seeds the demo data when the database has no municipality yet; otherwise does nothing (`created: false`).
 * One transaction, under an advisory lock, so two processes starting at once cannot both seed.
 */
export async function seedDemoData(
  em: EntityManager,
  options: {
    bsnKeys: BsnKeys;
    clock: Clock;
    /** Where the products' pictures go; without it, no pictures. */ storage?: FileStorage;
    /** SETTINGS_ENCRYPTION_KEY: with it, a DigiD certificate in use (its key encrypted; seeders/demo-digid.ts). */
    settingsEncryptionKey?: Buffer;
    /** DEMO_CACHE_DIR: where the pictures and the DigiD key are kept between runs (seeders/demo-cache.ts); none: made afresh. */
    cacheDir?: string;
    /**
     * The application's services: with them, the demo gets its activity (orders in every status, payments, inbox
     * messages; seeders/demo-activity.ts), made through those services after the demo data committed.
     */
    services?: Pick<
      Services,
      | 'checkout'
      | 'orderActions'
      | 'counter'
      | 'payments'
      | 'messages'
      | 'arrangements'
      | 'assignments'
      | 'yearEnd'
      | 'expiryReminders'
      | 'payouts'
      | 'settings'
    > &
      Partial<Pick<Services, 'onBehalfOrders' | 'audit' | 'cards' | 'persons'>> &
      Partial<Pick<Services, 'imports'>> &
      Partial<Pick<Services, 'applications'>>;
  },
): Promise<{ created: boolean }> {
  if ((await em.count(Municipality, {})) > 0) return { created: false };

  const today = options.clock.now();
  const calendar = demoCalendar(today);
  const plan = buildDemoPlan(today);
  // argon2 is slow on purpose: one hash for every demo log-in.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const setupAt = before(today, 200 * DAY);
  // The story of the demo's activity runs inside this year's arrangements; the budgets are granted at its start.
  const yearStart = new Date(`${calendar.arrangementPeriod.validFrom}T00:00:00+01:00`);
  const grantedAt = storyClock(today, yearStart)(STORY_DAYS);

  const created = await em.transactional(async (tx) => {
    await tx.execute('select pg_advisory_xact_lock(hashtext(?))', [SEED_LOCK]);
    if ((await tx.count(Municipality, {})) > 0) return { created: false };

    const municipalities = {} as Record<DemoMunicipalityKey, Municipality>;
    for (const m of DEMO_MUNICIPALITIES) {
      municipalities[m.key] = tx.create(Municipality, {
        name: m.name,
        slug: m.slug,
        createdAt: setupAt,
        updatedAt: setupAt,
      });
    }

    const roles = {} as Record<BuiltInRoleKey, Role>;
    for (const [key, role] of Object.entries(BUILT_IN_ROLES) as [
      BuiltInRoleKey,
      (typeof BUILT_IN_ROLES)[BuiltInRoleKey],
    ][]) {
      roles[key] = tx.create(Role, {
        key,
        name: role.name,
        description: role.description,
        permissions: [...role.permissions],
        builtIn: true,
        createdAt: setupAt,
        updatedAt: setupAt,
      });
    }

    for (const role of DEMO_CUSTOM_ROLES) {
      tx.create(Role, {
        key: null,
        name: role.name,
        description: role.description,
        permissions: [...role.permissions],
        builtIn: false,
        createdAt: setupAt,
        updatedAt: setupAt,
      });
    }

    const staffAccounts = {} as Record<BuiltInRoleKey, AdminAccount>;
    for (const staff of DEMO_STAFF) {
      const scope = STAFF_SCOPE[staff.role];
      const account = (staffAccounts[staff.role] = tx.create(AdminAccount, {
        email: staff.email,
        name: staff.name,
        passwordHash,
        role: roles[staff.role],
        allMunicipalities: scope === 'ALL',
        // Demo staff have chosen their password (the demo's), and log in without two-factor (the e2e tests do).
        passwordSetAt: setupAt,
        createdAt: setupAt,
        updatedAt: setupAt,
      }));
      if (scope !== 'ALL') for (const key of scope) account.municipalities.add(municipalities[key]);
    }

    const categories = {} as Record<DemoCategorySlug, Category>;
    DEMO_CATEGORIES.forEach((c, index) => {
      categories[c.slug] = tx.create(Category, {
        name: c.name,
        slug: c.slug,
        description: c.description,
        sortOrder: index + 1,
        featured: c.featured,
        createdAt: setupAt,
        updatedAt: setupAt,
      });
    });

    const providers = new Map<number, Provider>();
    for (const p of plan.providers) {
      const provider = tx.create(Provider, {
        name: p.name,
        slug: p.slug,
        kvkNumber: p.kvkNumber,
        iban: p.iban,
        street: p.street,
        postcode: p.postcode,
        city: p.city,
        email: p.email,
        phone: p.phone,
        website: p.website,
        description: p.description,
        createdAt: p.createdAt,
        updatedAt: p.createdAt,
      });
      providers.set(p.n, provider);
      tx.create(ProviderUser, {
        provider,
        email: p.user.email,
        name: p.user.name,
        passwordHash,
        emailVerifiedAt: new Date(p.createdAt.getTime() + 20 * MINUTE),
        createdAt: p.createdAt,
        updatedAt: p.createdAt,
      });
      for (const m of p.memberships) {
        tx.create(ProviderMembership, {
          provider,
          municipality: municipalities[m.municipality],
          status: m.status,
          decidedAt: m.decidedAt,
          createdAt: p.createdAt,
          updatedAt: m.decidedAt ?? p.createdAt,
        });
      }
    }

    const pictured: { product: Product; category: DemoCategorySlug; createdAt: Date }[] = [];
    for (const p of plan.products) {
      const product = tx.create(Product, {
        provider: providers.get(p.provider)!,
        category: categories[p.category],
        title: p.title,
        slug: p.slug,
        description: p.description,
        priceCents: p.priceCents,
        status: p.status,
        submittedAt: p.submittedAt,
        createdAt: p.createdAt,
        updatedAt: p.reviewedAt ?? p.submittedAt ?? p.createdAt,
      });
      pictured.push({ product, category: p.category, createdAt: p.createdAt });
      for (const d of p.decisions) {
        tx.create(ProductApproval, {
          product,
          municipality: municipalities[d.municipality],
          status: d.status,
          reason: d.reason,
          requestedAt: d.requestedAt,
          decidedAt: d.decidedAt,
          createdAt: d.requestedAt,
          updatedAt: d.decidedAt ?? d.requestedAt,
        });
      }
    }

    for (const a of ARRANGEMENTS) {
      const arrangement = tx.create(Arrangement, {
        municipality: municipalities[a.municipality],
        name: calendar.name(a.name),
        slug: slugify(calendar.name(a.name)),
        description: a.description,
        ...calendar.arrangementPeriod,
        defaultAmountCents: a.defaultAmountCents,
        ownContributionAllowed: a.ownContributionAllowed,
        maxPerOrderCents: a.maxPerOrderCents,
        maxAge: a.maxAge ?? null,
        createdAt: setupAt,
        updatedAt: setupAt,
      });
      const slugs = a.categories === 'ALL' ? DEMO_CATEGORIES.map((c) => c.slug) : a.categories;
      for (const slug of slugs) arrangement.categories.add(categories[slug]);
    }

    for (const h of plan.households) {
      const municipality = municipalities[h.municipality];
      const group = tx.create(ClientGroup, {
        municipality,
        clientNumber: h.clientNumber,
        name: h.name,
        createdAt: h.createdAt,
        updatedAt: h.createdAt,
      });
      for (const p of h.persons) {
        // Not tx.create: Person's `fullName` getter is not marked Opt, so create() would demand it in the data.
        const person = Object.assign(new Person(), {
          clientGroup: ref(group),
          municipality: ref(municipality),
          externalIdentifier: p.externalIdentifier,
          firstName: p.firstName,
          lastName: p.lastName,
          dateOfBirth: p.dateOfBirth,
          email: p.email,
          phone: p.phone,
          bsnEncrypted: encryptBsn(p.bsn, options.bsnKeys),
          bsnHash: hashBsn(p.bsn, options.bsnKeys),
          createdAt: h.createdAt,
          updatedAt: h.createdAt,
        });
        tx.persist(person);
        tx.create(Card, {
          person,
          number: p.cardNumber,
          status: 'ACTIVE',
          issuedAt: p.cardIssuedAt,
          createdAt: p.cardIssuedAt,
          updatedAt: p.cardIssuedAt,
        });
      }
    }

    LINKS.forEach((l, index) => {
      tx.create(Link, {
        label: l.label,
        url: l.url,
        placement: l.placement,
        sortOrder: index + 1,
        createdAt: setupAt,
        updatedAt: setupAt,
      });
    });

    if (options.storage)
      await seedDemoImages(tx, options.storage, DEMO_CATEGORIES, pictured, demoCache(options.cacheDir));
    await seedDemoProviderProfiles(
      tx,
      options.storage,
      plan.providers.map((p) => ({ provider: providers.get(p.n)!, kind: p.kind })),
    );
    await seedDemoNews(tx, options.storage, today, municipalities);
    await tx.flush();
    await at(grantedAt, () => seedDemoAssignments(tx, today));
    await seedDemoMessages(tx, today, storyClock(today, yearStart));
    // The municipalities' public contact details (settings section `general`, shown in the site's footer).
    const contacts = Object.fromEntries(
      DEMO_MUNICIPALITIES.map((m) => [municipalities[m.key].id, DEMO_MUNICIPALITY_CONTACTS[m.key]]),
    );
    await tx.execute(
      `insert into setting (section, value, version, updated_at, updated_by_kind) values ('general', ?::jsonb, 1, ?, 'SYSTEM')
       on conflict (section) do nothing`,
      [JSON.stringify({ municipalities: contacts }), setupAt],
    );
    // The digital card (settings section `card`, issue 30): each municipality's colour; Noorderhaven's QR codes work
    // 12 hours without a connection, Zuiderveen's the default 24.
    await tx.execute(
      `insert into setting (section, value, version, updated_at, updated_by_kind) values ('card', ?::jsonb, 1, ?, 'SYSTEM')
       on conflict (section) do nothing`,
      [
        JSON.stringify({
          colorByMunicipality: {
            [municipalities.zuiderveen.id]: DEMO_CARD_COLOURS.zuiderveen,
            [municipalities.noorderhaven.id]: DEMO_CARD_COLOURS.noorderhaven,
          },
          offlineValidityHoursByMunicipality: { [municipalities.noorderhaven.id]: 12 },
        }),
        setupAt,
      ],
    );
    await seedDemoContentPages(tx, { setupAt, today });
    await seedDemoJournal(tx, setupAt);
    // Partner API clients (beheer/api), made by the Beheerder; their keys are random and never printed.
    const apiClients = await seedDemoApiClients(tx, {
      today,
      municipalities: DEMO_MUNICIPALITIES.map((m) => municipalities[m.key]),
      createdBy: staffAccounts.BEHEERDER,
    });
    // A webhook of the first partner client with a short delivery log (beheer/api › Webhooks).
    if (options.settingsEncryptionKey && apiClients[0])
      await seedDemoWebhooks(tx, { key: options.settingsEncryptionKey, today, apiClient: apiClients[0] });
    if (options.settingsEncryptionKey)
      await seedDemoDigid(tx, options.settingsEncryptionKey, today, demoCache(options.cacheDir));
    return { created: true };
  });
  if (created.created && options.services) {
    await seedDemoActivity(em.fork(), options.services, { now: today, yearStart });
    // Reconciliation (controle): differences at the payment simulator and a refund that stopped retrying.
    await at(today, () => seedDemoPaymentMismatches(em.fork(), options.services!));
    // Last year's arrangement: reminders, expired budget, copied to this year and granted again (demo-year-end.ts).
    await seedDemoYearEnd(em.fork(), options.services, { now: today });
    // An arrangement open for online applications, with applications in every status (demo-applications.ts).
    if (options.services.applications)
      await seedDemoApplications(
        em.fork(),
        { ...options.services, applications: options.services.applications },
        { now: today, bsnKeys: options.bsnKeys },
      );
  }
  // One finished import with its outcome (beheer/importeren).
  if (created.created && options.services?.imports)
    await seedDemoImport(em.fork(), { imports: options.services.imports }, options.clock);
  return created;
}
