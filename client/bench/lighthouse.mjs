// Lighthouse (mobile, its default throttling) on the home page, the offer and a product page of the built app.
//
//   npm run build && npm run bench:lighthouse
//
// Builds nothing: starts the production build as the browser tests do (scripts/e2e-server.mjs: a fresh database with
// the demo data, on TEST_DATABASE_URL's server when set, else an embedded PostgreSQL), drives the test Chromium
// (e2e/chromium.ts) through chrome-launcher, prints per page the performance and accessibility scores, LCP, TBT, CLS
// and the JavaScript bytes transferred, with the machine's load average beside them, and stops the app. Targets:
// performance at least 90, accessibility 100 (issue 15). RUNS=n runs each page n times and prints the median.
// LIGHTHOUSE_PORT (default 3105) is the app's port; LIGHTHOUSE_REPORTS=<folder> keeps each run's full report (JSON).
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_FLAGS, chromiumExecutable } from '../e2e/chromium.ts';

const root = fileURLToPath(new URL('../..', import.meta.url));
const port = Number(process.env.LIGHTHOUSE_PORT ?? 3105);
const base = `http://127.0.0.1:${port}`;
const runs = Math.max(1, Number(process.env.RUNS ?? 1));

/** The browser tests' Chromium flags (e2e/chromium.ts), with the new headless mode. */
export const CHROME_FLAGS = ['--headless=new', ...CHROMIUM_FLAGS];

function loadAverage() {
  return loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');
}

async function waitReady(url, child, timeoutMs = 120_000) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the app stopped (exit code ${child.exitCode})`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`the app did not answer ${url} within ${timeoutMs / 1000} s`);
}

/** A product page of the demo data: the first product of the public offer. */
async function productPath() {
  const response = await fetch(`${base}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ query: '{ products(first: 1) { edges { node { id slug } } } }' }),
  });
  const body = await response.json();
  const product = body.data?.products?.edges?.[0]?.node;
  if (!product) throw new Error(`no product in the offer: ${JSON.stringify(body)}`);
  return `/aanbod/${encodeURIComponent(product.slug)}/${encodeURIComponent(product.id)}`;
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

/** The figures of one Lighthouse result. */
function figures(lhr) {
  const audit = (id) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const scripts = (lhr.audits['network-requests']?.details?.items ?? []).filter(
    (item) => item.resourceType === 'Script',
  );
  return {
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
    lcp: audit('largest-contentful-paint'),
    fcp: audit('first-contentful-paint'),
    tbt: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
    jsBytes: scripts.reduce((sum, item) => sum + (item.transferSize ?? 0), 0),
    lcpElement: lhr.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node?.snippet,
    failing: Object.values(lhr.audits)
      .filter(
        (a) => a.score !== null && a.score < 1 && lhr.categories.accessibility.auditRefs.some((r) => r.id === a.id),
      )
      .map((a) => a.id),
  };
}

async function main() {
  for (const file of ['client/dist/index.html', 'server/dist/main.js']) {
    if (!existsSync(`${root}${file}`)) throw new Error(`${file} is missing: run npm run build first`);
  }
  const app = spawn(process.execPath, ['scripts/e2e-server.mjs'], {
    cwd: root,
    env: { ...process.env, E2E_PORT: String(port) },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  let chrome;
  try {
    await waitReady(`${base}/readyz`, app);
    const pages = [
      ['home', '/'],
      ['aanbod', '/aanbod'],
      ['product', await productPath()],
    ];
    chrome = await chromeLauncher.launch({ chromePath: await chromiumExecutable(), chromeFlags: CHROME_FLAGS });
    console.log(`Lighthouse ${runs > 1 ? `(median of ${runs} runs) ` : ''}mobile, default throttling; ${base}`);
    console.log(`load average before: ${loadAverage()}`);
    const rows = [];
    for (const [name, path] of pages) {
      const results = [];
      for (let i = 0; i < runs; i += 1) {
        const result = await lighthouse(`${base}${path}`, {
          port: chrome.port,
          logLevel: 'error',
          output: 'json',
          onlyCategories: ['performance', 'accessibility'],
        });
        if (!result) throw new Error(`Lighthouse gave no result for ${path}`);
        if (result.lhr.runtimeError) throw new Error(`${path}: ${result.lhr.runtimeError.message}`);
        results.push(figures(result.lhr));
        if (process.env.LIGHTHOUSE_REPORTS) {
          mkdirSync(process.env.LIGHTHOUSE_REPORTS, { recursive: true });
          writeFileSync(join(process.env.LIGHTHOUSE_REPORTS, `${name}-${i + 1}.json`), JSON.stringify(result.lhr));
        }
      }
      const pick = (key) => median(results.map((r) => r[key]));
      rows.push({
        page: name,
        performance: pick('performance'),
        accessibility: pick('accessibility'),
        'LCP ms': Math.round(pick('lcp')),
        'FCP ms': Math.round(pick('fcp')),
        'TBT ms': Math.round(pick('tbt')),
        CLS: Number(pick('cls').toFixed(3)),
        'JS KiB': Number((pick('jsBytes') / 1024).toFixed(1)),
        'load avg': loadAverage(),
      });
      const last = results.at(-1);
      if (last?.lcpElement) console.log(`${name}: LCP element ${last.lcpElement}`);
      if (last?.failing.length) console.log(`${name}: accessibility audits failing: ${last.failing.join(', ')}`);
    }
    console.table(rows);
    console.log(`load average after: ${loadAverage()}`);
    const below = rows.filter((row) => row.performance < 90 || row.accessibility < 100);
    if (below.length > 0) {
      console.log(`below target (performance >= 90, accessibility 100): ${below.map((r) => r.page).join(', ')}`);
    }
  } finally {
    await chrome?.kill();
    app.kill('SIGTERM');
    await new Promise((resolve) => (app.exitCode !== null ? resolve() : app.once('exit', resolve)));
  }
}

await main();
