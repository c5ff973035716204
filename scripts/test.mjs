// `npm test`: every test, in the order that fails fastest.
//   0. at once, each with its output kept and printed when it ends: type-check server and client (tsc --noEmit, tests
//      included; TypeScript 7); lint (oxlint: every rule, the type-aware ones too; .oxlintrc.json); formatting
//      (oxfmt --check, Prettier's style; .oxfmtrc.json);
//      generated client types are current
//      (graphql-codegen --check; the emitted schema is checked by a server test)
//   1. production build (when the browser tests are asked for)
//   2. server tests (Vitest; real PostgreSQL, real HTTP; template databases, see docs "Tests"), and beside them the
//      client unit tests (Vitest), the browser-test server script interrupted leaves nothing behind
//      (scripts/e2e-server-cleanup.test.mjs) and two copies of the app run side by side (scripts/two-copies.test.mjs)
//   3. browser tests (Playwright + Chromium + axe) against the running app, in one run with the projects that need
//      apps of their own (the resident journey with the clock set to 2027 and 2030, the resident's DigiD log-in
//      through SAML and OIDC against local identity providers; E2E_ALL=1)
//   4. nothing left behind: no process this run started (each carries GW_TEST_RUN=<id> in its environment) still
//      runs, and no temporary folder of this run is left; if some are, they are named, stopped and removed, and the
//      run fails.
// Ends with a table of the steps (duration, result), the total time with the machine's load, and one summary line
// "N passed, N failed". Ctrl+C (or SIGTERM, SIGHUP) stops the running steps, then still checks for leftovers.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { RUN_VARIABLE, removeLeftovers } from './lib/leftovers.mjs';

const root = new URL('..', import.meta.url).pathname;
const reports = join(root, '.tmp/test-reports');
rmSync(reports, { recursive: true, force: true });
mkdirSync(reports, { recursive: true });
const bin = (name) => join(root, 'node_modules/.bin', name);
const only = process.argv.slice(2);
const want = (name) => only.length === 0 || only.includes(name);

let passed = 0;
let failed = 0;
let skipped = 0;
const failures = [];
/** Every step run: its name, how long it took (ms) and whether it passed, for the table at the end. */
const timings = [];
const started = performance.now();
const runId = randomBytes(4).toString('hex');
process.env[RUN_VARIABLE] = runId;
/** The steps' processes now running (to pass a signal on). */
const running = new Set();
let interrupted = null;

/**
 * Runs one step. `buffered`: its output is kept and printed in one piece when it ends (for steps that run at once);
 * else it goes to the terminal as it comes.
 */
function step(name, cmd, args, opts = {}) {
  const { buffered = false, ...spawnOpts } = opts;
  if (interrupted) return Promise.resolve(false);
  if (!buffered) console.log(`\n▶ ${name}`);
  const t0 = performance.now();
  return new Promise((resolve) => {
    const child = spawn(cmd, args, {
      cwd: root,
      stdio: buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      ...spawnOpts,
      env: { ...process.env, ...spawnOpts.env, ...(buffered ? { FORCE_COLOR: '1' } : {}) },
    });
    running.add(child);
    const output = [];
    child.stdout?.on('data', (d) => output.push(d));
    child.stderr?.on('data', (d) => output.push(d));
    const done = (ok) => {
      running.delete(child);
      const ms = performance.now() - t0;
      timings.push({ name, ms, ok });
      if (!ok) failures.push(name);
      if (buffered) {
        console.log(`\n▶ ${name} (${duration(ms)}, ${ok ? 'geslaagd' : 'mislukt'})`);
        const text = Buffer.concat(output).toString().trimEnd();
        if (text) console.log(text);
      }
      resolve(ok);
    };
    child.on('error', (error) => {
      output.push(Buffer.from(String(error)));
      done(false);
    });
    child.on('close', (code) => done(code === 0 && !interrupted));
  });
}

for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    if (interrupted) return;
    interrupted = signal;
    console.log(`\n${signal}: de lopende stappen worden gestopt…`);
    // Ctrl+C reaches the steps from the terminal as well; SIGTERM and SIGHUP are passed on.
    if (signal !== 'SIGINT') for (const child of running) child.kill(signal);
  });
}

/** 83.4 s, 12:05.3 (m:ss.s) */
function duration(ms) {
  // Rounded to tenths first: 839.97 s is 14:00.0, not 13:60.0.
  const tenths = Math.round(ms / 100);
  if (tenths < 600) return `${(tenths / 10).toFixed(1)} s`;
  const m = Math.floor(tenths / 600);
  return `${m}:${((tenths - m * 600) / 10).toFixed(1).padStart(4, '0')}`;
}

function printTimings() {
  const rows = timings.map((t) => [t.name, duration(t.ms), t.ok ? 'geslaagd' : 'mislukt']);
  rows.push(['Totaal', duration(performance.now() - started), failures.length || failed ? 'mislukt' : 'geslaagd']);
  const head = ['Stap', 'Duur', 'Resultaat'];
  const width = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (r) => `${r[0].padEnd(width[0])}  ${r[1].padStart(width[1])}  ${r[2]}`;
  const rule = '-'.repeat(width[0] + width[1] + width[2] + 4);
  console.log(`\n${line(head)}\n${rule}`);
  for (const r of rows.slice(0, -1)) console.log(line(r));
  console.log(`${rule}\n${line(rows.at(-1))}`);
  const [one, five, fifteen] = loadavg().map((l) => l.toFixed(2));
  console.log(`Belasting van de machine (load average 1/5/15 min): ${one} / ${five} / ${fifteen}`);
}

