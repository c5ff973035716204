import { createHash, randomInt } from 'node:crypto';
import type { AuditAction } from '../audit/index.js';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import { ok, problem, type Result } from '../../kernel/result.js';
import { transactional, type RequestContext } from '../../kernel/request-context.js';
import { check, retryAfterText, type Limits } from '../limits/index.js';
import type { LimitPolicy } from '../limits/index.js';
import type { AuditService } from '../audit/index.js';
import type { SettingsService } from '../settings/index.js';
import { AdminAccount } from '../staff/index.js';
import { StaffRecoveryCode } from './staff-recovery-code.entity.js';
import type { TwoFactorSecrets } from './two-factor-secret.js';
import * as q from './two-factor.queries.js';

/** How many recovery codes a set-up gives; each works once. */
export const RECOVERY_CODE_COUNT = 10;
/** A code from the app is accepted up to one period (30 s) early or late: clocks drift. */
const EPOCH_TOLERANCE_SECONDS = 30;
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

export interface TwoFactorSetup {
  /** The secret as text (base32), for typing into the app. */
  secret: string;
  /** otpauth:// URI, what the QR code holds. */
  uri: string;
  /** The QR code as an SVG document. */
  qrSvg: string;
}

const CODE_WRONG = 'Deze code klopt niet. Controleer de code in uw authenticator-app en probeer het opnieuw.';

export function hashRecoveryCode(code: string): string {
  return createHash('sha256').update(normaliseRecoveryCode(code)).digest('hex');
}

function normaliseRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[^a-z0-9]/g, '');
}

