import { normalisePath } from './paths.js';
import type { RequestHandler } from 'express';
import helmet from 'helmet';
import type { Logger } from 'pino';

/**
 * Every security header of every response, in one place (helmet sets and checks them; Permissions-Policy is ours,
 * helmet has none). A feature that needs more from the browser (a statistics script, a map's tiles) extends the
 * policy here and the expectations in security-headers.test.ts, nowhere else.
 *
 * - The application (client pages, server-rendered simulator pages, the API, everything else): `APP_POLICY`. No inline
 *   script or style, no eval, nothing from another origin. Product descriptions are inserted as HTML (already
 *   sanitised on the server); this policy is the second line of defence.
 * - The GraphQL sandbox (`/sandbox`, GraphiQL with the Monaco editor): `SANDBOX_POLICY`, the application's policy plus
 *   what Monaco needs (see there).
 * - Uploaded files (`/uploads/…`): `UPLOAD_POLICY`, nothing at all may run, and the file is sandboxed.
 */

type Directives = Record<string, string[]>;

/** The application's Content-Security-Policy, without the production-only parts (see `policyFor`). */
export const APP_POLICY: Directives = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'"],
  // React sets `style={…}` through the CSSOM, which a policy does not govern; style="" in markup stays blocked.
  'style-src-attr': ["'none'"],
  // data: and blob: for QR codes and image previews made in the browser.
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'"],
  // The API and the Sentry tunnel (/monitoring/tunnel) are same-origin.
  'connect-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'self'"],
  'frame-ancestors': ["'none'"],
  // Forms post to this site only (the simulators' forms; their redirects stay on this site). A payment page at
  // Mollie is reached by navigating to it (window.location), which form-action does not govern.
  'form-action': ["'self'"],
};

/**
 * GraphiQL's Monaco editor injects <style> elements and style attributes at run time (it has no nonce support), and
 * its own stylesheet carries its icon font and images as data: URLs. Scripts stay as strict as the application's.
 * The sandbox is a developer tool, off in production unless GRAPHQL_SANDBOX=true.
 */
export const SANDBOX_POLICY: Directives = {
  ...APP_POLICY,
  'style-src': ["'self'", "'unsafe-inline'"],
  'style-src-attr': ["'unsafe-inline'"],
  'font-src': ["'self'", 'data:'],
};

/** Uploaded images are shown, never run: no script, no plug-in, no style, sandboxed. */
export const UPLOAD_POLICY: Directives = {
  'default-src': ["'none'"],
  sandbox: [],
};

/** Browser features: the camera for the counter screen's scanner (this site only); everything else off. */
export const PERMISSIONS_POLICY = [
  'camera=(self)',
  'microphone=()',
  'geolocation=()',
  'payment=()',
  'usb=()',
  'serial=()',
  'hid=()',
  'midi=()',
  'accelerometer=()',
  'gyroscope=()',
  'magnetometer=()',
  'display-capture=()',
  'screen-wake-lock=()',
  'idle-detection=()',
  'local-fonts=()',
  'encrypted-media=()',
  'autoplay=()',
  'picture-in-picture=()',
  'publickey-credentials-get=()',
  'otp-credentials=()',
  'xr-spatial-tracking=()',
  'browsing-topics=()',
].join(', ');

export type PolicyName = 'app' | 'sandbox' | 'upload';

export function policyNameFor(path: string): PolicyName {
  if (path === '/sandbox' || path === '/sandbox/') return 'sandbox';
  if (path.startsWith('/uploads/')) return 'upload';
  return 'app';
}

/** The directives for a policy; `secureTransport` (production over https) adds upgrade-insecure-requests. */
export function policyFor(name: PolicyName, secureTransport: boolean): Directives {
  const base = name === 'sandbox' ? SANDBOX_POLICY : name === 'upload' ? UPLOAD_POLICY : APP_POLICY;
  return secureTransport && name !== 'upload' ? { ...base, 'upgrade-insecure-requests': [] } : base;
}

export function serializePolicy(directives: Directives): string {
  return Object.entries(directives)
    .map(([name, values]) => [name, ...values].join(' '))
    .join('; ');
}

/**
 * The middleware: helmet's headers (nosniff, Referrer-Policy, X-Frame-Options, Cross-Origin-Opener-Policy, …), HSTS
 * and upgrade-insecure-requests only in production over https, the CSP for the path, and Permissions-Policy.
 */
