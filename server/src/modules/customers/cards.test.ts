import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestClient, type TestServer } from '../../test/server.js';
import { DEMO_PASSWORD, DEMO_STAFF } from '../../seeders/demo-accounts.js';
import { decryptBsn } from '../../crypto/bsn.js';
import { isValidCardNumber } from './card-number.js';
import { Card } from './card.entity.js';
import { Person } from './person.entity.js';

const CARD_FIELDS = `id personId number maskedNumber lastDigits status blockedAt holderName`;
const ISSUE = `mutation($id: ID!) { issueCard(personId: $id) { errors { field code message } card { ${CARD_FIELDS} } } }`;
const BLOCK = `mutation($id: ID!) { blockCard(cardId: $id) { errors { field code message } card { ${CARD_FIELDS} } } }`;
const REPLACE = `mutation($id: ID!) { replaceCard(cardId: $id) { errors { field code message } card { ${CARD_FIELDS} } replacedCard { ${CARD_FIELDS} } } }`;
const MY_CARDS = `{ myCards { ${CARD_FIELDS} } }`;
const BLOCK_MINE = `mutation($id: ID!) { blockMyCard(cardId: $id) { errors { field code message } card { ${CARD_FIELDS} } } }`;
const MY_OWN_CARD = `query($id: ID!) { myOwnCard(cardId: $id) { id personId number maskedNumber } }`;
const MY_DETAILS = `{ myDetails { id fullName email phone notifyOrderStatus bsnMasked } }`;
const UPDATE_DETAILS = `mutation($input: UpdateMyDetailsInput!) { updateMyDetails(input: $input) { errors { field code message } person { email phone notifyOrderStatus } } }`;

const staffEmail = (role: string) => DEMO_STAFF.find((s) => s.role === role)!.email;

