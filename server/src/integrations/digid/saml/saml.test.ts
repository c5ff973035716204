import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { readFileSync, writeFileSync } from 'node:fs';
import { Writable } from 'node:stream';
import { request as httpsRequest } from 'node:https';
import { DOMParser } from '@xmldom/xmldom';
import { SignedXml } from 'xml-crypto';
import { loadConfig } from '../../../config/config.js';
import { createLogger } from '../../../logging/logger.js';
import { boot, type RunningServer } from '../../../app/boot.js';
import { createTestDatabase, type TestDatabase } from '../../../test/database.js';
import { TestClient } from '../../../test/server.js';
import { ManualClock } from '../../../kernel/clock.js';
import { Person } from '../../../modules/customers/person.entity.js';
import { decryptBsn } from '../../../crypto/bsn.js';
import { startSamlTestIdp, OTHER_BSN, type SamlIdpSwitches, type SamlTestIdp } from '../test-idp/saml-idp.js';
import { readRedirect } from './request.js';
import { LEVEL_CLASSES, NS } from './xml.js';
import { spMetadataXml } from './metadata.js';

/**
 * DigiD over SAML end to end on one machine: our server (DIGID_MODE=saml) against the local identity provider, over
 * real HTTP and mutually authenticated TLS. The happy path into a customer session, then every check with a tampered or
 * replayed message: each refused with its reason, without a session and without the BSN in the logs.
 */

const APP = 'https://gemeentewinkel.test';
const ACS = `${APP}/auth/digid/callback`;
const ENTITY_ID = 'urn:nl:gemeentewinkel:test:sp';
const VIEWER = '{ viewer { kind } }';
const pemBody = (pem: string) => pem.replace(/-----[^-]+-----|\s/g, '');

interface LogLine {
  msg: string;
  event?: string;
  refusal?: string;
  [key: string]: unknown;
}

