import { check, type Limits } from './limits.js';
import type { LimitPolicy } from './policy.js';

export type LoginRealm = 'staff' | 'provider';

export type LoginAttempt =
  | {
      ok: true;
      /** The password was right: the attempt is given back and the address becomes known for this account. */
      succeeded: () => Promise<void>;
    }
  | { ok: false; retryAfterSeconds: number };

/**
 * The log-in policy (see policy.ts for the numbers). An attempt is reserved before the password is verified:
 *
 * - always under the account+address pair (failures of this account from this address, with a growing wait);
 * - when the account never logged in from this address, also under the account (all strange addresses together) and
 *   under the address (all accounts strange to it together). Both slow down to a trickle rather than lock.
 *
 * A right password gives its own attempt back, nothing more: it does not wipe the failures counted before it, so a
 * correct guess among many parallel ones lets no further guesses through. A completed password reset is the way in
 * for a real user who is made to wait: it clears the pair for the address the reset was done from.
 */
export class LoginLimits {
  constructor(
    private readonly limits: Limits,
    private readonly rules: LimitPolicy['login'],
  ) {}

  async reserve(realm: LoginRealm, email: string, address: string): Promise<LoginAttempt> {
    const account = `${realm}:${email}`;
    const pair = `${account}|${address}`;
    const known = await this.limits.remembers('login-known', pair, this.rules.knownSeconds);
    const checks = [check(this.rules.pair, pair)];
    if (!known) checks.push(check(this.rules.account, account), check(this.rules.address, address));
    const reservation = await this.limits.reserve(...checks);
    if (!reservation.ok) return { ok: false, retryAfterSeconds: reservation.retryAfterSeconds };
    return {
      ok: true,
      succeeded: async () => {
        await reservation.refund();
        await this.limits.remember('login-known', pair, this.rules.knownSeconds);
      },
    };
  }

  /** After the owner proved themselves from this address (a completed reset link): no wait here any more. */
  async unlock(realm: LoginRealm, email: string, address: string): Promise<void> {
    const pair = `${realm}:${email}|${address}`;
    await this.limits.clear(check(this.rules.pair, pair));
    await this.limits.remember('login-known', pair, this.rules.knownSeconds);
  }
}
