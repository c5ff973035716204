import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { runningEmbeddedPostgres, startEmbeddedPostgres, type EmbeddedDatabase } from './embedded.js';

/**
 * The embedded PostgreSQL of `npm start`: a terminal's Ctrl+C must not reach it before the application has stopped
 * (it runs in its own process group), and one left running by an application that was killed (SIGKILL) must not keep
 * the next start from working.
 */

const serverDir = new URL('../..', import.meta.url).pathname;

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const port = (srv.address() as { port: number }).port;
      srv.close(() => resolve(port));
    });
  });
}

/** pid, parent pid and process group of a running process, from /proc. */
function stat(pid: number): { ppid: number; pgrp: number } {
  const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = text.slice(text.lastIndexOf(')') + 2).split(' ');
  return { ppid: Number(fields[1]), pgrp: Number(fields[2]) };
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function until(what: string, check: () => boolean, ms = 30_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe.skipIf(process.platform !== 'linux')('the embedded PostgreSQL', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'gw-embedded-'));
  let starter: ChildProcess | undefined;
  let database: EmbeddedDatabase | undefined;
  let postmaster: number | undefined;
  let databaseDir: string | undefined;

  afterAll(async () => {
    if (starter?.pid && alive(starter.pid)) process.kill(-starter.pid, 'SIGKILL');
    await database?.stop();
    // Whatever happened above, no PostgreSQL of this test runs on.
    if (postmaster && alive(postmaster)) process.kill(postmaster, 'SIGINT');
    if (postmaster) await until('the database to stop', () => !alive(postmaster!)).catch(() => undefined);
    rmSync(dataDir, { recursive: true, force: true });
    if (databaseDir) rmSync(databaseDir, { recursive: true, force: true });
  });

  it('runs in its own process group, and one left behind by a killed application is stopped at the next start', async () => {
    const port = await freePort();
    // An application (here: a script that only starts the database) in a process group of its own, as a terminal
    // would run `npm start`.
    starter = spawn(
      process.execPath,
      [
        '--import',
        './scripts/register-ts.mjs',
        '--input-type=module',
        '-e',
        `import { startEmbeddedPostgres } from './src/database/embedded.ts';
         const db = await startEmbeddedPostgres({ dataDir: ${JSON.stringify(dataDir)}, port: ${port} });
         console.log('ready ' + JSON.stringify(db.databaseDir));
         setInterval(() => {}, 1000);`,
      ],
      { cwd: serverDir, detached: true, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let output = '';
    starter.stdout!.on('data', (d: Buffer) => (output += String(d)));
    starter.stderr!.on('data', (d: Buffer) => (output += String(d)));
    await until('the database to start', () => /ready /.test(output) || starter!.exitCode !== null, 120_000);
    expect(output).toMatch(/ready /);
    databaseDir = JSON.parse(/ready (.*)/.exec(output)![1]!) as string;
    postmaster = Number(readFileSync(join(databaseDir, 'postmaster.pid'), 'utf8').split('\n')[0]);

    // Its own process group: Ctrl+C in the terminal (SIGINT to the application's group) does not reach it.
    expect(stat(postmaster).ppid).toBe(starter.pid);
    expect(stat(postmaster).pgrp).not.toBe(stat(starter.pid!).pgrp);

    // The application is killed without a chance to stop it: the database runs on, orphaned.
    process.kill(-starter.pid!, 'SIGKILL');
    await until('the application to be gone', () => !alive(starter!.pid!));
    await until('the database to be handed to init', () => stat(postmaster!).ppid !== starter!.pid);
    expect(alive(postmaster)).toBe(true);

    // The next start stops it and starts its own on the same folder, with the data kept.
    database = await startEmbeddedPostgres({ dataDir, port });
    expect(alive(postmaster)).toBe(false);
    // What `npm run operator` finds beside the running application: this database, through the data folder.
    expect(runningEmbeddedPostgres(dataDir)?.port).toBe(port);
    const client = new pg.Client({ connectionString: database.url('gemeentewinkel') });
    await client.connect();
    try {
      expect((await client.query('select 1 as one')).rows).toEqual([{ one: 1 }]);
    } finally {
      await client.end();
    }
  }, 180_000);
});
