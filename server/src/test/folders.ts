import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * A temporary folder for a test file, removed when the file's tests are done (src/test/setup.ts). Its name carries
 * `npm test`'s run id (GW_TEST_RUN) as every folder of a run does, so one left behind after a crash is still found
 * and removed by the run's final check (scripts/lib/leftovers.mjs).
 */
const made = new Set<string>();

export function testFolder(kind: string): string {
  const run = process.env.GW_TEST_RUN;
  const dir = mkdtempSync(join(tmpdir(), run ? `gw-${kind}-${run}-` : `gw-${kind}-`));
  made.add(dir);
  return dir;
}

/** Removes the folders the file made (called after each test file). */
export function removeTestFolders(): void {
  for (const dir of made) rmSync(dir, { recursive: true, force: true });
  made.clear();
}