/** A recovery code: 10 characters from an unambiguous alphabet (about 49 bits), shown as xxxxx-xxxxx. */
function newRecoveryCode(): string {
  const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]);
  return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`;
}

/**
 * Two-factor log-in for staff with an authenticator app (TOTP, RFC 6238, through otplib) and single-use recovery
 * codes. Every code attempt — in set-up, at log-in, to turn it off — is reserved under the account's limit BEFORE the
 * code is checked (modules/limits), so parallel guesses get no more tries than the limit allows; a right code gives
 * its attempt back. A code's time step is accepted once per account (a conditional update), so an overheard code
 * cannot be replayed; a recovery code is used in one conditional update, so it works exactly once.
 */
export class TwoFactorService {
  constructor(
    private readonly secrets: TwoFactorSecrets,
    private readonly limits: Limits,
    private readonly rules: LimitPolicy['twoFactor'],
    private readonly audit: AuditService,
    private readonly settings: Pick<SettingsService, 'get'>,
    private readonly issuer = 'Gemeentewinkel',
  ) {}

  async required(): Promise<boolean> {
    return (await this.settings.get('security')).requireStaffTwoFactor;
  }

  /** Starts (or restarts) set-up: a new secret, kept aside until a code from the app confirms it. */
  async startSetup(ctx: RequestContext, accountId: string): Promise<Result<TwoFactorSetup>> {
    const account = await ctx.em.findOneOrFail(AdminAccount, { id: accountId, active: true });
    if (account.twoFactorEnabledAt)
      return problem(null, 'ALREADY_ENABLED', 'Tweestapsverificatie staat al aan voor uw account.');
    const secret = generateSecret();
    account.totpPendingSecret = this.secrets.seal(secret);
    await ctx.em.flush();
    const uri = generateURI({ issuer: this.issuer, label: account.email, secret });
    const qrSvg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
    return ok({ secret, uri, qrSvg });
  }

  /** Confirms set-up with a code from the app: two-factor log-in is on; the recovery codes are returned once. */
  async confirmSetup(ctx: RequestContext, accountId: string, code: string): Promise<Result<string[]>> {
    const limited = await this.reserve(accountId);
    if (!limited.ok) return limited;
    return transactional(ctx, async (tx) => {
      const account = await tx.em.findOneOrFail(
        AdminAccount,
        { id: accountId, active: true },
        { populate: ['totpPendingSecret'] },
      );
      if (account.twoFactorEnabledAt)
        return problem<string[]>(null, 'ALREADY_ENABLED', 'Tweestapsverificatie staat al aan voor uw account.');
      if (!account.totpPendingSecret)
        return problem<string[]>('code', 'NO_SETUP', 'Start eerst het instellen van tweestapsverificatie.');
      const secret = this.secrets.open(account.totpPendingSecret);
      const step = await this.check(secret, code, null, ctx);
      if (step === null) return problem<string[]>('code', 'INVALID_CODE', CODE_WRONG);
      await limited.value();
      Object.assign(account, {
        totpSecret: account.totpPendingSecret,
        totpPendingSecret: null,
        twoFactorEnabledAt: ctx.clock.now(),
        totpLastStep: step,
      });
      await tx.em.flush();
      const codes = await this.replaceRecoveryCodes(tx, accountId);
      await this.audit.record(tx, {
        action: 'admin_account.two_factor_enabled',
        subjectType: 'admin_account',
        subjectId: accountId,
        details: {},
      });
      return ok(codes);
    });
  }

  /**
   * Checks a second factor at log-in (or to confirm a change): a 6-digit code from the app, or a recovery code
   * (used up). Limited per account, reserved before checking.
   */
  async verify(ctx: RequestContext, accountId: string, rawCode: string): Promise<Result<'TOTP' | 'RECOVERY_CODE'>> {
    const code = (rawCode ?? '').trim();
    if (!code) return problem('code', 'REQUIRED', 'Vul de code in.');
    const limited = await this.reserve(accountId);
    if (!limited.ok) return limited;
    const account = await ctx.em.findOne(AdminAccount, { id: accountId, active: true }, { populate: ['totpSecret'] });
    if (!account?.totpSecret || !account.twoFactorEnabledAt)
      return problem('code', 'NOT_ENABLED', 'Tweestapsverificatie staat niet aan voor dit account.');
    const digits = code.replace(/\s/g, '');
    if (/^\d{6}$/.test(digits)) {
      const step = await this.check(this.secrets.open(account.totpSecret), digits, account.totpLastStep ?? null, ctx);
      // Accept each time step once: the update only succeeds when no later (or equal) code was used meanwhile.
      const accepted = step !== null && (await q.acceptTotpStep(ctx.em, accountId, step));
      if (!accepted) return problem('code', 'INVALID_CODE', CODE_WRONG);
      await limited.value();
      return ok('TOTP');
    }
    if (!(await q.useRecoveryCode(ctx.em, accountId, hashRecoveryCode(code), ctx.clock.now())))
      return problem(
        'code',
        'INVALID_CODE',
        'Deze code klopt niet. Vul de 6 cijfers uit uw authenticator-app in, of een ongebruikte herstelcode.',
      );
    await limited.value();
    await this.audit.record(ctx, {
      action: 'admin_account.recovery_code_used',
      subjectType: 'admin_account',
      subjectId: accountId,
      details: {},
    });
    return ok('RECOVERY_CODE');
  }

  /** Own account: new recovery codes (the old ones stop working), after a right code. */
  async regenerateRecoveryCodes(ctx: RequestContext, accountId: string, code: string): Promise<Result<string[]>> {
    const verified = await this.verify(ctx, accountId, code);
    if (!verified.ok) return verified;
    return transactional(ctx, async (tx) => {
      const codes = await this.replaceRecoveryCodes(tx, accountId);
      await this.audit.record(tx, {
        action: 'admin_account.recovery_codes_renewed',
        subjectType: 'admin_account',
        subjectId: accountId,
        details: {},
      });
      return ok(codes);
    });
  }

  /** Own account: turns two-factor log-in off after a right code; refused when the settings require it. */
  async disableOwn(ctx: RequestContext, accountId: string, code: string): Promise<Result<true>> {
    if (await this.required())
      return problem(
        null,
        'REQUIRED_BY_SETTINGS',
        'Tweestapsverificatie is verplicht voor alle medewerkers. U kunt het niet uitzetten.',
      );
    const verified = await this.verify(ctx, accountId, code);
    if (!verified.ok) return verified;
    await this.clear(ctx, accountId, 'admin_account.two_factor_disabled');
    return ok(true);
  }

  /** Removes the second factor (own choice, or a colleague's reset): secret, set-up and recovery codes. */
  async clear(ctx: RequestContext, accountId: string, action: AuditAction): Promise<void> {
    await transactional(ctx, async (tx) => {
      await tx.em.nativeUpdate(
        AdminAccount,
        { id: accountId },
        { totpSecret: null, totpPendingSecret: null, twoFactorEnabledAt: null, totpLastStep: null },
      );
      await tx.em.nativeDelete(StaffRecoveryCode, { adminAccount: accountId });
      await this.audit.record(tx, { action, subjectType: 'admin_account', subjectId: accountId, details: {} });
    });
  }

  async unusedRecoveryCodes(ctx: RequestContext, accountId: string): Promise<number> {
    return ctx.em.count(StaffRecoveryCode, { adminAccount: accountId, usedAt: null });
  }

  private async replaceRecoveryCodes(tx: RequestContext, accountId: string): Promise<string[]> {
    await tx.em.nativeDelete(StaffRecoveryCode, { adminAccount: accountId });
    const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
    for (const code of codes)
      tx.em.create(StaffRecoveryCode, { adminAccount: accountId, codeHash: hashRecoveryCode(code) } as never);
    await tx.em.flush();
    return codes;
  }

  /** The matching time step, or null. */
  private async check(
    secret: string,
    code: string,
    afterTimeStep: number | null,
    ctx: RequestContext,
  ): Promise<number | null> {
    const token = (code ?? '').replace(/\s/g, '');
    if (!/^\d{6}$/.test(token)) return null;
    const result = await verify({
      secret,
      token,
      epoch: Math.floor(ctx.clock.now().getTime() / 1000),
      epochTolerance: EPOCH_TOLERANCE_SECONDS,
      ...(afterTimeStep !== null ? { afterTimeStep: Number(afterTimeStep) } : {}),
    });
    return result.valid && 'timeStep' in result ? result.timeStep : null;
  }

  /** Reserves one code attempt; the value gives it back (a right code). */
  private async reserve(accountId: string): Promise<Result<() => Promise<void>>> {
    const reservation = await this.limits.reserve(check(this.rules.perAccount, `staff:${accountId}`));
    if (!reservation.ok)
      return problem(
        'code',
        'TOO_MANY_ATTEMPTS',
        `Te veel onjuiste codes. ${retryAfterText(reservation.retryAfterSeconds)}`,
      );
    return ok(reservation.refund);
  }
}
