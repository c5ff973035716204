import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { startTestServer, type TestClient, type TestServer } from '../../test/server.js';
import { createHousehold, offeredIn, type Household } from '../../test/households.js';
import { checkoutOutcome } from '../../test/checkout-outcome.js';
import { ManualClock } from '../../kernel/clock.js';
import { Audience, Permission } from '../../kernel/permissions.js';
import { contextFor, staffViewer } from '../../test/context.js';
import { DEMO_PASSWORD, DEMO_STAFF } from '../../seeders/demo-accounts.js';
import { DEMO_CARD_COLOURS } from '../../seeders/demo-data.js';
import { Municipality } from '../municipalities/municipality.entity.js';
import { Card } from '../customers/card.entity.js';
import { Person } from '../customers/person.entity.js';
import { CardTokens } from '../customers/card-token.js';
import { makeCardNumber } from '../customers/card-number.js';
import type { Product } from '../catalogue/product.entity.js';
import {
  CounterService,
  NOTHING_FOUND,
  TOKEN_EXPIRED,
  TOKEN_INVALID,
  TOKEN_OTHER_MUNICIPALITY,
} from './counter.service.js';

/**
 * The digital card (issue 30): the resident's card as a signed, short-lived QR code; the counter accepts it as it
 * accepts a typed card number (same limits, same rules), refuses it once expired, changed, of a municipality the
 * provider does not serve, or when the card was blocked or replaced. Over real HTTP against a real database.
 */

const HOUR = 3600_000;
const PASSES = `{ myCardPasses { firstName own municipalityName color token expiresAt validityHours
  card { id personId maskedNumber lastDigits number status } } }`;
const ORDER = `id status handoverMethod`;
const LOOKUP = `query($c: String!) { counterLookup(code: $c) { matchedBy customerFirstName errors { code message } orders { ${ORDER} } } }`;
const AT_COUNTER = `mutation($c: String!, $o: ID!) { deliverAtCounter(code: $c, orderId: $o) {
  errors { field code message } order { ${ORDER} } } }`;
const UPDATE = `mutation($input: UpdateSettingsSectionInput!){ updateSettingsSection(input:$input){ errors { field code message } settings { version } } }`;
const SECTION = `query($s: SettingsSectionKey!){ settingsSection(section:$s){ version value } }`;
const BLOCK = `mutation($id: ID!) { blockCard(cardId: $id) { errors { code } card { status } } }`;
const REPLACE = `mutation($id: ID!) { replaceCard(cardId: $id) { errors { code } card { id status } } }`;

describe('the signed card token (CardTokens)', () => {
  const tokens = new CardTokens('a-session-secret-of-at-least-32-characters');
  const claims = {
    cardId: randomUUID(),
    municipalityId: randomUUID(),
    expiresAt: new Date('2026-11-30T12:00:00Z'),
  };

  it('round-trips its claims, carries no card number, and fits a small QR code', () => {
    const token = tokens.sign(claims);
    expect(token).toMatch(/^GWP1\.[A-Za-z0-9_-]{48}\.[A-Za-z0-9_-]{22}$/);
    expect(token.length).toBeLessThan(100);
    expect(tokens.verify(token, new Date('2026-11-30T11:59:59Z'))).toEqual({ ok: true, claims });
    expect(tokens.verify(token, new Date('2026-11-30T12:00:00Z'))).toEqual({ ok: false, reason: 'EXPIRED', claims });
  });

  it('refuses a changed body, a changed signature, another key and garbage', () => {
    const token = tokens.sign(claims);
    const now = new Date('2026-11-30T11:00:00Z');
    const body = token.split('.')[1]!;
    // Another card id in the body, the signature kept.
    const otherBody = Buffer.from(body, 'base64url');
    otherBody[0] = otherBody[0]! ^ 1;
    expect(tokens.verify(token.replace(body, otherBody.toString('base64url')), now)).toEqual({
      ok: false,
      reason: 'TAMPERED',
    });
    // A later expiry, the signature kept (the replay after its window).
    const later = Buffer.from(body, 'base64url');
    later.writeUInt32BE(later.readUInt32BE(32) + 86_400, 32);
    expect(tokens.verify(token.replace(body, later.toString('base64url')), now).ok).toBe(false);
    const flipped = token.slice(0, -1) + (token.endsWith('A') ? 'B' : 'A');
    expect(tokens.verify(flipped, now)).toEqual({ ok: false, reason: 'TAMPERED' });
    expect(new CardTokens('another-secret-of-at-least-32-characters!!').verify(token, now)).toEqual({
      ok: false,
      reason: 'TAMPERED',
    });
    for (const junk of ['', 'GWP1.', 'GWP1.abc.def', `${token}x`, '6126700209'])
      expect(tokens.verify(junk, now)).toEqual({ ok: false, reason: 'MALFORMED' });
  });
});

