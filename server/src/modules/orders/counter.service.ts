import { UserError } from '../../kernel/errors.js';
import type { RequestContext } from '../../kernel/request-context.js';
import { fail, ok, type Result } from '../../kernel/result.js';
import { Audience } from '../../kernel/permissions.js';
import { mask } from '../../logging/logger.js';
import { counterCodeRule, type CounterCode as RuleCounterCode } from '../../rules/counter.js';
import { check, retryAfterText, type LimitRule, type Limits } from '../limits/index.js';
import type { HandoverMethodName } from '../../rules/handover.js';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Order } from './order.entities.js';
import type { OrderViewService } from './order-view.service.js';
import type { OrderActionsService } from './order-actions.service.js';
import { CounterMatch, type CounterLookup, type OrderActionOutcome } from './order-work.types.js';
import * as q from './counter.queries.js';
import type { CardTokenCheck } from '../customers/index.js';

/**
 * What a look-up without an open order of this provider answers, whatever the card's state (unknown, blocked, replaced,
 * valid) or the pickup code's order's (another provider's, delivered, cancelled): one code, one message, no name.
 */
export const NOTHING_FOUND =
  'Niets gevonden: bij uw organisatie is er geen open bestelling voor deze pas of afhaalcode. Controleer wat u heeft ingevuld, of vraag de klant naar de afhaalcode.';

/** Answers that count as a miss (a guess): nothing found, or a digital card's code without our signature. */
const MISSES = new Set(['NOT_FOUND', 'INVALID_TOKEN']);

const nothingFound = () => UserError.of('code', 'NOT_FOUND', NOTHING_FOUND);

/** The card or code belongs to another customer of this provider than the order's. */
export const NOT_THIS_CUSTOMER =
  'Deze bestelling hoort niet bij deze pas of afhaalcode. Zoek de klant opnieuw op met zijn eigen pas of afhaalcode.';

const CARD_BLOCKED = () =>
  UserError.of('code', 'CARD_BLOCKED', 'Deze pas is geblokkeerd. Vraag de klant naar de afhaalcode van de bestelling.');
const CARD_REPLACED = () =>
  UserError.of(
    'code',
    'CARD_REPLACED',
    'Deze pas is vervangen door een nieuwe pas. Vraag de klant om de nieuwe pas of de afhaalcode.',
  );

/** The digital card's code is past its window (a screenshot, or a phone offline for too long). */
export const TOKEN_EXPIRED = 'Deze code is verlopen. Vraag de klant de pas te vernieuwen of typ het pasnummer.';
/** The digital card's code does not carry our signature: changed, made up, or of another system. */
export const TOKEN_INVALID =
  'Deze code van de digitale pas is niet geldig. Scan de code opnieuw, of typ het pasnummer.';
/** The digital card is of a municipality whose scheme this provider does not take part in. */
export const TOKEN_OTHER_MUNICIPALITY =
  'Deze pas is van een gemeente waarvoor uw organisatie niet is aangesloten. Bestellingen van deze klant kunt u hier niet afhandelen.';

/** Checks a digital card's code (signature and window): modules/customers' CardPassService. */
export interface CardTokenChecker {
  check(ctx: RequestContext, token: string): CardTokenCheck;
}

/** What a card or code stands for at this provider's counter: a household with an open order here, and how it was proven. */
interface Resolved {
  clientGroupId: string;
  firstName: string | null;
  matchedBy: CounterMatch;
  /** The order whose pickup code it is (a card: none). */
  orderId: string | null;
}

const HANDOVER_BY: Record<CounterMatch, HandoverMethodName> = {
  [CounterMatch.CARD]: 'COUNTER_CARD',
  [CounterMatch.PICKUP_CODE]: 'COUNTER_PICKUP_CODE',
};

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
 * and gets that household's open orders (placed or accepted) with this provider only (`lookup`), and hands them over
 * (`deliver`): with the same card or code again, which the server checks against the order's household inside the
 * delivery's transaction. That is the only way a pick-up order becomes DELIVERED (DESIGN.md §4: a hand-over is proven by
 * the resident); the timeline and the payout batch record whether the card or the code proved it. The code is never
 * shown to the provider: the counter answers with orders, never with their codes.
 *
 * It tells a provider nothing about strangers: without an open order of this provider the answer is "niets gevonden" (NOT_FOUND),
 * the same for every card state, from one SQL statement whatever the card's state (so not slower for a real card);
 * the customer's first name and a blocked or replaced card are only mentioned to a provider with an open order of
 * that household. Card numbers never reach a log in full (the look-up statement is kept out of the query log, and
 * the event log holds the last four digits only).
 *
 * Guessing is limited before anything is looked up: every look-up and hand-over reserves an attempt per provider user
 * and per address, and one "miss" per provider organisation (all its users together), given back when the card or code
 * turned out to be a customer of this provider. Misses are few at a real counter; a guesser spends the provider's
 * budget within minutes and is then slowed to one attempt a minute (policy.ts, `counter.misses`).
 *
 * `address` is the caller's network address as `clientAddress(req)` gives it (the resolver passes it; a call without
 * an HTTP request passes 'unknown').
 */
