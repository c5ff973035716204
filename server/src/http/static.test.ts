import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { startTestServer, type TestServer } from '../test/server.js';
import { chooseEncoding } from './static.js';

/**
 * The built client, served pre-compressed (server/src/http/static.ts; the build's side is `precompress` in
 * client/vite.config.ts). Over real HTTP with raw bytes (node:http, not fetch, which would decode them).
 */

interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

function get(url: string, acceptEncoding?: string, method = 'GET'): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      { method, headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end();
  });
}

const CHROME = 'gzip, deflate, br, zstd';

/** What the build writes: the original and its .br and .gz siblings. */
function writeCompressed(path: string, content: string | Buffer) {
  writeFileSync(path, content);
  writeFileSync(`${path}.br`, brotliCompressSync(content));
  writeFileSync(`${path}.gz`, gzipSync(content));
}

describe('chooseEncoding', () => {
  const both = { br: true, gzip: true };
  it('prefers brotli, then gzip, whatever the header order', () => {
    expect(chooseEncoding(CHROME, both)).toBe('br');
    expect(chooseEncoding('gzip;q=1, br;q=0.5', both)).toBe('br');
    expect(chooseEncoding('gzip, deflate', both)).toBe('gzip');
    expect(chooseEncoding(CHROME, { br: false, gzip: true })).toBe('gzip');
  });
  it('honours q=0, the wildcard and an absent header', () => {
    expect(chooseEncoding(undefined, both)).toBe('identity');
    expect(chooseEncoding('', both)).toBe('identity');
    expect(chooseEncoding('identity', both)).toBe('identity');
    expect(chooseEncoding('br;q=0, gzip', both)).toBe('gzip');
    expect(chooseEncoding('br;q=0, gzip;q=0', both)).toBe('identity');
    expect(chooseEncoding('*', both)).toBe('br');
    expect(chooseEncoding('br;q=0, *', both)).toBe('gzip');
    expect(chooseEncoding(CHROME, { br: false, gzip: false })).toBe('identity');
  });
});

