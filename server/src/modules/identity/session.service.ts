import { createHmac, randomBytes } from 'node:crypto';
import type { Request, Response } from 'express';
import { parseCookie, stringifySetCookie } from 'cookie';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Session, type PendingStep, type SessionKind } from './session.entity.js';
import { AdminAccount } from '../staff/index.js';
import { ProviderUser } from '../providers/index.js';
import { Person } from '../customers/index.js';
import { Audience, isPermission } from '../../kernel/permissions.js';
import { ANONYMOUS, type Viewer } from '../../kernel/viewer.js';
import type { SettingsService } from '../settings/index.js';
import { applicationNow } from '../../kernel/clock.js';
import * as q from './session.queries.js';

export const SESSION_COOKIE = 'gw_session';

/** What a viewer is made of: a session entity, or its row as `resolveViewer` reads it. */
export interface SessionIdentity {
  id: string;
  kind: SessionKind;
  pendingStep?: PendingStep | null;
  adminAccount?: { id: string } | null;
  providerUser?: { id: string } | null;
  person?: { id: string } | null;
}
const TOUCH_INTERVAL_MS = 5 * 60 * 1000;
const RESIDENT_TOUCH_INTERVAL_MS = 60 * 1000;
/** How long a staff member has for the second step of a log-in (the code, or the required set-up). */
export const PENDING_MINUTES = 15;

export interface SessionSettings {
  secret: string;
  /** SESSION_TTL_HOURS: only the default of the `advanced` settings section now. */
  ttlHours: number;
  secureCookie: boolean;
}

/**
 * Server-side sessions. The browser holds a random 256-bit token in an HttpOnly, SameSite=Lax cookie; the database
 * holds only its HMAC, so a leaked database dump cannot be replayed as a log-in. How long a session lasts, and how
 * long it may sit idle, are settings (section `advanced`, instellingen/geavanceerd).
 */
export class SessionService {
  constructor(
    private readonly settings: SessionSettings,
    private readonly appSettings: Pick<SettingsService, 'get'>,
  ) {}

  private hash(token: string): string {
    return createHmac('sha256', this.settings.secret).update(token).digest('hex');
  }

  tokenFrom(req: Request | undefined): string | undefined {
    const header = req?.headers.cookie;
    if (!header) return undefined;
    return parseCookie(header)[SESSION_COOKIE] || undefined;
  }

  async create(
    em: EntityManager,
    res: Response | undefined,
    kind: SessionKind,
    owner: { adminAccount?: AdminAccount; providerUser?: ProviderUser; person?: Person },
    /** A staff log-in waiting for its second factor: no log-in yet, and it lasts `PENDING_MINUTES`. */
    pendingStep: PendingStep | null = null,
  ): Promise<Session> {
    const token = randomBytes(32).toString('base64url');
    const { sessionLifetimeHours: hours } = await this.appSettings.get('advanced');
    const sessionLifetimeHours = pendingStep ? PENDING_MINUTES / 60 : hours;
    const userAgent = res?.req?.headers?.['user-agent'];
    const session = em.create(Session, {
      pendingStep,
      userAgent: typeof userAgent === 'string' ? userAgent.slice(0, 300) : null,
      tokenHash: this.hash(token),
      kind,
      adminAccount: owner.adminAccount ?? null,
      providerUser: owner.providerUser ?? null,
      person: owner.person ?? null,
      expiresAt: new Date(applicationNow().getTime() + sessionLifetimeHours * 3600 * 1000),
    });
    await em.flush();
    res?.append('Set-Cookie', this.cookie(token, Math.round(sessionLifetimeHours * 3600)));
    return session;
  }

  async destroy(em: EntityManager, req: Request | undefined, res: Response | undefined): Promise<void> {
    const token = this.tokenFrom(req);
    if (token) await em.nativeDelete(Session, { tokenHash: this.hash(token) });
    res?.append('Set-Cookie', this.cookie('', 0));
  }

  private cookie(value: string, maxAge: number): string {
    return stringifySetCookie({
      name: SESSION_COOKIE,
      value: value,
      httpOnly: true,
      sameSite: 'lax',
      secure: this.settings.secureCookie,
      path: '/',
      maxAge,
    });
  }

