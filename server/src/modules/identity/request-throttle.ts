import { RateLimiterMemory, RateLimiterRes } from 'rate-limiter-flexible';

/**
 * Counts requests per key (an e-mail address) and per client address, and says how long to wait once either is over
 * its limit. Unlike the log-in limiter every request counts, successful or not: it protects mailboxes and the mailer.
 * In memory: one app process (like LoginRateLimiter; RateLimiterPostgres is the drop-in for several instances).
 */
export class RequestThrottle {
  private readonly perKey: RateLimiterMemory;
  private readonly perAddress: RateLimiterMemory;

  constructor(name: string, limits: { perKey: number; perAddress: number; windowSeconds: number }) {
    this.perKey = new RateLimiterMemory({ keyPrefix: `${name}-key`, points: limits.perKey, duration: limits.windowSeconds });
    this.perAddress = new RateLimiterMemory({ keyPrefix: `${name}-ip`, points: limits.perAddress, duration: limits.windowSeconds });
  }

  /** Counts one request; returns 0 when it may go ahead, else the seconds to wait. */
  async consume(key: string | null, address: string | null): Promise<number> {
    const attempt = async (limiter: RateLimiterMemory, k: string): Promise<number> => {
      try {
        await limiter.consume(k, 1);
        return 0;
      } catch (rejection) {
        if (rejection instanceof RateLimiterRes) return Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
        throw rejection;
      }
    };
    const waits = await Promise.all([
      key === null ? 0 : attempt(this.perKey, key),
      address === null ? 0 : attempt(this.perAddress, address),
    ]);
    return Math.max(...waits);
  }
}

/** "Probeer het over 3 minuten opnieuw." */
export function retryAfterText(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return `Probeer het over ${minutes} ${minutes === 1 ? 'minuut' : 'minuten'} opnieuw.`;
}
