import { describe, expect, it } from 'vitest';
import { generateKeyPairSync } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError, loadConfig } from './config.js';
import { testFolder } from '../test/folders.js';

/** A complete DIGID_MODE=saml configuration (the PEM files exist; their content is not read at start). */
function samlEnv(): Record<string, string> {
  const dir = testFolder('config-saml');
  const file = (name: string) => {
    writeFileSync(join(dir, name), '-----BEGIN CERTIFICATE-----\n-----END CERTIFICATE-----\n');
    return join(dir, name);
  };
  return {
    DIGID_MODE: 'saml',
    DIGID_SAML_ENTITY_ID: 'urn:nl:gemeente:test',
    DIGID_SAML_KEY_FILE: file('key.pem'),
    DIGID_SAML_CERT_FILE: file('cert.pem'),
    DIGID_SAML_ACS_INDEX: '1',
    DIGID_SAML_IDP_ENTITY_ID: 'https://was-preprod1.digid.nl/saml/idp/metadata',
    DIGID_SAML_IDP_SSO_URL: 'https://preprod1.digid.nl/saml/idp/request_authentication',
    DIGID_SAML_IDP_ARTIFACT_URL: 'https://was-preprod1.digid.nl/saml/idp/resolve_artifact',
    DIGID_SAML_IDP_CERT_FILE: file('idp.pem'),
    DIGID_SAML_IDP_CA_FILE: file('ca.pem'),
  };
}