/** The account, provider and admin areas never load a statistics script; public pages may (instellingen/analytics). */
export function isPublicPagePath(path: string): boolean {
  return !/^\/(admin|account|aanbieder|graphql|api|uploads|sandbox)(\/|$)/.test(path);
}

/** The application's policy with a statistics tool on: exactly its script, and its origin to send page views to. */
export function withAnalytics(directives: Directives, script: { url: string; origin: string }): Directives {
  return {
    ...directives,
    'script-src': [...(directives['script-src'] ?? []), script.url],
    'connect-src': [...(directives['connect-src'] ?? []), script.origin],
  };
}

/**
 * A CSP host-source (CSP Level 3 grammar) for an https script: scheme, a DNS name or IPv4 address, an optional port
 * and path of URL characters only. No white space, quote, `;`, `,` or `*`: nothing a browser could read as a second
 * source, a keyword ('unsafe-inline'), a wildcard or the end of the directive.
 */
const HOST_SOURCE =
  /^https:\/\/(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)*[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?::[0-9]{1,5})?(?:\/[A-Za-z0-9\-._~%!$&()+=:@/]*)?$/;

/**
 * The application's policy with this statistics script, as helmet will send it; throws when it is not a valid policy
 * (a source that is not one host-source, or a value helmet refuses). The settings section calls it before saving, the
 * middleware before using a stored value.
 */
export function analyticsPolicy(
  script: { url: string; origin: string },
  secureTransport: boolean,
): { directives: Directives; handler: RequestHandler } {
  for (const source of [script.url, script.origin])
    if (!HOST_SOURCE.test(source)) throw new Error(`not a CSP host-source: ${JSON.stringify(source)}`);
  const directives = withAnalytics(policyFor('app', secureTransport), script);
  // helmet checks every directive value when it builds the middleware (it refuses `;` and `,`, for one).
  const handler = helmet.contentSecurityPolicy({ useDefaults: false, directives });
  return { directives, handler };
}

export function securityHeaders(options: {
  production: boolean;
  appUrl: string;
  /** The statistics script when instellingen/analytics has one on (from the settings cache), else null. */
  analytics?: () => Promise<{ url: string; origin: string } | null>;
  /** Where a stored script that cannot be in a valid policy is reported (it is then left out). */
  log?: Pick<Logger, 'warn'>;
}): RequestHandler {
  const secureTransport = options.production && options.appUrl.startsWith('https:');
  const csp = (name: PolicyName) =>
    helmet.contentSecurityPolicy({ useDefaults: false, directives: policyFor(name, secureTransport) });
  // One middleware per script URL in use (the setting rarely changes; the map stays tiny).
  const analyticsPolicies = new Map<string, RequestHandler>();
  const analyticsHandler = (script: { url: string; origin: string }) => {
    let handler = analyticsPolicies.get(script.url);
    if (!handler) {
      if (analyticsPolicies.size > 20) analyticsPolicies.clear();
      try {
        handler = analyticsPolicy(script, secureTransport).handler;
      } catch (error) {
        // A value stored before it was checked on saving: the page keeps the application's policy, never none or a 500.
        options.log?.warn(
          { err: error },
          'statistics script left out of the Content-Security-Policy: not a valid source (instellingen/analytics)',
        );
        handler = policies.app;
      }
      analyticsPolicies.set(script.url, handler);
    }
    return handler;
  };
  const policies: Record<PolicyName, RequestHandler> = {
    app: csp('app'),
    sandbox: csp('sandbox'),
    upload: csp('upload'),
  };
  const common = helmet({
    contentSecurityPolicy: false,
    strictTransportSecurity: secureTransport ? { maxAge: 31536000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'same-origin' },
    xFrameOptions: { action: 'deny' },
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    // Not needed: nothing here relies on SharedArrayBuffer, and it would block the cross-origin images of a later map.
    crossOriginEmbedderPolicy: false,
  });
  return (req, res, next) => {
    res.setHeader('Permissions-Policy', PERMISSIONS_POLICY);
    common(req, res, (error?: unknown) => {
      if (error) return next(error);
      // Compared normalised (http/paths.ts): `/ADMIN` and `/Uploads/…` reach the same routes as `/admin` and `/uploads/…`.
      const path = normalisePath(req.path);
      const name = policyNameFor(path);
      if (name !== 'app' || !options.analytics || !isPublicPagePath(path)) return policies[name](req, res, next);
      options
        .analytics()
        .then((script) => (script ? analyticsHandler(script) : policies.app)(req, res, next))
        .catch(next);
    });
  };
}
