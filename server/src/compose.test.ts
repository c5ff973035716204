import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { CONFIG_VARIABLES, loadConfig } from './config/config.js';

/**
 * docker-compose.yml shows the production configuration. There is no Docker engine here, so this reads the app's
 * environment from the file, fills in what `docker compose` would (a sample value for each `${NAME:?…}` an operator
 * must set, the default of each `${NAME:-default}`), and hands it to the server's own configuration check: the compose
 * file and the configuration the server accepts in production cannot drift apart.
 */

const composeFile = fileURLToPath(new URL('../../docker-compose.yml', import.meta.url));

/**
 * The `environment` mapping of one service, read line by line: the compose file keeps it as plain `KEY: value` lines
 * (no YAML parser is a dependency of the project; `yaml` in node_modules is only another package's).
 */
function serviceEnvironment(text: string, service: string): Record<string, string> {
  const lines = text.split('\n');
  const servicesAt = lines.indexOf('services:');
  const serviceAt = lines.indexOf(`  ${service}:`, servicesAt);
  expect(serviceAt, `service ${service} in docker-compose.yml`).toBeGreaterThan(servicesAt);
  let i = lines.indexOf('    environment:', serviceAt);
  expect(i, `environment of ${service}`).toBeGreaterThan(serviceAt);
  const env: Record<string, string> = {};
  for (i++; i < lines.length; i++) {
    const line = lines[i]!;
    if (/^\s*(#.*)?$/.test(line)) continue;
    if (!line.startsWith('      ')) break;
    const match = /^ {6}([A-Z][A-Z0-9_]*):\s*(.*)$/.exec(line);
    expect(match, `a KEY: value line in ${service}'s environment: ${line}`).not.toBeNull();
    env[match![1]!] = match![2]!.replace(/^'(.*)'$|^"(.*)"$/, '$1$2');
  }
  return env;
}

/** Values of the right form for what an operator must set (never real secrets). */
const SAMPLES: Record<string, string> = {
  POSTGRES_PASSWORD: 'db-wachtwoord',
  SITE_ADDRESS: 'winkel.zuiderveen.nl',
  SESSION_SECRET: 's'.repeat(48),
  BSN_ENCRYPTION_KEYS: `k1:${Buffer.alloc(32, 1).toString('base64')}`,
  BSN_HASH_KEY: 'h'.repeat(48),
  SETTINGS_ENCRYPTION_KEY: Buffer.alloc(32, 2).toString('base64'),
  DIGID_OIDC_ISSUER: 'https://broker.example.nl',
  DIGID_OIDC_CLIENT_ID: 'gemeentewinkel-zuiderveen',
  DIGID_OIDC_CLIENT_SECRET: 'client-secret-van-de-broker',
  MOLLIE_API_KEY: 'live_abcdefghijklmnopqrstuvwxyz0123',
  SMTP_URL: 'smtps://winkel:wachtwoord@smtp.zuiderveen.nl:465',
};

/**
 * `${NAME:?message}` → the sample; `${NAME:-default}` → the sample if there is one, else the default: what docker
 * compose makes of the file with the samples set.
 */
function interpolate(value: string, missing: Set<string>): string {
  return value.replace(
    /\$\{([A-Z][A-Z0-9_]*)(?::([?-])([^}]*))?\}/g,
    (_all, name: string, kind?: string, rest?: string) => {
      if (kind === '-') return SAMPLES[name] ?? rest ?? '';
      if (SAMPLES[name] === undefined) missing.add(name);
      return SAMPLES[name] ?? '';
    },
  );
}

describe('docker-compose.yml', () => {
  const text = readFileSync(composeFile, 'utf8');
  const raw = serviceEnvironment(text, 'app');

  it('sets only variables the server reads', () => {
    const unknown = Object.keys(raw).filter((name) => !CONFIG_VARIABLES.includes(name));
    expect(unknown, 'variables in docker-compose.yml the configuration schema does not know').toEqual([]);
  });

  it('is a configuration the server accepts in production: DigiD, Mollie, SMTP, real secrets', () => {
    const missing = new Set<string>();
    const env = Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, interpolate(v, missing)]));
    expect([...missing], 'variables to set without a sample value here (add one to SAMPLES)').toEqual([]);
    const config = loadConfig(env);
    expect(config.production).toBe(true);
    expect(config.digidMode).not.toBe('simulator');
    if (config.digidMode === 'oidc') {
      expect(config.digidOidc?.redirectUri).toBe('https://winkel.zuiderveen.nl/auth/digid/callback');
    }
    expect(config.paymentProvider).toBe('mollie');
    // The Mollie gateway needs its key at start (integrations/payments/create-gateway.ts).
    expect(config.payments.mollieApiKey).toBeTruthy();
    expect(config.mail.transport).toBe('smtp');
    expect(config.seedDemoData).toBe(false);
    expect(config.databaseUrl).toMatch(/@db:5432\//);
    // The proxy reaches the app on the port it exposes.
    expect(text).toMatch(new RegExp(`expose:\\n\\s+- '${config.port}'`));
  });

  it('makes every secret an operator must set a required variable, not a value in the file', () => {
    for (const name of [
      'SESSION_SECRET',
      'BSN_ENCRYPTION_KEYS',
      'BSN_HASH_KEY',
      'SETTINGS_ENCRYPTION_KEY',
      'SMTP_URL',
    ]) {
      expect(raw[name], name).toMatch(new RegExp(`^\\$\\{${name}:\\?`));
    }
    for (const [name, value] of Object.entries(raw)) {
      if (/SECRET|API_KEY/.test(name)) expect(value, name).toMatch(new RegExp(`^\\$\\{${name}:\\?`));
    }
  });
});
