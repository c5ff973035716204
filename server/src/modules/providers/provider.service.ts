import { LockMode, UniqueConstraintViolationException } from '@mikro-orm/core';
import { randomBytes } from 'node:crypto';
import type { Context } from '../../graphql/context.js';
import { Audience, Permission } from '../../graphql/auth/permissions.js';
import { ForbiddenError, UserError } from '../../graphql/errors.js';
import { isUuid } from '../../graphql/ids.js';
import { hashPassword } from '../../crypto/passwords.js';
import { Provider } from './provider.entity.js';
import { ProviderUser } from './provider-user.entity.js';
import { ProviderMembership, MembershipStatus } from './provider-membership.entity.js';
import { emailProblem, normaliseEmail, personNameProblem, validateProviderDetails } from './provider.validation.js';
import type { InviteProviderUserInput, UpdateProviderInput } from './provider.types.js';
import { EmailTokenPurpose } from '../identity/email-token.entity.js';
import { TOKEN_LIFETIME_HOURS, type EmailTokenService } from '../identity/email-token.service.js';
import { appLink, escapeLike } from '../identity/account-recovery.service.js';
import type { MailService } from '../communication/mail.service.js';
import { actorOf, recordAudit } from './provider-audit.js';
import { KVK_TAKEN } from './registration.service.js';

export type Result<T> = { ok: true; value: T } | { ok: false; errors: UserError[] };

/** The provider id of a logged-in provider user; anyone else is refused (the resolvers' guard already says so). */
export function ownProviderId(ctx: Context): string {
  if (ctx.viewer.kind !== Audience.PROVIDER) throw new ForbiddenError();
  return ctx.viewer.providerId;
}

/**
 * May this viewer see this provider's private details? Its own users; staff and API clients with PROVIDER_APPROVE when
 * the provider has a membership (in any state) in one of their municipalities, or when their scope is every municipality.
 */
export async function canSeeProvider(ctx: Context, providerId: string): Promise<boolean> {
  const v = ctx.viewer;
  if (v.kind === Audience.PROVIDER) return v.providerId === providerId;
  if ((v.kind !== Audience.STAFF && v.kind !== Audience.API_CLIENT) || !v.permissions.has(Permission.PROVIDER_APPROVE)) return false;
  if (v.municipalityIds === null) return true;
  if (!v.municipalityIds.length) return false;
  return (await ctx.em.count(ProviderMembership, { provider: providerId, municipality: { $in: [...v.municipalityIds] } })) > 0;
}

/**
 * Providers: the public page, the own profile, users of the organisation. Every method checks ownership itself;
 * a provider user can only ever reach their own organisation.
 */
export class ProviderService {
  constructor(
    private readonly tokens: EmailTokenService,
    private readonly mail: MailService,
    private readonly appUrl: string,
  ) {}

  /** A provider as the public sees it: only when approved in at least one municipality. */
  async publicProvider(ctx: Context, id: string): Promise<Provider | null> {
    if (!isUuid(id)) return null;
    const approved = await ctx.em.count(ProviderMembership, { provider: id, status: MembershipStatus.APPROVED });
    return approved > 0 ? ctx.em.findOne(Provider, id) : null;
  }

  /** The logged-in provider user's own organisation. */
  async myProvider(ctx: Context): Promise<Provider> {
    return ctx.em.findOneOrFail(Provider, ownProviderId(ctx));
  }

  /** Staff: a provider with a membership in their scope; null when unknown or out of scope. */
  async adminProvider(ctx: Context, id: string): Promise<Provider | null> {
    if (!isUuid(id) || !(await canSeeProvider(ctx, id))) return null;
    return ctx.em.findOne(Provider, id);
  }

