import { randomBytes } from 'node:crypto';
import { Reference, UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Audience, Permission } from '../../kernel/permissions.js';
import type { Viewer } from '../../kernel/viewer.js';
import { lacking, reachesScope } from '../../graphql/auth/grants.js';
import { ForbiddenError, UserError } from '../../kernel/errors.js';
import { isUuid } from '../../graphql/ids.js';
import { inScope, reachesAll, scopeSql, type SqlCondition } from '../../kernel/scope.js';
import type { ConnectionOf, ListArgs } from '../../graphql/pagination.js';
import { keysetPage } from '../../graphql/keyset.js';
import { ok, problem, type Result } from '../../kernel/result.js';
import { transactional, type RequestContext } from '../../kernel/request-context.js';
import { hashPassword } from '../../crypto/passwords.js';
import { checkAll } from '../../rules/rule.js';
import { staffInvitationRules } from '../../rules/staff-account.js';
import { check, retryAfterText, type Limits } from '../limits/index.js';
import type { LimitPolicy } from '../limits/index.js';
import type { AuditService } from '../audit/index.js';
import type { MailService } from '../communication/index.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import { Municipality } from '../municipalities/index.js';
import { countClientsAnsweringTo } from '../api-clients/index.js';
import { AdminAccount } from '../staff/index.js';
import { Role } from '../roles/index.js';
import { EmailTokenPurpose } from './email-token.entity.js';
import { TOKEN_LIFETIME_HOURS, type EmailTokenService } from './email-token.service.js';
import { appLink } from '../../platform/links.js';
import type { SessionService } from './session.service.js';
import type { TwoFactorService } from './two-factor.service.js';
import { StaffAccountStatus, type StaffAccount, type StaffAccountFilter } from './staff-account.types.js';
import * as q from './staff-account.queries.js';

/** Staff, or an API client with ACCOUNT_MANAGE (no account of its own: the self rules do not apply to it). */
type StaffViewer = Extract<Viewer, { kind: Audience.STAFF | Audience.API_CLIENT }>;

/**
 * A staff account belongs to every municipality it works for, and one with every municipality to each of them: the
 * viewer sees it when their scope (kernel/scope.ts) reaches one of those. Whether they may change it is the grant rule.
 */
function accountScope(viewer: Viewer): SqlCondition {
  if (reachesAll(viewer)) return { sql: '(true)', params: [] };
  const scope = scopeSql(viewer, 'am.municipality_id');
  return {
    sql: `(a.all_municipalities or exists (select 1 from admin_account_municipality am where am.admin_account_id = a.id and ${scope.sql}))`,
    params: scope.params,
  };
}

function accountInScope(viewer: Viewer, account: AdminAccount): boolean {
  return (
    reachesAll(viewer) ||
    account.allMunicipalities ||
    account.municipalities.getItems().some((m) => inScope(viewer, m.id))
  );
}

/** The viewer's own admin account; null for an API client and for an operator acting in a municipality. */
const accountIdOf = (viewer: StaffViewer): string | null =>
  viewer.kind === Audience.STAFF && !viewer.operator ? viewer.adminAccountId : null;

export interface StaffAccountInput {
  name: string;
  roleId: string;
  allMunicipalities: boolean;
  municipalityIds: readonly string[];
}

const NOT_FOUND = 'Dit account bestaat niet (meer).';
const SELF =
  'U kunt uw eigen rol, gemeenten of toegang niet wijzigen: zo sluit u zichzelf niet buiten. Vraag een collega met dit recht.';

function staffViewer(ctx: RequestContext): StaffViewer {
  if (
    (ctx.viewer.kind !== Audience.STAFF && ctx.viewer.kind !== Audience.API_CLIENT) ||
    !ctx.viewer.permissions.has(Permission.ACCOUNT_MANAGE)
  )
    throw new ForbiddenError();
  return ctx.viewer;
}

/**
 * Staff accounts (beheer/accounts): invitations, role and municipality scope, deactivation and reactivation, and a
 * colleague's two-factor reset. The rules that keep the admin area governable:
 *
 * - nobody grants more than they hold: the role's permissions and the municipalities must be the viewer's own, and
 *   an account that holds more than the viewer (a permission or municipality they lack) cannot be changed by them;
 * - nobody changes their own role, scope or access here (no locking oneself out; the own account page is for the rest);
 * - there is always an active Beheerder: the last one cannot be demoted or deactivated. Changes that could remove a
 *   Beheerder take one transaction-wide advisory lock, so two parallel demotions cannot both pass the check.
 *
 * Every change is audit-logged with the real actor.
 */
