import type { Request } from 'express';

/** DigiD assurance levels (betrouwbaarheidsniveaus), from low to high. */
export type AssuranceLevel = 'basis' | 'midden' | 'substantieel' | 'hoog';

/** What a log-in came to: a verified BSN at a level, or why not (each reason has its own Dutch message). */
export type DigidOutcome =
  | { ok: true; bsn: string; assuranceLevel: AssuranceLevel }
  | {
      ok: false;
      /** cancelled: the resident stopped (AuthnFailed); level: the level asked for was not reached (NoAuthnContext);
       * invalid: anything that failed a check (signature, replay, audience, time, sector). */
      reason: 'cancelled' | 'level' | 'invalid';
    };

/**
 * The DigiD interface. The production adapters (SAML 2.0 artifact binding resolved over mutually authenticated SOAP,
 * or an OIDC broker) and the local simulator implement it, so the log-in routes never know which one runs.
 *
 * Per-log-in state (a SAML request id, an OIDC PKCE verifier and nonce) is not kept in memory, so any instance can
 * take the callback: `start` returns it as `context`, the routes keep it in their signed, short-lived cookie, and hand
 * it back to `resolve`.
 */
export interface DigidAdapter {
  readonly mode: 'simulator' | 'saml' | 'oidc';
  /** Where to send the browser to start a log-in; `relayState` must come back at the callback (see `relayStateOf`). */
  start(relayState: string): Promise<{ url: string; context?: string }>;
  /** The relay state the callback request carries (SAML's RelayState, OIDC's state). */
  relayStateOf(req: Request): string | undefined;
  /** Turns what DigiD sent back to the callback into a verified BSN, or the reason it failed. */
  resolve(req: Request, context: string | undefined): Promise<DigidOutcome>;
}
