import 'reflect-metadata';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import type express from 'express';
import type { Config } from '../config/config.js';
import { openDatabase, migrate, withSetupLock } from '../database/orm.js';
import { startEmbeddedPostgres, THROWAWAY_DATABASE, type EmbeddedDatabase } from '../database/embedded.js';
import { createServices, type Services } from './services.js';
import { createContexts, type Contexts } from './contexts.js';
import { clockFromConfig, setApplicationClock, type Clock } from '../kernel/clock.js';
import { createApp, type TestViewers } from '../http/app.js';
import type { InstanceHealth } from '../http/health.js';
import { DigidSimulator } from '../integrations/digid/digid-simulator.js';
import type { DigidAdapter } from '../integrations/digid/digid.js';
import { OidcDigidAdapter } from '../integrations/digid/oidc/oidc-adapter.js';
import { DigidSaml } from '../integrations/digid/saml/saml-adapter.js';
import { fileSamlRuntime } from '../integrations/digid/saml/file-runtime.js';
import { layeredSamlRuntime } from '../integrations/digid/saml/layered-runtime.js';
import { DigidSamlRuntime } from '../modules/digid/digid-runtime.js';
import { seedDemoData } from '../seeders/demo-data.js';
import { createJobRegistry } from '../jobs/registry.js';
import type { JobRegistry } from '../jobs/job-types.js';
import { startJobWorker, type JobWorker } from '../jobs/worker.js';
import { usePasswordHashing } from '../crypto/passwords.js';

export interface RunningServer {
  url: string;
  port: number;
  orm: MikroORM;
  services: Services;
  /** Request contexts for calling services directly: `contexts.forSystem('job')` (tests, jobs, CLI). */
  contexts: Contexts;
  clock: Clock;
  httpServer: Server;
  /** The background job worker of this instance; null with JOBS_WORKER=false. */
  jobWorker: JobWorker | null;
  /** Stops accepting connections, lets running requests finish, closes the database. */
  stop: () => Promise<void>;
}

export interface BootOptions {
  config: Config;
  logger: Logger;
  clientDist?: string;
  devMiddleware?: express.RequestHandler;
  /** Port override (0 = any free port); defaults to config.port. */
  port?: number;
  /** Sees every SQL statement (tests count them). */
  onQuery?: (sql: string) => void;
  /** `onQuery` sees the statements with their parameters written in (to EXPLAIN them). */
  queryParams?: boolean;
  /** The application's clock; default: from the configuration (CLOCK_START) or the system clock. Tests pass a ManualClock. */
  clock?: Clock;
  /** Tests only (refused unless NODE_ENV=test): see AppDeps.testViewers. */
  testViewers?: TestViewers;
  /** Changes the job registry before the worker starts (tests add tasks and schedules). */
  jobs?: (registry: JobRegistry) => JobRegistry;
  /**
   * With the demo data, also its activity (orders, payments, inbox messages: seeders/demo-activity.ts). Default true;
   * server tests leave it out unless they ask (test/server.ts), so their households start without orders.
   */
  demoActivity?: boolean;
  /**
   * false: the database is migrated and seeded already (`npm start`'s primary process did it with prepareDatabase
   * before forking its workers), so this instance only connects. Default true.
   */
  setUp?: boolean;
}

/**
 * Migrations (the job queue's, then ours) and the demo data, under the set-up lock (database/orm.ts): instances that
 * start together on one database take turns, and the later ones find everything done. On Kubernetes the migration
 * job (cli/migrate.ts) has applied them before the instances start, so this finds nothing to do.
 */
async function setUpDatabase(
  orm: MikroORM,
  sessionUrl: string,
  services: () => Promise<Services>,
  options: Pick<BootOptions, 'config' | 'logger' | 'demoActivity'>,
  clock: Clock,
): Promise<Services> {
  const { config, logger } = options;
  return withSetupLock(sessionUrl, async () => {
    const applied = await migrate(orm, logger, sessionUrl);
    if (applied.length) logger.info({ migrations: applied }, 'migrations applied');
    const ready = await services();
    if (config.seedDemoData) {
      const { created } = await seedDemoData(orm.em.fork(), {
        bsnKeys: config.bsn,
        clock,
        storage: ready.storage,
        // The demo's DigiD certificate is for the simulator's demo; with real DigiD the configured one serves.
        settingsEncryptionKey: config.digidMode === 'simulator' ? config.settingsEncryptionKey : undefined,
        cacheDir: config.demoCacheDir,
        services: options.demoActivity === false ? undefined : ready,
      });
      if (created) logger.info('demo data seeded');
    }
    return ready;
  });
}

