import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { ClientSideBaseVisitor } from '@graphql-codegen/visitor-plugin-common';
import { buildSchema, parse } from 'graphql';
import react from '@vitejs/plugin-react';
import MagicString from 'magic-string';
import { defaultClientConditions, defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

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

const SOURCE = here('src/');
const GENERATED = here('src/graphql/generated');

/**
 * GraphQL documents, each inside the module that uses it. The client preset's `graphql()` looks a document up in one
 * map of every operation of the application (generated/gql.ts), and even imported one by one (as the preset's Babel
 * plugin `babelOptimizerPlugin` does) the documents stay in one module, generated/graphql.ts, which the bundler puts in
 * one chunk shared by every screen: admin and provider queries included, 20 KB compressed on every public page.
 * At build time each `graphql(`…`)` call is therefore replaced by the very document codegen generated for it (the
 * object literal of its `export const …Document` in generated/graphql.ts, named by codegen's own visitor, as in that
 * plugin), so a chunk holds only the documents of its own screens. A call without a generated document fails the
 * build (codegen not run). Development and the unit tests keep the map.
 */
function graphqlDocuments(): Plugin {
  const naming = new ClientSideBaseVisitor(buildSchema('type Query { _: Int }'), [], {}, {});
  let documents = new Map<string, string>();
  const call = /\bgraphql\(\s*`((?:[^`$\\]|\$(?!\{))*)`\s*,?\s*\)/g;
  return {
    name: 'gemeentewinkel:graphql-documents',
    apply: 'build',
    enforce: 'pre',
    async buildStart() {
      const generated = await readFile(join(GENERATED, 'graphql.ts'), 'utf8');
      documents = new Map(
        [...generated.matchAll(/^export const (\w+) = (\{"kind":"Document".*\}) as unknown as DocumentNode</gm)].map(
          (match) => [match[1] ?? '', match[2] ?? ''] as const,
        ),
      );
    },
    transform(code, id) {
      const file = id.split('?')[0] ?? id;
      if (!/\.tsx?$/.test(file) || !file.startsWith(SOURCE) || file.startsWith(GENERATED)) return null;
      if (!code.includes('graphql(')) return null;
      const output = new MagicString(code);
      for (const match of code.matchAll(call)) {
        const [definition] = parse(match[1] ?? '').definitions;
        const name =
          definition?.kind === 'OperationDefinition'
            ? naming.getOperationVariableName(definition)
            : definition?.kind === 'FragmentDefinition'
              ? naming.getFragmentVariableName(definition)
              : undefined;
        const document = name ? documents.get(name) : undefined;
        if (!document)
          this.error(`${file}: no generated document ${name ?? ''} for a graphql() call; run npm run codegen`);
        output.overwrite(match.index, match.index + match[0].length, `(/* ${name} */ ${document})`);
      }
      const rest = output.toString();
      if (/\bgraphql\(\s*`/.test(rest)) this.error(`${file}: a graphql() call this plugin cannot replace`);
      if (!output.hasChanged()) return null;
      return { code: rest, map: output.generateMap({ hires: 'boundary', source: file }) };
    },
  };
}

/**
 * Apollo Client prints each document it sends with GraphQL.js's `print`, whose printer also covers the schema
 * language: src/graphql/print.ts prints executable documents only, for about 2 KB less compressed JavaScript on every
 * page. Only Apollo's import is redirected: GraphiQL in the sandbox keeps GraphQL.js's printer.
 */
function compactPrinter(): Plugin {
  return {
    name: 'gemeentewinkel:compact-printer',
    apply: 'build',
    enforce: 'pre',
    resolveId(source, importer) {
      if (
        source === 'graphql' &&
        importer &&
        /[\\/]@apollo[\\/]client[\\/]utilities[\\/]graphql[\\/]print\.js$/.test(importer)
      )
        return here('src/graphql/print.ts');
      return null;
    },
  };
}

const VENDOR =
  /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|cookie|set-cookie-parser|@apollo[\\/]client|rxjs|optimism|@wry[\\/][^\\/]+|tslib)[\\/]/;

const resolve = {
  alias: {
    // client/src, so no import climbs three or more folders (.oxlintrc.json refuses `../../../`).
    '@': here('src'),
    // The server's validation rules, shared (not copied): server/src/rules is isomorphic TypeScript.
    '@rules': here('../server/src/rules'),
  },
};

/**
 * `vite build --ssr src/entry-server.tsx` (the second half of `npm run build`): the public pages' renderer for the
 * server (server/src/http/server-render.ts) in dist-ssr, outside dist so it is never served. The libraries stay
 * outside the bundle (Node loads them from node_modules, one React for the renderer).
 */
const ssrConfig = defineConfig({
  root: here('.'),
  plugins: [graphqlDocuments(), react()],
  resolve,
  publicDir: false,
  build: {
    outDir: here('dist-ssr'),
    emptyOutDir: true,
    sourcemap: true,
    rolldownOptions: {
      onLog(level, log, handler) {
        if (log.code === 'MODULE_LEVEL_DIRECTIVE') return;
        handler(level, log);
      },
    },
  },
});

