// The app as the browser tests see it: the production build on port E2E_PORT (default 3100), with a fresh database
// seeded with the demo data. Uses TEST_DATABASE_URL's server when set (a new database there), else a fresh
// embedded PostgreSQL in a temporary folder that is removed afterwards.
import { spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

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

const dataDir = mkdtempSync(join(tmpdir(), 'gw-e2e-'));
chmodSync(dataDir, 0o755);
const env = {
  ...process.env,
  NODE_ENV: 'test',
  PORT: port,
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  SEED_DEMO_DATA: 'true',
  LOG_LEVEL: process.env.E2E_LOG_LEVEL ?? 'warn',
  // Many log-ins from one address in one run: keep the per-account limit, raise nothing else.
  LOGIN_MAX_ATTEMPTS: '20',
};
// The server's clock (README "Dates and the clock"): CLOCK_START when set, e.g. by playwright.dates.config.ts.
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
let exiting = false;
async function cleanup(code) {
  if (exiting) return;
  exiting = true;
  await dropDatabase?.().catch(() => undefined);
  rmSync(dataDir, { recursive: true, force: true });
  rmSync(databaseFile, { force: true });
  process.exit(code);
}
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => child.kill('SIGTERM'));
}
child.on('exit', (code) => void cleanup(code ?? 0));
