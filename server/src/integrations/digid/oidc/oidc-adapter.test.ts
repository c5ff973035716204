import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Writable } from 'node:stream';
import type { Request } from 'express';
import { generateKeyPairSync } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { exportJWK } from 'jose';
import { loadConfig } from '../../../config/config.js';
import { createLogger } from '../../../logging/logger.js';
import { boot, type RunningServer } from '../../../app/boot.js';
import { createTestDatabase, type TestDatabase } from '../../../test/database.js';
import { TestClient } from '../../../test/server.js';
import { Person } from '../../../modules/customers/person.entity.js';
import { decryptBsn } from '../../../crypto/bsn.js';
import { startOidcTestIdp, type OidcTestIdp } from '../test-idp/oidc-idp.js';
import { BROKER_UNAVAILABLE, OidcDigidAdapter } from './oidc-adapter.js';
import { testFolder } from '../../../test/folders.js';

/**
 * DIGID_MODE=oidc end to end over real HTTP: the app's /auth/digid/start → the local OIDC provider (its interaction
 * page, as a tester fills it in) → /auth/digid/callback → a customer session; and every way it must not end in one.
 */

// The provider sends the browser to the registered redirect URI; the tests take its path and query to the app.
const APP_URL = 'http://gemeentewinkel.test';
const CLIENT = {
  id: 'gemeentewinkel',
  secret: 'test-client-secret-0123456789',
  redirectUris: [`${APP_URL}/auth/digid/callback`],
};
const VIEWER = '{ viewer { kind displayName } }';

