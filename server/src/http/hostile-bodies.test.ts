import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gzipSync } from 'node:zlib';
import fc from 'fast-check';
import { startTestServer, type TestClient, type TestServer } from '../test/server.js';
import { DEMO_PASSWORD, DEMO_STAFF } from '../seeders/demo-accounts.js';
import { generatedPersons, importCsv } from '../test/import-csv.js';
import { UPLOAD_HEADER } from '../integrations/storage/image-upload.js';
import { PLATFORM_LOGO_PATH } from '../modules/settings/platform-logo.routes.js';
import { SENTRY_TUNNEL_PATH } from '../integrations/monitoring/sentry-tunnel.js';
import { CONTENT_ENCODING_MESSAGE } from './content-encoding.js';

/**
 * No input can stop the server (issue 24): request bodies in a content coding, and a bounded fuzz test of the importer
 * and an upload route with random, spliced and truncated bytes. The server runs in this process: an 'error' event
 * nobody listens to (what ended the process on a CSV with an unclosed quote) is an uncaught exception here, which
 * the test records and fails on.
 */
describe('hostile request bodies', { timeout: 300_000 }, () => {
  let server: TestServer;
  let staff: TestClient;
  let zv: string;
  const crashes: unknown[] = [];
  const recordCrash = (error: unknown) => crashes.push(error);

  beforeAll(async () => {
    process.on('uncaughtException', recordCrash);
    server = await startTestServer({ seed: true });
    staff = server.client();
    await staff.loginStaff(DEMO_STAFF.find((s) => s.role === 'BEHEERDER')!.email, DEMO_PASSWORD);
    zv = (
      await server.orm.em.fork().execute<{ id: string }[]>(`select id from municipality where slug = 'zuiderveen'`)
    )[0]!.id;
  });
  afterAll(async () => {
    process.off('uncaughtException', recordCrash);
    await server?.close();
  });

  /** A multipart/form-data body with one `file` part, by hand (so that it can be cut anywhere). */
  const multipart = (file: Uint8Array, name: string) => {
    const boundary = 'grens-7f3a9c';
    const body = Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\n` +
          `Content-Type: application/octet-stream\r\n\r\n`,
      ),
      Buffer.from(file),
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return { body, type: `multipart/form-data; boundary=${boundary}` };
  };
  const post = async (path: string, body: Uint8Array, type: string, headers: Record<string, string> = {}) => {
    const res = await staff.fetch(path, {
      method: 'POST',
      body: Buffer.from(body),
      headers: { 'content-type': type, [UPLOAD_HEADER]: '1', ...headers },
    });
    const text = await res.text();
    let json: any = null;
    try {
      json = JSON.parse(text);
    } catch {
      // Not JSON: the assertions below say so.
    }
    return { status: res.status, json, text, headers: res.headers };
  };
  /** A refusal as every upload answers one: a 4xx with a short Dutch message, no stack. */
  const expectDutchRefusal = (r: { status: number; json: any; text: string }) => {
    expect(r.status, r.text).toBeGreaterThanOrEqual(400);
    expect(r.status, r.text).toBeLessThan(500);
    const message: string = r.json?.errors?.[0]?.message ?? r.json?.error ?? '';
    expect(message, r.text).toMatch(/\b(het|de|een|niet|geen|is|bestand|regel|kies|dit|u)\b/i);
    expect(r.text).not.toMatch(/\bat .*\.(js|ts):\d+|Error:|stack/);
  };
  const stillAnswers = async () => {
    expect(crashes).toEqual([]);
    const health = await staff.fetch('/healthz');
    expect(health.status).toBe(200);
  };

  it('answers a body in any content coding but identity with 415 and a short Dutch message, on every route that reads one', async () => {
    const query = JSON.stringify({ query: '{ __typename }' });
    const gql = (encoding: string | null, body: Uint8Array) =>
      post('/graphql', body, 'application/json', encoding === null ? {} : { 'content-encoding': encoding });
    for (const encoding of ['gzip', 'br', 'deflate', 'zstd', 'GZIP', 'gzip, identity', 'x-iets-anders']) {
      const r = await gql(encoding, gzipSync(query));
      expect(r.status, encoding).toBe(415);
      expect(r.json.errors[0]).toEqual({
        field: null,
        code: 'UNSUPPORTED_CONTENT_ENCODING',
        message: CONTENT_ENCODING_MESSAGE,
      });
      expect(r.headers.get('accept-encoding')).toBe('identity');
    }
    // Without a coding, or "identity", the body is read as sent.
    for (const encoding of [null, 'identity']) {
      const r = await gql(encoding, Buffer.from(query));
      expect(r.status).toBe(200);
      expect(r.json.data).toEqual({ __typename: 'Query' });
    }
    // The uploads, the import, the Sentry tunnel and the payment webhook: the same answer.
    const csv = multipart(gzipSync(importCsv(generatedPersons(1, 'GZ', null))), 'klanten.csv');
    for (const path of [`/api/imports?gemeente=${zv}`, PLATFORM_LOGO_PATH, '/api/products/x/images']) {
      const r = await post(path, csv.body, csv.type, { 'content-encoding': 'gzip' });
      expect(r.status, path).toBe(415);
      expect(r.json.errors[0].message).toBe(CONTENT_ENCODING_MESSAGE);
    }
    for (const [path, type] of [
      [SENTRY_TUNNEL_PATH, 'application/x-sentry-envelope'],
      ['/payments/webhook', 'application/x-www-form-urlencoded'],
    ] as const) {
      const r = await post(path, gzipSync('id=tr_1'), type, { 'content-encoding': 'deflate' });
      expect(r.status, path).toBe(415);
    }
    await stillAnswers();
  });

  it('a bounded fuzz of the importer and an upload route: every answer a 4xx with a Dutch message (or a dry run), never a 5xx or a dropped connection', async () => {
    const valid = Buffer.from(importCsv(generatedPersons(4, 'FZ', null, 82_000_000), ';'));
    const dataStart = valid.indexOf('\r\n') + 2;
    // What the importer is fed, seeded so that a failure can be replayed (fast-check prints the seed and path).
    const csvFile = fc.oneof(
      // Random bytes.
      fc.uint8Array({ minLength: 0, maxLength: 3000 }),
      // A valid file with one quote put somewhere in its rows: an unclosed quote, or one in the middle of a field.
      fc.nat({ max: valid.length - dataStart }).map((at) => {
        const i = dataStart + at;
        return Buffer.concat([valid.subarray(0, i), Buffer.from('"'), valid.subarray(i)]);
      }),
      // A valid file cut off anywhere (in a letter, in the header, in a row).
      fc.nat({ max: valid.length }).map((at) => valid.subarray(0, at)),
      // A valid file with random bytes spliced in (bytes that are no UTF-8, NULs, quotes).
      fc
        .tuple(fc.nat({ max: valid.length }), fc.uint8Array({ minLength: 1, maxLength: 40 }))
        .map(([at, junk]) => Buffer.concat([valid.subarray(0, at), Buffer.from(junk), valid.subarray(at)])),
    );
    await fc.assert(
      fc.asyncProperty(csvFile, async (file) => {
        const form = multipart(file, 'fuzz.csv');
        const r = await post(`/api/imports?gemeente=${zv}`, form.body, form.type);
        // A file that still reads as a valid import is a dry run (nothing applied); anything else a Dutch refusal.
        if (r.status === 201) expect(r.json.importRun.id).toBeTruthy();
        else expectDutchRefusal(r);
        // An error event nobody heard surfaces a moment after the answer.
        await new Promise((resolve) => setTimeout(resolve, 20));
        expect(crashes).toEqual([]);
      }),
      // First the file of the issue: a quote that is never closed ended the process.
      { seed: 24_0241, numRuns: 80, examples: [[Buffer.concat([valid, Buffer.from('"Jan;Jansen;;;\r\n')])]] },
    );
    await stillAnswers();

    // Forms cut off anywhere (the connection as good as dropped mid-upload), to the importer and to an image upload.
    const image = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    );
    // Cut before the form's closing "--" (a form that ends right after it is complete: the last CRLF is optional).
    const cutForm = (file: Buffer, name: string) =>
      fc.nat({ max: multipart(file, name).body.length - 3 }).map((at) => {
        const form = multipart(file, name);
        return { body: form.body.subarray(0, at), type: form.type };
      });
    await fc.assert(
      fc.asyncProperty(cutForm(valid, 'afgebroken.csv'), async (form) => {
        expectDutchRefusal(await post(`/api/imports?gemeente=${zv}`, form.body, form.type));
      }),
      { seed: 24_0242, numRuns: 30 },
    );
    await stillAnswers();
    // The image uploads are limited to 30 per account per 10 minutes: 22 cases here.
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          cutForm(image, 'logo.png'),
          fc.uint8Array({ minLength: 0, maxLength: 2000 }).map((bytes) => multipart(bytes, 'logo.png')),
        ),
        async (form) => {
          expectDutchRefusal(await post(PLATFORM_LOGO_PATH, form.body, form.type));
        },
      ),
      { seed: 24_0243, numRuns: 22 },
    );
    await stillAnswers();
  });
});
