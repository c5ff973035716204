import { LockMode, type FilterQuery } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { Audience } from '../../kernel/permissions.js';
import { ownAdminAccountId } from '../../kernel/viewer.js';
import { inScope, scopeFilter, scopeSql } from '../../kernel/scope.js';
import { ForbiddenError, UserError } from '../../kernel/errors.js';
import { isUuid } from '../../graphql/ids.js';
import type { ConnectionOf, ListArgs } from '../../graphql/pagination.js';
import { keysetPage, stripKeys } from '../../graphql/keyset.js';
import { Municipality } from '../municipalities/index.js';
import { Provider } from './provider.entity.js';
import { ProviderMembership, MembershipStatus } from './provider-membership.entity.js';
import { ProviderUser } from './provider-user.entity.js';
import { AdminAccount } from '../staff/index.js';
import type { ProviderTerms } from './provider-terms.js';
import type { MailService } from '../communication/index.js';
import { appLink } from '../../platform/links.js';
import type { AuditService } from '../audit/index.js';
import { withEm, type RequestContext } from '../../kernel/request-context.js';
import { canSeeProvider, ownProviderId, type Result } from './provider.service.js';
import { membershipApplicationRules, membershipRejectionReason } from '../../rules/provider.js';
import * as q from './membership.queries.js';

export type MembershipPage = ConnectionOf<ProviderMembership>;

/**
 * What a membership change does to the provider's products in that municipality (catalogue's approval rule,
 * product-approval.ts), given by the composition root (app/services.ts). Named here so providers does not import
 * catalogue, which imports providers (a product is a provider's).
 */
export interface MembershipApprovals {
  /** An approved membership: the provider's submitted products wait for a decision there; how many. */
  openDecisionsForMembership(em: EntityManager, providerId: string, municipalityId: string): Promise<number>;
  /** A membership ended: its decisions stop counting. */
  membershipEnded(em: EntityManager, providerId: string): Promise<void>;
}

const STATUS_TEXT: Record<MembershipStatus, string> = {
  PENDING: 'Uw aanmelding bij deze gemeente wordt al beoordeeld.',
  APPROVED: 'U bent al aanbieder bij deze gemeente.',
  REJECTED: '',
  WITHDRAWN: '',
};

/**
 * Provider memberships per municipality: PENDING → APPROVED | REJECTED (reason); WITHDRAWN.
 * Providers apply and withdraw for their own organisation only; staff with PROVIDER_APPROVE decide within their
 * municipality scope. Decisions are mailed to the organisation's contact address and audited.
 */
export class MembershipService {
  constructor(
    private readonly terms: ProviderTerms,
    private readonly mail: MailService,
    private readonly appUrl: string,
    private readonly audit: AuditService,
    private readonly approvals: MembershipApprovals,
  ) {}

  /** Every municipality, with the own provider's membership of each (null: never applied). */
  async myMunicipalities(
    ctx: RequestContext,
  ): Promise<{ municipality: Municipality; membership: ProviderMembership | null }[]> {
    const providerId = ownProviderId(ctx);
    const [municipalities, memberships] = await Promise.all([
      ctx.em.find(Municipality, {}, { orderBy: { name: 'asc' } }),
      ctx.em.find(ProviderMembership, { provider: providerId }),
    ]);
    const byMunicipality = new Map(memberships.map((m) => [m.municipality.id, m]));
    return municipalities.map((municipality) => ({
      municipality,
      membership: byMunicipality.get(municipality.id) ?? null,
    }));
  }

  async myMunicipality(
    ctx: RequestContext,
    municipalityId: string,
  ): Promise<{ municipality: Municipality; membership: ProviderMembership | null } | null> {
    const providerId = ownProviderId(ctx);
    if (!isUuid(municipalityId)) return null;
    const municipality = await ctx.em.findOne(Municipality, municipalityId);
    if (!municipality) return null;
    const membership = await ctx.em.findOne(ProviderMembership, { provider: providerId, municipality: municipalityId });
    return { municipality, membership };
  }

  /** Memberships of a provider the viewer may see; staff see those in their scope only. */
  async membershipsOf(ctx: RequestContext, providerId: string): Promise<ProviderMembership[]> {
    if (!(await canSeeProvider(ctx, providerId))) throw new ForbiddenError();
    const where: FilterQuery<ProviderMembership> = { provider: providerId };
    if (ctx.viewer.kind === Audience.STAFF || ctx.viewer.kind === Audience.API_CLIENT)
      Object.assign(where, scopeFilter(ctx.viewer, 'municipality'));
    const rows = await ctx.em.find(ProviderMembership, where, { populate: ['municipality'] });
    return rows.sort((a, b) => a.municipality.getEntity().name.localeCompare(b.municipality.getEntity().name, 'nl'));
  }