/** A browser's cookie jar at the provider (oidc-provider's interaction and session cookies). */
class ProviderBrowser {
  cookies = new Map<string, string>();
  async fetch(url: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookies.size) headers.set('cookie', [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    const res = await fetch(url, { ...init, headers, redirect: 'manual' });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      if (!value || /expires=Thu, 01 Jan 1970/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return res;
  }
}

interface LogLine {
  level: number;
  msg: string;
  [key: string]: unknown;
}

describe('DigiD through an OIDC broker (DIGID_MODE=oidc)', () => {
  const lines: LogLine[] = [];
  const raw: string[] = [];
  let database: TestDatabase;
  let server: RunningServer;
  let idp: OidcTestIdp;
  let bsn: string;
  let person: Person;
  let logger: ReturnType<typeof createLogger>;
  /** Why the adapter refused the last log-in (its log line's detail: a check's name or the library's error code). */
  const lastRefusal = () => lines.findLast((l) => l.event === 'digid_oidc_refused')?.detail;

  const env = (issuer: string, extra: Record<string, string> = {}) => ({
    NODE_ENV: 'test',
    DATABASE_URL: database.url,
    SEED_DEMO_DATA: 'true',
    LOG_LEVEL: 'debug',
    HOST: '127.0.0.1',
    APP_URL,
    DIGID_MODE: 'oidc',
    DIGID_OIDC_ISSUER: issuer,
    DIGID_OIDC_CLIENT_ID: CLIENT.id,
    DIGID_OIDC_CLIENT_SECRET: CLIENT.secret,
    DIGID_OIDC_BSN_CLAIM: 'bsn',
    DIGID_ASSURANCE_LEVEL: 'midden',
    ...extra,
  });

  beforeAll(async () => {
    idp = await startOidcTestIdp({ client: CLIENT });
    const sink = new Writable({
      write(chunk, _enc, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) {
          raw.push(line);
          lines.push(JSON.parse(line) as LogLine);
        }
        done();
      },
    });
    database = await createTestDatabase();
    await database.orm.close(true);
    const config = loadConfig(env(idp.issuer));
    logger = createLogger('debug', {}, sink);
    server = await boot({ config, logger, port: 0, demoActivity: false });
    person = await server.orm.em
      .fork()
      .findOneOrFail(
        Person,
        { bsnEncrypted: { $ne: null } },
        { populate: ['bsnEncrypted'], orderBy: { externalIdentifier: 'asc' } },
      );
    bsn = decryptBsn(person.bsnEncrypted!, server.services.config.bsn);
  });

  afterAll(async () => {
    await server?.stop();
    await idp?.close();
    await database?.drop();
  });

  /** /auth/digid/start → the provider's authorization endpoint, as a browser follows it: its URL (and cookies). */
  async function start(client: TestClient, returnTo = '/account/regelingen') {
    const res = await client.fetch(`/auth/digid/start?returnTo=${encodeURIComponent(returnTo)}`);
    expect(res.status).toBe(303);
    return new URL(res.headers.get('location')!);
  }

  /** The provider's pages as a tester goes through them; returns the callback path and query the provider sent back. */
  async function atProvider(
    authorizeUrl: URL,
    form: { bsn?: string; level?: string; action?: 'login' | 'cancel' },
    browser = new ProviderBrowser(),
    issuer = idp.issuer,
  ): Promise<string> {
    const toInteraction = await browser.fetch(authorizeUrl.href);
    expect(toInteraction.status).toBe(303);
    const interaction = new URL(toInteraction.headers.get('location')!, issuer);
    const page = await browser.fetch(interaction.href);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<label for="bsn">BSN</label>');
    const posted = await browser.fetch(interaction.href, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        bsn: form.bsn ?? '',
        level: form.level ?? 'midden',
        action: form.action ?? 'login',
      }).toString(),
    });
    expect(posted.status).toBe(303);
    const resumed = await browser.fetch(new URL(posted.headers.get('location')!, issuer).href);
    expect(resumed.status).toBe(303);
    const callback = new URL(resumed.headers.get('location')!);
    expect(callback.origin + callback.pathname).toBe(`${APP_URL}/auth/digid/callback`);
    return callback.pathname + callback.search;
  }

  async function logIn(client: TestClient, form: Parameters<typeof atProvider>[1]) {
    const callback = await atProvider(await start(client), form);
    const done = await client.fetch(callback);
    return { landed: done.headers.get('location'), callback };
  }

  const viewerKind = async (client: TestClient) => (await client.gql(VIEWER)).data?.viewer.kind;

  it('asks the broker for the code flow with PKCE (S256), state, nonce and the minimum level, and logs the resident in', async () => {
    const client = new TestClient(server.url);
    const authorize = await start(client);
    expect(authorize.origin).toBe(idp.issuer);
    const params = authorize.searchParams;
    expect(params.get('response_type')).toBe('code');
    expect(params.get('client_id')).toBe(CLIENT.id);
    expect(params.get('redirect_uri')).toBe(`${APP_URL}/auth/digid/callback`);
    expect(params.get('code_challenge_method')).toBe('S256');
    expect(params.get('code_challenge')).toMatch(/^[\w-]{43}$/);
    expect(params.get('nonce')).toBeTruthy();
    expect(params.get('state')).toBeTruthy();
    // Midden and up, lowest first.
    expect(params.get('acr_values')!.split(' ')).toEqual([
      'urn:oasis:names:tc:SAML:2.0:ac:classes:MobileTwoFactorContract',
      'urn:oasis:names:tc:SAML:2.0:ac:classes:Smartcard',
      'urn:oasis:names:tc:SAML:2.0:ac:classes:SmartcardPKI',
    ]);
    // The verifier and the nonce are in the signed cookie, not in the URL.
    const cookie = client.cookies.get('gw_digid')!;
    const state = JSON.parse(Buffer.from(cookie.split('.')[0]!, 'base64url').toString()) as { context: string };
    const context = JSON.parse(state.context) as { v: string; n: string };
    expect(context.n).toBe(params.get('nonce'));
    expect(authorize.href).not.toContain(context.v);

    const callback = await atProvider(authorize, { bsn, level: 'substantieel' });
    const done = await client.fetch(callback);
    expect(done.headers.get('location')).toBe('/account/regelingen');
    expect((await client.gql(VIEWER)).data?.viewer).toMatchObject({ kind: 'CUSTOMER', displayName: person.fullName });
  });

  it('refuses a replayed code, and a code from another log-in (its PKCE verifier and nonce do not match)', async () => {
    // Replay: the same callback with the same state cookie, a second time.
    const first = new TestClient(server.url);
    const authorize = await start(first);
    const cookie = first.cookies.get('gw_digid')!;
    const callback = await atProvider(authorize, { bsn, level: 'midden' });
    expect((await first.fetch(callback)).headers.get('location')).toBe('/account/regelingen');
    const replay = new TestClient(server.url);
    replay.cookies.set('gw_digid', cookie);
    expect((await replay.fetch(callback)).headers.get('location')).toBe('/inloggen?fout=ongeldig');
    expect(lastRefusal()).toMatch(/invalid_grant/);
    expect(await viewerKind(replay)).toBe('ANONYMOUS');

    // Injection: the victim's own state, with a code the provider issued for someone else's log-in.
    const victim = new TestClient(server.url);
    const victimState = (await start(victim)).searchParams.get('state')!;
    const attacker = new TestClient(server.url);
    const attackerCallback = new URL(await atProvider(await start(attacker), { bsn, level: 'midden' }), 'http://x');
    attackerCallback.searchParams.set('state', victimState);
    const injected = await victim.fetch(attackerCallback.pathname + attackerCallback.search);
    expect(injected.headers.get('location')).toBe('/inloggen?fout=ongeldig');
    expect(lastRefusal()).toMatch(/invalid_grant/); // the PKCE verifier is the victim's
    expect(await viewerKind(victim)).toBe('ANONYMOUS');
  });

  it('refuses a state that is not the one this browser started with', async () => {
    const client = new TestClient(server.url);
    const callback = new URL(await atProvider(await start(client), { bsn, level: 'midden' }), 'http://x');
    callback.searchParams.set('state', 'een-andere-state');
    expect((await client.fetch(callback.pathname + callback.search)).headers.get('location')).toBe(
      '/inloggen?fout=sessie',
    );
    expect(await viewerKind(client)).toBe('ANONYMOUS');
  });

  it('refuses a response that names another issuer (RFC 9207 iss)', async () => {
    const client = new TestClient(server.url);
    const callback = new URL(await atProvider(await start(client), { bsn, level: 'midden' }), 'http://x');
    expect(callback.searchParams.get('iss')).toBe(idp.issuer);
    callback.searchParams.set('iss', 'https://broker.example.org');
    expect((await client.fetch(callback.pathname + callback.search)).headers.get('location')).toBe(
      '/inloggen?fout=ongeldig',
    );
    expect(lastRefusal()).toMatch(/OAUTH_INVALID_RESPONSE/);
    expect(await viewerKind(client)).toBe('ANONYMOUS');
  });

  it('refuses a level below the minimum, and says so', async () => {
    const client = new TestClient(server.url);
    const { landed } = await logIn(client, { bsn, level: 'basis' });
    expect(landed).toBe('/inloggen?fout=niveau');
    expect(lastRefusal()).toBe('level_too_low');
    expect(await viewerKind(client)).toBe('ANONYMOUS');
  });

  it('treats a cancelled log-in (access_denied) as cancelled', async () => {
    const client = new TestClient(server.url);
    const { landed, callback } = await logIn(client, { action: 'cancel' });
    expect(callback).toContain('error=access_denied');
    expect(landed).toBe('/inloggen?fout=geannuleerd');
    expect(await viewerKind(client)).toBe('ANONYMOUS');
  });

  it('refuses a missing BSN claim and a BSN that fails the elfproef', async () => {
    const missing = new TestClient(server.url);
    expect((await logIn(missing, { bsn: '', level: 'midden' })).landed).toBe('/inloggen?fout=ongeldig');
    expect(lastRefusal()).toBe('bsn_missing');
    expect(await viewerKind(missing)).toBe('ANONYMOUS');
    const invalid = new TestClient(server.url);
    expect((await logIn(invalid, { bsn: '123456789', level: 'midden' })).landed).toBe('/inloggen?fout=ongeldig');
    expect(lastRefusal()).toBe('bsn_invalid');
    expect(await viewerKind(invalid)).toBe('ANONYMOUS');
  });

  it('never writes the BSN, a code or a token to the log', async () => {
    expect(lines.some((l) => l.event === 'digid_oidc_refused' && l.reason === 'level')).toBe(true);
    expect(lines.some((l) => l.event === 'digid_oidc_refused' && l.detail === 'bsn_invalid')).toBe(true);
    const all = raw.join('\n');
    expect(all).not.toContain(bsn);
    expect(all).not.toContain('123456789');
    expect(all).not.toMatch(/eyJ[\w-]+\.eyJ/); // a JWT
    expect(all).not.toMatch(/[?&]code=/);
  });

  describe('the adapter on its own', () => {
    const adapterFor = (issuer: string, overrides: Record<string, string> = {}) =>
      new OidcDigidAdapter(loadConfig(env(issuer, overrides)).digidOidc!, logger);
    const request = (pathAndQuery: string) => {
      const url = new URL(pathAndQuery, APP_URL);
      return { originalUrl: pathAndQuery, query: Object.fromEntries(url.searchParams) } as unknown as Request;
    };

    it('refuses an ID token with another nonce, even with the right PKCE verifier', async () => {
      const adapter = adapterFor(idp.issuer);
      const { url, context } = await adapter.start('relay-1');
      const callback = await atProvider(new URL(url), { bsn, level: 'midden' });
      const { v } = JSON.parse(context!) as { v: string };
      const outcome = await adapter.resolve(request(callback), JSON.stringify({ v, n: 'een-andere-nonce' }));
      expect(outcome).toEqual({ ok: false, reason: 'invalid' });
      expect(lastRefusal()).toMatch(/OAUTH_JWT_CLAIM_COMPARISON_FAILED/); // the nonce
    });

    it('reads the BSN from `sub` and the level from a mapped claim value', async () => {
      const adapter = adapterFor(idp.issuer, {
        DIGID_OIDC_BSN_CLAIM: 'sub',
        DIGID_ASSURANCE_LEVEL: 'hoog',
      });
      const { url, context } = await adapter.start('relay-2');
      const callback = await atProvider(new URL(url), { bsn, level: 'hoog' });
      expect(await adapter.resolve(request(callback), context)).toEqual({ ok: true, bsn, assuranceLevel: 'hoog' });
    });

    it('authenticates with private_key_jwt when configured (the broker knows its public key)', async () => {
      const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
      const keyFile = join(testFolder('oidc-key'), 'client.pem');
      writeFileSync(keyFile, privateKey.export({ format: 'pem', type: 'pkcs8' }));
      const jwk = { ...(await exportJWK(publicKey)), kid: 'app-1', alg: 'ES256', use: 'sig' };
      const keyIdp = await startOidcTestIdp({
        client: { id: 'met-sleutel', jwks: { keys: [jwk] }, redirectUris: CLIENT.redirectUris },
      });
      try {
        const adapter = adapterFor(keyIdp.issuer, {
          DIGID_OIDC_CLIENT_ID: 'met-sleutel',
          DIGID_OIDC_CLIENT_SECRET: '',
          DIGID_OIDC_CLIENT_AUTH: 'private_key_jwt',
          DIGID_OIDC_PRIVATE_KEY_FILE: keyFile,
          DIGID_OIDC_PRIVATE_KEY_ID: 'app-1',
        });
        const { url, context } = await adapter.start('relay-4');
        const callback = await atProvider(new URL(url), { bsn, level: 'midden' }, new ProviderBrowser(), keyIdp.issuer);
        expect(await adapter.resolve(request(callback), context)).toEqual({ ok: true, bsn, assuranceLevel: 'midden' });
        // Another key is refused at the token endpoint.
        const otherFile = keyFile.replace('client.pem', 'other.pem');
        writeFileSync(
          otherFile,
          generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ format: 'pem', type: 'pkcs8' }),
        );
        const wrongKey = adapterFor(keyIdp.issuer, {
          DIGID_OIDC_CLIENT_ID: 'met-sleutel',
          DIGID_OIDC_CLIENT_AUTH: 'private_key_jwt',
          DIGID_OIDC_PRIVATE_KEY_FILE: otherFile,
          DIGID_OIDC_PRIVATE_KEY_ID: 'app-1',
        });
        const second = await wrongKey.start('relay-5');
        const secondCallback = await atProvider(
          new URL(second.url),
          { bsn, level: 'midden' },
          new ProviderBrowser(),
          keyIdp.issuer,
        );
        expect(await wrongKey.resolve(request(secondCallback), second.context)).toEqual({
          ok: false,
          reason: 'invalid',
        });
        expect(lastRefusal()).toMatch(/invalid_client/);
      } finally {
        await keyIdp.close();
      }
    });

    it('sends the resident back to the log-in page when the broker names another issuer or cannot be reached', async () => {
      // The provider's metadata says its issuer is 127.0.0.1; reached as localhost, that is another issuer.
      const adapter = adapterFor(idp.issuer.replace('127.0.0.1', 'localhost'));
      expect(await adapter.start('relay-3')).toEqual({ url: BROKER_UNAVAILABLE });
      expect(lines.findLast((l) => l.event === 'digid_oidc_discovery_failed')).toBeTruthy();
      const closed = await startOidcTestIdp({ client: CLIENT });
      await closed.close();
      expect(await adapterFor(closed.issuer).start('relay-4')).toEqual({ url: BROKER_UNAVAILABLE });
    });
  });
});
