import { Ctx, Query, Resolver } from 'type-graphql';
import type { Context } from '../../graphql/context.js';
import { Requires } from '../../graphql/auth/requires.js';
import { Audience } from '../../kernel/permissions.js';

@Resolver()
export class PingResolver {
  @Requires(Audience.STAFF)
  @Query(() => String, { description: 'Answers "pong" with the application’s time (a throw-away module).' })
  ping(@Ctx() ctx: Context): string {
    return ctx.services.ping.answer(ctx);
  }
}
