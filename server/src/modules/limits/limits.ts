import { createHmac } from 'node:crypto';
import { isIPv4, isIPv6 } from 'node:net';
import type pg from 'pg';
import { RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';

/**
 * THE limiter: every limited action (log-in, password reset, registration, invitations, the counter look-up; later
 * two-factor codes, magic links and API keys) reserves its attempt here BEFORE doing the work it limits — before the
 * password is verified, before the mail is sent, before the card is looked up. A reservation is atomic in PostgreSQL
 * (one `insert … on conflict do update … returning` per rule, by rate-limiter-flexible's RateLimiterPostgres), so
 * fifty requests at the same moment get fifty different counts and only the allowed number goes ahead, on one
 * instance of the app or on ten.
 *
 * What an action does with a success is its own policy: log-in gives its point back (`refund`), so only failures
 * count; a mail request keeps it (every request costs). The rules themselves are in ./policy.ts.
 *
 * Counters live in the `rate_limit` table (migration Migration20261124000100_rate_limits). Keys are
 * `<rule name>:<HMAC-SHA256 of what is counted>`: the table never holds an e-mail or IP address.
 */

export const RATE_LIMIT_TABLE = 'rate_limit';

export interface LimitRule {
  /** Names the limit: the key prefix in `rate_limit`, and what a refusal is logged as. */
  readonly name: string;
  /** Attempts per window. */
  readonly points: number;
  readonly windowSeconds: number;
  /**
   * A growing delay instead of waiting out the window: the attempt that goes over the budget blocks the key for
   * `firstSeconds`, the next time within a day for twice as long, and so on up to `maxSeconds`. After a block the key
   * has a fresh budget.
   */
  readonly backoff?: { readonly firstSeconds: number; readonly maxSeconds: number };
  /** Once the budget is spent, one attempt every `trickleSeconds` still goes ahead: the rule slows, never locks. */
  readonly trickleSeconds?: number;
}

/** One rule applied to one thing (an account, an address, a user). */
export interface LimitCheck {
  readonly rule: LimitRule;
  readonly key: string;
}

export function check(rule: LimitRule, key: string): LimitCheck {
  return { rule, key };
}

export type Reservation =
  | {
      ok: true;
      /** Gives the reserved attempt back (e.g. the password was right). Safe to call more than once. */
      refund: () => Promise<void>;
    }
  | { ok: false; retryAfterSeconds: number; refusedBy: string };

/** How long the backoff's strikes are remembered. */
const STRIKE_MEMORY_SECONDS = 24 * 3600;

type Taken =
  | { ok: true; refund: () => Promise<void>; undo: () => Promise<void> }
  | { ok: false; waitMs: number; name: string };

export class Limits {
  private readonly stores = new Map<string, RateLimiterPostgres>();

  constructor(
    private readonly pool: pg.Pool,
    private readonly secret: string,
  ) {}

  /**
   * Reserves one attempt under every check at once. Either all of them allow it (the attempt may go ahead; its points
   * stay spent unless `refund` is called) or it is refused: then nothing is spent under the checks that did allow it,
   * and `retryAfterSeconds` says how long the refusing rule wants the caller to wait.
   */
  async reserve(...checks: LimitCheck[]): Promise<Reservation> {
    const taken = await Promise.all(checks.map((c) => this.take(c)));
    const refused = taken.filter((t): t is Extract<Taken, { ok: false }> => !t.ok);
    if (refused.length) {
      await Promise.all(taken.flatMap((t) => (t.ok ? [t.undo()] : [])));
      const longest = refused.reduce((a, b) => (b.waitMs > a.waitMs ? b : a));
      return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil(longest.waitMs / 1000)), refusedBy: longest.name };
    }
    let refunded = false;
    return {
      ok: true,
      refund: async () => {
        if (refunded) return;
        refunded = true;
        await Promise.all(taken.flatMap((t) => (t.ok ? [t.refund()] : [])));
      },
    };
  }

  /** Forgets a key's count and its backoff history (e.g. after the owner proved themselves with a reset link). */
  async clear(c: LimitCheck): Promise<void> {
    const key = this.keyOf(c.key);
    await Promise.all([
      this.store(c.rule.name, c.rule.points, c.rule.windowSeconds).delete(key),
      this.store(`${c.rule.name}-strikes`, 1_000_000, STRIKE_MEMORY_SECONDS).delete(key),
    ]);
  }

  /** Remembers a fact for a while (e.g. "this account logged in from this address"); see `remembers`. */
  async remember(name: string, key: string, seconds: number): Promise<void> {
    await this.store(name, 1, seconds).block(this.keyOf(key), seconds);
  }

  async remembers(name: string, key: string, seconds: number): Promise<boolean> {
    return (await this.store(name, 1, seconds).get(this.keyOf(key))) !== null;
  }

  /** Deletes counters that expired more than an hour ago (they are ignored anyway; this keeps the table small). */
  async purgeExpired(): Promise<number> {
    const r = await this.pool.query(`delete from ${RATE_LIMIT_TABLE} where expire < $1`, [Date.now() - 3600_000]);
    return r.rowCount ?? 0;
  }

  private async take({ rule, key: raw }: LimitCheck): Promise<Taken> {
    const main = this.store(rule.name, rule.points, rule.windowSeconds);
    const key = this.keyOf(raw);
    try {
      await main.consume(key);
      const giveBack = async () => void (await main.reward(key));
      return { ok: true, refund: giveBack, undo: giveBack };
    } catch (rejection) {
      if (!(rejection instanceof RateLimiterRes)) throw rejection;
      let waitMs = rejection.msBeforeNext;
      if (rule.backoff && rejection.consumedPoints === rule.points + 1) {
        // This attempt spent the budget (exactly one attempt sees points + 1): block the key, longer each time.
        const strikes = this.store(`${rule.name}-strikes`, 1_000_000, STRIKE_MEMORY_SECONDS);
        const strike = (await strikes.penalty(key)).consumedPoints;
        const seconds = Math.min(rule.backoff.firstSeconds * 2 ** Math.max(0, strike - 1), rule.backoff.maxSeconds);
        await main.block(key, seconds);
        waitMs = seconds * 1000;
      }
      if (rule.trickleSeconds) {
        const trickle = this.store(`${rule.name}-trickle`, 1, rule.trickleSeconds);
        try {
          await trickle.consume(key);
          return {
            ok: true,
            refund: async () => void (await main.reward(key)),
            undo: async () => void (await Promise.all([main.reward(key), trickle.reward(key)])),
          };
        } catch (slow) {
          if (!(slow instanceof RateLimiterRes)) throw slow;
          waitMs = Math.min(waitMs, slow.msBeforeNext);
        }
      }
      return { ok: false, waitMs, name: rule.name };
    }
  }

  private store(name: string, points: number, seconds: number): RateLimiterPostgres {
    const id = `${name}/${points}/${seconds}`;
    let store = this.stores.get(id);
    if (!store) {
      store = new RateLimiterPostgres({
        storeClient: this.pool,
        storeType: 'pool',
        tableName: RATE_LIMIT_TABLE,
        tableCreated: true,
        clearExpiredByTimeout: false,
        keyPrefix: name,
        points,
        duration: seconds,
      });
      this.stores.set(id, store);
    }
    return store;
  }

  /** What is counted, unreadable in the table: an HMAC with the app's secret (the same on every instance). */
  private keyOf(raw: string): string {
    return createHmac('sha256', this.secret).update(raw).digest('base64url');
  }
}

