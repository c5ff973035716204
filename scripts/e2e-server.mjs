// The app as the browser tests see it: the production build on port E2E_PORT (default 3100), with a fresh database
// seeded with the demo data. Uses TEST_DATABASE_URL's server when set (a new database there), else a fresh
// embedded PostgreSQL in a temporary folder.
// Nothing stays behind, however this ends: on SIGINT, SIGTERM or SIGHUP (and when the app stops by itself) the app is
// asked to stop (it stops its PostgreSQL), is killed if it does not within 20 s, a PostgreSQL still running on the
// folder is stopped (SIGINT, then SIGKILL), the database is dropped and the folder removed; then this script exits.
import { spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import pg from 'pg';
import { runFolderPrefix } from './lib/leftovers.mjs';

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

let dropDatabase;
if (process.env.TEST_DATABASE_URL) {
  const name = `e2e_${Date.now().toString(36)}_${port}`;
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(process.env.TEST_DATABASE_URL);
  url.pathname = `/${name}`;
  env.DATABASE_URL = url.toString();
  dropDatabase = async () => {
    const c = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await c.connect();
    await c.query(`drop database if exists ${name} with (force)`);
    await c.end();
  };
} else {
  delete env.DATABASE_URL;
  env.EMBEDDED_PG_PORT = String(await freePort());
}

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

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const alive = (pid) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** The PostgreSQL running on the data folder, if any (its postmaster.pid). */
function postgresPid() {
  const pidFile = join(dataDir, 'postgres', 'postmaster.pid');
  if (!existsSync(pidFile)) return null;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  return Number.isInteger(pid) && pid > 0 && alive(pid) ? pid : null;
}

/** A PostgreSQL the app did not stop (the app was killed): fast shutdown, then SIGKILL after 10 s. */
async function stopPostgres() {
  const pid = postgresPid();
  if (!pid) return;
  process.kill(pid, 'SIGINT');
  for (let waited = 0; waited < 10_000 && alive(pid); waited += 100) await sleep(100);
  if (alive(pid)) process.kill(pid, 'SIGKILL');
  for (let waited = 0; waited < 5_000 && alive(pid); waited += 100) await sleep(100);
}

let exiting = false;
async function cleanup(code) {
  if (exiting) return;
  exiting = true;
  await stopPostgres().catch((error) => console.error('e2e-server: PostgreSQL stoppen mislukte', error));
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
