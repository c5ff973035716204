import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';

/**
 * The ports of a start without configured ports. Two copies of the application on one machine (two clones, two data
 * folders) must both start: a port that is not configured is chosen free, and a configured one that is taken stops
 * the start with a Dutch message that names the setting.
 *
 * The data folder remembers what the running application uses (`DATA_DIR/ports.json`): the built-in PostgreSQL's
 * port (the next start of the same folder takes it again when it is free), and the address the app serves on (for
 * `npm run operator`, which works beside the running app).
 *
 * The app's port, when PORT is empty, is 3000 or the next free one (with a line saying so and the real address
 * printed), rather than a stop with a message: what a newcomer knows from Vite and similar tools, and the second
 * copy they start on purpose then simply runs. A configured PORT is a choice, so it is kept or refused, never changed.
 */

export const APP_PORT_DEFAULT = 3000;
export const EMBEDDED_PG_PORT_DEFAULT = 54321;
/** How many ports above the default are tried before the system is asked for any free one. */
const SPAN = 100;

/** A port in use whose number was configured: the message says which setting to change. */
export class PortInUseError extends Error {
  constructor(port: number, setting: string, what: string) {
    super(
      `Poort ${port} (${what}) is al in gebruik door een ander programma. Stop dat programma, of zet ${setting} in .env ` +
        `op een vrije poort (bijvoorbeeld ${setting}=${port + 1}), of laat ${setting} leeg: dan kiest de server zelf een vrije poort.`,
    );
    this.name = 'PortInUseError';
  }
}

/** Whether a server could listen on `port` at `host` now (0.0.0.0 also collides with one on 127.0.0.1). */
export function isPortFree(port: number, host: string): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen({ port, host, exclusive: true }, () => probe.close(() => resolve(true)));
  });
}

/** Any free port the system hands out. */
function anyFreePort(host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen({ port: 0, host, exclusive: true }, () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/**
 * The first free port of `preferred` (in that order), then of `from`, `from + 1`, … (100 of them), else any free
 * one. `skip`: ports not to hand out (just chosen for something else).
 */
export async function firstFreePort(
  host: string,
  from: number,
  preferred: number[] = [],
  skip: number[] = [],
): Promise<number> {
  const candidates = [...preferred, ...Array.from({ length: SPAN }, (_, i) => from + i)];
  for (const port of candidates) {
    if (port > 0 && port <= 65535 && !skip.includes(port) && (await isPortFree(port, host))) return port;
  }
  return anyFreePort(host);
}

/** What `DATA_DIR/ports.json` remembers. */
export interface RememberedPorts {
  /** The built-in PostgreSQL's port at the last start of this data folder. */
  postgres?: number;
  /** The address the app served on at its last start, and the process that served it (the primary). */
  app?: { url: string; port: number; pid: number };
}

const fileOf = (dataDir: string) => join(dataDir, 'ports.json');

export function readRememberedPorts(dataDir: string): RememberedPorts {
  try {
    const value = JSON.parse(readFileSync(fileOf(dataDir), 'utf8')) as RememberedPorts;
    return value && typeof value === 'object' ? value : {};
  } catch {
    return {};
  }
}

/** Adds `change` to what the data folder remembers (written aside, then renamed: never half a file). */
export function rememberPorts(dataDir: string, change: RememberedPorts): void {
  mkdirSync(dataDir, { recursive: true });
  const next = { ...readRememberedPorts(dataDir), ...change };
  const aside = `${fileOf(dataDir)}.${process.pid}`;
  writeFileSync(aside, `${JSON.stringify(next, null, 2)}\n`);
  renameSync(aside, fileOf(dataDir));
}

/** Whether process `pid` still runs. */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The address of the app that runs on this data folder now (its primary still runs), if any. */
export function runningAppUrl(dataDir: string): string | null {
  const { app } = readRememberedPorts(dataDir);
  return app && Number.isInteger(app.pid) && isRunning(app.pid) ? app.url : null;
}

/**
 * The app's port from the raw environment (before the configuration is read, so that APP_URL's default and
 * everything derived from it use the real port): PORT when it is set (refused with PortInUseError when taken), else
 * 3000 or the next free port after it. Undefined when PORT is not a port number (the configuration says so).
 */
export async function chooseAppPort(env: NodeJS.ProcessEnv): Promise<number | undefined> {
  const host = env.HOST?.trim() || '0.0.0.0';
  const raw = env.PORT?.trim();
  if (raw) {
    const port = Number(raw);
    if (!Number.isInteger(port) || port < 0 || port > 65535) return undefined;
    if (port !== 0 && !(await isPortFree(port, host))) throw new PortInUseError(port, 'PORT', 'de app');
    return port;
  }
  return firstFreePort(host, APP_PORT_DEFAULT);
}
