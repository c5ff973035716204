import type { AssuranceLevel } from '../digid.js';
/** What the SAML adapter reads at each log-in, so certificates and the level can change without a restart. */
export interface SamlRuntime {
  /** Our key and certificate (signing and TLS client), and the next certificate to publish in the metadata. */
  credentials(): Promise<{ current: { keyPem: string; certPem: string }; next: { certPem: string } | null }>;
  /** The assurance level to ask for. */
  assuranceLevel(): Promise<AssuranceLevel>;
}
