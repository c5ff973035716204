// The built-in PostgreSQL that runs on a data folder (scripts/e2e-server.mjs's app's, scripts/e2e-database.mjs's), found
// through its postmaster.pid, and stopped when its owner could not (the app was killed).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

export function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** The PostgreSQL running on `dataDir`/postgres, if any (its postmaster.pid). */
export function postgresPid(dataDir) {
  const pidFile = join(dataDir, 'postgres', 'postmaster.pid');
  if (!existsSync(pidFile)) return null;
  const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  return Number.isInteger(pid) && pid > 0 && alive(pid) ? pid : null;
}

/** Fast shutdown of the PostgreSQL on `dataDir`, then SIGKILL after 10 s. */
export async function stopPostgres(dataDir) {
  const pid = postgresPid(dataDir);
  if (!pid) return;
  process.kill(pid, 'SIGINT');
  for (let waited = 0; waited < 10_000 && alive(pid); waited += 100) await sleep(100);
  if (alive(pid)) process.kill(pid, 'SIGKILL');
  for (let waited = 0; waited < 5_000 && alive(pid); waited += 100) await sleep(100);
}
