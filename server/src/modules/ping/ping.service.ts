import type { RequestContext } from '../../kernel/request-context.js';

/** A throw-away module's service: answers with the application's time. */
export class PingService {
  answer(ctx: RequestContext): string {
    return `pong ${ctx.clock.now().toISOString()}`;
  }
}
