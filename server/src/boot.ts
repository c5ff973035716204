import 'reflect-metadata';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import type express from 'express';
import type { Config } from './config/config.js';
import { openDatabase, migrate } from './database/orm.js';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './database/embedded.js';
import { createServices, type Services } from './services.js';
import { createContexts, type Contexts } from './contexts.js';
import { clockFromConfig, setApplicationClock, type Clock } from './lib/clock.js';
import { createApp, type TestViewers } from './http/app.js';
import { DigidSimulator } from './integrations/digid/digid-simulator.js';
import type { DigidAdapter } from './integrations/digid/digid.js';
import { OidcDigidAdapter } from './integrations/digid/oidc/oidc-adapter.js';
import { DigidSaml } from './integrations/digid/saml/saml-adapter.js';
import { fileSamlRuntime } from './integrations/digid/saml/file-runtime.js';
import { layeredSamlRuntime } from './integrations/digid/saml/layered-runtime.js';
import { DigidSamlRuntime } from './modules/digid/digid-runtime.js';
import { seedDemoData } from './seeders/demo-data.js';
import { createJobRegistry } from './jobs/registry.js';
import type { JobRegistry } from './jobs/job-types.js';
import { startJobWorker, type JobWorker } from './jobs/worker.js';

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
}

function createDigid(config: Config, orm: MikroORM, services: Services, logger: Logger): DigidAdapter {
  if (config.digidMode === 'simulator') return new DigidSimulator();
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
  if (config.clockStart)
    logger.warn(
      { clockStart: config.clockStart.toISOString(), now: clock.now().toISOString() },
      'the clock is set (CLOCK_START)',
    );
  let embedded: EmbeddedDatabase | undefined;
  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    logger.info({ dataDir: config.dataDir }, 'starting the built-in PostgreSQL');
    embedded = await startEmbeddedPostgres({ dataDir: config.dataDir, port: config.embeddedPgPort, logger });
    databaseUrl = embedded.url('gemeentewinkel');
  }
  let orm: MikroORM | undefined;
  let services: Services | undefined;
  let jobWorker: JobWorker | null = null;
  try {
    orm = await openDatabase(databaseUrl, { logger, onQuery: options.onQuery });
    const applied = await migrate(orm, logger);
    if (applied.length) logger.info({ migrations: applied }, 'migrations applied');
    services = createServices(config, { pool: await orm.em.getConnection().getNativeClient() });
    await services.settings.start(orm, databaseUrl, logger);
    const contexts = createContexts({ orm, services, logger, clock, testViewers: options.testViewers });
    if (config.seedDemoData) {
      const { created } = await seedDemoData(orm.em.fork(), {
        bsnKeys: config.bsn,
        clock,
        storage: services.storage,
        // The demo's DigiD certificate is for the simulator's demo; with real DigiD the configured one serves.
        settingsEncryptionKey: config.digidMode === 'simulator' ? config.settingsEncryptionKey : undefined,
        services: options.demoActivity === false ? undefined : services,
      });
      if (created) logger.info('demo data seeded');
    }

    const httpServer = createServer();
    const { app, apollo } = await createApp({
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
    httpServer.keepAliveTimeout = 5000;
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
        databaseUrl,
        contexts,
        logger,
        registry: options.jobs ? options.jobs(registry) : registry,
        concurrency: config.jobs.concurrency,
        pollIntervalMs: config.jobs.pollIntervalMs,
      });
    }

    const running = { orm, services, worker: jobWorker };
    let stopping: Promise<void> | undefined;
    const stop = () =>
      (stopping ??= (async () => {
        await apollo.stop(); // drains the HTTP server
        await new Promise<void>((resolve) => httpServer.close(() => resolve()));
        await running.worker?.stop(); // lets running jobs finish
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
