/**
 * The demo seeder against a real PostgreSQL (the shared helper in src/test/database.ts: a fresh, migrated database
 * per describe block): the plan is deterministic and valid, the seed runs once, and two concurrent seeds create one set.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LocalDiskStorage } from '../integrations/storage/file-storage.js';
import { ProductImage } from '../modules/catalogue/product-image.entity.js';
import { sniffImageType } from '../platform/images.js';
import { createTestDatabase, type TestDatabase } from '../test/database.js';
import { decryptBsn, hashBsn, isValidBsn, type BsnKeys } from '../crypto/bsn.js';
import { verifyPassword } from '../crypto/passwords.js';
import { isValidCardNumber } from '../modules/customers/card-number.js';
import { Municipality } from '../modules/municipalities/municipality.entity.js';
import { Role } from '../modules/roles/role.entity.js';
import { AdminAccount } from '../modules/staff/admin-account.entity.js';
import { Provider } from '../modules/providers/provider.entity.js';
import { ProviderUser } from '../modules/providers/provider-user.entity.js';
import { MembershipStatus, ProviderMembership } from '../modules/providers/provider-membership.entity.js';
import { Category } from '../modules/catalogue/category.entity.js';
import { Product, ProductStatus } from '../modules/catalogue/product.entity.js';
import { ProductApproval, ProductApprovalStatus } from '../modules/catalogue/product-approval.entity.js';
import { inOffer, refreshStatuses } from '../modules/catalogue/product-approval.js';
import { Arrangement } from '../modules/arrangements/arrangement.entity.js';
import { ClientGroup } from '../modules/customers/client-group.entity.js';
import { Person } from '../modules/customers/person.entity.js';
import { Card } from '../modules/customers/card.entity.js';
import { Link } from '../modules/content/link.entity.js';
import { BUILT_IN_ROLES } from '../kernel/permissions.js';
import { DEMO_CUSTOM_ROLES, DEMO_PASSWORD, DEMO_STAFF, demoProviderEmail } from './demo-accounts.js';
import {
  DEMO_SUMMARY,
  buildDemoPlan,
  demoArrangementNames,
  demoCalendar,
  demoResidents,
  seedDemoData,
  slugify,
} from './demo-data.js';
import { ManualClock, today as todayOn } from '../kernel/clock.js';
import { startTestServer, type TestServer } from '../test/server.js';
import { ORDER_TRANSITIONS } from '../modules/orders/order.service.js';
import { DEMO_STORY, DEMO_STORY_HOUSEHOLDS } from './demo-activity.js';
import { loadConfig } from '../config/config.js';

const keys: BsnKeys = {
  keys: [{ id: 'seedtest', key: randomBytes(32) }],
  hashKey: 'seed-test-hash-key-'.padEnd(40, 'x'),
};
/** The seeder's clock: CLOCK_START when set (e.g. CLOCK_START=2026-12-31T22:30:00Z npm test -w server -- demo-data), else a fixed day. */
const today = loadConfig({ CLOCK_START: process.env.CLOCK_START }).clockStart ?? new Date('2026-11-21T10:00:00Z');
const clock = () => new ManualClock(today);
const DAY = 24 * 3600_000;

/**
 * Clocks the demo must work on: an ordinary day, both sides of midnight on New Year's Eve in the Netherlands
 * (22:30 and 23:30 UTC), New Year's Day, a leap day, a day in 2027 and in 2030, and the end of 2030.
 */
const CLOCKS = [
  '2026-11-21T10:00:00Z',
  '2026-12-31T22:30:00Z',
  '2026-12-31T23:30:00Z',
  '2027-01-01T08:00:00+01:00',
  '2027-06-15T12:00:00+02:00',
  '2028-02-29T12:00:00Z',
  '2030-03-01T09:00:00+01:00',
  '2030-12-31T20:00:00+01:00',
  ...(process.env.CLOCK_START ? [today.toISOString()] : []),
];

/** Independent mod-97 check (ISO 13616), not the seeder's own helper. */
function ibanIsValid(iban: string): boolean {
  if (!/^NL\d{2}[A-Z]{4}\d{10}$/.test(iban)) return false;
  const moved = (iban.slice(4) + iban.slice(0, 4)).replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  return BigInt(moved) % 97n === 1n;
}

