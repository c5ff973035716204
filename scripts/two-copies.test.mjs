// Two copies of the app on one machine, each with its own data folder and no ports configured (PORT,
// EMBEDDED_PG_PORT): the second starts while the first runs, both on ports of their own, and both answer /readyz.
// The default ports (3000, 54321) are held by this test while it runs when they are free, so both copies have to
// choose another one (and no other engineer's app on the default port is disturbed). Beside them, a configured port
// that is taken stops the start with a Dutch message naming the setting; and a restart of the same data folder takes
// its remembered database port again. Needs the production build (server/dist); `npm test` runs it after the build:
// `node --test scripts/two-copies.test.mjs`.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { chmodSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { after, test } from 'node:test';
import { runFolderPrefix } from './lib/leftovers.mjs';

const root = new URL('..', import.meta.url).pathname;
const children = new Set();
const folders = [];

/** Holds `port` on `host` while the test runs, when it is free (else someone else holds it: just as good). */
function hold(port, host) {
  return new Promise((resolve) => {
    const server = createServer();
    server.once('error', () => resolve(null));
    server.listen({ port, host, exclusive: true }, () => resolve(server));
  });
}

function dataFolder() {
  const dir = mkdtempSync(runFolderPrefix('copies'));
  chmodSync(dir, 0o755); // as root, PostgreSQL runs as "postgres" and must reach it
  folders.push(dir);
  return dir;
}

/** The app on `dataDir` with nothing but `extra` configured; resolves with its exit or its address. */
function startApp(dataDir, extra = {}) {
  const env = {
    ...process.env,
    NODE_ENV: 'test',
    SEED_DEMO_DATA: 'false',
    PASSWORD_HASHING: 'fast',
    WEB_CONCURRENCY: '1',
    LOG_LEVEL: 'warn',
    DATA_DIR: dataDir,
    ...extra,
  };
  for (const name of ['PORT', 'EMBEDDED_PG_PORT', 'DATABASE_URL', 'APP_URL', 'TEST_DATABASE_URL', 'DIGID_TEST_IDP'])
    if (!(name in extra)) delete env[name];
  const child = spawn(process.execPath, ['--enable-source-maps', 'server/dist/main.js'], {
    cwd: root,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.add(child);
  let output = '';
  child.stdout.on('data', (d) => (output += String(d)));
  child.stderr.on('data', (d) => (output += String(d)));
  const exited = new Promise((resolve) =>
    child.on('exit', (code) => {
      children.delete(child);
      resolve(code);
    }),
  );
  const started = new Promise((resolve, reject) => {
    const timer = setInterval(() => {
      const match = /draait op (http:\/\/localhost:(\d+))/.exec(output);
      if (match) {
        clearInterval(timer);
        resolve({ url: match[1], port: Number(match[2]) });
      }
    }, 50);
    void exited.then((code) => {
      clearInterval(timer);
      reject(Object.assign(new Error(`the app stopped (code ${code}):\n${output}`), { code, output }));
    });
  });
  return { child, started, exited, output: () => output };
}

async function stopApp(app) {
  if (app.child.exitCode === null) app.child.kill('SIGTERM');
  return app.exited;
}

const remembered = (dataDir) => JSON.parse(readFileSync(join(dataDir, 'ports.json'), 'utf8'));

async function ready(url) {
  const res = await fetch(`${url}/readyz`);
  return res.status;
}

after(async () => {
  await Promise.all(
    [...children].map((child) => new Promise((resolve) => (child.kill('SIGKILL'), child.on('exit', resolve)))),
  );
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

test('a second copy starts while the first runs, each on free ports of its own', { timeout: 180_000 }, async () => {
  const held = await Promise.all([hold(3000, '0.0.0.0'), hold(54321, '127.0.0.1')]);
  try {
    const firstDir = dataFolder();
    const secondDir = dataFolder();
    const first = startApp(firstDir);
    const a = await first.started;
    assert.equal(await ready(a.url), 200);

    // Beside it at once: the second copy; a third with the first's app port configured; a fourth with the first's
    // database port configured. The second starts on ports of its own; the others stop with a short Dutch message
    // naming the setting, before any database starts.
    const second = startApp(secondDir);
    const busyApp = startApp(dataFolder(), { PORT: String(a.port) });
    const pgA = remembered(firstDir).postgres;
    const busyDatabase = startApp(dataFolder(), { EMBEDDED_PG_PORT: String(pgA) });
    const refused = (app, pattern) =>
      assert.rejects(app.started, (error) => {
        assert.equal(error.code, 1);
        assert.match(error.output, pattern);
        return true;
      });
    const [b] = await Promise.all([
      second.started,
      refused(busyApp, new RegExp(`Poort ${a.port} \\(de app\\) is al in gebruik.*zet PORT in \\.env`)),
      refused(
        busyDatabase,
        new RegExp(`Poort ${pgA} \\(de ingebouwde PostgreSQL\\) is al in gebruik.*EMBEDDED_PG_PORT`),
      ),
    ]);
    assert.equal(await ready(b.url), 200);
    assert.equal(await ready(a.url), 200, 'the first copy still answers');

    assert.notEqual(a.port, 3000);
    assert.notEqual(b.port, 3000);
    assert.notEqual(a.port, b.port);
    const pgB = remembered(secondDir).postgres;
    assert.ok(Number.isInteger(pgA) && Number.isInteger(pgB) && pgA !== pgB, `database ports ${pgA} and ${pgB}`);
    assert.notEqual(pgA, 54321);
    assert.equal(remembered(firstDir).app.url, a.url, 'the address is remembered for npm run operator');

    // The second copy again: its remembered database port is free again, so it takes that one.
    assert.equal(await stopApp(second), 0);
    const again = startApp(secondDir);
    const c = await again.started;
    assert.equal(await ready(c.url), 200);
    assert.equal(remembered(secondDir).postgres, pgB);

    assert.equal(await stopApp(again), 0);
    assert.equal(await stopApp(first), 0);
  } finally {
    await Promise.all(held.filter(Boolean).map((server) => new Promise((resolve) => server.close(resolve))));
  }
});
