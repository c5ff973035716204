import type { EntityManager } from '@mikro-orm/postgresql';
import { randomUUID } from 'node:crypto';
import { Audience } from '../kernel/permissions.js';
import type { Viewer } from '../kernel/viewer.js';
import { ManualClock, applicationClock, setApplicationClock, type Clock } from '../kernel/clock.js';
import type { RequestContext } from '../kernel/request-context.js';
import { PaymentSimulator } from '../integrations/payments/payment-simulator.js';
import type { Services } from '../platform/composition.js';
import { demoProviderEmail } from './demo-accounts.js';
import { demoAuditSteps } from './demo-audit.js';
import { demoPayoutSteps } from './demo-payouts.js';
import { demoBeheerder, demoContext } from './demo-context.js';

/**
 * The demo in use: orders in every status for several households and providers, placed over the past weeks, with
 * their timelines, bookings, payments and inbox messages. Everything goes through the application's own services
 * (checkout, the order actions, the payments flow with the simulator, the messages module), each step on the
 * application clock set back to the moment it happened, so the demo shows exactly what the product produces.
 *
 * Every moment is relative to the clock's "now", inside this year's arrangements: the story spans the last
 * STORY_DAYS days, squeezed into less when the year has not lasted that long yet (early January).
 */

/** The story's time span in days: "days ago" values run from STORY_DAYS (the grants) to 0 (now). */
export const STORY_DAYS = 30;

type Step =
  | { daysAgo: number; by: 'provider'; action: 'accept' }
  /** Handed over at the provider's counter (kassa-app) with the resident's card or the order's pickup code. */
  | { daysAgo: number; by: 'provider'; action: 'deliver'; with: 'card' | 'code' }
  | { daysAgo: number; by: 'provider'; action: 'reject'; reason: string }
  | { daysAgo: number; by: 'customer'; action: 'cancelMine' }
  | { daysAgo: number; by: 'staff'; action: 'cancelByStaff'; reason: string };

export interface DemoStoryOrder {
  /** The household's client number; its first (adult) member orders. */
  household: string;
  /** The exact product title (one without a year in it). */
  product: string;
  /**
   * For whom, one line of the product each: household members by first name (the names do not depend on the day).
   * Not given: one line for the adult who orders. A budget of one member (a child's Kindpakket) pays only for a line
   * for that member.
   */
  for?: string[];
  /** The provider (1-based, as in demo-data.ts): the product must be its. */
  provider: number;
  placedDaysAgo: number;
  /** The own contribution: paid through the payment simulator right after ordering, or left open. */
  contribution?: 'paid' | 'open';
  /** Placed by the municipality on the resident's behalf (Beheerder, ORDER_ON_BEHALF), with this reason. */
  onBehalf?: string;
  steps: Step[];
}

/**
 * Who orders what. Households used by the browser tests (ZV-100004 … ZV-100008, ZV-100010 … ZV-100014) and
 * Bas Hendriks (ZV-100003) and Jolanda Mulder (NH-200003) have no orders: they start fresh. Zuiderveen orders for the
 * adult stay within the Meedoenregeling (at most € 100, sport, culture, outings, bicycles); Esther van den Heuvel
 * orders school and clothing for her children Nina and Sven, paid from each child's own Kindpakket (€ 150).
 */
