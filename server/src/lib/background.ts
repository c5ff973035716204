import type { EntityManager } from '@mikro-orm/postgresql';
import type { Response } from 'express';
import type { Logger } from 'pino';

/**
 * Work that runs after the answer has gone out: when whether it happens must not show in how long the answer takes
 * (a reset mail only for a known address, an invitation mail or a notice). It gets its own EntityManager. A failure
 * is logged by event name and error class only (an SMTP error can quote the address).
 *
 * `idle()` resolves when nothing is running any more: the server waits for it before it stops, tests before they
 * read the outbox.
 */
export class AfterAnswer {
  private readonly running = new Set<Promise<void>>();

  run(ctx: { em: EntityManager; log: Logger; res?: Response }, event: string, work: (em: EntityManager) => Promise<void>): void {
    const em = ctx.em.fork();
    const job = (async () => {
      await answered(ctx.res);
      await work(em);
    })()
      .catch((error: unknown) => {
        const name = error instanceof Error ? error.name : 'unknown';
        ctx.log.error({ event: `${event}_failed`, error: name }, 'work after the answer failed');
      })
      .finally(() => this.running.delete(job));
    this.running.add(job);
  }

  async idle(): Promise<void> {
    while (this.running.size) await Promise.allSettled([...this.running]);
  }
}

/** Resolves once the response has been sent (at once without one, e.g. a service called from a test or a job). */
function answered(res: Response | undefined): Promise<void> {
  return new Promise((resolve) => {
    if (!res || res.writableFinished || res.destroyed) return setImmediate(resolve);
    const done = () => {
      res.off('finish', done);
      res.off('close', done);
      resolve();
    };
    res.on('finish', done);
    res.on('close', done);
  });
}
