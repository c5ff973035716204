import 'reflect-metadata';
import { MikroORM, defineConfig } from '@mikro-orm/postgresql';
import { Migrator } from '@mikro-orm/migrations';
import { ReflectMetadataProvider } from '@mikro-orm/decorators/legacy';
import type { Logger } from 'pino';
import { entities } from './entities.js';
import { migrationsList } from './migrations/index.js';
import { migrateJobQueue } from '../jobs/worker.js';
import pg from 'pg';
import { releaseBrokenConnections } from './pool.js';

export interface DatabaseOptions {
  logger?: Logger;
  poolMax?: number;
  /** Called with every SQL statement (tests count statements per request with it). */
  onQuery?: (sql: string) => void;
  /** `onQuery` sees the statements with their parameters written in (to EXPLAIN them: bench:admin). */
  queryParams?: boolean;
}

export function ormConfig(clientUrl: string, options: DatabaseOptions = {}) {
  return defineConfig({
    clientUrl,
    entities,
    metadataProvider: ReflectMetadataProvider,
    extensions: [Migrator],
    migrations: { migrationsList, transactional: true, allOrNothing: true, snapshot: false, silent: true },
    // Migrations only: the schema is never synchronised from the entities.
    discovery: { warnWhenNoEntities: true },
    pool: { min: 0, max: options.poolMax ?? 10 },
    // node-postgres' pool options. A connection that breaks (a failover, a restart of PostgreSQL) is dropped by the
    // pool and the next request opens a new one through the same address; TCP keepalive finds a connection whose
    // server vanished without closing it (a node gone, a network split); a new connection that is not made within
    // 10 s fails the request with DATABASE_UNAVAILABLE (503, retryable) instead of leaving it waiting; a connection
    // that breaks while a transaction holds it goes back to the pool (database/pool.ts).
    driverOptions: {
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
      connectionTimeoutMillis: 10_000,
      onPoolCreated: releaseBrokenConnections,
    },
    debug: options.onQuery ? (options.queryParams ? ['query', 'query-params'] : ['query']) : false,
    // Plain text: the log is JSON lines, and `onQuery` must see "[query] …", not ANSI colour codes around it.
    colors: false,
    logger: (message) => {
      if (options.onQuery && message.startsWith('[query]')) options.onQuery(message);
      else options.logger?.debug({ orm: true }, message);
    },
    // The global EntityManager refuses work: every request forks its own.
    allowGlobalContext: false,
    timezone: 'UTC',
  });
}

export async function openDatabase(clientUrl: string, options: DatabaseOptions = {}) {
  const orm = await MikroORM.init(ormConfig(clientUrl, options));
  return orm;
}

/**
 * Applies every pending migration; returns the names it ran. First the job queue's own schema (graphile-worker's
 * migration function: it owns `graphile_worker` and upgrades it with the library; on `sessionUrl`, the address for
 * sessions of their own, DATABASE_SESSION_URL), then ours.
 */
export async function migrate(
  orm: MikroORM,
  logger?: Logger,
  sessionUrl: string = orm.config.get('clientUrl')!,
): Promise<string[]> {
  await migrateJobQueue(sessionUrl, logger);
  const migrator = orm.migrator;
  const done = await migrator.up();
  return done.map((m) => m.name);
}

/** Any number that no other advisory lock on the database uses: "gemeentewinkel setup". */
const SETUP_LOCK = 7_211_015_001;

/**
 * Runs `work` holding the set-up lock (a PostgreSQL advisory lock on a connection of its own): instances that start
 * together on one database, and the migration job (cli/migrate.ts), take turns at the migrations; the later ones find
 * everything done.
 */
export async function withSetupLock<T>(databaseUrl: string, work: () => Promise<T>): Promise<T> {
  const lock = new pg.Client({ connectionString: databaseUrl, application_name: 'gemeentewinkel-setup' });
  await lock.connect();
  try {
    await lock.query('select pg_advisory_lock($1)', [SETUP_LOCK]);
    return await work();
  } finally {
    await lock.end().catch(() => undefined); // ending the session releases the lock
  }
}
