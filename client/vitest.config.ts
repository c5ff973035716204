import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
  resolve: {
    // As in vite.config.ts: client/src, and the server's validation rules (the very same modules).
    alias: {
      '@': fileURLToPath(new URL('src', import.meta.url)),
      '@rules': fileURLToPath(new URL('../server/src/rules', import.meta.url)),
    },
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    restoreMocks: true,
    setupFiles: ['src/test/setup.ts'],
    // Worker threads rather than Vitest's default child processes: a third of the time on this 2-core machine
    // (README "Tests").
    pool: 'vmThreads',
    // A screen's first test in a file also loads and compiles its route module in jsdom: 2–5 s while the server tests
    // run beside it (`npm test`), and over Vitest's 5 s default once, on 30 November, with a benchmark on the same two
    // cores (load 6). The limit catches a test that hangs, not a slow machine.
    testTimeout: 15_000,
  },
});
