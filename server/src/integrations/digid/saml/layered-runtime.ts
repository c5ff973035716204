import type { SamlRuntime } from './runtime.js';

/**
 * The SAML runtime in use: the certificate store of instellingen/digid when it has a current certificate (rollover
 * without a restart), otherwise the PEM files of the configuration (the first connection, before anything is in the
 * store); the level always from the store's side (the setting, whose default is DIGID_ASSURANCE_LEVEL).
 */
export function layeredSamlRuntime(
  store: SamlRuntime & { hasCurrent(): Promise<boolean> },
  files: SamlRuntime | null,
): SamlRuntime {
  return {
    async credentials() {
      if (files && !(await store.hasCurrent())) return files.credentials();
      return store.credentials();
    },
    assuranceLevel: () => store.assuranceLevel(),
  };
}
