import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

// Two entries: the application (index.html) and the GraphQL sandbox (sandbox.html).
// The sandbox pulls in GraphiQL and Monaco; keeping it a separate entry keeps them
// out of the application's bundle. The server serves dist/sandbox.html at /sandbox.
export default defineConfig({
  root: here('.'),
  plugins: [react()],
  resolve: {
    // The server's validation rules, shared (not copied): server/src/rules is isomorphic TypeScript.
    alias: { '@rules': here('../server/src/rules') },
  },
  build: {
    outDir: here('dist'),
    emptyOutDir: true,
    sourcemap: true,
    // No asset becomes a data: URL: fonts and images stay files, so the Content-Security-Policy's font-src can stay
    // 'self' (server/src/http/security-headers.ts). Vite emits no inline script (its module-preload polyfill lives
    // in the entry chunk); the browser tests check the built pages.
    assetsInlineLimit: 0,
    // Only the sandbox's Monaco/GraphiQL chunks exceed this; the application's are far smaller.
    chunkSizeWarningLimit: 3000,
    rolldownOptions: {
      input: {
        main: here('index.html'),
        sandbox: here('sandbox.html'),
      },
      onLog(level, log, handler) {
        // GraphiQL ships React-compiler "use no memo" directives; harmless when bundled.
        if (log.code === 'MODULE_LEVEL_DIRECTIVE') return;
        handler(level, log);
      },
    },
  },
  worker: {
    format: 'es',
  },
  optimizeDeps: {
    // Pre-bundle for the application only. GraphiQL's Vite worker set-up imports Monaco workers with `?worker`,
    // which the dependency optimizer cannot load; Vite's normal pipeline can.
    entries: ['index.html'],
    exclude: ['graphiql', '@graphiql/react', 'monaco-editor', 'monaco-graphql'],
  },
  server: {
    // In development the API runs on its own port; forward the server-side URL space to it.
    proxy: Object.fromEntries(
      [
        '/graphql',
        '/auth',
        '/api',
        '/monitoring',
        '/uploads',
        '/healthz',
        '/readyz',
        '/sitemap.xml',
        '/payments',
        '/betalen',
      ].map((path) => [path, { target: process.env.API_ORIGIN ?? 'http://localhost:3000', changeOrigin: false }]),
    ),
  },
});
