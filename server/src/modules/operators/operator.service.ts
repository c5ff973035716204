import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Request, Response } from 'express';
import type { EntityManager } from '@mikro-orm/postgresql';
import { parseCookie, stringifySetCookie } from 'cookie';
import { ALL_PERMISSIONS, Audience } from '../../kernel/permissions.js';
import type { Viewer } from '../../kernel/viewer.js';
import { UserError } from '../../kernel/errors.js';
import { isUuid } from '../../graphql/ids.js';
import { ok, problem, type Result } from '../../kernel/result.js';
import { transactional, type RequestContext } from '../../kernel/request-context.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import { MAIL_MAX_ATTEMPTS } from '../communication/index.js';
import type { AuditActor, AuditService } from '../audit/index.js';
import { check, clientAddress, retryAfterText, type Limits } from '../limits/index.js';
import type { LimitPolicy } from '../limits/index.js';
import * as q from './operator.queries.js';

/** The operator's session cookie: its own, next to the staff session's `gw_session`. */
export const OPERATOR_COOKIE = 'gw_operator';
/** The browser's proof that it asked for a log-in link: a random value whose HMAC is stored with the link. */
export const OPERATOR_NONCE_COOKIE = 'gw_operator_nonce';
/**
 * The operator's own browser: `<random id>.<HMAC of the id and the e-mail address>`, set when a log-in completes. It
 * gives that browser's link requests a budget of their own (policy.ts, operatorLink.perDevice); nothing else.
 */
export const OPERATOR_DEVICE_COOKIE = 'gw_operator_device';
/** The device marker lasts half a year from the last log-in in that browser. */
export const DEVICE_MARKER_DAYS = 180;
/** A log-in link works 10 minutes. */
export const LOGIN_LINK_MINUTES = 10;
/** An invitation link (sent by the command; no browser asked for it) works a day. */
export const INVITE_LINK_HOURS = 24;
/** An operator's log-in lasts at most 4 hours. */
export const OPERATOR_SESSION_HOURS = 4;
/** Acting in a municipality: between 15 and 120 minutes, with a reason of at least 10 characters. */
export const ACT_MIN_MINUTES = 15;
export const ACT_MAX_MINUTES = 120;
export const REASON_MIN_LENGTH = 10;

/** The one answer to a log-in link request, whether or not the address is known. */
export const LINK_REQUESTED_MESSAGE =
  'Als dit adres bij ons bekend is, ontvangt u een e-mail met een inloglink. De link is 10 minuten geldig en werkt alleen in deze browser.';

const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;
const EMAIL_SHAPE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const LINK_REFUSALS = {
  INVALID: 'Deze inloglink is ongeldig. Vraag een nieuwe inloglink aan.',
  USED: 'Deze inloglink is al gebruikt. Een inloglink werkt één keer: vraag een nieuwe aan.',
  EXPIRED: `Deze inloglink is verlopen: een inloglink is ${LOGIN_LINK_MINUTES} minuten geldig. Vraag een nieuwe aan.`,
  OTHER_BROWSER:
    'Deze inloglink is aangevraagd in een andere browser. Open de link in de browser waarin u hem aanvroeg, of vraag in deze browser een nieuwe inloglink aan.',
} as const;

export interface OperatorSessionInfo {
  sessionId: string;
  operatorId: string;
  email: string;
  name: string | null;
  expiresAt: Date;
  act: { municipalityId: string; municipalityName: string; reason: string; until: Date } | null;
}

export interface ActInput {
  municipalityId: string;
  reason: string;
  minutes: number;
}

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

/** `o…@example.nl`: enough to recognise an address in a log line, never the whole of it. */
export function maskEmail(email: string): string {
  const [local = '', domain = ''] = email.split('@');
  return `${local.slice(0, 1)}…@${domain}`;
}

/**
 * Operators of Lightbase (the vendor's support staff): a kind of account of its own, not staff. They log in with a
 * magic link: single use, valid 10 minutes, bound to the browser that asked for it (a random cookie set with the
 * request; only its HMAC is stored with the link), rate limited per address and per client address (reserved before
 * anything is looked up; the operator's own browser has a budget of its own), and the same answer whether or not the
 * address is known. Links and sessions are stored as
 * hashes only, and never logged in full.
 *
 * An operator may act in one municipality's admin area for a stated reason and a limited time: the request's viewer
 * is then a Beheerder-like staff viewer scoped to that municipality, with `operator` set (app/contexts.ts asks
 * `actingViewer` first), and every audit row names the operator (actor kind OPERATOR) and carries the reason.
 */
