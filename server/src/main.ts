import 'reflect-metadata';
import cluster, { type Worker } from 'node:cluster';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as Sentry from '@sentry/node';
import { ConfigError, loadConfig, type Config } from './config/config.js';
import { createLogger } from './logging/logger.js';
import { databaseFailureReason, isDatabaseUnavailable } from './kernel/errors.js';
import { boot, prepareDatabase } from './app/boot.js';
import { clockFromConfig } from './kernel/clock.js';
import { SHUTDOWN_DEADLINE_MS } from './kernel/shutdown.js';
import { DEMO_PASSWORD, DEMO_STAFF, demoProviderEmail } from './seeders/demo-accounts.js';
import { APP_PORT_DEFAULT, chooseAppPort, PortInUseError, rememberPorts } from './config/ports.js';

/**
 * Before the configuration is read (by the primary, or the only process; workers inherit its environment): the app's
 * port (PORT, else 3000 or the next free one: config/ports.ts), so that APP_URL's default and everything derived
 * from it say the real address; and with DIGID_MODE=saml DIGID_TEST_IDP=1 outside production, the local SAML
 * identity provider, whose settings become the DIGID_SAML_* variables (for `npm start` as for `npm run dev`).
 */
async function prepareEnvironment(env: NodeJS.ProcessEnv): Promise<void> {
  const configured = Boolean(env.PORT?.trim());
  const port = await chooseAppPort(env);
  if (port !== undefined) env.PORT = String(port);
  if (!configured && port !== APP_PORT_DEFAULT)
    console.log(`\n  Poort ${APP_PORT_DEFAULT} is al in gebruik; Gemeentewinkel neemt de vrije poort ${port}.`);
  const testIdp = ['1', 'true', 'yes'].includes(env.DIGID_TEST_IDP ?? '');
  if (!testIdp || env.DIGID_MODE !== 'saml' || env.NODE_ENV === 'production') return;
  const appUrl = (env.APP_URL || `http://localhost:${env.PORT ?? 3000}`).replace(/\/$/, '');
  const { startSamlTestIdp } = await import('./integrations/digid/test-idp/saml-idp.js');
  const entityId = `${appUrl}/saml`;
  const idp = await startSamlTestIdp({
    sp: { entityId, acs: { 0: `${appUrl}/auth/digid/callback` } },
    httpPort: Number(env.DIGID_TEST_IDP_PORT ?? 5190),
  });
  process.on('exit', () => void idp.close());
  Object.assign(env, idp.env({ entityId }));
  console.log(`\n  Lokale DigiD (SAML): ${idp.ssoUrl}\n`);
}

let config: Config;
try {
  if (cluster.isPrimary) await prepareEnvironment(process.env);
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError || error instanceof PortInUseError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
const logger = createLogger(config.logLevel, cluster.isWorker ? { worker: cluster.worker!.id } : {});

// A promise nobody awaited that failed because the database was away (a library's background query during a
// failover) is logged and survived: the app reconnects by itself. Any other unhandled rejection still ends the
// process, as Node's default does, after it is logged.
process.on('unhandledRejection', (reason) => {
  if (isDatabaseUnavailable(reason)) {
    logger.warn({ code: 'DATABASE_UNAVAILABLE', reason: databaseFailureReason(reason) }, 'unhandled database failure');
    return;
  }
  logger.fatal({ err: reason }, 'unhandled rejection');
  throw reason;
});

/**
 * WEB_CONCURRENCY: how many worker processes share the port (node:cluster). 1 (the default when this file is run
 * directly: the container image, the browser tests, `npm run dev`) is one process without a primary; `npm start` sets
 * one per core (scripts/start.mjs) unless WEB_CONCURRENCY says otherwise.
 */
function webConcurrency(): number {
  const raw = process.env.WEB_CONCURRENCY?.trim();
  if (!raw) return 1;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > 256) {
    console.error('WEB_CONCURRENCY: moet een geheel getal van 1 tot en met 256 zijn (het aantal serverprocessen)');
    process.exit(1);
  }
  return n;
}

/**
 * The address and the demo log-ins, printed once (by the primary when there are several workers); the address is
 * remembered in the data folder for `npm run operator` (config/ports.ts).
 */
function announce(url: string, port: number) {
  const address = config.appUrl === `http://localhost:${config.port}` ? url : config.appUrl;
  try {
    rememberPorts(config.dataDir, { app: { url: address, port, pid: process.pid } });
  } catch (error) {
    logger.warn({ err: error }, 'could not remember the address in DATA_DIR/ports.json');
  }
  const lines = ['', `  Gemeentewinkel draait op ${address}`];
  if (config.seedDemoData) {
    lines.push(
      '',
      `  Demo-log-ins (wachtwoord voor allemaal: ${DEMO_PASSWORD})`,
      `    Medewerkers  ${address}/admin/inloggen`,
      ...DEMO_STAFF.map((s) => `      ${s.email.padEnd(42)} rol ${s.role.toLowerCase()}`),
      `    Aanbieders   ${address}/voor-aanbieders/inloggen`,
      `      ${demoProviderEmail(1)} … ${demoProviderEmail(6)}`,
      `    Inwoners     ${address}/inloggen → "Inloggen met DigiD" → ${
        config.digidMode === 'simulator' ? 'kies een inwoner in de DigiD-simulator' : 'log in bij DigiD'
      }`,
      `      Zuiderveen: Meedoenregeling per huishouden, Kindpakket per kind (bijv. Mandy de Boer, huishouden ZV-100001)`,
      `      Noorderhaven: Minimaregeling per huishouden (bijv. Marieke Dekker, huishouden NH-200001)`,
    );
  }
  if (config.graphqlSandbox) lines.push('', `  GraphQL: ${url}/graphql   sandbox: ${url}/sandbox`);
  console.log(lines.join('\n') + '\n');
}

