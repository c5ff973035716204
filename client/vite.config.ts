import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Files worth compressing (text); images, fonts in woff2 and the like are compressed already. */
const COMPRESSIBLE = /\.(js|mjs|css|html|svg|json|map|txt|xml|webmanifest|ico|wasm)$/i;

/**
 * Pre-compression: after the build, every compressible file in dist gets a brotli (.br, quality 11) and a gzip (.gz,
 * level 9) sibling, written only when smaller than the original. Source maps (35 MB, fetched only by developer tools)
 * get quick settings: brotli 11 on them would add about 90 s to the build. The server (server/src/http/static.ts) sends the
 * best one the browser accepts, so no request pays for compression.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'gemeentewinkel:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    async writeBundle() {
      const files = (await readdir(outDir, { recursive: true, withFileTypes: true }))
        .filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name))
        .map((entry) => join(entry.parentPath, entry.name));
      await Promise.all(
        files.map(async (file) => {
          const source = await readFile(file);
          const map = file.endsWith('.map');
          const [br, gz] = await Promise.all([
            brotli(source, {
              params: {
                [zlib.BROTLI_PARAM_QUALITY]: map ? 5 : zlib.BROTLI_MAX_QUALITY,
                [zlib.BROTLI_PARAM_SIZE_HINT]: source.length,
                [zlib.BROTLI_PARAM_MODE]: zlib.BROTLI_MODE_TEXT,
              },
            }),
            gzipAsync(source, { level: map ? 6 : 9 }),
          ]);
          if (br.length < source.length) await writeFile(`${file}.br`, br);
          if (gz.length < source.length) await writeFile(`${file}.gz`, gz);
        }),
      );
    },
  };
}

// Two entries: the application (index.html) and the GraphQL sandbox (sandbox.html).
// The sandbox pulls in GraphiQL and Monaco; keeping it a separate entry keeps them
// out of the application's bundle. The server serves dist/sandbox.html at /sandbox.
export default defineConfig({
  root: here('.'),
  plugins: [react(), precompress()],
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
