import { LockMode, UniqueConstraintViolationException } from '@mikro-orm/core';
import { randomBytes } from 'node:crypto';
import { Audience, Permission } from '../../kernel/permissions.js';
import { ForbiddenError, UserError } from '../../kernel/errors.js';
import { isUuid } from '../../graphql/ids.js';
import { scopeIds } from '../../kernel/scope.js';
import { hashPassword } from '../../crypto/passwords.js';
import { Provider } from './provider.entity.js';
import { ProviderUser } from './provider-user.entity.js';
import { ProviderMembership, MembershipStatus } from './provider-membership.entity.js';
import { validateProviderDetails } from './provider.validation.js';
import { checkAll } from '../../rules/rule.js';
import { invitationRules } from '../../rules/provider.js';
import type { InviteProviderUserInput, UpdateProviderInput } from './provider.types.js';
import { EmailTokenPurpose, TOKEN_LIFETIME_HOURS, type EmailTokenIssuer } from '../../platform/email-tokens.js';
import { appLink } from '../../platform/links.js';
import { likeEscape as escapeLike } from '../../kernel/sql.js';
import type { MailService } from '../communication/index.js';
import { check, retryAfterText, type Limits } from '../limits/index.js';
import type { LimitPolicy } from '../limits/index.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import type { JobPayload } from '../../jobs/job-types.js';
import type { AuditService } from '../audit/index.js';
import { transactional, withEm, type RequestContext } from '../../kernel/request-context.js';
import { KVK_TAKEN } from './registration.service.js';

export type { Result } from '../../kernel/result.js';
import { problem, type Result } from '../../kernel/result.js';
import { noticeExistingAddress } from './account-notice.js';

/** The provider id of a logged-in provider user; anyone else is refused (the resolvers' guard already says so). */
export function ownProviderId(ctx: RequestContext): string {
  if (ctx.viewer.kind !== Audience.PROVIDER) throw new ForbiddenError();
  return ctx.viewer.providerId;
}

/**
 * May this viewer see this provider's private details? Its own users; staff and API clients with PROVIDER_APPROVE when
 * the provider has a membership (in any state) in one of their municipalities, or when their scope is every municipality.
 */
export async function canSeeProvider(ctx: RequestContext, providerId: string): Promise<boolean> {
  const v = ctx.viewer;
  if (v.kind === Audience.PROVIDER) return v.providerId === providerId;
  if ((v.kind !== Audience.STAFF && v.kind !== Audience.API_CLIENT) || !v.permissions.has(Permission.PROVIDER_APPROVE))
    return false;
  const ids = scopeIds(v);
  if (ids === null) return true;
  if (!ids.length) return false;
  return (await ctx.em.count(ProviderMembership, { provider: providerId, municipality: { $in: [...ids] } })) > 0;
}

/**
 * Providers: the public page, the own profile, users of the organisation. Every method checks ownership itself;
 * a provider user can only ever reach their own organisation.
 */
export class ProviderService {
  constructor(
    private readonly tokens: EmailTokenIssuer<ProviderUser>,
    private readonly mail: MailService,
    private readonly limits: Limits,
    private readonly rules: Pick<LimitPolicy, 'invitation' | 'accountNotice'>,
    private readonly jobs: JobQueue,
    private readonly appUrl: string,
    private readonly audit: AuditService,
  ) {}

  /** A provider as the public sees it: only when approved in at least one municipality. */
  async publicProvider(ctx: RequestContext, id: string): Promise<Provider | null> {
    if (!isUuid(id)) return null;
    const approved = await ctx.em.count(ProviderMembership, { provider: id, status: MembershipStatus.APPROVED });
    return approved > 0 ? ctx.em.findOne(Provider, id) : null;
  }

  /** The logged-in provider user's own organisation. */
  async myProvider(ctx: RequestContext): Promise<Provider> {
    return ctx.em.findOneOrFail(Provider, ownProviderId(ctx));
  }

  /** Staff: a provider with a membership in their scope; null when unknown or out of scope. */
  async adminProvider(ctx: RequestContext, id: string): Promise<Provider | null> {
    if (!isUuid(id) || !(await canSeeProvider(ctx, id))) return null;
    return ctx.em.findOne(Provider, id);
  }

