import { defineConfig } from 'vitest/config';
import { createRequire } from 'node:module';
import LongestFirst from './src/test/sequencer.ts';

const require = createRequire(import.meta.url);

export default defineConfig({
  oxc: { decorator: { legacy: true, emitDecoratorMetadata: true } } as never,
  resolve: {
    // One copy of graphql for the whole test run, or schema tests fail with "another module or realm".
    alias: { graphql: require.resolve('graphql/index.js') },
  },
  test: {
    include: ['src/**/*.test.ts'],
    // The failover test (a standby promoted under load, 40–80 s) runs on its own: `npm run test:failover`.
    exclude: process.env.GW_FAILOVER_TEST === '1' ? [] : ['src/database/failover.test.ts'],
    globalSetup: ['./src/test/global-setup.ts'],
    setupFiles: ['./src/test/setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Two workers on two cores. Three were tried (29 November): alone the suite took 243 s against 284 s, but in
    // `npm test`, with the client tests beside it, 4:47 against 4:48 and the client tests 20 s slower: no gain.
    maxWorkers: 2,
    // A worker's test files share its modules: the app's modules (MikroORM, the schema, every service) are loaded once
    // per worker, not once per file: about half the CPU time of the run (docs "Tests"). What a file leaves behind
    // in a module is reset in src/test/setup.ts; state is per server (boot), never per module, so files do not meet.
    isolate: false,
    // Longest files first, also on a fresh clone without Vitest's cache (src/test/sequencer.ts).
    sequence: { sequencer: LongestFirst },
  },
});
