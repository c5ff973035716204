import { Arg, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import type { Context } from '../../graphql/context.js';
import { LoginPayload, StaffLoginStep, ViewerInfo } from './viewer.type.js';
import { mapResult, type Result } from '../../kernel/result.js';
import type { Viewer } from '../../kernel/viewer.js';

@Resolver()
export class IdentityResolver {
  @Query(() => ViewerInfo, { description: 'Who is logged in and what they may do.' })
  viewer(@Ctx() ctx: Context): Promise<ViewerInfo> {
    return ctx.services.viewer.describe(ctx);
  }

  @Mutation(() => LoginPayload, { description: 'Staff log-in with e-mail and password. Sets the session cookie.' })
  async loginStaff(
    @Arg('email', () => String, { description: 'The staff member’s e-mail address.' }) email: string,
    @Arg('password', () => String, { description: 'The staff member’s password.' }) password: string,
    @Ctx() ctx: Context,
  ): Promise<LoginPayload> {
    const result = await ctx.services.auth.loginStaff(ctx, email, password);
    if (!result.ok) return this.payload(ctx, result);
    const payload: LoginPayload = await this.payload(ctx, { ok: true, value: result.value.viewer });
    payload.nextStep = (result.value.pendingStep as StaffLoginStep | null) ?? null;
    return payload;
  }

  @Mutation(() => LoginPayload, {
    description:
      'Staff log-in, second step: the 6-digit code from the authenticator app or a recovery code, after loginStaff answered nextStep TWO_FACTOR. Limited per account. Sets the session cookie.',
  })
  async completeStaffLogin(
    @Arg('code', () => String, { description: 'The 6-digit code from the authenticator app, or a recovery code.' })
    code: string,
    @Ctx() ctx: Context,
  ): Promise<LoginPayload> {
    return this.payload(ctx, await ctx.services.staffLogin.completeSecondFactor(ctx, code));
  }

  @Mutation(() => LoginPayload, {
    description: 'Provider user log-in with e-mail and password. Sets the session cookie.',
  })
  async loginProvider(
    @Arg('email', () => String, { description: 'The provider user’s e-mail address.' }) email: string,
    @Arg('password', () => String, { description: 'The provider user’s password.' }) password: string,
    @Ctx() ctx: Context,
  ): Promise<LoginPayload> {
    return this.payload(ctx, await ctx.services.auth.loginProvider(ctx, email, password));
  }

  @Mutation(() => Boolean, { description: 'Ends the current session. Always succeeds.' })
  async logout(@Ctx() ctx: Context): Promise<boolean> {
    await ctx.services.auth.logout(ctx);
    return true;
  }

  private async payload(ctx: Context, result: Result<Viewer>): Promise<LoginPayload> {
    return LoginPayload.from(await mapResult(result, (viewer) => ctx.services.viewer.describe({ ...ctx, viewer })));
  }
}
