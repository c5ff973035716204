import { ALL_PERMISSIONS, Audience } from '../../kernel/permissions.js';
import type { Viewer } from '../../kernel/viewer.js';
import { UserError } from '../../kernel/errors.js';
import { today } from '../../kernel/clock.js';
import { ok, type Result } from '../../kernel/result.js';
import { transactional, type RequestContext } from '../../kernel/request-context.js';
import type { JobHealth, JobQueue } from '../../jobs/job-queue.js';
import { MAX_REFUND_ATTEMPTS } from '../payments/index.js';
import type { AuditService } from '../audit/index.js';
import { checkAll } from '../../rules/rule.js';
import { staffInvitationRules } from '../../rules/staff-account.js';
import { OperatorService, notLoggedIn, type OperatorSessionInfo } from './operator.service.js';
import * as q from './operator-console.queries.js';

/**
 * Invites a new municipality's first staff member: identity's StaffAccountService, given by the composition root
 * (app/services.ts). Named here so operators does not import identity (identity's viewer shows the operator's act).
 */
export interface StaffInviter {
  invite(
    ctx: RequestContext,
    input: { name: string; email: string; roleId: string; allMunicipalities: boolean; municipalityIds: string[] },
  ): Promise<Result<unknown>>;
}

export interface MunicipalityFigures {
  id: string;
  name: string;
  slug: string;
  persons: number;
  activeAssignments: number;
  providers: number;
  ordersThisMonth: number;
  budgetGrantedCents: number;
  budgetSpentCents: number;
}

export interface PlatformHealth {
  jobs: JobHealth['counts'];
  failedMails: number;
  stoppedRefunds: number;
  databaseSizeBytes: number;
  /** The earliest expiry of the DigiD certificates; null while there is no certificate store (see the hook). */
  digidCertificateExpiresAt: Date | null;
}

export interface NewMunicipalityInput {
  name: string;
  slug: string;
  contactName: string;
  contactEmail: string;
}

/**
 * The hook for the DigiD certificates' expiry: the earliest `notAfter` of the configured certificates, or null while
 * none exist (the console then shows "nog niet ingesteld"). The DigiD certificate store replaces this function.
 */
export type DigidCertificateExpiry = (ctx: RequestContext) => Promise<Date | null>;

export const noDigidCertificatesYet: DigidCertificateExpiry = async () => null;

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/**
 * The operator console (/_lightbase): every municipality with its figures, the platform's health, and a new
 * municipality with its first Beheerder invited. Only for a logged-in operator; everything changed is audit-logged with
 * the operator as the actor.
 */
export class OperatorConsoleService {
  constructor(
    private readonly operators: OperatorService,
    private readonly jobs: JobQueue,
    private readonly audit: AuditService,
    private readonly staffAccounts: StaffInviter,
    private readonly digidCertificateExpiry: DigidCertificateExpiry = noDigidCertificatesYet,
  ) {}

  /** Every municipality and its figures: residents, active assignments, providers, orders and budget this month. */
  async municipalities(ctx: RequestContext): Promise<MunicipalityFigures[]> {
    const day = today(ctx.clock);
    const monthStart = `${day.slice(0, 8)}01`;
    const rows = await q.municipalityFigures(ctx.em, day, monthStart);
    return rows.map((r) => ({
      id: String(r.id),
      name: String(r.name),
      slug: String(r.slug),
      persons: Number(r.persons),
      activeAssignments: Number(r.active_assignments),
      providers: Number(r.providers),
      ordersThisMonth: Number(r.orders_this_month),
      budgetGrantedCents: Number(r.budget_granted_cents),
      budgetSpentCents: Number(r.budget_spent_cents),
    }));
  }

