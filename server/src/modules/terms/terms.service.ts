import type { EntityManager } from '@mikro-orm/postgresql';
import { Audience } from '../../kernel/permissions.js';
import { UserError } from '../../kernel/errors.js';
import { transactional, type RequestContext } from '../../kernel/request-context.js';
import { ok, type Result } from '../../kernel/result.js';
import type { AuditService } from '../audit/index.js';
import { TermsVersion } from './terms-version.entity.js';
import { TermsAcceptance } from './terms-acceptance.entity.js';
import { Provider } from '../providers/index.js';
import { ProviderUser } from '../providers/index.js';
import { Municipality } from '../municipalities/index.js';
import * as q from './terms.queries.js';

/**
 * The current terms and their acceptance. A new version of the providers' terms is made by publishing the
 * "terms-providers" content page (ContentPageService.publish); providers then accept it again at their next log-in:
 * `pending` lists what their organisation has not accepted yet, and the provider area shows those first.
 */
export class TermsService {
  constructor(private readonly audit?: AuditService) {}

  /** The newest platform-wide version, or for a municipality its own newest version (falling back to the platform's). */
  async current(em: EntityManager, municipalityId: string | null = null): Promise<TermsVersion | null> {
    if (municipalityId) {
      const own = await em.findOne(TermsVersion, { municipality: municipalityId }, { orderBy: { version: 'desc' } });
      if (own) return own;
    }
    return em.findOne(TermsVersion, { municipality: null }, { orderBy: { version: 'desc' } });
  }

  /** Records an acceptance; `at` is the application clock's now (the default is the application clock too). */
  accept(
    em: EntityManager,
    terms: TermsVersion,
    who: { provider: Provider; user: ProviderUser | null; municipality: Municipality | null },
    at?: Date,
  ): TermsAcceptance {
    return em.create(TermsAcceptance, {
      termsVersion: terms,
      provider: who.provider,
      providerUser: who.user,
      municipality: who.municipality,
      ...(at ? { acceptedAt: at } : {}),
    });
  }

  /**
   * The terms the provider's organisation has to accept (again) before working in the provider area: the current
   * platform terms, and the own current terms of every municipality it applied to or works in, that no user of the
   * organisation accepted yet. Empty for anyone but a provider user.
   */
  async pending(ctx: RequestContext): Promise<TermsVersion[]> {
    if (ctx.viewer.kind !== Audience.PROVIDER) return [];
    const providerId = ctx.viewer.providerId;
    const ids = await q.unacceptedTermsIds(ctx.em, providerId);
    if (ids.length === 0) return [];
    const terms = await ctx.em.find(TermsVersion, { id: { $in: ids } }, { populate: ['municipality'] });
    // The platform's terms first, then the municipalities' by name.
    return terms.sort(
      (a, b) =>
        Number(!!a.municipality) - Number(!!b.municipality) ||
        (a.municipality?.getEntity().name ?? '').localeCompare(b.municipality?.getEntity().name ?? '', 'nl'),
    );
  }

  /**
   * Accepts the pending terms that were shown (`termsVersionIds`): recorded for the organisation and the user, dated
   * with the application's clock. When the pending terms changed in the meantime nothing is recorded.
   */
  async acceptPending(ctx: RequestContext, termsVersionIds: readonly string[]): Promise<Result<TermsVersion[]>> {
    if (ctx.viewer.kind !== Audience.PROVIDER) throw new Error('only a provider user accepts terms');
    const viewer = ctx.viewer;
    return transactional(ctx, async (tx) => {
      // One acceptance per organisation and version, also when two users of it click at once.
      await q.lockAcceptance(tx.em, viewer.providerId);
      const pending = await this.pending(tx);
      const shown = new Set(termsVersionIds);
      if (pending.length === 0) return ok([]);
      if (pending.length !== shown.size || pending.some((t) => !shown.has(t.id)))
        return {
          ok: false,
          errors: [
            UserError.of(
              'termsVersionIds',
              'TERMS_CHANGED',
              'De voorwaarden zijn intussen gewijzigd. Lees de nieuwe voorwaarden en ga opnieuw akkoord.',
            ),
          ],
        };
      const provider = await tx.em.findOneOrFail(Provider, viewer.providerId);
      const user = await tx.em.findOne(ProviderUser, viewer.providerUserId);
      const now = tx.clock.now();
      for (const terms of pending) {
        this.accept(
          tx.em,
          terms,
          { provider, user, municipality: (terms.municipality?.getEntity() as Municipality | undefined) ?? null },
          now,
        );
      }
      await tx.em.flush();
      for (const terms of pending)
        await this.audit?.record(tx, {
          action: 'TERMS_ACCEPTED',
          subjectType: 'terms_version',
          subjectId: terms.id,
          details: { providerId: viewer.providerId, version: terms.version },
        });
      return ok([]);
    });
  }
}