// Two entries: the application (index.html) and the GraphQL sandbox (sandbox.html).
// The sandbox pulls in GraphiQL and Monaco; keeping it a separate entry keeps them
// out of the application's bundle. The server serves dist/sandbox.html at /sandbox.
/**
 * The installable resident area (issue 30): a service worker made by Workbox (the web app manifest with the platform's
 * name and icons is the server's, GET /manifest.webmanifest). The worker precaches only the favicon; it keeps what the resident's pages loaded — the hashed files
 * under /assets (cache first: they never change) and the /account pages' HTML, which is the bare application shell
 * (network first, the cached copy only without a connection). Nothing else: the public pages stay the server's,
 * GraphQL answers are never cached by the worker (the last known card, orders and budget are kept by the page itself,
 * lib/offlineAccount.ts, and removed at log-out). The worker is registered by the account area only
 * (lib/serviceWorker.ts), so a visitor who never logs in never gets one.
 */
function installableApp() {
  return VitePWA({
    injectRegister: false,
    registerType: 'autoUpdate',
    filename: 'sw.js',
    // The manifest is the server's (GET /manifest.webmanifest, modules/settings/manifest.routes.ts): it carries the
    // platform's name and colour from the settings; index.html links it.
    manifest: false,
    workbox: {
      globPatterns: ['favicon.svg'],
      navigateFallback: null,
      skipWaiting: true,
      clientsClaim: true,
      cleanupOutdatedCaches: true,
      runtimeCaching: [
        {
          urlPattern: ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith('/assets/'),
          handler: 'CacheFirst',
          options: {
            cacheName: 'gw-assets',
            expiration: { maxEntries: 300, maxAgeSeconds: 60 * 24 * 3600 },
            cacheableResponse: { statuses: [200] },
          },
        },
        {
          urlPattern: ({ request, url, sameOrigin }) =>
            sameOrigin && request.mode === 'navigate' && url.pathname.startsWith('/account'),
          handler: 'NetworkFirst',
          options: {
            cacheName: 'gw-account-pages',
            networkTimeoutSeconds: 5,
            expiration: { maxEntries: 20 },
            cacheableResponse: { statuses: [200] },
          },
        },
      ],
    },
  });
}

const clientConfig = defineConfig({
  root: here('.'),
  plugins: [graphqlDocuments(), compactPrinter(), react(), installableApp(), precompress()],
  resolve: {
    ...resolve,
    // RxJS (under Apollo Client) in its ES2015 build: classes instead of ES5 helpers, and no tslib.
    conditions: ['es2015', ...defaultClientConditions],
  },
  build: {
    outDir: here('dist'),
    emptyOutDir: true,
    sourcemap: true,
    // No asset becomes a data: URL: fonts and images stay files, so the Content-Security-Policy's font-src can stay
    // 'self' (server/src/http/security-headers.ts). Vite emits no inline script; the browser tests check the built
    // pages.
    assetsInlineLimit: 0,
    // No module-preload polyfill: every browser that runs the application supports <link rel="modulepreload"> or
    // loads the modules through their imports all the same (a little later). It was ~0.4 KB on every page.
    modulePreload: { polyfill: false },
    // Only the sandbox's Monaco/GraphiQL chunks exceed this; the application's are far smaller.
    chunkSizeWarningLimit: 3000,
    rolldownOptions: {
      input: {
        main: here('index.html'),
        sandbox: here('sandbox.html'),
      },
      output: {
        codeSplitting: {
          groups: [
            // What every page of the application loads before it can run, in two long-cached chunks: the libraries
            // (React, the router, Apollo Client with what it needs) and our own modules the entry imports (the route
            // table, the public layout). Only modules the entry imports statically, so the code of one area (charts
            // and QR codes of the admin and provider screens, GraphiQL and Monaco of the sandbox) stays with it.
            // (Apollo's useLazyQuery is used by staff and provider screens only: it stays with them.)
            { name: 'vendor', test: (id) => VENDOR.test(id) && !/[\\/](useLazyQuery|useRenderGuard)\.js$/.test(id) },
            // Our small modules that every page loads (the URL builders and the URL-state hook, the rule helpers,
            // codegen's fragment masking, Vite's preload helper): one chunk instead of six tiny ones, each with its
            // own request and its own compression overhead.
            {
              name: 'shared',
              test: (id) =>
                /[\\/]src[\\/]lib[\\/](urls|urlState)\.ts$|[\\/]rules[\\/]rule\.ts$|[\\/]graphql[\\/]generated[\\/](fragment-masking|index)\.ts$|vite[\\/]preload-helper/.test(
                  id,
                ),
            },
          ],
        },
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
        '/robots.txt',
        '/payments',
        '/betalen',
      ].map((path) => [path, { target: process.env.API_ORIGIN ?? 'http://localhost:3000', changeOrigin: false }]),
    ),
  },
});

export default defineConfig((env) => (env.isSsrBuild ? ssrConfig : clientConfig));
