import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Writable } from 'node:stream';
import { loadConfig } from '../config/config.js';
import { createLogger } from '../logging/logger.js';
import { boot, type RunningServer } from '../app/boot.js';
import { createTestDatabase, type TestDatabase } from '../test/database.js';

/**
 * Client mistakes (bad input, a refused document, not logged in, a bad body) are logged as what they are — a line at
 * info or warn, without a stack — and only real faults as errors with a stack, so an error in the log means a bug.
 */

interface LogLine {
  level: number;
  msg: string;
  err?: { stack?: string };
  [key: string]: unknown;
}

const ERROR = 50;

describe('logging of client mistakes and server faults', () => {
  const lines: LogLine[] = [];
  let database: TestDatabase;
  let server: RunningServer;

  beforeAll(async () => {
    const sink = new Writable({
      write(chunk, _enc, done) {
        for (const line of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(line) as LogLine);
        done();
      },
    });
    database = await createTestDatabase();
    await database.orm.close(true);
    const config = loadConfig({
      NODE_ENV: 'test',
      DATABASE_URL: database.url,
      SEED_DEMO_DATA: 'false',
      LOG_LEVEL: 'debug',
      HOST: '127.0.0.1',
    });
    server = await boot({ config, logger: createLogger('debug', {}, sink), port: 0 });
  });

  afterAll(async () => {
    await server?.stop();
    await database?.drop();
  });

  /** The log lines written while `request` ran (minus the debug request line every request gets). */
  async function logged(request: () => Promise<Response>): Promise<{ status: number; lines: LogLine[] }> {
    const start = lines.length;
    const res = await request();
    await res.arrayBuffer();
    await new Promise((resolve) => setTimeout(resolve, 20));
    return { status: res.status, lines: lines.slice(start).filter((l) => l.msg !== 'request') };
  }

  const gql =
    (body: unknown, raw = false) =>
    () =>
      fetch(`${server.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: raw ? (body as string) : JSON.stringify(body),
      });

  it('logs client mistakes at info or warn, without a stack', async () => {
    const mistakes: [string, () => Promise<Response>, number][] = [
      [
        'NUL in an argument',
        gql({ query: 'query($s:String){ products(filter:{search:$s}){ totalCount } }', variables: { s: 'a\u0000' } }),
        400,
      ],
      ['malformed cursor', gql({ query: '{ products(after: "bogus!") { totalCount } }' }), 400],
      [
        'wrong variable type',
        gql({ query: 'query($n:Int){ products(first:$n){ totalCount } }', variables: { n: 'veel' } }),
        400,
      ],
      ['parse failure', gql({ query: '{ products { ' }), 400],
      ['validation failure', gql({ query: '{ nope }' }), 400],
      ['not logged in', gql({ query: '{ myProducts { totalCount } }' }), 200],
      ['not logged in (mutation)', gql({ query: 'mutation { logout }' }), 200],
      ['bad JSON body', gql('{"query": ', true), 400],
      ['body too large', gql(JSON.stringify({ query: `{ viewer { kind } } #${'x'.repeat(1_200_000)}` }), true), 413],
      ['hostile query string', () => fetch(`${server.url}/api/dev/outbox?to=%00`), 400],
      ['malformed path', () => fetch(`${server.url}/uploads/%E0%A4%A/x.webp`), 400],
    ];
    for (const [label, request, status] of mistakes) {
      const result = await logged(request);
      expect(result.status, label).toBe(status);
      for (const line of result.lines) {
        expect(line.level, `${label}: ${JSON.stringify(line)}`).toBeLessThan(ERROR);
        expect(JSON.stringify(line), label).not.toMatch(/"stack"|\n\s+at /);
      }
    }
    // Refused GraphQL requests leave a trace at info (with the code, never the input).
    const refused = lines.filter((l) => l.msg === 'graphql request refused');
    expect(refused.map((l) => l.code)).toEqual(
      expect.arrayContaining([
        'BAD_USER_INPUT',
        'GRAPHQL_PARSE_FAILED',
        'GRAPHQL_VALIDATION_FAILED',
        'UNAUTHENTICATED',
      ]),
    );
    expect(JSON.stringify(refused)).not.toContain('veel');
    const http = lines.filter((l) => l.msg === 'http request refused');
    expect(http.map((l) => l.status)).toEqual(expect.arrayContaining([400, 413]));
  });

  it('logs a real fault as an error with its stack', async () => {
    const em = server.orm.em.fork();
    await em.execute('alter table category rename to category_weg');
    try {
      const result = await logged(gql({ query: '{ categories { id } }' }));
      expect(result.status).toBe(200);
      const errors = result.lines.filter((l) => l.level >= ERROR);
      expect(errors).toHaveLength(1);
      expect(errors[0]!.msg).toBe('graphql error');
      expect(errors[0]!.err?.stack).toMatch(/category/);
    } finally {
      await em.execute('alter table category_weg rename to category');
    }
  });
});
