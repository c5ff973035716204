import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { startTestServer, type TestClient, type TestServer } from '../../test/server.js';
import { contextFor, staffViewer } from '../../test/context.js';
import { Audience, Permission } from '../../kernel/permissions.js';
import type { Viewer } from '../../kernel/viewer.js';
import { ManualClock } from '../../kernel/clock.js';
import { DEMO_PASSWORD, demoProviderEmail } from '../../seeders/demo-accounts.js';
import { Municipality } from '../municipalities/municipality.entity.js';
import { ClientGroup } from '../customers/client-group.entity.js';
import { Person } from '../customers/person.entity.js';
import { Arrangement } from '../arrangements/arrangement.entity.js';
import { Category } from '../catalogue/category.entity.js';
import type { Product } from '../catalogue/product.entity.js';
import { offeredIn } from '../../test/households.js';
import { ProviderUser } from '../providers/provider-user.entity.js';
import { MailMessage } from '../communication/mail-message.entity.js';
import { DELIVERY_UNDO_MINUTES } from '../../rules/order.js';
import { checkoutOutcome } from '../../test/checkout-outcome.js';
import { Order, OrderEvent } from './order.entities.js';
import { DELIVERY_UNDONE_REASON } from './order-actions.service.js';

/**
 * A hand-over at the counter undone: within DELIVERY_UNDO_MINUTES on the application's clock (moved by
 * hand, no waiting), only when nothing happened after the delivery, back to the status before, with a timeline step
 * and an audit row, consistent when requests race.
 */

const ORDER = `id status events { fromStatus toStatus actorKind reason }`;
/** Handed over at the counter with the order's pickup code (the only way a pick-up order is delivered). */
const DELIVER = `mutation($c: String!, $o: ID!) { deliverAtCounter(code: $c, orderId: $o) { undoUntil errors { code message } order { ${ORDER} } } }`;
const UNDO = `mutation($id: ID!) { undoDelivery(id: $id) { undoUntil errors { code message } order { ${ORDER} } } }`;
const ACCEPT = `mutation($id: ID!) { acceptOrder(id: $id) { errors { code } order { id status } } }`;

