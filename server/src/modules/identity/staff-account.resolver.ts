import { Arg, Args, Ctx, FieldResolver, ID, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { Context } from '../../graphql/context.js';
import { Audience, Permission } from '../../kernel/permissions.js';
import { Requires } from '../../graphql/auth/requires.js';
import { ListArgs } from '../../graphql/pagination.js';
import { Role } from '../roles/index.js';
import {
  DonePayload,
  InviteStaffAccountInput,
  OwnStaffAccount,
  OwnStaffAccountPayload,
  RecoveryCodesPayload,
  StaffAccount,
  StaffAccountConnection,
  StaffAccountFilter,
  StaffAccountPayload,
  TwoFactorSetupPayload,
  UpdateStaffAccountInput,
} from './staff-account.types.js';
import { problem, type Result } from '../../kernel/result.js';
import { LOGIN_EXPIRED } from './staff-login.service.js';
import { countClientsAnsweringTo } from '../api-clients/index.js';
import type { TwoFactorSetup } from './two-factor.service.js';

function done(r: Result<unknown>): DonePayload {
  return Object.assign(new DonePayload(), { done: r.ok, errors: r.ok ? [] : r.errors });
}

/** beheer/accounts (ACCOUNT_MANAGE), the own account (admin/account) and two-factor set-up. */
@Resolver()
export class StaffAccountResolver {
  @Query(() => StaffAccountConnection, { description: 'Staff accounts, by name.' })
  @Requires(Permission.ACCOUNT_MANAGE)
  staffAccounts(
    @Args(() => ListArgs) page: ListArgs,
    @Ctx() ctx: Context,
    @Arg('filter', () => StaffAccountFilter, {
      description: 'Filters; all optional, combined with "and".',
      nullable: true,
    })
    filter?: StaffAccountFilter | null,
  ): Promise<StaffAccountConnection> {
    return ctx.services.staffAccounts.list(ctx, filter, page);
  }

  @Query(() => StaffAccount, {
    description: 'One staff account with its role and municipalities; null when unknown.',
    nullable: true,
  })
  @Requires(Permission.ACCOUNT_MANAGE)
  staffAccount(
    @Arg('id', () => ID, { description: 'The id of the staff account.' }) id: string,
    @Ctx() ctx: Context,
  ): Promise<StaffAccount | null> {
    return ctx.services.staffAccounts.get(ctx, id);
  }

  @Query(() => [Role], { description: 'The roles the viewer may give: none with a permission the viewer lacks.' })
  @Requires(Permission.ACCOUNT_MANAGE)
  assignableRoles(@Ctx() ctx: Context): Promise<Role[]> {
    return ctx.services.staffAccounts.assignableRoles(ctx);
  }

  @Mutation(() => StaffAccountPayload, {
    description: 'Invites a colleague: they choose a password through a single-use link mailed to them.',
  })
  @Requires(Permission.ACCOUNT_MANAGE)
  async inviteStaffAccount(
    @Arg('input', () => InviteStaffAccountInput, {
      description: 'The colleague’s name, e-mail address, role and municipalities.',
    })
    input: InviteStaffAccountInput,
    @Ctx() ctx: Context,
  ): Promise<StaffAccountPayload> {
    return StaffAccountPayload.from(await ctx.services.staffAccounts.invite(ctx, input));
  }

  @Mutation(() => StaffAccountPayload, {
    description: 'Mails a fresh invitation link (the earlier one stops working).',
  })
  @Requires(Permission.ACCOUNT_MANAGE)
  async resendStaffInvitation(
    @Arg('id', () => ID, { description: 'The id of the invited staff account.' }) id: string,
    @Ctx() ctx: Context,
  ): Promise<StaffAccountPayload> {
    return StaffAccountPayload.from(await ctx.services.staffAccounts.resendInvitation(ctx, id));
  }

  @Mutation(() => StaffAccountPayload, { description: 'Changes a colleague’s name, role and municipalities.' })
  @Requires(Permission.ACCOUNT_MANAGE)
  async updateStaffAccount(
    @Arg('input', () => UpdateStaffAccountInput, {
      description: 'The account and its new name, role and municipalities.',
    })
    input: UpdateStaffAccountInput,
    @Ctx() ctx: Context,
  ): Promise<StaffAccountPayload> {
    return StaffAccountPayload.from(await ctx.services.staffAccounts.update(ctx, input));
  }

  @Mutation(() => StaffAccountPayload, { description: 'Deactivates a colleague; their sessions end at once.' })
  @Requires(Permission.ACCOUNT_MANAGE)
  async deactivateStaffAccount(
    @Arg('id', () => ID, { description: 'The id of the staff account to deactivate.' }) id: string,
    @Ctx() ctx: Context,
  ): Promise<StaffAccountPayload> {
    return StaffAccountPayload.from(await ctx.services.staffAccounts.deactivate(ctx, id));
  }

  @Mutation(() => StaffAccountPayload, {
    description: 'Reactivates a deactivated colleague: they can log in again with their own password.',
  })
  @Requires(Permission.ACCOUNT_MANAGE)
  async reactivateStaffAccount(
    @Arg('id', () => ID, { description: 'The id of the deactivated staff account.' }) id: string,
    @Ctx() ctx: Context,
  ): Promise<StaffAccountPayload> {
    return StaffAccountPayload.from(await ctx.services.staffAccounts.reactivate(ctx, id));
  }

  @Mutation(() => StaffAccountPayload, {
    description: 'Turns a colleague’s two-factor log-in off (e.g. a lost phone); they set it up again.',
  })
  @Requires(Permission.ACCOUNT_MANAGE)
  async resetStaffTwoFactor(
    @Arg('id', () => ID, { description: 'The id of the colleague’s staff account.' }) id: string,
    @Ctx() ctx: Context,
  ): Promise<StaffAccountPayload> {
    return StaffAccountPayload.from(await ctx.services.staffAccounts.resetTwoFactor(ctx, id));
  }

  // ---- the own account --------------------------------------------------------------------------------------------

  @Query(() => OwnStaffAccount, { description: 'The own staff account (admin/account).' })
  @Requires(Audience.STAFF)
  ownStaffAccount(@Ctx() ctx: Context): Promise<OwnStaffAccount> {
    return ctx.services.ownAccount.describe(ctx);
  }

  @Mutation(() => OwnStaffAccountPayload, { description: 'Changes the logged-in staff member’s own display name.' })
  @Requires(Audience.STAFF)
  async updateOwnName(
    @Arg('name', () => String, { description: 'The new display name.' }) name: string,
    @Ctx() ctx: Context,
  ): Promise<OwnStaffAccountPayload> {
    return OwnStaffAccountPayload.from(await ctx.services.ownAccount.updateName(ctx, name));
  }

  @Mutation(() => DonePayload, {
    description: 'Mails a confirmation link to a new e-mail address; the address changes when it is used.',
  })
  @Requires(Audience.STAFF)
  async requestOwnEmailChange(
    @Arg('email', () => String, { description: 'The new e-mail address.' }) email: string,
    @Ctx() ctx: Context,
  ): Promise<DonePayload> {
    return done(await ctx.services.ownAccount.requestEmailChange(ctx, email));
  }

  @Mutation(() => OwnStaffAccountPayload, { description: 'Confirms a new e-mail address with the link’s token.' })
  @Requires(Audience.STAFF)
  async confirmOwnEmailChange(
    @Arg('token', () => String, { description: 'The token from the confirmation link mailed to the new address.' })
    token: string,
    @Ctx() ctx: Context,
  ): Promise<OwnStaffAccountPayload> {
    return OwnStaffAccountPayload.from(await ctx.services.ownAccount.confirmEmailChange(ctx, token));
  }

  @Mutation(() => OwnStaffAccountPayload, { description: 'A new password; the account’s other sessions end.' })
  @Requires(Audience.STAFF)
  async changeOwnPassword(
    @Arg('currentPassword', () => String, { description: 'The current password, to confirm it is the account holder.' })
    currentPassword: string,
    @Arg('newPassword', () => String, {
      description: 'The new password (at least 12 characters, not a commonly used one).',
    })
    newPassword: string,
    @Ctx() ctx: Context,
  ): Promise<OwnStaffAccountPayload> {
    return OwnStaffAccountPayload.from(await ctx.services.ownAccount.changePassword(ctx, currentPassword, newPassword));
  }

  @Mutation(() => OwnStaffAccountPayload, { description: 'Ends every other session of the own account.' })
  @Requires(Audience.STAFF)
  async logoutOwnSessionsElsewhere(@Ctx() ctx: Context): Promise<OwnStaffAccountPayload> {
    return OwnStaffAccountPayload.from(await ctx.services.ownAccount.logoutElsewhere(ctx));
  }

  // ---- two-factor log-in ------------------------------------------------------------------------------------------
  // Set-up works for a logged-in staff member (admin/account) and for a log-in that waits for the required set-up.

  @Mutation(() => TwoFactorSetupPayload, {
    description:
      'Starts two-factor set-up: a new secret (QR code and text). Staff, or a log-in waiting for the required set-up.',
  })
  async startTwoFactorSetup(@Ctx() ctx: Context): Promise<TwoFactorSetupPayload> {
    let result: Result<TwoFactorSetup>;
    if (ctx.viewer.kind === Audience.STAFF)
      result = await ctx.services.twoFactor.startSetup(ctx, ctx.viewer.adminAccountId);
    else result = await ctx.services.staffLogin.startSetup(ctx);
    return TwoFactorSetupPayload.from(result);
  }

  @Mutation(() => RecoveryCodesPayload, {
    description:
      'Confirms two-factor set-up with a code from the app; returns the recovery codes, this once. During a log-in that waited for the set-up it also completes the log-in.',
  })
  async confirmTwoFactorSetup(
    @Arg('code', () => String, { description: 'A 6-digit code from the authenticator app, proving it was set up.' })
    code: string,
    @Ctx() ctx: Context,
  ): Promise<RecoveryCodesPayload> {
    if (ctx.viewer.kind === Audience.STAFF) {
      const r = await ctx.services.twoFactor.confirmSetup(ctx, ctx.viewer.adminAccountId, code);
      return Object.assign(new RecoveryCodesPayload(), {
        recoveryCodes: r.ok ? r.value : null,
        loggedIn: false,
        errors: r.ok ? [] : r.errors,
      });
    }
    const r =
      ctx.viewer.kind === Audience.ANONYMOUS
        ? await ctx.services.staffLogin.confirmSetup(ctx, code)
        : problem<never>(null, 'LOGIN_EXPIRED', LOGIN_EXPIRED);
    return Object.assign(new RecoveryCodesPayload(), {
      recoveryCodes: r.ok ? r.value.recoveryCodes : null,
      loggedIn: r.ok,
      errors: r.ok ? [] : r.errors,
    });
  }

  @Mutation(() => RecoveryCodesPayload, {
    description: 'New recovery codes after a right code; the old ones stop working.',
  })
  @Requires(Audience.STAFF)
  async renewRecoveryCodes(
    @Arg('code', () => String, { description: 'A current 6-digit code from the authenticator app.' }) code: string,
    @Ctx() ctx: Context,
  ): Promise<RecoveryCodesPayload> {
    const id = ctx.viewer.kind === Audience.STAFF ? ctx.viewer.adminAccountId : '';
    const r = await ctx.services.twoFactor.regenerateRecoveryCodes(ctx, id, code);
    return Object.assign(new RecoveryCodesPayload(), {
      recoveryCodes: r.ok ? r.value : null,
      loggedIn: false,
      errors: r.ok ? [] : r.errors,
    });
  }

  @Mutation(() => DonePayload, {
    description: 'Turns the own two-factor log-in off after a right code (not when required).',
  })
  @Requires(Audience.STAFF)
  async disableOwnTwoFactor(
    @Arg('code', () => String, {
      description: 'A current 6-digit code from the authenticator app (or a recovery code).',
    })
    code: string,
    @Ctx() ctx: Context,
  ): Promise<DonePayload> {
    const id = ctx.viewer.kind === Audience.STAFF ? ctx.viewer.adminAccountId : '';
    return done(await ctx.services.twoFactor.disableOwn(ctx, id, code));
  }
}

/** Fields of a staff account read only where a screen asks for them (the deactivation dialog). */
@Resolver(() => StaffAccount)
export class StaffAccountFieldsResolver {
  @FieldResolver(() => Int, {
    description:
      'How many working API clients (not revoked, not expired) answer to this account: they stop working when it is deactivated, until a colleague takes them over.',
  })
  apiClientCount(@Root() account: StaffAccount, @Ctx() ctx: Context): Promise<number> {
    return countClientsAnsweringTo(ctx.em, account.id, ctx.clock.now());
  }
}
