// The app as the browser tests see it: the production build on port E2E_PORT (default 3100), with a fresh database
// seeded with the demo data. Where the database lives:
// - E2E_DATABASE_DIR and E2E_DATABASE_TAG (the browser-test run, client/playwright.config.ts): on the one server the
//   run's apps share (scripts/e2e-database.mjs), a copy (CREATE DATABASE … TEMPLATE) of the template the first app
//   migrated, e2e_<tag>_migrated; each app then seeds its own copy (the demo data depends on its clock, its DigiD mode
//   and its address);
// - else TEST_DATABASE_URL's server when set (a new database there, migrated by the app);
// - else a fresh embedded PostgreSQL in a temporary folder.
// Nothing stays behind, however this ends: on SIGINT, SIGTERM or SIGHUP (and when the app stops by itself) the app is
// asked to stop (it stops its PostgreSQL), is killed if it does not within 20 s, a PostgreSQL still running on the
// folder is stopped (SIGINT, then SIGKILL), the database is dropped and the folder removed; then this script exits.
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import pg from 'pg';
import { runFolderPrefix } from './lib/leftovers.mjs';
import { sleep, stopPostgres } from './lib/postgres-folder.mjs';

const root = new URL('..', import.meta.url).pathname;
const port = process.env.E2E_PORT ?? '3100';

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const p = srv.address().port;
      srv.close(() => resolve(p));
    });
    srv.on('error', reject);
  });
}

const dataDir = mkdtempSync(runFolderPrefix('e2e'));
chmodSync(dataDir, 0o755);
const env = {
  ...process.env,
  NODE_ENV: 'test',
  PORT: port,
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  // The demo data; E2E_SEED_DEMO_DATA=false leaves it out (scripts/e2e-server-cleanup.test.mjs needs none).
  SEED_DEMO_DATA: process.env.E2E_SEED_DEMO_DATA ?? 'true',
  LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
  // Many log-ins from one address in one run: keep the per-account limit, raise nothing else.
  LOGIN_MAX_ATTEMPTS: '20',
  // Test runs only (NODE_ENV=test): argon2id at its smallest cost, and the demo's pictures and DigiD key made once
  // for all runs (docs "Tests").
  PASSWORD_HASHING: process.env.PASSWORD_HASHING ?? 'fast',
  DEMO_CACHE_DIR: process.env.DEMO_CACHE_DIR ?? join(root, '.tmp/demo-cache'),
};
// The server's clock (docs "Dates and the clock"): CLOCK_START when set, e.g. by playwright.dates.config.ts.
if (process.env.CLOCK_START) env.CLOCK_START = process.env.CLOCK_START;
else delete env.CLOCK_START;

/** A new database `name` on the server of `adminUrl`, copied from `template` when given; returns its URL and its drop. */
async function newDatabase(adminUrl, name, template) {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    if (!template) await admin.query(`create database ${name}`);
    // PostgreSQL refuses a copy while anyone is connected to the template (55006): the migration's sessions end a
    // moment after it exits.
    else
      for (let attempt = 0; ; attempt++) {
        try {
          await admin.query(`create database ${name} template ${template}`);
          break;
        } catch (error) {
          if (error.code !== '55006' || attempt >= 100) throw error;
          await sleep(50);
        }
      }
  } finally {
    await admin.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const drop = async () => {
    const c = new pg.Client({ connectionString: adminUrl });
    await c.connect();
    await c.query(`drop database if exists ${name} with (force)`);
    await c.end();
  };
  return { url: url.toString(), drop };
}

/**
 * The run's migrated template on the shared server (scripts/e2e-database.mjs): made by the first app that asks, with
 * the production migrations (server/dist/cli/migrate.js), under an advisory lock so the others wait for it.
 */
async function migratedTemplate(adminUrl, tag) {
  const name = `e2e_${tag}_migrated`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query('select pg_advisory_lock(hashtext($1))', [name]);
    const exists = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (exists.rowCount) return name;
    await admin.query(`create database ${name}`);
    const url = new URL(adminUrl);
    url.pathname = `/${name}`;
    const migrate = spawn(process.execPath, ['server/dist/cli/migrate.js'], {
      cwd: root,
      env: { ...process.env, NODE_ENV: 'test', DATABASE_URL: url.toString(), LOG_LEVEL: 'warn' },
      stdio: 'inherit',
    });
    const code = await new Promise((resolve) => migrate.on('exit', resolve));
    if (code !== 0) {
      await admin.query(`drop database if exists ${name} with (force)`).catch(() => undefined);
      throw new Error(`e2e-server: de migraties van de sjabloondatabase mislukten (${code})`);
    }
    return name;
  } finally {
    await admin.query('select pg_advisory_unlock(hashtext($1))', [name]).catch(() => undefined);
    await admin.end();
  }
}

/** The shared server's admin URL, once scripts/e2e-database.mjs says it answers (its `ready` file). */
async function sharedServer(dir) {
  const ready = join(dir, 'ready');
  for (let waited = 0; !existsSync(ready); waited += 100) {
    if (waited > 120_000) throw new Error(`e2e-server: de gedeelde PostgreSQL (${dir}) antwoordt niet na 120 s`);
    await sleep(100);
  }
  return readFileSync(ready, 'utf8').trim();
}

let dropDatabase;
const shared = process.env.E2E_DATABASE_DIR && process.env.E2E_DATABASE_TAG;
if (shared) {
  const tag = process.env.E2E_DATABASE_TAG;
  const adminUrl = await sharedServer(process.env.E2E_DATABASE_DIR);
  const template = await migratedTemplate(adminUrl, tag);
  const database = await newDatabase(adminUrl, `e2e_${tag}_${port}`, template);
  env.DATABASE_URL = database.url;
  dropDatabase = database.drop;
} else if (process.env.TEST_DATABASE_URL) {
  const database = await newDatabase(process.env.TEST_DATABASE_URL, `e2e_${Date.now().toString(36)}_${port}`);
  env.DATABASE_URL = database.url;
  dropDatabase = database.drop;
} else {
  delete env.DATABASE_URL;
  env.EMBEDDED_PG_PORT = String(await freePort());
}
// The shared server's settings are the run's, not the app's.
delete env.E2E_DATABASE_DIR;

// The database, for a test that runs a command against it (e2e/operator.spec.ts: `npm run operator -- invite`).
const databaseFile = join(root, '.tmp', `e2e-database-${port}.url`);
mkdirSync(join(root, '.tmp'), { recursive: true });
writeFileSync(
  databaseFile,
  env.DATABASE_URL ?? `postgres://postgres:postgres@127.0.0.1:${env.EMBEDDED_PG_PORT}/gemeentewinkel`,
  { mode: 0o600 },
);

const child = spawn(process.execPath, ['--enable-source-maps', 'server/dist/main.js'], {
  cwd: root,
  env,
  stdio: 'inherit',
});

let exiting = false;
async function cleanup(code) {
  if (exiting) return;
  exiting = true;
  await stopPostgres(dataDir).catch((error) => console.error('e2e-server: PostgreSQL stoppen mislukte', error));
  await dropDatabase?.().catch(() => undefined);
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(databaseFile, { force: true });
  process.exit(code);
}

let stopping = false;
function stop() {
  if (stopping) return;
  stopping = true;
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
  // An app that does not stop in time is killed; its PostgreSQL is then stopped by cleanup().
  setTimeout(() => child.kill('SIGKILL'), 20_000).unref();
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, stop);
child.on('exit', (code) => void cleanup(stopping ? 0 : (code ?? 1)));
