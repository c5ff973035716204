import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { startTestServer, type TestClient, type TestServer } from '../../test/server.js';
import { Person } from '../customers/person.entity.js';
import { decryptBsn } from '../../crypto/bsn.js';
import { Message } from './message.entity.js';
import { orderStatusMessage, type OrderStatusChange } from '../orders/order-messages.js';

const INBOX = `query($first: Int, $after: String, $filter: MessageFilter) {
  myUnreadMessageCount
  myMessages(filter: $filter, first: $first, after: $after) {
    totalCount
    edges { cursor node { id title body orderId read readAt createdAt } }
    pageInfo { hasNextPage endCursor }
  } }`;
const MARK = `mutation($id: ID!) { markMessageRead(id: $id) { unreadCount errors { field code message } message { id read readAt } } }`;
const MARK_ALL = `mutation { markAllMessagesRead { markedCount unreadCount errors { code } } }`;
const OFFER = `{ products(first: 50) { edges { node { id priceCents } } } }`;
const CHECKOUT = `mutation($input: CheckoutInput!) { checkout(input: $input) {
  errors { code } orders { id number status budgetCents providerName } } }`;

interface Resident {
  person: Person;
  client: TestClient;
}

describe('personal inbox (messages)', () => {
  let server: TestServer;
  let alice: Resident; // household A
  let bob: Resident; // household B
  let aliceHousemate: Person;

  async function login(person: Person): Promise<TestClient> {
    const client = server.client();
    await client.loginWithDigid(decryptBsn(person.bsnEncrypted!, server.services.config.bsn));
    return client;
  }

  /** Orders the cheapest product the household can pay in full from its budget. */
  async function placeOrder(client: TestClient) {
    const offer: any = await client.gql(OFFER);
    const products = offer.data.products.edges
      .map((e: any) => e.node)
      .sort((a: any, b: any) => a.priceCents - b.priceCents);
    for (const p of products) {
      const r: any = await client.gql(CHECKOUT, {
        input: { idempotencyKey: randomUUID(), lines: [{ productId: p.id, quantity: 1 }] },
      });
      if (r.data.checkout.errors.length === 0 && r.data.checkout.orders[0].status === 'PLACED')
        return r.data.checkout.orders[0];
    }
    throw new Error('no product this household can pay from its budget');
  }

  async function messagesOfOrder(orderId: string): Promise<Message[]> {
    return server.orm.em.fork().find(Message, { orderId }, { orderBy: { createdAt: 'asc' } });
  }

  beforeAll(async () => {
    server = await startTestServer({ seed: true });
    const em = server.orm.em.fork();
    const people = await em.find(
      Person,
      { bsnEncrypted: { $ne: null }, municipality: { slug: 'zuiderveen' } },
      { populate: ['bsnEncrypted'], orderBy: { externalIdentifier: 'asc' } },
    );
    // Two residents of different households, the first one with a housemate.
    const first = people.find((p) => people.some((q) => q.id !== p.id && q.clientGroup.id === p.clientGroup.id))!;
    aliceHousemate = people.find((q) => q.id !== first.id && q.clientGroup.id === first.clientGroup.id)!;
    const other = people.find((p) => p.clientGroup.id !== first.clientGroup.id)!;
    alice = { person: first, client: await login(first) };
    bob = { person: other, client: await login(other) };
  });
  afterAll(async () => {
    await server?.close();
  });

  it('writes exactly one Dutch message to the household on every order status change, in the same transaction', async () => {
    const order = await placeOrder(alice.client);
    let written = await messagesOfOrder(order.id);
    expect(written).toHaveLength(1);
    expect(written[0]).toMatchObject({
      audience: 'PERSONAL',
      clientGroupId: alice.person.clientGroup.id,
      personId: null,
      readAt: null,
    });
    expect(written[0]!.title).toBe(`Bestelling ${order.number} is geplaatst`);
    expect(written[0]!.body).toContain(`Uw bestelling ${order.number} is geplaatst bij ${order.providerName}.`);

    // Accepted by the provider: one more message, naming the provider.
    await server.orm.em
      .fork()
      .transactional((em) =>
        server.services.orders.transition(em, order.id, 'ACCEPTED', { kind: 'PROVIDER', id: null }),
      );
    written = await messagesOfOrder(order.id);
    expect(written).toHaveLength(2);
    expect(written[1]!.body).toContain(`Uw bestelling ${order.number} is geaccepteerd door ${order.providerName}.`);

    // A change that is rolled back leaves no message behind.
    await expect(
      server.orm.em.fork().transactional(async (em) => {
        await server.services.orders.transition(
          em,
          order.id,
          'DELIVERED',
          { kind: 'PROVIDER', id: null },
          { handover: 'COUNTER_CARD' },
        );
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await messagesOfOrder(order.id)).toHaveLength(2);

    // Rejected by the provider, with a reason: one message with the reason and the budget going back.
    await server.orm.em
      .fork()
      .transactional((em) =>
        server.services.orders.cancel(em, order.id, { kind: 'PROVIDER', id: null }, 'Deze cursus is helaas vol'),
      );
    written = await messagesOfOrder(order.id);
    expect(written).toHaveLength(3);
    expect(written[2]!.title).toBe(`Bestelling ${order.number} is afgewezen`);
    expect(written[2]!.body).toContain('Reden: Deze cursus is helaas vol.');
    expect(written[2]!.body).toContain('staat weer op uw regeling');

    // The customer sees all three, newest first, linked to the order.
    const inbox: any = await alice.client.gql(INBOX, { first: 50 });
    expect(inbox.errors).toBeUndefined();
    const mine = inbox.data.myMessages.edges.map((e: any) => e.node).filter((m: any) => m.orderId === order.id);
    expect(mine.map((m: any) => m.title)).toEqual([written[2]!.title, written[1]!.title, written[0]!.title]);
    expect(mine.every((m: any) => m.read === false && m.readAt === null)).toBe(true);
  });

  it('never shows a household another household’s messages, nor lets it mark them read', async () => {
    const order = await placeOrder(alice.client);
    const [message] = await messagesOfOrder(order.id);
    const bobInbox: any = await bob.client.gql(INBOX, { first: 100 });
    expect(bobInbox.errors).toBeUndefined();
    expect(bobInbox.data.myMessages.edges.map((e: any) => e.node.id)).not.toContain(message!.id);
    const bobUnreadBefore = bobInbox.data.myUnreadMessageCount;

    const peek: any = await bob.client.gql(MARK, { id: message!.id });
    expect(peek.data.markMessageRead.message).toBeNull();
    expect(peek.data.markMessageRead.errors).toEqual([
      { field: 'id', code: 'NOT_FOUND', message: 'Dit bericht is niet gevonden.' },
    ]);
    expect(peek.data.markMessageRead.unreadCount).toBe(bobUnreadBefore);
    await bob.client.gql(MARK_ALL);
    const still = await server.orm.em.fork().findOneOrFail(Message, message!.id);
    expect(still.readAt).toBeNull();

    // A message to one member of Alice's household: her housemate sees it, she does not.
    const privateId = await server.orm.em.fork().transactional((em) =>
      server.services.messages.sendPersonal(em, {
        municipalityId: aliceHousemate.municipality.id,
        clientGroupId: aliceHousemate.clientGroup.id,
        personId: aliceHousemate.id,
        title: 'Alleen voor u',
        body: 'Een persoonlijk bericht.',
      }),
    );
    const aliceInbox: any = await alice.client.gql(INBOX, { first: 100 });
    expect(aliceInbox.data.myMessages.edges.map((e: any) => e.node.id)).not.toContain(privateId);
    const housemate = await login(aliceHousemate);
    const housemateInbox: any = await housemate.gql(INBOX, { first: 100 });
    const ids = housemateInbox.data.myMessages.edges.map((e: any) => e.node.id);
    expect(ids).toContain(privateId);
    expect(ids).toContain(message!.id); // household messages reach every member
    expect((await alice.client.gql(MARK, { id: privateId })).data!.markMessageRead.errors[0].code).toBe('NOT_FOUND');

    // Only customers have an inbox.
    const anonymous: any = await server.client().gql(INBOX);
    expect(anonymous.errors[0].extensions.code).toBe('UNAUTHENTICATED');
  });

  it('pages through the inbox newest first with cursors, and refuses a forged cursor', async () => {
    const em = server.orm.em.fork();
    const before: any = await bob.client.gql(INBOX, { first: 1 });
    const existing = before.data.myMessages.totalCount;
    await em.transactional(async (tx) => {
      for (let i = 1; i <= 23; i++) {
        await server.services.messages.sendPersonal(tx, {
          municipalityId: bob.person.municipality.id,
          clientGroupId: bob.person.clientGroup.id,
          title: `Bericht ${i}`,
          body: `Inhoud ${i}`,
        });
      }
    });
    const seen: any[] = [];
    let after: string | null = null;
    let pages = 0;
    do {
      const r: any = await bob.client.gql(INBOX, { first: 10, after });
      expect(r.errors).toBeUndefined();
      const page = r.data.myMessages;
      expect(page.totalCount).toBe(existing + 23);
      seen.push(...page.edges.map((e: any) => e.node));
      expect(page.edges.length).toBeLessThanOrEqual(10);
      after = page.pageInfo.hasNextPage ? page.pageInfo.endCursor : null;
      pages++;
    } while (after && pages < 20);
    expect(seen).toHaveLength(existing + 23);
    expect(new Set(seen.map((m) => m.id)).size).toBe(seen.length);
    // Newest first: all 23 written in one transaction still come back in reverse order of writing.
    expect(seen.slice(0, 23).map((m) => m.title)).toEqual(Array.from({ length: 23 }, (_, i) => `Bericht ${23 - i}`));
    for (let i = 1; i < seen.length; i++)
      expect(Date.parse(seen[i - 1].createdAt)).toBeGreaterThanOrEqual(Date.parse(seen[i].createdAt));

    const forged: any = await bob.client.gql(INBOX, { first: 10, after: 'bm90LWEtY3Vyc29y' });
    expect(forged.errors[0].extensions.code).toBe('BAD_USER_INPUT');
  });

  it('counts unread messages and marks one or all as read', async () => {
    const start: any = await bob.client.gql(INBOX, { first: 3 });
    const unread = start.data.myUnreadMessageCount;
    expect(unread).toBeGreaterThanOrEqual(3);
    const newest = start.data.myMessages.edges[0].node;
    expect(newest.read).toBe(false);

    const one: any = await bob.client.gql(MARK, { id: newest.id });
    expect(one.data.markMessageRead.errors).toEqual([]);
    expect(one.data.markMessageRead.message).toMatchObject({ id: newest.id, read: true });
    expect(one.data.markMessageRead.unreadCount).toBe(unread - 1);
    const firstReadAt = one.data.markMessageRead.message.readAt;
    // Opening it again keeps the first read time and the count.
    const again: any = await bob.client.gql(MARK, { id: newest.id });
    expect(again.data.markMessageRead.message.readAt).toBe(firstReadAt);
    expect(again.data.markMessageRead.unreadCount).toBe(unread - 1);
    // The filter: only the unopened ones, or only the opened one; the totals follow the filter.
    const unopened: any = await bob.client.gql(INBOX, { first: 100, filter: { unread: true } });
    expect(unopened.data.myMessages.totalCount).toBe(unread - 1);
    expect(unopened.data.myMessages.edges.every((e: any) => !e.node.read)).toBe(true);
    const opened: any = await bob.client.gql(INBOX, { first: 100, filter: { unread: false } });
    expect(opened.data.myMessages.edges.map((e: any) => e.node.id)).toEqual([newest.id]);

    const all: any = await bob.client.gql(MARK_ALL);
    expect(all.data.markAllMessagesRead).toEqual({ markedCount: unread - 1, unreadCount: 0, errors: [] });
    const after: any = await bob.client.gql(INBOX, { first: 100 });
    expect(after.data.myUnreadMessageCount).toBe(0);
    expect(after.data.myMessages.edges.every((e: any) => e.node.read)).toBe(true);

    const malformed: any = await bob.client.gql(MARK, { id: 'not-a-uuid' });
    expect(malformed.data.markMessageRead.errors[0].code).toBe('NOT_FOUND');
  });
});

describe('order status message texts (the INBOX_ORDER_* templates)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server?.close();
  });
  const msg = (change: OrderStatusChange, wording: 'FORMAL' | 'INFORMAL' = 'FORMAL') =>
    orderStatusMessage(server.orm.em.fork(), change, wording);
  const order = { number: 'B100123', budgetCents: 1250, contributionCents: 0 };
  const base = { order, providerName: 'Zwembad De Golf', reason: null };

  it('names the provider on acceptance and delivery', async () => {
    expect(await msg({ ...base, from: 'PLACED', to: 'ACCEPTED', actor: { kind: 'PROVIDER' } })).toMatchObject({
      title: 'Bestelling B100123 is geaccepteerd',
      body: expect.stringContaining('Uw bestelling B100123 is geaccepteerd door Zwembad De Golf.'),
    });
    expect((await msg({ ...base, from: 'ACCEPTED', to: 'DELIVERED', actor: { kind: 'PROVIDER' } })).body).toBe(
      'Uw bestelling B100123 is geleverd door Zwembad De Golf.',
    );
  });

  it('explains an own contribution: waiting, received, and not paid', async () => {
    const withContribution = { ...order, budgetCents: 1000, contributionCents: 250 };
    expect(
      (
        await msg({
          ...base,
          order: withContribution,
          from: null,
          to: 'AWAITING_PAYMENT',
          actor: { kind: 'CUSTOMER' },
        })
      ).body,
    ).toContain('zodra uw eigen bijdrage van € 2,50 is betaald');
    expect(
      (
        await msg({
          ...base,
          order: withContribution,
          from: 'AWAITING_PAYMENT',
          to: 'PLACED',
          actor: { kind: 'SYSTEM' },
        })
      ).title,
    ).toBe('Betaling ontvangen voor bestelling B100123');
    const unpaid = await msg({
      ...base,
      order: withContribution,
      from: 'AWAITING_PAYMENT',
      to: 'CANCELLED',
      actor: { kind: 'SYSTEM' },
      reason: 'Betaling verlopen',
    });
    expect(unpaid.body).toContain('is geannuleerd, omdat de eigen bijdrage niet is betaald.');
    expect(unpaid.body).toContain('Reden: Betaling verlopen.');
    expect(unpaid.body).toContain('Het tegoed van € 10,00 staat weer op uw regeling.');
    expect(unpaid.body).not.toContain('terug'); // nothing was paid, so nothing is refunded
  });

  it('says who cancelled and what happens to the money', async () => {
    const paid = { ...order, budgetCents: 1000, contributionCents: 250 };
    expect(
      (
        await msg({
          ...base,
          order: paid,
          from: 'PLACED',
          to: 'CANCELLED',
          actor: { kind: 'CUSTOMER' },
          reason: 'Geannuleerd door de klant',
        })
      ).body,
    ).toBe(
      'U heeft uw bestelling B100123 bij Zwembad De Golf geannuleerd.\n\nHet tegoed van € 10,00 staat weer op uw regeling. Uw eigen bijdrage van € 2,50 betalen wij aan u terug.',
    );
    expect(
      (
        await msg({
          ...base,
          from: 'ACCEPTED',
          to: 'CANCELLED',
          actor: { kind: 'STAFF' },
          reason: 'Aanbieder gestopt',
        })
      ).body,
    ).toContain(
      'De gemeente heeft uw bestelling B100123 bij Zwembad De Golf geannuleerd.\n\nReden: Aanbieder gestopt.',
    );
  });

  it('a rejection by the provider is titled as such; the placed text leaves out the budget line when none was used', async () => {
    const rejected = await msg({
      ...base,
      from: 'PLACED',
      to: 'CANCELLED',
      actor: { kind: 'PROVIDER' },
      reason: 'Uitverkocht',
    });
    expect(rejected).toEqual({
      title: 'Bestelling B100123 is afgewezen',
      body: 'Uw bestelling B100123 is afgewezen door Zwembad De Golf.\n\nReden: Uitverkocht.\n\nHet tegoed van € 12,50 staat weer op uw regeling.',
    });
    const placed = await msg({
      ...base,
      order: { ...order, budgetCents: 0 },
      from: null,
      to: 'PLACED',
      actor: { kind: 'CUSTOMER' },
    });
    expect(placed.body).toBe(
      'Uw bestelling B100123 is geplaatst bij Zwembad De Golf.\n\nU krijgt bericht zodra Zwembad De Golf de bestelling heeft geaccepteerd.',
    );
  });

  it('speaks informally ("je") when the platform is set to informal', async () => {
    expect(await msg({ ...base, from: 'ACCEPTED', to: 'DELIVERED', actor: { kind: 'PROVIDER' } }, 'INFORMAL')).toEqual({
      title: 'Bestelling B100123 is geleverd',
      body: 'Je bestelling B100123 is geleverd door Zwembad De Golf.',
    });
    const placed = await msg({ ...base, from: null, to: 'PLACED', actor: { kind: 'CUSTOMER' } }, 'INFORMAL');
    expect(placed.body).toBe(
      'Je bestelling B100123 is geplaatst bij Zwembad De Golf.\n\nVan je tegoed is € 12,50 gebruikt.\n\nJe krijgt bericht zodra Zwembad De Golf de bestelling heeft geaccepteerd.',
    );
  });
});
