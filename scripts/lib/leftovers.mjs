// What a test run left behind. `npm test` marks every process it starts with GW_TEST_RUN=<id> in the environment
// (children inherit it, the built-in PostgreSQL too) and the temporary folders of its test databases with the id in
// their name, so one run finds its own leftovers and never another engineer's on the same machine.
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** The marker's variable: `GW_TEST_RUN`. */
export const RUN_VARIABLE = 'GW_TEST_RUN';

/** The running processes (other than this one) whose environment carries GW_TEST_RUN=`runId`: pid and command line. */
export function processesOfRun(runId) {
  const found = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry) || Number(entry) === process.pid) continue;
    try {
      const environ = readFileSync(`/proc/${entry}/environ`, 'utf8').split('\0');
      if (!environ.includes(`${RUN_VARIABLE}=${runId}`)) continue;
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      if (stat.slice(stat.lastIndexOf(')') + 2).startsWith('Z')) continue; // exited, waiting for its parent
      const command = readFileSync(`/proc/${entry}/cmdline`, 'utf8').replaceAll('\0', ' ').trim();
      found.push({ pid: Number(entry), command });
    } catch {
      // gone meanwhile, or not ours to read
    }
  }
  return found;
}

/** The temporary folders named after `runId` (the browser-test servers' and the server tests' PostgreSQL data). */
export function foldersOfRun(runId) {
  return readdirSync(tmpdir())
    .filter((name) => name.startsWith('gw-') && name.includes(`-${runId}-`))
    .map((name) => join(tmpdir(), name));
}

/** The prefix for a temporary folder of this run: `gw-e2e-<run>-` (or `gw-e2e-` outside `npm test`). */
export function runFolderPrefix(kind) {
  const runId = process.env[RUN_VARIABLE];
  return join(tmpdir(), runId ? `gw-${kind}-${runId}-` : `gw-${kind}-`);
}

/** Stops what is left (SIGTERM, then SIGKILL after `graceMs`) and removes the folders; returns what there was. */
export async function removeLeftovers(runId, { graceMs = 5000 } = {}) {
  const processes = processesOfRun(runId);
  for (const p of processes) {
    try {
      process.kill(p.pid, 'SIGTERM');
    } catch {
      // gone
    }
  }
  const deadline = Date.now() + graceMs;
  while (processesOfRun(runId).length && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  for (const p of processesOfRun(runId)) {
    try {
      process.kill(p.pid, 'SIGKILL');
    } catch {
      // gone
    }
  }
  const folders = foldersOfRun(runId);
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  return { processes, folders };
}
