// The one PostgreSQL server the browser tests' apps share (client/playwright.config.ts starts it beside them), so that
// the migrations run once and the demo data is seeded once per kind, into template databases each app copies
// (scripts/e2e-server.mjs, E2E_DATABASE_DIR). With TEST_DATABASE_URL that server is used; else an embedded PostgreSQL in
// E2E_DATABASE_DIR/postgres on E2E_DATABASE_PORT (without fsync: a test database need not survive a crash).
// E2E_DATABASE_DIR also holds each template's uploads (the demo's product pictures) and, once the server answers, the
// file `ready` with its admin URL. Nothing stays behind: on SIGINT, SIGTERM or SIGHUP the templates
// (e2e_<E2E_DATABASE_TAG>_…) are dropped from TEST_DATABASE_URL's server, the embedded PostgreSQL is stopped and the
// folder removed.
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import pg from 'pg';
import { sleep, stopPostgres } from './lib/postgres-folder.mjs';

const root = new URL('..', import.meta.url).pathname;
const dir = process.env.E2E_DATABASE_DIR;
const tag = process.env.E2E_DATABASE_TAG;
if (!dir || !tag || !/^[a-z0-9]+$/.test(tag)) {
  console.error('e2e-database: E2E_DATABASE_DIR en E2E_DATABASE_TAG (kleine letters en cijfers) zijn verplicht');
  process.exit(2);
}
mkdirSync(dir, { recursive: true });

let embedded;
let stopping = false;
async function stop(code) {
  if (stopping) return;
  stopping = true;
  if (process.env.TEST_DATABASE_URL) await dropTemplates().catch((error) => console.error('e2e-database:', error));
  await embedded?.stop().catch(() => undefined);
  await stopPostgres(dir).catch((error) => console.error('e2e-database: PostgreSQL stoppen mislukte', error));
  rmSync(dir, { recursive: true, force: true });
  process.exit(code);
}
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => void stop(0));

/** On a shared server: this run's databases (templates, and copies an app left), by their prefix. */
async function dropTemplates() {
  const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
  try {
    const { rows } = await admin.query(`select datname from pg_database where datname like $1`, [`e2e\\_${tag}\\_%`]);
    for (const { datname } of rows)
      await admin.query(`drop database if exists ${pg.escapeIdentifier(datname)} with (force)`);
  } finally {
    await admin.end();
  }
}

let adminUrl;
try {
  if (process.env.TEST_DATABASE_URL) adminUrl = process.env.TEST_DATABASE_URL;
  else {
    const { startEmbeddedPostgres, THROWAWAY_DATABASE } = await import(`${root}server/dist/database/embedded.js`);
    embedded = await startEmbeddedPostgres({
      dataDir: dir,
      port: process.env.E2E_DATABASE_PORT ? Number(process.env.E2E_DATABASE_PORT) : undefined,
      settings: THROWAWAY_DATABASE,
    });
    adminUrl = embedded.url('postgres');
  }
  writeFileSync(join(dir, 'ready'), adminUrl, { mode: 0o600 });
} catch (error) {
  console.error('e2e-database: de gedeelde PostgreSQL startte niet', error);
  await stop(1);
}
// Until a signal: Playwright stops this server with the apps.
for (;;) await sleep(60_000);
