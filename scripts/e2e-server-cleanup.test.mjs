// The browser-test server script (scripts/e2e-server.mjs) leaves nothing behind when it is interrupted: started as
// Playwright starts it, then stopped with Ctrl+C (SIGINT), or with its app killed outright (SIGKILL), its built-in
// PostgreSQL is no longer running and its temporary data folder is gone. Needs the production build (server/dist);
// `npm test` runs it after the build: `node --test scripts/e2e-server-cleanup.test.mjs`.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer } from 'node:net';
import { test } from 'node:test';
import { RUN_VARIABLE, foldersOfRun, processesOfRun } from './lib/leftovers.mjs';

const script = new URL('./e2e-server.mjs', import.meta.url).pathname;

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

async function until(what, check, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return;
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The script on a free port, marked with a run id of its own; resolves once the app answers /readyz. */
async function startScript() {
  const runId = randomBytes(4).toString('hex');
  const port = await freePort();
  const env = {
    ...process.env,
    [RUN_VARIABLE]: runId,
    E2E_PORT: String(port),
    E2E_LOG_LEVEL: 'error',
    E2E_SEED_DEMO_DATA: 'false',
  };
  delete env.TEST_DATABASE_URL; // the built-in PostgreSQL, as on a fresh machine
  const child = spawn(process.execPath, [script], { env, stdio: ['ignore', 'ignore', 'inherit'] });
  const exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
  let gone = false;
  void exited.then(() => (gone = true));
  await until(
    'the app answers /readyz',
    async () => {
      if (gone) throw new Error('the script stopped before its app was ready');
      return fetch(`http://127.0.0.1:${port}/readyz`).then(
        (res) => res.ok,
        () => false,
      );
    },
    180_000,
  );
  return { runId, child, exited };
}

async function assertNothingLeft(runId) {
  await until('no process of the run is left', () => processesOfRun(runId).length === 0, 10_000).catch(() => {
    assert.deepEqual(processesOfRun(runId), [], 'processes left behind');
  });
  assert.deepEqual(foldersOfRun(runId), [], 'folders left behind');
}

test('e2e-server.mjs stops the app and its PostgreSQL and removes its folder', { concurrency: true }, async (t) => {
  // Both at once (each starts an app and seeds it): half the time.
  const cases = [];
  cases.push(
    t.test('on Ctrl+C (SIGINT)', { timeout: 240_000 }, async () => {
      const { runId, child, exited } = await startScript();
      const before = processesOfRun(runId);
      assert.ok(
        before.some((p) => /\bpostgres\b.* -D /.test(p.command)),
        `a PostgreSQL runs for the app: ${JSON.stringify(before)}`,
      );
      assert.equal(foldersOfRun(runId).length, 1, 'the data folder exists');
      child.kill('SIGINT');
      await exited;
      await assertNothingLeft(runId);
    }),
  );

  cases.push(
    t.test('when its app is killed outright (SIGKILL)', { timeout: 240_000 }, async () => {
      const { runId, exited } = await startScript();
      const app = processesOfRun(runId).find((p) => p.command.includes('server/dist/main.js'));
      assert.ok(app, 'the app runs');
      process.kill(app.pid, 'SIGKILL'); // no chance to stop its PostgreSQL: the script does it
      await exited;
      await assertNothingLeft(runId);
    }),
  );
  await Promise.all(cases);
});
