import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { demoResidents } from '../seeders/demo-data.js';
import { startTestServer, type TestServer } from '../test/server.js';
import { MAX_CONCURRENT, RENDER_TIMEOUT_MS, fillTemplate, isServerRenderedPath, jsonForHtml } from './server-render.js';

/**
 * The public pages rendered on the server (http/server-render.ts), over real HTTP against the real application and
 * its demo data. The React side (client/src/entry-server.tsx) needs the client's build, which the browser tests use
 * (e2e/server-render.spec.ts); here a renderer module in the same place and with the same contract stands in for it,
 * so what is checked is the server's part: which requests are rendered, the GraphQL operations it runs for the
 * render (the real schema, context and data), the page it sends, and every way back to the page the browser renders.
 */

const INDEX =
  '<!doctype html><html lang="nl"><head><title>Gemeentewinkel</title>' +
  '<script type="module" crossorigin src="/assets/main-A1.js"></script>' +
  '<link rel="modulepreload" crossorigin href="/assets/vendor-B2.js">' +
  '<link rel="stylesheet" crossorigin href="/assets/main-C3.css"></head><body><div id="root"></div></body></html>';

/**
 * The stand-in renderer: the first two products of the offer as HTML, by the GraphQL operation it asks `execute` for.
 * `?wacht=<ms>` makes it wait (and give up on the signal), `?fout=1` fail, `?ongeldig=1` ask an invalid query.
 */
const RENDERER = `
export async function render({ url, execute, signal }) {
  const params = new URL(url).searchParams;
  const wait = Number(params.get('wacht') ?? 0);
  if (wait) await new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, wait);
    signal?.addEventListener('abort', () => { clearTimeout(timer); reject(new Error('aborted')); });
  });
  if (params.get('fout')) throw new Error('render failed');
  const query = params.get('ongeldig')
    ? 'query Offer { products(first: 2) { nietBestaand } }'
    : 'query Offer { products(first: 2) { edges { node { title } } } }';
  // Two operations, as a page has several (the shell's and the screen's).
  await execute({ query: '{ categories { id } }' });
  const result = await execute({ query, operationName: 'Offer' });
  const titles = result.data.products.edges.map((e) => e.node.title);
  return {
    kind: 'page',
    status: 200,
    html: '<main>' + titles.map((t) => '<h2>' + t + '</h2>').join('') + '</main>',
    title: 'Aanbod | Gemeentewinkel',
    state: { titles, tricky: '</script><!-- & \\u2028' },
  };
}
`;

