import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const SERVER_DIR = fileURLToPath(new URL('../..', import.meta.url));

/**
 * The node arguments that run one of the server's programs (`main`, `cli/operator`) in a child process, from the
 * server folder. From the production build when `npm test` has just made it (GW_TEST_BUILT=1, set by scripts/test.mjs
 * after its build step; that build is then what is tested, as production runs it), else from the TypeScript sources
 * through the loader of the server's own scripts, so a test file run on its own needs no build. A start from the
 * build costs about half the CPU: nothing is compiled on the fly.
 */
export function programArgs(program: 'main' | 'cli/operator'): string[] {
  const built = `dist/${program}.js`;
  if (process.env.GW_TEST_BUILT === '1' && existsSync(`${SERVER_DIR}/${built}`)) {
    return ['--enable-source-maps', built];
  }
  return ['--import', './scripts/register-ts.mjs', `src/${program}.ts`];
}
