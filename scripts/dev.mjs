// `npm run dev`: hot reload for both sides. The server is recompiled by tsc --watch and restarted by node --watch;
// Vite serves the client with HMR on port 5173 and proxies the API paths to the server on port 3000.
// DIGID_LOCAL_IDP=oidc npm run dev: also the local OIDC test broker on port 4270 (OIDC_IDP_PORT), with the server in
// DIGID_MODE=oidc against it (server/src/integrations/digid/test-idp/oidc-idp.ts): log in by typing a BSN and a level.
// DIGID_MODE=saml DIGID_TEST_IDP=1 npm run dev (or npm start): the server starts the local SAML identity provider
// itself (server/src/main.ts).
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';

const root = new URL('..', import.meta.url).pathname;
const children = [];
function run(cmd, args, opts = {}) {
  const child = spawn(cmd, args, { cwd: root, stdio: 'inherit', ...opts });
  children.push(child);
  child.on('exit', (code) => {
    if (code && code !== 0) shutdown(code);
  });
  return child;
}
function shutdown(code = 0) {
  for (const c of children) c.kill('SIGTERM');
  process.exit(code);
}
process.on('SIGINT', () => shutdown(0));
process.on('SIGTERM', () => shutdown(0));

// TypeScript 7 (the native compiler, package alias typescript-native) compiles; TypeScript 5.9 stays for what needs
// its JavaScript API (a client test that reads the screens' copy, cosmiconfig).
const bin = (name) => `${root}node_modules/.bin/${name}`;
const tsc = `${root}node_modules/typescript-native/bin/tsc`;
run(process.execPath, [tsc, '-p', 'server/tsconfig.build.json', '--watch', '--preserveWatchOutput']);
const appUrl = process.env.APP_URL ?? 'http://localhost:5173';

const waitForBuild = setInterval(async () => {
  if (!existsSync(`${root}server/dist/main.js`)) return;
  clearInterval(waitForBuild);
  const digid = {};
  if (process.env.DIGID_LOCAL_IDP === 'oidc') {
    const idpPort = process.env.OIDC_IDP_PORT ?? '4270';
    const secret = 'lokaal-test-secret';
    run(process.execPath, ['server/dist/integrations/digid/test-idp/oidc-idp-main.js'], {
      env: {
        ...process.env,
        OIDC_IDP_PORT: idpPort,
        OIDC_IDP_CLIENT_SECRET: secret,
        OIDC_IDP_REDIRECT_URI: `${appUrl}/auth/digid/callback`,
      },
    });
    Object.assign(digid, {
      DIGID_MODE: 'oidc',
      DIGID_OIDC_ISSUER: `http://127.0.0.1:${idpPort}`,
      DIGID_OIDC_CLIENT_ID: 'gemeentewinkel',
      DIGID_OIDC_CLIENT_SECRET: secret,
      DIGID_OIDC_BSN_CLAIM: 'bsn',
    });
  }
  run(
    process.execPath,
    [
      '--watch',
      '--enable-source-maps',
      ...(existsSync(`${root}.env`) ? ['--env-file=.env'] : []),
      'server/dist/main.js',
    ],
    {
      env: {
        ...process.env,
        PORT: process.env.PORT ?? '3000',
        APP_URL: appUrl,
        ...digid,
      },
    },
  );
  run(bin('vite'), ['--port', '5173', '--strictPort'], {
    cwd: `${root}client`,
    env: { ...process.env, API_ORIGIN: `http://localhost:${process.env.PORT ?? '3000'}` },
  });
  console.log(
    '\n  Ontwikkelserver: http://localhost:5173 (client met hot reload), API op http://localhost:3000/graphql\n',
  );
}, 500);
