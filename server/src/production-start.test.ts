import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { get as httpGet } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { generate } from 'selfsigned';
import { SMTPServer } from 'smtp-server';
import { createTestDatabase, type TestDatabase } from './test/database.js';
import { startOidcTestIdp, type OidcTestIdp } from './integrations/digid/test-idp/oidc-idp.js';
import { CURRENT_TERMS, REGISTER, registration } from './test/onboarding.js';
import { programArgs } from './test/program.js';

/**
 * The product starts in production: NODE_ENV=production with DIGID_MODE=oidc against the local OIDC broker (over
 * https, its certificate trusted through NODE_EXTRA_CA_CERTS, as a real broker's would be by the system's CAs),
 * Mollie (a key of the right form: nothing calls Mollie at start) and SMTP (a local smtp-server), on a fresh database
 * it migrates itself. The process is the production entry: the build's dist/main.js when `npm test` has just built it,
 * else src/main.ts through the server scripts' TypeScript loader, so the file also runs alone without a build
 * (test/program.ts).
 */

const serverDir = fileURLToPath(new URL('..', import.meta.url));

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

describe('production start', () => {
  let database: TestDatabase;
  let idp: OidcTestIdp;
  let smtp: SMTPServer;
  let child: ChildProcess;
  let output = '';
  let tmp: string;
  let appUrl: string;
  const clientSecret = randomBytes(24).toString('base64url');
  const delivered: { to: string[]; text: string }[] = [];

  beforeAll(async () => {
    tmp = mkdtempSync(join(tmpdir(), 'gw-production-'));
    const port = await freePort();
    appUrl = `http://127.0.0.1:${port}`;

    const pems = await generate([{ name: 'commonName', value: '127.0.0.1' }], {
      keySize: 2048,
      algorithm: 'sha256',
      extensions: [
        { name: 'basicConstraints', cA: true },
        { name: 'subjectAltName', altNames: [{ type: 7, ip: '127.0.0.1' }] },
      ],
    });
    const caFile = join(tmp, 'broker-ca.pem');
    writeFileSync(caFile, pems.cert);
    idp = await startOidcTestIdp({
      tls: { key: pems.private, cert: pems.cert },
      client: { id: 'gemeentewinkel', secret: clientSecret, redirectUris: [`${appUrl}/auth/digid/callback`] },
    });

    smtp = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      onData: (stream, session, done) => {
        let text = '';
        stream.on('data', (chunk: Buffer) => (text += chunk.toString()));
        stream.on('end', () => {
          delivered.push({ to: session.envelope.rcptTo.map((r) => r.address), text });
          done();
        });
      },
    });
    const smtpPort = await freePort();
    await new Promise<void>((resolve) => smtp.listen(smtpPort, '127.0.0.1', () => resolve()));

    database = await createTestDatabase({ migrate: false });
    await database.orm.close(true);

    const env: Record<string, string> = {
      PATH: process.env.PATH ?? '',
      NODE_EXTRA_CA_CERTS: caFile,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      APP_URL: appUrl,
      DATABASE_URL: database.url,
      DATA_DIR: tmp,
      SESSION_SECRET: randomBytes(32).toString('base64url'),
      BSN_ENCRYPTION_KEYS: `prod1:${randomBytes(32).toString('base64')}`,
      BSN_HASH_KEY: randomBytes(32).toString('base64url'),
      SETTINGS_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
      DIGID_MODE: 'oidc',
      DIGID_OIDC_ISSUER: idp.issuer,
      DIGID_OIDC_CLIENT_ID: 'gemeentewinkel',
      DIGID_OIDC_CLIENT_SECRET: clientSecret,
      PAYMENT_PROVIDER: 'mollie',
      MOLLIE_API_KEY: `test_${'x'.repeat(30)}`,
      MAIL_TRANSPORT: 'smtp',
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      LOG_LEVEL: 'info',
    };
    child = spawn(process.execPath, programArgs('main'), {
      cwd: serverDir,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const deadline = Date.now() + 150_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the server stopped (${child.exitCode}):\n${output}`);
      const ready = await fetch(`${appUrl}/readyz`).catch(() => undefined);
      if (ready?.ok) break;
      if (Date.now() > deadline) throw new Error(`the server did not start in time:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }, 180_000);

  afterAll(async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    await idp?.close();
    await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
    await database?.drop();
    if (tmp) rmSync(tmp, { recursive: true, force: true });
  }, 60_000);

  it('starts with DIGID_MODE=oidc, Mollie and SMTP, and serves the site', async () => {
    expect(output).toContain(`Gemeentewinkel draait op ${appUrl}`);
    expect(output).not.toMatch(/"level":(50|60)/); // no error or fatal line
    const health = await fetch(`${appUrl}/healthz`);
    expect(await health.json()).toEqual({ status: 'ok' });
    // `/` is the built client when client/dist exists (npm run build), else the app's own 404; either way with the
    // security headers.
    const home = await fetch(`${appUrl}/`);
    expect(home.headers.get('content-security-policy')).toBeTruthy();
    if (home.status === 200) expect(await home.text()).toContain('<div id="root">');
    else expect(home.status).toBe(404);
    // No demo data, no sandbox in production.
    expect((await fetch(`${appUrl}/sandbox`)).status).toBe(404);
    // No introspection for a visitor (staff and API clients keep it: graphql/introspection.test.ts); __typename works.
    const ask = (query: string) =>
      fetch(`${appUrl}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query }),
      });
    const schema = await ask('{ __schema { queryType { name } } }');
    expect(schema.status).toBe(400);
    expect(((await schema.json()) as any).errors[0].extensions.code).toBe('GRAPHQL_VALIDATION_FAILED');
    expect(await (await ask('{ __typename }')).json()).toEqual({ data: { __typename: 'Query' } });
  });

  it('sends a resident to the broker to log in (PKCE, state, nonce), with a Secure state cookie', async () => {
    const start = await fetch(`${appUrl}/auth/digid/start?returnTo=/account/regelingen`, { redirect: 'manual' });
    expect(start.status).toBe(303);
    const location = new URL(start.headers.get('location')!);
    expect(location.origin).toBe(idp.issuer);
    expect(location.searchParams.get('client_id')).toBe('gemeentewinkel');
    expect(location.searchParams.get('redirect_uri')).toBe(`${appUrl}/auth/digid/callback`);
    expect(location.searchParams.get('code_challenge_method')).toBe('S256');
    expect(location.searchParams.get('state')).toBeTruthy();
    expect(location.searchParams.get('nonce')).toBeTruthy();
    const cookie = start.headers.getSetCookie().find((c) => c.startsWith('gw_digid='));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/Secure/i);
    expect(output).not.toContain(clientSecret);
  });

  it('delivers mail through SMTP (a new provider gets its confirmation link)', async () => {
    const gql = async (query: string, variables?: Record<string, unknown>) => {
      const res = await fetch(`${appUrl}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ query, variables }),
      });
      return (await res.json()) as { data?: Record<string, any>; errors?: unknown[] };
    };
    const terms = await gql(CURRENT_TERMS);
    const input = registration({}, terms.data!.currentTerms.id as string);
    const registered = await gql(REGISTER, { input });
    expect(registered.data?.registerProvider).toEqual({ submitted: true, errors: [] });
    const deadline = Date.now() + 30_000;
    while (!delivered.some((m) => m.to.includes(input.userEmail)) && Date.now() < deadline)
      await new Promise((resolve) => setTimeout(resolve, 200));
    const mail = delivered.find((m) => m.to.includes(input.userEmail));
    expect(mail?.text).toContain(`${appUrl}/email-bevestigen`);
  }, 60_000);

  it('is refused when DIGID_MODE=oidc is incomplete, with Dutch messages that name what is missing', async () => {
    const refused = spawn(process.execPath, programArgs('main'), {
      cwd: serverDir,
      env: {
        PATH: process.env.PATH ?? '',
        NODE_ENV: 'production',
        DIGID_MODE: 'oidc',
        DIGID_OIDC_ISSUER: 'http://broker.example.nl',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let text = '';
    refused.stdout!.on('data', (chunk: Buffer) => (text += chunk.toString()));
    refused.stderr!.on('data', (chunk: Buffer) => (text += chunk.toString()));
    const code = await new Promise((resolve) => refused.once('exit', resolve));
    expect(code).toBe(1);
    expect(text).toContain('Weigert te starten in productie');
    expect(text).toContain('APP_URL: verplicht met DIGID_MODE=oidc');
    expect(text).toContain('DIGID_OIDC_ISSUER: moet in productie met https:// beginnen');
  }, 60_000);
});

/** One connection per request (no keep-alive), so node:cluster hands each to the next worker. */
function getOnce(url: string): Promise<{ status: number; worker: string | undefined }> {
  return new Promise((resolve, reject) => {
    const req = httpGet(url, { agent: false, headers: { connection: 'close' } }, (res) => {
      res.resume();
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, worker: res.headers['x-worker'] as string | undefined }),
      );
    });
    req.on('error', reject);
  });
}