describe('public pages rendered on the server', () => {
  let server: TestServer;
  let root: string;

  beforeAll(async () => {
    root = mkdtempSync(join(tmpdir(), 'gw-ssr-'));
    mkdirSync(join(root, 'dist'));
    mkdirSync(join(root, 'dist-ssr'));
    writeFileSync(join(root, 'dist', 'index.html'), INDEX);
    writeFileSync(join(root, 'dist-ssr', 'entry-server.js'), RENDERER);
    server = await startTestServer({ seed: true, clientDist: join(root, 'dist') });
  }, 120_000);

  afterAll(async () => {
    await server?.close();
    rmSync(root, { recursive: true, force: true });
  });

  async function offerTitles(): Promise<string[]> {
    const r = await server.client().gql(`{ products(first: 2) { edges { node { title } } } }`);
    return r.data!.products.edges.map((e: { node: { title: string } }) => e.node.title);
  }

  function stateOf(html: string): unknown {
    const match = /<script type="application\/json" id="gw-state">(.*?)<\/script>/s.exec(html);
    return match ? JSON.parse(match[1]!) : null;
  }

  it('sends a visitor the page with its data, title and state, its code at low priority, private to the visitor', async () => {
    const res = await server.client().fetch('/aanbod', { headers: { 'accept-encoding': 'br' } });
    expect(res.status).toBe(200);
    const html = await res.text();
    const titles = await offerTitles();
    expect(titles).toHaveLength(2);
    expect(html).toContain(`<div id="root"><main>${titles.map((t) => `<h2>${t}</h2>`).join('')}</main></div>`);
    expect(html).toContain('<title>Aanbod | Gemeentewinkel</title>');
    expect(stateOf(html)).toEqual({ titles, tricky: '</script><!-- & \u2028' });
    // Nothing in the state can end its block early.
    expect(html.match(/<\/script>/g)).toHaveLength(2);
    expect(html).toContain('<script type="module" fetchpriority="low" crossorigin src="/assets/main-A1.js">');
    expect(html).toContain('<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/vendor-B2.js">');
    expect(res.headers.get('cache-control')).toBe('private, no-cache');
    expect(res.headers.get('vary')).toMatch(/Cookie/);
    expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
  });

  it('shows a change of the offer in the very next render (no stale page)', async () => {
    const [first] = await offerTitles();
    const renamed = `${first} (nieuw)`;
    await server.orm.em.fork().execute('update product set title = ? where title = ?', [renamed, first]);
    try {
      const html = await (await server.client().fetch('/aanbod')).text();
      expect(html).toContain(`<h2>${renamed}</h2>`);
    } finally {
      await server.orm.em.fork().execute('update product set title = ? where title = ?', [first, renamed]);
    }
  });

  it('leaves pages that are not the same for every visitor to the browser', async () => {
    for (const path of ['/winkelwagen', '/inloggen', '/account/regelingen', '/admin', '/aanbieder/producten']) {
      const res = await server.client().fetch(path);
      expect(res.status, path).toBe(200);
      expect(await res.text(), path).toBe(INDEX);
    }
    const resident = server.client();
    const residents = demoResidents(new Date());
    await resident.loginWithDigid(residents.find((r) => r.municipality === 'zuiderveen' && r.adult)!.bsn);
    const own = await resident.fetch('/aanbod');
    expect(await own.text()).toBe(INDEX);
    expect(own.headers.get('vary')).toMatch(/Cookie/);
  });

  it('looks the visitor up once per render, not once per operation', async () => {
    // A cookie of a session that does not exist (ended, or from another installation): an anonymous visitor.
    const visitor = server.client();
    visitor.cookies.set('gw_session', 'verlopen-sessie-0123456789');
    const before = server.queries.length;
    const html = await (await visitor.fetch('/aanbod')).text();
    expect(html).toContain('id="gw-state"');
    // The session is read in one statement (identity/session.queries.ts: `from session s left join person …`).
    const lookups = server.queries.slice(before).filter((q) => /from "?session"?\b/i.test(q));
    expect(lookups).toHaveLength(1);
  });

  it('sends the page without HTML when the render fails or an operation answers with an error', async () => {
    for (const path of ['/aanbod?fout=1', '/aanbod?ongeldig=1']) {
      const res = await server.client().fetch(path);
      expect(res.status, path).toBe(200);
      expect(await res.text(), path).toBe(INDEX);
    }
  });

  it(`renders at most ${MAX_CONCURRENT} pages at once; the others get the page without HTML at once`, async () => {
    const pages = await Promise.all(
      Array.from({ length: MAX_CONCURRENT + 3 }, async () =>
        (await server.client().fetch('/aanbod?wacht=1500')).text(),
      ),
    );
    expect(pages.filter((html) => html.includes('id="gw-state"'))).toHaveLength(MAX_CONCURRENT);
    expect(pages.filter((html) => html === INDEX)).toHaveLength(3);
    // Every slot is free again afterwards.
    expect(await (await server.client().fetch('/aanbod')).text()).toContain('id="gw-state"');
  });

  it(`gives up on a render after ${RENDER_TIMEOUT_MS} ms`, async () => {
    const started = Date.now();
    const res = await server.client().fetch('/aanbod?wacht=20000');
    expect(await res.text()).toBe(INDEX);
    expect(Date.now() - started).toBeLessThan(RENDER_TIMEOUT_MS + 2000);
  });
});

describe('the parts of a rendered page', () => {
  it('renders the public pages that are the same for every visitor, and no others', () => {
    for (const path of ['/', '/aanbod', '/aanbod/', '/aanbod/fiets/123', '/aanbod/aanbieders/x/1', '/nieuws/a/b'])
      expect(isServerRenderedPath(path), path).toBe(true);
    for (const path of ['/winkelwagen', '/inloggen', '/account', '/admin', '/aanbieder', '/aanbodx', '/graphql'])
      expect(isServerRenderedPath(path), path).toBe(false);
  });

  it('renders only a path written as the browser’s router reads it (the renderer resolves the URL itself)', () => {
    // Each of these matched the public pages' pattern as written, while the renderer would have shown another page
    // (the admin area's) or the same page under another address.
    for (const path of [
      '/aanbod/../admin',
      '/aanbod/%2e%2e/admin',
      '/nieuws/../../account/gegevens',
      '/aanbod/./fiets',
      '/Aanbod',
      '//aanbod',
      '/aanbod//fiets/1',
      '/%61anbod',
    ])
      expect(isServerRenderedPath(path), path).toBe(false);
  });

  it('escapes the state and the title for HTML', () => {
    expect(jsonForHtml({ a: '</script><b>&' })).toBe('{"a":"\\u003c/script\\u003e\\u003cb\\u003e\\u0026"}');
    const page = fillTemplate('<title>x</title><div id="root"></div>', {
      html: '<p>$&</p>',
      title: 'A & <B>',
      state: 1,
    });
    expect(page).toBe(
      '<title>A &amp; &lt;B&gt;</title><div id="root"><p>$&</p></div><script type="application/json" id="gw-state">1</script>',
    );
  });
});
