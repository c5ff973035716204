import type { Context } from '../../graphql/context.js';
import { ok, problem, type Result } from '../../kernel/result.js';
import type { Viewer } from '../../kernel/viewer.js';
import { AdminAccount } from '../staff/index.js';
import type { SessionService } from './session.service.js';
import type { TwoFactorService, TwoFactorSetup } from './two-factor.service.js';
import type { PendingStep } from './session.entity.js';

export const LOGIN_EXPIRED = 'Uw inlogpoging is verlopen. Log opnieuw in met uw e-mailadres en wachtwoord.';

/**
 * The second step of a staff log-in, on the pending session the password started (AuthService.loginStaff): the code
 * (or a recovery code), or — when the settings require two-factor log-in and the account has none — its set-up. Only
 * then does the browser get a real session (a new token: the pending one is removed).
 */
export class StaffLoginService {
  constructor(
    private readonly sessions: SessionService,
    private readonly twoFactor: TwoFactorService,
  ) {}

  /** The account of this browser's pending log-in at the given step, or null. */
  async pendingAccount(ctx: Context, step: PendingStep): Promise<string | null> {
    const session = await this.sessions.pending(ctx.em, ctx.req, step);
    return session?.adminAccount?.id ?? null;
  }

  async completeSecondFactor(ctx: Context, code: string): Promise<Result<Viewer>> {
    const accountId = await this.pendingAccount(ctx, 'TWO_FACTOR');
    if (!accountId) return problem(null, 'LOGIN_EXPIRED', LOGIN_EXPIRED);
    const verified = await this.twoFactor.verify(ctx, accountId, code);
    if (!verified.ok) return verified;
    return ok(await this.finish(ctx, accountId));
  }

  async startSetup(ctx: Context): Promise<Result<TwoFactorSetup>> {
    const accountId = await this.pendingAccount(ctx, 'TWO_FACTOR_SETUP');
    if (!accountId) return problem(null, 'LOGIN_EXPIRED', LOGIN_EXPIRED);
    return this.twoFactor.startSetup(ctx, accountId);
  }

  /** Confirms the required set-up during log-in: the recovery codes, and the browser is logged in. */
  async confirmSetup(ctx: Context, code: string): Promise<Result<{ recoveryCodes: string[]; viewer: Viewer }>> {
    const accountId = await this.pendingAccount(ctx, 'TWO_FACTOR_SETUP');
    if (!accountId) return problem(null, 'LOGIN_EXPIRED', LOGIN_EXPIRED);
    const confirmed = await this.twoFactor.confirmSetup(ctx, accountId, code);
    if (!confirmed.ok) return confirmed;
    return ok({ recoveryCodes: confirmed.value, viewer: await this.finish(ctx, accountId) });
  }

  private async finish(ctx: Context, accountId: string): Promise<Viewer> {
    const account = await ctx.em.findOneOrFail(AdminAccount, accountId);
    account.lastLoginAt = ctx.clock.now();
    await this.sessions.destroy(ctx.em, ctx.req, undefined);
    const session = await this.sessions.create(ctx.em, ctx.res, 'STAFF', { adminAccount: account });
    ctx.log.info({ event: 'login', realm: 'staff', secondFactor: true }, 'logged in');
    return this.sessions.viewerFor(ctx.em, session);
  }
}
