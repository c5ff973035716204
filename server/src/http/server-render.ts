import type { ApolloServer } from '@apollo/server';
import { GraphQLError } from 'graphql';
import compression from 'compression';
import type { RequestHandler } from 'express';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Logger } from 'pino';
import type { Contexts } from '../platform/composition.js';
import { Audience } from '../kernel/permissions.js';
import type { Context } from '../graphql/context.js';
import { normalisePath } from './paths.js';

/**
 * The public pages rendered on the server, for visitors who have not logged in: the HTML of the page with its data
 * (client/src/entry-server.tsx, built into client/dist-ssr), so the browser paints the home page, the offer or a
 * product before any JavaScript has run, and search engines and link previews read the page itself. The browser then
 * hydrates it (client/src/main.tsx) with the data the page was rendered with, sent beside it as a JSON block.
 *
 * - Only the public pages that show the same to every visitor (PUBLIC_PAGES): not the cart, the log-in and account
 *   forms, nor the provider, admin and operator areas. A logged-in visitor gets the page the browser renders itself
 *   (their menu, budget and cart are theirs; the HTML is never shared between visitors): `private, no-cache` and
 *   `Vary: Cookie`.
 * - The GraphQL operations of the render run on this process's GraphQL server (`executeOperation`), with the
 *   request's own context: the same permissions, maintenance mode and catalogue cache as a request from the browser.
 * - Anything unexpected (an error answer, a render error, more than RENDER_TIMEOUT_MS, more than MAX_CONCURRENT
 *   renders at once) sends the page without HTML, as before: the browser renders it, nothing is lost.
 */

/** The URLs rendered on the server: the home page, the offer with its products and providers, news, announcements, the
 *  information pages. */
const PUBLIC_PAGES =
  /^\/(?:|aanbod(?:\/.*)?|hoe-werkt-het|nieuws(?:\/.*)?|meldingen(?:\/.*)?|privacy|voorwaarden|toegankelijkheid|sitemap)\/?$/;

/** A render waits this long for its data at most; then the browser renders the page. */
export const RENDER_TIMEOUT_MS = 3000;
/** Renders at once per process; beyond this the browser renders the page (a render costs 20–100 ms of CPU). */
export const MAX_CONCURRENT = 4;

/*
 * The contract of client/src/entry-server.tsx's `render` (its RenderInput and RenderResult). The renderer is a separate
 * build the server loads at start, so its types are stated here for the server; server-render.test.ts's stand-in
 * renderer and the browser tests against the real one hold both sides to it.
 */
interface GraphQLRequest {
  query: string;
  variables?: Record<string, unknown>;
  operationName?: string;
}

type RenderResult =
  | { kind: 'page'; status: number; html: string; title: string | undefined; state: unknown }
  | { kind: 'redirect'; status: number; location: string };

interface Renderer {
  render(input: {
    url: string;
    execute: (request: GraphQLRequest) => Promise<Record<string, unknown>>;
    signal?: AbortSignal;
  }): Promise<RenderResult>;
}

/**
 * Whether the server renders this path (for a visitor who has not logged in): one of the public pages, written as
 * the browser's router would read it (http/paths.ts). A path that normalises to something else — `/aanbod/../admin`,
 * `/Aanbod`, `//nieuws`, `/%61anbod` — is left to the browser: the renderer resolves the URL itself, and must never be
 * asked for a page other than the public one this decision was about.
 */
export function isServerRenderedPath(path: string): boolean {
  return normalisePath(path) === path && PUBLIC_PAGES.test(path);
}

/** JSON inside an HTML <script> block: nothing in it can end the block or open a comment. */
export function jsonForHtml(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * The built index.html as the frame of rendered pages: their code is fetched at low priority, after the style sheet and
 * the images in view, which is all the first paint needs (the code makes the page interactive once it is there).
 */
export function renderedPageTemplate(indexHtml: string): string {
  return indexHtml.replace(/<(script type="module"|link rel="modulepreload") /g, '<$1 fetchpriority="low" ');
}

/** The frame (renderedPageTemplate) with the rendered page, its title and its data filled in. */
export function fillTemplate(template: string, page: { html: string; title: string | undefined; state: unknown }) {
  let out = template.replace('<div id="root"></div>', () => {
    return `<div id="root">${page.html}</div><script type="application/json" id="gw-state">${jsonForHtml(page.state)}</script>`;
  });
  if (page.title) out = out.replace(/<title>[^<]*<\/title>/, () => `<title>${escapeText(page.title!)}</title>`);
  return out;
}

/** The renderer of the client's build (client/dist-ssr/entry-server.js), or null when it was not built. */
export async function loadRenderer(clientDist: string): Promise<Renderer | null> {
  const file = join(clientDist, '..', 'dist-ssr', 'entry-server.js');
  if (!existsSync(file)) return null;
  return (await import(pathToFileURL(file).href)) as Renderer;
}

export function serverRenderedPages(deps: {
  renderer: Renderer;
  clientDist: string;
  apollo: ApolloServer<Context>;
  contexts: Contexts;
  logger: Logger;
}): RequestHandler {
  const { renderer, apollo, contexts, logger } = deps;
  const template = renderedPageTemplate(readFileSync(join(deps.clientDist, 'index.html'), 'utf8'));
  const compress = compression({ threshold: 1024 });
  let running = 0;

  /** Runs the render's operations as this visitor's requests would run, in one context; an error answer fails it. */
  function executorFor(contextValue: Context) {
    return async (request: GraphQLRequest) => {
      const response = await apollo.executeOperation(request, { contextValue });
      if (response.body.kind !== 'single') throw new Error('unexpected incremental answer');
      const result = response.body.singleResult;
      if (result.errors?.length) throw new Error(`GraphQL error in ${request.operationName ?? 'an operation'}`);
      return result as Record<string, unknown>;
    };
  }

  return async (req, res, next) => {
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !isServerRenderedPath(req.path)) return next();
    res.vary('Cookie');
    if (running >= MAX_CONCURRENT) return next();
    running += 1;
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), RENDER_TIMEOUT_MS);
    try {
      // The request's GraphQL context, once for all the render's operations (who asks, maintenance mode, loaders).
      const context = await contexts.forGraphQL(req, res);
      // Logged in (a valid session or an operator acting in a municipality): the browser renders the page.
      if (context.viewer.kind !== Audience.ANONYMOUS) return next();
      const result = await renderer.render({
        url: `http://localhost${req.originalUrl}`,
        execute: executorFor(context),
        signal: controller.signal,
      });
      if (result.kind === 'redirect') {
        res.redirect(result.status, result.location);
        return;
      }
      res.status(result.status);
      res.type('html');
      res.setHeader('Cache-Control', 'private, no-cache');
      compress(req, res, () => res.send(fillTemplate(template, result)));
    } catch (error) {
      // The context's own refusals (maintenance mode, the allow-list) are expected: the browser shows them.
      if (error instanceof GraphQLError) logger.debug({ code: error.extensions.code, path: req.path }, 'not rendered');
      else logger.warn({ err: error, path: req.path }, 'server render failed; the browser renders the page');
      if (!res.headersSent) next();
    } finally {
      clearTimeout(timer);
      running -= 1;
    }
  };
}
