// `npm run dev`: hot reload for both sides. The server is recompiled by tsc --watch and restarted by node --watch;
// Vite serves the client with HMR on port 5173 and proxies the API paths to the server on port 3000.
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

const bin = (name) => `${root}node_modules/.bin/${name}`;
run(bin('tsc'), ['-p', 'server/tsconfig.build.json', '--watch', '--preserveWatchOutput']);
const waitForBuild = setInterval(() => {
  if (!existsSync(`${root}server/dist/main.js`)) return;
  clearInterval(waitForBuild);
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
        APP_URL: process.env.APP_URL ?? 'http://localhost:5173',
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
