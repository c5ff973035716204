import { Audience } from '../../kernel/permissions.js';
import { ForbiddenError, UserError } from '../../kernel/errors.js';
import { ok, problem, type Result } from '../../kernel/result.js';
import { transactional, type RequestContext } from '../../kernel/request-context.js';
import { hashPassword, passwordProblem, verifyPassword } from '../../crypto/passwords.js';
import { checkAll } from '../../rules/rule.js';
import { ownEmailRules, ownNameRules } from '../../rules/staff-account.js';
import { check, retryAfterText, type Limits } from '../limits/index.js';
import type { LimitPolicy } from '../limits/index.js';
import type { AuditService } from '../audit/index.js';
import type { MailService } from '../communication/index.js';
import { AdminAccount } from '../staff/index.js';
import { EmailTokenPurpose } from './email-token.entity.js';
import { TOKEN_LIFETIME_HOURS, type EmailTokenService } from './email-token.service.js';
import { LINK_INVALID } from './account-recovery.service.js';
import { appLink } from '../../platform/links.js';
import type { SessionService } from './session.service.js';
import type { TwoFactorService } from './two-factor.service.js';
import type { OwnStaffAccount } from './staff-account.types.js';

function own(ctx: RequestContext): { accountId: string; sessionId: string } {
  if (ctx.viewer.kind !== Audience.STAFF) throw new ForbiddenError();
  return { accountId: ctx.viewer.adminAccountId, sessionId: ctx.viewer.sessionId };
}

const escapeLike = (v: string) => v.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * The own staff account (admin/account): name, e-mail change (confirmed through the new address), password change
 * (the NIST rules of rules/password.ts; other sessions end), the own sessions and "log out elsewhere". Two-factor
 * log-in itself is TwoFactorService's.
 */
export class OwnAccountService {
  constructor(
    private readonly sessions: SessionService,
    private readonly twoFactor: TwoFactorService,
    private readonly tokens: EmailTokenService,
    private readonly mail: MailService,
    private readonly audit: AuditService,
    private readonly limits: Limits,
    private readonly rules: Pick<LimitPolicy, 'emailChange' | 'passwordChange'>,
    private readonly appUrl: string,
  ) {}

  async describe(ctx: RequestContext): Promise<OwnStaffAccount> {
    const { accountId, sessionId } = own(ctx);
    const account = await ctx.em.findOneOrFail(AdminAccount, accountId, { populate: ['role'] });
    const sessions = await this.sessions.ofStaff(ctx.em, accountId);
    return {
      id: account.id,
      name: account.name,
      email: account.email,
      roleName: account.role.getEntity().name,
      twoFactorEnabled: !!account.twoFactorEnabledAt,
      twoFactorRequired: await this.twoFactor.required(),
      unusedRecoveryCodes: account.twoFactorEnabledAt ? await this.twoFactor.unusedRecoveryCodes(ctx, accountId) : 0,
      sessions: sessions.map((s) => ({
        id: s.id,
        createdAt: s.createdAt,
        lastSeenAt: s.lastSeenAt,
        userAgent: s.userAgent ?? null,
        current: s.id === sessionId,
      })),
    };
  }

  async updateName(ctx: RequestContext, name: string): Promise<Result<OwnStaffAccount>> {
    const { accountId } = own(ctx);
    const checked = checkAll(ownNameRules, { name });
    if (checked.problems.length)
      return { ok: false, errors: checked.problems.map((p) => UserError.of(p.field, p.code, p.message)) };
    await transactional(ctx, async (tx) => {
      const account = await tx.em.findOneOrFail(AdminAccount, accountId);
      const before = account.name;
      account.name = checked.values.name;
      await tx.em.flush();
      await this.audit.record(tx, {
        action: 'admin_account.name_changed',
        subjectType: 'admin_account',
        subjectId: accountId,
        details: { before, after: account.name },
      });
    });
    return ok(await this.describe(ctx));
  }

