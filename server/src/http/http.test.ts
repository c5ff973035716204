import { request } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/server.js';

describe('HTTP surface', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ seed: false });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('answers health and readiness', async () => {
    expect(await (await fetch(`${server.url}/healthz`)).json()).toEqual({ status: 'ok' });
    expect(await (await fetch(`${server.url}/readyz`)).json()).toMatchObject({ status: 'ready' });
  });

  it('serves the client configuration without secrets', async () => {
    const body = await (await fetch(`${server.url}/api/client-config`)).json();
    expect(body).toEqual({ sentryDsn: null, environment: 'test', sandboxEnabled: true, appName: 'Gemeentewinkel' });
  });

  it('answers an invalid document with a clear error and no stack trace', async () => {
    const r = await server.client().gql('{ products { edges { node { nope } } }');
    expect(r.status).toBe(400);
    expect(r.errors?.[0]?.extensions?.code).toBe('GRAPHQL_PARSE_FAILED');
    expect(JSON.stringify(r)).not.toMatch(/stacktrace|at .*\.js:\d+/);

    const unknown = await server.client().gql('{ products { edges { node { nope } } } }');
    expect(unknown.errors?.[0]?.extensions?.code).toBe('GRAPHQL_VALIDATION_FAILED');
    expect(JSON.stringify(unknown)).not.toContain('stacktrace');
  });

  it('answers wrong variables with BAD_USER_INPUT', async () => {
    const r = await server.client().gql('query($n:Int){ products(first:$n){ totalCount } }', { n: 'veel' });
    expect(r.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(JSON.stringify(r)).not.toContain('stacktrace');
  });

  it('limits query depth and aliases', async () => {
    const aliases = Array.from({ length: 40 }, (_, i) => `a${i}: viewer { kind }`).join(' ');
    const r = await server.client().gql(`{ ${aliases} }`);
    expect(r.errors?.length).toBeGreaterThan(0);
    expect(JSON.stringify(r)).not.toContain('stacktrace');
  });

  it('refuses a cross-site simple GET to /graphql (CSRF prevention)', async () => {
    const res = await fetch(`${server.url}/graphql?query=${encodeURIComponent('{ viewer { kind } }')}`);
    expect(res.status).toBe(400);
  });

  it('serves /sitemap.xml with the public pages', async () => {
    const res = await fetch(`${server.url}/sitemap.xml`);
    expect(res.headers.get('content-type')).toMatch(/application\/xml/);
    const text = await res.text();
    expect(text).toContain('<urlset');
    expect(text).toContain('/aanbod</loc>');
  });

  it('serves /robots.txt naming the sitemap by its absolute URL and disallowing the non-public areas', async () => {
    const res = await fetch(`${server.url}/robots.txt`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    const lines = (await res.text()).split('\n');
    expect(lines[0]).toBe('User-agent: *');
    for (const path of ['/admin', '/account', '/aanbieder', '/_lightbase', '/auth']) {
      expect(lines).toContain(`Disallow: ${path}`);
    }
    const appUrl = server.services.config.appUrl.replace(/\/$/, '');
    expect(appUrl).toMatch(/^https?:\/\//);
    expect(lines).toContain(`Sitemap: ${appUrl}/sitemap.xml`);
  });

  it('refuses a malformed pagination cursor with a Dutch message', async () => {
    const r = await server.client().gql('{ products(after: "niet-een-cursor") { totalCount } }');
    expect(r.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    expect(r.errors?.[0]?.message).toBe('De paginacursor is ongeldig. Begin opnieuw bij de eerste pagina.');
  });

  it("answers every request with its id: the caller's X-Request-Id when valid, otherwise a new one", async () => {
    const own = await fetch(`${server.url}/healthz`, { headers: { 'X-Request-Id': 'proxy-trace-000123' } });
    expect(own.headers.get('x-request-id')).toBe('proxy-trace-000123');
    const forged = await fetch(`${server.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'X-Request-Id': 'bad id with spaces' },
      body: JSON.stringify({ query: '{ categories { id } }' }),
    });
    expect(forged.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('compresses GraphQL answers of 1 KB and more as the browser accepts, and sends small ones as they are', async () => {
    const post = (query: string, acceptEncoding?: string) =>
      new Promise<{ encoding: string | undefined; vary: string | undefined; body: Buffer }>((resolve, reject) => {
        const payload = JSON.stringify({ query });
        const req = request(
          `${server.url}/graphql`,
          {
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              'content-length': Buffer.byteLength(payload),
              ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}),
            },
          },
          (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (c: Buffer) => chunks.push(c));
            res.on('end', () =>
              resolve({
                encoding: res.headers['content-encoding'],
                vary: res.headers.vary,
                body: Buffer.concat(chunks),
              }),
            );
          },
        );
        req.on('error', reject);
        req.end(payload);
      });
    const big = '{ __schema { types { name description } } }';
    const plain = await post(big);
    expect(plain.encoding).toBeUndefined();
    const json = JSON.parse(plain.body.toString('utf8')) as { data: { __schema: { types: unknown[] } } };
    expect(json.data.__schema.types.length).toBeGreaterThan(50);
    expect(plain.body.length).toBeGreaterThan(1024);

    const br = await post(big, 'gzip, deflate, br');
    expect(br.encoding).toBe('br');
    expect(br.vary).toMatch(/accept-encoding/i);
    expect(br.body.length).toBeLessThan(plain.body.length / 3);
    expect(JSON.parse(brotliDecompressSync(br.body).toString('utf8'))).toEqual(json);

    const gzip = await post(big, 'gzip');
    expect(gzip.encoding).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.body).toString('utf8'))).toEqual(json);

    // A small answer is not worth compressing.
    const small = await post('{ __typename }', 'br');
    expect(small.encoding).toBeUndefined();
    expect(JSON.parse(small.body.toString('utf8'))).toEqual({ data: { __typename: 'Query' } });
  });
});
