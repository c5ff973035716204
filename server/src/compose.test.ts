import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parse as parseYaml } from 'yaml';
import { CONFIG_VARIABLES, loadConfig } from './config/config.js';
import { PRODUCTION_SAMPLES } from './test/production-samples.js';

/**
 * docker-compose.yml shows the production configuration. There is no Docker engine here, so this reads the app's
 * environment from the file, fills in what `docker compose` would (a sample value for each `${NAME:?…}` an operator
 * must set, the default of each `${NAME:-default}`), and hands it to the server's own configuration check: the compose
 * file and the configuration the server accepts in production cannot drift apart. It also shows several instances:
 * two app containers made from one YAML anchor behind the Caddy proxy (deploy/Caddyfile), only the proxy published.
 */

const composeFile = fileURLToPath(new URL('../../docker-compose.yml', import.meta.url));
const caddyFile = fileURLToPath(new URL('../../deploy/Caddyfile', import.meta.url));

interface ComposeService {
  image?: string;
  build?: string;
  environment?: Record<string, string | number | boolean | null>;
  ports?: string[];
  expose?: string[];
  networks?: string[];
  depends_on?: Record<string, { condition: string }> | string[];
  healthcheck?: { test: string[] };
  volumes?: string[];
}

/** The compose file as docker compose reads it: YAML with anchors and merge keys (`<<: *app`). */
function readCompose(text: string): { services: Record<string, ComposeService> } {
  return parseYaml(text, { merge: true }) as { services: Record<string, ComposeService> };
}

/** The `environment` mapping of one service, each value as the string compose hands the container. */
function serviceEnvironment(text: string, service: string): Record<string, string> {
  const found = readCompose(text).services[service];
  expect(found, `service ${service} in docker-compose.yml`).toBeTruthy();
  expect(found!.environment, `environment of ${service}`).toBeTruthy();
  return Object.fromEntries(Object.entries(found!.environment!).map(([k, v]) => [k, v === null ? '' : String(v)]));
}

/** Values of the right form for what an operator must set (never real secrets). */
const SAMPLES = PRODUCTION_SAMPLES;

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
  const raw = serviceEnvironment(text, 'app1');

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
    expect(readCompose(text).services.app1!.expose).toEqual([String(config.port)]);
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

  it('runs two app containers with one configuration, made from one anchor (the environment is written once)', () => {
    const { services } = readCompose(text);
    const apps = Object.keys(services).filter((name) => services[name]!.environment?.SESSION_SECRET !== undefined);
    expect(apps).toEqual(['app1', 'app2']);
    expect(services.app2).toEqual(services.app1);
    expect(serviceEnvironment(text, 'app2')).toEqual(raw);
    // Written once: an anchor both services merge, not two copies that could drift apart.
    expect(text.match(/^\s+SESSION_SECRET:/gm)).toHaveLength(1);
    expect(text).toMatch(/^x-app: &app$/m);
    expect(text).toMatch(/^ {2}app1:\n {4}<<: \*app$/m);
    expect(text).toMatch(/^ {2}app2:\n {4}<<: \*app$/m);
    // One image, a health check on /readyz, the uploads volume shared, the database healthy before they start.
    expect(services.app1!.image).toBeTruthy();
    expect(services.app1!.healthcheck!.test.join(' ')).toContain('/readyz');
    expect(services.app1!.volumes).toEqual(['uploads:/app/.data/uploads']);
    expect(services.app1!.depends_on).toEqual({ db: { condition: 'service_healthy' } });
  });

  it('publishes only the proxy, which sends requests to both app containers once they are healthy', () => {
    const { services } = readCompose(text);
    const published = Object.keys(services).filter((name) => services[name]!.ports?.length);
    expect(published).toEqual(['proxy']);
    expect(services.proxy!.depends_on).toEqual({
      app1: { condition: 'service_healthy' },
      app2: { condition: 'service_healthy' },
    });
    // The proxy is on the app's network (edge), whose subnet is what the app trusts for X-Forwarded-For.
    expect(services.proxy!.networks).toContain('edge');
    expect(services.app1!.networks).toContain('edge');
    expect(services.db!.networks).not.toContain('edge');

    const caddy = readFileSync(caddyFile, 'utf8').replace(/#.*$/gm, '');
    const proxy = /reverse_proxy\s+([^{\n]+)\{([^}]*)\}/.exec(caddy);
    expect(proxy, 'a reverse_proxy block in deploy/Caddyfile').not.toBeNull();
    const upstreams = proxy![1]!.trim().split(/\s+/);
    const port = services.app1!.expose![0];
    expect(upstreams.sort()).toEqual([`app1:${port}`, `app2:${port}`]);
    const options = Object.fromEntries(
      proxy![2]!
        .split('\n')
        .map((line) => line.trim().split(/\s+/))
        .filter((words) => words[0])
        .map(([name, ...rest]) => [name!, rest.join(' ')]),
    );
    expect(options).toMatchObject({ lb_policy: expect.any(String), health_uri: '/readyz' });
    expect(options.health_interval).toBeTruthy();
    expect(options.lb_try_duration).toBeTruthy();
  });
});
