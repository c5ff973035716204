import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';

/**
 * Limits failed log-ins per account and per client address (rate-limiter-flexible: a well-kept library that does the
 * window arithmetic). Only failures count; a success clears the account's counter. In memory: one app process.
 * A multi-instance deployment would switch to its RateLimiterPostgres store, same interface.
 */
export class LoginRateLimiter {
  private readonly perAccount: RateLimiterMemory;
  private readonly perAddress: RateLimiterMemory;

  constructor(maxAttempts: number, windowSeconds: number) {
    this.perAccount = new RateLimiterMemory({ keyPrefix: 'login-account', points: maxAttempts, duration: windowSeconds });
    this.perAddress = new RateLimiterMemory({ keyPrefix: 'login-ip', points: maxAttempts * 10, duration: windowSeconds });
  }

  /** Seconds to wait when blocked, or 0 when a log-in may be tried. */
  async blockedFor(account: string, address: string): Promise<number> {
    const [a, b] = await Promise.all([this.perAccount.get(account), this.perAddress.get(address)]);
    const wait = [a, b]
      .filter((r): r is RateLimiterRes => !!r && r.remainingPoints <= 0)
      .map((r) => Math.ceil(r.msBeforeNext / 1000));
    return wait.length ? Math.max(...wait) : 0;
  }

  async recordFailure(account: string, address: string): Promise<void> {
    await Promise.all([
      this.perAccount.penalty(account, 1).catch(() => undefined),
      this.perAddress.penalty(address, 1).catch(() => undefined),
    ]);
  }

  async recordSuccess(account: string): Promise<void> {
    await this.perAccount.delete(account);
  }
}
