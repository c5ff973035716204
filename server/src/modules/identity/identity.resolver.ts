import { Arg, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import type { Context } from '../../graphql/context.js';
import { LoginPayload, ViewerInfo } from './viewer.type.js';
import { mapResult } from '../../lib/result.js';

@Resolver()
export class IdentityResolver {
  @Query(() => ViewerInfo, { description: 'Who is logged in and what they may do.' })
  viewer(@Ctx() ctx: Context): Promise<ViewerInfo> {
    return ctx.services.viewer.describe(ctx);
  }

  @Mutation(() => LoginPayload, { description: 'Staff log-in with e-mail and password. Sets the session cookie.' })
  async loginStaff(
    @Arg('email', () => String) email: string,
    @Arg('password', () => String) password: string,
    @Ctx() ctx: Context,
  ): Promise<LoginPayload> {
    return this.payload(ctx, await ctx.services.auth.loginStaff(ctx, email, password));
  }

  @Mutation(() => LoginPayload, {
    description: 'Provider user log-in with e-mail and password. Sets the session cookie.',
  })
  async loginProvider(
    @Arg('email', () => String) email: string,
    @Arg('password', () => String) password: string,
    @Ctx() ctx: Context,
  ): Promise<LoginPayload> {
    return this.payload(ctx, await ctx.services.auth.loginProvider(ctx, email, password));
  }

  @Mutation(() => Boolean, { description: 'Ends the current session. Always succeeds.' })
  async logout(@Ctx() ctx: Context): Promise<boolean> {
    await ctx.services.auth.logout(ctx);
    return true;
  }

  private async payload(ctx: Context, result: Awaited<ReturnType<Context['services']['auth']['loginStaff']>>) {
    return LoginPayload.from(await mapResult(result, (viewer) => ctx.services.viewer.describe({ ...ctx, viewer })));
  }
}
