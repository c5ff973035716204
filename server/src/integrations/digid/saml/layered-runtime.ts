import type { SamlRuntime } from './runtime.js';

/**
 * The SAML runtime in use: the certificate store of instellingen/digid when it has a current certificate (rollover
 * without a restart), otherwise the PEM files of the configuration (the first connection, before anything is in the
 * store); the level always from the store's side (the setting, whose default is DIGID_ASSURANCE_LEVEL).
 *
 * `filesFirst` (DIGID_TEST_IDP=1, outside production): the files always, whatever the store has. The local test
 * identity provider knows only the certificate it made at start (which the files are); a certificate in the store
 * (the demo data has one) would sign requests it refuses.
 */
export function layeredSamlRuntime(
  store: SamlRuntime & { hasCurrent(): Promise<boolean> },
  files: SamlRuntime | null,
  options: { filesFirst?: boolean } = {},
): SamlRuntime {
  return {
    async credentials() {
      if (files && (options.filesFirst || !(await store.hasCurrent()))) return files.credentials();
      return store.credentials();
    },
    assuranceLevel: () => store.assuranceLevel(),
  };
}