function countVitest(file) {
  if (!existsSync(file)) return;
  const j = JSON.parse(readFileSync(file, 'utf8'));
  passed += j.numPassedTests ?? 0;
  failed += j.numFailedTests ?? 0;
  skipped += (j.numPendingTests ?? 0) + (j.numTodoTests ?? 0);
}

function countPlaywright(file) {
  if (!existsSync(file)) return;
  const j = JSON.parse(readFileSync(file, 'utf8'));
  passed += j.stats?.expected ?? 0;
  failed += (j.stats?.unexpected ?? 0) + (j.stats?.flaky ?? 0);
  skipped += j.stats?.skipped ?? 0;
}

async function main() {
  // The static checks need nothing of each other: at once, each step's output printed when it ends. The steps after
  // them run one after another: on two cores, running the server tests beside the static checks or the browser runs
  // beside each other made every one of them slower than the sum (tried: 8:41 for the server tests beside the static
  // checks, against about 3 minutes alone).
  const statics = [];
  if (want('typecheck')) statics.push(['Typecontrole (server en client)', 'npm', ['run', 'typecheck']]);
  if (want('lint')) {
    statics.push([
      'Lint (oxlint, ook de regels met types)',
      bin('oxlint'),
      ['--type-aware', '--deny-warnings', '--report-unused-disable-directives'],
    ]);
    statics.push(['Opmaak (oxfmt)', bin('oxfmt'), ['--check', '.']]);
  }
  if (want('codegen'))
    statics.push([
      'Gegenereerde clienttypes zijn actueel',
      bin('graphql-codegen'),
      ['--config', 'codegen.ts', '--check'],
    ]);
  if (statics.length) {
    console.log(`\n▶ Tegelijk: ${statics.map(([name]) => name).join(', ')}`);
    const results = await Promise.all(statics.map(([name, cmd, args]) => step(name, cmd, args, { buffered: true })));
    for (const ok of results) {
      if (ok) passed++;
      else failed++;
    }
  }

  // The production build first: the checks of the built app (the e2e server's clean-up, two copies side by side) then
  // run beside the server and client tests, whose runs leave a part of the two cores free; the browser tests, which
  // take both cores, come last.
  let built = false;
  if (want('e2e')) {
    built = await step('Productiebuild', 'npm', ['run', 'build']);
    if (!built) failed++;
  }

  const besides = [];
  if (want('e2e') && built) {
    besides.push(
      step(
        'Browsertestserver ruimt op na Ctrl+C; twee kopieën naast elkaar',
        process.execPath,
        ['--test', 'scripts/e2e-server-cleanup.test.mjs', 'scripts/two-copies.test.mjs'],
        { buffered: true },
      ).then((ok) => (ok ? passed++ : failed++)),
    );
  }
  if (want('client')) {
    const out = join(reports, 'client.json');
    besides.push(
      step('Clienttests', bin('vitest'), ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${out}`], {
        cwd: join(root, 'client'),
        buffered: true,
      }).then(() => countVitest(out)),
    );
  }
  if (besides.length) console.log('\n▶ Tegelijk met de servertests: clienttests, opruimen na Ctrl+C, twee kopieën');
  if (want('server')) {
    const out = join(reports, 'server.json');
    await step(
      'Servertests',
      bin('vitest'),
      ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${out}`],
      {
        cwd: join(root, 'server'),
        // The tests that start the server as a process of its own start the build just made (server/src/test/program.ts).
        env: built ? { GW_TEST_BUILT: '1' } : {},
      },
    );
    countVitest(out);
  }
  await Promise.all(besides);

  if (want('e2e') && built) {
    // One browser run with every project (E2E_ALL=1, client/playwright.config.ts): the main tests; the resident's
    // log-in through the local SAML identity provider (digid-saml) and through the production OIDC adapter
    // (digid-oidc), and the resident journey with the server's and the page's clocks on New Year's Day 2027 and New
    // Year's Eve 2030 (no calendar time bomb), each against an app of its own.
    const out = join(reports, 'e2e.json');
    await step('Browsertests (ook DigiD-koppelingen en de klok in 2027 en 2030)', bin('playwright'), ['test'], {
      cwd: join(root, 'client'),
      env: { PLAYWRIGHT_JSON_OUTPUT_NAME: out, PLAYWRIGHT_REPORTERS: 'list,json', E2E_DIGID_SAML: '1', E2E_ALL: '1' },
    });
    countPlaywright(out);
  }

  // Nothing left behind: a moment for processes that are ending, then what remains is named, stopped and removed.
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const t0 = performance.now();
  const left = await removeLeftovers(runId);
  const clean = left.processes.length === 0 && left.folders.length === 0;
  timings.push({ name: 'Niets achtergelaten (processen, mappen)', ms: performance.now() - t0, ok: clean });
  if (clean) passed++;
  else {
    failed++;
    failures.push('Niets achtergelaten');
    console.error(`\n✗ Deze testrun liet achter (nu gestopt en verwijderd):`);
    for (const p of left.processes) console.error(`  proces ${p.pid}: ${p.command.slice(0, 200)}`);
    for (const f of left.folders) console.error(`  map ${f}`);
  }

  printTimings();
  if (interrupted) console.log(`\nOnderbroken (${interrupted}).`);
  console.log(`\n${failures.length ? `Mislukt: ${failures.join(', ')}` : 'Alle stappen geslaagd.'}`);
  console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
  process.exit(interrupted ? 130 : failures.length || failed ? 1 : 0);
}

await main();
