// `npm run test:durations -w server [report.json]`: records how long each server test file took in a full run, from
// Vitest's JSON report (default: the one `npm test` writes, .tmp/test-reports/server.json), into
// src/test/durations.json, which the test sequencer (src/test/sequencer.ts) reads to start the longest files first on a
// machine without Vitest's cache (a fresh clone, CI). Seconds, one decimal; files sorted by name.
import { readFileSync, writeFileSync } from 'node:fs';
import { relative } from 'node:path';

const serverRoot = new URL('..', import.meta.url).pathname;
const report = process.argv[2] ?? new URL('../../.tmp/test-reports/server.json', import.meta.url).pathname;
const { testResults } = JSON.parse(readFileSync(report, 'utf8'));
const durations = Object.fromEntries(
  testResults
    .map((file) => [relative(serverRoot, file.name), Math.round((file.endTime - file.startTime) / 100) / 10])
    .sort(([a], [b]) => a.localeCompare(b)),
);
const target = new URL('../src/test/durations.json', import.meta.url);
writeFileSync(target, `${JSON.stringify(durations, null, 2)}\n`);
console.log(`${Object.keys(durations).length} files recorded in ${relative(process.cwd(), target.pathname)}`);