export const DEMO_STORY: DemoStoryOrder[] = [
  // Mandy de Boer: delivered, accepted (at the counter of the bicycle shop), cancelled herself, still waiting.
  {
    household: 'ZV-100001',
    product: 'Judo voor kinderen (half jaar)',
    provider: 1,
    placedDaysAgo: 18,
    steps: [
      { daysAgo: 17.6, by: 'provider', action: 'accept' },
      { daysAgo: 11, by: 'provider', action: 'deliver', with: 'card' },
    ],
  },
  {
    household: 'ZV-100001',
    product: 'Huurfiets voor een dagje uit',
    provider: 5,
    placedDaysAgo: 12,
    steps: [{ daysAgo: 11.9, by: 'customer', action: 'cancelMine' }],
  },
  {
    household: 'ZV-100001',
    product: 'Zangles en kinderkoor',
    provider: 2,
    placedDaysAgo: 5.2,
    steps: [],
  },
  {
    household: 'ZV-100001',
    product: 'Fietshelm voor kinderen',
    provider: 5,
    placedDaysAgo: 4,
    steps: [{ daysAgo: 3.8, by: 'provider', action: 'accept' }],
  },
  // Esther van den Heuvel: rejected by the sports club (with its reason), one waiting at the bicycle shop.
  {
    household: 'ZV-100002',
    product: 'Zomersportkamp (vijf dagen)',
    provider: 1,
    placedDaysAgo: 9,
    steps: [
      {
        daysAgo: 8.7,
        by: 'provider',
        action: 'reject',
        reason: 'Het zomersportkamp is vol. Wij hebben uw kind op de wachtlijst gezet en nemen contact met u op.',
      },
    ],
  },
  {
    household: 'ZV-100002',
    product: 'Onderhoudsbeurt voor uw fiets',
    provider: 5,
    placedDaysAgo: 7,
    steps: [],
  },
  // … and for her children at the clothing shop, from their Kindpakketten: a school bag for Nina (handed over), winter
  // coats for Nina and Sven in one order (accepted, ready at the counter, which says for whom each line is).
  {
    household: 'ZV-100002',
    product: 'Schooltas en etui',
    for: ['Nina'],
    provider: 4,
    placedDaysAgo: 10,
    steps: [
      { daysAgo: 9.6, by: 'provider', action: 'accept' },
      { daysAgo: 3, by: 'provider', action: 'deliver', with: 'code' },
    ],
  },
  {
    household: 'ZV-100002',
    product: 'Winterjas voor kinderen (maat 98-176)',
    for: ['Nina', 'Sven'],
    provider: 4,
    placedDaysAgo: 2.5,
    steps: [{ daysAgo: 2, by: 'provider', action: 'accept' }],
  },
  // Priya van der Linden: a rental bike early in the story (paid out to the provider since).
  {
    household: 'ZV-100009',
    product: 'Huurfiets voor een dagje uit',
    provider: 5,
    placedDaysAgo: 27,
    steps: [{ daysAgo: 26, by: 'provider', action: 'deliver', with: 'card' }],
  },
  // Priya van der Linden: handed over at the counter, and one cancelled by the municipality.
  {
    household: 'ZV-100009',
    product: 'Onderhoudsbeurt voor uw fiets',
    provider: 5,
    placedDaysAgo: 15,
    steps: [{ daysAgo: 14.8, by: 'provider', action: 'deliver', with: 'code' }],
  },
  {
    household: 'ZV-100009',
    product: 'Fietsverlichting en ringslot',
    provider: 5,
    placedDaysAgo: 6,
    steps: [
      {
        daysAgo: 5.1,
        by: 'staff',
        action: 'cancelByStaff',
        reason: 'Dubbel besteld: mevrouw had de fietsverlichting al bij haar onderhoudsbeurt gekregen.',
      },
    ],
  },
  // Marieke Dekker: delivered, and one waiting at the swimming pool.
  {
    household: 'NH-200001',
    product: 'Judo voor kinderen (half jaar)',
    provider: 1,
    placedDaysAgo: 14,
    steps: [
      { daysAgo: 13.5, by: 'provider', action: 'accept' },
      { daysAgo: 6, by: 'provider', action: 'deliver', with: 'card' },
    ],
  },
  {
    household: 'NH-200001',
    product: 'Tienbadenkaart banenzwemmen',
    provider: 3,
    placedDaysAgo: 5,
    steps: [],
  },
  // … and one the municipality placed for her (she has no DigiD yet), which she sees in her order history.
  {
    household: 'NH-200001',
    product: 'Tienbadenkaart banenzwemmen',
    provider: 3,
    placedDaysAgo: 1,
    onBehalf: 'Mevrouw heeft nog geen DigiD en vroeg ons telefonisch een tweede zwemkaart te bestellen.',
    steps: [],
  },
  // Jeroen Vos: an own contribution paid, the order accepted (ready at the pool's counter).
  {
    household: 'NH-200004',
    product: 'Zwemles zwemdiploma A (pakket van 30 lessen)',
    provider: 3,
    placedDaysAgo: 8,
    contribution: 'paid',
    steps: [{ daysAgo: 7.2, by: 'provider', action: 'accept' }],
  },
  // Jeroen Vos: two swimming cards early in the story (one paid out to the pool since, one in today's draft payout).
  {
    household: 'NH-200004',
    product: 'Tienbadenkaart banenzwemmen',
    provider: 3,
    placedDaysAgo: 28,
    steps: [{ daysAgo: 27.5, by: 'provider', action: 'deliver', with: 'code' }],
  },
  {
    household: 'NH-200004',
    product: 'Tienbadenkaart banenzwemmen',
    provider: 3,
    placedDaysAgo: 20,
    steps: [{ daysAgo: 19.5, by: 'provider', action: 'deliver', with: 'card' }],
  },
  // Jolanda Vermeulen: an own contribution paid, then the course was cancelled: budget back, contribution refunded.
  {
    household: 'NH-200002',
    product: 'Gitaarles voor beginners (20 lessen)',
    provider: 2,
    placedDaysAgo: 6,
    contribution: 'paid',
    steps: [
      {
        daysAgo: 4,
        by: 'provider',
        action: 'reject',
        reason: 'De cursus gaat niet door: er zijn te weinig aanmeldingen. U krijgt alles terug.',
      },
    ],
  },
  // Sander Meijer: just ordered, the own contribution not paid yet (the payment expires after the payment expiry).
  {
    household: 'NH-200005',
    product: 'Pianoles (half jaar, wekelijks 30 minuten)',
    provider: 2,
    placedDaysAgo: 0.002,
    contribution: 'open',
    steps: [],
  },
];