export class CounterService {
  constructor(
    private readonly limits: Limits,
    /** The counter's limits (policy.ts `counter`): per user, per address, and misses per provider. */
    private readonly rules: { perUser: LimitRule; perAddress: LimitRule; misses: LimitRule },
    private readonly orderViews: OrderViewService,
    private readonly orderActions: OrderActionsService,
    private readonly cardTokens: CardTokenChecker,
  ) {}

  async lookup(ctx: RequestContext, input: string, address: string): Promise<Result<CounterLookup>> {
    const v = ctx.viewer;
    if (v.kind !== Audience.PROVIDER) throw new Error('counter look-up needs a provider user');
    return this.attempt(ctx, input, address, async (code) => {
      ctx.log.info({ event: 'counter_lookup', ...loggedCode(code) }, 'counter look-up');
      const found = await this.resolve(ctx, ctx.em, code, v.providerId);
      if (found instanceof UserError) return { result: fail(found), hit: !MISSES.has(found.code) };
      const orders = await this.openOrders(ctx, v.providerId, found.clientGroupId);
      // The order whose code it is first, then the household's other open orders with this provider.
      if (found.orderId) orders.sort((a, b) => Number(b.id === found.orderId) - Number(a.id === found.orderId));
      const views = await this.orderViews.views(ctx, orders);
      return {
        result: ok({ matchedBy: found.matchedBy, customerFirstName: found.firstName, orders: views }),
        hit: true,
      };
    });
  }

  /**
   * Hands over one of the provider's open orders to the customer whose card number or pickup code (typed, or the
   * value scanned from the card's barcode or the code's QR code) the provider entered: the order must be an open order
   * of that household with this provider. Then it is DELIVERED, in one transaction, with COUNTER_CARD or
   * COUNTER_PICKUP_CODE on its timeline; otherwise nothing changes and the answer says why in Dutch.
   */
  async deliver(
    ctx: RequestContext,
    input: string,
    orderId: string,
    address: string,
  ): Promise<Result<OrderActionOutcome>> {
    const v = ctx.viewer;
    if (v.kind !== Audience.PROVIDER) throw new Error('counter hand-over needs a provider user');
    return this.attempt(ctx, input, address, async (code) => {
      let hit = true;
      const result = await this.orderActions.handOverAtCounter(ctx, orderId, async (em, order) => {
        const found = await this.resolve(ctx, em, code, v.providerId);
        if (found instanceof UserError) {
          hit = !MISSES.has(found.code);
          return found;
        }
        if (found.clientGroupId !== order.clientGroupId)
          return UserError.of('code', 'NOT_THIS_CUSTOMER', NOT_THIS_CUSTOMER);
        return HANDOVER_BY[found.matchedBy];
      });
      if (result.ok) {
        ctx.log.info({ event: 'counter_handover', ...loggedCode(code), orderId }, 'order handed over at the counter');
      }
      return { result, hit };
    });
  }

  /**
   * Reserves the attempt (per user and per address, then a miss per provider) before anything is looked up, recognises
   * the code and runs the work; the miss is given back unless the work found nothing for a well-formed code.
   */
  private async attempt<T>(
    ctx: RequestContext,
    input: string,
    address: string,
    work: (code: Exclude<CounterCode, { kind: 'invalid' }>) => Promise<{ result: Result<T>; hit: boolean }>,
  ): Promise<Result<T>> {
    const v = ctx.viewer;
    if (v.kind !== Audience.PROVIDER) throw new Error('the counter needs a provider user');
    const attempt = await this.limits.reserve(
      check(this.rules.perUser, v.providerUserId),
      check(this.rules.perAddress, address),
    );
    if (!attempt.ok) return fail(rateLimited('U heeft te vaak achter elkaar gezocht.', attempt.retryAfterSeconds));
    const miss = await this.limits.reserve(check(this.rules.misses, v.providerId));
    if (!miss.ok) {
      await attempt.refund();
      return fail(
        rateLimited(
          'Bij uw organisatie is te vaak een pasnummer of afhaalcode ingevuld die niets opleverde.',
          miss.retryAfterSeconds,
        ),
      );
    }
    const code = parseCounterCode(String(input ?? '').slice(0, 100));
    if (code.kind === 'invalid') {
      await miss.refund();
      return fail(code.error);
    }
    const { result, hit } = await work(code);
    if (hit) await miss.refund();
    return result;
  }

