import { UniqueConstraintViolationException } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { UserError } from '../../kernel/errors.js';
import { hashPassword, passwordProblem } from '../../crypto/passwords.js';
import { slugify } from '../../kernel/slug.js';
import { Provider } from './provider.entity.js';
import { ProviderUser } from './provider-user.entity.js';
import {
  emailProblem,
  normaliseEmail,
  personNameProblem,
  validateProviderDetails,
  type ProviderDetailsInput,
} from './provider.validation.js';
import { EmailTokenPurpose, TOKEN_LIFETIME_HOURS, type EmailTokenIssuer } from '../../platform/email-tokens.js';
import { check, retryAfterText, type Limits } from '../limits/index.js';
import type { LimitPolicy } from '../limits/index.js';
import { appLink } from '../../platform/links.js';
import { likeEscape as escapeLike } from '../../kernel/sql.js';
import { problem, type Outcome } from '../../kernel/result.js';
import { noticeExistingAddress } from './account-notice.js';
import type { MailService } from '../communication/index.js';
import type { ProviderTerms } from './provider-terms.js';
import type { AuditService } from '../audit/index.js';
import { withEm, type RequestContext } from '../../kernel/request-context.js';

export interface RegisterProviderInput extends ProviderDetailsInput {
  userName: string;
  userEmail: string;
  password: string;
  termsVersionId: string;
  acceptTerms: boolean;
}

export const KVK_TAKEN =
  'Er is al een aanbieder met dit KvK-nummer aangemeld. Log in met het account van uw organisatie, of vraag een collega met een account u uit te nodigen.';

/**
 * Registration of a provider organisation with its first user (/voor-aanbieders/registreren).
 *
 * An address that already has an account gets exactly the same answer as a new one; instead of a second account,
 * that address receives a mail that someone tried to register with it. The password is hashed in both cases, so the
 * two take as long.
 */
export class RegistrationService {
  constructor(
    private readonly tokens: EmailTokenIssuer<ProviderUser>,
    private readonly mail: MailService,
    private readonly terms: ProviderTerms,
    private readonly limits: Limits,
    private readonly rules: Pick<LimitPolicy, 'registration' | 'accountNotice'>,
    private readonly appUrl: string,
    private readonly audit: AuditService,
  ) {}

  async register(ctx: RequestContext, address: string, input: RegisterProviderInput): Promise<Outcome> {
    const { values, errors } = validateProviderDetails(input);
    const userName = (input.userName ?? '').trim().replace(/\s+/g, ' ');
    const nameError = personNameProblem(userName);
    if (nameError) errors.push(UserError.of('userName', userName ? 'LENGTH' : 'REQUIRED', nameError));
    const userEmail = normaliseEmail(input.userEmail);
    const emailError = emailProblem(userEmail, 'Vul uw e-mailadres in.');
    if (emailError) errors.push(UserError.of('userEmail', userEmail ? 'INVALID' : 'REQUIRED', emailError));
    const passwordError = input.password ? passwordProblem(input.password) : 'Kies een wachtwoord.';
    if (passwordError)
      errors.push(UserError.of('password', input.password ? 'WEAK_PASSWORD' : 'REQUIRED', passwordError));
    const terms = await this.terms.current(ctx.em);
    if (!input.acceptTerms) {
      errors.push(
        UserError.of('acceptTerms', 'REQUIRED', 'Ga akkoord met de voorwaarden om uw organisatie aan te melden.'),
      );
    } else if (!terms || terms.id !== input.termsVersionId) {
      errors.push(
        UserError.of(
          'acceptTerms',
          'TERMS_CHANGED',
          'De voorwaarden zijn intussen gewijzigd. Lees de nieuwe voorwaarden en ga opnieuw akkoord.',
        ),
      );
    }
    if (errors.length) return { ok: false, errors };

    const reservation = await this.limits.reserve(check(this.rules.registration.perAddress, address));
    if (!reservation.ok) {
      return problem(
        null,
        'TOO_MANY_ATTEMPTS',
        `Te veel aanmeldingen vanaf uw verbinding. ${retryAfterText(reservation.retryAfterSeconds)}`,
      );
    }

    const passwordHash = await hashPassword(input.password);
    try {
      return await ctx.em.transactional(async (tx): Promise<Outcome> => {
        if ((await tx.count(Provider, { kvkNumber: values.kvkNumber })) > 0) {
          return { ok: false, errors: [UserError.of('kvkNumber', 'KVK_TAKEN', KVK_TAKEN)] };
        }
        const existing = await tx.findOne(ProviderUser, { email: { $ilike: escapeLike(userEmail) } });
        if (existing) {
          await this.noticeExisting(ctx, tx, existing);
          return { ok: true };
        }
        const provider = tx.create(Provider, { ...values, slug: await this.freeSlug(tx, values.name) });
        const user = tx.create(ProviderUser, {
          provider,
          name: userName,
          email: userEmail,
          passwordHash,
          emailVerifiedAt: null,
        });
        this.terms.accept(tx, terms!, { provider, user, municipality: null });
        await tx.flush();
        const token = await this.tokens.issue(
          tx,
          user,
          EmailTokenPurpose.CONFIRM_EMAIL,
          TOKEN_LIFETIME_HOURS.CONFIRM_EMAIL,
        );
        await this.audit.record(
          withEm(ctx, tx),
          {
            action: 'provider.registered',
            subjectType: 'provider',
            subjectId: provider.id,
            details: { termsVersion: terms!.version },
          },
          { kind: 'PROVIDER', id: user.id },
        );
        // Recorded with the registration and sent by the mail.send job: a mail-server outage never fails it.
        await this.mail.send(tx, {
          template: 'PROVIDER_EMAIL_CONFIRM',
          to: user.email,
          variables: {
            name: user.name,
            providerName: provider.name,
            link: appLink(this.appUrl, `/email-bevestigen?token=${token}`),
            expiresHours: TOKEN_LIFETIME_HOURS.CONFIRM_EMAIL,
          },
        });
        ctx.log.info({ event: 'provider_registered' }, 'provider registered');
        return { ok: true };
      });
    } catch (error) {
      // Two registrations at the same moment: the database's unique indexes decide; the answers stay the same.
      if (error instanceof UniqueConstraintViolationException) {
        const message = String((error as Error).message);
        if (message.includes('provider_kvk_unique'))
          return { ok: false, errors: [UserError.of('kvkNumber', 'KVK_TAKEN', KVK_TAKEN)] };
        if (message.includes('provider_user_email_unique')) return { ok: true };
      }
      throw error;
    }
  }

  /** Tells the owner of an existing address that someone tried to register with it (at most once per window). */
  private async noticeExisting(ctx: RequestContext, tx: EntityManager, user: ProviderUser): Promise<void> {
    await noticeExistingAddress(
      { limits: this.limits, rule: this.rules.accountNotice, mail: this.mail, appUrl: this.appUrl },
      ctx,
      tx,
      user,
      {
        event: 'provider_registration_existing_email',
        log: 'registration with an existing address',
        template: 'PROVIDER_REGISTRATION_EXISTING',
      },
    );
  }

  /** The name as a slug, made unique with -2, -3, … */
  private async freeSlug(em: EntityManager, name: string): Promise<string> {
    const base = slugify(name, '').slice(0, 80).replace(/-+$/, '') || 'aanbieder';
    const taken = new Set(
      (await em.find(Provider, { slug: { $like: `${escapeLike(base)}%` } }, { fields: ['slug'] })).map((p) => p.slug),
    );
    if (!taken.has(base)) return base;
    for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
  }
}
