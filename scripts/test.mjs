// `npm test`: every test, in the order that fails fastest.
//   0. type-check server and client (tsc --noEmit, tests included); lint (ESLint) and formatting (Prettier --check)
//   1. generated client types are current (graphql-codegen --check); the emitted schema is checked by a server test
//   2. server tests (Vitest; real PostgreSQL, real HTTP)
//   3. client unit tests (Vitest)
//   4. production build, then browser tests (Playwright + Debian Chromium + axe) against the running app, and the
//      resident journey with the clock set to 2027 and 2030 (playwright.dates.config.ts), and the resident's DigiD
//      log-in through the production adapters and local identity providers (playwright.digid.config.ts)
// Ends with a table of the steps (duration, result), the total time, and one summary line "N passed, N failed".
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';

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

function step(name, cmd, args, opts = {}) {
  console.log(`\n▶ ${name}`);
  const t0 = performance.now();
  const r = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', ...opts, env: { ...process.env, ...opts.env } });
  timings.push({ name, ms: performance.now() - t0, ok: r.status === 0 });
  if (r.status !== 0) failures.push(name);
  return r.status === 0;
}

/** 83.4 s, 12:05.3 (m:ss.s) */
function duration(ms) {
  const s = ms / 1000;
  if (s < 60) return `${s.toFixed(1)} s`;
  const m = Math.floor(s / 60);
  return `${m}:${(s - m * 60).toFixed(1).padStart(4, '0')}`;
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

if (want('typecheck')) {
  if (step('Typecontrole (server en client)', 'npm', ['run', 'typecheck'])) passed++;
  else failed++;
}

if (want('lint')) {
  if (step('Lint (ESLint)', bin('eslint'), ['.'])) passed++;
  else failed++;
  if (step('Opmaak (Prettier)', bin('prettier'), ['--check', '--log-level=warn', '.'])) passed++;
  else failed++;
}

if (want('codegen')) {
  if (step('Gegenereerde clienttypes zijn actueel', bin('graphql-codegen'), ['--config', 'codegen.ts', '--check']))
    passed++;
  else failed++;
}

if (want('server')) {
  const out = join(reports, 'server.json');
  step('Servertests', bin('vitest'), ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${out}`], {
    cwd: join(root, 'server'),
  });
  countVitest(out);
}

if (want('client')) {
  const out = join(reports, 'client.json');
  step('Clienttests', bin('vitest'), ['run', '--reporter=default', '--reporter=json', `--outputFile.json=${out}`], {
    cwd: join(root, 'client'),
  });
  countVitest(out);
}

if (want('e2e')) {
  if (step('Productiebuild', 'npm', ['run', 'build'])) {
    const out = join(reports, 'e2e.json');
    // With E2E_DIGID_SAML=1 the run includes the `digid-saml` project (the resident's log-in through the local SAML
    // identity provider, against an app of its own with DIGID_MODE=saml).
    step('Browsertests', bin('playwright'), ['test'], {
      cwd: join(root, 'client'),
      env: { PLAYWRIGHT_JSON_OUTPUT_NAME: out, PLAYWRIGHT_REPORTERS: 'list,json', E2E_DIGID_SAML: '1' },
    });
    countPlaywright(out);
    // The resident journey again, with the server's and the page's clocks set to New Year's Day 2027 and New Year's
    // Eve 2030 (playwright.dates.config.ts): no calendar time bomb.
    const dates = join(reports, 'e2e-dates.json');
    step(
      'Browsertests op andere dagen (klok in 2027 en 2030)',
      bin('playwright'),
      ['test', '-c', 'playwright.dates.config.ts'],
      {
        cwd: join(root, 'client'),
        env: { PLAYWRIGHT_JSON_OUTPUT_NAME: dates, PLAYWRIGHT_REPORTERS: 'list,json' },
      },
    );
    countPlaywright(dates);
    // The resident's log-in through the production DigiD adapters, each against its own local identity provider and
    // its own app (playwright.digid.config.ts).
    const digid = join(reports, 'e2e-digid.json');
    step('Browsertests met DigiD-koppelingen (OIDC)', bin('playwright'), ['test', '-c', 'playwright.digid.config.ts'], {
      cwd: join(root, 'client'),
      env: { PLAYWRIGHT_JSON_OUTPUT_NAME: digid, PLAYWRIGHT_REPORTERS: 'list,json' },
    });
    countPlaywright(digid);
  } else {
    failed++;
  }
}

printTimings();
console.log(`\n${failures.length ? `Mislukt: ${failures.join(', ')}` : 'Alle stappen geslaagd.'}`);
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failures.length || failed ? 1 : 0);