describe('several worker processes (WEB_CONCURRENCY=2)', () => {
  let database: TestDatabase;
  let child: ChildProcess;
  let output = '';
  let url: string;

  beforeAll(async () => {
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    database = await createTestDatabase({ migrate: false });
    await database.orm.close(true);
    child = spawn(process.execPath, programArgs('main'), {
      cwd: serverDir,
      env: {
        PATH: process.env.PATH ?? '',
        NODE_ENV: 'test',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATABASE_URL: database.url,
        SEED_DEMO_DATA: 'false',
        LOG_LEVEL: 'info',
        WEB_CONCURRENCY: '2',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const deadline = Date.now() + 150_000;
    while (!output.includes('Gemeentewinkel draait op')) {
      if (child.exitCode !== null) throw new Error(`the server stopped (${child.exitCode}):\n${output}`);
      if (Date.now() > deadline) throw new Error(`the server did not start in time:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }, 180_000);

  afterAll(async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;
    }
    await database?.drop();
  }, 60_000);

  const workerPids = () =>
    output
      .split('\n')
      .filter((line) => line.includes('"msg":"worker started"'))
      .map((line) => JSON.parse(line) as { worker: number; pid: number });

  async function workersAnswering(): Promise<Set<string>> {
    const seen = new Set<string>();
    for (let i = 0; i < 20 && seen.size < 2; i++) {
      const res = await getOnce(`${url}/readyz`);
      expect(res.status).toBe(200);
      seen.add(res.worker!);
    }
    return seen;
  }

  it('migrates once, prints the address once, and two workers answer on one port', async () => {
    expect(output.match(/Gemeentewinkel draait op/g)).toHaveLength(1);
    expect(output.match(/"msg":"migrations applied"/g)).toHaveLength(1);
    expect(workerPids()).toHaveLength(2);
    expect(new Set(workerPids().map((w) => w.pid)).size).toBe(2);
    expect([...(await workersAnswering())].sort()).toEqual(['1', '2']);
  });

  it('restarts a worker that dies, and stops all of them on SIGTERM', async () => {
    // Worker 1 by its number: the two start side by side, so worker 2 may be the first to say so.
    const first = workerPids().find((w) => w.worker === 1);
    process.kill(first!.pid, 'SIGKILL');
    const deadline = Date.now() + 60_000;
    while (workerPids().length < 3) {
      if (Date.now() > deadline) throw new Error(`no new worker:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    let seen = new Set<string>();
    while (!seen.has('3')) {
      if (Date.now() > deadline) throw new Error(`the new worker does not answer:\n${output}`);
      seen = await workersAnswering().catch(() => new Set<string>());
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(seen.has('1')).toBe(false);

    const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    for (const { pid } of workerPids()) expect(() => process.kill(pid, 0)).toThrow();
  }, 90_000);
});
