import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomInt, randomUUID } from 'node:crypto';
import { startTestServer, type TestClient, type TestServer } from '../../test/server.js';
import { contextFor, staffViewer } from '../../test/context.js';
import { Audience, Permission } from '../../kernel/permissions.js';
import type { Viewer } from '../../kernel/viewer.js';
import { DEMO_PASSWORD, DEMO_STAFF, demoProviderEmail } from '../../seeders/demo-accounts.js';
import { Municipality } from '../municipalities/municipality.entity.js';
import { ClientGroup } from '../customers/client-group.entity.js';
import { Person } from '../customers/person.entity.js';
import { Card } from '../customers/card.entity.js';
import { makeCardNumber } from '../customers/card-number.js';
import { Arrangement } from '../arrangements/arrangement.entity.js';
import { Category } from '../catalogue/category.entity.js';
import { Product } from '../catalogue/product.entity.js';
import { offeredIn } from '../../test/households.js';
import { ProviderUser } from '../providers/provider-user.entity.js';
import { MailMessage } from '../communication/mail-message.entity.js';
import { LedgerService } from '../ledger/ledger.service.js';
import { Order, OrderEvent } from './order.entities.js';
import { today as todayOn } from '../../kernel/clock.js';
import { CounterService, NOTHING_FOUND, parseCounterCode } from './counter.service.js';
import { normaliseOrderNumber } from './order-lists.service.js';
import { CounterLookupPayload, OrderActionPayload, type OrderActionOutcome } from './order-work.types.js';
import type { Result } from '../../kernel/result.js';
import { checkoutOutcome } from '../../test/checkout-outcome.js';

/** A direct service call's Result as the API answers it (the one mapping onto the payload). */
const asPayload = async (result: Promise<Result<OrderActionOutcome>>) => OrderActionPayload.fromOutcome(await result);

/**
 * Order actions, lists and the counter against a real database and over real HTTP. Each scenario builds its own
 * household (with an e-mail address and a card) and arrangements, so amounts are exact and independent of the demo data.
 */

const ORDER_FIELDS = `id number status totalCents budgetCents contributionCents pickupCode cancelReason customerFirstName providerName
  lines { title quantity totalCents } events { fromStatus toStatus actorKind reason } allocations { arrangementName amountCents }`;
const AT_COUNTER = `mutation($c: String!, $o: ID!) { deliverAtCounter(code: $c, orderId: $o) {
    refundCents errors { field code message } order { ${ORDER_FIELDS} } } }`;
const ACTION = (name: string, withReason = false) =>
  `mutation($id: ID!${withReason ? ', $reason: String!' : ''}) { ${name}(id: $id${withReason ? ', reason: $reason' : ''}) {
    refundCents errors { field code message } order { ${ORDER_FIELDS} } } }`;

