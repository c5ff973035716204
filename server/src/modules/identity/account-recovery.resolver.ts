import { clientAddress } from '../limits/index.js';
import { Arg, Args, ArgsType, Ctx, Field, Mutation, ObjectType, Resolver } from 'type-graphql';
import type { Context } from '../../graphql/context.js';
import { FlagPayload } from '../../graphql/payload.js';

@ObjectType({ description: 'The result of confirming an e-mail address.' })
export class ConfirmEmailPayload extends FlagPayload('confirmed', 'True when the address is confirmed.') {}

@ObjectType({ description: 'The result of asking for a password reset: the same whether or not the address is known.' })
export class RequestPasswordResetPayload extends FlagPayload(
  'requested',
  'True whether or not the address has an account: the answer never tells.',
) {}

@ObjectType({ description: 'The result of setting a new password.' })
export class ResetPasswordPayload extends FlagPayload('passwordChanged', 'True when the password was changed.') {}

/** The token from the reset mail and the new password. */
@ArgsType()
class ResetPasswordArgs {
  @Field(() => String, { description: 'The token from the mail’s link.' })
  token!: string;

  @Field(() => String, { description: 'The new password (at least 12 characters, not a commonly used one).' })
  newPassword!: string;
}

/** E-mail confirmation and forgotten passwords (provider users and staff). Public: the token or the mailbox is the proof. */
@Resolver()
export class AccountRecoveryResolver {
  @Mutation(() => ConfirmEmailPayload, {
    description: 'Confirms an e-mail address with the token from the confirmation mail. Single use.',
  })
  async confirmEmail(
    @Arg('token', () => String, { description: 'The token from the confirmation mail’s link.' }) token: string,
    @Ctx() ctx: Context,
  ): Promise<ConfirmEmailPayload> {
    const r = await ctx.services.accountRecovery.confirmEmail(ctx, token);
    return ConfirmEmailPayload.from(r);
  }

  @Mutation(() => RequestPasswordResetPayload, {
    description:
      'Mails a link to choose a new password (valid 1 hour) when the address has a provider account. Same answer, equally fast, either way; rate-limited.',
  })
  async requestPasswordReset(
    @Arg('email', () => String, { description: 'The e-mail address of the provider user account.' }) email: string,
    @Ctx() ctx: Context,
  ): Promise<RequestPasswordResetPayload> {
    const r = await ctx.services.accountRecovery.requestPasswordReset(ctx, clientAddress(ctx.req), email);
    return RequestPasswordResetPayload.from(r);
  }

  @Mutation(() => ResetPasswordPayload, {
    description: 'Sets a new password with the token from the mail. Single use; ends every session of the user.',
  })
  async resetPassword(
    @Args(() => ResetPasswordArgs) { token, newPassword }: ResetPasswordArgs,
    @Ctx() ctx: Context,
  ): Promise<ResetPasswordPayload> {
    const r = await ctx.services.accountRecovery.resetPassword(ctx, clientAddress(ctx.req), token, newPassword);
    return ResetPasswordPayload.from(r);
  }

  @Mutation(() => RequestPasswordResetPayload, {
    description:
      'Staff: mails a link to choose a new password (valid 1 hour) when the address has an active staff account. Same answer, equally fast, either way; rate-limited.',
  })
  async requestStaffPasswordReset(
    @Arg('email', () => String, { description: 'The e-mail address of the staff account.' }) email: string,
    @Ctx() ctx: Context,
  ): Promise<RequestPasswordResetPayload> {
    const r = await ctx.services.accountRecovery.requestPasswordReset(ctx, clientAddress(ctx.req), email, 'staff');
    return RequestPasswordResetPayload.from(r);
  }

  @Mutation(() => ResetPasswordPayload, {
    description:
      'Staff: sets a new password with the token from the mail. Single use; ends every session of the account.',
  })
  async resetStaffPassword(
    @Args(() => ResetPasswordArgs) { token, newPassword }: ResetPasswordArgs,
    @Ctx() ctx: Context,
  ): Promise<ResetPasswordPayload> {
    const r = await ctx.services.accountRecovery.resetPassword(
      ctx,
      clientAddress(ctx.req),
      token,
      newPassword,
      'staff',
    );
    return ResetPasswordPayload.from(r);
  }
}
