import type { Context } from '../../graphql/context.js';
import { UserError } from '../../graphql/errors.js';
import { hashPassword, passwordProblem } from '../../crypto/passwords.js';
import { ProviderUser } from '../providers/provider-user.entity.js';
import { emailProblem, normaliseEmail } from '../providers/provider.validation.js';
import { Session } from './session.entity.js';
import { EmailTokenPurpose } from './email-token.entity.js';
import { TOKEN_LIFETIME_HOURS, type EmailTokenService } from './email-token.service.js';
import { retryAfterText, type RequestThrottle } from './request-throttle.js';
import type { MailService } from '../communication/mail.service.js';

export type Outcome = { ok: true } | { ok: false; errors: UserError[] };

export const LINK_INVALID =
  'Deze link werkt niet (meer). Hij is al gebruikt, verlopen of niet volledig overgenomen uit de e-mail.';

/** Builds absolute links for e-mails from APP_URL. */
export function appLink(appUrl: string, path: string): string {
  return new URL(path, appUrl.endsWith('/') ? appUrl : `${appUrl}/`).toString();
}

/**
 * E-mail confirmation and the forgotten-password flow for provider users.
 *
 * Staff accounts do not use this self-service reset: their accounts are managed at /admin/beheer/accounts
 * (ACCOUNT_MANAGE) and will carry a second factor, which a reset link by e-mail alone would bypass.
 */
export class AccountRecoveryService {
  constructor(
    private readonly tokens: EmailTokenService,
    private readonly mail: MailService,
    private readonly throttle: RequestThrottle,
    private readonly appUrl: string,
  ) {}

  /** Confirms the e-mail address of a newly registered provider user. */
  async confirmEmail(ctx: Context, token: string): Promise<Outcome> {
    return ctx.em.transactional(async (tx) => {
      const userId = await this.tokens.consume(tx, token.trim(), EmailTokenPurpose.CONFIRM_EMAIL);
      if (!userId) return { ok: false, errors: [UserError.of('token', 'INVALID_TOKEN', LINK_INVALID)] };
      const user = await tx.findOneOrFail(ProviderUser, userId);
      user.emailVerifiedAt ??= new Date();
      await tx.flush();
      ctx.log.info({ event: 'email_confirmed' }, 'e-mail address confirmed');
      return { ok: true };
    });
  }

  /**
   * Sends a reset link when the address belongs to an active provider user. The answer is the same whether or not
   * it does; only the rate limit (per typed address and per client address) can make it differ, for both alike.
   */
  async requestPasswordReset(ctx: Context, rawEmail: string): Promise<Outcome> {
    const email = normaliseEmail(rawEmail);
    const problem = emailProblem(email, 'Vul uw e-mailadres in.');
    if (problem) return { ok: false, errors: [UserError.of('email', email ? 'INVALID' : 'REQUIRED', problem)] };
    const wait = await this.throttle.consume(email, ctx.req?.ip ?? 'unknown');
    if (wait > 0) {
      return {
        ok: false,
        errors: [UserError.of(null, 'TOO_MANY_ATTEMPTS', `U heeft te vaak een nieuw wachtwoord aangevraagd. ${retryAfterText(wait)}`)],
      };
    }
    await ctx.em.transactional(async (tx) => {
      const user = await tx.findOne(ProviderUser, { email: { $ilike: escapeLike(email) }, active: true });
      if (!user) return;
      const token = await this.tokens.issue(tx, user, EmailTokenPurpose.RESET_PASSWORD, TOKEN_LIFETIME_HOURS.RESET_PASSWORD);
      await this.mail.send(tx, {
        template: 'PASSWORD_RESET',
        to: user.email,
        variables: {
          name: user.name,
          link: appLink(this.appUrl, `/wachtwoord-vergeten/${token}`),
          expiresHours: TOKEN_LIFETIME_HOURS.RESET_PASSWORD,
        },
      });
    });
    ctx.log.info({ event: 'password_reset_requested' }, 'password reset requested');
    return { ok: true };
  }

  /**
   * Sets a new password with a reset (or invitation) token: single use, expiring. Ends every session of the user,
   * and counts as proof of the mailbox (the address is then verified).
   */
  async resetPassword(ctx: Context, token: string, newPassword: string): Promise<Outcome> {
    const problem = passwordProblem(newPassword ?? '');
    if (problem) return { ok: false, errors: [UserError.of('newPassword', 'WEAK_PASSWORD', problem)] };
    const hash = await hashPassword(newPassword);
    return ctx.em.transactional(async (tx) => {
      const userId = await this.tokens.consume(tx, (token ?? '').trim(), EmailTokenPurpose.RESET_PASSWORD);
      if (!userId) return { ok: false, errors: [UserError.of('token', 'INVALID_TOKEN', LINK_INVALID)] };
      const user = await tx.findOneOrFail(ProviderUser, userId, { populate: ['passwordHash'] });
      user.passwordHash = hash;
      user.emailVerifiedAt ??= new Date();
      await tx.flush();
      await tx.nativeDelete(Session, { providerUser: user.id });
      ctx.log.info({ event: 'password_reset' }, 'password reset; sessions ended');
      return { ok: true } as Outcome;
    });
  }
}

/** The e-mail is matched case-insensitively, but literally. */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (c) => `\\${c}`);
}
