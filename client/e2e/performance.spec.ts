import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { settle } from './support';

/**
 * The JavaScript budget of the public pages (issue 15): each loads at most 150 KB of compressed JavaScript before it
 * can be used (first visit, empty cache, brotli as the server sends it), and none of the code of the admin, provider,
 * customer-account or operator areas. A chunk's modules are read from its source map (the build writes one beside
 * every chunk), so a chunk that merely has a neutral name cannot smuggle area code in.
 */

const BUDGET_BYTES = 150 * 1024;
const ASSETS = fileURLToPath(new URL('../dist/assets/', import.meta.url));
/** Modules of the areas a visitor of the public site never needs. */
const AREA_CODE =
  /(^|\/)src\/(routes\/(admin|aanbieder|account|_lightbase)\/|components\/layout\/(AdminLayout|ProviderLayout|AccountLayout|BareLayout)\.tsx)/;

/** The source modules of a built chunk, from its source map. */
function chunkSources(file: string): string[] {
  const map = `${ASSETS}${file}.map`;
  if (!existsSync(map)) return [];
  return (JSON.parse(readFileSync(map, 'utf8')) as { sources: string[] }).sources;
}

interface Loaded {
  file: string;
  bytes: number;
  encoding: string | undefined;
}

/** Opens `path` in a fresh context (empty cache) and returns the JavaScript it loaded until it is settled. */
async function javascriptOf(page: Page, path: string): Promise<Loaded[]> {
  const pending: Promise<Loaded>[] = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (!url.pathname.endsWith('.js')) return;
    pending.push(
      (async () => {
        await response.finished();
        const sizes = await response.request().sizes();
        return {
          file: url.pathname.replace(/^\/assets\//, ''),
          bytes: sizes.responseBodySize,
          encoding: (await response.allHeaders())['content-encoding'],
        };
      })(),
    );
  });
  await page.goto(path);
  await settle(page);
  return Promise.all(pending);
}

/** A product page and a provider page of the demo offer: the first product's. */
async function offerPaths(baseURL: string): Promise<{ product: string; provider: string }> {
  const response = await fetch(new URL('/graphql', baseURL), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: '{ products(first: 1) { edges { node { id slug provider { id slug } } } } }' }),
  });
  const body = (await response.json()) as {
    data: { products: { edges: { node: { id: string; slug: string; provider: { id: string; slug: string } } }[] } };
  };
  const node = body.data.products.edges[0]?.node;
  if (!node) throw new Error('no product in the demo offer');
  return {
    product: `/aanbod/${node.slug}/${node.id}`,
    provider: `/aanbod/aanbieders/${node.provider.slug}/${node.provider.id}`,
  };
}

const STATIC_PAGES = [
  '/',
  '/aanbod',
  '/hoe-werkt-het',
  '/inloggen',
  '/nieuws',
  '/meldingen',
  '/winkelwagen',
  '/voor-aanbieders/inloggen',
  '/voor-aanbieders/registreren',
  '/privacy',
];

test.describe('JavaScript budget of the public pages', () => {
  test('each public page loads at most 150 KB of compressed JavaScript, none of it area code', async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const { product, provider } = await offerPaths(String(baseURL));
    const report: string[] = [];
    const failures: string[] = [];
    for (const path of [...STATIC_PAGES, product, provider]) {
      const context = await browser.newContext();
      const page = await context.newPage();
      const loaded = await javascriptOf(page, path);
      await context.close();
      const total = loaded.reduce((sum, chunk) => sum + chunk.bytes, 0);
      report.push(`${path}: ${(total / 1024).toFixed(1)} KB in ${loaded.length} files`);
      if (total > BUDGET_BYTES) {
        const largest = [...loaded].sort((a, b) => b.bytes - a.bytes).slice(0, 5);
        failures.push(
          `${path} loads ${(total / 1024).toFixed(1)} KB of JavaScript (budget ${BUDGET_BYTES / 1024} KB); largest: ${largest
            .map((chunk) => `${chunk.file} ${(chunk.bytes / 1024).toFixed(1)} KB`)
            .join(', ')}`,
        );
      }
      const uncompressed = loaded.filter((chunk) => chunk.bytes > 1024 && chunk.encoding !== 'br');
      if (uncompressed.length > 0) {
        failures.push(`${path}: not sent as brotli: ${uncompressed.map((chunk) => chunk.file).join(', ')}`);
      }
      for (const chunk of loaded) {
        const area = chunkSources(chunk.file).filter((source) => AREA_CODE.test(source));
        if (area.length > 0)
          failures.push(`${path} loads ${chunk.file} with area code: ${area.slice(0, 3).join(', ')}`);
      }
      if (loaded.length === 0 || !loaded.some((chunk) => chunkSources(chunk.file).length > 0)) {
        failures.push(`${path}: no chunk with a source map was loaded (is client/dist the build the server serves?)`);
      }
    }
    console.log(report.join('\n'));
    expect(failures, report.join('\n')).toEqual([]);
  });

  test('the entry preloads only modules of the public entry (no lazily loaded screen or area layout)', async ({
    request,
  }) => {
    const html = await (await request.get('/')).text();
    const preloaded = [...html.matchAll(/<link rel="modulepreload"[^>]* href="\/assets\/([^"]+)"/g)].map((m) => m[1]!);
    expect(preloaded.length).toBeGreaterThan(0);
    for (const file of preloaded) {
      const sources = chunkSources(file);
      expect(
        sources.filter((source) => AREA_CODE.test(source) || /src\/routes\/(?!NotFoundScreen)/.test(source)),
        file,
      ).toEqual([]);
    }
  });
});