describe('configuration', () => {
  it('has working development defaults', () => {
    const c = loadConfig({});
    expect(c.port).toBe(3000);
    expect(c.digidMode).toBe('simulator');
    expect(c.seedDemoData).toBe(true);
    expect(c.graphqlSandbox).toBe(true);
  });

  it('names the bad variable, never its value', () => {
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://geheim@host/db' })).toThrow(/DATABASE_URL/);
    try {
      loadConfig({ DATABASE_URL: 'mysql://geheim@host/db' });
    } catch (e) {
      expect((e as Error).message).not.toContain('geheim');
    }
    expect(() => loadConfig({ SESSION_SECRET: 'kort' })).toThrow(/SESSION_SECRET/);
    expect(() => loadConfig({ BSN_ENCRYPTION_KEYS: 'k1:dGVzdA==' })).toThrow(/BSN_ENCRYPTION_KEYS/);
  });

  it('refuses to start in production with simulators or development secrets', () => {
    let message = '';
    try {
      loadConfig({ NODE_ENV: 'production', DATABASE_URL: 'postgres://u@h/db' });
    } catch (e) {
      expect(e).toBeInstanceOf(ConfigError);
      message = (e as Error).message;
    }
    for (const name of [
      'SESSION_SECRET',
      'BSN_ENCRYPTION_KEYS',
      'BSN_HASH_KEY',
      'DIGID_MODE',
      'PAYMENT_PROVIDER',
      'MAIL_TRANSPORT',
      'SETTINGS_ENCRYPTION_KEY',
    ]) {
      expect(message).toContain(name);
    }
  });

  it('starts in production with real settings, with the sandbox off unless asked for', () => {
    const c = loadConfig({
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://u@h/db',
      SESSION_SECRET: 'a'.repeat(40),
      BSN_ENCRYPTION_KEYS: `k2:${Buffer.alloc(32, 7).toString('base64')}`,
      BSN_HASH_KEY: 'b'.repeat(40),
      ...samlEnv(),
      PAYMENT_PROVIDER: 'mollie',
      SETTINGS_ENCRYPTION_KEY: Buffer.alloc(32, 9).toString('base64'),
      MAIL_TRANSPORT: 'smtp',
      SMTP_URL: 'smtp://mail.example.org',
    });
    expect(c.production).toBe(true);
    expect(c.digidMode).toBe('saml');
    expect(c.digid.saml).toMatchObject({ entityId: 'urn:nl:gemeente:test', acsIndex: 1 });
    expect(c.digid.saml?.idp.artifactUrl).toBe('https://was-preprod1.digid.nl/saml/idp/resolve_artifact');
    expect(c.graphqlSandbox).toBe(false);
    expect(c.seedDemoData).toBe(false);
    expect(c.session.secureCookie).toBe(true);
  });

  it('runs the local SAML test IdP (DIGID_TEST_IDP) outside production only, its files before the store', () => {
    expect(loadConfig({ ...samlEnv(), DIGID_MODE: 'saml', DIGID_TEST_IDP: '1' }).digid.testIdp).toBe(true);
    expect(loadConfig({ ...samlEnv(), DIGID_MODE: 'saml' }).digid.testIdp).toBe(false);
    expect(() =>
      loadConfig({ NODE_ENV: 'production', DATABASE_URL: 'postgres://u@h/db', ...samlEnv(), DIGID_TEST_IDP: '1' }),
    ).toThrow(/DIGID_TEST_IDP: de lokale DigiD mag niet in productie/);
  });

  it("leaves the built-in PostgreSQL's port to be chosen unless EMBEDDED_PG_PORT is set", () => {
    expect(loadConfig({}).embeddedPgPort).toBeUndefined();
    expect(loadConfig({ EMBEDDED_PG_PORT: '55432' }).embeddedPgPort).toBe(55432);
  });

  it('makes cheap password hashes (PASSWORD_HASHING=fast) in test runs only, never in production or development', () => {
    const production = {
      NODE_ENV: 'production',
      DATABASE_URL: 'postgres://u@h/db',
      SESSION_SECRET: 'a'.repeat(40),
      BSN_ENCRYPTION_KEYS: `k2:${Buffer.alloc(32, 7).toString('base64')}`,
      BSN_HASH_KEY: 'b'.repeat(40),
      ...samlEnv(),
      PAYMENT_PROVIDER: 'mollie',
      SETTINGS_ENCRYPTION_KEY: Buffer.alloc(32, 9).toString('base64'),
      MAIL_TRANSPORT: 'smtp',
      SMTP_URL: 'smtp://mail.example.org',
    };
    expect(loadConfig(production).passwordHashing).toBe('standard');
    expect(() => loadConfig({ ...production, PASSWORD_HASHING: 'fast' })).toThrow(
      /PASSWORD_HASHING: fast is alleen voor tests/,
    );
    expect(() => loadConfig({ PASSWORD_HASHING: 'fast' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'development', PASSWORD_HASHING: 'fast' })).toThrow(/PASSWORD_HASHING/);
    expect(loadConfig({}).passwordHashing).toBe('standard');
    expect(loadConfig({ NODE_ENV: 'test', PASSWORD_HASHING: 'fast' }).passwordHashing).toBe('fast');
  });

  it('names in Dutch what DIGID_MODE=saml is missing, in production and outside it', () => {
    const { DIGID_SAML_IDP_CA_FILE, DIGID_SAML_ENTITY_ID, ...incomplete } = samlEnv();
    void DIGID_SAML_ENTITY_ID;
    let message = '';
    try {
      loadConfig({ ...incomplete, DIGID_SAML_IDP_CA_FILE: `${DIGID_SAML_IDP_CA_FILE}.weg` });
    } catch (e) {
      expect(e).toBeInstanceOf(ConfigError);
      message = (e as Error).message;
    }
    expect(message).toContain('DIGID_SAML_ENTITY_ID: verplicht bij DIGID_MODE=saml (onze entity id bij Logius)');
    expect(message).toContain('DIGID_SAML_IDP_CA_FILE: het bestand bestaat niet');
    expect(() => loadConfig({ NODE_ENV: 'production', DIGID_MODE: 'saml' })).toThrow(
      /Weigert te starten in productie:[\s\S]*DIGID_SAML_IDP_ARTIFACT_URL: verplicht bij DIGID_MODE=saml/,
    );
    expect(loadConfig({ ...samlEnv(), DIGID_ASSURANCE_LEVEL: 'substantieel' }).digid.assuranceLevel).toBe(
      'substantieel',
    );
    expect(() => loadConfig({ ...samlEnv(), DIGID_ASSURANCE_LEVEL: 'laag' })).toThrow(/DIGID_ASSURANCE_LEVEL/);
  });

  it('trusts forwarded addresses only from the configured proxies (TRUSTED_PROXIES)', () => {
    expect(loadConfig({}).trustedProxies).toEqual([]);
    expect(loadConfig({ TRUSTED_PROXIES: ' 172.30.0.0/24, 10.1.2.3 ,::1,loopback' }).trustedProxies).toEqual([
      '172.30.0.0/24',
      '10.1.2.3',
      '::1',
      'loopback',
    ]);
    expect(() => loadConfig({ TRUSTED_PROXIES: '10.0.0.0/8, proxy.example.nl' })).toThrow(
      /TRUSTED_PROXIES: "proxy.example.nl" is geen IP-adres/,
    );
    expect(() => loadConfig({ TRUSTED_PROXIES: '10.0.0.0/99' })).toThrow(/TRUSTED_PROXIES/);
    // The old switch trusted every peer; it is refused with a pointer to its replacement, `false` is harmless.
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY: vervangen door TRUSTED_PROXIES/);
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustedProxies).toEqual([]);
  });
});