/**
 * The client's address as the limits count it: IPv4 as is (also when written as an IPv4-mapped IPv6 address), IPv6
 * by its /64 network (one subscriber usually holds a whole /64), 'unknown' without a request.
 */
export function clientAddress(req?: { ip?: string | undefined } | null): string {
  const ip = req?.ip ?? '';
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  if (mapped) return mapped[1]!;
  if (isIPv4(ip)) return ip;
  if (isIPv6(ip)) return `${ipv6Network64(ip)}::/64`;
  return 'unknown';
}

function ipv6Network64(ip: string): string {
  const bare = ip.split('%')[0]!;
  const groupsOf = (part: string) => (part ? part.split(':').flatMap((g) => (g.includes('.') ? ['0', '0'] : [g])) : []);
  const [head = '', tail] = bare.split('::');
  const h = groupsOf(head);
  const t = tail === undefined ? [] : groupsOf(tail);
  const groups =
    tail === undefined ? h : [...h, ...Array<string>(Math.max(0, 8 - h.length - t.length)).fill('0'), ...t];
  return groups
    .slice(0, 4)
    .map((g) => parseInt(g || '0', 16).toString(16))
    .join(':');
}

/** "Probeer het over 30 seconden opnieuw." / "… over 3 minuten …" / "… over 2 uur …" */
export function retryAfterText(seconds: number): string {
  if (seconds < 60) {
    const s = Math.max(1, Math.ceil(seconds));
    return `Probeer het over ${s} ${s === 1 ? 'seconde' : 'seconden'} opnieuw.`;
  }
  const minutes = Math.ceil(seconds / 60);
  if (minutes <= 90) return `Probeer het over ${minutes} ${minutes === 1 ? 'minuut' : 'minuten'} opnieuw.`;
  return `Probeer het over ${Math.ceil(minutes / 60)} uur opnieuw.`;
}
