import { UserError } from '../../graphql/errors.js';
import type { RequestContext } from '../../lib/request-context.js';
import { fail, ok, type Result } from '../../lib/result.js';
import { Audience } from '../../graphql/auth/permissions.js';
import { mask } from '../../logging/logger.js';
import { counterCodeRule, type CounterCode as RuleCounterCode } from '../../rules/counter.js';
import { check, retryAfterText, type Limits } from '../limits/limits.js';
import type { LimitPolicy } from '../limits/policy.js';
import { Order } from './order.entities.js';
import type { OrderViewService } from './order-view.service.js';
import { CounterMatch, type CounterLookup } from './order-work.types.js';

/**
 * What a look-up without an open order of this provider answers, whatever the card's state (unknown, blocked, replaced,
 * valid) or the pickup code's order's (another provider's, delivered, cancelled): one code, one message, no name.
 */
export const NOTHING_FOUND =
  'Niets gevonden: bij uw organisatie is er geen open bestelling voor deze pas of afhaalcode. Controleer wat u heeft ingevuld, of vraag de klant naar de afhaalcode.';

const nothingFound = () => UserError.of('code', 'NOT_FOUND', NOTHING_FOUND);

/** What the provider typed or scanned, recognised (the shared rule, rules/counter.ts), or why not. */
export type CounterCode = RuleCounterCode | { kind: 'invalid'; error: UserError };

/** Spaces (and dashes) are allowed: "6126 7002 09", "ABCD-EFGH". Digits are a card number; 8 letters/digits a pickup code. */
export function parseCounterCode(input: string): CounterCode {
  const checked = counterCodeRule.check(input);
  return checked.ok
    ? checked.value
    : { kind: 'invalid', error: UserError.of('code', checked.problem.code, checked.problem.message) };
}

/**
 * The counter screen (/aanbieder/app): the provider types or scans a customer's card number or an order's pickup code
 * and gets that household's open orders (placed or accepted) with this provider only, to hand them over and mark them
 * delivered.
 *
 * It tells a provider nothing about strangers: without an open order of this provider the answer is "niets gevonden" (NOT_FOUND),
 * the same for every card state, from one SQL statement whatever the card's state (so not slower for a real card);
 * the customer's first name and a blocked or replaced card are only mentioned to a provider with an open order of
 * that household. Look-ups are rate-limited per provider user and per address; card numbers never reach a log in full
 * (the look-up statement is kept out of the query log, and the event log holds the last four digits only).
 *
 * `address` is the caller's network address as `clientAddress(req)` gives it (the resolver passes it; a call without
 * an HTTP request passes 'unknown').
 */
export class CounterService {
  constructor(
    private readonly limits: Limits,
    private readonly rules: LimitPolicy['counter'],
    private readonly orderViews: OrderViewService,
  ) {}

  async lookup(ctx: RequestContext, input: string, address: string): Promise<Result<CounterLookup>> {
    const v = ctx.viewer;
    if (v.kind !== Audience.PROVIDER) throw new Error('counter look-up needs a provider user');
    const reservation = await this.limits.reserve(
      check(this.rules.perUser, v.providerUserId),
      check(this.rules.perAddress, address),
    );
    if (!reservation.ok) {
      return fail(
        UserError.of(
          'code',
          'RATE_LIMITED',
          `U heeft te vaak achter elkaar gezocht. ${retryAfterText(reservation.retryAfterSeconds)}`,
        ),
      );
    }

    const code = parseCounterCode(String(input ?? '').slice(0, 100));
    if (code.kind === 'invalid') return fail(code.error);

    if (code.kind === 'card') {
      ctx.log.info({ event: 'counter_lookup', by: 'card', card: mask(code.number) }, 'counter look-up');
      // Only a card whose household has an open order here is found at all.
      const [card] = await ctx.em.execute<{ status: string; client_group_id: string; first_name: string }[]>(
        `select c.status, p.client_group_id, p.first_name from card c join person p on p.id = c.person_id
          where c.number = ?
            and exists (select 1 from customer_order o
                         where o.client_group_id = p.client_group_id and o.provider_id = ? and o.status in ('PLACED', 'ACCEPTED'))`,
        [code.number, v.providerId],
        { loggerContext: { enabled: false } },
      );
      if (!card) return fail(nothingFound());
      if (card.status === 'BLOCKED') {
        return fail(
          UserError.of(
            'code',
            'CARD_BLOCKED',
            'Deze pas is geblokkeerd. Vraag de klant naar de afhaalcode van de bestelling.',
          ),
        );
      }
      if (card.status !== 'ACTIVE') {
        return fail(
          UserError.of(
            'code',
            'CARD_REPLACED',
            'Deze pas is vervangen door een nieuwe pas. Vraag de klant om de nieuwe pas of de afhaalcode.',
          ),
        );
      }
      const orders = await this.openOrders(ctx, v.providerId, card.client_group_id);
      return this.found(ctx, CounterMatch.CARD, card.first_name, orders);
    }

    ctx.log.info({ event: 'counter_lookup', by: 'pickup_code' }, 'counter look-up');
    const [match] = await ctx.em.execute<{ id: string; client_group_id: string; first_name: string | null }[]>(
      `select o.id, o.client_group_id, p.first_name from customer_order o left join person p on p.id = o.person_id
        where o.pickup_code = ? and o.provider_id = ? and o.status in ('PLACED', 'ACCEPTED')`,
      [code.code, v.providerId],
      { loggerContext: { enabled: false } },
    );
    if (!match) return fail(nothingFound());
    // The order itself first, then the household's other open orders with this provider.
    const orders = await this.openOrders(ctx, v.providerId, match.client_group_id);
    orders.sort((a, b) => Number(b.id === match.id) - Number(a.id === match.id));
    return this.found(ctx, CounterMatch.PICKUP_CODE, match.first_name, orders);
  }

  private openOrders(ctx: RequestContext, providerId: string, clientGroupId: string): Promise<Order[]> {
    return ctx.em.find(
      Order,
      { providerId, clientGroupId, status: { $in: ['PLACED', 'ACCEPTED'] } },
      { orderBy: [{ createdAt: 'asc' }, { id: 'asc' }], limit: 50 },
    );
  }

  private async found(
    ctx: RequestContext,
    matchedBy: CounterMatch,
    customerFirstName: string | null,
    orders: Order[],
  ): Promise<Result<CounterLookup>> {
    return ok({ matchedBy, customerFirstName, orders: await this.orderViews.views(ctx, orders) });
  }
}