  /** Mails a confirmation link to the new address; the account keeps its address until the link is used. */
  async requestEmailChange(ctx: RequestContext, rawEmail: string): Promise<Result<true>> {
    const { accountId } = own(ctx);
    const checked = checkAll(ownEmailRules, { email: rawEmail });
    if (checked.problems.length)
      return { ok: false, errors: checked.problems.map((p) => UserError.of(p.field, p.code, p.message)) };
    const email = checked.values.email.toLowerCase();
    const taken = await ctx.em.findOne(AdminAccount, { email: { $ilike: escapeLike(email) } });
    if (taken?.id === accountId) return problem('email', 'SAME_EMAIL', 'Dit is al het e-mailadres van uw account.');
    if (taken) return problem('email', 'EMAIL_TAKEN', 'Er bestaat al een medewerkersaccount met dit e-mailadres.');
    const reservation = await this.limits.reserve(check(this.rules.emailChange.perAccount, accountId));
    if (!reservation.ok)
      return problem(
        null,
        'TOO_MANY_ATTEMPTS',
        `U heeft te vaak een nieuw e-mailadres opgegeven. ${retryAfterText(reservation.retryAfterSeconds)}`,
      );
    await transactional(ctx, async (tx) => {
      const account = await tx.em.findOneOrFail(AdminAccount, accountId);
      const hours = TOKEN_LIFETIME_HOURS.STAFF_CONFIRM_EMAIL;
      const token = await this.tokens.issue(tx.em, account, EmailTokenPurpose.STAFF_CONFIRM_EMAIL, hours, email);
      await this.mail.send(tx, {
        template: 'STAFF_EMAIL_CHANGE',
        to: email,
        // The token in the fragment: it never reaches a server log.
        variables: {
          name: account.name,
          link: appLink(this.appUrl, `/admin/account#bevestig=${token}`),
          expiresHours: hours,
        },
      });
      await this.audit.record(tx, {
        action: 'admin_account.email_change_requested',
        subjectType: 'admin_account',
        subjectId: accountId,
        details: {},
      });
    });
    return ok(true);
  }

  /** Uses the link from the new address: the account's address changes. Only the account's own owner can use it. */
  async confirmEmailChange(ctx: RequestContext, token: string): Promise<Result<OwnStaffAccount>> {
    const { accountId } = own(ctx);
    const changed = await transactional(ctx, async (tx): Promise<Result<true>> => {
      const used = await this.tokens.consumeEmailChange(tx.em, (token ?? '').trim());
      if (!used || used.accountId !== accountId) return problem('token', 'INVALID_TOKEN', LINK_INVALID);
      const taken = await tx.em.findOne(AdminAccount, {
        email: { $ilike: escapeLike(used.newEmail) },
        id: { $ne: accountId },
      });
      if (taken)
        return problem('token', 'EMAIL_TAKEN', 'Er bestaat intussen al een medewerkersaccount met dit e-mailadres.');
      const account = await tx.em.findOneOrFail(AdminAccount, accountId);
      const before = account.email;
      account.email = used.newEmail;
      await tx.em.flush();
      await this.audit.record(tx, {
        action: 'admin_account.email_changed',
        subjectType: 'admin_account',
        subjectId: accountId,
        details: { before, after: used.newEmail },
      });
      return ok(true);
    });
    if (!changed.ok) return changed;
    return ok(await this.describe(ctx));
  }

  /** A new password after the current one: other sessions end (this one stays). */
  async changePassword(ctx: RequestContext, current: string, next: string): Promise<Result<OwnStaffAccount>> {
    const { accountId, sessionId } = own(ctx);
    const weak = passwordProblem(next ?? '');
    if (weak) return problem('newPassword', 'WEAK_PASSWORD', weak);
    const account = await ctx.em.findOneOrFail(AdminAccount, accountId, { populate: ['passwordHash'] });
    // Limited like a log-in: the attempt is reserved before the current password is checked.
    const reservation = await this.limits.reserve(check(this.rules.passwordChange.perAccount, accountId));
    if (!reservation.ok)
      return problem(
        'currentPassword',
        'TOO_MANY_ATTEMPTS',
        `Te veel pogingen. ${retryAfterText(reservation.retryAfterSeconds)}`,
      );
    if (!current || !(await verifyPassword(account.passwordHash, current)))
      return problem('currentPassword', 'WRONG_PASSWORD', 'Uw huidige wachtwoord klopt niet.');
    await reservation.refund();
    const hash = await hashPassword(next);
    await transactional(ctx, async (tx) => {
      await tx.em.nativeUpdate(AdminAccount, { id: accountId }, { passwordHash: hash, passwordSetAt: ctx.clock.now() });
      const ended = await this.sessions.endStaffSessions(tx.em, accountId, sessionId);
      await this.audit.record(tx, {
        action: 'admin_account.password_changed',
        subjectType: 'admin_account',
        subjectId: accountId,
        details: { sessionsEnded: ended },
      });
    });
    return ok(await this.describe(ctx));
  }

  /** Ends every other session of the own account. */
  async logoutElsewhere(ctx: RequestContext): Promise<Result<OwnStaffAccount>> {
    const { accountId, sessionId } = own(ctx);
    await transactional(ctx, async (tx) => {
      const ended = await this.sessions.endStaffSessions(tx.em, accountId, sessionId);
      await this.audit.record(tx, {
        action: 'admin_account.logged_out_elsewhere',
        subjectType: 'admin_account',
        subjectId: accountId,
        details: { sessionsEnded: ended },
      });
    });
    return ok(await this.describe(ctx));
  }
}