describe('the clock setting (CLOCK_START)', () => {
  it('is the system clock unless set; a date alone starts at noon UTC of that day', () => {
    expect(loadConfig({}).clockStart).toBeNull();
    expect(loadConfig({ CLOCK_START: '2030-01-15' }).clockStart?.toISOString()).toBe('2030-01-15T12:00:00.000Z');
    expect(loadConfig({ CLOCK_START: '2030-01-15T09:30:00+01:00' }).clockStart?.toISOString()).toBe(
      '2030-01-15T08:30:00.000Z',
    );
  });

  it('refuses what is not a date, and any value in production', () => {
    expect(() => loadConfig({ CLOCK_START: 'morgen' })).toThrow(/CLOCK_START/);
    expect(() => loadConfig({ CLOCK_START: '2030-02-31T25:00' })).toThrow(/CLOCK_START/);
    expect(() =>
      loadConfig({
        NODE_ENV: 'production',
        DATABASE_URL: 'postgres://u@h/db',
        SESSION_SECRET: 'p'.repeat(40),
        BSN_ENCRYPTION_KEYS: `prod:${Buffer.alloc(32, 7).toString('base64')}`,
        BSN_HASH_KEY: 'h'.repeat(40),
        DIGID_MODE: 'saml',
        PAYMENT_PROVIDER: 'mollie',
        SETTINGS_ENCRYPTION_KEY: Buffer.alloc(32, 9).toString('base64'),
        MOLLIE_API_KEY: 'live_abcdefghijklmnopqrstuvwxyz',
        MAIL_TRANSPORT: 'smtp',
        SMTP_URL: 'smtp://mail',
        CLOCK_START: '2030-01-15',
      }),
    ).toThrow(/CLOCK_START: een verzette klok mag niet in productie/);
  });
});