/** The households that get a welcome message: those in the story. */
export const DEMO_STORY_HOUSEHOLDS = [...new Set(DEMO_STORY.map((o) => o.household))];

/**
 * The moment a "days ago" value stands for: within the last STORY_DAYS days, or squeezed into the time since the
 * start of the arrangements' year (Dutch time) when that is shorter.
 */
export function storyClock(now: Date, yearStart: Date): (daysAgo: number) => Date {
  const DAY = 24 * 3600_000;
  const window = Math.max(60_000, Math.min(STORY_DAYS * DAY, now.getTime() - yearStart.getTime() - 60_000));
  return (daysAgo) => new Date(now.getTime() - Math.round((daysAgo / STORY_DAYS) * window));
}

/** Runs `work` with the application clock standing at `moment` (entity timestamps, ledger, messages, audit). */
export async function at<T>(moment: Date, work: (clock: Clock) => Promise<T>): Promise<T> {
  const previous = applicationClock();
  const clock = new ManualClock(moment);
  setApplicationClock(clock);
  try {
    return await work(clock);
  } finally {
    setApplicationClock(previous);
  }
}

type Event = { moment: Date; seq: number; run: (clock: Clock) => Promise<void> };

function fail(what: string, result: { ok: boolean; errors?: unknown }): never {
  throw new Error(`demo activity: ${what} failed: ${JSON.stringify(result)}`);
}

/**
 * Seeds the story through the services (deliveries at the counter, with the resident's card or pickup code). Called after the demo data committed (the services run their own
 * transactions); `em` is a fresh EntityManager, each step gets its own fork.
 */