  async updateMyProvider(ctx: Context, input: UpdateProviderInput): Promise<Result<Provider>> {
    const providerId = ownProviderId(ctx);
    const { values, errors } = validateProviderDetails(input);
    if (errors.length) return { ok: false, errors };
    try {
      return await ctx.em.transactional(async (tx) => {
        const provider = await tx.findOneOrFail(Provider, providerId);
        if (values.kvkNumber !== provider.kvkNumber && (await tx.count(Provider, { kvkNumber: values.kvkNumber, id: { $ne: providerId } })) > 0) {
          return { ok: false, errors: [UserError.of('kvkNumber', 'KVK_TAKEN', 'Er is al een andere aanbieder met dit KvK-nummer.')] };
        }
        const changed = (Object.keys(values) as (keyof typeof values)[]).filter((k) => provider[k] !== values[k]);
        Object.assign(provider, values);
        // Bank and registration details matter for payouts: their change is on record (which fields, not the values).
        if (changed.length) recordAudit(tx, actorOf(ctx.viewer), 'provider.updated', 'provider', provider.id, { fields: changed });
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
  async users(ctx: Context, providerId: string): Promise<ProviderUser[]> {
    if (!(await canSeeProvider(ctx, providerId))) throw new ForbiddenError();
    return ctx.em.find(ProviderUser, { provider: providerId, active: true }, { orderBy: [{ name: 'asc' }, { id: 'asc' }] });
  }

  /**
   * Invites a colleague: an unverified user without a usable password, and a mail with a link to choose one
   * (a RESET_PASSWORD token that lives longer). An address that already has an account is refused.
   */
  async inviteUser(ctx: Context, input: InviteProviderUserInput): Promise<Result<ProviderUser>> {
    const providerId = ownProviderId(ctx);
    const inviterId = ctx.viewer.kind === Audience.PROVIDER ? ctx.viewer.providerUserId : null;
    const errors: UserError[] = [];
    const name = (input.name ?? '').trim().replace(/\s+/g, ' ');
    const nameError = personNameProblem(name, 'Vul de naam van uw collega in.');
    if (nameError) errors.push(UserError.of('name', name ? 'LENGTH' : 'REQUIRED', nameError));
    const email = normaliseEmail(input.email);
    const emailError = emailProblem(email, 'Vul het e-mailadres van uw collega in.');
    if (emailError) errors.push(UserError.of('email', email ? 'INVALID' : 'REQUIRED', emailError));
    if (errors.length) return { ok: false, errors };
    const { tokens, mail } = this;

    // Nobody can log in with this hash: the invitee chooses a password through the link.
    const unusable = await hashPassword(randomBytes(32).toString('base64url'));
    const taken = () => ({ ok: false as const, errors: [UserError.of('email', 'EMAIL_TAKEN', 'Dit e-mailadres heeft al een account. Kies een ander e-mailadres.')] });
    try {
      return await ctx.em.transactional(async (tx): Promise<Result<ProviderUser>> => {
        if (await tx.findOne(ProviderUser, { email: { $ilike: escapeLike(email) } })) return taken();
        const provider = await tx.findOneOrFail(Provider, providerId);
        const inviter = inviterId ? await tx.findOne(ProviderUser, inviterId) : null;
        const user = tx.create(ProviderUser, { provider, name, email, passwordHash: unusable, emailVerifiedAt: null });
        await tx.flush();
        const token = await tokens.issue(tx, user, EmailTokenPurpose.RESET_PASSWORD, TOKEN_LIFETIME_HOURS.INVITE);
        recordAudit(tx, actorOf(ctx.viewer), 'provider.user_invited', 'provider_user', user.id, { providerId });
        await mail.send(tx, {
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
        return { ok: true, value: user };
      });
    } catch (error) {
      if (error instanceof UniqueConstraintViolationException) return taken();
      throw error;
    }
  }

  /** Removes a user of the own organisation; never oneself and never the last user. Their sessions end with them. */
  async removeUser(ctx: Context, userId: string): Promise<Result<string>> {
    const providerId = ownProviderId(ctx);
    const selfId = ctx.viewer.kind === Audience.PROVIDER ? ctx.viewer.providerUserId : null;
    const notFound = { ok: false as const, errors: [UserError.of('id', 'NOT_FOUND', 'Deze gebruiker bestaat niet (meer) in uw organisatie.')] };
    if (!isUuid(userId)) return notFound;
    if (userId === selfId) {
      return { ok: false, errors: [UserError.of('id', 'CANNOT_REMOVE_SELF', 'U kunt uzelf niet verwijderen. Vraag een collega om dat te doen.')] };
    }
    return ctx.em.transactional(async (tx): Promise<Result<string>> => {
      // Lock the organisation: two users removing each other at once cannot leave it without users.
      await tx.findOneOrFail(Provider, providerId, { lockMode: LockMode.PESSIMISTIC_WRITE });
      const user = await tx.findOne(ProviderUser, { id: userId, provider: providerId });
      if (!user) return notFound;
      const count = await tx.count(ProviderUser, { provider: providerId, active: true });
      if (count <= 1) {
        return { ok: false, errors: [UserError.of('id', 'LAST_USER', 'Een organisatie heeft minstens één gebruiker nodig.')] };
      }
      recordAudit(tx, actorOf(ctx.viewer), 'provider.user_removed', 'provider_user', user.id, { providerId });
      tx.remove(user);
      await tx.flush();
      return { ok: true, value: userId };
    });
  }
}
