import { describe, expect, it } from 'vitest';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * No calendar time bomb (docs, "Dates and the clock"): code asks the clock for "now" and "today" — `ctx.clock`, or
 * `applicationNow()` where there is no context (entity defaults, sessions) — so the demo and the tests run on any
 * date (CLOCK_START). This guard fails when code outside the allow-list below reads the machine's time itself:
 * `new Date()`, `Date.now()`, or SQL's now(), current_date, current_timestamp, localtimestamp, clock_timestamp()….
 * Tests, test helpers and the migrations up to LAST_UNCHECKED_MIGRATION are not checked. `performance.now()` for
 * durations is fine.
 */
const ALLOWED: Record<string, string> = {
  'kernel/clock.ts': 'the clock itself: the system clock and the offsets of a set clock',
  'jobs/job-queue.queries.ts':
    'the job queue runs on the database’s real time (a demo “in 2030” must not park a job for years), and so does its own housekeeping (failed jobs older than 30 days)',
  'jobs/worker.ts': 'how long a job took, for the log',
  'modules/limits/limits.ts': 'log-in and request limits count real seconds, whatever the clock says',
  'modules/settings/settings.service.ts': 'the age of this instance’s settings cache, in real time',
  'integrations/digid/test-idp/saml-certificates.ts':
    'the local identity provider’s TLS certificates are checked by TLS against the machine’s time',
  'integrations/payments/payment-simulator.ts': 'the simulated payment provider keeps its own time, as a real one does',
  'modules/housekeeping/upload-sweep.service.ts':
    'an upload file’s age is its modification time on the file system, which keeps the real time',
  'database/create-migration.ts': 'a developer tool: the new migration’s file name',
  'cli/migrate.ts': 'how long `migrate --wait` waits for the schema, in real seconds',
  'modules/webhooks/webhook.delivery.ts':
    'the `webhook-timestamp` header is checked by the partner’s receiver against its own (real) clock (Standard Webhooks)',
};

const READS_THE_TIME: [string, RegExp][] = [
  ['new Date()', /\bnew Date\(\s*\)/g],
  ['Date.now()', /\bDate\.now\(\)/g],
  ['SQL now()', /(?<![.\w])now\(\)/gi],
  ['SQL current_date/current_time(stamp)', /\bcurrent_(date|time|timestamp)\b/gi],
  ['SQL localtime(stamp)', /\blocaltime(stamp)?\b/gi],
  ['SQL clock_/statement_/transaction_timestamp()', /\b(clock|statement|transaction)_timestamp\(/gi],
];

/** What reads the machine's time in this source, comments left out. */
function timeReads(source: string): string[] {
  const code = source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|\s)\/\/.*$/gm, '$1');
  return READS_THE_TIME.flatMap(([name, pattern]) => [...code.matchAll(pattern)].map(() => name));
}

const root = fileURLToPath(new URL('.', import.meta.url));

/**
 * Migrations up to this one gave columns the database's time as their default and stamped a few rows with now(); the
 * writers set those columns themselves now (stored-time.test.ts). Later migrations are checked like any source: a new
 * column gets its time from the application, never from a default or a trigger.
 */
const LAST_UNCHECKED_MIGRATION = 'Migration20261128011000_search_words.ts';

function sources(dir = root): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return dir === root && name === 'test' ? [] : sources(path);
    if (dir.endsWith('/migrations') && (!name.startsWith('Migration') || name <= LAST_UNCHECKED_MIGRATION)) return [];
    return path.endsWith('.ts') && !path.endsWith('.test.ts') ? [path] : [];
  });
}

describe('the clock is the only source of "now"', () => {
  it('finds the ways of reading the time (and not the clock’s own now(), nor comments)', () => {
    expect(timeReads(`const a = new Date(); const b = Date.now(); const c = new Date(row.created_at);`)).toEqual([
      'new Date()',
      'Date.now()',
    ]);
    expect(
      timeReads("`select 1 where valid_until >= current_date and x < now() - interval '1 day' and y = localtimestamp`"),
    ).toEqual(['SQL now()', 'SQL current_date/current_time(stamp)', 'SQL localtime(stamp)']);
    expect(
      timeReads(`ctx.clock.now(); applicationNow(); performance.now(); // now() in a comment\n/* current_date */`),
    ).toEqual([]);
    expect(timeReads('`insert into message (created_at) values (clock_timestamp())`')).toEqual([
      'SQL clock_/statement_/transaction_timestamp()',
    ]);
  });

  it('nothing outside the allow-list reads the machine’s time', () => {
    const found = sources()
      .map((path) => ({ path: relative(root, path), reads: timeReads(readFileSync(path, 'utf8')) }))
      .filter((f) => f.reads.length > 0);
    const offending = found
      .filter((f) => !(f.path in ALLOWED))
      .map((f) => `${f.path}: ${[...new Set(f.reads)].join(', ')}`);
    expect(offending, 'use ctx.clock.now() / today(ctx.clock), or applicationNow() where there is no context').toEqual(
      [],
    );
    // The allow-list only names files that still need it.
    expect(Object.keys(ALLOWED).filter((path) => !found.some((f) => f.path === path))).toEqual([]);
  });
});
