import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import express from 'express';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startTestServer, type TestServer } from '../test/server.js';
import { PaymentSimulator } from '../integrations/payments/payment-simulator.js';
import { securityHeaders } from './security-headers.js';

/**
 * The one test of the security headers (server/src/http/security-headers.ts). A feature that needs more from the
 * browser extends the policy there and the expectations here. The browser side (the app runs with this policy and
 * reports no violation) is client/e2e/security.spec.ts.
 */

/** The application's policy, directive by directive, as it must be. */
const APP_POLICY: Record<string, string> = {
  'default-src': "'self'",
  'script-src': "'self'",
  'script-src-attr': "'none'",
  'style-src': "'self'",
  'style-src-attr': "'none'",
  'img-src': "'self' data: blob:",
  'font-src': "'self'",
  'connect-src': "'self'",
  'object-src': "'none'",
  'base-uri': "'self'",
  'frame-ancestors': "'none'",
  'form-action': "'self'",
};

/** GraphiQL's Monaco editor needs inline styles and data: fonts; its scripts are as strict as the app's. */
const SANDBOX_POLICY: Record<string, string> = {
  ...APP_POLICY,
  'style-src': "'self' 'unsafe-inline'",
  'style-src-attr': "'unsafe-inline'",
  'font-src': "'self' data:",
};

const UPLOAD_POLICY: Record<string, string> = { 'default-src': "'none'", sandbox: '' };

function parsePolicy(header: string | null): Record<string, string> {
  expect(header, 'Content-Security-Policy').toBeTruthy();
  return Object.fromEntries(
    header!
      .split(';')
      .map((d) => d.trim())
      .filter(Boolean)
      .map((d) => {
        const [name, ...values] = d.split(/\s+/);
        return [name!, values.join(' ')];
      }),
  );
}

function expectCommonHeaders(res: Response, label: string) {
  expect(res.headers.get('x-content-type-options'), label).toBe('nosniff');
  expect(res.headers.get('referrer-policy'), label).toBe('same-origin');
  expect(res.headers.get('x-frame-options'), label).toBe('DENY');
  expect(res.headers.get('cross-origin-opener-policy'), label).toBe('same-origin');
  const permissions = res.headers.get('permissions-policy') ?? '';
  expect(permissions, label).toContain('camera=(self)');
  for (const off of ['microphone=()', 'geolocation=()', 'payment=()', 'usb=()'])
    expect(permissions, label).toContain(off);
  expect(res.headers.get('x-powered-by'), label).toBeNull();
}

function expectNoInlineCode(html: string, label: string) {
  expect(html, label).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/i);
  expect(html, label).not.toMatch(/<style\b/i);
  expect(html, label).not.toMatch(/\sstyle\s*=/i);
  expect(html, label).not.toMatch(/\son[a-z]+\s*=/i);
}