describe('the demo plan (no database)', () => {
  it('is deterministic', () => {
    expect(buildDemoPlan(today)).toEqual(buildDemoPlan(today));
    // BSNs and card numbers do not depend on the date.
    const a = demoResidents(today).map((r) => [r.bsn, r.cardNumber, r.firstName]);
    for (const moment of CLOCKS)
      expect(demoResidents(new Date(moment)).map((r) => [r.bsn, r.cardNumber, r.firstName])).toEqual(a);
  });

  it('has the residents the README and the start-up log name', () => {
    const households = new Map<string, string[]>();
    for (const r of demoResidents(today))
      households.set(r.clientNumber, [...(households.get(r.clientNumber) ?? []), `${r.firstName} ${r.lastName}`]);
    expect(households.get('ZV-100001')).toEqual(['Mandy de Boer', 'Ayoub de Boer', 'Zoë de Boer']);
    expect(households.get('ZV-100003')).toEqual(['Bas Hendriks']);
    expect(households.get('NH-200001')?.[0]).toBe('Marieke Dekker');
    expect(households.get('NH-200001')!.length).toBeGreaterThan(1);
    expect(households.get('NH-200003')).toEqual(['Jolanda Mulder']);
  });

  it('holds valid, unique identifiers and sensible values', () => {
    const plan = buildDemoPlan(today);
    const residents = demoResidents(today);
    expect(residents).toHaveLength(DEMO_SUMMARY.persons);
    expect(new Set(residents.map((r) => r.bsn)).size).toBe(residents.length);
    expect(new Set(residents.map((r) => r.cardNumber)).size).toBe(residents.length);
    expect(new Set(residents.map((r) => r.externalIdentifier)).size).toBe(residents.length);
    for (const r of residents) {
      expect(isValidBsn(r.bsn), r.bsn).toBe(true);
      expect(isValidCardNumber(r.cardNumber), r.cardNumber).toBe(true);
      expect(r.dateOfBirth).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(new Date(r.dateOfBirth).getTime()).toBeLessThan(today.getTime());
    }
    expect(residents[0]).toMatchObject({
      municipality: 'zuiderveen',
      clientNumber: 'ZV-100001',
      externalIdentifier: 'P-100001',
      adult: true,
    });
    for (const h of plan.households) {
      expect(h.persons.length).toBeGreaterThanOrEqual(1);
      expect(h.persons.length).toBeLessThanOrEqual(4);
      expect(h.persons[0]!.email).toMatch(/^[a-z0-9.]+@voorbeeld\.nl$/);
      for (const child of h.persons.slice(1)) expect(child.email).toBeNull();
    }

    expect(new Set(plan.providers.map((p) => p.slug)).size).toBe(6);
    for (const p of plan.providers) {
      expect(p.kvkNumber).toMatch(/^\d{8}$/);
      expect(ibanIsValid(p.iban), p.iban).toBe(true);
      expect(p.postcode).toMatch(/^[1-9]\d{3} [A-Z]{2}$/);
      expect(p.website).toMatch(/^https:\/\/[a-z0-9-]+\.example\.org$/);
    }

    expect(plan.products).toHaveLength(40);
    expect(new Set(plan.products.map((p) => p.createdAt.getTime())).size).toBe(40);
    const sixtyDaysAgo = today.getTime() - 60 * 24 * 3600_000;
    for (const p of plan.products) {
      expect(p.title.length).toBeGreaterThanOrEqual(3);
      expect(p.title.length).toBeLessThanOrEqual(120);
      expect(p.slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
      expect(p.priceCents).toBeGreaterThanOrEqual(500);
      expect(p.priceCents).toBeLessThanOrEqual(45_000);
      expect(p.createdAt.getTime()).toBeGreaterThan(sixtyDaysAgo);
      expect(p.createdAt.getTime()).toBeLessThan(today.getTime());
      if (p.reviewedAt) expect(p.reviewedAt.getTime()).toBeLessThanOrEqual(today.getTime());
    }
    expect(slugify('Cursus video’s bewerken: Zoë & Öztürk')).toBe('cursus-videos-bewerken-zoe-ozturk');
  });
});

describe('the demo calendar: relative to the clock, on any day', () => {
  it.each(CLOCKS)(
    'at %s: this year’s arrangements, valid today and for months to come, and data from before now',
    (moment) => {
      const now = new Date(moment);
      const day = todayOn(new ManualClock(now));
      const year = Number(day.slice(0, 4));
      const calendar = demoCalendar(now);
      // The date in the Netherlands, not UTC: at 23:30 UTC on 31 December it is already New Year's Day here.
      expect(calendar.today).toBe(day);
      expect(calendar.year).toBe(year);
      expect(calendar.arrangementPeriod.validFrom).toBe(`${year}-01-01`);
      expect(calendar.arrangementPeriod.validFrom <= day && day <= calendar.arrangementPeriod.validUntil).toBe(true);
      // Still valid three months from now: a demo or a test run that crosses midnight on 31 December keeps its budgets.
      const inThreeMonths = new Date(Date.UTC(year, Number(day.slice(5, 7)) - 1 + 3, Number(day.slice(8, 10))))
        .toISOString()
        .slice(0, 10);
      expect(calendar.arrangementPeriod.validUntil >= inThreeMonths).toBe(true);
      expect(demoArrangementNames(now)).toEqual([
        `Kindpakket ${year}`,
        `Meedoenregeling ${year}`,
        `Minimaregeling Noorderhaven ${year}`,
      ]);
      // The sports season under way: it starts on 1 August.
      const [from, to] = calendar.season.split('-').map(Number) as [number, number];
      expect(to).toBe(from + 1);
      expect(day >= `${from}-08-01` && day < `${to}-08-01`).toBe(true);

      const plan = buildDemoPlan(now);
      expect(buildDemoPlan(new Date(moment))).toEqual(plan);
      expect(plan.products.map((p) => p.title)).toContain(`Jeugdlidmaatschap voetbal (seizoen ${calendar.season})`);
      for (const p of plan.products) {
        expect(p.createdAt.getTime()).toBeLessThan(now.getTime());
        expect(p.createdAt.getTime()).toBeGreaterThan(now.getTime() - 60 * DAY);
        if (p.submittedAt) expect(p.submittedAt.getTime()).toBeLessThanOrEqual(now.getTime());
        if (p.reviewedAt) expect(p.reviewedAt.getTime()).toBeLessThanOrEqual(now.getTime());
      }
      for (const p of plan.providers) {
        expect(p.createdAt.getTime()).toBeLessThan(now.getTime());
        for (const m of p.memberships) if (m.decidedAt) expect(m.decidedAt.getTime()).toBeLessThan(now.getTime());
      }
      for (const h of plan.households) {
        expect(h.createdAt.getTime()).toBeLessThan(now.getTime());
        for (const person of h.persons) {
          expect(person.dateOfBirth < day).toBe(true);
          expect(person.cardIssuedAt.getTime()).toBeLessThan(now.getTime());
        }
        // The parent is an adult on this day; the first household has two children under 18 (two Kindpakketten).
        expect(Number(day.slice(0, 4)) - Number(h.persons[0]!.dateOfBirth.slice(0, 4))).toBeGreaterThanOrEqual(27);
      }
      const first = plan.households[0]!.persons.slice(1);
      expect(first).toHaveLength(2);
      for (const child of first) expect(child.dateOfBirth > `${year - 18}${day.slice(4)}`).toBe(true);
    },
  );
});

describe('seedDemoData', () => {
  let db: TestDatabase;
  let uploads: string;
  let storage: LocalDiskStorage;
  beforeAll(async () => {
    db = await createTestDatabase();
    uploads = mkdtempSync(join(tmpdir(), 'gw-seed-'));
    storage = new LocalDiskStorage(uploads);
  });
  afterAll(async () => {
    await db?.drop();
    if (uploads) rmSync(uploads, { recursive: true, force: true });
  });

  it('seeds once, in one go, and does nothing the second time', async () => {
    const started = performance.now();
    expect(await seedDemoData(db.orm.em.fork(), { bsnKeys: keys, clock: clock(), storage })).toEqual({
      created: true,
    });
    console.log(`demo seed took ${Math.round(performance.now() - started)} ms`);
    expect(await seedDemoData(db.orm.em.fork(), { bsnKeys: keys, clock: clock(), storage })).toEqual({
      created: false,
    });

    const em = db.orm.em.fork();
    expect(await em.count(Municipality, {})).toBe(2);
    expect(await em.count(Role, {})).toBe(5 + DEMO_CUSTOM_ROLES.length);
    expect(await em.count(AdminAccount, {})).toBe(5);
    expect(await em.count(Provider, {})).toBe(6);
    expect(await em.count(ProviderUser, {})).toBe(6);
    expect(await em.count(ProviderMembership, {})).toBe(DEMO_SUMMARY.memberships);
    expect(await em.count(Category, {})).toBe(8);
    expect(await em.count(Product, {})).toBe(40);
    expect(await em.count(Arrangement, {})).toBe(3);
    expect(await em.count(ClientGroup, {})).toBe(20);
    expect(await em.count(Person, {})).toBe(DEMO_SUMMARY.persons);
    expect(await em.count(Card, {})).toBe(DEMO_SUMMARY.cards);
    expect(await em.count(Link, {})).toBe(DEMO_SUMMARY.links);
    expect(DEMO_SUMMARY).toMatchObject({
      municipalities: 2,
      roles: 5 + DEMO_CUSTOM_ROLES.length,
      staff: 5,
      providers: 6,
      categories: 8,
      products: 40,
      arrangements: 3,
      clientGroups: 20,
    });
  });

  it('gives every product its own picture of its category, stored as an upload, with a Dutch text alternative', async () => {
    const em = db.orm.em.fork();
    const images = await em.find(ProductImage, {}, { populate: ['product.category'] });
    expect(images).toHaveLength(DEMO_SUMMARY.products);
    expect(new Set(images.map((i) => i.product.id)).size).toBe(DEMO_SUMMARY.products);
    for (const image of images) {
      expect(image.alt).toBe(`Tekening bij de categorie ${image.product.getEntity().category.getEntity().name}`);
      expect([image.width, image.height]).toEqual([1200, 900]);
      const large = await storage.read(image.storageKey);
      const thumb = await storage.read(image.thumbnailKey);
      expect(sniffImageType(large!)).toBe('image/webp');
      expect(large!.length).toBe(image.byteSize);
      expect(sniffImageType(thumb!)).toBe('image/webp');
    }
  });

  it('stores every BSN encrypted with a matching hash, and one active, valid card per person', async () => {
    const em = db.orm.em.fork();
    const persons = await em.find(Person, {}, { populate: ['bsnEncrypted'], orderBy: { externalIdentifier: 'asc' } });
    const cards = await em.find(Card, {});
    const residents = new Map(demoResidents(today).map((r) => [r.externalIdentifier, r]));
    for (const person of persons) {
      const bsn = decryptBsn(person.bsnEncrypted!, keys);
      expect(isValidBsn(bsn)).toBe(true);
      expect(person.bsnEncrypted).not.toContain(bsn);
      expect(person.bsnHash).toBe(hashBsn(bsn, keys));
      expect(bsn).toBe(residents.get(person.externalIdentifier)!.bsn);
      const own = cards.filter((c) => c.person.id === person.id);
      expect(own).toHaveLength(1);
      expect(own[0]!.status).toBe('ACTIVE');
      expect(isValidCardNumber(own[0]!.number)).toBe(true);
    }
    const first = persons[0]!;
    expect(first.externalIdentifier).toBe('P-100001');
    const group = await em.findOneOrFail(ClientGroup, { id: first.clientGroup.id }, { populate: ['municipality'] });
    expect(group.clientNumber).toBe('ZV-100001');
    expect(group.municipality.getEntity().slug).toBe('zuiderveen');
    expect(group.name).toMatch(/^Huishouden [A-ZÖ]/);
  });

  it('gives roles, staff scopes and demo log-ins as designed', async () => {
    const em = db.orm.em.fork();
    const roles = await em.find(Role, {});
    const builtIn = roles.filter((r) => r.builtIn);
    expect(builtIn.map((r) => r.key).sort()).toEqual(Object.keys(BUILT_IN_ROLES).sort());
    expect(roles.filter((r) => !r.builtIn).map((r) => r.name)).toEqual(DEMO_CUSTOM_ROLES.map((r) => r.name));

    const accounts = await em.find(AdminAccount, {}, { populate: ['role', 'municipalities', 'passwordHash'] });
    const scopes = Object.fromEntries(
      accounts.map((a) => [
        a.role.getEntity().key,
        a.allMunicipalities
          ? 'ALL'
          : a.municipalities
              .getItems()
              .map((m) => m.slug)
              .sort()
              .join(','),
      ]),
    );
    expect(scopes).toEqual({
      BEHEERDER: 'ALL',
      KLANTCONTACT: 'zuiderveen',
      FINANCIEN: 'noorderhaven,zuiderveen',
      AANBIEDERBEHEER: 'zuiderveen',
      REDACTIE: 'zuiderveen',
    });
    expect(accounts.map((a) => a.email).sort()).toEqual(DEMO_STAFF.map((s) => s.email).sort());

    const users = await em.find(ProviderUser, {}, { populate: ['passwordHash'] });
    expect(users.map((u) => u.email).sort()).toEqual([1, 2, 3, 4, 5, 6].map(demoProviderEmail).sort());
    expect(users.every((u) => u.emailVerifiedAt)).toBe(true);
    // One hash for all demo log-ins (argon2 is slow on purpose), and it is the demo password.
    expect(new Set([...accounts.map((a) => a.passwordHash), ...users.map((u) => u.passwordHash)]).size).toBe(1);
    expect(await verifyPassword(accounts[0]!.passwordHash, DEMO_PASSWORD)).toBe(true);
  });

  it('has the catalogue the screens and work queues need', async () => {
    const em = db.orm.em.fork();
    const featured = await em.find(Category, { featured: true });
    expect(featured.map((c) => c.name)).toEqual(['Sport en bewegen']);

    const memberships = await em.find(ProviderMembership, {}, { populate: ['municipality'] });
    const pending = memberships.filter((m) => m.status === MembershipStatus.PENDING);
    expect(pending).toHaveLength(1);
    const pendingUser = await em.findOneOrFail(ProviderUser, { email: demoProviderEmail(6) });
    expect(pending[0]!.provider.id).toBe(pendingUser.provider.id);

    const products = await em.find(Product, {});
    const byStatus = (s: ProductStatus) => products.filter((p) => p.status === s);
    // Provider 6's products wait for its membership; "Examentraining" waits for both municipalities.
    expect(byStatus(ProductStatus.SUBMITTED)).toHaveLength(4);
    expect(byStatus(ProductStatus.SUBMITTED).filter((p) => p.provider.id === pendingUser.provider.id)).toHaveLength(3);
    expect(byStatus(ProductStatus.DRAFT)).toHaveLength(2);
    expect(byStatus(ProductStatus.REJECTED)).toHaveLength(1);
    expect(byStatus(ProductStatus.APPROVED)).toHaveLength(33);

    // Each municipality decides for itself: every submitted product of an approved member has a decision in each of
    // its municipalities, rejections carry a reason, and some products differ between the two municipalities.
    const decisions = await em.find(ProductApproval, {}, { populate: ['municipality'] });
    expect(
      decisions.filter((d) => d.product.id === byStatus(ProductStatus.REJECTED)[0]!.id).every((d) => d.reason),
    ).toBe(true);
    expect(
      decisions.filter((d) => d.status === ProductApprovalStatus.REJECTED).every((d) => d.reason && d.decidedAt),
    ).toBe(true);
    expect(decisions.filter((d) => d.status === ProductApprovalStatus.PENDING).every((d) => !d.decidedAt)).toBe(true);
    const perProduct = new Map<string, Record<string, string>>();
    for (const d of decisions)
      perProduct.set(d.product.id, { ...perProduct.get(d.product.id), [d.municipality.getEntity().slug]: d.status });
    const split = [...perProduct.values()].filter(
      (m) => m.zuiderveen && m.noorderhaven && m.zuiderveen !== m.noorderhaven,
    );
    expect(split).toEqual(
      expect.arrayContaining([
        { zuiderveen: 'APPROVED', noorderhaven: 'REJECTED' },
        { zuiderveen: 'PENDING', noorderhaven: 'APPROVED' },
        { zuiderveen: 'APPROVED', noorderhaven: 'PENDING' },
      ]),
    );
    expect(byStatus(ProductStatus.DRAFT).some((p) => perProduct.has(p.id))).toBe(false);
    // The seeded summary statuses are what the application's own rule computes.
    const before = await em.execute<{ id: string; status: string }[]>(`select id, status from product order by id`);
    await refreshStatuses(em, { productIds: before.map((r) => r.id) });
    expect(await em.execute(`select id, status from product order by id`)).toEqual(before);
    // Both review queues have work: Zuiderveen's reviewer and the Beheerder see products to decide on.
    const queue = await em.execute<{ slug: string; n: string }[]>(
      `select m.slug, count(*)::text as n from product_approval pa join municipality m on m.id = pa.municipality_id
        where pa.status = 'PENDING' group by m.slug order by m.slug`,
    );
    expect(queue).toEqual([
      { slug: 'noorderhaven', n: '2' },
      { slug: 'zuiderveen', n: '2' },
    ]);

    // Every category has products in Zuiderveen's offer.
    const zuiderveen = await em.findOneOrFail(Municipality, { slug: 'zuiderveen' });
    const visible = inOffer(zuiderveen.id);
    const rows = await em.execute<{ slug: string; n: string }[]>(
      `select c.slug, count(p.id)::text as n from category c left join product p on p.category_id = c.id and ${visible.sql} group by c.slug`,
      visible.params,
    );
    expect(rows).toHaveLength(8);
    for (const r of rows) expect(Number(r.n), r.slug).toBeGreaterThan(0);

    // Dutch full-text search finds the words residents type.
    for (const word of ['zwemles', 'voetbal', 'gitaarles', 'winterjas', 'laptop', 'fiets']) {
      const found = await em.execute<{ n: string }[]>(
        `select count(*)::text as n from product where search @@ websearch_to_tsquery('dutch', immutable_unaccent(?))`,
        [word],
      );
      expect(Number(found[0]!.n), word).toBeGreaterThan(0);
    }

    const arrangements = await em.find(
      Arrangement,
      {},
      { populate: ['categories', 'municipality'], orderBy: { name: 'asc' } },
    );
    const { year, arrangementPeriod } = demoCalendar(today);
    expect(
      arrangements.map((a) => [
        a.municipality.getEntity().slug,
        a.slug,
        a.defaultAmountCents,
        a.categories.count(),
        a.ownContributionAllowed,
        a.maxPerOrderCents ?? null,
      ]),
    ).toEqual([
      ['zuiderveen', `kindpakket-${year}`, 15000, 5, true, null],
      ['zuiderveen', `meedoenregeling-${year}`, 25000, 5, false, 10000],
      ['noorderhaven', `minimaregeling-noorderhaven-${year}`, 20000, 8, true, null],
    ]);
    for (const a of arrangements)
      expect({ validFrom: a.validFrom, validUntil: a.validUntil }).toEqual(arrangementPeriod);

    const links = await em.find(Link, {}, { orderBy: { sortOrder: 'asc' } });
    expect(links.filter((l) => l.placement === 'FOOTER').map((l) => l.url)).toEqual([
      '/hoe-werkt-het',
      '/privacy',
      '/toegankelijkheid',
      '/voorwaarden',
      '/sitemap',
    ]);
    for (const l of links.filter((x) => x.placement === 'USEFUL'))
      expect(l.url).toMatch(/^https:\/\/www\.example\.org\//);
  });
});

describe('seedDemoData started twice at once', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase();
  });
  afterAll(async () => {
    await db?.drop();
  });

  it('seeds exactly once', async () => {
    const results = await Promise.all([
      seedDemoData(db.orm.em.fork(), { bsnKeys: keys, clock: clock() }),
      seedDemoData(db.orm.em.fork(), { bsnKeys: keys, clock: clock() }),
    ]);
    expect(results.map((r) => r.created).sort()).toEqual([false, true]);
    expect(await db.orm.em.fork().count(Municipality, {})).toBe(2);
  });
});