  /**
   * The household a card number or pickup code stands for at this provider's counter: only one with an open order of
   * this provider is found at all, from one statement whatever the card's state; a blocked or replaced card of such a
   * household says so. Kept out of the query log (the card number is in it).
   */
  private async resolve(
    ctx: RequestContext,
    em: EntityManager,
    code: Exclude<CounterCode, { kind: 'invalid' }>,
    providerId: string,
  ): Promise<Resolved | UserError> {
    if (code.kind === 'token') return this.resolveToken(ctx, em, code.token, providerId);
    if (code.kind === 'card') {
      const card = await q.cardWithOpenOrder(em, code.number, providerId);
      return card ? byCard(card) : nothingFound();
    }
    const match = await q.openOrderByPickupCode(em, code.code, providerId);
    if (!match) return nothingFound();
    return {
      clientGroupId: match.client_group_id,
      firstName: match.first_name,
      matchedBy: CounterMatch.PICKUP_CODE,
      orderId: match.id,
    };
  }

  /**
   * A digital card's code: our signature first (a changed or made-up code is INVALID_TOKEN and counts as a miss),
   * then its window (EXPIRED), then the card itself exactly as a typed number — found only with an open order of this
   * provider, and refused when blocked or replaced, so blocking or replacing a card voids its codes at once.
   */
  private async resolveToken(
    ctx: RequestContext,
    em: EntityManager,
    token: string,
    providerId: string,
  ): Promise<Resolved | UserError> {
    const checked = this.cardTokens.check(ctx, token);
    if (!checked.ok && checked.reason !== 'EXPIRED') return UserError.of('code', 'INVALID_TOKEN', TOKEN_INVALID);
    const { municipalityId, cardId } = checked.claims;
    if (!(await q.isMemberOf(em, providerId, municipalityId))) {
      const card = await q.cardByIdWithOpenOrder(em, cardId, providerId);
      if (!card) return UserError.of('code', 'OTHER_MUNICIPALITY', TOKEN_OTHER_MUNICIPALITY);
    }
    if (!checked.ok) return UserError.of('code', 'TOKEN_EXPIRED', TOKEN_EXPIRED);
    const card = await q.cardByIdWithOpenOrder(em, cardId, providerId);
    if (!card) return nothingFound();
    // Signed by us for another municipality than the card's: never made so; refused like a changed code.
    if (card.municipality_id !== municipalityId) return UserError.of('code', 'INVALID_TOKEN', TOKEN_INVALID);
    return byCard(card);
  }

  private openOrders(ctx: RequestContext, providerId: string, clientGroupId: string): Promise<Order[]> {
    return ctx.em.find(
      Order,
      { providerId, clientGroupId, status: { $in: ['PLACED', 'ACCEPTED'] } },
      { orderBy: [{ createdAt: 'asc' }, { id: 'asc' }], limit: 50 },
    );
  }
}

/** A card found with an open order, typed or scanned: a blocked or replaced one says so, an active one is its household. */
function byCard(card: q.CounterCard): Resolved | UserError {
  if (card.status === 'BLOCKED') return CARD_BLOCKED();
  if (card.status !== 'ACTIVE') return CARD_REPLACED();
  return {
    clientGroupId: card.client_group_id,
    firstName: card.first_name,
    matchedBy: CounterMatch.CARD,
    orderId: null,
  };
}

/** What the event log may hold of a code: how it was given, a card's last four digits; never a token or a pickup code. */
function loggedCode(code: Exclude<CounterCode, { kind: 'invalid' }>) {
  if (code.kind === 'card') return { by: 'card', card: mask(code.number) };
  return { by: code.kind === 'token' ? 'card_token' : 'pickup_code' };
}

function rateLimited(why: string, retryAfterSeconds: number): UserError {
  return UserError.of('code', 'RATE_LIMITED', `${why} ${retryAfterText(retryAfterSeconds)}`);
}