describe('undoing a delivery', () => {
  const clock = new ManualClock(new Date('2030-03-12T09:00:00Z'));
  let server: TestServer;
  let zuiderveen: Municipality;
  let product: Product;
  let p1: TestClient;
  let p2: TestClient;
  let n = 0;
  /** The pickup code of each order placed here, to hand it over with. */
  const codes = new Map<string, string>();
  const deliver = (id: string) => p1.gql(DELIVER, { c: codes.get(id), o: id });

  beforeAll(async () => {
    server = await startTestServer({ seed: true, clock });
    const em = server.orm.em.fork();
    zuiderveen = await em.findOneOrFail(Municipality, { slug: 'zuiderveen' });
    const user = await em.findOneOrFail(ProviderUser, { email: demoProviderEmail(1) });
    [product] = (await offeredIn(server, zuiderveen.id))
      .filter((x) => x.provider.id === user.provider.id)
      .sort((x, y) => x.priceCents - y.priceCents);
    p1 = server.client();
    await p1.loginProvider(demoProviderEmail(1), DEMO_PASSWORD);
    p2 = server.client();
    await p2.loginProvider(demoProviderEmail(2), DEMO_PASSWORD);
  });
  afterAll(async () => {
    await server?.close();
  });

  /** A fresh household in Zuiderveen with budget for the product, and one placed order of it. */
  async function placedOrder(
    options: { forMember?: boolean } = {},
  ): Promise<{ id: string; email: string; pickupCode: string; firstName: string }> {
    const em = server.orm.em.fork();
    n++;
    const group = em.create(ClientGroup, {
      municipality: zuiderveen.id,
      clientNumber: `UD-${n}-${randomUUID().slice(0, 6)}`,
      name: `Huishouden ${n}`,
    });
    const email = `undo-${n}-${randomUUID().slice(0, 8)}@voorbeeld.nl`;
    const person = Object.assign(new Person(), {
      clientGroup: group,
      municipality: zuiderveen,
      externalIdentifier: `UD-${randomUUID()}`,
      firstName: `Sanne${n}`,
      lastName: 'Testpersoon',
      email,
    });
    em.persist(person);
    const arrangement = em.create(Arrangement, {
      municipality: zuiderveen.id,
      name: `Regeling undo ${n}`,
      slug: `regeling-undo-${n}-${randomUUID().slice(0, 6)}`,
      validFrom: '2020-01-01',
      validUntil: '2099-12-31',
      defaultAmountCents: 1_000_000,
      ownContributionAllowed: false,
      maxPerOrderCents: null,
    });
    arrangement.categories.add(em.getReference(Category, product.category.id));
    await em.flush();
    const staff = contextFor(server.orm, server.services, staffViewer({ permissions: [Permission.ORDER_READ] }));
    const granted = await server.services.assignments.grant(staff, {
      clientGroupId: group.id,
      arrangementId: arrangement.id,
      beneficiaryId: options.forMember ? person.id : null,
      amountCents: 1_000_000,
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
    const r = await checkoutOutcome(server, contextFor(server.orm, server.services, viewer), {
      idempotencyKey: randomUUID(),
      lines: [{ productId: product.id, quantity: 1 }],
    });
    expect(r.errors).toEqual([]);
    codes.set(r.orders[0]!.id, r.orders[0]!.pickupCode!);
    return { id: r.orders[0]!.id, email, pickupCode: r.orders[0]!.pickupCode, firstName: person.firstName };
  }

  const reload = (id: string) => server.orm.em.fork().findOneOrFail(Order, id);
  const events = (orderId: string) => server.orm.em.fork().find(OrderEvent, { orderId }, { orderBy: { id: 'asc' } });
  const audits = (orderId: string) =>
    server.orm.em
      .fork()
      .execute<{ action: string; actor_kind: string; details: Record<string, unknown> }[]>(
        `select action, actor_kind, details from audit_log where subject_id = ? order by id`,
        [orderId],
      );

  it('puts an accepted order back to accepted within the window, with a timeline step, an audit row and no e-mail', async () => {
    const { id, email } = await placedOrder();
    expect(((await p1.gql(ACCEPT, { id })) as any).data.acceptOrder.errors).toEqual([]);
    const delivered: any = await deliver(id);
    expect(delivered.data.deliverAtCounter.errors).toEqual([]);
    const until = new Date(delivered.data.deliverAtCounter.undoUntil).getTime();
    expect(Math.abs(until - (clock.now().getTime() + DELIVERY_UNDO_MINUTES * 60_000))).toBeLessThan(5_000);

    clock.advance(DELIVERY_UNDO_MINUTES * 60_000 - 10_000);
    const undone: any = await p1.gql(UNDO, { id });
    expect(undone.data.undoDelivery.errors).toEqual([]);
    expect(undone.data.undoDelivery.order.status).toBe('ACCEPTED');
    expect(undone.data.undoDelivery.order.events.at(-1)).toEqual({
      fromStatus: 'DELIVERED',
      toStatus: 'ACCEPTED',
      actorKind: 'PROVIDER',
      reason: DELIVERY_UNDONE_REASON,
    });
    expect((await reload(id)).status).toBe('ACCEPTED');
    expect((await audits(id)).filter((a) => a.action === 'order.delivery_undone')).toEqual([
      expect.objectContaining({ actor_kind: 'PROVIDER', details: expect.objectContaining({ status: 'ACCEPTED' }) }),
    ]);
    const mails = await server.orm.em.fork().find(MailMessage, { to: email }, { orderBy: { createdAt: 'asc' } });
    expect(mails.map((m) => m.templateKey)).toEqual(['ORDER_PLACED', 'ORDER_ACCEPTED', 'ORDER_DELIVERED']);

    // Undone once: a second undo finds nothing to undo; the order can be delivered again, and that undone again.
    const twice: any = await p1.gql(UNDO, { id });
    expect(twice.data.undoDelivery.errors[0].code).toBe('INVALID_STATUS');
    expect(((await deliver(id)) as any).data.deliverAtCounter.order.status).toBe('DELIVERED');
    expect(((await p1.gql(UNDO, { id })) as any).data.undoDelivery.order.status).toBe('ACCEPTED');
  });

  it('puts a placed order delivered at once back to placed', async () => {
    const { id } = await placedOrder();
    await deliver(id);
    const undone: any = await p1.gql(UNDO, { id });
    expect(undone.data.undoDelivery.order.status).toBe('PLACED');
    expect((await events(id)).map((e) => [e.fromStatus, e.toStatus])).toEqual([
      [null, 'PLACED'],
      ['PLACED', 'DELIVERED'],
      ['DELIVERED', 'PLACED'],
    ]);
  });

  it('refuses after the window on the clock, and changes nothing', async () => {
    const { id } = await placedOrder();
    await deliver(id);
    clock.advance(DELIVERY_UNDO_MINUTES * 60_000 + 1_000);
    const late: any = await p1.gql(UNDO, { id });
    expect(late.data.undoDelivery.order).toBeNull();
    expect(late.data.undoDelivery.errors[0]).toMatchObject({ code: 'UNDO_EXPIRED' });
    expect(late.data.undoDelivery.errors[0].message).toContain(`${DELIVERY_UNDO_MINUTES} minuten`);
    expect((await reload(id)).status).toBe('DELIVERED');
    expect(await events(id)).toHaveLength(2);
    expect((await audits(id)).some((a) => a.action === 'order.delivery_undone')).toBe(false);
  });

  it('refuses when something happened to the order after the delivery', async () => {
    const { id } = await placedOrder();
    await deliver(id);
    const em = server.orm.em.fork();
    em.create(OrderEvent, {
      orderId: id,
      fromStatus: 'DELIVERED',
      toStatus: 'DELIVERED',
      actorKind: 'SYSTEM',
      handoverMethod: 'COUNTER_CARD',
    });
    await em.flush();
    const r: any = await p1.gql(UNDO, { id });
    expect(r.data.undoDelivery.errors[0].code).toBe('UNDO_EXPIRED');
    expect((await reload(id)).status).toBe('DELIVERED');
  });

  it('is only for the provider of the order', async () => {
    const { id } = await placedOrder();
    await deliver(id);
    const other: any = await p2.gql(UNDO, { id });
    expect(other.data.undoDelivery.errors[0].code).toBe('NOT_FOUND');
    expect((await reload(id)).status).toBe('DELIVERED');
  });

  it('tells the counter who ordered and, where a member’s own budget paid, for whom', async () => {
    const lookup = `query($c: String!) { counterLookup(code: $c) { errors { code } orders { id customerFirstName beneficiaryFirstNames } } }`;
    const member = await placedOrder({ forMember: true });
    const household = await placedOrder();
    const a: any = await p1.gql(lookup, { c: member.pickupCode });
    expect(a.data.counterLookup.orders[0]).toEqual({
      id: member.id,
      customerFirstName: member.firstName,
      beneficiaryFirstNames: [member.firstName],
    });
    const b: any = await p1.gql(lookup, { c: household.pickupCode });
    expect(b.data.counterLookup.orders[0]).toEqual({
      id: household.id,
      customerFirstName: household.firstName,
      beneficiaryFirstNames: [],
    });
  });

  it('tells the counter for which other household member a line was ordered', async () => {
    const order = await placedOrder();
    const em = server.orm.em.fork();
    const [row] = await em.execute<{ client_group_id: string; municipality_id: string }[]>(
      `select p.client_group_id, p.municipality_id from customer_order o join person p on p.id = o.person_id where o.id = ?`,
      [order.id],
    );
    const child = Object.assign(new Person(), {
      clientGroup: em.getReference(ClientGroup, row!.client_group_id),
      municipality: zuiderveen,
      externalIdentifier: `UD-${randomUUID()}`,
      firstName: `Kind${n}`,
      lastName: 'Testpersoon',
    });
    em.persist(child);
    await em.flush();
    await em.execute(`update order_line set beneficiary_id = ? where order_id = ?`, [child.id, order.id]);
    const lookup = `query($c: String!) { counterLookup(code: $c) { orders { beneficiaryFirstNames lines { beneficiaryName } } } }`;
    const r: any = await p1.gql(lookup, { c: order.pickupCode });
    expect(r.data.counterLookup.orders[0]).toEqual({
      beneficiaryFirstNames: [child.firstName],
      lines: [{ beneficiaryName: child.firstName }],
    });
  });

  it('ends consistent when the same order is marked twice at once, or marked and undone at once', async () => {
    // Double mark: one delivery, one refusal, one timeline step.
    const a = await placedOrder();
    const both: any[] = await Promise.all([deliver(a.id), deliver(a.id)]);
    expect(both.map((r) => r.data.deliverAtCounter.errors.length).sort()).toEqual([0, 1]);
    expect((await events(a.id)).filter((e) => e.toStatus === 'DELIVERED')).toHaveLength(1);

    // Two undos at once: one wins, the other finds nothing to undo.
    const undos: any[] = await Promise.all([p1.gql(UNDO, { id: a.id }), p1.gql(UNDO, { id: a.id })]);
    expect(undos.map((r) => r.data.undoDelivery.errors.length).sort()).toEqual([0, 1]);
    expect((await reload(a.id)).status).toBe('PLACED');
    expect(await events(a.id)).toHaveLength(3);

    // Mark and undo at once, several times: whatever the order, the status is the timeline's last step and every
    // undo follows a delivery.
    for (let i = 0; i < 4; i++) {
      const b = await placedOrder();
      const [delivered, undone]: any[] = await Promise.all([deliver(b.id), p1.gql(UNDO, { id: b.id })]);
      expect(delivered.data.deliverAtCounter.errors).toEqual([]);
      const steps = await events(b.id);
      const status = (await reload(b.id)).status;
      expect(status).toBe(steps.at(-1)!.toStatus);
      if (undone.data.undoDelivery.errors.length) {
        expect(status).toBe('DELIVERED');
        expect(steps).toHaveLength(2);
      } else {
        expect(status).toBe('PLACED');
        expect(steps.map((e) => e.toStatus)).toEqual(['PLACED', 'DELIVERED', 'PLACED']);
      }
    }
  });
});
