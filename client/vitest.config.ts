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
  },
});
