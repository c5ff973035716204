import { UserError } from '../../kernel/errors.js';
import { hashPassword, passwordProblem } from '../../crypto/passwords.js';
import { ProviderUser } from '../providers/index.js';
import { emailProblem, normaliseEmail } from '../providers/index.js';
import { AdminAccount } from '../staff/index.js';
import { Session } from './session.entity.js';
import { EmailTokenPurpose } from './email-token.entity.js';
import { TOKEN_LIFETIME_HOURS, type EmailTokenService } from './email-token.service.js';
import { check, retryAfterText, type Limits } from '../limits/index.js';
import type { LimitPolicy } from '../limits/index.js';
import type { LoginLimits, LoginRealm } from '../limits/index.js';
import type { MailService } from '../communication/index.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import { transactional, type RequestContext } from '../../kernel/request-context.js';
import { problem, type Outcome } from '../../kernel/result.js';
import { likeEscape as escapeLike } from '../../kernel/sql.js';
import { appLink } from '../../platform/links.js';

export const LINK_INVALID =
  'Deze link werkt niet (meer). Hij is al gebruikt, verlopen of niet volledig overgenomen uit de e-mail.';

/** A reset job that keeps failing gives up soon: its payload holds the typed address (job-types.ts). */
export const RESET_JOB_MAX_ATTEMPTS = 5;

/** Where each realm's reset link points, and the token purpose that opens it. */
const RESET = {
  provider: { purpose: EmailTokenPurpose.RESET_PASSWORD, path: '/wachtwoord-vergeten/' },
  staff: { purpose: EmailTokenPurpose.STAFF_RESET_PASSWORD, path: '/admin/wachtwoord-vergeten/' },
} as const satisfies Record<LoginRealm, unknown>;

/**
 * E-mail confirmation and the forgotten-password flow, for provider users and for staff (two separate realms: a
 * provider's link never opens a staff account, and the other way round).
 *
 * A reset request answers the same for a known and an unknown address, and equally fast: the answer depends only on
 * the input and the limits, and the request does the same for both — it enqueues one `identity.passwordResetRequested`
 * job. That job looks up the account, issues the token and records the mail (which its own `mail.send` job delivers),
 * so none of it is in the answer's time, and the request survives a restart of the server. When staff accounts get a second factor, a reset sets the password only: the second factor is still
 * asked at log-in.
 */
export class AccountRecoveryService {
  constructor(
    private readonly tokens: EmailTokenService,
    private readonly mail: MailService,
    private readonly limits: Limits,
    private readonly rules: LimitPolicy['passwordReset'],
    private readonly loginLimits: LoginLimits,
    private readonly jobs: JobQueue,
    private readonly appUrl: string,
  ) {}

  /** Confirms the e-mail address of a newly registered provider user. */
  async confirmEmail(ctx: RequestContext, token: string): Promise<Outcome> {
    return ctx.em.transactional(async (tx) => {
      const userId = await this.tokens.consume(tx, token.trim(), EmailTokenPurpose.CONFIRM_EMAIL);
      if (!userId) return { ok: false, errors: [UserError.of('token', 'INVALID_TOKEN', LINK_INVALID)] };
      const user = await tx.findOneOrFail(ProviderUser, userId);
      user.emailVerifiedAt ??= ctx.clock.now();
      await tx.flush();
      ctx.log.info({ event: 'email_confirmed' }, 'e-mail address confirmed');
      return { ok: true };
    });
  }

  /**
   * Sends a reset link when the address belongs to an active account of the realm. The answer is the same whether or
   * not it does, and takes as long; only the limits (per typed address and per client address, counted before
   * anything else) can make it differ, for both alike.
   */
  async requestPasswordReset(
    ctx: RequestContext,
    address: string,
    rawEmail: string,
    realm: LoginRealm = 'provider',
  ): Promise<Outcome> {
    const email = normaliseEmail(rawEmail);
    const wrong = emailProblem(email, 'Vul uw e-mailadres in.');
    if (wrong) return problem('email', email ? 'INVALID' : 'REQUIRED', wrong);
    const reservation = await this.limits.reserve(
      check(this.rules.perEmail, `${realm}:${email}`),
      check(this.rules.perAddress, address),
    );
    if (!reservation.ok) {
      return problem(
        null,
        'TOO_MANY_ATTEMPTS',
        `U heeft te vaak een nieuw wachtwoord aangevraagd. ${retryAfterText(reservation.retryAfterSeconds)}`,
      );
    }
    // The same one insert for every address: whether it has an account is only looked at by the job.
    await this.jobs.enqueue(
      ctx,
      'identity.passwordResetRequested',
      { realm, email },
      { maxAttempts: RESET_JOB_MAX_ATTEMPTS },
    );
    ctx.log.info({ event: 'password_reset_requested', realm }, 'password reset requested');
    return { ok: true };
  }