describe('DigiD through an OIDC broker (DIGID_MODE=oidc)', () => {
  const production = {
    NODE_ENV: 'production',
    DATABASE_URL: 'postgres://u@h/db',
    SESSION_SECRET: 'p'.repeat(40),
    BSN_ENCRYPTION_KEYS: `prod:${Buffer.alloc(32, 7).toString('base64')}`,
    BSN_HASH_KEY: 'h'.repeat(40),
    PAYMENT_PROVIDER: 'mollie',
    SETTINGS_ENCRYPTION_KEY: Buffer.alloc(32, 9).toString('base64'),
    MOLLIE_API_KEY: 'live_abcdefghijklmnopqrstuvwxyz',
    MAIL_TRANSPORT: 'smtp',
    SMTP_URL: 'smtp://mail',
    APP_URL: 'https://winkel.zuiderveen.nl',
    DIGID_MODE: 'oidc',
  };
  const broker = {
    DIGID_OIDC_ISSUER: 'https://broker.example.nl/oidc',
    DIGID_OIDC_CLIENT_ID: 'gemeentewinkel',
    DIGID_OIDC_CLIENT_SECRET: 'geheim-client-secret',
  };

  it('starts in production when the broker is complete; the redirect URI is APP_URL/auth/digid/callback', () => {
    const c = loadConfig({ ...production, ...broker });
    expect(c.digidMode).toBe('oidc');
    expect(c.digidOidc).toMatchObject({
      issuer: 'https://broker.example.nl/oidc',
      clientId: 'gemeentewinkel',
      clientAuth: 'client_secret_basic',
      redirectUri: 'https://winkel.zuiderveen.nl/auth/digid/callback',
      scope: 'openid',
      bsnClaim: 'sub',
      levelClaim: 'acr',
      minLevel: 'midden',
    });
    expect(c.digidOidc?.levelValues.substantieel).toBe('urn:oasis:names:tc:SAML:2.0:ac:classes:Smartcard');
    expect(loadConfig({}).digidOidc).toBeNull();
  });

  it('names (in Dutch) every missing broker setting, never a secret', () => {
    expect(() => loadConfig({ ...production })).toThrow(
      /DIGID_OIDC_ISSUER: verplicht met DIGID_MODE=oidc[\s\S]*DIGID_OIDC_CLIENT_ID: verplicht[\s\S]*DIGID_OIDC_CLIENT_SECRET: verplicht/,
    );
    const { APP_URL: _, ...withoutAppUrl } = production;
    expect(() => loadConfig({ ...withoutAppUrl, ...broker })).toThrow(/APP_URL: verplicht met DIGID_MODE=oidc/);
    expect(() => loadConfig({ ...production, ...broker, DIGID_OIDC_ISSUER: 'http://broker.example.nl' })).toThrow(
      /DIGID_OIDC_ISSUER: moet in productie met https:\/\/ beginnen/,
    );
    // Outside production a local broker on plain http is fine.
    expect(
      loadConfig({ DIGID_MODE: 'oidc', ...broker, DIGID_OIDC_ISSUER: 'http://127.0.0.1:4270' }).digidOidc?.issuer,
    ).toBe('http://127.0.0.1:4270');
    try {
      loadConfig({ ...production, DIGID_OIDC_CLIENT_SECRET: 'geheim-client-secret' });
    } catch (e) {
      expect((e as Error).message).not.toContain('geheim');
    }
  });

  it('reads the claims and the level values as configured', () => {
    const c = loadConfig({
      DIGID_MODE: 'oidc',
      ...broker,
      DIGID_OIDC_SCOPES: 'openid bsn',
      DIGID_OIDC_BSN_CLAIM: 'bsn',
      DIGID_OIDC_LEVEL_CLAIM: 'loa',
      DIGID_ASSURANCE_LEVEL: 'substantieel',
      DIGID_OIDC_LEVEL_VALUES: 'basis=10, midden=20,substantieel=25,hoog=30',
    });
    expect(c.digidOidc).toMatchObject({
      scope: 'openid bsn',
      bsnClaim: 'bsn',
      levelClaim: 'loa',
      minLevel: 'substantieel',
      levelValues: { basis: '10', midden: '20', substantieel: '25', hoog: '30' },
    });
    expect(() => loadConfig({ DIGID_MODE: 'oidc', ...broker, DIGID_OIDC_LEVEL_VALUES: 'laag=1' })).toThrow(
      /DIGID_OIDC_LEVEL_VALUES: moet de vorm niveau=waarde hebben/,
    );
    expect(() => loadConfig({ DIGID_MODE: 'oidc', ...broker, DIGID_OIDC_LEVEL_VALUES: 'basis=x,midden=x' })).toThrow(
      /DIGID_OIDC_LEVEL_VALUES: elk niveau moet een eigen waarde hebben/,
    );
    expect(() => loadConfig({ DIGID_MODE: 'oidc', ...broker, DIGID_ASSURANCE_LEVEL: 'laag' })).toThrow(
      /DIGID_ASSURANCE_LEVEL/,
    );
  });

  it('with private_key_jwt, needs a readable private key file instead of a secret', () => {
    const { DIGID_OIDC_CLIENT_SECRET: _, ...withoutSecret } = broker;
    const oidc = { DIGID_MODE: 'oidc', ...withoutSecret, DIGID_OIDC_CLIENT_AUTH: 'private_key_jwt' };
    expect(() => loadConfig(oidc)).toThrow(
      /DIGID_OIDC_PRIVATE_KEY_FILE: verplicht met DIGID_OIDC_CLIENT_AUTH=private_key_jwt/,
    );
    expect(() => loadConfig({ ...oidc, DIGID_OIDC_PRIVATE_KEY_FILE: '/bestaat/niet.pem' })).toThrow(
      /DIGID_OIDC_PRIVATE_KEY_FILE: niet te lezen als PEM-privésleutel/,
    );
    const file = join(testFolder('config'), 'client.pem');
    writeFileSync(
      file,
      generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'pem', type: 'pkcs8' }),
    );
    const c = loadConfig({ ...oidc, DIGID_OIDC_PRIVATE_KEY_FILE: file, DIGID_OIDC_PRIVATE_KEY_ID: 'k1' });
    expect(c.digidOidc?.clientAuth).toBe('private_key_jwt');
    expect(c.digidOidc?.privateKey?.kid).toBe('k1');
    expect(c.digidOidc?.privateKey?.pem).toContain('BEGIN PRIVATE KEY');
  });
});