describe('order actions, lists and the counter', () => {
  let server: TestServer;
  let zuiderveen: Municipality;
  let noorderhaven: Municipality;
  const ledger = new LedgerService();
  /** Demo provider n: its id, cheapest approved product, and a logged-in client. */
  const providers = new Map<number, { id: string; product: Product; client: TestClient }>();
  const staff = new Map<string, TestClient>();
  let n = 0;

  beforeAll(async () => {
    server = await startTestServer({ seed: true });
    const em = server.orm.em.fork();
    zuiderveen = await em.findOneOrFail(Municipality, { slug: 'zuiderveen' });
    noorderhaven = await em.findOneOrFail(Municipality, { slug: 'noorderhaven' });
    for (const p of [1, 2, 5]) {
      const user = await em.findOneOrFail(ProviderUser, { email: demoProviderEmail(p) });
      const [product] = (await offeredIn(server, zuiderveen.id))
        .filter((x) => x.provider.id === user.provider.id)
        .sort((x, y) => x.priceCents - y.priceCents);
      const client = server.client();
      await client.loginProvider(demoProviderEmail(p), DEMO_PASSWORD);
      providers.set(p, { id: user.provider.id, product: product!, client });
    }
    for (const s of DEMO_STAFF.filter((x) => ['KLANTCONTACT', 'FINANCIEN'].includes(x.role))) {
      const client = server.client();
      await client.loginStaff(s.email, DEMO_PASSWORD);
      staff.set(s.role, client);
    }
  });
  afterAll(async () => {
    await server?.close();
  });

  const provider = (p: number) => providers.get(p)!;

  /** A household in Zuiderveen with one adult (e-mail, card) and one arrangement paying for the given products. */
  async function household(options: {
    products: Product[];
    amountCents?: number;
    ownContribution?: boolean;
    email?: boolean;
    notify?: boolean;
  }) {
    const em = server.orm.em.fork();
    n++;
    const group = em.create(ClientGroup, {
      municipality: zuiderveen.id,
      clientNumber: `OA-${n}-${randomUUID().slice(0, 6)}`,
      name: `Huishouden ${n}`,
    });
    const email = options.email === false ? null : `klant-${n}-${randomUUID().slice(0, 8)}@voorbeeld.nl`;
    const person = Object.assign(new Person(), {
      clientGroup: group,
      municipality: zuiderveen,
      externalIdentifier: `OA-${randomUUID()}`,
      firstName: `Fleur${n}`,
      lastName: 'Testpersoon',
      email,
      notifyOrderStatus: options.notify ?? true,
    });
    em.persist(person);
    await em.flush();
    let cardNumber: string;
    do cardNumber = makeCardNumber(`9${String(randomInt(0, 99_999_999)).padStart(8, '0')}`);
    while (await em.findOne(Card, { number: cardNumber }));
    em.create(Card, { person: person.id, number: cardNumber });
    const arrangement = em.create(Arrangement, {
      municipality: zuiderveen.id,
      name: `Regeling ${n}`,
      slug: `regeling-${n}-${randomUUID().slice(0, 6)}`,
      validFrom: '2020-01-01',
      validUntil: '2099-12-31',
      defaultAmountCents: options.amountCents ?? 1_000_000,
      ownContributionAllowed: options.ownContribution ?? false,
      maxPerOrderCents: null,
    });
    for (const c of new Set(options.products.map((p) => p.category.id)))
      arrangement.categories.add(em.getReference(Category, c));
    await em.flush();
    const granted = await server.services.assignments.grant(staffContext(null), {
      clientGroupId: group.id,
      arrangementId: arrangement.id,
      amountCents: options.amountCents ?? 1_000_000,
      validFrom: '2020-01-01',
      validUntil: '2099-12-31',
    });
    if (!granted.ok) throw new Error(granted.errors[0]!.message);
    const viewer: Viewer = {
      kind: Audience.CUSTOMER,
      sessionId: 'x',
      personId: person.id,
      clientGroupId: group.id,
      municipalityId: zuiderveen.id,
    };
    const customer = () => contextFor(server.orm, server.services, viewer);
    const order = async (product: Product, quantity = 1) => {
      const r = await checkoutOutcome(server, customer(), {
        idempotencyKey: randomUUID(),
        lines: [{ productId: product.id, quantity }],
      });
      expect(r.errors).toEqual([]);
      return { order: r.orders[0]!, checkout: r.checkout!, payment: r.payment };
    };
    return { group, person, email, cardNumber, assignmentId: granted.value.id, customer, order };
  }

  function staffContext(
    municipalityIds: string[] | null,
    permissions: Permission[] = [Permission.ORDER_READ, Permission.ORDER_CANCEL],
  ) {
    return contextFor(server.orm, server.services, staffViewer({ municipalityIds, permissions }));
  }

  const reload = (id: string) => server.orm.em.fork().findOneOrFail(Order, id);
  const eventCount = (orderId: string) => server.orm.em.fork().count(OrderEvent, { orderId });
  const balance = async (assignmentId: string) =>
    (await ledger.assignmentBalances(server.orm.em.fork(), [assignmentId])).get(assignmentId);
  const mails = (to: string) => server.orm.em.fork().find(MailMessage, { to }, { orderBy: { createdAt: 'asc' } });

  it('lets the provider accept and deliver its own order, on the timeline, with an e-mail for each step', async () => {
    const p1 = provider(1);
    const h = await household({ products: [p1.product] });
    const { order } = await h.order(p1.product);
    expect(order.status).toBe('PLACED');

    const accepted: any = await p1.client.gql(ACTION('acceptOrder'), { id: order.id });
    expect(accepted.data.acceptOrder.errors).toEqual([]);
    expect(accepted.data.acceptOrder.order).toMatchObject({
      status: 'ACCEPTED',
      customerFirstName: h.person.firstName,
      // The resident's proof of the hand-over: never the provider's to read.
      pickupCode: null,
    });
    expect(accepted.data.acceptOrder.order.events.map((e: any) => [e.toStatus, e.actorKind])).toEqual([
      ['PLACED', 'CUSTOMER'],
      ['ACCEPTED', 'PROVIDER'],
    ]);

    const again: any = await p1.client.gql(ACTION('acceptOrder'), { id: order.id });
    expect(again.data.acceptOrder.order).toBeNull();
    expect(again.data.acceptOrder.errors[0]).toMatchObject({
      code: 'INVALID_STATUS',
      message: 'Deze bestelling is al geaccepteerd.',
    });

    // Handed over at the counter, with the resident's card.
    const delivered: any = await p1.client.gql(AT_COUNTER, { c: h.cardNumber, o: order.id });
    expect(delivered.data.deliverAtCounter.errors).toEqual([]);
    expect(delivered.data.deliverAtCounter.order.status).toBe('DELIVERED');

    for (const action of ['acceptOrder', 'deliverOrder']) {
      const r: any = await p1.client.gql(ACTION(action), { id: order.id });
      expect(r.data[action].errors[0].code, action).toBe('INVALID_STATUS');
      expect(r.data[action].errors[0].message).toMatch(/al geleverd/);
    }
    const twice: any = await p1.client.gql(AT_COUNTER, { c: h.cardNumber, o: order.id });
    expect(twice.data.deliverAtCounter.errors[0].message).toMatch(/al geleverd/);
    const late: any = await p1.client.gql(ACTION('rejectOrder', true), {
      id: order.id,
      reason: 'Toch niet op voorraad',
    });
    expect(late.data.rejectOrder.errors[0].message).toBe(
      'Deze bestelling is al geleverd en kan niet meer worden afgewezen.',
    );
    expect((await reload(order.id)).status).toBe('DELIVERED');
    expect(await eventCount(order.id)).toBe(3);

    const sent = await mails(h.email!);
    expect(sent.map((m) => m.templateKey)).toEqual(['ORDER_PLACED', 'ORDER_ACCEPTED', 'ORDER_DELIVERED']);
    expect(sent[0]!.subject).toBe(
      `Uw bestelling ${order.number} bij ${accepted.data.acceptOrder.order.providerName} is geplaatst`,
    );
    expect(sent[0]!.body).toContain(order.pickupCode);
    expect(sent[1]!.body).toContain(`Beste ${h.person.firstName},`);
    expect(sent[2]!.subject).toBe(`Uw bestelling ${order.number} is geleverd`);
    for (const m of sent) expect(m.body).toContain(`/account/bestellingen/${order.id}`);
  });

  it('never lets a provider act on, list or look up another provider’s order', async () => {
    const p1 = provider(1);
    const p2 = provider(2);
    const h = await household({ products: [p1.product] });
    const { order } = await h.order(p1.product);
    for (const [action, reason] of [
      ['acceptOrder', false],
      ['deliverOrder', false],
      ['rejectOrder', true],
    ] as const) {
      const r: any = await p2.client.gql(ACTION(action, reason), {
        id: order.id,
        ...(reason ? { reason: 'Wij leveren dit niet' } : {}),
      });
      expect(r.data[action].order, action).toBeNull();
      expect(r.data[action].errors, action).toEqual([
        { field: 'id', code: 'NOT_FOUND', message: 'Deze bestelling is niet gevonden.' },
      ]);
    }
    const viaCounter: any = await p2.client.gql(AT_COUNTER, { c: h.cardNumber, o: order.id });
    expect(viaCounter.data.deliverAtCounter.errors[0].code).toBe('NOT_FOUND');
    expect((await reload(order.id)).status).toBe('PLACED');
    expect(await eventCount(order.id)).toBe(1);

    const list: any = await p2.client.gql(`{ providerOrders(first: 100) { edges { node { id } } } }`);
    expect(list.data.providerOrders.edges.map((e: any) => e.node.id)).not.toContain(order.id);
    const byCode: any = await p2.client.gql(
      `query($c: String!) { counterLookup(code: $c) { errors { code } orders { id } } }`,
      { c: order.pickupCode },
    );
    expect(byCode.data.counterLookup).toMatchObject({ errors: [{ code: 'NOT_FOUND' }], orders: [] });
    const byCard: any = await p2.client.gql(
      `query($c: String!) { counterLookup(code: $c) { customerFirstName errors { code } orders { id } } }`,
      { c: h.cardNumber },
    );
    expect(byCard.data.counterLookup).toEqual({ customerFirstName: null, errors: [{ code: 'NOT_FOUND' }], orders: [] });
    const peek: any = await p2.client.gql(`query($id: ID!) { order(id: $id) { id } }`, { id: order.id });
    expect(peek.data.order).toBeNull();

    // A malformed id is just "not found".
    const bad: any = await p1.client.gql(ACTION('acceptOrder'), { id: 'geen-id' });
    expect(bad.data.acceptOrder.errors[0].code).toBe('NOT_FOUND');
  });

  it('lets the provider reject with a reason: budget back, paid own contribution refunded, e-mail with the reason', async () => {
    const p1 = provider(1);
    const h = await household({ products: [p1.product], amountCents: 100, ownContribution: true });
    const { order, checkout, payment } = await h.order(p1.product);
    expect(order.status).toBe('AWAITING_PAYMENT');

    // Not paid yet: the provider cannot act on it and does not see it.
    const early: any = await p1.client.gql(ACTION('acceptOrder'), { id: order.id });
    expect(early.data.acceptOrder.errors[0]).toMatchObject({ code: 'INVALID_STATUS' });
    expect(early.data.acceptOrder.errors[0].message).toMatch(/eigen bijdrage nog niet betaald/);
    const earlyReject: any = await p1.client.gql(ACTION('rejectOrder', true), {
      id: order.id,
      reason: 'Niet op voorraad',
    });
    expect(earlyReject.data.rejectOrder.errors[0].code).toBe('INVALID_STATUS');
    const hidden: any = await p1.client.gql(`{ providerOrders(first: 100) { edges { node { id } } } }`);
    expect(hidden.data.providerOrders.edges.map((e: any) => e.node.id)).not.toContain(order.id);

    await server.orm.em
      .fork()
      .transactional((tx) => server.services.orders.contributionPaid(tx, checkout.id, payment!.id, { kind: 'SYSTEM' }));
    expect((await reload(order.id)).status).toBe('PLACED');
    expect(await balance(h.assignmentId)).toBe(0);

    for (const reason of ['', '   ', 'kort']) {
      const r: any = await p1.client.gql(ACTION('rejectOrder', true), { id: order.id, reason });
      expect(r.data.rejectOrder.errors[0]).toMatchObject({
        field: 'reason',
        message: expect.stringMatching(/^Geef een reden op \(minstens 5 tekens\)/),
      });
    }
    const long: any = await p1.client.gql(ACTION('rejectOrder', true), { id: order.id, reason: 'x'.repeat(1001) });
    expect(long.data.rejectOrder.errors[0]).toMatchObject({ field: 'reason', code: 'TOO_LONG' });
    expect((await reload(order.id)).status).toBe('PLACED');

    const reason = 'Deze cursus gaat niet door: te weinig aanmeldingen.';
    const r: any = await p1.client.gql(ACTION('rejectOrder', true), { id: order.id, reason });
    expect(r.data.rejectOrder.errors).toEqual([]);
    expect(r.data.rejectOrder.refundCents).toBe(order.contributionCents);
    expect(order.contributionCents).toBe(p1.product.priceCents - 100);
    expect(r.data.rejectOrder.order).toMatchObject({ status: 'CANCELLED', cancelReason: reason });
    expect(r.data.rejectOrder.order.events.at(-1)).toEqual({
      fromStatus: 'PLACED',
      toStatus: 'CANCELLED',
      actorKind: 'PROVIDER',
      reason,
    });
    expect(await balance(h.assignmentId)).toBe(100);

    const em = server.orm.em.fork();
    const kinds = await em.execute<{ kind: string }[]>(
      `select kind from ledger_transaction where order_id = ? order by created_at, id`,
      [order.id],
    );
    expect(kinds.map((k) => k.kind).sort()).toEqual(['CANCEL', 'CONTRIBUTION', 'REFUND', 'SPEND']);
    const unbalanced = await em.execute(
      `select t.id from ledger_transaction t join ledger_entry e on e.transaction_id = t.id group by t.id having sum(e.amount_cents) <> 0`,
    );
    expect(unbalanced).toEqual([]);

    const rejected = (await mails(h.email!)).find((m) => m.templateKey === 'ORDER_REJECTED')!;
    expect(rejected.subject).toBe(`Uw bestelling ${order.number} is afgewezen`);
    expect(rejected.body).toContain(reason);
    expect(rejected.body).toContain('tegoed, weer beschikbaar op uw regeling: € 1,00');
    const refund = new Intl.NumberFormat('nl-NL', { style: 'currency', currency: 'EUR' })
      .format(order.contributionCents / 100)
      .replace(/\u00a0/g, ' ');
    expect(rejected.body).toContain(`eigen bijdrage, terug op uw rekening: ${refund}`);
  });

  it('lets the customer cancel only while the order is placed, only their own household’s', async () => {
    const p1 = provider(1);
    const h = await household({ products: [p1.product] });
    const other = await household({ products: [p1.product] });
    const first = await h.order(p1.product, 2);
    expect(await balance(h.assignmentId)).toBe(1_000_000 - 2 * p1.product.priceCents);

    const stranger = await asPayload(server.services.orderActions.cancelMine(other.customer(), first.order.id));
    expect(stranger.errors[0]!.code).toBe('NOT_FOUND');
    expect((await reload(first.order.id)).status).toBe('PLACED');

    const mine = await asPayload(server.services.orderActions.cancelMine(h.customer(), first.order.id));
    expect(mine.errors).toEqual([]);
    expect(mine.order).toMatchObject({ status: 'CANCELLED', cancelReason: 'Geannuleerd door de klant' });
    expect(mine.refundCents).toBe(0);
    expect(await balance(h.assignmentId)).toBe(1_000_000);
    const twice = await asPayload(server.services.orderActions.cancelMine(h.customer(), first.order.id));
    expect(twice.errors[0]!.message).toBe('Deze bestelling is al geannuleerd en kan niet meer worden geannuleerd.');

    const cancelled = (await mails(h.email!)).find((m) => m.templateKey === 'ORDER_CANCELLED')!;
    expect(cancelled.body).toContain('Geannuleerd door: uzelf');
    expect(cancelled.body).toContain('Reden: Geannuleerd door de klant');

    // After acceptance the customer has to ask the provider.
    const second = await h.order(p1.product);
    await p1.client.gql(ACTION('acceptOrder'), { id: second.order.id });
    const late = await asPayload(server.services.orderActions.cancelMine(h.customer(), second.order.id));
    expect(late.errors[0]!.message).toMatch(/^De aanbieder heeft uw bestelling al geaccepteerd/);
    expect((await reload(second.order.id)).status).toBe('ACCEPTED');

    // Over GraphQL: only a customer may call it.
    const asProvider: any = await p1.client.gql(ACTION('cancelMyOrder'), { id: second.order.id });
    expect(asProvider.errors[0].extensions.code).toBe('FORBIDDEN');
  });

  it('lets staff with ORDER_CANCEL cancel until delivery, within their scope, with the refund of a paid contribution', async () => {
    const p1 = provider(1);
    const h = await household({ products: [p1.product], amountCents: 250, ownContribution: true });
    const { order, checkout, payment } = await h.order(p1.product);
    await server.orm.em
      .fork()
      .transactional((tx) => server.services.orders.contributionPaid(tx, checkout.id, payment!.id, { kind: 'SYSTEM' }));
    await p1.client.gql(ACTION('acceptOrder'), { id: order.id });

    // Financiën may read orders but not cancel them.
    const finance: any = await staff
      .get('FINANCIEN')!
      .gql(ACTION('cancelOrder', true), { id: order.id, reason: 'Dubbel besteld' });
    expect(finance.errors[0].extensions.code).toBe('FORBIDDEN');
    const read: any = await staff
      .get('FINANCIEN')!
      .gql(`query($id: ID!) { adminOrder(id: $id) { id status pickupCode customerFirstName } }`, { id: order.id });
    expect(read.data.adminOrder).toMatchObject({
      id: order.id,
      status: 'ACCEPTED',
      pickupCode: null,
      customerFirstName: h.person.firstName,
    });
    // A staff read of the customer's name is audit-logged (@personalData: field names and ids only).
    const audit = await server.orm.em
      .fork()
      .execute<
        { actor_kind: string; details: Record<string, unknown>; fields: string[]; subject_household_id: string }[]
      >(
        `select actor_kind, details, fields, subject_household_id from audit_log
          where action = 'PERSONAL_DATA_READ' and subject_type = 'Order' and subject_id = ?`,
        [order.id],
      );
    expect(audit).toEqual([
      {
        actor_kind: 'STAFF',
        details: { kinds: ['NAME'], objects: 1, clientGroupId: h.group.id },
        fields: ['Order.customerFirstName'],
        subject_household_id: h.group.id,
      },
    ]);

    // Staff of another municipality: not found, nothing changes.
    const outside = await asPayload(
      server.services.orderActions.cancelByStaff(staffContext([noorderhaven.id]), order.id, 'Dubbel besteld'),
    );
    expect(outside.errors[0]!.code).toBe('NOT_FOUND');
    expect(await server.services.orderViews.one(staffContext([noorderhaven.id]), order.id)).toBeNull();
    expect((await reload(order.id)).status).toBe('ACCEPTED');

    const noReason: any = await staff
      .get('KLANTCONTACT')!
      .gql(ACTION('cancelOrder', true), { id: order.id, reason: ' ' });
    expect(noReason.data.cancelOrder.errors[0]).toMatchObject({ field: 'reason', code: 'REQUIRED' });

    const ok: any = await staff
      .get('KLANTCONTACT')!
      .gql(ACTION('cancelOrder', true), { id: order.id, reason: 'Dubbel besteld, op verzoek van de klant' });
    expect(ok.data.cancelOrder.errors).toEqual([]);
    expect(ok.data.cancelOrder.refundCents).toBe(p1.product.priceCents - 250);
    expect(ok.data.cancelOrder.order.events.at(-1)).toMatchObject({
      fromStatus: 'ACCEPTED',
      toStatus: 'CANCELLED',
      actorKind: 'STAFF',
    });
    expect(await balance(h.assignmentId)).toBe(250);
    const mail = (await mails(h.email!)).find((m) => m.templateKey === 'ORDER_CANCELLED')!;
    expect(mail.body).toContain('Geannuleerd door: de gemeente');
    expect(mail.body).toContain('Reden: Dubbel besteld, op verzoek van de klant');

    // Delivered is final, for staff too.
    const h2 = await household({ products: [p1.product] });
    const delivered = await h2.order(p1.product);
    await p1.client.gql(AT_COUNTER, { c: h2.cardNumber, o: delivered.order.id });
    const tooLate: any = await staff
      .get('KLANTCONTACT')!
      .gql(ACTION('cancelOrder', true), { id: delivered.order.id, reason: 'Klacht van de klant' });
    expect(tooLate.data.cancelOrder.errors[0]).toMatchObject({
      code: 'INVALID_STATUS',
      message: 'Deze bestelling is al geleverd en kan niet meer worden geannuleerd.',
    });
    expect((await reload(delivered.order.id)).status).toBe('DELIVERED');
  });

  it(
    'allows each action from exactly the statuses the rules give it, and changes nothing otherwise',
    { timeout: 120_000 },
    async () => {
      const p1 = provider(1);
      const providerCtx = () =>
        contextFor(server.orm, server.services, {
          kind: Audience.PROVIDER,
          sessionId: 'x',
          providerUserId: randomUUID(),
          providerId: p1.id,
        });
      const actions = {
        accept: {
          from: ['PLACED'],
          run: (id: string) => asPayload(server.services.orderActions.accept(providerCtx(), id)),
        },
        deliverAtCounter: {
          from: ['PLACED', 'ACCEPTED'],
          run: (id: string, h: Awaited<ReturnType<typeof household>>) =>
            asPayload(server.services.counter.deliver(providerCtx(), h.cardNumber, id, 'test')),
        },
        reject: {
          from: ['PLACED', 'ACCEPTED'],
          run: (id: string) => asPayload(server.services.orderActions.reject(providerCtx(), id, 'Niet meer leverbaar')),
        },
        cancelMine: {
          from: ['PLACED'],
          run: (id: string, h: Awaited<ReturnType<typeof household>>) =>
            asPayload(server.services.orderActions.cancelMine(h.customer(), id)),
        },
        cancelByStaff: {
          from: ['PLACED', 'ACCEPTED'],
          run: (id: string) =>
            asPayload(
              server.services.orderActions.cancelByStaff(staffContext([zuiderveen.id]), id, 'Op verzoek van de klant'),
            ),
        },
      } as const;
      const statuses = ['AWAITING_PAYMENT', 'PLACED', 'ACCEPTED', 'DELIVERED', 'CANCELLED'] as const;
      const h = await household({ products: [p1.product], amountCents: 100_000 });
      const unpaid = await household({ products: [p1.product], amountCents: 100, ownContribution: true });
      for (const [name, action] of Object.entries(actions)) {
        for (const status of statuses) {
          const who = status === 'AWAITING_PAYMENT' ? unpaid : h;
          const { order } = await who.order(p1.product);
          if (status === 'ACCEPTED' || status === 'DELIVERED') {
            const r = await (status === 'ACCEPTED'
              ? asPayload(server.services.orderActions.accept(providerCtx(), order.id))
              : asPayload(server.services.counter.deliver(providerCtx(), who.cardNumber, order.id, 'test')));
            expect(r.errors).toEqual([]);
          }
          if (status === 'CANCELLED')
            expect(
              (
                await asPayload(
                  server.services.orderActions.cancelByStaff(staffContext(null), order.id, 'Vooraf geannuleerd'),
                )
              ).errors,
            ).toEqual([]);
          expect((await reload(order.id)).status).toBe(status);
          const events = await eventCount(order.id);
          const result = await action.run(order.id, who);
          const label = `${name} from ${status}`;
          if ((action.from as readonly string[]).includes(status)) {
            expect(result.errors, label).toEqual([]);
            expect(result.order?.status, label).not.toBe(status);
            expect(await eventCount(order.id), label).toBe(events + 1);
          } else {
            expect(result.order, label).toBeNull();
            expect(result.errors[0], label).toMatchObject({
              code: 'INVALID_STATUS',
              message: expect.stringMatching(/^(De|Deze|Voor deze) /),
            });
            expect((await reload(order.id)).status, label).toBe(status);
            expect(await eventCount(order.id), label).toBe(events);
          }
        }
      }
    },
  );

  it('sends no e-mail when the household has no address or turned order e-mails off', async () => {
    const p1 = provider(1);
    for (const options of [{ email: false }, { notify: false }]) {
      const h = await household({ products: [p1.product], ...options });
      const { order } = await h.order(p1.product);
      await p1.client.gql(ACTION('acceptOrder'), { id: order.id });
      const [{ count }] = await server.orm.em
        .fork()
        .execute<{ count: string }[]>(`select count(*)::text as count from mail_message where body like ?`, [
          `%${order.number}%`,
        ]);
      expect(count, JSON.stringify(options)).toBe('0');
    }
  });

  it('lists the provider’s orders newest first with a status filter and keyset pages', async () => {
    const p2 = provider(2);
    const h = await household({ products: [p2.product] });
    const ids: string[] = [];
    for (let i = 0; i < 5; i++) ids.push((await h.order(p2.product)).order.id);
    await p2.client.gql(ACTION('acceptOrder'), { id: ids[1] });
    const LIST = `query($s: OrderStatus, $after: String) { providerOrders(filter: { status: $s }, first: 2, after: $after) {
      totalCount pageInfo { hasNextPage endCursor } edges { node { id status customerFirstName } } } }`;
    const seen: string[] = [];
    let after: string | null = null;
    let total = 0;
    do {
      const r: any = await p2.client.gql(LIST, { after });
      total = r.data.providerOrders.totalCount;
      seen.push(...r.data.providerOrders.edges.map((e: any) => e.node.id));
      after = r.data.providerOrders.pageInfo.hasNextPage ? r.data.providerOrders.pageInfo.endCursor : null;
    } while (after);
    expect(seen).toHaveLength(total);
    expect(new Set(seen).size).toBe(total);
    const ours = seen.filter((id) => ids.includes(id));
    expect(ours).toEqual([...ids].reverse());
    const accepted: any = await p2.client.gql(LIST, { s: 'ACCEPTED' });
    expect(accepted.data.providerOrders.edges.map((e: any) => e.node.status)).toEqual(
      accepted.data.providerOrders.edges.map(() => 'ACCEPTED'),
    );
    expect(accepted.data.providerOrders.edges.map((e: any) => e.node.id)).toContain(ids[1]);
    const bad: any = await p2.client.gql(LIST, { after: 'rommel' });
    expect(bad.errors[0].extensions.code).toBe('BAD_USER_INPUT');
  });

  it('searches orders for staff by number, status, provider and date, within scope', async () => {
    const p1 = provider(1);
    const p2 = provider(2);
    const h = await household({ products: [p1.product, p2.product] });
    const a = (await h.order(p1.product)).order;
    const b = (await h.order(p2.product)).order;
    const ADMIN = `query($f: AdminOrderFilter, $first: Int) { adminOrders(filter: $f, first: $first) { totalCount edges { node { id number providerId status } } } }`;
    const klant = staff.get('KLANTCONTACT')!;
    const byNumber: any = await klant.gql(ADMIN, { f: { search: a.number.toLowerCase().replace('b', 'b ') } });
    expect(byNumber.data.adminOrders.edges.map((e: any) => e.node.id)).toEqual([a.id]);
    const digits: any = await klant.gql(ADMIN, { f: { search: b.number.slice(1) } });
    expect(digits.data.adminOrders.edges.map((e: any) => e.node.id)).toEqual([b.id]);
    const byProvider: any = await klant.gql(ADMIN, { f: { providerId: p2.id }, first: 100 });
    expect(byProvider.data.adminOrders.edges.every((e: any) => e.node.providerId === p2.id)).toBe(true);
    expect(byProvider.data.adminOrders.edges.map((e: any) => e.node.id)).toContain(b.id);
    const today = todayOn(server.clock); // orders are dated on the server's clock (CLOCK_START)
    const byDate: any = await klant.gql(ADMIN, { f: { from: today, to: today, search: a.number } });
    expect(byDate.data.adminOrders.totalCount).toBe(1);
    const before: any = await klant.gql(ADMIN, { f: { to: '2020-01-01', search: a.number } });
    expect(before.data.adminOrders.totalCount).toBe(0);
    const badDate: any = await klant.gql(ADMIN, { f: { from: '2026-02-30' } });
    expect(badDate.errors[0]).toMatchObject({
      message: expect.stringMatching(/geldige begindatum/),
      extensions: { code: 'BAD_USER_INPUT' },
    });
    const cancelled: any = await klant.gql(ADMIN, { f: { status: 'CANCELLED' }, first: 100 });
    expect(cancelled.data.adminOrders.edges.every((e: any) => e.node.status === 'CANCELLED')).toBe(true);

    const outside = await server.services.orderLists.adminOrders(
      staffContext([noorderhaven.id]),
      { search: a.number },
      {},
    );
    expect(outside.totalCount).toBe(0);
    const inside = await server.services.orderLists.adminOrders(
      staffContext([zuiderveen.id]),
      { search: a.number },
      {},
    );
    expect(inside.totalCount).toBe(1);
    const providerList: any = await klant.gql(`{ adminOrderProviders { id name } }`);
    expect(providerList.data.adminOrderProviders.map((p: any) => p.id)).toEqual(expect.arrayContaining([p1.id, p2.id]));
    // By name, each once; a staff member of no municipality sees none.
    const providerNames: string[] = providerList.data.adminOrderProviders.map((p: any) => p.name);
    expect(providerNames).toEqual([...providerNames].sort());
    expect(new Set(providerList.data.adminOrderProviders.map((p: any) => p.id)).size).toBe(providerNames.length);
    expect(await server.services.orderLists.adminOrderProviders(staffContext([]))).toEqual([]);

    expect(normaliseOrderNumber(' b 100 001 ')).toBe('B100001');
    expect(normaliseOrderNumber('100001')).toBe('B100001');
    expect(normaliseOrderNumber('ABCDEFGH')).toBeNull();
  });

  it('finds a customer’s open orders with this provider at the counter, by card number or by pickup code', async () => {
    const p1 = provider(1);
    const p2 = provider(2);
    const h = await household({ products: [p1.product, p2.product] });
    const open1 = (await h.order(p1.product)).order;
    const open2 = (await h.order(p1.product)).order;
    const delivered = (await h.order(p1.product)).order;
    const elsewhere = (await h.order(p2.product)).order;
    await p1.client.gql(ACTION('acceptOrder'), { id: open2.id });
    await p1.client.gql(AT_COUNTER, { c: delivered.pickupCode, o: delivered.id });

    const LOOKUP = `query($c: String!) { counterLookup(code: $c) { matchedBy customerFirstName errors { field code message } orders { id status pickupCode lines { title } } } }`;
    server.queries.length = 0;
    const spaced = `${h.cardNumber.slice(0, 4)} ${h.cardNumber.slice(4, 7)} ${h.cardNumber.slice(7)}`;
    const byCard: any = await p1.client.gql(LOOKUP, { c: spaced });
    expect(byCard.data.counterLookup.errors).toEqual([]);
    expect(byCard.data.counterLookup).toMatchObject({ matchedBy: 'CARD', customerFirstName: h.person.firstName });
    expect(byCard.data.counterLookup.orders.map((o: any) => o.id)).toEqual([open1.id, open2.id]);
    expect(byCard.data.counterLookup.orders.map((o: any) => o.id)).not.toContain(elsewhere.id);
    // The counter shows orders, never their pickup codes (the resident proves the hand-over with them).
    expect(byCard.data.counterLookup.orders.map((o: any) => o.pickupCode)).toEqual([null, null]);
    // The card number never reaches the query log.
    expect(server.queries.join('\n')).not.toContain(h.cardNumber);

    const byCode: any = await p1.client.gql(LOOKUP, { c: open2.pickupCode.toLowerCase() });
    expect(byCode.data.counterLookup).toMatchObject({ matchedBy: 'PICKUP_CODE', errors: [] });
    expect(byCode.data.counterLookup.orders.map((o: any) => o.id)).toEqual([open2.id, open1.id]);
    // A delivered order is no longer open: nothing found, like any other code.
    const deliveredCode: any = await p1.client.gql(LOOKUP, { c: delivered.pickupCode });
    expect(deliveredCode.data.counterLookup).toEqual({
      matchedBy: null,
      customerFirstName: null,
      orders: [],
      errors: [{ field: 'code', code: 'NOT_FOUND', message: NOTHING_FOUND }],
    });

    // Deliver from the counter.
    const done: any = await p1.client.gql(AT_COUNTER, { c: spaced, o: open1.id });
    expect(done.data.deliverAtCounter.order.status).toBe('DELIVERED');
    const after: any = await p1.client.gql(LOOKUP, { c: h.cardNumber });
    expect(after.data.counterLookup.orders.map((o: any) => o.id)).toEqual([open2.id]);

    // A wrong check digit, a wrong length, rubbish: Dutch errors, nothing found.
    const wrongDigit = h.cardNumber.slice(0, 9) + String((Number(h.cardNumber[9]) + 1) % 10);
    const invalid: any = await p1.client.gql(LOOKUP, { c: wrongDigit });
    expect(invalid.data.counterLookup).toMatchObject({
      matchedBy: null,
      orders: [],
      errors: [
        {
          field: 'code',
          code: 'INVALID_CARD_NUMBER',
          message: 'Dit pasnummer bestaat niet: het controlecijfer klopt niet. Controleer het nummer op de pas.',
        },
      ],
    });
    expect(parseCounterCode('12345').kind).toBe('invalid');
    expect(parseCounterCode('').kind).toBe('invalid');
    expect(parseCounterCode('hallo wereld!').kind).toBe('invalid');
    expect(parseCounterCode('ABCD-EFGH')).toEqual({ kind: 'pickup', code: 'ABCDEFGH' });
    expect(parseCounterCode('23456789')).toEqual({ kind: 'pickup', code: '23456789' });

    // A blocked card of a household with an open order here finds nothing either, and says why (no name).
    const em = server.orm.em.fork();
    await em.nativeUpdate(Card, { number: h.cardNumber }, { status: 'BLOCKED', blockedAt: new Date() });
    const blocked: any = await p1.client.gql(LOOKUP, { c: h.cardNumber });
    expect(blocked.data.counterLookup).toMatchObject({
      customerFirstName: null,
      orders: [],
      errors: [{ code: 'CARD_BLOCKED' }],
    });

    // Customers and staff cannot use the counter.
    const asStaff: any = await staff.get('KLANTCONTACT')!.gql(LOOKUP, { c: h.cardNumber });
    expect(asStaff.errors[0].extensions.code).toBe('FORBIDDEN');
  });

  it('tells a provider without an open order of the household nothing: one answer for every card state, no name', async () => {
    const p1 = provider(1);
    const p2 = provider(2);
    const LOOKUP = `query($c: String!) { counterLookup(code: $c) { matchedBy customerFirstName errors { field code message } orders { id } } }`;
    // Households with a card in each state; each has an open order, but with provider 1 only.
    const states = ['ACTIVE', 'BLOCKED', 'REPLACED'] as const;
    const cards: Record<string, string> = {};
    const cancelledCodes: string[] = [];
    for (const status of states) {
      const h = await household({ products: [p1.product, p2.product] });
      await h.order(p1.product);
      // Provider 2 had an order of this household once, now cancelled: not open, so still nothing to find.
      const gone = (await h.order(p2.product)).order;
      const rejected: any = await p2.client.gql(ACTION('rejectOrder', true), {
        id: gone.id,
        reason: 'Niet op voorraad',
      });
      expect(rejected.data.rejectOrder.errors).toEqual([]);
      cancelledCodes.push(gone.pickupCode);
      if (status !== 'ACTIVE')
        await server.orm.em.fork().nativeUpdate(Card, { number: h.cardNumber }, { status, blockedAt: new Date() });
      cards[status] = h.cardNumber;
    }
    let unknown: string;
    do unknown = makeCardNumber(`8${String(randomInt(0, 99_999_999)).padStart(8, '0')}`);
    while (await server.orm.em.fork().findOne(Card, { number: unknown }));

    const answers: Record<string, unknown> = {};
    for (const [what, code] of [
      ...Object.entries(cards),
      ['UNKNOWN', unknown],
      ['CANCELLED_PICKUP_CODE', cancelledCodes[0]!],
    ]) {
      answers[what] = ((await p2.client.gql(LOOKUP, { c: code })) as any).data.counterLookup;
    }
    const nothing = {
      matchedBy: null,
      customerFirstName: null,
      orders: [],
      errors: [{ field: 'code', code: 'NOT_FOUND', message: NOTHING_FOUND }],
    };
    expect(answers).toEqual({
      ACTIVE: nothing,
      BLOCKED: nothing,
      REPLACED: nothing,
      UNKNOWN: nothing,
      CANCELLED_PICKUP_CODE: nothing,
    });

    // Provider 1 has an open order of the household with the active card: found, with the name.
    const mine: any = await p1.client.gql(LOOKUP, { c: cards.ACTIVE });
    expect(mine.data.counterLookup).toMatchObject({
      matchedBy: 'CARD',
      errors: [],
      customerFirstName: expect.stringMatching(/^Fleur/),
    });
    expect(mine.data.counterLookup.orders).toHaveLength(1);
  });

  it('rate-limits counter look-ups per provider user', async () => {
    const counter = new CounterService(
      server.services.limits,
      {
        perUser: { name: 'counter-user-test', points: 3, windowSeconds: 60 },
        perAddress: { name: 'counter-address-test', points: 100, windowSeconds: 60 },
        misses: { name: 'counter-misses-test', points: 100, windowSeconds: 3600 },
      },
      server.services.orderViews,
      server.services.orderActions,
      server.services.cardPasses,
    );
    const ctx = contextFor(server.orm, server.services, {
      kind: Audience.PROVIDER,
      sessionId: 'x',
      providerUserId: randomUUID(),
      providerId: provider(1).id,
    });
    for (let i = 0; i < 3; i++)
      expect(CounterLookupPayload.from(await counter.lookup(ctx, '1234567890', 'unknown')).errors[0]!.code).not.toBe(
        'RATE_LIMITED',
      );
    const limited = CounterLookupPayload.from(await counter.lookup(ctx, '1234567890', 'unknown'));
    expect(limited.errors[0]).toMatchObject({
      code: 'RATE_LIMITED',
      message: expect.stringMatching(/^U heeft te vaak achter elkaar gezocht\. Probeer het over 1 minuut opnieuw\.$/),
    });
  });

  it('reads a page of 50 orders in as many SQL statements as a page of 5 (no N+1)', { timeout: 120_000 }, async () => {
    const p5 = provider(5);
    const h = await household({ products: [p5.product] });
    // Ten at a time: the checkouts queue on the budget's row lock anyway.
    for (let i = 0; i < 5; i++) await Promise.all(Array.from({ length: 10 }, () => h.order(p5.product)));
    const LIST = `query($first: Int) { providerOrders(first: $first) { totalCount edges { node { ${ORDER_FIELDS} } } } }`;
    const ADMIN = `query($first: Int, $p: ID) { adminOrders(first: $first, filter: { providerId: $p }) { totalCount edges { node { ${ORDER_FIELDS} } } } }`;
    const count = async (client: TestClient, query: string, variables: Record<string, unknown>, size: number) => {
      server.queries.length = 0;
      const r: any = await client.gql(query, variables);
      expect(r.errors).toBeUndefined();
      expect(Object.values(r.data)[0]).toMatchObject({ edges: expect.any(Array) });
      expect((Object.values(r.data)[0] as any).edges).toHaveLength(size);
      return server.queries.length;
    };
    const five = await count(p5.client, LIST, { first: 5 }, 5);
    const fifty = await count(p5.client, LIST, { first: 50 }, 50);
    expect(fifty).toBe(five);
    expect(five).toBeLessThanOrEqual(12);
    const klant = staff.get('KLANTCONTACT')!;
    const adminFive = await count(klant, ADMIN, { first: 5, p: p5.id }, 5);
    const adminFifty = await count(klant, ADMIN, { first: 50, p: p5.id }, 50);
    expect(adminFifty).toBe(adminFive);
  });
});