describe('DigiD over SAML with the artifact binding', () => {
  const lines: LogLine[] = [];
  const clock = new ManualClock();
  let database: TestDatabase;
  let server: RunningServer;
  let idp: SamlTestIdp;
  let bsn: string;

  beforeAll(async () => {
    idp = await startSamlTestIdp({ sp: { entityId: ENTITY_ID, acs: { 0: ACS } }, clock });
    const sink = new Writable({
      write(chunk, _enc, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line) as LogLine);
        done();
      },
    });
    database = await createTestDatabase();
    await database.orm.close(true);
    const config = loadConfig({
      NODE_ENV: 'test',
      DATABASE_URL: database.url,
      SEED_DEMO_DATA: 'true',
      LOG_LEVEL: 'debug',
      HOST: '127.0.0.1',
      APP_URL: APP,
      ...idp.env({ entityId: ENTITY_ID }),
    });
    server = await boot({ config, logger: createLogger('debug', {}, sink), port: 0, clock, demoActivity: false });
    const person = await server.orm.em
      .fork()
      .findOneOrFail(
        Person,
        { bsnEncrypted: { $ne: null } },
        { populate: ['bsnEncrypted'], orderBy: { externalIdentifier: 'asc' } },
      );
    bsn = decryptBsn(person.bsnEncrypted!, config.bsn);
  }, 180_000);

  afterAll(async () => {
    await server?.stop();
    await database?.drop();
    await idp?.close();
  });

  beforeEach(() => {
    idp.switches = {};
  });

  /** A browser's round trip: start → the identity provider's page → its form → our callback (not yet followed). */
  async function toCallback(
    c: TestClient,
    form: { bsn?: string; level?: string; action?: 'login' | 'cancel' } = {},
    returnTo = '/account/bestellingen',
  ): Promise<{ callback: string; stateCookie: string; ssoUrl: string }> {
    const start = await c.fetch(`/auth/digid/start?returnTo=${encodeURIComponent(returnTo)}`);
    expect(start.status).toBe(303);
    const ssoUrl = start.headers.get('location')!;
    const page = await fetch(ssoUrl);
    expect(page.status).toBe(200);
    const html = await page.text();
    const login = /name="login" value="([^"]+)"/.exec(html)![1]!;
    const post = await fetch(new URL('/saml/sso/login', ssoUrl), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        login,
        bsn: form.bsn ?? bsn,
        action: form.action ?? 'login',
        ...(form.level ? { level: form.level } : {}),
      }).toString(),
      redirect: 'manual',
    });
    expect(post.status).toBe(303);
    const acs = new URL(post.headers.get('location')!);
    expect(acs.origin + acs.pathname).toBe(ACS);
    return { callback: acs.pathname + acs.search, stateCookie: c.cookies.get('gw_digid')!, ssoUrl };
  }

  async function loginWith(switches: SamlIdpSwitches, form: Parameters<typeof toCallback>[1] = {}) {
    const c = new TestClient(server.url);
    const { callback } = await toCallback(c, form);
    idp.switches = switches;
    const logged = lines.length;
    const done = await c.fetch(callback);
    const viewer = (await c.gql(VIEWER)).data?.viewer.kind;
    const refusals = lines.slice(logged).filter((l) => l.event === 'digid_saml_refused');
    return { location: done.headers.get('location'), viewer, refusal: refusals[0]?.refusal, client: c };
  }

  it('logs a resident in: signed AuthnRequest, artifact resolved over mutual TLS, a customer session', async () => {
    const c = new TestClient(server.url);
    const { callback, ssoUrl } = await toCallback(c);
    // The AuthnRequest on the Redirect binding: signed with our key over the exact query string.
    const redirect = readRedirect(new URL(ssoUrl).search, idp.certificates.sp.certPem);
    expect(redirect).toBeDefined();
    expect(readRedirect(new URL(ssoUrl).search, idp.certificates.idpSigning.certPem)).toBeUndefined();
    const request = new DOMParser().parseFromString(redirect!.xml, 'text/xml').documentElement!;
    expect(request.getAttribute('AssertionConsumerServiceIndex')).toBe('0');
    expect(request.getAttribute('Destination')).toBe(idp.ssoUrl);
    const requested = request.getElementsByTagNameNS(NS.samlp, 'RequestedAuthnContext')[0]!;
    expect(requested.getAttribute('Comparison')).toBe('minimum');
    expect(requested.textContent).toBe(LEVEL_CLASSES.midden);
    expect(request.getElementsByTagNameNS(NS.saml, 'Issuer')[0]!.textContent).toBe(ENTITY_ID);

    const resolutions = idp.resolutions;
    const done = await c.fetch(callback);
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe('/account/bestellingen');
    expect(idp.resolutions).toBe(resolutions + 1);
    expect((await c.gql(VIEWER)).data?.viewer.kind).toBe('CUSTOMER');
    expect(lines.some((l) => l.msg === 'logged in' && l.assurance === 'midden')).toBe(true);
  });

  it('gives a cancelled log-in (AuthnFailed) and a level not reached (NoAuthnContext) their own outcome', async () => {
    const cancelled = await loginWith({}, { action: 'cancel' });
    expect(cancelled.location).toBe('/inloggen?fout=geannuleerd');
    expect(cancelled.refusal).toBe('cancelled');
    expect(cancelled.viewer).toBe('ANONYMOUS');
    const low = await loginWith({}, { level: 'basis' });
    expect(low.location).toBe('/inloggen?fout=niveau');
    expect(low.refusal).toBe('no-authn-context');
    expect(low.viewer).toBe('ANONYMOUS');
  });

  const tampered: [string, SamlIdpSwitches, string, string][] = [
    ['an unsigned response', { unsigned: true }, 'signature', 'ongeldig'],
    ['a response signed with another key', { wrongKey: true }, 'signature', 'ongeldig'],
    ['a response altered after signing', { altered: true }, 'signature', 'ongeldig'],
    ['signature wrapping (a forged response around the signed one)', { wrapping: 'new-id' }, 'signature', 'ongeldig'],
    ['signature wrapping with the signed element’s ID', { wrapping: 'same-id' }, 'signature', 'ongeldig'],
    ['a response for another request', { inResponseTo: '_another' }, 'in-response-to', 'ongeldig'],
    ['another audience', { audience: 'urn:other:sp' }, 'audience', 'ongeldig'],
    ['another issuer', { issuer: 'urn:not:digid' }, 'issuer', 'ongeldig'],
    ['a response too late', { agoMs: 10 * 60_000 }, 'time', 'ongeldig'],
    ['a lower level than asked', { level: 'basis' }, 'level', 'niveau'],
    ['a NameID of another sector', { sector: 's00000001' }, 'sector', 'ongeldig'],
  ];
  it.each(tampered)('refuses %s, without a session', async (_name, switches, refusal, code) => {
    const outcome = await loginWith(switches);
    expect(outcome.refusal).toBe(refusal);
    expect(outcome.location).toBe(`/inloggen?fout=${code}`);
    expect(outcome.viewer).toBe('ANONYMOUS');
  });

  it('refuses an artifact used twice, also when both arrive at once', async () => {
    const c = new TestClient(server.url);
    const { callback, stateCookie } = await toCallback(c);
    idp.switches = { replay: true };
    expect((await c.fetch(callback)).headers.get('location')).toBe('/account/bestellingen');
    // An attacker with the same callback URL and state cookie.
    const attacker = new TestClient(server.url);
    attacker.cookies.set('gw_digid', stateCookie);
    const logged = lines.length;
    expect((await attacker.fetch(callback)).headers.get('location')).toBe('/inloggen?fout=ongeldig');
    expect(lines.slice(logged).find((l) => l.event === 'digid_saml_refused')?.refusal).toBe('artifact-replay');
    expect((await attacker.gql(VIEWER)).data?.viewer.kind).toBe('ANONYMOUS');

    // Two callbacks with one artifact at the same moment (two instances, one database): one gets on.
    const d = new TestClient(server.url);
    const second = await toCallback(d);
    const twins = [0, 1, 2].map(() => {
      const t = new TestClient(server.url);
      t.cookies.set('gw_digid', second.stateCookie);
      return t;
    });
    const results = await Promise.all(twins.map((t) => t.fetch(second.callback)));
    expect(results.map((r) => r.headers.get('location')).sort()).toEqual([
      '/account/bestellingen',
      '/inloggen?fout=ongeldig',
      '/inloggen?fout=ongeldig',
    ]);
  });

  it('refuses a callback with an artifact that is not DigiD’s, or without the log-in’s state', async () => {
    const c = new TestClient(server.url);
    const { callback } = await toCallback(c);
    const forged = callback.replace(
      /SAMLart=[^&]+/,
      `SAMLart=${encodeURIComponent(Buffer.alloc(44).toString('base64'))}`,
    );
    expect((await c.fetch(forged)).headers.get('location')).toBe('/inloggen?fout=ongeldig');
    expect((await new TestClient(server.url).fetch(callback)).headers.get('location')).toBe('/inloggen?fout=sessie');
  });

  it('resolves artifacts only over mutual TLS: the identity provider refuses a client without our certificate', async () => {
    const status = await new Promise<string>((resolve) => {
      const req = httpsRequest(
        idp.artifactUrl,
        { method: 'POST', ca: idp.certificates.ca.certPem, agent: false },
        (res) => resolve(String(res.statusCode)),
      );
      req.on('error', (e) => resolve(`error: ${e.message}`));
      req.end('<x/>');
    });
    expect(status).toMatch(/^error/);
  });

  it('trusts only DigiD’s CA bundle for the artifact resolution server (read at each log-in)', async () => {
    const bundle = readFileSync(idp.files.ca, 'utf8');
    writeFileSync(idp.files.ca, idp.certificates.idpSigning.certPem); // another CA: the server is not trusted
    try {
      const outcome = await loginWith({});
      expect(outcome.refusal).toBe('resolution');
      expect(outcome.location).toBe('/inloggen?fout=ongeldig');
      expect(outcome.viewer).toBe('ANONYMOUS');
    } finally {
      writeFileSync(idp.files.ca, bundle);
    }
    expect((await loginWith({})).viewer).toBe('CUSTOMER');
  });

  it('serves our metadata, signed, with the certificate and the artifact AssertionConsumerService', async () => {
    const res = await fetch(`${server.url}/auth/digid/metadata`);
    expect(res.status).toBe(200);
    const xml = await res.text();
    const doc = new DOMParser().parseFromString(xml, 'text/xml');
    const root = doc.documentElement!;
    expect(root.getAttribute('entityID')).toBe(ENTITY_ID);
    const acs = root.getElementsByTagNameNS(NS.md, 'AssertionConsumerService')[0]!;
    expect(acs.getAttribute('Binding')).toBe('urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Artifact');
    expect(acs.getAttribute('Location')).toBe(ACS);
    expect(acs.getAttribute('index')).toBe('0');
    const keys = root.getElementsByTagNameNS(NS.md, 'KeyDescriptor');
    expect(keys.length).toBe(1);
    expect(keys[0]!.textContent).toBe(pemBody(idp.certificates.sp.certPem));
    const sig = new SignedXml({ publicCert: idp.certificates.sp.certPem, getCertFromKeyInfo: () => null });
    sig.loadSignature(root.getElementsByTagNameNS(NS.ds, 'Signature')[0]!);
    expect(sig.checkSignature(xml)).toBe(true);
    const other = new SignedXml({ publicCert: idp.certificates.idpSigning.certPem, getCertFromKeyInfo: () => null });
    other.loadSignature(root.getElementsByTagNameNS(NS.ds, 'Signature')[0]!);
    expect(() => other.checkSignature(xml)).toThrow();

    // During a rollover the next certificate is listed too, so Logius trusts it before the switch-over.
    const next = spMetadataXml(
      { entityId: ENTITY_ID, acsUrl: ACS, acsIndex: 0, validUntil: new Date(clock.now().getTime() + 86_400_000) },
      { current: idp.certificates.sp, next: { certPem: idp.certificates.server.certPem } },
    );
    const nextKeys = new DOMParser()
      .parseFromString(next, 'text/xml')
      .documentElement!.getElementsByTagNameNS(NS.md, 'KeyDescriptor');
    expect([...nextKeys].map((k) => k.textContent)).toEqual([
      pemBody(idp.certificates.sp.certPem),
      pemBody(idp.certificates.server.certPem),
    ]);
  });

  it('ends a DigiD session after 15 minutes without activity (the residents’ idle time-out)', async () => {
    const { client } = await loginWith({});
    expect((await client.gql(VIEWER)).data?.viewer.kind).toBe('CUSTOMER');
    clock.advance(14 * 60_000);
    expect((await client.gql(VIEWER)).data?.viewer.kind).toBe('CUSTOMER');
    clock.advance(14 * 60_000 + 50_000);
    expect((await client.gql(VIEWER)).data?.viewer.kind).toBe('CUSTOMER');
    // 15 minutes and a second after the last request: over, never a minute later.
    clock.advance(15 * 60_000 + 1000);
    expect((await client.gql(VIEWER)).data?.viewer.kind).toBe('ANONYMOUS');
  });

  it('never logs a BSN', () => {
    const all = JSON.stringify(lines);
    expect(lines.filter((l) => l.event === 'digid_saml_refused').length).toBeGreaterThan(10);
    expect(all).not.toContain(bsn);
    expect(all).not.toContain(OTHER_BSN);
  });
});