describe('static files of the built client', () => {
  let server: TestServer;
  let dist: string;
  const script = `export const words = ${JSON.stringify(Array.from({ length: 2000 }, (_, i) => `woord-${i % 97}`))};\n`;
  const css = 'body { margin: 0; }\n'.repeat(200);
  const html =
    '<!doctype html><html lang="nl"><head><script type="module" src="/assets/main-AbC123.js"></script></head><body><div id="root"></div></body></html>';

  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'gw-static-'));
    mkdirSync(join(dist, 'assets'));
    writeCompressed(join(dist, 'index.html'), html);
    writeCompressed(join(dist, 'assets', 'main-AbC123.js'), script);
    writeCompressed(join(dist, 'assets', 'main-XyZ789.css'), css);
    // Not compressible (no siblings): sent as is, without Vary.
    writeFileSync(join(dist, 'assets', 'logo-Q1w2E3.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
    writeCompressed(join(dist, 'favicon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    writeFileSync(join(dist, '.secret'), 'nee');
    // The resident area's service worker (issue 30): revalidated on every use, so a new build takes over at once.
    writeFileSync(join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
    writeCompressed(join(dist, 'sandbox.html'), '<!doctype html><title>sandbox</title>');
    server = await startTestServer({ clientDist: dist });
  }, 120_000);

  afterAll(async () => {
    await server?.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('sends brotli to a browser that accepts it, with type, Vary, caching and the security headers', async () => {
    const res = await get(`${server.url}/assets/main-AbC123.js`, CHROME);
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/^text\/javascript/);
    expect(res.headers.vary).toMatch(/Accept-Encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(Number(res.headers['content-length'])).toBe(res.body.length);
    expect(res.body.length).toBeLessThan(Buffer.byteLength(script));
    expect(brotliDecompressSync(res.body).toString()).toBe(script);
  });

  it('sends gzip when brotli is not accepted, and the original when nothing is', async () => {
    const gz = await get(`${server.url}/assets/main-XyZ789.css`, 'gzip, deflate');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['content-type']).toMatch(/^text\/css/);
    expect(gz.headers.vary).toMatch(/Accept-Encoding/i);
    expect(gunzipSync(gz.body).toString()).toBe(css);

    for (const header of [undefined, 'identity', 'br;q=0, gzip;q=0']) {
      const plain = await get(`${server.url}/assets/main-AbC123.js`, header);
      expect(plain.status).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers.vary).toMatch(/Accept-Encoding/i);
      expect(plain.body.toString()).toBe(script);
    }
  });

  it('serves index.html for client routes, compressed and revalidated (no-cache)', async () => {
    for (const path of ['/', '/aanbod', '/index.html']) {
      const res = await get(`${server.url}${path}`, CHROME);
      expect(res.status, path).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['content-encoding']).toBe('br');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-security-policy']).toBeDefined();
      expect(brotliDecompressSync(res.body).toString()).toBe(html);
    }
    const plain = await get(`${server.url}/aanbod`);
    expect(plain.body.toString()).toBe(html);
    // Revalidation answers 304 on an unchanged page.
    const etag = plain.headers.etag as string;
    expect(etag).toBeTruthy();
    const again = await new Promise<number>((resolve, reject) => {
      request(`${server.url}/aanbod`, { headers: { 'if-none-match': etag } }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      })
        .on('error', reject)
        .end();
    });
    expect(again).toBe(304);
  });

  it('answers HEAD, keeps other files an hour, and leaves unknown, sibling and dot files unserved', async () => {
    const head = await get(`${server.url}/assets/main-AbC123.js`, CHROME, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.headers['content-encoding']).toBe('br');
    expect(head.body.length).toBe(0);

    const icon = await get(`${server.url}/favicon.svg`, 'gzip');
    expect(icon.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(icon.headers['cache-control']).toBe('public, max-age=3600');
    expect(gunzipSync(icon.body).toString()).toContain('<svg');

    const worker = await get(`${server.url}/sw.js`, 'identity');
    expect(worker.headers['content-type']).toMatch(/^(application|text)\/javascript/);
    expect(worker.headers['cache-control']).toBe('no-cache');

    const png = await get(`${server.url}/assets/logo-Q1w2E3.png`, CHROME);
    expect(png.headers['content-type']).toBe('image/png');
    expect(png.headers['content-encoding']).toBeUndefined();
    expect(png.headers.vary ?? '').not.toMatch(/Accept-Encoding/i);

    // A page with a route of its own (the sandbox) is only sent by that route, never by its file name.
    const pages = ['/sandbox.html', '/SANDBOX.html'];
    for (const path of [
      '/assets/nope-123.js',
      '/assets/main-AbC123.js.br',
      '/.secret',
      '/assets/%E0%A4%A.js',
      ...pages,
    ]) {
      expect((await get(`${server.url}${path}`, CHROME)).status, path).toBe(404);
    }
  });
});

// The real build, when present (after `npm run build`; a build from before the compressed copies is left alone):
// the main script travels compressed and decodes to itself.
const realDist = fileURLToPath(new URL('../../../client/dist', import.meta.url));
const realAssets = join(realDist, 'assets');
const compressedBuild =
  existsSync(join(realDist, 'index.html')) &&
  existsSync(realAssets) &&
  readdirSync(realAssets).some((f) => f.endsWith('.js.br'));
describe.runIf(compressedBuild)('the real client build', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ clientDist: realDist });
  }, 120_000);
  afterAll(async () => {
    await server?.close();
  });

  it('sends the main script as brotli and gzip, each decoding to the original', async () => {
    const html = readFileSync(join(realDist, 'index.html'), 'utf8');
    const src = /<script type="module"[^>]* src="([^"]+)"/.exec(html)?.[1];
    expect(src).toBeTruthy();
    const original = readFileSync(join(realDist, src!));
    const br = await get(`${server.url}${src}`, CHROME);
    const gz = await get(`${server.url}${src}`, 'gzip');
    const plain = await get(`${server.url}${src}`);
    expect(br.headers['content-encoding']).toBe('br');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(brotliDecompressSync(br.body).equals(original)).toBe(true);
    expect(gunzipSync(gz.body).equals(original)).toBe(true);
    expect(plain.body.equals(original)).toBe(true);
    console.log(
      `main script on the wire: ${plain.body.length} B plain, ${gz.body.length} B gzip, ${br.body.length} B br`,
    );
  });
});
