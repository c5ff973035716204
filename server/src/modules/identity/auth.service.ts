import type { Context } from '../../graphql/context.js';
import { UserError } from '../../kernel/errors.js';
import { ok, problem, type Result } from '../../kernel/result.js';
import { accountEmail, currentPassword } from '../../rules/password.js';
import { messageOf } from '../../rules/rule.js';
import { Audience } from '../../kernel/permissions.js';
import { burnPasswordCheck, verifyPassword } from '../../crypto/passwords.js';
import { clientAddress, retryAfterText } from '../limits/index.js';
import type { LoginLimits, LoginRealm } from '../limits/index.js';
import { hashBsn, type BsnKeys } from '../../crypto/bsn.js';
import { AdminAccount } from '../staff/index.js';
import { ProviderUser } from '../providers/index.js';
import { Person } from '../customers/index.js';
import type { SessionService } from './session.service.js';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Viewer } from '../../kernel/viewer.js';
import type { PendingStep, Session } from './session.entity.js';
import type { SettingsService } from '../settings/index.js';
import type { Request, Response } from 'express';

export const INVALID_CREDENTIALS = 'Het e-mailadres of het wachtwoord is onjuist.';

/** The viewer of the new session, or why not (Result, like every change). */
export type LoginResult = Result<Viewer>;

/** A staff log-in: the viewer, or (viewer anonymous) the second step the password led to. */
export type StaffLoginResult = Result<{ viewer: Viewer; pendingStep: PendingStep | null }>;

/**
 * How passwords are checked at log-in. An object of its own so a test can count the verifications (every one costs an
 * argon2 run: the thing the limits ration).
 */
export interface PasswordChecks {
  verify: (hash: string, password: string) => Promise<boolean>;
  /** The same work for an unknown account, so it answers as slowly as a wrong password. */
  burn: (password: string) => Promise<void>;
}

export const passwordChecks = (): PasswordChecks => ({ verify: verifyPassword, burn: burnPasswordCheck });

/** Log-in and log-out for staff, provider users and customers (DigiD). */
export class AuthService {
  constructor(
    private readonly sessions: SessionService,
    private readonly limits: LoginLimits,
    private readonly bsnKeys: BsnKeys,
    readonly passwords: PasswordChecks = passwordChecks(),
    private readonly settings?: Pick<SettingsService, 'get'>,
  ) {}

  /**
   * Staff log-in. With two-factor log-in on for the account, the right password starts a pending session that waits
   * for the code (StaffLoginService.completeSecondFactor); without it, while the settings require it, one that waits
   * for the set-up. A pending session is no log-in: it can do nothing but that step.
   */
  async loginStaff(ctx: Context, email: string, password: string): Promise<StaffLoginResult> {
    const result = await this.passwordLogin(ctx, 'staff', email, password, async (normalised) => {
      const account = await ctx.em.findOne(
        AdminAccount,
        { email: { $ilike: normalised }, active: true },
        { populate: ['passwordHash'] },
      );
      return account ? { hash: account.passwordHash, onSuccess: () => this.startStaff(ctx, account) } : null;
    });
    if (!result.ok) return result;
    const session = result.value;
    return ok({ viewer: await this.sessions.viewerFor(ctx.em, session), pendingStep: session.pendingStep ?? null });
  }

  async loginProvider(ctx: Context, email: string, password: string): Promise<LoginResult> {
    const result = await this.passwordLogin(ctx, 'provider', email, password, async (normalised) => {
      const user = await ctx.em.findOne(
        ProviderUser,
        { email: { $ilike: normalised }, active: true },
        { populate: ['passwordHash'] },
      );
      if (!user) return null;
      return {
        hash: user.passwordHash,
        onSuccess: async () => {
          if (!user.emailVerifiedAt) {
            return [
              UserError.of(
                null,
                'EMAIL_NOT_VERIFIED',
                'Bevestig eerst uw e-mailadres via de link in de e-mail die wij u stuurden.',
              ),
            ];
          }
          user.lastLoginAt = ctx.clock.now();
          return this.replaceSession(ctx, 'PROVIDER', { providerUser: user });
        },
      };
    });
    return result.ok ? ok(await this.sessions.viewerFor(ctx.em, result.value)) : result;
  }

