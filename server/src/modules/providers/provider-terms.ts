import type { EntityManager } from '@mikro-orm/postgresql';
import type { Municipality } from '../municipalities/index.js';
import type { Provider } from './provider.entity.js';
import type { ProviderUser } from './provider-user.entity.js';

/** A version of the terms, as registering and applying to a municipality need it. */
export interface TermsToAccept {
  id: string;
  version: number;
}

/**
 * The terms a provider accepts when registering or applying to a municipality: terms' TermsService, given by the
 * composition root (app/services.ts). Named here so providers does not import terms (an acceptance refers to the
 * provider and its user, so terms imports providers).
 */
export interface ProviderTerms<Terms extends TermsToAccept = TermsToAccept> {
  /** The newest platform-wide version, or for a municipality its own newest version (falling back to the platform's). */
  current(em: EntityManager, municipalityId?: string | null): Promise<Terms | null>;
  /** Records an acceptance. */
  accept(
    em: EntityManager,
    terms: Terms,
    who: { provider: Provider; user: ProviderUser | null; municipality: Municipality | null },
  ): unknown;
}