  /** Applies (again) to a municipality, accepting the terms version that was shown. */
  async apply(
    ctx: RequestContext,
    municipalityId: string,
    termsVersionId: string,
    acceptTerms: boolean,
  ): Promise<Result<ProviderMembership>> {
    const providerId = ownProviderId(ctx);
    const userId = ctx.viewer.kind === Audience.PROVIDER ? ctx.viewer.providerUserId : null;
    const unknown = {
      ok: false as const,
      errors: [UserError.of('municipalityId', 'NOT_FOUND', 'Deze gemeente bestaat niet (meer).')],
    };
    if (!isUuid(municipalityId)) return unknown;
    return ctx.em.transactional(async (tx): Promise<Result<ProviderMembership>> => {
      const municipality = await tx.findOne(Municipality, municipalityId);
      if (!municipality) return unknown;
      const terms = await this.terms.current(tx, municipalityId);
      const accepted = membershipApplicationRules.acceptTerms.check(acceptTerms);
      if (!accepted.ok)
        return { ok: false, errors: [UserError.of('acceptTerms', accepted.problem.code, accepted.problem.message)] };
      if (!terms || terms.id !== termsVersionId) {
        return {
          ok: false,
          errors: [
            UserError.of(
              'acceptTerms',
              'TERMS_CHANGED',
              'De voorwaarden zijn intussen gewijzigd. Lees de nieuwe voorwaarden en ga opnieuw akkoord.',
            ),
          ],
        };
      }
      const provider = await tx.findOneOrFail(Provider, providerId, { lockMode: LockMode.PESSIMISTIC_WRITE });
      let membership = await tx.findOne(ProviderMembership, { provider: providerId, municipality: municipalityId });
      if (
        membership &&
        (membership.status === MembershipStatus.PENDING || membership.status === MembershipStatus.APPROVED)
      ) {
        return {
          ok: false,
          errors: [UserError.of(null, `ALREADY_${membership.status}`, STATUS_TEXT[membership.status])],
        };
      }
      const now = ctx.clock.now();
      if (membership) {
        Object.assign(membership, {
          status: MembershipStatus.PENDING,
          reason: null,
          decidedAt: null,
          decidedBy: null,
          appliedAt: now,
        });
      } else {
        membership = tx.create(ProviderMembership, {
          provider,
          municipality,
          status: MembershipStatus.PENDING,
          appliedAt: now,
        });
      }
      const user = userId ? await tx.findOne(ProviderUser, userId) : null;
      this.terms.accept(tx, terms, { provider, user, municipality });
      await tx.flush();
      await this.audit.record(withEm(ctx, tx), {
        action: 'membership.applied',
        subjectType: 'provider_membership',
        subjectId: membership.id,
        details: {
          providerId,
          municipalityId,
          termsVersion: terms.version,
        },
      });
      return { ok: true, value: membership };
    });
  }

  /**
   * Withdraws (afmelden): the provider's products leave that municipality's offer (product-approval.ts); their
   * decisions there stay as history and are asked again if the provider is approved there once more.
   */
  async withdraw(ctx: RequestContext, municipalityId: string): Promise<Result<ProviderMembership>> {
    const providerId = ownProviderId(ctx);
    const none = {
      ok: false as const,
      errors: [UserError.of('municipalityId', 'NOT_A_MEMBER', 'U bent bij deze gemeente niet aangemeld.')],
    };
    if (!isUuid(municipalityId)) return none;
    return ctx.em.transactional(async (tx): Promise<Result<ProviderMembership>> => {
      const membership = await tx.findOne(
        ProviderMembership,
        { provider: providerId, municipality: municipalityId },
        { lockMode: LockMode.PESSIMISTIC_WRITE },
      );
      if (
        !membership ||
        (membership.status !== MembershipStatus.PENDING && membership.status !== MembershipStatus.APPROVED)
      )
        return none;
      const previous = membership.status;
      Object.assign(membership, { status: MembershipStatus.WITHDRAWN, reason: null });
      await this.audit.record(withEm(ctx, tx), {
        action: 'membership.withdrawn',
        subjectType: 'provider_membership',
        subjectId: membership.id,
        details: { providerId, municipalityId, previous },
      });
      await tx.flush();
      // The products leave that municipality's offer (their decisions there stay, as history).
      if (previous === MembershipStatus.APPROVED) await this.approvals.membershipEnded(tx as EntityManager, providerId);
      return { ok: true, value: membership };
    });
  }