  /** Who is this request? Anonymous when there is no valid, unexpired session of an active account. */
  async resolveViewer(em: EntityManager, req: Request | undefined): Promise<Viewer> {
    const token = this.tokenFrom(req);
    if (!token) return ANONYMOUS;
    // One prepared statement on every request: the session and, for a resident, their person's household and
    // municipality (no entities: nothing of the request changes the session through the ORM).
    const session = await q.sessionByTokenHash(em, this.hash(token), applicationNow());
    if (!session || session.pending_step) return ANONYMOUS;
    // Idle too long: the session ends (lastSeenAt moves at most every TOUCH_INTERVAL_MS, so allow for that).
    const advanced = await this.appSettings.get('advanced');
    // Residents (DigiD) at most 15 minutes idle; staff and providers the general idle time-out.
    const idleTimeoutMinutes =
      session.kind === 'CUSTOMER' ? advanced.residentIdleTimeoutMinutes : advanced.idleTimeoutMinutes;
    // Residents' sessions are touched every minute and end at their idle time-out itself, so a DigiD session never
    // lives longer than 15 minutes without activity (rather up to a minute early); staff get the touch interval on top.
    const touchInterval = session.kind === 'CUSTOMER' ? RESIDENT_TOUCH_INTERVAL_MS : TOUCH_INTERVAL_MS;
    const allowance = session.kind === 'CUSTOMER' ? 0 : TOUCH_INTERVAL_MS;
    if (applicationNow().getTime() - session.last_seen_at.getTime() > idleTimeoutMinutes * 60_000 + allowance) {
      await em.nativeDelete(Session, { id: session.id });
      return ANONYMOUS;
    }
    if (applicationNow().getTime() - session.last_seen_at.getTime() > touchInterval) {
      await em.nativeUpdate(Session, { id: session.id }, { lastSeenAt: applicationNow() });
    }
    if (session.kind === 'CUSTOMER') {
      // The person came along in the same statement (gone: no viewer).
      if (!session.person_id || !session.client_group_id || !session.municipality_id) return ANONYMOUS;
      return {
        kind: Audience.CUSTOMER,
        sessionId: session.id,
        personId: session.person_id,
        clientGroupId: session.client_group_id,
        municipalityId: session.municipality_id,
      };
    }
    return this.viewerFor(em, {
      id: session.id,
      kind: session.kind,
      pendingStep: session.pending_step,
      adminAccount: session.admin_account_id ? { id: session.admin_account_id } : null,
      providerUser: session.provider_user_id ? { id: session.provider_user_id } : null,
      person: session.person_id ? { id: session.person_id } : null,
    });
  }

  /** The viewer a session stands for; anonymous when its account was deactivated or removed. */
  async viewerFor(em: EntityManager, session: SessionIdentity): Promise<Viewer> {
    if (session.pendingStep) return ANONYMOUS;
    switch (session.kind) {
      case 'STAFF': {
        const account = await em.findOne(
          AdminAccount,
          { id: session.adminAccount!.id, active: true },
          { populate: ['role', 'municipalities'] },
        );
        if (!account) return ANONYMOUS;
        return {
          kind: Audience.STAFF,
          sessionId: session.id,
          adminAccountId: account.id,
          permissions: new Set(account.role.getEntity().permissions.filter(isPermission)),
          municipalityIds: account.allMunicipalities ? null : account.municipalities.getItems().map((m) => m.id),
        };
      }
      case 'PROVIDER': {
        const user = await em.findOne(ProviderUser, { id: session.providerUser!.id, active: true });
        if (!user) return ANONYMOUS;
        return {
          kind: Audience.PROVIDER,
          sessionId: session.id,
          providerUserId: user.id,
          providerId: user.provider.id,
        };
      }
      case 'CUSTOMER': {
        const person = await em.findOne(Person, { id: session.person!.id });
        if (!person) return ANONYMOUS;
        return {
          kind: Audience.CUSTOMER,
          sessionId: session.id,
          personId: person.id,
          clientGroupId: person.clientGroup.id,
          municipalityId: person.municipality.id,
        };
      }
    }
  }

  /** This browser's staff session that waits for the given second step (unexpired), or null. */
  async pending(em: EntityManager, req: Request | undefined, step: PendingStep): Promise<Session | null> {
    const token = this.tokenFrom(req);
    if (!token) return null;
    return em.findOne(Session, {
      tokenHash: this.hash(token),
      kind: 'STAFF',
      pendingStep: step,
      expiresAt: { $gt: applicationNow() },
    });
  }

  /** A staff account's sessions (logged in, unexpired), most recently used first. */
  async ofStaff(em: EntityManager, adminAccountId: string): Promise<Session[]> {
    return em.find(
      Session,
      { adminAccount: adminAccountId, pendingStep: null, expiresAt: { $gt: applicationNow() } },
      { orderBy: { lastSeenAt: 'desc', id: 'asc' } },
    );
  }

  /** Ends every session of a staff account, except `keep` (this browser's, for "log out elsewhere"). */
  async endStaffSessions(em: EntityManager, adminAccountId: string, keep?: string): Promise<number> {
    return em.nativeDelete(Session, { adminAccount: adminAccountId, ...(keep ? { id: { $ne: keep } } : {}) });
  }

  /** Removes expired sessions; run at start and periodically. */
  async purgeExpired(em: EntityManager): Promise<number> {
    return em.nativeDelete(Session, { expiresAt: { $lte: applicationNow() } });
  }
}