  /** The platform's health: the job queue, failed mails, refunds that stopped retrying, the database, DigiD. */
  async health(ctx: RequestContext): Promise<PlatformHealth> {
    const jobs = await this.jobs.health(ctx, { failures: 0 });
    const row = await q.healthCounts(ctx.em, MAX_REFUND_ATTEMPTS);
    return {
      jobs: jobs.counts,
      failedMails: Number(row?.failed_mails ?? 0),
      stoppedRefunds: Number(row?.stopped_refunds ?? 0),
      databaseSizeBytes: Number(row?.size ?? 0),
      digidCertificateExpiresAt: await this.digidCertificateExpiry(ctx),
    };
  }

  /**
   * A new municipality (a new tenant) and its first Beheerder, invited through the staff invitation (the same mail and
   * link as beheer/accounts). One transaction: when the invitation is refused, no municipality is made.
   */
  async createMunicipality(
    ctx: RequestContext & { req?: import('express').Request },
    session: OperatorSessionInfo | null,
    input: NewMunicipalityInput,
  ): Promise<Result<{ id: string; name: string; slug: string }>> {
    if (!session) return notLoggedIn();
    const name = input.name.trim().replace(/\s+/g, ' ');
    const slug = input.slug.trim().toLowerCase();
    const errors: UserError[] = [];
    if (name.length < 2 || name.length > 100)
      errors.push(UserError.of('name', 'INVALID', 'Vul de naam van de gemeente in (2 tot 100 tekens).'));
    if (!SLUG.test(slug) || slug.length > 60)
      errors.push(
        UserError.of(
          'slug',
          'INVALID',
          'Vul een code in van kleine letters, cijfers en streepjes, zoals "gemeente-voorbeeld" (ten hoogste 60 tekens).',
        ),
      );
    const contact = checkAll(staffInvitationRules, { name: input.contactName, email: input.contactEmail });
    for (const p of contact.problems)
      errors.push(UserError.of(p.field === 'name' ? 'contactName' : 'contactEmail', p.code, p.message));
    if (await q.municipalityTaken(ctx.em, slug, name))
      errors.push(UserError.of('slug', 'TAKEN', 'Er bestaat al een gemeente met deze naam of code.'));
    const [first, ...rest] = errors;
    if (first) return { ok: false, errors: [first, ...rest] };

    const refused = new Error('invitation refused');
    let invitationErrors: UserError[] = [];
    try {
      return await transactional(ctx, async (tx) => {
        const id = await q.insertMunicipality(tx.em, name, slug, tx.clock.now());
        await this.audit.record(
          tx,
          { action: 'municipality.created', subjectType: 'municipality', subjectId: id, details: { slug } },
          OperatorService.actor(session.operatorId),
        );
        const roleId = await q.beheerderRoleId(tx.em);
        // The invitation is sent as the operator, scoped to the new municipality (the audit row names the operator).
        const asOperator: Viewer = {
          kind: Audience.STAFF,
          sessionId: session.sessionId,
          adminAccountId: session.operatorId,
          permissions: new Set(ALL_PERMISSIONS),
          municipalityIds: [id],
          operator: {
            operatorId: session.operatorId,
            operatorSessionId: session.sessionId,
            municipalityId: id,
            reason: 'Nieuwe gemeente aangemaakt in de beheerconsole',
            until: session.expiresAt,
          },
        };
        const invited = await this.staffAccounts.invite(
          { ...tx, viewer: asOperator },
          {
            name: contact.values.name,
            email: contact.values.email,
            roleId: roleId!,
            allMunicipalities: false,
            municipalityIds: [id],
          },
        );
        if (!invited.ok) {
          invitationErrors = invited.errors.map((e) =>
            UserError.of(e.field === 'name' ? 'contactName' : 'contactEmail', e.code, e.message),
          );
          throw refused;
        }
        return ok({ id, name, slug });
      });
    } catch (error) {
      if (error !== refused) throw error;
      const [first, ...more] = invitationErrors;
      return first
        ? { ok: false, errors: [first, ...more] }
        : {
            ok: false,
            errors: [UserError.of(null, 'INVITATION_REFUSED', 'De uitnodiging kon niet worden verstuurd.')],
          };
    }
  }
}