describe('production start with DIGID_MODE=saml', () => {
  it('starts with NODE_ENV=production, DigiD over SAML, Mollie and SMTP, and sends residents to DigiD', async () => {
    const idp = await startSamlTestIdp({ sp: { entityId: ENTITY_ID, acs: { 0: ACS } } });
    const database = await createTestDatabase();
    await database.orm.close(true);
    let server: RunningServer | undefined;
    try {
      const config = loadConfig({
        NODE_ENV: 'production',
        DATABASE_URL: database.url,
        HOST: '127.0.0.1',
        APP_URL: APP,
        LOG_LEVEL: 'silent',
        SESSION_SECRET: 's'.repeat(40),
        BSN_ENCRYPTION_KEYS: `prod1:${Buffer.alloc(32, 3).toString('base64')}`,
        BSN_HASH_KEY: 'h'.repeat(40),
        SETTINGS_ENCRYPTION_KEY: Buffer.alloc(32, 5).toString('base64'),
        PAYMENT_PROVIDER: 'mollie',
        MOLLIE_API_KEY: 'test_abcdefghijklmnopqrstuvwxyz',
        MAIL_TRANSPORT: 'smtp',
        SMTP_URL: 'smtp://127.0.0.1:2525',
        // Nothing in the background: no mail or payment sweep should reach out from a test.
        JOBS_WORKER: 'false',
        ...idp.env({ entityId: ENTITY_ID }),
      });
      expect(config.production).toBe(true);
      server = await boot({ config, logger: createLogger('silent'), port: 0 });
      expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
      const start = await fetch(`${server.url}/auth/digid/start`, { redirect: 'manual' });
      expect(start.status).toBe(303);
      expect(start.headers.get('location')).toMatch(new RegExp(`^${idp.ssoUrl}\\?SAMLRequest=`));
      expect(readRedirect(new URL(start.headers.get('location')!).search, idp.certificates.sp.certPem)).toBeDefined();
      expect((await fetch(`${server.url}/auth/digid/metadata`)).status).toBe(200);
    } finally {
      await server?.stop();
      await database.drop();
      await idp.close();
    }
  }, 120_000);
});