  /** Staff: memberships in their scope, newest application first, optionally of one status. */
  async adminList(
    ctx: RequestContext,
    filter: { status?: MembershipStatus | null } | null | undefined,
    page: ListArgs,
  ): Promise<MembershipPage> {
    return keysetPage(
      q.NEWEST_APPLICATION,
      page,
      (after, limit) =>
        q.membershipPage(ctx.em, scopeSql(ctx.viewer, 'm.municipality_id'), filter?.status, after, limit),
      (rows) =>
        rows.map((row) =>
          ctx.em.map(ProviderMembership, stripKeys({ ...row }, q.NEWEST_APPLICATION.keys.length, []) as never),
        ),
    );
  }

  approve(ctx: RequestContext, membershipId: string): Promise<Result<ProviderMembership>> {
    return this.decide(ctx, membershipId, MembershipStatus.APPROVED, null);
  }

  reject(ctx: RequestContext, membershipId: string, reason: string): Promise<Result<ProviderMembership>> {
    const checked = membershipRejectionReason.check(reason);
    if (!checked.ok)
      return Promise.resolve({
        ok: false,
        errors: [UserError.of('reason', checked.problem.code, checked.problem.message)],
      });
    return this.decide(ctx, membershipId, MembershipStatus.REJECTED, checked.value);
  }

  private async decide(
    ctx: RequestContext,
    membershipId: string,
    status: MembershipStatus.APPROVED | MembershipStatus.REJECTED,
    reason: string | null,
  ): Promise<Result<ProviderMembership>> {
    const v = ctx.viewer;
    // Staff and API clients with PROVIDER_APPROVE (the resolver's @Requires), within their municipality scope.
    if (v.kind !== Audience.STAFF && v.kind !== Audience.API_CLIENT) throw new ForbiddenError();
    const notFound = {
      ok: false as const,
      errors: [UserError.of('id', 'NOT_FOUND', 'Deze aanmelding bestaat niet of valt buiten uw gemeenten.')],
    };
    if (!isUuid(membershipId)) return notFound;
    return ctx.em.transactional(async (tx): Promise<Result<ProviderMembership>> => {
      const membership = await tx.findOne(ProviderMembership, membershipId, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!membership || !inScope(v, membership.municipality.id)) return notFound;
      if (membership.status !== MembershipStatus.PENDING) {
        return {
          ok: false,
          errors: [
            UserError.of(
              null,
              'NOT_PENDING',
              'Over deze aanmelding is al beslist, of de aanbieder heeft zich afgemeld. Vernieuw de pagina.',
            ),
          ],
        };
      }
      Object.assign(membership, {
        status,
        reason,
        decidedAt: ctx.clock.now(),
        // An API client's decision has no staff member; the audit row names the API client.
        decidedBy: ownAdminAccountId(v) ? tx.getReference(AdminAccount, ownAdminAccountId(v)!) : null,
      });
      const provider = await tx.findOneOrFail(Provider, membership.provider.id);
      const municipality = await tx.findOneOrFail(Municipality, membership.municipality.id);
      await tx.flush();
      // The municipality now decides on each of the provider's submitted products for its own offer.
      const openedDecisions =
        status === MembershipStatus.APPROVED
          ? await this.approvals.openDecisionsForMembership(tx as EntityManager, provider.id, municipality.id)
          : 0;
      await this.audit.record(withEm(ctx, tx), {
        action: status === MembershipStatus.APPROVED ? 'membership.approved' : 'membership.rejected',
        subjectType: 'provider_membership',
        subjectId: membership.id,
        details: {
          providerId: provider.id,
          municipalityId: municipality.id,
          ...(status === MembershipStatus.APPROVED ? { openedDecisions } : {}),
        },
      });
      await tx.flush();
      const profileLink = appLink(this.appUrl, '/aanbieder/profiel');
      if (status === MembershipStatus.APPROVED) {
        await this.mail.send(tx, {
          template: 'MEMBERSHIP_APPROVED',
          to: provider.email,
          variables: { providerName: provider.name, municipalityName: municipality.name, profileLink },
        });
      } else {
        await this.mail.send(tx, {
          template: 'MEMBERSHIP_REJECTED',
          to: provider.email,
          variables: { providerName: provider.name, municipalityName: municipality.name, reason: reason!, profileLink },
        });
      }
      return { ok: true, value: membership };
    });
  }
}