export class OperatorService {
  constructor(
    private readonly settings: { secret: string; secureCookie: boolean; appUrl: string },
    private readonly jobs: JobQueue,
    private readonly audit: AuditService,
    private readonly limits: Limits,
    private readonly rules: LimitPolicy['operatorLink'],
  ) {}

  private hmac(value: string): string {
    return createHmac('sha256', this.settings.secret).update(`operator:${value}`).digest('hex');
  }

  private cookie(name: string, value: string, maxAgeSeconds: number): string {
    return stringifySetCookie({
      name,
      value,
      httpOnly: true,
      sameSite: 'lax',
      secure: this.settings.secureCookie,
      path: '/',
      maxAge: maxAgeSeconds,
    });
  }

  private cookieValue(req: Request | undefined, name: string): string | undefined {
    const header = req?.headers.cookie;
    if (!header) return undefined;
    return parseCookie(header)[name] || undefined;
  }

  static actor(operatorId: string): AuditActor {
    return { kind: 'OPERATOR', id: operatorId };
  }

  // ---- invitation (the command) ----------------------------------------------------------------------------------

  /**
   * `npm run operator -- invite <e-mail>`: the operator (made when new, made active again when deactivated) and a mail
   * with an invitation link. Recorded in the audit log as the command's work.
   */
  async invite(ctx: RequestContext, rawEmail: string, name: string | null = null): Promise<Result<{ id: string }>> {
    const email = rawEmail.trim().toLowerCase();
    if (!EMAIL_SHAPE.test(email)) return problem('email', 'INVALID', 'Vul een geldig e-mailadres in.');
    return transactional(ctx, async (tx) => {
      const row = await q.upsertOperator(tx.em, email, name, tx.clock.now());
      const token = await this.issue(tx.em, tx.clock.now(), row.id, 'INVITE', null);
      await this.sendMail(tx, email, 'OPERATOR_INVITE', 'Uw uitnodiging voor de beheerconsole van Lightbase', [
        'Beste collega,',
        '',
        'U bent uitgenodigd als operator van Lightbase: u ondersteunt de gemeenten in de beheerconsole.',
        '',
        'Log de eerste keer in via deze link:',
        `${this.settings.appUrl}/_lightbase/auth/${token}`,
        '',
        `De link is ${INVITE_LINK_HOURS} uur geldig en werkt één keer. Daarna vraagt u op ${this.settings.appUrl}/_lightbase/login een inloglink aan met dit e-mailadres.`,
        '',
        'Verwachtte u deze uitnodiging niet? Dan kunt u deze e-mail negeren.',
        '',
        'Met vriendelijke groet,',
        'Lightbase',
      ]);
      await this.audit.record(tx, {
        action: row.created ? 'operator.invited' : 'operator.invited_again',
        subjectType: 'operator',
        subjectId: row.id,
      });
      tx.log.info({ event: 'operator_invited', operatorId: row.id, email: maskEmail(email) }, 'operator invited');
      return ok({ id: row.id });
    });
  }

  // ---- log-in ----------------------------------------------------------------------------------------------------

  /** A device marker for this e-mail address: the browser's id (a new random one at first), signed with the address. */
  private deviceMarker(email: string, id = randomBytes(16).toString('base64url')): string {
    return `${id}.${this.hmac(`device:${id}:${email}`)}`;
  }

  /** The id of this browser's device marker when it is genuine and for this e-mail address; null otherwise. */
  private deviceOf(req: Request | undefined, email: string): string | null {
    const [id, mac] = (this.cookieValue(req, OPERATOR_DEVICE_COOKIE) ?? '').split('.');
    if (!id || !mac || !/^[A-Za-z0-9_-]{22}$/.test(id)) return null;
    const expected = Buffer.from(this.hmac(`device:${id}:${email}`));
    const given = Buffer.from(mac);
    return given.length === expected.length && timingSafeEqual(given, expected) ? id : null;
  }