/**
 * The demo in use (seeders/demo-activity.ts): seeded through the services by the real application, on two clocks —
 * an ordinary day, and early January, when the story is squeezed into the few days of the year so far.
 */
describe.each([
  ['on an ordinary day', '2026-11-21T10:00:00Z', true],
  ['on 3 January', '2027-01-03T09:00:00+01:00', false],
])('the demo’s activity %s (%s)', (_label, start, longEnough) => {
  let server: TestServer;
  const clock = new ManualClock(new Date(start));
  afterAll(async () => {
    await server?.stop();
    await server?.database.drop();
  });

  const ms = (moment: Date | string) => new Date(moment).getTime();

  it('has orders in every status with timelines, a paid own contribution, a refund and an inbox', async () => {
    const started = performance.now();
    server = await startTestServer({ seed: true, demoActivity: true, clock });
    console.log(`start with demo data and activity took ${Math.round(performance.now() - started)} ms`);
    const em = server.orm.em.fork();
    const now = clock.now().getTime();
    const yearStart = new Date(`${demoCalendar(clock.now()).arrangementPeriod.validFrom}T00:00:00+01:00`).getTime();

    const orders = await em.execute<
      {
        id: string;
        number: string;
        status: string;
        client_number: string;
        contribution_cents: number;
        created_at: Date;
      }[]
    >(
      `select o.id, o.number, o.status, cg.client_number, o.contribution_cents, o.created_at
         from customer_order o join client_group cg on cg.id = o.client_group_id order by o.created_at`,
    );
    expect(orders).toHaveLength(DEMO_STORY.length);
    // Every value of the status enum (the state machine's keys), none missing.
    expect([...new Set(orders.map((o) => o.status))].sort()).toEqual(Object.keys(ORDER_TRANSITIONS).sort());
    // Several households, several providers.
    expect(new Set(orders.map((o) => o.client_number)).size).toBeGreaterThanOrEqual(5);
    const [{ providers }] = await em.execute<{ providers: number }[]>(
      `select count(distinct provider_id)::int as providers from customer_order`,
    );
    expect(providers).toBeGreaterThanOrEqual(4);
    // The households the browser tests and a fresh journey use have none.
    expect(orders.filter((o) => !DEMO_STORY_HOUSEHOLDS.includes(o.client_number))).toEqual([]);
    for (const fresh of ['ZV-100003', 'ZV-100004', 'ZV-100007', 'ZV-100013', 'NH-200003'])
      expect(DEMO_STORY_HOUSEHOLDS).not.toContain(fresh);

    // Orders for children: a child's Kindpakket pays for a line for that child, and one order has lines for two
    // members (the "Voor …" in the cart, the orders and at the counter).
    const forMembers = await em.execute<{ members: string[]; payers: string[]; kinds: string[] }[]>(
      `select array_agg(distinct p.first_name order by p.first_name) as members,
              array(select distinct coalesce(bp.first_name, '(huishouden)') from order_allocation oa
                      join assignment a on a.id = oa.assignment_id left join person bp on bp.id = a.beneficiary_id
                     where oa.order_id = o.id order by 1) as payers,
              array(select distinct ar.name from order_allocation oa join assignment a on a.id = oa.assignment_id
                      join arrangement ar on ar.id = a.arrangement_id where oa.order_id = o.id) as kinds
         from customer_order o join order_line l on l.order_id = o.id join person p on p.id = l.beneficiary_id
         join municipality m on m.id = o.municipality_id
        where m.slug = 'zuiderveen' and l.beneficiary_id <> o.person_id
        group by o.id order by 1`,
    );
    const { year } = demoCalendar(clock.now());
    expect(forMembers).toEqual([
      { members: ['Nina'], payers: ['Nina'], kinds: [`Kindpakket ${year}`] },
      { members: ['Nina', 'Sven'], payers: ['Nina', 'Sven'], kinds: [`Kindpakket ${year}`] },
    ]);

    // The timelines: in time order, several steps, every cancellation kind with who did it.
    const events = await em.execute<{ order_id: string; to_status: string; actor_kind: string; at: Date }[]>(
      `select order_id, to_status, actor_kind, at from order_event order by order_id, id`,
    );
    const perOrder = new Map<string, typeof events>();
    for (const e of events) perOrder.set(e.order_id, [...(perOrder.get(e.order_id) ?? []), e]);
    for (const [, steps] of perOrder)
      for (let i = 1; i < steps.length; i++) expect(ms(steps[i]!.at)).toBeGreaterThan(ms(steps[i - 1]!.at));
    expect([...perOrder.values()].some((steps) => steps.length >= 3)).toBe(true);
    expect(
      events
        .filter((e) => e.to_status === 'CANCELLED')
        .map((e) => e.actor_kind)
        .sort(),
    ).toEqual(['CUSTOMER', 'PROVIDER', 'PROVIDER', 'STAFF']);
    // Every delivery happened at the provider's counter, with the resident's card or the order's pickup code.
    const handovers = await em.execute<{ handover_method: string; n: string }[]>(
      `select handover_method, count(*)::text as n from order_event where to_status = 'DELIVERED'
        group by handover_method order by handover_method`,
    );
    expect(handovers.map((h) => h.handover_method)).toEqual(['COUNTER_CARD', 'COUNTER_PICKUP_CODE']);

    // All dates relative to the clock: within this year's arrangements, the last month, before now.
    const moments = [
      ...orders.map((o) => o.created_at),
      ...events.map((e) => e.at),
      // The year-end story (demo-year-end.ts: last year's Zwemregeling, its reminders, expiry and copy) is older.
      ...(
        await em.execute<{ t: Date }[]>(
          `select t.created_at as t from ledger_transaction t where not exists (select 1 from assignment a
             join arrangement ar on ar.id = a.arrangement_id where a.id = t.assignment_id and ar.name like 'Zwemregeling %')`,
        )
      ).map((r) => r.t),
      ...(
        await em.execute<{ t: Date }[]>(
          `select created_at as t from message m
            where not exists (select 1 from assignment_reminder r where r.message_id = m.id)`,
        )
      ).map((r) => r.t),
      ...(await em.execute<{ t: Date }[]>(`select created_at as t from payment`)).map((r) => r.t),
    ];
    expect(moments.length).toBeGreaterThan(50);
    for (const m of moments) {
      expect(ms(m)).toBeLessThanOrEqual(now);
      expect(ms(m)).toBeGreaterThan(Math.max(yearStart, now - 31 * DAY));
    }
    // Ordered after the product was approved.
    const late = await em.execute(
      `select o.number from customer_order o join order_line l on l.order_id = o.id
         join product_approval pa on pa.product_id = l.product_id and pa.municipality_id = o.municipality_id
        where pa.decided_at is null or pa.decided_at >= o.created_at`,
    );
    expect(late).toEqual([]);

    // One own contribution paid through the payment flow, its order accepted.
    const paid = await em.execute<{ status: string; contribution_cents: number }[]>(
      `select o.status, o.contribution_cents from payment p join customer_order o on o.checkout_id = p.checkout_id
        where p.status = 'PAID' and p.refunded_cents = 0
          and exists (select 1 from ledger_transaction t where t.payment_id = p.id and t.kind = 'CONTRIBUTION')`,
    );
    expect(paid).toEqual([{ status: 'ACCEPTED', contribution_cents: expect.any(Number) }]);
    expect(paid[0]!.contribution_cents).toBeGreaterThan(0);
    // One cancelled after paying: the budget is back on the arrangement and the contribution refunded.
    const refunded = await em.execute<{ order_id: string; kinds: string[] }[]>(
      `select t.order_id, array_agg(t.kind::text order by t.kind) as kinds from ledger_transaction t
        where t.order_id in (select r.order_id from payment_refund r where r.status = 'REFUNDED') group by t.order_id`,
    );
    expect(refunded).toHaveLength(1);
    expect(refunded[0]!.kinds).toEqual(['CANCEL', 'CONTRIBUTION', 'REFUND', 'SPEND']);
    const refundedHousehold = orders.find((o) => o.id === refunded[0]!.order_id)!.client_number;
    const staff = server.client();
    await staff.loginStaff(DEMO_STAFF.find((s) => s.role === 'BEHEERDER')!.email, DEMO_PASSWORD);

    // The residents' side: balances back after the refund, read and unread messages, the welcome among them.
    const residents = demoResidents(clock.now());
    const asResident = async (household: string) => {
      const c = server.client();
      await c.loginWithDigid(residents.find((r) => r.clientNumber === household && r.adult)!.bsn);
      return c;
    };
    const jolanda = await asResident(refundedHousehold);
    // (Last year's expired Zwemregeling of the year-end story, demo-year-end.ts, has nothing left: not counted.)
    const balances = (
      await jolanda.gql(`{ myAssignments { amountCents balanceCents status } }`)
    ).data!.myAssignments.filter((a: { status: string }) => a.status !== 'EXPIRED');
    expect(balances.every((a: { amountCents: number; balanceCents: number }) => a.balanceCents === a.amountCents)).toBe(
      true,
    );
    const mandy = await asResident('ZV-100001');
    const inbox = (
      await mandy.gql(`{ myUnreadMessageCount myMessages(first: 50) { totalCount edges { node { title read } } } }`)
    ).data!;
    const messages = inbox.myMessages.edges.map((e: { node: { title: string; read: boolean } }) => e.node);
    expect(inbox.myUnreadMessageCount).toBeGreaterThan(0);
    expect(messages.some((m: { read: boolean }) => m.read)).toBe(true);
    expect(messages.at(-1)).toEqual({ title: 'Welkom bij de Gemeentewinkel', read: true });
    expect(messages.filter((m: { read: boolean }) => !m.read).length).toBe(inbox.myUnreadMessageCount);
    const myOrders = (await mandy.gql(`{ myOrders(first: 20) { edges { node { status } } } }`)).data!.myOrders.edges;
    expect(myOrders.map((e: { node: { status: string } }) => e.node.status).sort()).toEqual([
      'ACCEPTED',
      'CANCELLED',
      'DELIVERED',
      'PLACED',
    ]);

    // Work that waits on the staff dashboard.
    const dashboard = (await staff.gql(`{ adminDashboard { ordersWaiting productsToReview providersToApprove } }`))
      .data!.adminDashboard;
    expect(dashboard.productsToReview).toBeGreaterThan(0);
    expect(dashboard.providersToApprove).toBe(1);
    // Waiting longer than ORDER_WAITING_DAYS: only when the year is old enough for that.
    if (longEnough) expect(dashboard.ordersWaiting).toBeGreaterThanOrEqual(3);
  });

  it('has last year’s arrangement expired, reminded and copied to this year, granted again', async () => {
    const em = server.orm.em.fork();
    const { year } = demoCalendar(clock.now());
    const rows = await em.execute<{ name: string; previous: string | null; holders: number; expired: number }[]>(
      `select ar.name, prev.name as previous, count(a.id)::int as holders,
              (select count(*)::int from ledger_transaction t join assignment x on x.id = t.assignment_id
                where t.kind = 'EXPIRY' and x.arrangement_id = ar.id) as expired
         from arrangement ar left join arrangement prev on prev.id = ar.previous_arrangement_id
         left join assignment a on a.arrangement_id = ar.id
        where ar.name like 'Zwemregeling %' group by ar.id, prev.name order by ar.name`,
    );
    expect(rows).toEqual([
      { name: `Zwemregeling ${year - 1}`, previous: null, holders: 3, expired: 3 },
      { name: `Zwemregeling ${year}`, previous: `Zwemregeling ${year - 1}`, holders: 3, expired: 0 },
    ]);
    const [{ n }] = (await em.execute<{ n: number }[]>(
      `select count(*)::int as n from assignment_reminder where message_id is not null`,
    )) as [{ n: number }];
    expect(n).toBeGreaterThanOrEqual(3);
  });

  it('gives every arrangement someone who holds it; the Kindpakket is for children up to 17', async () => {
    const em = server.orm.em.fork();
    const { year, arrangementPeriod } = demoCalendar(clock.now());
    // This year's own arrangements (the year-end story adds last year's Zwemregeling and its copy: demo-year-end.ts).
    const held = await em.execute<{ name: string; max_age: number | null; holders: number; children: number }[]>(
      `select ar.name, ar.max_age, count(a.id)::int as holders, count(a.beneficiary_id)::int as children
         from arrangement ar left join assignment a on a.arrangement_id = ar.id
        where ar.previous_arrangement_id is null and ar.valid_from = ?::date
          and ar.name not like 'Jeugdtegoed %' -- the applications story's own (demo-applications.ts)
        group by ar.id order by ar.name`,
      [arrangementPeriod.validFrom],
    );
    expect(held.map((h) => h.name)).toEqual(demoArrangementNames(clock.now()));
    for (const h of held) expect(h.holders, h.name).toBeGreaterThan(0);
    expect(held[0]).toMatchObject({ name: `Kindpakket ${year}`, max_age: 17 });
    expect(held[0]!.children).toBe(held[0]!.holders);
  });
});