  private async startStaff(ctx: Context, account: AdminAccount): Promise<Session> {
    const required = this.settings ? (await this.settings.get('security')).requireStaffTwoFactor : false;
    const pendingStep: PendingStep | null = account.twoFactorEnabledAt
      ? 'TWO_FACTOR'
      : required
        ? 'TWO_FACTOR_SETUP'
        : null;
    if (pendingStep) {
      await this.sessions.destroy(ctx.em, ctx.req, undefined);
      return this.sessions.create(ctx.em, ctx.res, 'STAFF', { adminAccount: account }, pendingStep);
    }
    account.lastLoginAt = ctx.clock.now();
    return this.replaceSession(ctx, 'STAFF', { adminAccount: account });
  }

  /** A new session on every log-in (no session fixation); an earlier session of this browser ends. */
  private async replaceSession(
    ctx: Context,
    kind: 'STAFF' | 'PROVIDER' | 'CUSTOMER',
    owner: { adminAccount?: AdminAccount; providerUser?: ProviderUser; person?: Person },
  ): Promise<Session> {
    await this.sessions.destroy(ctx.em, ctx.req, undefined);
    return this.sessions.create(ctx.em, ctx.res, kind, owner);
  }

  private async passwordLogin(
    ctx: Context,
    realm: LoginRealm,
    email: string,
    password: string,
    find: (normalised: string) => Promise<{ hash: string; onSuccess: () => Promise<Session | UserError[]> } | null>,
  ): Promise<Result<Session>> {
    const normalised = email.trim().toLowerCase();
    if (!normalised || !password) {
      const errors: UserError[] = [];
      const problems = [
        ['email', normalised ? null : messageOf(accountEmail, normalised)],
        ['password', messageOf(currentPassword, password)],
      ] as const;
      for (const [field, message] of problems) if (message) errors.push(UserError.of(field, 'REQUIRED', message));
      return { ok: false, errors };
    }
    // The attempt is reserved before the password is verified: parallel guesses cannot all get through.
    const attempt = await this.limits.reserve(realm, normalised, clientAddress(ctx.req));
    if (!attempt.ok) {
      ctx.log.info({ event: 'login_limited', realm }, 'log-in refused by the limits');
      return problem(
        null,
        'TOO_MANY_ATTEMPTS',
        `Te veel mislukte pogingen om in te loggen. ${retryAfterText(attempt.retryAfterSeconds)} Weet u uw wachtwoord niet meer? Vraag dan een nieuw wachtwoord aan.`,
      );
    }
    // Escape LIKE wildcards: the e-mail is matched case-insensitively, but literally.
    const found = await find(normalised.replace(/[\\%_]/g, (c) => `\\${c}`));
    const valid = found
      ? await this.passwords.verify(found.hash, password)
      : (await this.passwords.burn(password), false);
    if (!found || !valid) {
      ctx.log.info({ event: 'login_failed', realm }, 'log-in failed');
      return { ok: false, errors: [UserError.of(null, 'INVALID_CREDENTIALS', INVALID_CREDENTIALS)] };
    }
    await attempt.succeeded();
    const outcome = await found.onSuccess();
    if (Array.isArray(outcome)) return { ok: false, errors: outcome };
    ctx.log.info({ event: outcome.pendingStep ? 'login_second_step' : 'login', realm }, 'password accepted');
    return ok(outcome);
  }

  /** DigiD: the BSN has been verified by DigiD (or its simulator); find the person and start a customer session. */
  async loginCustomerByBsn(
    em: EntityManager,
    req: Request,
    res: Response,
    bsn: string,
  ): Promise<{ ok: true; personId: string } | { ok: false; reason: 'UNKNOWN_PERSON' }> {
    const person = await em.findOne(Person, { bsnHash: hashBsn(bsn, this.bsnKeys) });
    if (!person) return { ok: false, reason: 'UNKNOWN_PERSON' };
    await this.sessions.destroy(em, req, undefined);
    await this.sessions.create(em, res, 'CUSTOMER', { person });
    return { ok: true, personId: person.id };
  }

  async logout(ctx: Context): Promise<void> {
    if (ctx.viewer.kind === Audience.ANONYMOUS) {
      ctx.res?.append('Set-Cookie', 'gw_session=; Max-Age=0; Path=/; HttpOnly; SameSite=Lax');
      return;
    }
    await this.sessions.destroy(ctx.em, ctx.req, ctx.res);
  }
}
