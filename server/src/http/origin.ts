import type { Request } from 'express';
import { parseCookie } from 'cookie';
import { SESSION_COOKIE } from '../modules/identity/session.service.js';
import { OPERATOR_COOKIE } from '../modules/operators/operator.service.js';

/** The Dutch refusal of a request another site made the browser send. */
export const FORGED_REQUEST_MESSAGE = 'Dit verzoek is geweigerd (beveiliging tegen vervalste verzoeken).';

/**
 * Whether a request came from a page of another site: it carries an `Origin` header that is neither this server as the
 * request reached it (`req.protocol`, which believes X-Forwarded-Proto only from a trusted proxy, and the Host) nor
 * the configured APP_URL. `Origin: null` (a sandboxed frame, a redirect chain) is foreign too. A request without an
 * Origin (curl, a partner's script, a server) is not a browser's cross-site request: browsers send Origin with every
 * request that is not a GET or HEAD, and with every cross-origin fetch.
 */
export function isCrossOrigin(req: Request, appUrl: string): boolean {
  const origin = req.get('origin');
  if (origin === undefined) return false;
  if (origin === `${req.protocol}://${req.get('host')}`) return false;
  try {
    return origin !== new URL(appUrl).origin;
  } catch {
    return true;
  }
}

/** Methods that change nothing (RFC 9110 "safe"): every other method must come from our own pages. */
export const SAFE_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The cookies that make a browser's request act for someone (a resident's, provider's or staff session; an operator's). */
const SESSION_COOKIES = [SESSION_COOKIE, OPERATOR_COOKIE];

/**
 * The guard of `/graphql`: a request from a page of another site that carries a session cookie, i.e. one the browser
 * would make in a logged-in user's name. Refused whatever its method and content type. Not refused: a partner's script
 * (an API key, no cookie), any request without a session cookie, and a request without an Origin header (curl, a
 * server; browsers send Origin with every POST, and a cross-site GET cannot pass Apollo's CSRF prevention).
 */
export function crossOriginSession(req: Request, appUrl: string): boolean {
  if (!isCrossOrigin(req, appUrl)) return false;
  const cookies = parseCookie(req.headers.cookie ?? '');
  return SESSION_COOKIES.some((name) => !!cookies[name]);
}
