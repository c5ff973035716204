import type { EntityManager } from '@mikro-orm/postgresql';
import { TermsVersion } from './terms-version.entity.js';
import { TermsAcceptance } from './terms-acceptance.entity.js';
import type { Provider } from '../providers/provider.entity.js';
import type { ProviderUser } from '../providers/provider-user.entity.js';
import type { Municipality } from '../municipalities/municipality.entity.js';

/** The current terms and their acceptance. */
export class TermsService {
  /** The newest platform-wide version, or for a municipality its own newest version (falling back to the platform's). */
  async current(em: EntityManager, municipalityId: string | null = null): Promise<TermsVersion | null> {
    if (municipalityId) {
      const own = await em.findOne(TermsVersion, { municipality: municipalityId }, { orderBy: { version: 'desc' } });
      if (own) return own;
    }
    return em.findOne(TermsVersion, { municipality: null }, { orderBy: { version: 'desc' } });
  }

  accept(
    em: EntityManager,
    terms: TermsVersion,
    who: { provider: Provider; user: ProviderUser | null; municipality: Municipality | null },
  ): TermsAcceptance {
    return em.create(TermsAcceptance, {
      termsVersion: terms,
      provider: who.provider,
      providerUser: who.user,
      municipality: who.municipality,
    });
  }
}