  /**
   * The `identity.passwordResetRequested` job: the account, a fresh token and the mail, in one transaction; nothing
   * for an unknown or inactive address (and nothing in the log that tells which it was).
   */
  async sendResetLink(ctx: RequestContext, { realm, email }: { realm: LoginRealm; email: string }): Promise<void> {
    await transactional(ctx, async (txCtx) => {
      const tx = txCtx.em;
      const where = { email: { $ilike: escapeLike(email) }, active: true };
      const owner = realm === 'staff' ? await tx.findOne(AdminAccount, where) : await tx.findOne(ProviderUser, where);
      if (!owner) return;
      const { purpose, path } = RESET[realm];
      const token = await this.tokens.issue(tx, owner, purpose, TOKEN_LIFETIME_HOURS[purpose]);
      const variables = {
        name: owner.name,
        link: appLink(this.appUrl, `${path}${token}`),
        expiresHours: TOKEN_LIFETIME_HOURS[purpose],
      };
      if (realm === 'staff')
        await this.mail.send(txCtx, { template: 'STAFF_PASSWORD_RESET', to: owner.email, variables });
      else await this.mail.send(txCtx, { template: 'PASSWORD_RESET', to: owner.email, variables });
    });
  }

  /**
   * Sets a new password with a reset (or, for providers, invitation) token: single use, expiring. Ends every session
   * of the account, and clears the log-in wait for this account at the address the link was opened from (the way in
   * for a real user whose account an attacker made wait). For a provider user it also counts as proof of the mailbox.
   */
  async resetPassword(
    ctx: RequestContext,
    address: string,
    token: string,
    newPassword: string,
    realm: LoginRealm = 'provider',
  ): Promise<Outcome> {
    const weak = passwordProblem(newPassword ?? '');
    if (weak) return problem('newPassword', 'WEAK_PASSWORD', weak);
    const hash = await hashPassword(newPassword);
    const result = await ctx.em.transactional(
      async (tx): Promise<{ ok: false; errors: UserError[] } | { ok: true; email: string }> => {
        const ownerId = await this.tokens.consume(tx, (token ?? '').trim(), RESET[realm].purpose);
        if (!ownerId) return { ok: false, errors: [UserError.of('token', 'INVALID_TOKEN', LINK_INVALID)] };
        if (realm === 'staff') {
          const account = await tx.findOne(AdminAccount, { id: ownerId, active: true }, { populate: ['passwordHash'] });
          if (!account) return { ok: false, errors: [UserError.of('token', 'INVALID_TOKEN', LINK_INVALID)] };
          account.passwordHash = hash;
          // An invitation link is a reset link too: choosing the first password completes the invitation.
          account.passwordSetAt ??= ctx.clock.now();
          await tx.flush();
          await tx.nativeDelete(Session, { adminAccount: account.id });
          return { ok: true, email: account.email };
        }
        const user = await tx.findOneOrFail(ProviderUser, ownerId, { populate: ['passwordHash'] });
        user.passwordHash = hash;
        user.emailVerifiedAt ??= ctx.clock.now();
        await tx.flush();
        await tx.nativeDelete(Session, { providerUser: user.id });
        return { ok: true, email: user.email };
      },
    );
    if (!result.ok) return result;
    await this.loginLimits.unlock(realm, result.email.trim().toLowerCase(), address);
    ctx.log.info({ event: 'password_reset', realm }, 'password reset; sessions ended');
    return { ok: true };
  }
}