  /**
   * /_lightbase/login: a log-in link for this browser. The same answer for a known and an unknown address; the
   * attempt is reserved before anything is looked up: under the e-mail address and the client address, or, from a
   * browser the operator logged in with before (its signed device marker for this address), under that browser only.
   * So strangers who know the address can spend its budget, but not the operator's own: that one is slowed, never
   * blocked.
   */
  async requestLoginLink(ctx: RequestContext & { req?: Request; res?: Response }, rawEmail: string) {
    const email = rawEmail.trim().toLowerCase();
    if (!EMAIL_SHAPE.test(email)) return problem<string>('email', 'INVALID', 'Vul een geldig e-mailadres in.');
    const device = this.deviceOf(ctx.req, email);
    const reservation = await this.limits.reserve(
      ...(device
        ? [check(this.rules.perDevice, device)]
        : [check(this.rules.perAddress, email), check(this.rules.perIp, clientAddress(ctx.req))]),
    );
    if (!reservation.ok) {
      ctx.log.info({ event: 'operator_link_limited', refusedBy: reservation.refusedBy }, 'operator link limited');
      return problem<string>(
        null,
        'TOO_MANY_ATTEMPTS',
        `U heeft te vaak een inloglink aangevraagd. ${retryAfterText(reservation.retryAfterSeconds)}`,
      );
    }
    // Every request gets a fresh browser proof, known address or not: the answer looks the same.
    const nonce = randomBytes(32).toString('base64url');
    ctx.res?.append('Set-Cookie', this.cookie(OPERATOR_NONCE_COOKIE, nonce, LOGIN_LINK_MINUTES * 60));
    // The same work for a known and an unknown address: one job; the job looks the address up.
    await this.jobs.enqueue(
      ctx,
      'operators.loginLinkRequested',
      { email, browserHash: this.hmac(nonce) },
      { maxAttempts: 5 },
    );
    return ok(LINK_REQUESTED_MESSAGE);
  }

  /** The `operators.loginLinkRequested` job: the operator, a link bound to the browser, and the mail; or nothing. */
  async sendLoginLink(ctx: RequestContext, payload: { email: string; browserHash: string }): Promise<void> {
    await transactional(ctx, async (tx) => {
      const operator = await q.activeOperatorByEmail(tx.em, payload.email);
      if (!operator) {
        tx.log.info({ event: 'operator_link_unknown' }, 'operator link requested for an unknown address');
        return;
      }
      const token = await this.issue(tx.em, tx.clock.now(), operator.id, 'LOGIN', payload.browserHash);
      await this.sendMail(tx, operator.email, 'OPERATOR_LOGIN', 'Uw inloglink voor de beheerconsole van Lightbase', [
        'Beste collega,',
        '',
        'U vroeg een inloglink aan voor de beheerconsole van Lightbase:',
        `${this.settings.appUrl}/_lightbase/auth/${token}`,
        '',
        `De link is ${LOGIN_LINK_MINUTES} minuten geldig, werkt één keer en alleen in de browser waarin u hem aanvroeg.`,
        '',
        'Heeft u geen inloglink aangevraagd? Dan kunt u deze e-mail negeren.',
        '',
        'Met vriendelijke groet,',
        'Lightbase',
      ]);
      tx.log.info({ event: 'operator_link_sent', operatorId: operator.id }, 'operator log-in link sent');
    });
  }