async function startServices(config: Config, orm: MikroORM, sessionUrl: string, logger: Logger): Promise<Services> {
  const services = createServices(config, { pool: await orm.em.getConnection().getNativeClient() });
  await services.settings.start(orm, sessionUrl, logger);
  return services;
}

async function openOrStartDatabase(
  config: Config,
  logger: Logger,
): Promise<{ databaseUrl: string; sessionUrl: string; embedded?: EmbeddedDatabase }> {
  // DATABASE_SESSION_URL: the job queue, the settings listener and the migrations' lock need a session of their own
  // (LISTEN, session advisory locks), so with DATABASE_URL through PgBouncer in transaction mode they go straight to
  // the primary (docs/sizing.md, "Connection pooling").
  if (config.databaseUrl)
    return { databaseUrl: config.databaseUrl, sessionUrl: config.databaseSessionUrl ?? config.databaseUrl };
  logger.info({ dataDir: config.dataDir }, 'starting the built-in PostgreSQL');
  const embedded = await startEmbeddedPostgres({
    dataDir: config.dataDir,
    port: config.embeddedPgPort,
    logger,
    // A test run's database (NODE_ENV=test: the browser tests' apps) is thrown away: no waiting for the disk.
    settings: config.env === 'test' ? THROWAWAY_DATABASE : undefined,
  });
  const url = embedded.url('gemeentewinkel');
  return { databaseUrl: url, sessionUrl: url, embedded };
}

/**
 * For `npm start` with several worker processes: the primary starts the database (embedded unless DATABASE_URL),
 * migrates and seeds it once, and keeps the embedded PostgreSQL running for its workers (boot with `setUp: false`
 * and DATABASE_URL = `databaseUrl`) until `stop`.
 */
export async function prepareDatabase(
  options: Pick<BootOptions, 'config' | 'logger' | 'clock' | 'demoActivity'>,
): Promise<{ databaseUrl: string; stop: () => Promise<void> }> {
  const { config, logger } = options;
  const clock = options.clock ?? clockFromConfig(config);
  setApplicationClock(clock);
  usePasswordHashing(config.passwordHashing);
  const { databaseUrl, sessionUrl, embedded } = await openOrStartDatabase(config, logger);
  let orm: MikroORM | undefined;
  let services: Services | undefined;
  try {
    const opened = await openDatabase(databaseUrl, { logger });
    orm = opened;
    services = await setUpDatabase(
      opened,
      sessionUrl,
      async () => (services = await startServices(config, opened, sessionUrl, logger)),
      options,
      clock,
    );
  } catch (error) {
    await embedded?.stop().catch(() => undefined);
    throw error;
  } finally {
    await services?.settings.stop().catch(() => undefined);
    services?.mail.close();
    await orm?.close(true).catch(() => undefined);
  }
  return { databaseUrl, stop: async () => void (await embedded?.stop()) };
}

function createDigid(config: Config, orm: MikroORM, services: Services, logger: Logger): DigidAdapter {
  if (config.digidMode === 'simulator') return new DigidSimulator({ orm, bsnKeys: config.bsn });
  // The level asked for is the setting of instellingen/digid (its default: DIGID_ASSURANCE_LEVEL).
  const level = async () => (await services.settings.get('digid')).assuranceLevel;
  if (config.digidMode === 'oidc') {
    const adapter = new OidcDigidAdapter(config.digidOidc!, logger, level);
    // Looks the broker up now, so a wrong issuer shows in the log at start; a broker that is down does not stop the
    // server (the next log-in tries again).
    adapter.configuration().catch(() => undefined);
    return adapter;
  }
  if (config.digidMode === 'saml') {
    // config.ts refuses DIGID_MODE=saml without its settings, so they are here.
    const saml = config.digid.saml!;
    return new DigidSaml({
      orm,
      logger,
      config: saml,
      runtime: layeredSamlRuntime(
        new DigidSamlRuntime(services.digidCertificates, services.settings, () => orm.em.fork()),
        fileSamlRuntime(saml, config.digid.assuranceLevel),
        { filesFirst: config.digid.testIdp },
      ),
      acsUrl: `${config.appUrl}/auth/digid/callback`,
    });
  }
  throw new Error(`DIGID_MODE=${String(config.digidMode)}: onbekende DigiD-koppeling`);
}