describe('cards (passen) and a customer’s own details', () => {
  let server: TestServer;
  let klantcontact: TestClient;
  let zv: Person[];
  let nhPerson: Person;
  let bsnOf: (p: Person) => string;

  beforeAll(async () => {
    server = await startTestServer({ seed: true });
    klantcontact = server.client();
    await klantcontact.loginStaff(staffEmail('KLANTCONTACT'), DEMO_PASSWORD);
    const em = server.orm.em.fork();
    zv = await em.find(
      Person,
      { municipality: { slug: 'zuiderveen' } },
      { populate: ['bsnEncrypted'], orderBy: { externalIdentifier: 'asc' } },
    );
    nhPerson = await em.findOneOrFail(
      Person,
      { municipality: { slug: 'noorderhaven' } },
      { orderBy: { externalIdentifier: 'asc' } },
    );
    bsnOf = (p) => decryptBsn(p.bsnEncrypted!, server.services.config.bsn);
  });
  afterAll(async () => {
    await server?.close();
  });

  const activeCard = (personId: string) =>
    server.orm.em.fork().findOneOrFail(Card, { person: personId, status: 'ACTIVE' });

  it('blocks a card, then issues a new one; a second active card is refused', async () => {
    const p = zv[2]!;
    const card = await activeCard(p.id);
    const refused: any = await klantcontact.gql(ISSUE, { id: p.id });
    expect(refused.data.issueCard.errors[0]).toMatchObject({ field: 'personId', code: 'HAS_ACTIVE_CARD' });

    const blocked: any = await klantcontact.gql(BLOCK, { id: card.id });
    expect(blocked.data.blockCard.errors).toEqual([]);
    expect(blocked.data.blockCard.card).toMatchObject({ id: card.id, status: 'BLOCKED', number: card.number });
    expect(blocked.data.blockCard.card.blockedAt).not.toBeNull();
    const twice: any = await klantcontact.gql(BLOCK, { id: card.id });
    expect(twice.data.blockCard.errors[0].code).toBe('NOT_ACTIVE');

    const issued: any = await klantcontact.gql(ISSUE, { id: p.id });
    expect(issued.data.issueCard.errors).toEqual([]);
    const fresh = issued.data.issueCard.card;
    expect(fresh.status).toBe('ACTIVE');
    expect(fresh.number).not.toBe(card.number);
    expect(isValidCardNumber(fresh.number)).toBe(true);
    // Now the old blocked card cannot be "replaced" into a second active card.
    const replaceBlocked: any = await klantcontact.gql(REPLACE, { id: card.id });
    expect(replaceBlocked.data.replaceCard.errors[0].code).toBe('HAS_ACTIVE_CARD');

    const actions = await server.orm.em
      .fork()
      .execute<{ action: string }[]>(
        `select action from audit_log where details->>'personId' = ? and action like 'card.%' order by id`,
        [p.id],
      );
    expect(actions.map((a) => a.action)).toEqual(['card.blocked', 'card.issued']);
  });

  it('replaces a card: the old one REPLACED, a new ACTIVE one with a check digit, in one step', async () => {
    const p = zv[3]!;
    const card = await activeCard(p.id);
    const r: any = await klantcontact.gql(REPLACE, { id: card.id });
    expect(r.data.replaceCard.errors).toEqual([]);
    expect(r.data.replaceCard.replacedCard).toMatchObject({ id: card.id, status: 'REPLACED' });
    expect(r.data.replaceCard.card).toMatchObject({ personId: p.id, status: 'ACTIVE' });
    expect(isValidCardNumber(r.data.replaceCard.card.number)).toBe(true);
    const cards = await server.orm.em.fork().find(Card, { person: p.id });
    expect(cards.filter((c) => c.status === 'ACTIVE')).toHaveLength(1);
    const again: any = await klantcontact.gql(REPLACE, { id: card.id });
    expect(again.data.replaceCard.errors[0].code).toBe('ALREADY_REPLACED');
  });

  it('replaces concurrently at most once: the database keeps one active card per person', async () => {
    const p = zv[4]!;
    const card = await activeCard(p.id);
    const results: any[] = await Promise.all(
      Array.from({ length: 6 }, () => klantcontact.gql(REPLACE, { id: card.id })),
    );
    const ok = results.filter((r) => r.data?.replaceCard.errors.length === 0);
    expect(ok).toHaveLength(1);
    for (const r of results) expect(r.errors).toBeUndefined();
    expect(await server.orm.em.fork().count(Card, { person: p.id, status: 'ACTIVE' })).toBe(1);
  });

  it('keeps card management within scope and behind CARD_MANAGE', async () => {
    const nhCard = await activeCard(nhPerson.id);
    expect((await klantcontact.gql(BLOCK, { id: nhCard.id })).data!.blockCard.errors[0].code).toBe('NOT_FOUND');
    expect((await klantcontact.gql(REPLACE, { id: nhCard.id })).data!.replaceCard.errors[0].code).toBe('NOT_FOUND');
    expect((await klantcontact.gql(ISSUE, { id: nhPerson.id })).data!.issueCard.errors[0].code).toBe('NOT_FOUND');
    const financien = server.client();
    await financien.loginStaff(staffEmail('FINANCIEN'), DEMO_PASSWORD);
    expect((await financien.gql(BLOCK, { id: nhCard.id })).errors![0]!.extensions!.code).toBe('FORBIDDEN');
    expect((await server.orm.em.fork().findOneOrFail(Card, nhCard.id)).status).toBe('ACTIVE');
  });

  it('lets a customer see the household’s cards masked, and block only their own household’s card', async () => {
    const me = zv[0]!;
    const customer = server.client();
    await customer.loginWithDigid(bsnOf(me));
    const mine: any = await customer.gql(MY_CARDS);
    expect(mine.errors).toBeUndefined();
    const household = zv.filter((p) => p.clientGroup.id === me.clientGroup.id);
    const holders = new Set(mine.data.myCards.map((c: any) => c.personId));
    expect([...holders].sort()).toEqual(household.map((p) => p.id).sort());
    for (const c of mine.data.myCards) {
      expect(c.number).toBeNull();
      expect(c.maskedNumber).toMatch(/^\*{6}\d{4}$/);
      expect(c.lastDigits).toBe(c.maskedNumber.slice(-4));
    }
    // No full card number anywhere in the answer (ids are random UUIDs, which may hold ten digits in a row themselves).
    const answer = JSON.stringify(mine.data);
    const em = server.orm.em.fork();
    for (const c of mine.data.myCards) expect(answer).not.toContain((await em.findOneOrFail(Card, c.id)).number);

    // Someone else's card: not found, and untouched.
    const stranger = await activeCard(zv.find((p) => p.clientGroup.id !== me.clientGroup.id)!.id);
    const notMine: any = await customer.gql(BLOCK_MINE, { id: stranger.id });
    expect(notMine.data.blockMyCard.errors[0].code).toBe('NOT_FOUND');
    expect((await server.orm.em.fork().findOneOrFail(Card, stranger.id)).status).toBe('ACTIVE');
    // Staff mutations are not for customers.
    expect((await customer.gql(BLOCK, { id: stranger.id })).errors![0]!.extensions!.code).toBe('FORBIDDEN');

    // A child's card in the same household: the parent may block it.
    const child = household.find((p) => p.id !== me.id)!;
    const childCard = mine.data.myCards.find((c: any) => c.personId === child.id && c.status === 'ACTIVE');
    const blocked: any = await customer.gql(BLOCK_MINE, { id: childCard.id });
    expect(blocked.data.blockMyCard.errors).toEqual([]);
    expect(blocked.data.blockMyCard.card).toMatchObject({ id: childCard.id, status: 'BLOCKED', number: null });
    const again: any = await customer.gql(BLOCK_MINE, { id: childCard.id });
    expect(again.data.blockMyCard.errors[0].code).toBe('NOT_ACTIVE');
    const audit = await server.orm.em
      .fork()
      .execute<{ actor_kind: string; actor_id: string }[]>(
        `select actor_kind, actor_id from audit_log where action = 'card.blocked_by_customer' and subject_id = ?`,
        [childCard.id],
      );
    expect(audit).toEqual([{ actor_kind: 'CUSTOMER', actor_id: me.id }]);
  });

  it('shows a customer the full number of their own card only: not a household member’s, not another household’s', async () => {
    const me = zv[3]!;
    const customer = server.client();
    await customer.loginWithDigid(bsnOf(me));
    const own = await activeCard(me.id);
    const revealed: any = await customer.gql(MY_OWN_CARD, { id: own.id });
    expect(revealed.errors).toBeUndefined();
    expect(revealed.data.myOwnCard).toMatchObject({ id: own.id, personId: me.id, number: own.number });
    expect(isValidCardNumber(revealed.data.myOwnCard.number)).toBe(true);

    // Another household's card, by its id: nothing, not even whether it exists.
    const stranger = zv.find((p) => p.clientGroup.id !== me.clientGroup.id)!;
    const foreign: any = await customer.gql(MY_OWN_CARD, { id: (await activeCard(stranger.id)).id });
    expect(foreign.errors).toBeUndefined();
    expect(foreign.data.myOwnCard).toBeNull();
    // A household member's card, an unknown id and a malformed one: null as well.
    const member = zv.find((p) => p.clientGroup.id === me.clientGroup.id && p.id !== me.id);
    if (member) {
      const memberCard = await server.orm.em.fork().findOne(Card, { person: member.id });
      if (memberCard)
        expect(((await customer.gql(MY_OWN_CARD, { id: memberCard.id })) as any).data.myOwnCard).toBeNull();
    }
    expect(
      ((await customer.gql(MY_OWN_CARD, { id: '00000000-0000-4000-8000-000000000000' })) as any).data.myOwnCard,
    ).toBeNull();
    expect(((await customer.gql(MY_OWN_CARD, { id: 'x' })) as any).data.myOwnCard).toBeNull();

    // Not for anyone but a logged-in resident.
    const anonymous: any = await server.client().gql(MY_OWN_CARD, { id: own.id });
    expect(anonymous.data?.myOwnCard ?? null).toBeNull();
    expect(anonymous.errors?.[0]?.extensions?.code).toMatch(/UNAUTHENTICATED|FORBIDDEN/);
    expect((await klantcontact.gql(MY_OWN_CARD, { id: own.id })).errors![0]!.extensions!.code).toBe('FORBIDDEN');
  });

  it('lets a customer change their contact details and notification preference, validated in Dutch', async () => {
    const me = zv[0]!;
    const customer = server.client();
    await customer.loginWithDigid(bsnOf(me));
    const before: any = await customer.gql(MY_DETAILS);
    expect(before.data.myDetails).toMatchObject({ id: me.id, email: me.email, notifyOrderStatus: true });
    expect(before.data.myDetails.bsnMasked).toMatch(/^\*{5}\d{4}$/);

    const bad: any = await customer.gql(UPDATE_DETAILS, {
      input: { email: 'niet-goed', phone: 'abc', notifyOrderStatus: true },
    });
    expect(Object.fromEntries(bad.data.updateMyDetails.errors.map((e: any) => [e.field, e.message]))).toEqual({
      email: 'Vul een geldig e-mailadres in, bijvoorbeeld naam@voorbeeld.nl.',
      phone: 'Vul een geldig telefoonnummer in, bijvoorbeeld 06 12345678 of 020 123 4567.',
    });
    const noMail: any = await customer.gql(UPDATE_DETAILS, {
      input: { email: '', phone: '', notifyOrderStatus: true },
    });
    expect(noMail.data.updateMyDetails.errors).toEqual([
      {
        field: 'email',
        code: 'REQUIRED',
        message: 'Vul uw e-mailadres in om e-mail over uw bestellingen te ontvangen.',
      },
    ]);

    const ok: any = await customer.gql(UPDATE_DETAILS, {
      input: { email: ' Nieuw@Voorbeeld.nl ', phone: '+31 6 1234 5678', notifyOrderStatus: false },
    });
    expect(ok.data.updateMyDetails).toEqual({
      errors: [],
      person: { email: 'nieuw@voorbeeld.nl', phone: '+31612345678', notifyOrderStatus: false },
    });
    const stored = await server.orm.em.fork().findOneOrFail(Person, me.id);
    expect(stored).toMatchObject({ email: 'nieuw@voorbeeld.nl', phone: '+31612345678', notifyOrderStatus: false });
    const cleared: any = await customer.gql(UPDATE_DETAILS, {
      input: { email: null, phone: null, notifyOrderStatus: false },
    });
    expect(cleared.data.updateMyDetails.person).toEqual({ email: null, phone: null, notifyOrderStatus: false });

    // Staff have no business with these customer fields.
    expect((await klantcontact.gql(MY_DETAILS)).errors![0]!.extensions!.code).toBe('FORBIDDEN');
  });
});