export class StaffAccountService {
  constructor(
    private readonly sessions: SessionService,
    private readonly twoFactor: TwoFactorService,
    private readonly tokens: EmailTokenService,
    private readonly mail: MailService,
    private readonly jobs: JobQueue,
    private readonly audit: AuditService,
    private readonly limits: Limits,
    private readonly rules: LimitPolicy['staffInvitation'],
    private readonly appUrl: string,
  ) {}

  async list(
    ctx: RequestContext,
    filter: StaffAccountFilter | null | undefined,
    page: ListArgs,
  ): Promise<ConnectionOf<StaffAccount>> {
    staffViewer(ctx);
    const search = { search: filter?.search?.trim(), roleId: filter?.roleId, status: filter?.status };
    return keysetPage(
      q.BY_NAME,
      page,
      (after, limit) => {
        const scope = accountScope(ctx.viewer);
        if (filter?.roleId && !isUuid(filter.roleId)) return null;
        return q.staffAccountPage(ctx.em, scope, search, after, limit);
      },
      async (pageRows) => {
        const accounts = await ctx.em.find(
          AdminAccount,
          { id: { $in: pageRows.map((r) => r.id) } },
          { populate: ['role', 'municipalities'] },
        );
        const byId = new Map(accounts.map((a) => [a.id, a]));
        return pageRows.map((r) => this.view(ctx, byId.get(r.id)!));
      },
    );
  }

  async get(ctx: RequestContext, id: string): Promise<StaffAccount | null> {
    staffViewer(ctx);
    if (!isUuid(id)) return null;
    const account = await ctx.em.findOne(AdminAccount, id, { populate: ['role', 'municipalities'] });
    return account && accountInScope(ctx.viewer, account) ? this.view(ctx, account) : null;
  }

  /** The roles the viewer may give: those with no permission the viewer lacks. */
  async assignableRoles(ctx: RequestContext): Promise<Role[]> {
    const viewer = staffViewer(ctx);
    const roles = await ctx.em.find(Role, {}, { orderBy: { name: 'asc' } });
    return roles.filter((r) => r.permissions.every((p) => viewer.permissions.has(p)));
  }

