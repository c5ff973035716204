import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_FLAGS } from './chromium';
import { expect, test } from './fixtures';

/**
 * Lighthouse's accessibility score is 100 on the home page, the offer and a product page (issue 15). One run per
 * page, the accessibility category only (a few seconds each), in a Chromium of its own that Lighthouse drives through
 * chrome-launcher (the test Chromium, e2e/chromium.ts, as the runner resolved it). A failure lists the failing audits
 * with their elements. The performance figures are a benchmark (`npm run bench:lighthouse`), not a test: on a shared
 * machine they vary with its load.
 */

const FLAGS = ['--headless=new', ...CHROMIUM_FLAGS];

async function productPath(baseURL: string): Promise<string> {
  const response = await fetch(new URL('/graphql', baseURL), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: '{ products(first: 1) { edges { node { id slug } } } }' }),
  });
  const body = (await response.json()) as { data: { products: { edges: { node: { id: string; slug: string } }[] } } };
  const node = body.data.products.edges[0]?.node;
  if (!node) throw new Error('no product in the demo offer');
  return `/aanbod/${node.slug}/${node.id}`;
}

test.describe('Lighthouse accessibility', () => {
  test('scores 100 on the home page, the offer and a product page', async ({ baseURL }) => {
    test.setTimeout(180_000);
    const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROMIUM_PATH, chromeFlags: FLAGS });
    try {
      const failures: string[] = [];
      for (const path of ['/', '/aanbod', await productPath(String(baseURL))]) {
        const result = await lighthouse(new URL(path, baseURL).href, {
          port: chrome.port,
          logLevel: 'error',
          onlyCategories: ['accessibility'],
          formFactor: 'desktop',
          screenEmulation: { mobile: false, width: 1350, height: 940, deviceScaleFactor: 1, disabled: false },
          throttlingMethod: 'provided',
        });
        const lhr = result?.lhr;
        if (!lhr) throw new Error(`Lighthouse gave no result for ${path}`);
        if (lhr.runtimeError) throw new Error(`${path}: ${lhr.runtimeError.message}`);
        const score = Math.round((lhr.categories.accessibility?.score ?? 0) * 100);
        if (score === 100) continue;
        const failing = (lhr.categories.accessibility?.auditRefs ?? [])
          .map((ref) => lhr.audits[ref.id])
          .filter((audit) => audit && audit.score !== null && audit.score < 1)
          .map((audit) => {
            const items = (audit!.details as { items?: { node?: { snippet?: string } }[] } | undefined)?.items ?? [];
            const nodes = items
              .map((item) => item.node?.snippet)
              .filter(Boolean)
              .slice(0, 3);
            return `${audit!.id}: ${audit!.title}${nodes.length ? ` (${nodes.join(', ')})` : ''}`;
          });
        failures.push(`${path}: accessibility ${score}; failing: ${failing.join('; ')}`);
      }
      expect(failures).toEqual([]);
    } finally {
      chrome.kill();
    }
  });
});