describe('the digital card at the counter', () => {
  const clock = new ManualClock(new Date());
  let server: TestServer;
  let zuiderveen: Municipality;
  let noorderhaven: Municipality;
  let a: Product;
  let b: Product;
  let providerA: TestClient;
  let providerB: TestClient;
  let beheerder: TestClient;
  let klantcontact: TestClient;

  const sql = <T>(query: string, params: unknown[] = []) => server.orm.em.fork().execute<T[]>(query, params);

  async function loginProvider(providerId: string): Promise<TestClient> {
    const [user] = await sql<{ email: string }>(
      `select email from provider_user where provider_id = ? order by email`,
      [providerId],
    );
    const client = server.client();
    await client.loginProvider(user!.email, DEMO_PASSWORD);
    return client;
  }

  async function loginStaff(role: string): Promise<TestClient> {
    const client = server.client();
    await client.loginStaff(DEMO_STAFF.find((s) => s.role === role)!.email, DEMO_PASSWORD);
    return client;
  }

  const household = (municipality?: Municipality) =>
    createHousehold(
      server,
      [
        { categories: [a.category.id, b.category.id], amountCents: 1_000_000 },
        { categories: [a.category.id], amountCents: 50_000 },
      ],
      { card: true, municipality },
    );

  async function order(h: Household, product: Product) {
    const r = await checkoutOutcome(server, h.customer(), {
      idempotencyKey: randomUUID(),
      lines: [{ productId: product.id, quantity: 1 }],
    });
    expect(r.errors).toEqual([]);
    return r.orders[0]!;
  }

  /** The resident logs in with DigiD and reads their digital cards. */
  async function passesOf(h: Household) {
    const resident = server.client();
    await resident.loginWithDigid(h.bsn);
    const r: any = await resident.gql(PASSES);
    expect(r.errors).toBeUndefined();
    return r.data.myCardPasses as any[];
  }

  /** The resident's own pass as it was made `ago` milliseconds back. */
  async function passesMadeAgo(h: Household, ago: number) {
    clock.advance(-ago);
    try {
      return (await passesOf(h))[0];
    } finally {
      clock.advance(ago);
    }
  }

  /** A member of the household with a card of their own; with `budget`, the household's second assignment is theirs. */
  async function addMember(h: Household, firstName: string, budget: boolean) {
    const em = server.orm.em.fork();
    const member = Object.assign(new Person(), {
      clientGroup: h.group.id,
      municipality: h.person.municipality.id,
      externalIdentifier: `T-${randomUUID()}`,
      firstName,
      lastName: 'Lid',
      dateOfBirth: '2015-06-01',
    });
    em.persist(member);
    await em.flush();
    let number: string;
    do number = makeCardNumber(`8${String(Math.floor(Math.random() * 99_999_999)).padStart(8, '0')}`);
    while (await em.findOne(Card, { number }));
    em.create(Card, { person: member.id, number });
    await em.flush();
    if (budget) await sql(`update assignment set beneficiary_id = ? where id = ?`, [member.id, h.assignmentIds[1]]);
    return member;
  }

  beforeAll(async () => {
    server = await startTestServer({ seed: true, clock });
    const em = server.orm.em.fork();
    zuiderveen = await em.findOneOrFail(Municipality, { slug: 'zuiderveen' });
    noorderhaven = await em.findOneOrFail(Municipality, { slug: 'noorderhaven' });
    const offer = await offeredIn(server, zuiderveen.id);
    a = offer[0]!;
    b = offer.find((p) => p.provider.id !== a.provider.id)!;
    providerA = await loginProvider(a.provider.id);
    providerB = await loginProvider(b.provider.id);
    beheerder = await loginStaff('BEHEERDER');
    klantcontact = await loginStaff('KLANTCONTACT');
  });
  afterAll(async () => {
    await server?.close();
  });

  it('gives the resident a pass per card they may show: their own and a member’s with a budget of their own', async () => {
    const h = await household();
    const child = await addMember(h, 'Kim', true);
    await addMember(h, 'Noor', false);
    const passes = await passesOf(h);
    expect(passes.map((p) => [p.firstName, p.own])).toEqual([
      ['Test', true],
      ['Kim', false],
    ]);
    expect(passes[1].card.personId).toBe(child.id);
    for (const p of passes) {
      expect(p.municipalityName).toBe(zuiderveen.name);
      expect(p.validityHours).toBe(24);
      expect(p.card.number).toBeNull();
      expect(p.card.maskedNumber).toMatch(/^\*{6}\d{4}$/);
      expect(p.token).toMatch(/^GWP1\./);
      // The QR code is not the card number, nor does it carry it.
      expect(p.token).not.toContain(p.card.lastDigits + '');
      expect(new Date(p.expiresAt).getTime() - clock.now().getTime()).toBeGreaterThan(24 * HOUR - 2000);
      expect(new Date(p.expiresAt).getTime() - clock.now().getTime()).toBeLessThanOrEqual(24 * HOUR);
    }
    // Only residents read passes.
    const asProvider: any = await providerA.gql(PASSES);
    expect(asProvider.data).toBeNull();
    expect(asProvider.errors[0].extensions.code).toBe('FORBIDDEN');
  });

  it('looks up and hands over with the scanned code exactly as with the typed number; nothing for a stranger', async () => {
    const h = await household();
    const placed = await order(h, a);
    const [own] = await passesOf(h);
    const found: any = await providerA.gql(LOOKUP, { c: own.token });
    expect(found.data.counterLookup).toMatchObject({ matchedBy: 'CARD', errors: [], customerFirstName: 'Test' });
    expect(found.data.counterLookup.orders.map((o: any) => o.id)).toEqual([placed.id]);
    // Another provider, without an open order of this household: nothing found, as for a typed number.
    const other: any = await providerB.gql(LOOKUP, { c: own.token });
    expect(other.data.counterLookup.errors[0]).toEqual({ code: 'NOT_FOUND', message: NOTHING_FOUND });
    expect(other.data.counterLookup.customerFirstName).toBeNull();

    // The hand-over with the same code, twice at once: one delivers, the other is refused.
    const [x, y]: any[] = await Promise.all([
      providerA.gql(AT_COUNTER, { c: own.token, o: placed.id }),
      providerA.gql(AT_COUNTER, { c: own.token, o: placed.id }),
    ]);
    const outcomes = [x.data.deliverAtCounter, y.data.deliverAtCounter];
    expect(outcomes.filter((o) => o.errors.length === 0)).toHaveLength(1);
    expect(outcomes.find((o) => o.errors.length === 0).order).toMatchObject({
      status: 'DELIVERED',
      handoverMethod: 'COUNTER_CARD',
    });
    // The event log names how, never the code.
    const logged = await sql<{ n: string }>(`select count(*)::text as n from audit_log where details::text like ?`, [
      `%${own.token.slice(5, 30)}%`,
    ]);
    expect(logged[0]!.n).toBe('0');
  });

  it('refuses an expired code with the Dutch answer, and a changed or garbled one as invalid; typing keeps working', async () => {
    const h = await household();
    await order(h, a);
    // A code made 24 hours and a second ago (moving the clock forward would end the provider's session instead).
    const own = await passesMadeAgo(h, 24 * HOUR + 1000);
    const late: any = await providerA.gql(LOOKUP, { c: own.token });
    expect(late.data.counterLookup.errors[0]).toEqual({ code: 'TOKEN_EXPIRED', message: TOKEN_EXPIRED });
    expect(TOKEN_EXPIRED).toBe('Deze code is verlopen. Vraag de klant de pas te vernieuwen of typ het pasnummer.');
    expect(late.data.counterLookup.orders).toEqual([]);
    // One made 23 hours ago still works.
    const recent = await passesMadeAgo(h, 23 * HOUR);
    const works: any = await providerA.gql(LOOKUP, { c: recent.token });
    expect(works.data.counterLookup.errors).toEqual([]);
    // A later expiry written into the body: the signature no longer fits.
    const [, body, mac] = own.token.split('.');
    const bytes = Buffer.from(body, 'base64url');
    bytes.writeUInt32BE(bytes.readUInt32BE(32) + 7 * 86_400, 32);
    const forged = `GWP1.${bytes.toString('base64url')}.${mac}`;
    const refused: any = await providerA.gql(LOOKUP, { c: forged });
    expect(refused.data.counterLookup.errors[0]).toEqual({ code: 'INVALID_TOKEN', message: TOKEN_INVALID });
    // Not of the token's form at all: the shared rule's answer.
    const garbled: any = await providerA.gql(LOOKUP, { c: 'GWP1.not-a-token' });
    expect(garbled.data.counterLookup.errors[0].code).toBe('INVALID_TOKEN');
    // Typing the number keeps working.
    const typed: any = await providerA.gql(LOOKUP, { c: h.cardNumber });
    expect(typed.data.counterLookup.errors).toEqual([]);
  });

  it('answers a card of a municipality the provider does not serve as such', async () => {
    const h = await household(noorderhaven);
    const [own] = await passesOf(h);
    expect(own.municipalityName).toBe(noorderhaven.name);
    const [member] = await sql<{ n: string }>(
      `select count(*)::text as n from provider_membership where provider_id = ? and municipality_id = ? and status = 'APPROVED'`,
      [a.provider.id, noorderhaven.id],
    );
    if (member!.n !== '0')
      await sql(`update provider_membership set status = 'WITHDRAWN' where provider_id = ? and municipality_id = ?`, [
        a.provider.id,
        noorderhaven.id,
      ]);
    const r: any = await providerA.gql(LOOKUP, { c: own.token });
    expect(r.data.counterLookup.errors[0]).toEqual({ code: 'OTHER_MUNICIPALITY', message: TOKEN_OTHER_MUNICIPALITY });
    // A token signed for another municipality than the card's (never made so): refused like a changed code.
    const forged = server.services.cardPasses['tokens'].sign({
      cardId: own.card.id,
      municipalityId: zuiderveen.id,
      expiresAt: new Date(clock.now().getTime() + HOUR),
    });
    const h2 = await household();
    await order(h2, a);
    await sql(`update person set client_group_id = ? where id = (select person_id from card where id = ?)`, [
      h2.group.id,
      own.card.id,
    ]);
    const mixed: any = await providerA.gql(LOOKUP, { c: forged });
    expect(mixed.data.counterLookup.errors[0].code).toBe('INVALID_TOKEN');
  });

  it('a blocked or replaced card’s code stops working at once', async () => {
    const h = await household();
    await order(h, a);
    const [own] = await passesOf(h);
    const blocked: any = await klantcontact.gql(BLOCK, { id: own.card.id });
    expect(blocked.data.blockCard.errors).toEqual([]);
    const r: any = await providerA.gql(LOOKUP, { c: own.token });
    expect(r.data.counterLookup.errors[0].code).toBe('CARD_BLOCKED');
    expect(r.data.counterLookup.orders).toEqual([]);
    // The blocked card has no pass any more.
    expect(await passesOf(h)).toEqual([]);

    const h2 = await household();
    await order(h2, a);
    const [before] = await passesOf(h2);
    const replaced: any = await klantcontact.gql(REPLACE, { id: before.card.id });
    expect(replaced.data.replaceCard.errors).toEqual([]);
    const old: any = await providerA.gql(LOOKUP, { c: before.token });
    expect(old.data.counterLookup.errors[0].code).toBe('CARD_REPLACED');
    const [after] = await passesOf(h2);
    expect(after.card.id).toBe(replaced.data.replaceCard.card.id);
    const fresh: any = await providerA.gql(LOOKUP, { c: after.token });
    expect(fresh.data.counterLookup.errors).toEqual([]);
  });

  it('makes the window a per-municipality setting (default 24 hours)', async () => {
    const section: any = await beheerder.gql(SECTION, { s: 'CARD' });
    expect(section.data.settingsSection.value).toMatchObject({ offlineValidityHours: 24 });
    const saved: any = await beheerder.gql(UPDATE, {
      input: {
        section: 'CARD',
        expectedVersion: section.data.settingsSection.version,
        patch: {
          offlineValidityHoursByMunicipality: { [zuiderveen.id]: 2 },
          colorByMunicipality: { [zuiderveen.id]: '#1f5fa8' },
        },
      },
    });
    expect(saved.data.updateSettingsSection.errors).toEqual([]);
    const bad: any = await beheerder.gql(UPDATE, {
      input: {
        section: 'CARD',
        expectedVersion: saved.data.updateSettingsSection.settings.version,
        patch: { offlineValidityHours: 0 },
      },
    });
    expect(bad.data.updateSettingsSection.errors[0].message).toBe('De code op de digitale pas werkt minstens 1 uur.');
    const h = await household();
    await order(h, a);
    const [own] = await passesOf(h);
    expect(own.validityHours).toBe(2);
    expect(own.color).toBe('#1f5fa8');
    const old = await passesMadeAgo(h, 2 * HOUR + 1000);
    const late: any = await providerA.gql(LOOKUP, { c: old.token });
    expect(late.data.counterLookup.errors[0].code).toBe('TOKEN_EXPIRED');
    // Noorderhaven keeps its own window and colour (the demo data's, seeders/demo-data.ts).
    const nh = await household(noorderhaven);
    expect((await passesOf(nh))[0]).toMatchObject({ validityHours: 12, color: DEMO_CARD_COLOURS.noorderhaven });
  });

  it('lets staff of one municipality change only that municipality’s card settings', async () => {
    const [account] = await sql<{ id: string }>(`select id from admin_account where email = ?`, [
      DEMO_STAFF.find((s) => s.role === 'BEHEERDER')!.email,
    ]);
    const ctx = contextFor(
      server.orm,
      server.services,
      staffViewer({
        municipalityIds: [zuiderveen.id],
        permissions: [Permission.SETTINGS_MANAGE],
        adminAccountId: account!.id,
      }),
      { clock },
    );
    const own = await server.services.settings.update(ctx, 'card', {
      offlineValidityHoursByMunicipality: { [zuiderveen.id]: 6 },
    });
    expect(own.ok).toBe(true);
    const other = await server.services.settings.update(ctx, 'card', {
      colorByMunicipality: { [noorderhaven.id]: '#00457a' },
    });
    expect(!other.ok && other.errors).toEqual([
      expect.objectContaining({ code: 'OUT_OF_SCOPE', field: `colorByMunicipality.${noorderhaven.id}` }),
    ]);
    const all = await server.services.settings.update(ctx, 'card', { offlineValidityHours: 12 });
    expect(!all.ok && all.errors[0]).toMatchObject({ code: 'OUT_OF_SCOPE', field: 'offlineValidityHours' });
  });

  it('serves the web app manifest with the platform’s name and colour from the settings', async () => {
    const res = await server.client().fetch('/manifest.webmanifest');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/manifest\+json/);
    const manifest: any = await res.json();
    expect(manifest).toMatchObject({
      name: 'Gemeentewinkel',
      lang: 'nl',
      start_url: '/account/pas',
      display: 'standalone',
    });
    expect(manifest.icons.map((i: { sizes: string }) => i.sizes)).toEqual(['192x192', '512x512', '512x512']);
    const section: any = await beheerder.gql(SECTION, { s: 'GENERAL' });
    const saved: any = await beheerder.gql(UPDATE, {
      input: {
        section: 'GENERAL',
        expectedVersion: section.data.settingsSection.version,
        patch: { platformName: 'Stadspas Zuiderveen' },
      },
    });
    expect(saved.data.updateSettingsSection.errors).toEqual([]);
    const renamed: any = await (await server.client().fetch('/manifest.webmanifest')).json();
    expect(renamed.name).toBe('Stadspas Zuiderveen');
  });

  it('counts a forged code as a guess against the provider’s misses, a genuine expired one not', async () => {
    const counter = new CounterService(
      server.services.limits,
      {
        perUser: { name: `counter-user-${randomUUID()}`, points: 1000, windowSeconds: 60 },
        perAddress: { name: `counter-address-${randomUUID()}`, points: 1000, windowSeconds: 60 },
        misses: { name: `counter-misses-${randomUUID()}`, points: 3, windowSeconds: 3600 },
      },
      server.services.orderViews,
      server.services.orderActions,
      server.services.cardPasses,
    );
    const ctx = contextFor(
      server.orm,
      server.services,
      {
        kind: Audience.PROVIDER,
        sessionId: 'x',
        providerUserId: '00000000-0000-4000-8000-000000000001',
        providerId: a.provider.id,
      },
      { clock },
    );
    const h = await household();
    await order(h, a);
    const expired = await passesMadeAgo(h, 25 * HOUR);
    for (let i = 0; i < 6; i++) {
      const r = await counter.lookup(ctx, expired.token, '10.9.0.1');
      expect(!r.ok && r.errors[0]!.code).toBe('TOKEN_EXPIRED');
    }
    const [, body, mac] = expired.token.split('.');
    // Another card id in the signed body each time, the signature kept: never ours.
    const forged = (i: number) => {
      const bytes = Buffer.from(body!, 'base64url');
      bytes[0] = bytes[0]! ^ (i + 1);
      return `GWP1.${bytes.toString('base64url')}.${mac}`;
    };
    const codes = [];
    for (let i = 0; i < 4; i++) {
      const r = await counter.lookup(ctx, forged(i), '10.9.0.1');
      codes.push(r.ok ? 'OK' : r.errors[0]!.code);
    }
    expect(codes).toEqual(['INVALID_TOKEN', 'INVALID_TOKEN', 'INVALID_TOKEN', 'RATE_LIMITED']);
  });
});