describe('security headers', () => {
  let server: TestServer;
  let dist: string;
  let dataDir: string;
  let paymentPage: string;
  let uploadPath: string;

  beforeAll(async () => {
    // A stand-in for client/dist: the server's handling of client pages does not depend on what the build put in them.
    dist = mkdtempSync(join(tmpdir(), 'gw-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(
      join(dist, 'index.html'),
      '<!doctype html><html lang="nl"><head><script type="module" src="/assets/main.js"></script></head><body><div id="root"></div></body></html>',
    );
    writeFileSync(
      join(dist, 'sandbox.html'),
      '<!doctype html><html lang="nl"><head><script type="module" src="/assets/sandbox.js"></script></head><body></body></html>',
    );
    writeFileSync(join(dist, 'assets', 'main.js'), 'console.log(1)');
    dataDir = mkdtempSync(join(tmpdir(), 'gw-headers-'));
    server = await startTestServer({ seed: true, clientDist: dist, env: { DATA_DIR: dataDir } });

    const gateway = server.services.payments.gateway as PaymentSimulator;
    expect(gateway).toBeInstanceOf(PaymentSimulator);
    const payment = await gateway.createPayment({
      paymentId: '00000000-0000-4000-8000-000000000001',
      amountCents: 1250,
      description: 'Eigen bijdrage',
      redirectUrl: `${server.url}/winkelwagen/betaling`,
      webhookUrl: `${server.url}/payments/webhook`,
    });
    paymentPage = payment.checkoutUrl;
    await server.services.storage.put(
      'products/00000000-0000-4000-8000-00000000000a.webp',
      Buffer.from('RIFF0000WEBP'),
    );
    uploadPath = '/uploads/products/00000000-0000-4000-8000-00000000000a.webp';
  });

  afterAll(async () => {
    await server?.close();
    rmSync(dist, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  });

  const get = (path: string, init?: RequestInit) => fetch(server.url + path, { redirect: 'manual', ...init });

  it('gives every page, the API and every other response the strict policy and the other headers', async () => {
    const responses: [string, Response][] = [
      ['/', await get('/')],
      ['/aanbod', await get('/aanbod')],
      ['/assets/main.js', await get('/assets/main.js')],
      [
        'POST /graphql',
        await get('/graphql', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ query: '{ viewer { kind } }' }),
        }),
      ],
      ['/auth/digid/simulator', await get('/auth/digid/simulator?RelayState=x')],
      [paymentPage, await get(paymentPage)],
      ['/api/static/simple-page.css', await get('/api/static/simple-page.css')],
      ['/sitemap.xml', await get('/sitemap.xml')],
      ['/api/client-config', await get('/api/client-config')],
      ['/healthz', await get('/healthz')],
      ['404', await get('/api/bestaat-niet')],
      ['404 file', await get('/bestaat-niet.js')],
    ];
    for (const [label, res] of responses) {
      expect(res.status, label).toBeLessThan(500);
      expect(parsePolicy(res.headers.get('content-security-policy')), label).toEqual(APP_POLICY);
      expectCommonHeaders(res, label);
      // Not in development or tests: HSTS and upgrade-insecure-requests are for production over https.
      expect(res.headers.get('strict-transport-security'), label).toBeNull();
    }
    expect(responses.find(([l]) => l === '/')![1].status).toBe(200);
    expect(responses.find(([l]) => l === '404')![1].status).toBe(404);
  });

  it('gives the sandbox its own policy: inline styles for its editor, scripts as strict as the app', async () => {
    const res = await get('/sandbox');
    expect(res.status).toBe(200);
    expect(parsePolicy(res.headers.get('content-security-policy'))).toEqual(SANDBOX_POLICY);
    expectCommonHeaders(res, '/sandbox');
  });

  it('serves uploads under a policy that lets nothing run', async () => {
    const res = await get(uploadPath);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(parsePolicy(res.headers.get('content-security-policy'))).toEqual(UPLOAD_POLICY);
    expectCommonHeaders(res, uploadPath);
  });

  it('renders the simulator pages without inline script or style', async () => {
    for (const path of ['/auth/digid/simulator?RelayState=x', paymentPage, '/betalen/simulator/sim_onbekend']) {
      const res = await get(path);
      const html = await res.text();
      expect(html, path).toContain('<link rel="stylesheet" href="/api/static/simple-page.css">');
      expectNoInlineCode(html, path);
    }
    const css = await get('/api/static/simple-page.css');
    expect(css.headers.get('content-type')).toMatch(/^text\/css/);
    expect(await css.text()).toContain('font-family');
  });

  it('ignores, with a warning, a stored statistics script that cannot be in a valid policy: no 500, the CSP stays on', async () => {
    const warnings: unknown[] = [];
    const serve = async (script: { url: string; origin: string }) => {
      const app = express();
      app.use(
        securityHeaders({
          production: false,
          appUrl: 'http://localhost:3000',
          analytics: async () => script,
          log: { warn: ((...args: unknown[]) => void warnings.push(args)) as never },
        }),
      );
      app.get('/aanbod', (_req, res) => void res.send('ok'));
      const http: Server = createServer(app);
      await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
      try {
        return await fetch(`http://127.0.0.1:${(http.address() as AddressInfo).port}/aanbod`);
      } finally {
        http.close();
      }
    };
    // Values a setting could hold from before they were checked on saving.
    for (const url of [
      "https://x.example/a.js 'unsafe-inline' 'unsafe-eval' https:",
      'https://x.example/a.js; script-src *',
      'https://x.example/a.js,https://evil.example',
      'https://*.example/a.js',
      'https://x.example/a|b.js',
    ]) {
      warnings.length = 0;
      const res = await serve({ url, origin: 'https://x.example' });
      expect(res.status, url).toBe(200);
      expect(parsePolicy(res.headers.get('content-security-policy')), url).toEqual(APP_POLICY);
      expect(warnings, url).toHaveLength(1);
    }
    // A valid script is allowed exactly, and its origin for the page views.
    warnings.length = 0;
    const res = await serve({ url: 'https://stats.example/js/script.js', origin: 'https://stats.example' });
    expect(parsePolicy(res.headers.get('content-security-policy'))).toEqual({
      ...APP_POLICY,
      'script-src': "'self' https://stats.example/js/script.js",
      'connect-src': "'self' https://stats.example",
    });
    expect(warnings).toEqual([]);
  });

  it('decides the policy on the normalised path: no statistics script on /ADMIN, the uploads policy on /Uploads/…', async () => {
    const app = express();
    app.use(
      securityHeaders({
        production: false,
        appUrl: 'http://localhost:3000',
        analytics: async () => ({ url: 'https://stats.example/js/script.js', origin: 'https://stats.example' }),
      }),
    );
    app.use((_req, res) => void res.send('ok'));
    const http: Server = createServer(app);
    await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
    const at = (path: string) => fetch(`http://127.0.0.1:${(http.address() as AddressInfo).port}${path}`);
    try {
      for (const path of ['/ADMIN', '/Admin/beheer', '/%61dmin', '//admin/x', '/aanbod/../admin', '/Account']) {
        const policy = parsePolicy((await at(path)).headers.get('content-security-policy'));
        expect(policy['script-src'], path).toBe("'self'");
      }
      const upload = parsePolicy((await at('/Uploads/products/x.webp')).headers.get('content-security-policy'));
      expect(upload).toEqual(
        parsePolicy((await at('/uploads/products/x.webp')).headers.get('content-security-policy')),
      );
      expect(upload['script-src'], 'the sandboxing uploads policy').not.toBe(
        "'self' https://stats.example/js/script.js",
      );
      // A public page still gets the statistics script.
      const page = parsePolicy((await at('/aanbod')).headers.get('content-security-policy'));
      expect(page['script-src']).toBe("'self' https://stats.example/js/script.js");
    } finally {
      http.close();
    }
  });

  it('adds HSTS and upgrade-insecure-requests in production over https, and only there', async () => {
    const serve = async (options: { production: boolean; appUrl: string }) => {
      const app = express();
      app.use(securityHeaders(options));
      app.get('/', (_req, res) => void res.send('ok'));
      const http: Server = createServer(app);
      await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
      try {
        return await fetch(`http://127.0.0.1:${(http.address() as AddressInfo).port}/`);
      } finally {
        http.close();
      }
    };
    const production = await serve({ production: true, appUrl: 'https://winkel.gemeente.nl' });
    expect(production.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    expect(parsePolicy(production.headers.get('content-security-policy'))).toEqual({
      ...APP_POLICY,
      'upgrade-insecure-requests': '',
    });
    expectCommonHeaders(production, 'production');

    for (const options of [
      { production: false, appUrl: 'https://winkel.gemeente.nl' },
      { production: true, appUrl: 'http://localhost:3000' },
    ]) {
      const res = await serve(options);
      expect(res.headers.get('strict-transport-security'), JSON.stringify(options)).toBeNull();
      expect(parsePolicy(res.headers.get('content-security-policy'))).toEqual(APP_POLICY);
    }
  });
});
