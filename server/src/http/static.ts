import type { NextFunction, Request, RequestHandler, Response } from 'express';
import { readdirSync } from 'node:fs';
import { extname, join, relative, sep } from 'node:path';

/**
 * The built client (client/dist), pre-compressed: the build writes `.br` and `.gz` next to every compressible file
 * (client/vite.config.ts, `precompress`). Each request gets brotli if the browser accepts it, else gzip, else the
 * original, with `Vary: Accept-Encoding`, the original's Content-Type, and caching by kind: hashed files under
 * /assets are immutable for a year, HTML and the service worker are revalidated on every use (no-cache), anything else
 * (favicon, the web app manifest and its icons) an hour.
 *
 * The set of files is read once at start-up (the build does not change under a running server); a URL that is not
 * in it falls through, so no request path ever reaches the file system unchecked.
 *
 * HTML pages other than index.html (the GraphQL sandbox's sandbox.html) are never served by their file name: only
 * their route sends them (`sendPage`), so the route's own conditions hold (the sandbox only when GRAPHQL_SANDBOX is
 * on) and the page gets the policy chosen for its route.
 */
export type Encoding = 'br' | 'gzip' | 'identity';

interface StaticFile {
  /** Absolute path of the original. */
  path: string;
  br: boolean;
  gzip: boolean;
  cacheControl: string;
}

export interface StaticFiles {
  /** Serves a known file (GET/HEAD); anything else goes to `next`. */
  middleware: RequestHandler;
  /** Serves one file of the build by its URL path (e.g. '/index.html' for every client route); false when absent. */
  sendPage: (urlPath: string, req: Request, res: Response, next: NextFunction) => boolean;
}

function cacheControlFor(urlPath: string): string {
  if (urlPath.startsWith('/assets/')) return 'public, max-age=31536000, immutable';
  if (urlPath.endsWith('.html')) return 'no-cache';
  // The service worker (issue 30): the browser checks it for updates on every use, so a new build takes over at once.
  if (urlPath === '/sw.js') return 'no-cache';
  return 'public, max-age=3600';
}

/**
 * The encoding to send: brotli, then gzip, then the original, as far as the Accept-Encoding header allows (a coding
 * with q=0 is refused; `*` stands for any coding not named). Our preference wins over the header's order: brotli
 * files are the smallest, and every browser that sends `br` decodes it.
 */
export function chooseEncoding(header: string | undefined, available: { br: boolean; gzip: boolean }): Encoding {
  if (!header) return 'identity';
  const q = new Map<string, number>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = qParam ? Number(qParam.slice(2)) : 1;
    q.set(name.trim(), Number.isFinite(value) ? value : 0);
  }
  const accepts = (coding: string) => (q.get(coding) ?? q.get('*') ?? 0) > 0;
  if (available.br && accepts('br')) return 'br';
  if (available.gzip && (accepts('gzip') || accepts('x-gzip'))) return 'gzip';
  return 'identity';
}

export function staticFiles(dist: string): StaticFiles {
  const files = new Map<string, StaticFile>();
  const names = new Set<string>();
  for (const entry of readdirSync(dist, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    const rel = relative(dist, path);
    // Dot-files (and anything in a dot-directory) stay private, as with express.static's default.
    if (rel.split(sep).some((segment) => segment.startsWith('.'))) continue;
    names.add(path);
  }
  for (const path of names) {
    if (path.endsWith('.br') || path.endsWith('.gz')) {
      // A compressed sibling is not a file of its own; a .gz/.br without an original (none today) is served as is.
      if (names.has(path.slice(0, -3))) continue;
    }
    const urlPath = `/${relative(dist, path).split(sep).join('/')}`;
    files.set(urlPath, {
      path,
      br: names.has(`${path}.br`),
      gzip: names.has(`${path}.gz`),
      cacheControl: cacheControlFor(urlPath),
    });
  }

  function send(req: Request, res: Response, next: NextFunction, file: StaticFile) {
    const encoding = chooseEncoding(req.headers['accept-encoding'], file);
    if (file.br || file.gzip) res.vary('Accept-Encoding');
    // Set before sendFile: `send` keeps a Content-Type already present, so the .br file is typed as the original.
    res.type(extname(file.path));
    res.setHeader('Cache-Control', file.cacheControl);
    let path = file.path;
    if (encoding !== 'identity') {
      res.setHeader('Content-Encoding', encoding);
      path = `${file.path}.${encoding === 'br' ? 'br' : 'gz'}`;
    }
    res.sendFile(path, { cacheControl: false, dotfiles: 'allow' }, (error?: Error & { code?: string }) => {
      if (!error) return;
      // The browser went away (a navigation cancelled a preload): nothing to answer, nothing wrong to log.
      if (res.headersSent || error.code === 'ECONNABORTED') return;
      // Removed since start-up (a rebuild under a running server): not found, as before.
      res.removeHeader('Content-Encoding');
      res.removeHeader('Content-Type');
      res.removeHeader('Cache-Control');
      if (error.code === 'ENOENT') next();
      else next(error);
    });
  }

  return {
    middleware: (req, res, next) => {
      if (req.method !== 'GET' && req.method !== 'HEAD') return next();
      let path: string;
      try {
        path = decodeURIComponent(req.path);
      } catch {
        return next();
      }
      if (path.endsWith('.html') && path !== '/index.html') return next();
      const file = files.get(path);
      if (!file) return next();
      send(req, res, next, file);
    },
    sendPage: (urlPath, req, res, next) => {
      const file = files.get(urlPath);
      if (!file) return false;
      send(req, res, next, file);
      return true;
    },
  };
}
