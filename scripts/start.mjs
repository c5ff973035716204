// `npm start`: build what is out of date, then run the whole product on one port
// (embedded PostgreSQL unless DATABASE_URL is set, migrations, demo data, client and API), in WEB_CONCURRENCY worker
// processes sharing that port (default: one per core; server/src/main.ts is their primary).
import { spawn, spawnSync } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseEnv } from 'node:util';

const root = new URL('..', import.meta.url).pathname;
const stamp = join(root, 'server/dist/.build-stamp');

function dotenv() {
  const file = join(root, '.env');
  return existsSync(file) ? parseEnv(readFileSync(file, 'utf8')) : {};
}

function newest(path) {
  if (!existsSync(path)) return 0;
  const s = statSync(path);
  if (!s.isDirectory()) return s.mtimeMs;
  let max = 0;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist' || entry === 'e2e') continue;
    max = Math.max(max, newest(join(path, entry)));
  }
  return max;
}

const sources = [
  'client/src',
  'client/index.html',
  'client/sandbox.html',
  'client/vite.config.ts',
  'server/src',
  'server/tsconfig.json',
  'package-lock.json',
];
const built = existsSync(stamp) ? statSync(stamp).mtimeMs : 0;
if (process.env.SKIP_BUILD !== '1' && (built === 0 || sources.some((s) => newest(join(root, s)) > built))) {
  console.log('Bouwen van client en server…');
  const r = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
  writeFileSync(stamp, new Date().toISOString());
}

const child = spawn(
  process.execPath,
  [
    '--enable-source-maps',
    ...(existsSync(join(root, '.env')) ? ['--env-file=.env'] : []),
    '--import',
    './server/dist/instrument.js',
    'server/dist/main.js',
  ],
  {
    cwd: root,
    stdio: 'inherit',
    // One worker per core unless WEB_CONCURRENCY is in the environment or in .env (which --env-file would not
    // override once it is set here).
    env:
      process.env.WEB_CONCURRENCY || dotenv().WEB_CONCURRENCY
        ? process.env
        : { ...process.env, WEB_CONCURRENCY: String(availableParallelism()) },
  },
);
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
