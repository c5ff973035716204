import type { Request } from 'express';

/** DigiD assurance levels (betrouwbaarheidsniveaus). */
export type AssuranceLevel = 'basis' | 'midden' | 'substantieel' | 'hoog';

/**
 * The DigiD interface. The production adapter (SAML 2.0 artifact binding, resolved over mutually authenticated SOAP,
 * or an OIDC broker) and the local simulator both implement it, so the log-in routes never know which one runs.
 */
export interface DigidAdapter {
  readonly mode: 'simulator' | 'saml';
  /** Where to send the browser to start a log-in; `relayState` comes back unchanged at the callback. */
  startUrl(relayState: string): string;
  /** Turns what DigiD sent back to the callback into a verified BSN, or null when the log-in failed or was cancelled. */
  resolve(req: Request): Promise<{ bsn: string; assuranceLevel: AssuranceLevel } | null>;
}