/**
 * config → database (embedded unless DATABASE_URL) → migrations (the job queue's, then ours) → settings cache and
 * its LISTEN connection → demo data → schema → http → job worker (unless JOBS_WORKER=false).
 */
export async function boot(options: BootOptions): Promise<RunningServer> {
  const { config, logger } = options;
  const clock = options.clock ?? clockFromConfig(config);
  setApplicationClock(clock);
  usePasswordHashing(config.passwordHashing);
  if (config.clockStart)
    logger.warn(
      { clockStart: config.clockStart.toISOString(), now: clock.now().toISOString() },
      'the clock is set (CLOCK_START)',
    );
  let embedded: EmbeddedDatabase | undefined;
  let orm: MikroORM | undefined;
  let services: Services | undefined;
  let jobWorker: JobWorker | null = null;
  try {
    const database = await openOrStartDatabase(config, logger);
    embedded = database.embedded;
    const { databaseUrl, sessionUrl } = database;
    const opened = await openDatabase(databaseUrl, {
      logger,
      onQuery: options.onQuery,
      queryParams: options.queryParams,
    });
    orm = opened;
    const start = async () => (services = await startServices(config, opened, sessionUrl, logger));
    services = options.setUp === false ? await start() : await setUpDatabase(opened, sessionUrl, start, options, clock);
    const contexts = createContexts({ orm, services, logger, clock, testViewers: options.testViewers });

    // What /healthz and /readyz report besides the database: the job worker and whether this instance is stopping.
    let stopRequested = false;
    const health: InstanceHealth = {
      worker: () => (!config.jobs.worker ? 'off' : jobWorker ? jobWorker.state() : 'starting'),
      stopping: () => stopRequested,
    };
    const httpServer = createServer();
    const { app, apollo } = await createApp({
      health,
      orm,
      services,
      contexts,
      logger,
      digid: createDigid(config, orm, services, logger),
      httpServer,
      clientDist: options.clientDist,
      devMiddleware: options.devMiddleware,
      testViewers: options.testViewers,
    });
    httpServer.on('request', app);
    // An idle keep-alive connection stays open longer than a client or proxy keeps it (proxies commonly 60 s): when the
    // server closes first, a request the client sent at that moment on the old connection fails (ECONNRESET). The
    // headers must be allowed to take longer still. server.close() closes idle connections at once, so a stop is not
    // slowed by this.
    httpServer.keepAliveTimeout = 65_000;
    httpServer.headersTimeout = 66_000;
    await new Promise<void>((resolve, reject) => {
      httpServer.once('error', reject);
      httpServer.listen(options.port ?? config.port, config.host, () => resolve());
    });
    const port = (httpServer.address() as AddressInfo).port;
    // Background work (mail, the payment sweeps, purges): see jobs/registry.ts. Each job and each scheduled tick runs
    // once however many instances share the database; a web-only instance sets JOBS_WORKER=false.
    if (config.jobs.worker) {
      const registry = createJobRegistry(services);
      jobWorker = await startJobWorker({
        databaseUrl: sessionUrl,
        contexts,
        logger,
        registry: options.jobs ? options.jobs(registry) : registry,
        concurrency: config.jobs.concurrency,
        pollIntervalMs: config.jobs.pollIntervalMs,
      });
    }

    const running = { orm, services, worker: jobWorker };
    let stopping: Promise<void> | undefined;
    // Requests and jobs drain side by side (kernel/shutdown.ts has the times the deployment allows for it): /readyz
    // says "stopping" at once, the HTTP server takes no new connections and lets the requests in flight finish, the
    // job worker takes no new jobs and lets the running ones finish; then the database is closed.
    const stop = () =>
      (stopping ??= (async () => {
        stopRequested = true;
        await Promise.all([
          (async () => {
            await apollo.stop(); // drains the HTTP server
            await new Promise<void>((resolve) => httpServer.close(() => resolve()));
          })(),
          running.worker?.stop(), // lets running jobs finish
        ]);
        await running.services.settings.stop();
        running.services.mail.close();
        await running.orm.close(true);
        await embedded?.stop();
      })());
    return { url: `http://localhost:${port}`, port, orm, services, contexts, clock, httpServer, jobWorker, stop };
  } catch (error) {
    await jobWorker?.stop().catch(() => undefined);
    await services?.settings.stop().catch(() => undefined);
    await orm?.close(true).catch(() => undefined);
    await embedded?.stop().catch(() => undefined);
    throw error;
  }
}
