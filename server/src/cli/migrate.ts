import 'reflect-metadata';
import { setTimeout as sleep } from 'node:timers/promises';
import type { MikroORM } from '@mikro-orm/postgresql';
import { ConfigError, loadMigrationConfig } from '../config/config.js';
import { createLogger } from '../logging/logger.js';
import { migrate, openDatabase, withSetupLock } from '../database/orm.js';
import { pendingMigrations } from '../database/health.js';

/**
 * The migrations on their own, for a deployment that runs them before the new version serves (the Kubernetes
 * migration Job and the instances' init container: deploy/kubernetes, docs/kubernetes.md). Needs DATABASE_URL only.
 *
 *   node server/dist/cli/migrate.js                  applies what is pending (the job queue's schema, then ours) under
 *                                                    the same advisory lock the app's start takes, and exits
 *   node server/dist/cli/migrate.js --wait [--timeout=600]
 *                                                    waits until the database has every migration of this version
 *                                                    (exit 0), or gives up after the timeout in seconds (exit 1);
 *                                                    applies nothing
 *
 * The app's own start still runs the migrate step (app/boot.ts): after the job it finds nothing to do.
 */
const args = process.argv.slice(2);
const wait = args.includes('--wait');
const timeoutArg = args.find((a) => a.startsWith('--timeout='));
const timeoutSeconds = timeoutArg ? Number(timeoutArg.slice('--timeout='.length)) : 600;
const unknown = args.filter((a) => a !== '--wait' && !a.startsWith('--timeout='));
if (unknown.length || !Number.isFinite(timeoutSeconds) || timeoutSeconds <= 0) {
  console.error('Gebruik: node server/dist/cli/migrate.js [--wait [--timeout=<seconden>]]');
  process.exit(2);
}

let config: ReturnType<typeof loadMigrationConfig>;
try {
  config = loadMigrationConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
const logger = createLogger(config.logLevel, { component: 'migrate' });
const deadline = Date.now() + timeoutSeconds * 1000;

/** Connection errors are named by their code and message only: the URL (with its password) never reaches the log. */
function reason(error: unknown) {
  return { message: (error as Error).message, code: (error as { code?: string }).code };
}

async function open(): Promise<MikroORM> {
  for (;;) {
    try {
      return await openDatabase(config.databaseUrl, { logger, poolMax: 2 });
    } catch (error) {
      // The database may still be starting (a new cluster) or failing over: try again until the deadline.
      if (Date.now() > deadline) throw error;
      logger.warn({ error: reason(error) }, 'database not reachable yet');
      await sleep(2000);
    }
  }
}

async function waitForSchema(orm: MikroORM): Promise<number> {
  let reported = -1;
  for (;;) {
    try {
      const pending = await pendingMigrations(orm.em.fork());
      if (!pending.length) {
        logger.info('the database has every migration of this version');
        return 0;
      }
      if (pending.length !== reported) {
        reported = pending.length;
        logger.info({ pending }, 'waiting for the migration job');
      }
    } catch (error) {
      logger.warn({ error: reason(error) }, 'database not reachable');
    }
    if (Date.now() > deadline) {
      logger.error({ timeoutSeconds }, 'the migrations were not applied in time');
      return 1;
    }
    await sleep(2000);
  }
}

let exitCode = 0;
let orm: MikroORM | undefined;
try {
  orm = await open();
  if (wait) exitCode = await waitForSchema(orm);
  else {
    const applied = await withSetupLock(config.databaseUrl, () => migrate(orm!, logger));
    logger.info({ migrations: applied }, applied.length ? 'migrations applied' : 'no migrations to apply');
  }
} catch (error) {
  logger.error({ error: reason(error) }, wait ? 'waiting for the migrations failed' : 'migrations failed');
  exitCode = 1;
} finally {
  await orm?.close(true).catch(() => undefined);
}
process.exit(exitCode);
