import { defineRoute } from '../../http/route.js';

/**
 * The browser SDK posts error envelopes to this same-site path (no third-party request from the page, and ad blockers
 * don't drop them). Only envelopes whose DSN is exactly the configured one are forwarded, so the tunnel can never be
 * used to send data anywhere else. Without a configured DSN every envelope is refused.
 */
export const SENTRY_TUNNEL_PATH = '/monitoring/tunnel';
const MAX_ENVELOPE_BYTES = 1024 * 1024;

export function parseDsn(
  dsn: string,
): { host: string; projectId: string; publicKey: string; origin: string; path: string } | null {
  try {
    const url = new URL(dsn);
    const parts = url.pathname.split('/').filter(Boolean);
    const projectId = parts.pop();
    if (!projectId || !url.username) return null;
    return {
      host: url.host,
      projectId,
      publicKey: url.username,
      origin: `${url.protocol}//${url.host}`,
      path: parts.length ? `/${parts.join('/')}` : '',
    };
  } catch {
    return null;
  }
}

/** Forwards browser error envelopes to the configured Sentry DSN only (public: the browser of any visitor reports). */
export const sentryTunnelRoutes = [
  defineRoute({
    method: 'POST',
    path: SENTRY_TUNNEL_PATH,
    description: 'Browser error reports (Sentry envelopes), forwarded only to the configured DSN.',
    access: 'public',
    scope: 'none',
    body: { kind: 'raw', limit: `${MAX_ENVELOPE_BYTES}b` },
    refusals: 'text',
    async handler({ req, res, ctx, deps }) {
      const own = deps.services.config.sentry.dsn;
      const configured = own ? parseDsn(own) : null;
      if (!configured) {
        res.status(404).json({ error: 'Foutrapportage staat uit.' });
        return;
      }
      const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
      const newline = body.indexOf(0x0a);
      const headerText = body.subarray(0, newline === -1 ? body.length : newline).toString('utf8');
      let dsn: string | undefined;
      try {
        dsn = (JSON.parse(headerText) as { dsn?: string }).dsn;
      } catch {
        /* not an envelope */
      }
      const given = dsn ? parseDsn(dsn) : null;
      if (
        !given ||
        given.host !== configured.host ||
        given.projectId !== configured.projectId ||
        given.publicKey !== configured.publicKey
      ) {
        res.status(400).json({ error: 'Onbekende bestemming voor foutrapportage.' });
        return;
      }
      const target = `${configured.origin}${configured.path}/api/${configured.projectId}/envelope/`;
      try {
        const upstream = await fetch(target, {
          method: 'POST',
          headers: { 'Content-Type': 'application/x-sentry-envelope' },
          body,
        });
        res.status(upstream.status).end();
      } catch (error) {
        ctx.log.warn({ err: (error as Error).message }, 'sentry tunnel: forwarding failed');
        res.status(502).end();
      }
    },
  }),
];