  /**
   * Invites a colleague: an account with a password nobody knows, and (by the `identity.staffInvitation` job, in the
   * same transaction) a mail with a single-use link to choose one. An address that already has a staff account is
   * refused by name: the account list is the viewer's to see anyway.
   */
  async invite(ctx: RequestContext, input: StaffAccountInput & { email: string }): Promise<Result<StaffAccount>> {
    const viewer = staffViewer(ctx);
    const checked = checkAll(staffInvitationRules, { name: input.name, email: input.email });
    if (checked.problems.length)
      return { ok: false, errors: checked.problems.map((p) => UserError.of(p.field, p.code, p.message)) };
    const email = checked.values.email.toLowerCase();
    const name = checked.values.name;
    const existing = await this.existingAddress(ctx.em, email);
    if (existing) return existing;
    const reservation = await this.limits.reserve(
      check(
        this.rules.perAccount,
        accountIdOf(viewer) ??
          (viewer.kind === Audience.API_CLIENT
            ? `api:${viewer.apiClientId}`
            : `operator:${viewer.operator?.operatorId}`),
      ),
    );
    if (!reservation.ok)
      return problem(
        null,
        'TOO_MANY_ATTEMPTS',
        `U heeft te veel uitnodigingen verstuurd. ${retryAfterText(reservation.retryAfterSeconds)}`,
      );
    // Nobody can log in with this hash: the colleague chooses a password through the link.
    const unusable = await hashPassword(randomBytes(32).toString('base64url'));
    try {
      return await transactional(ctx, async (tx): Promise<Result<StaffAccount>> => {
        const grant = await this.checkGrant(tx.em, viewer, input);
        if (!grant.ok) return grant;
        const account = tx.em.create(AdminAccount, {
          email,
          name,
          passwordHash: unusable,
          role: grant.value.role,
          allMunicipalities: input.allMunicipalities,
          passwordSetAt: null,
          invitedBy: accountIdOf(viewer),
        } as never);
        account.municipalities.set(grant.value.municipalities);
        await tx.em.flush();
        await this.audit.record(tx, {
          action: 'admin_account.invited',
          subjectType: 'admin_account',
          subjectId: account.id,
          details: {
            role: grant.value.role.name,
            allMunicipalities: input.allMunicipalities,
            municipalityIds: grant.value.municipalities.map((m) => m.id),
          },
        });
        await this.jobs.enqueue(tx, 'identity.staffInvitation', { accountId: account.id }, { maxAttempts: 10 });
        return ok(this.view(tx, account));
      });
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException)
        return (await this.existingAddress(ctx.em.fork(), email)) ?? Promise.reject(error);
      throw error;
    }
  }

  /** Sends a fresh invitation link (the earlier one stops working) to a colleague who has not chosen a password. */
  async resendInvitation(ctx: RequestContext, id: string): Promise<Result<StaffAccount>> {
    staffViewer(ctx);
    return transactional(ctx, async (tx): Promise<Result<StaffAccount>> => {
      const account = await this.manageable(tx, id);
      if (!account.ok) return account;
      if (account.value.passwordSetAt || !account.value.active)
        return problem(null, 'NOT_INVITED', 'Deze collega heeft al een wachtwoord gekozen of is gedeactiveerd.');
      await this.jobs.enqueue(tx, 'identity.staffInvitation', { accountId: id }, { maxAttempts: 10 });
      await this.audit.record(tx, {
        action: 'admin_account.invitation_resent',
        subjectType: 'admin_account',
        subjectId: id,
        details: {},
      });
      return ok(this.view(tx, account.value));
    });
  }

  /** The `identity.staffInvitation` job: a single-use link (STAFF_RESET_PASSWORD, 72 hours) and the mail. */
  async sendInvitation(ctx: RequestContext, { accountId }: { accountId: string }): Promise<void> {
    await transactional(ctx, async (tx) => {
      const account = await tx.em.findOne(AdminAccount, accountId, { populate: ['role', 'invitedBy'] });
      if (!account || !account.active || account.passwordSetAt) return;
      const token = await this.tokens.issue(
        tx.em,
        account,
        EmailTokenPurpose.STAFF_RESET_PASSWORD,
        TOKEN_LIFETIME_HOURS.INVITE,
      );
      await this.mail.send(tx, {
        template: 'STAFF_INVITE',
        to: account.email,
        variables: {
          name: account.name,
          inviterName: account.invitedBy?.getEntity().name ?? 'De beheerder',
          roleName: account.role.getEntity().name,
          // The invitation: the same set-password screen, worded for a first password (?uitnodiging).
          link: appLink(this.appUrl, `/admin/wachtwoord-vergeten/${token}?uitnodiging=1`),
          expiresHours: TOKEN_LIFETIME_HOURS.INVITE,
        },
      });
    });
  }

  async update(ctx: RequestContext, input: StaffAccountInput & { id: string }): Promise<Result<StaffAccount>> {
    const viewer = staffViewer(ctx);
    const name = checkAll({ name: staffInvitationRules.name }, { name: input.name });
    if (name.problems.length)
      return { ok: false, errors: name.problems.map((p) => UserError.of(p.field, p.code, p.message)) };
    return transactional(ctx, async (tx): Promise<Result<StaffAccount>> => {
      await this.lockBeheerders(tx.em);
      const found = await this.manageable(tx, input.id);
      if (!found.ok) return found;
      const account = found.value;
      const grant = await this.checkGrant(tx.em, viewer, input);
      if (!grant.ok) return grant;
      const before = this.snapshot(account);
      const scopeChanged =
        account.allMunicipalities !== input.allMunicipalities ||
        before.municipalityIds.join() !==
          grant.value.municipalities
            .map((m) => m.id)
            .sort()
            .join();
      if (account.id === accountIdOf(viewer) && (account.role.id !== grant.value.role.id || scopeChanged))
        return problem('roleId', 'SELF', SELF);
      if (account.role.getEntity().key === 'BEHEERDER' && grant.value.role.key !== 'BEHEERDER') {
        const last = await this.lastBeheerder(tx.em, account);
        if (last) return last;
      }
      account.name = name.values.name;
      account.role = Reference.create(grant.value.role);
      account.allMunicipalities = input.allMunicipalities;
      account.municipalities.set(grant.value.municipalities);
      await tx.em.flush();
      await this.audit.record(tx, {
        action: 'admin_account.updated',
        subjectType: 'admin_account',
        subjectId: account.id,
        details: { before, after: this.snapshot(account) },
      });
      return ok(this.view(tx, account));
    });
  }

  /**
   * Deactivates a colleague: they cannot log in, and every session of theirs ends at once. The API clients that answer
   * to them stop working too (ApiClientService.authenticate), until a colleague takes them over.
   */
  async deactivate(ctx: RequestContext, id: string): Promise<Result<StaffAccount>> {
    const viewer = staffViewer(ctx);
    return transactional(ctx, async (tx): Promise<Result<StaffAccount>> => {
      await this.lockBeheerders(tx.em);
      const found = await this.manageable(tx, id);
      if (!found.ok) return found;
      const account = found.value;
      if (account.id === accountIdOf(viewer)) return problem(null, 'SELF', SELF);
      if (!account.active) return ok(this.view(tx, account));
      if (account.role.getEntity().key === 'BEHEERDER') {
        const last = await this.lastBeheerder(tx.em, account);
        if (last) return last;
      }
      account.active = false;
      await tx.em.flush();
      const ended = await this.sessions.endStaffSessions(tx.em, account.id);
      // Its API clients stop with it (they work with their maker's permissions); a colleague can take them over.
      const apiClientsStopped = await countClientsAnsweringTo(tx.em, account.id, tx.clock.now());
      await this.audit.record(tx, {
        action: 'admin_account.deactivated',
        subjectType: 'admin_account',
        subjectId: account.id,
        details: { sessionsEnded: ended, apiClientsStopped },
      });
      return ok(this.view(tx, account));
    });
  }

  async reactivate(ctx: RequestContext, id: string): Promise<Result<StaffAccount>> {
    staffViewer(ctx);
    return transactional(ctx, async (tx): Promise<Result<StaffAccount>> => {
      const found = await this.manageable(tx, id);
      if (!found.ok) return found;
      const account = found.value;
      if (account.active) return ok(this.view(tx, account));
      account.active = true;
      await tx.em.flush();
      await this.audit.record(tx, {
        action: 'admin_account.reactivated',
        subjectType: 'admin_account',
        subjectId: account.id,
        details: {},
      });
      return ok(this.view(tx, account));
    });
  }

  /** Turns a colleague's two-factor log-in off (lost phone): they set it up again; their sessions end. */
  async resetTwoFactor(ctx: RequestContext, id: string): Promise<Result<StaffAccount>> {
    const viewer = staffViewer(ctx);
    const found = await this.manageable(ctx, id);
    if (!found.ok) return found;
    if (found.value.id === accountIdOf(viewer))
      return problem(null, 'SELF', 'Uw eigen tweestapsverificatie wijzigt u op de pagina Mijn account.');
    if (!found.value.twoFactorEnabledAt && !found.value.totpPendingSecret)
      return problem(null, 'NOT_ENABLED', 'Tweestapsverificatie staat niet aan voor dit account.');
    await transactional(ctx, async (tx) => {
      await this.twoFactor.clear(tx, id, 'admin_account.two_factor_reset');
      await this.sessions.endStaffSessions(tx.em, id);
    });
    await ctx.em.refresh(found.value);
    return ok(this.view(ctx, found.value));
  }

  // ---- helpers --------------------------------------------------------------------------------------------------

  private async existingAddress(em: EntityManager, email: string): Promise<Result<never> | null> {
    const existing = await em.findOne(AdminAccount, { email: { $ilike: email.replace(/[\\%_]/g, (c) => `\\${c}`) } });
    if (!existing) return null;
    return problem(
      'email',
      'EMAIL_TAKEN',
      `Er bestaat al een medewerkersaccount met het e-mailadres ${existing.email} (${existing.name}${existing.active ? '' : ', gedeactiveerd'}).`,
    );
  }

  /** The account, when the viewer may change it: it holds no permission or municipality the viewer lacks. */
  private async manageable(ctx: RequestContext, id: string): Promise<Result<AdminAccount>> {
    const viewer = staffViewer(ctx);
    const account = isUuid(id)
      ? await ctx.em.findOne(AdminAccount, id, { populate: ['role', 'municipalities'] })
      : null;
    if (!account || !accountInScope(viewer, account)) return problem(null, 'NOT_FOUND', NOT_FOUND);
    if (!this.canManage(viewer, account))
      return problem(
        null,
        'OUT_OF_REACH',
        'Dit account heeft rechten of gemeenten die u zelf niet heeft. Alleen een collega met minstens die rechten kan het wijzigen.',
      );
    return ok(account);
  }

  private canManage(viewer: StaffViewer, account: AdminAccount): boolean {
    return (
      lacking(viewer, account.role.getEntity().permissions).length === 0 &&
      reachesScope(viewer, {
        allMunicipalities: account.allMunicipalities,
        municipalityIds: account.municipalities.getItems().map((m) => m.id),
      })
    );
  }

  /** The role and municipalities, when the viewer may give them. */
  private async checkGrant(
    em: EntityManager,
    viewer: StaffViewer,
    input: StaffAccountInput,
  ): Promise<Result<{ role: Role; municipalities: Municipality[] }>> {
    const role = isUuid(input.roleId) ? await em.findOne(Role, input.roleId) : null;
    if (!role) return problem('roleId', 'REQUIRED', 'Kies een rol.');
    const lacking = role.permissions.filter((p) => !viewer.permissions.has(p));
    if (lacking.length)
      return problem(
        'roleId',
        'GRANT_EXCEEDS_OWN',
        `U kunt de rol ${role.name} niet geven: die heeft rechten die u zelf niet heeft.`,
      );
    if (input.allMunicipalities) {
      if (!reachesAll(viewer))
        return problem(
          'municipalityIds',
          'GRANT_EXCEEDS_OWN',
          'U kunt geen toegang tot alle gemeenten geven: die heeft u zelf niet.',
        );
      return ok({ role, municipalities: [] });
    }
    const ids = [...new Set(input.municipalityIds)];
    if (!ids.length || !ids.every(isUuid))
      return problem('municipalityIds', 'REQUIRED', 'Kies minstens één gemeente, of alle gemeenten.');
    const municipalities = await em.find(Municipality, { id: { $in: ids } }, { orderBy: { name: 'asc' } });
    if (municipalities.length !== ids.length)
      return problem('municipalityIds', 'NOT_FOUND', 'Een van de gekozen gemeenten bestaat niet (meer).');
    const outside = municipalities.filter((m) => !inScope(viewer, m.id));
    if (outside.length)
      return problem(
        'municipalityIds',
        'GRANT_EXCEEDS_OWN',
        `U kunt geen toegang geven tot ${outside.map((m) => m.name).join(', ')}: daar heeft u zelf geen toegang toe.`,
      );
    return ok({ role, municipalities });
  }

  /** One at a time for changes that could remove a Beheerder (in the caller's transaction). */
  private async lockBeheerders(em: EntityManager): Promise<void> {
    await q.lockBeheerders(em);
  }

  private async lastBeheerder(em: EntityManager, account: AdminAccount): Promise<Result<never> | null> {
    const others = await em.count(AdminAccount, {
      id: { $ne: account.id },
      active: true,
      role: { key: 'BEHEERDER' },
    });
    return others > 0
      ? null
      : problem(
          'roleId',
          'LAST_BEHEERDER',
          `${account.name} is de laatste actieve Beheerder. Maak eerst een collega Beheerder; anders kan niemand meer alles beheren.`,
        );
  }

  private snapshot(account: AdminAccount) {
    return {
      name: account.name,
      role: account.role.getEntity().name,
      allMunicipalities: account.allMunicipalities,
      municipalityIds: account.municipalities
        .getItems()
        .map((m) => m.id)
        .sort(),
      active: account.active,
    };
  }

  view(ctx: RequestContext, account: AdminAccount): StaffAccount {
    const viewer = ctx.viewer.kind === Audience.STAFF || ctx.viewer.kind === Audience.API_CLIENT ? ctx.viewer : null;
    return {
      id: account.id,
      name: account.name,
      email: account.email,
      role: account.role.getEntity(),
      allMunicipalities: account.allMunicipalities,
      municipalities: account.municipalities.isInitialized()
        ? [...account.municipalities.getItems()].sort((a, b) => a.name.localeCompare(b.name, 'nl'))
        : [],
      status: !account.active
        ? StaffAccountStatus.DEACTIVATED
        : account.passwordSetAt
          ? StaffAccountStatus.ACTIVE
          : StaffAccountStatus.INVITED,
      lastLoginAt: account.lastLoginAt ?? null,
      createdAt: account.createdAt,
      twoFactorEnabled: !!account.twoFactorEnabledAt,
      isViewer: !!viewer && accountIdOf(viewer) === account.id,
      manageable: viewer ? this.canManage(viewer, account) : false,
    };
  }
}