export async function seedDemoActivity(
  em: EntityManager,
  services: Pick<Services, 'checkout' | 'orderActions' | 'counter' | 'payments' | 'messages' | 'payouts' | 'settings'> &
    Partial<Pick<Services, 'onBehalfOrders' | 'audit' | 'cards' | 'persons'>>,
  options: { now: Date; yearStart: Date },
): Promise<{ orders: number }> {
  const when = storyClock(options.now, options.yearStart);
  const simulator = services.payments.gateway instanceof PaymentSimulator ? services.payments.gateway : null;
  // With a real PSP (Mollie) the demo does not pay: the orders with an own contribution are left out.
  const story = DEMO_STORY.filter((o) => !o.contribution || simulator);

  const households = new Map<string, { clientGroupId: string; personId: string; municipalityId: string }>();
  for (const row of await em.execute<
    { client_number: string; client_group_id: string; person_id: string; municipality_id: string }[]
  >(
    `select distinct on (cg.client_number) cg.client_number, cg.id as client_group_id, p.id as person_id,
            cg.municipality_id
       from client_group cg join person p on p.client_group_id = cg.id
      where cg.client_number = any(?::text[])
      order by cg.client_number, p.external_identifier`,
    [`{${DEMO_STORY_HOUSEHOLDS.join(',')}}`],
  )) {
    households.set(row.client_number, {
      clientGroupId: row.client_group_id,
      personId: row.person_id,
      municipalityId: row.municipality_id,
    });
  }
  const providerUsers = new Map<number, { providerUserId: string; providerId: string }>();
  for (const n of new Set(story.map((o) => o.provider))) {
    const [u] = await em.execute<{ id: string; provider_id: string }[]>(
      `select id, provider_id from provider_user where email = ?`,
      [demoProviderEmail(n)],
    );
    providerUsers.set(n, { providerUserId: u!.id, providerId: u!.provider_id });
  }
  const staff = (await demoBeheerder(em))!;
  const ctxFor = (viewer: Viewer, clock: Clock): RequestContext => demoContext(em, viewer, clock);
  const memberOf = async (household: string, firstName: string): Promise<string> => {
    const [person] = await em.execute<{ id: string }[]>(
      `select p.id from person p join client_group cg on cg.id = p.client_group_id
        where cg.client_number = ? and p.first_name = ?`,
      [household, firstName],
    );
    if (!person) throw new Error(`demo activity: no ${firstName} in household ${household}`);
    return person.id;
  };
  const customer = (household: string): Viewer => {
    const h = households.get(household);
    if (!h) throw new Error(`demo activity: no household ${household}`);
    return { kind: Audience.CUSTOMER, sessionId: 'demo-seed', ...h };
  };
  const provider = (n: number): Viewer => ({
    kind: Audience.PROVIDER,
    sessionId: 'demo-seed',
    ...providerUsers.get(n)!,
  });

  const events: Event[] = [];
  let seq = 0;
  const schedule = (daysAgo: number, run: Event['run']) => events.push({ moment: when(daysAgo), seq: seq++, run });

  // A welcome in each story household's inbox, a day after the budgets were granted.
  for (const household of DEMO_STORY_HOUSEHOLDS) {
    schedule(STORY_DAYS - 1, async () => {
      const h = households.get(household)!;
      const [{ names }] = await em.execute<{ names: string }[]>(
        `select string_agg(distinct ar.name, ' en ' order by ar.name) as names
           from assignment a join arrangement ar on ar.id = a.arrangement_id where a.client_group_id = ?`,
        [h.clientGroupId],
      );
      await services.messages.sendPersonal(em.fork(), {
        municipalityId: h.municipalityId,
        clientGroupId: h.clientGroupId,
        title: 'Welkom bij de Gemeentewinkel',
        body: [
          `Uw tegoed staat voor u klaar: ${names}.`,
          'In het aanbod ziet u bij elk product of u het met uw tegoed kunt betalen. Kost een product meer dan uw tegoed, dan ziet u vóór het bestellen wat u zelf betaalt (als uw regeling dat toestaat).',
          'Bij Regelingen in uw account ziet u hoeveel tegoed u nog heeft. Heeft u vragen? Neem dan contact op met de gemeente.',
        ].join('\n\n'),
      });
    });
  }

  const placed = new Map<DemoStoryOrder, string>();
  for (const order of story) {
    schedule(order.placedDaysAgo, async (clock) => {
      const [product] = await em.execute<{ id: string }[]>(
        `select p.id from product p join provider_user u on u.provider_id = p.provider_id
          where p.title = ? and u.email = ?`,
        [order.product, demoProviderEmail(order.provider)],
      );
      if (!product) throw new Error(`demo activity: no product ‘${order.product}’`);
      const ctx = ctxFor(customer(order.household), clock);
      const beneficiaries = order.for
        ? await Promise.all(order.for.map((firstName) => memberOf(order.household, firstName)))
        : [null];
      if (order.onBehalf) {
        if (!services.onBehalfOrders) return;
        const resident = customer(order.household) as { personId: string };
        const onBehalf = await services.onBehalfOrders.place(ctxFor(staff, clock), {
          personId: resident.personId,
          idempotencyKey: `demo-${randomUUID()}`,
          reason: order.onBehalf,
          lines: beneficiaries.map((beneficiaryId) => ({ productId: product.id, quantity: 1, beneficiaryId })),
        });
        if (!onBehalf.ok) fail(`ordering ‘${order.product}’ for ${order.household} on their behalf`, onBehalf);
        placed.set(order, onBehalf.value[0]!.id);
        return;
      }
      // The resident read their inbox before ordering.
      await services.messages.markAllRead(ctx);
      const result = await services.checkout.checkout(ctx, {
        idempotencyKey: `demo-${randomUUID()}`,
        lines: beneficiaries.map((beneficiaryId) => ({ productId: product.id, quantity: 1, beneficiaryId })),
      });
      if (!result.ok) fail(`ordering ‘${order.product}’ for ${order.household}`, result);
      const [made] = result.value.orders;
      placed.set(order, made!.id);
      const payment = result.value.payment;
      if (!!payment !== !!order.contribution) fail(`the own contribution of ‘${order.product}’`, result);
      if (payment && simulator) {
        const started = await services.checkout.startPayment(ctx, payment);
        if (order.contribution === 'paid') {
          // The resident pays on the simulator's page; its webhook names the payment and we ask the PSP.
          await simulator.settle(started.externalId!, 'PAID');
          const settled = await services.payments.notify(em.fork(), started.externalId!, 'webhook');
          if (settled.status !== 'PAID' || !settled.changed) fail(`paying ‘${order.product}’`, settled as never);
        }
      }
    });
    for (const step of order.steps) {
      schedule(step.daysAgo, async (clock) => {
        const id = placed.get(order)!;
        let result;
        switch (step.action) {
          case 'accept':
            result = await services.orderActions.accept(ctxFor(provider(order.provider), clock), id);
            break;
          case 'deliver': {
            // At the counter, as a provider does it: the resident shows the card or the order's pickup code.
            const [proof] = await em.execute<{ card: string | null; pickup_code: string }[]>(
              `select o.pickup_code,
                      (select c.number from card c join person p on p.id = c.person_id
                        where p.client_group_id = o.client_group_id and c.status = 'ACTIVE'
                        order by (p.id = o.person_id) desc, c.number limit 1) as card
                 from customer_order o where o.id = ?`,
              [id],
            );
            const code = step.with === 'card' ? proof!.card : proof!.pickup_code;
            if (!code) throw new Error(`demo activity: no card for ${order.household}`);
            result = await services.counter.deliver(ctxFor(provider(order.provider), clock), code, id, 'demo-seed');
            break;
          }
          case 'reject':
            result = await services.orderActions.reject(ctxFor(provider(order.provider), clock), id, step.reason);
            break;
          case 'cancelMine': {
            const ctx = ctxFor(customer(order.household), clock);
            await services.messages.markAllRead(ctx);
            result = await services.orderActions.cancelMine(ctx, id, null);
            break;
          }
          case 'cancelByStaff':
            result = await services.orderActions.cancelByStaff(ctxFor(staff, clock), id, step.reason);
            break;
        }
        if (!result.ok) fail(`${step.action} ‘${order.product}’ of ${order.household}`, result);
      });
    }
  }

  // Payouts to providers: paid batches and today's draft (demo-payouts.ts).
  for (const step of demoPayoutSteps(em, services, ctxFor, staff)) schedule(step.daysAgo, step.run);

  // Staff reading and changing a resident's data: the audit log's history (demo-audit.ts).
  if (services.audit && services.cards && services.persons) {
    const { audit, cards, persons } = services;
    for (const step of demoAuditSteps(em, { audit, cards, persons }, ctxFor, staff)) schedule(step.daysAgo, step.run);
  }

  // In the order they happened: the timelines, the ledger and the inbox are in time order.
  events.sort((a, b) => a.moment.getTime() - b.moment.getTime() || a.seq - b.seq);
  for (const event of events) await at(event.moment, event.run);
  return { orders: placed.size };
}