  async updateMyProvider(ctx: RequestContext, input: UpdateProviderInput): Promise<Result<Provider>> {
    const providerId = ownProviderId(ctx);
    const { values, errors } = validateProviderDetails(input);
    if (errors.length) return { ok: false, errors };
    try {
      return await ctx.em.transactional(async (tx) => {
        const provider = await tx.findOneOrFail(Provider, providerId);
        if (
          values.kvkNumber !== provider.kvkNumber &&
          (await tx.count(Provider, { kvkNumber: values.kvkNumber, id: { $ne: providerId } })) > 0
        ) {
          return {
            ok: false,
            errors: [UserError.of('kvkNumber', 'KVK_TAKEN', 'Er is al een andere aanbieder met dit KvK-nummer.')],
          };
        }
        const changed = (Object.keys(values) as (keyof typeof values)[]).filter((k) => provider[k] !== values[k]);
        Object.assign(provider, values);
        // Bank and registration details matter for payouts: their change is on record (which fields, not the values).
        if (changed.length)
          await this.audit.record(withEm(ctx, tx), {
            action: 'provider.updated',
            subjectType: 'provider',
            subjectId: provider.id,
            details: { fields: changed },
          });
        await tx.flush();
        return { ok: true, value: provider };
      });
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException) {
        return { ok: false, errors: [UserError.of('kvkNumber', 'KVK_TAKEN', KVK_TAKEN)] };
      }
      throw error;
    }
  }

  /** Users of a provider the viewer may see (its own users, or staff in scope). */
  async users(ctx: RequestContext, providerId: string): Promise<ProviderUser[]> {
    if (!(await canSeeProvider(ctx, providerId))) throw new ForbiddenError();
    return ctx.em.find(
      ProviderUser,
      { provider: providerId, active: true },
      { orderBy: [{ name: 'asc' }, { id: 'asc' }] },
    );
  }

  /**
   * Invites a colleague: an unverified user without a usable password, and a mail with a link to choose one
   * (a RESET_PASSWORD token that lives longer).
   *
   * The answer never tells whether the address already has an account, and takes as long either way: the password
   * hash is made in both cases, and in both cases the request enqueues one `providers.invitationMail` job, which
   * issues the link and records the mail (or the notice) outside the answer's time. An address that already has an
   * account gets, instead of an invitation, a notice that someone tried (at most one such notice an hour); a colleague
   * invited earlier by this organisation who has not chosen a password yet gets a fresh invitation. Limited per
   * inviting user and per invited address, counted before anything else.
   */
  async inviteUser(ctx: RequestContext, input: InviteProviderUserInput): Promise<Result<true>> {
    const providerId = ownProviderId(ctx);
    const inviterId = ctx.viewer.kind === Audience.PROVIDER ? ctx.viewer.providerUserId : null;
    const name = (input.name ?? '').trim().replace(/\s+/g, ' ');
    const checked = checkAll(invitationRules, { name, email: input.email });
    if (checked.problems.length)
      return { ok: false, errors: checked.problems.map((p) => UserError.of(p.field, p.code, p.message)) };
    const email = checked.values.email;

    const reservation = await this.limits.reserve(
      check(this.rules.invitation.perUser, inviterId ?? providerId),
      check(this.rules.invitation.perEmail, email),
    );
    if (!reservation.ok) {
      return problem(
        null,
        'TOO_MANY_ATTEMPTS',
        `U heeft te veel uitnodigingen verstuurd. ${retryAfterText(reservation.retryAfterSeconds)}`,
      );
    }

    // Nobody can log in with this hash: the invitee chooses a password through the link. Made for every invitation,
    // also one that turns out to be for an existing account, so both take as long.
    const unusable = await hashPassword(randomBytes(32).toString('base64url'));
    // What the job will do; the job is enqueued in the same transaction as the new colleague (ids only).
    const decide = (em: typeof ctx.em) =>
      em.transactional(async (tx) => {
        let next: JobPayload<'providers.invitationMail'>;
        const existing = await tx.findOne(ProviderUser, { email: { $ilike: escapeLike(email) } });
        if (existing) {
          // Invited by this organisation before and no password chosen yet: a new link (the old one stops working).
          const again = existing.provider.id === providerId && !existing.emailVerifiedAt && existing.active;
          next = { kind: again ? 'invite' : 'notice', userId: existing.id, providerId, inviterId };
        } else {
          const provider = await tx.findOneOrFail(Provider, providerId);
          const user = tx.create(ProviderUser, {
            provider,
            name,
            email,
            passwordHash: unusable,
            emailVerifiedAt: null,
          });
          await tx.flush();
          await this.audit.record(withEm(ctx, tx), {
            action: 'provider.user_invited',
            subjectType: 'provider_user',
            subjectId: user.id,
            details: { providerId },
          });
          next = { kind: 'invite', userId: user.id, providerId, inviterId };
        }
        await this.jobs.enqueue(tx, 'providers.invitationMail', next, { maxAttempts: 10 });
      });
    try {
      await decide(ctx.em);
    } catch (error) {
      // The same address invited twice at the same moment: the database's unique index decides; try once more.
      if (!(error instanceof UniqueConstraintViolationException)) throw error;
      await decide(ctx.em.fork());
    }
    ctx.log.info({ event: 'provider_user_invite_requested' }, 'invitation requested');
    return { ok: true, value: true };
  }

  /**
   * The `providers.invitationMail` job: for an invitation a fresh link (a RESET_PASSWORD token that lives longer) and
   * the mail; for an address that already had an account the notice, at most one an hour. Nothing when the user was
   * removed meanwhile, or (an invitation) has chosen a password or was deactivated.
   */
  async sendInvitationMail(ctx: RequestContext, job: JobPayload<'providers.invitationMail'>): Promise<void> {
    await transactional(ctx, async (tx) => {
      const user = await tx.em.findOne(ProviderUser, job.userId);
      if (!user) return;
      const provider = await tx.em.findOneOrFail(Provider, job.providerId);
      if (job.kind === 'invite') {
        // Chose a password meanwhile (through an earlier link), or deactivated: no new link.
        if (!user.active || user.emailVerifiedAt) return;
        const token = await this.tokens.issue(
          tx.em,
          user,
          EmailTokenPurpose.RESET_PASSWORD,
          TOKEN_LIFETIME_HOURS.INVITE,
        );
        const inviter = job.inviterId ? await tx.em.findOne(ProviderUser, job.inviterId) : null;
        await this.mail.send(tx, {
          template: 'PROVIDER_USER_INVITE',
          to: user.email,
          variables: {
            name: user.name,
            inviterName: inviter?.name ?? provider.name,
            providerName: provider.name,
            link: appLink(this.appUrl, `/wachtwoord-vergeten/${token}`),
            expiresHours: TOKEN_LIFETIME_HOURS.INVITE,
          },
        });
        return;
      }
      await noticeExistingAddress(this.noticeDeps(), ctx, tx, user, {
        event: 'provider_invite_existing_email',
        log: 'invitation for an existing address',
        template: 'PROVIDER_INVITE_EXISTING',
        variables: { providerName: provider.name },
      });
    });
  }

  private noticeDeps() {
    return { limits: this.limits, rule: this.rules.accountNotice, mail: this.mail, appUrl: this.appUrl };
  }

  /** Removes a user of the own organisation; never oneself and never the last user. Their sessions end with them. */
  async removeUser(ctx: RequestContext, userId: string): Promise<Result<string>> {
    const providerId = ownProviderId(ctx);
    const selfId = ctx.viewer.kind === Audience.PROVIDER ? ctx.viewer.providerUserId : null;
    const notFound = {
      ok: false as const,
      errors: [UserError.of('id', 'NOT_FOUND', 'Deze gebruiker bestaat niet (meer) in uw organisatie.')],
    };
    if (!isUuid(userId)) return notFound;
    if (userId === selfId) {
      return {
        ok: false,
        errors: [
          UserError.of('id', 'CANNOT_REMOVE_SELF', 'U kunt uzelf niet verwijderen. Vraag een collega om dat te doen.'),
        ],
      };
    }
    return ctx.em.transactional(async (tx): Promise<Result<string>> => {
      // Lock the organisation: two users removing each other at once cannot leave it without users.
      await tx.findOneOrFail(Provider, providerId, { lockMode: LockMode.PESSIMISTIC_WRITE });
      const user = await tx.findOne(ProviderUser, { id: userId, provider: providerId });
      if (!user) return notFound;
      const count = await tx.count(ProviderUser, { provider: providerId, active: true });
      if (count <= 1) {
        return {
          ok: false,
          errors: [UserError.of('id', 'LAST_USER', 'Een organisatie heeft minstens één gebruiker nodig.')],
        };
      }
      await this.audit.record(withEm(ctx, tx), {
        action: 'provider.user_removed',
        subjectType: 'provider_user',
        subjectId: user.id,
        details: { providerId },
      });
      tx.remove(user);
      await tx.flush();
      return { ok: true, value: userId };
    });
  }
}