/** One instance of the application: the whole product in this process, or one of the primary's workers. */
async function runInstance() {
  const clientDist = fileURLToPath(new URL('../../client/dist', import.meta.url));
  const hasClient = existsSync(`${clientDist}/index.html`);
  if (!hasClient && !cluster.isWorker)
    logger.warn('client/dist ontbreekt: draai eerst `npm run build` (npm start doet dat zelf)');

  const server = await boot({
    config,
    logger,
    clientDist: hasClient ? clientDist : undefined,
    // A worker's primary has migrated and seeded the database already.
    setUp: !cluster.isWorker,
  }).catch((error: Error) => {
    logger.fatal({ err: error }, 'start-up failed');
    console.error(`\nDe server kon niet starten: ${error.message}`);
    process.exit(1);
  });
  if (cluster.isWorker) {
    // Which worker answered (its number, not its pid): for the operator and the test of several workers.
    const id = String(cluster.worker!.id);
    server.httpServer.prependListener('request', (_req, res) => res.setHeader('X-Worker', id));
  } else announce(server.url, server.port);

  let shuttingDown = false;
  const shutdown = (reason: string) => {
    if (shuttingDown) return;
    shuttingDown = true;
    logger.info({ reason }, 'shutting down');
    // Requests and jobs have had their time by then (kernel/shutdown.ts; the deployment's grace period allows it).
    const force = setTimeout(() => process.exit(1), SHUTDOWN_DEADLINE_MS);
    force.unref();
    server
      .stop()
      .then(() => Sentry.close(2000))
      .then(() => process.exit(0))
      .catch((error: Error) => {
        logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      });
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => shutdown(signal));
  // The primary went away (killed without a chance to stop its workers): stop too, rather than serve on alone.
  if (cluster.isWorker) process.on('disconnect', () => shutdown('primary gone'));
}

/**
 * The primary of several workers: starts the database (embedded unless DATABASE_URL), migrates and seeds it once,
 * forks the workers (they share the port through node:cluster), prints the address once, restarts a worker that dies
 * and stops them all on SIGINT/SIGTERM/SIGHUP. It serves nothing itself.
 */
async function runPrimary(count: number) {
  const clock = clockFromConfig(config);
  const prepared = await prepareDatabase({ config, logger, clock }).catch((error: Error) => {
    logger.fatal({ err: error }, 'start-up failed');
    console.error(`\nDe server kon niet starten: ${error.message}`);
    process.exit(1);
  });

  let stopping = false;
  let announced = false;
  let failedStarts = 0;
  const listening = new Set<number>();
  const fork = () =>
    cluster.fork({
      DATABASE_URL: prepared.databaseUrl,
      // Every worker on the primary's clock (outside production): the moment it is on now, running on from there.
      ...(config.clockStart ? { CLOCK_START: clock.now().toISOString() } : {}),
    });

  cluster.on('online', (worker) => logger.info({ worker: worker.id, pid: worker.process.pid }, 'worker started'));
  cluster.on('listening', (worker, address) => {
    listening.add(worker.id);
    failedStarts = 0;
    if (!announced && listening.size >= count) {
      announced = true;
      announce(`http://localhost:${address.port}`, address.port);
    }
  });
  cluster.on('exit', (worker: Worker, code, signal) => {
    const started = listening.delete(worker.id);
    if (stopping) return;
    logger.error({ worker: worker.id, pid: worker.process.pid, code, signal }, 'worker stopped; starting a new one');
    if (!started && ++failedStarts >= 3) {
      // Workers that die before they listen (a port in use, a database that is gone) would only die again.
      console.error('\nDe serverprocessen konden niet starten; zie het log hierboven.');
      void stop(1);
      return;
    }
    setTimeout(() => void (stopping || fork()), started ? 0 : 1000);
  });

  const stop = async (exitCode: number) => {
    if (stopping) return;
    stopping = true;
    logger.info({ workers: Object.keys(cluster.workers ?? {}).length }, 'shutting down');
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => !!w);
    const force = setTimeout(() => workers.forEach((w) => w.process.kill('SIGKILL')), 20_000);
    await Promise.all(
      workers.map(
        (w) =>
          new Promise<void>((resolve) => {
            if (w.isDead()) return resolve();
            w.once('exit', () => resolve());
            w.process.kill('SIGTERM');
          }),
      ),
    );
    clearTimeout(force);
    await prepared.stop().catch((error: Error) => logger.error({ err: error }, 'stopping the database failed'));
    await Sentry.close(2000);
    process.exit(exitCode);
  };
  for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP'] as const) process.on(signal, () => void stop(0));

  for (let i = 0; i < count; i++) fork();
}

const count = cluster.isPrimary ? webConcurrency() : 1;
if (count > 1) await runPrimary(count);
else await runInstance();
