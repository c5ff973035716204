import { readFile } from 'node:fs/promises';
import type { AssuranceLevel } from '../digid.js';
import type { DigidSamlConfig } from '../../../config/config.js';
import type { SamlRuntime } from './runtime.js';

/**
 * The SAML runtime from the configuration: key and certificates from PEM files (DIGID_SAML_KEY_FILE, …_CERT_FILE,
 * …_NEXT_CERT_FILE), read at each log-in so a renewed certificate needs no restart; the level from
 * DIGID_ASSURANCE_LEVEL. The certificate store (settings) can take its place later.
 */
export function fileSamlRuntime(saml: DigidSamlConfig, level: AssuranceLevel): SamlRuntime {
  return {
    async credentials() {
      const [keyPem, certPem, nextPem] = await Promise.all([
        readFile(saml.keyFile, 'utf8'),
        readFile(saml.certFile, 'utf8'),
        saml.nextCertFile ? readFile(saml.nextCertFile, 'utf8') : null,
      ]);
      return { current: { keyPem, certPem }, next: nextPem ? { certPem: nextPem } : null };
    },
    async assuranceLevel() {
      return level;
    },
  };
}
