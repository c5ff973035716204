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
import { clockFromConfig, type Clock } from './lib/clock.js';
import { createApp, type TestViewers } from './http/app.js';
import { DigidSimulator } from './integrations/digid/digid-simulator.js';
import type { DigidAdapter } from './integrations/digid/digid.js';
import { seedDemoData } from './seeders/demo-data.js';

export interface RunningServer {
  url: string;
  port: number;
  orm: MikroORM;
  services: Services;
  /** Request contexts for calling services directly: `contexts.forSystem('job')` (tests, jobs, CLI). */
  contexts: Contexts;
  clock: Clock;
  httpServer: Server;
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
}

function createDigid(config: Config): DigidAdapter {
  if (config.digidMode === 'simulator') return new DigidSimulator();
  throw new Error('DIGID_MODE=saml: de SAML-koppeling met DigiD is nog niet beschikbaar in deze versie.');
}

/** config → database (embedded unless DATABASE_URL) → migrations → demo data → schema → http. */
export async function boot(options: BootOptions): Promise<RunningServer> {
  const { config, logger } = options;
  let embedded: EmbeddedDatabase | undefined;
  let databaseUrl = config.databaseUrl;
  if (!databaseUrl) {
    logger.info({ dataDir: config.dataDir }, 'starting the built-in PostgreSQL');
    embedded = await startEmbeddedPostgres({ dataDir: config.dataDir, port: config.embeddedPgPort, logger });
    databaseUrl = embedded.url('gemeentewinkel');
  }
  let orm: MikroORM | undefined;
  try {
    orm = await openDatabase(databaseUrl, { logger, onQuery: options.onQuery });
    const applied = await migrate(orm);
    if (applied.length) logger.info({ migrations: applied }, 'migrations applied');
    const clock = options.clock ?? clockFromConfig(config);
    const services = createServices(config, { pool: await orm.em.getConnection().getNativeClient() });
    const contexts = createContexts({ orm, services, logger, clock, testViewers: options.testViewers });
    if (config.seedDemoData) {
      const { created } = await seedDemoData(orm.em.fork(), { bsnKeys: config.bsn });
      if (created) logger.info('demo data seeded');
    }
    await services.sessions.purgeExpired(orm.em.fork());
    await services.emailTokens.purgeExpired(orm.em.fork());

    const httpServer = createServer();
    const { app, apollo } = await createApp({
      orm,
      services,
      contexts,
      logger,
      digid: createDigid(config),
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
    const purge = setInterval(() => void services.sessions.purgeExpired(orm!.em.fork()).catch(() => undefined), 3600_000);
    purge.unref();
    const purgeTokens = setInterval(() => {
      void services.emailTokens.purgeExpired(orm!.em.fork()).catch(() => undefined);
      void services.limits.purgeExpired().catch(() => undefined);
    }, 3600_000);
    purgeTokens.unref();
    // Open payments past their time are checked at the PSP and settled; due refunds are (re)sent.
    const paymentSweeper = services.payments.startSweeper(orm, logger);

    let stopping: Promise<void> | undefined;
    const stop = () =>
      (stopping ??= (async () => {
        clearInterval(purge);
        clearInterval(purgeTokens);
        await paymentSweeper.stop();
        await apollo.stop(); // drains the HTTP server
        await new Promise<void>((resolve) => httpServer.close(() => resolve()));
        await services.afterAnswer.idle(); // mails still going out after their answer
        await orm!.close(true);
        await embedded?.stop();
      })());
    return { url: `http://localhost:${port}`, port, orm, services, contexts, clock, httpServer, stop };
  } catch (error) {
    await orm?.close(true).catch(() => undefined);
    await embedded?.stop().catch(() => undefined);
    throw error;
  }
}