  private async issue(
    em: EntityManager,
    now: Date,
    operatorId: string,
    purpose: 'LOGIN' | 'INVITE',
    browserHash: string | null,
  ): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    const lifetimeMs = purpose === 'LOGIN' ? LOGIN_LINK_MINUTES * 60_000 : INVITE_LINK_HOURS * 3600_000;
    await q.insertLoginToken(em, {
      operatorId,
      tokenHash: sha256(token),
      purpose,
      browserHash,
      createdAt: now,
      expiresAt: new Date(now.getTime() + lifetimeMs),
    });
    return token;
  }

  /** A fixed text (never an editable template: no municipality can change what an operator receives). */
  private async sendMail(tx: RequestContext, to: string, key: string, subject: string, lines: string[]) {
    const mailId = await q.insertFixedMail(tx.em, {
      to,
      templateKey: key,
      subject,
      body: lines.join('\n'),
      createdAt: tx.clock.now(),
    });
    await this.jobs.enqueue(tx, 'mail.send', { mailId }, { jobKey: `mail:${mailId}`, maxAttempts: MAIL_MAX_ATTEMPTS });
  }

  /**
   * /_lightbase/auth/{token}: uses the link (once, in one conditional statement) and starts an operator session. A
   * log-in link only in the browser that asked for it; a refusal says why (used, expired, another browser).
   */
  async completeLogin(
    ctx: RequestContext & { req?: Request; res?: Response },
    token: string,
  ): Promise<Result<OperatorSessionInfo>> {
    const refuse = (code: keyof typeof LINK_REFUSALS) => problem<OperatorSessionInfo>(null, code, LINK_REFUSALS[code]);
    if (!TOKEN_SHAPE.test(token)) return refuse('INVALID');
    const now = ctx.clock.now();
    const nonce = this.cookieValue(ctx.req, OPERATOR_NONCE_COOKIE);
    const browserHash = nonce ? this.hmac(nonce) : null;
    const link = await q.loginLinkByHash(ctx.em, sha256(token));
    if (!link) return refuse('INVALID');
    if (link.used_at) return refuse('USED');
    if (new Date(link.expires_at) <= now) return refuse('EXPIRED');
    if (link.purpose === 'LOGIN' && link.browser_hash !== browserHash) {
      ctx.log.info({ event: 'operator_link_other_browser' }, 'operator link opened in another browser');
      return refuse('OTHER_BROWSER');
    }
    const sessionToken = randomBytes(32).toString('base64url');
    const started = await transactional(ctx, async (tx) => {
      const operatorId = await q.useLoginLink(tx.em, link.id, now);
      if (!operatorId) return null;
      await q.setLastLogin(tx.em, operatorId, now);
      await q.insertSession(tx.em, {
        operatorId,
        tokenHash: this.hmac(sessionToken),
        createdAt: now,
        expiresAt: new Date(now.getTime() + OPERATOR_SESSION_HOURS * 3600_000),
      });
      await this.audit.record(
        tx,
        { action: 'operator.logged_in', subjectType: 'operator', subjectId: operatorId },
        OperatorService.actor(operatorId),
      );
      return operatorId;
    });
    if (!started) return refuse('USED');
    // An earlier operator session of this browser ends: no fixation.
    const earlier = this.cookieValue(ctx.req, OPERATOR_COOKIE);
    if (earlier) await q.deleteSessionByHash(ctx.em, this.hmac(earlier));
    ctx.res?.append('Set-Cookie', this.cookie(OPERATOR_COOKIE, sessionToken, OPERATOR_SESSION_HOURS * 3600));
    ctx.res?.append('Set-Cookie', this.cookie(OPERATOR_NONCE_COOKIE, '', 0));
    const session = await this.sessionByToken(ctx.em, sessionToken, now);
    if (!session) return refuse('INVALID');
    // This browser is the operator's own from now on (the same one as before, if it was): its link requests get a
    // budget of their own, for half a year from this log-in.
    const email = session.email.toLowerCase();
    const marker = this.deviceMarker(email, this.deviceOf(ctx.req, email) ?? undefined);
    ctx.res?.append('Set-Cookie', this.cookie(OPERATOR_DEVICE_COOKIE, marker, DEVICE_MARKER_DAYS * 24 * 3600));
    return ok(session);
  }

  /** Ends this browser's operator session (and with it any acting). */
  async logout(ctx: RequestContext & { req?: Request; res?: Response }): Promise<boolean> {
    const session = await this.session(ctx);
    if (session) {
      await q.deleteSession(ctx.em, session.sessionId);
      await this.audit.record(
        ctx,
        { action: 'operator.logged_out', subjectType: 'operator', subjectId: session.operatorId },
        OperatorService.actor(session.operatorId),
      );
    }
    ctx.res?.append('Set-Cookie', this.cookie(OPERATOR_COOKIE, '', 0));
    return true;
  }

  // ---- the session -----------------------------------------------------------------------------------------------

  /** This browser's operator session (unexpired, of an active operator), or null. */
  async session(ctx: Pick<RequestContext, 'em' | 'clock'> & { req?: Request }): Promise<OperatorSessionInfo | null> {
    const token = this.cookieValue(ctx.req, OPERATOR_COOKIE);
    if (!token || !TOKEN_SHAPE.test(token)) return null;
    return this.sessionByToken(ctx.em, token, ctx.clock.now());
  }

  private async sessionByToken(em: EntityManager, token: string, now: Date): Promise<OperatorSessionInfo | null> {
    const row = await q.sessionByHash(em, this.hmac(token), now);
    if (!row) return null;
    const acting =
      row.act_municipality_id &&
      row.act_until &&
      new Date(row.act_until) > now &&
      row.act_reason &&
      row.municipality_name;
    return {
      sessionId: row.id,
      operatorId: row.operator_id,
      email: row.email,
      name: row.name,
      expiresAt: new Date(row.expires_at),
      act: acting
        ? {
            municipalityId: row.act_municipality_id!,
            municipalityName: row.municipality_name!,
            reason: row.act_reason!,
            until: new Date(row.act_until!),
          }
        : null,
    };
  }

  /**
   * The viewer of a request from an operator who acts in a municipality now: a Beheerder-like staff viewer (every
   * permission) scoped to that one municipality, with `operator` set; null otherwise (then the ordinary session
   * decides). Ends by itself at `act_until`.
   */
  async actingViewer(ctx: Pick<RequestContext, 'em' | 'clock'> & { req?: Request }): Promise<Viewer | null> {
    if (!this.cookieValue(ctx.req, OPERATOR_COOKIE)) return null;
    const session = await this.session(ctx);
    if (!session?.act) return null;
    return {
      kind: Audience.STAFF,
      sessionId: session.sessionId,
      adminAccountId: session.operatorId,
      permissions: new Set(ALL_PERMISSIONS),
      municipalityIds: [session.act.municipalityId],
      operator: {
        operatorId: session.operatorId,
        operatorSessionId: session.sessionId,
        municipalityId: session.act.municipalityId,
        reason: session.act.reason,
        until: session.act.until,
      },
    };
  }

  // ---- acting in a municipality -----------------------------------------------------------------------------------

  /** Starts acting in a municipality's admin area: a reason (at least 10 characters) and 15–120 minutes. */
  async startActing(ctx: RequestContext & { req?: Request }, input: ActInput): Promise<Result<OperatorSessionInfo>> {
    const session = await this.session(ctx);
    if (!session) return notLoggedIn();
    const reason = input.reason.trim().replace(/\s+/g, ' ');
    const errors: UserError[] = [];
    if (reason.length < REASON_MIN_LENGTH)
      errors.push(
        UserError.of(
          'reason',
          'REASON_REQUIRED',
          `Geef de reden op waarom u in deze gemeente werkt, in ten minste ${REASON_MIN_LENGTH} tekens.`,
        ),
      );
    if (reason.length > 500)
      errors.push(UserError.of('reason', 'TOO_LONG', 'De reden is te lang (ten hoogste 500 tekens).'));
    if (!Number.isInteger(input.minutes) || input.minutes < ACT_MIN_MINUTES || input.minutes > ACT_MAX_MINUTES)
      errors.push(
        UserError.of(
          'minutes',
          'OUT_OF_RANGE',
          `Kies een duur van ${ACT_MIN_MINUTES} tot en met ${ACT_MAX_MINUTES} minuten.`,
        ),
      );
    const municipality = isUuid(input.municipalityId)
      ? await q.municipalityById(ctx.em, input.municipalityId)
      : undefined;
    if (!municipality) errors.push(UserError.of('municipalityId', 'NOT_FOUND', 'Kies een bestaande gemeente.'));
    const [first, ...rest] = errors;
    if (first) return { ok: false, errors: [first, ...rest] };
    const now = ctx.clock.now();
    // Never past the end of the operator's own session.
    const until = new Date(Math.min(now.getTime() + input.minutes * 60_000, session.expiresAt.getTime()));
    await transactional(ctx, async (tx) => {
      await q.startSessionActing(tx.em, session.sessionId, {
        municipalityId: municipality!.id,
        reason,
        startedAt: now,
        until,
      });
      await this.audit.record(
        tx,
        {
          action: 'operator.acting_started',
          subjectType: 'municipality',
          subjectId: municipality!.id,
          details: {
            municipalityId: municipality!.id,
            operatorReason: reason,
            until: until.toISOString(),
            minutes: input.minutes,
          },
        },
        OperatorService.actor(session.operatorId),
      );
    });
    return ok({
      ...session,
      act: { municipalityId: municipality!.id, municipalityName: municipality!.name, reason, until },
    });
  }

  /** Stops acting (the banner's "Stoppen"); the operator stays logged in to the console. */
  async stopActing(ctx: RequestContext & { req?: Request }): Promise<Result<OperatorSessionInfo>> {
    const session = await this.session(ctx);
    if (!session) return notLoggedIn();
    if (session.act) {
      await transactional(ctx, async (tx) => {
        await q.stopSessionActing(tx.em, session.sessionId);
        await this.audit.record(
          tx,
          {
            action: 'operator.acting_stopped',
            subjectType: 'municipality',
            subjectId: session.act!.municipalityId,
            details: { municipalityId: session.act!.municipalityId, operatorReason: session.act!.reason },
          },
          OperatorService.actor(session.operatorId),
        );
      });
    }
    return ok({ ...session, act: null });
  }

  /** Removes expired links and sessions. */
  async purgeExpired(ctx: RequestContext): Promise<void> {
    const dayAgo = new Date(ctx.clock.now().getTime() - 24 * 3600_000);
    await q.deleteLinksExpiredBefore(ctx.em, dayAgo);
    await q.deleteSessionsExpiredBefore(ctx.em, ctx.clock.now());
  }
}

export function notLoggedIn<T>(): Result<T> {
  return problem<T>(
    null,
    'UNAUTHENTICATED',
    'U bent niet (meer) ingelogd in de beheerconsole. Vraag een nieuwe inloglink aan.',
  );
}
