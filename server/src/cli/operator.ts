import 'reflect-metadata';
import { ConfigError, loadConfig } from '../config/config.js';
import { createLogger } from '../logging/logger.js';
import { boot } from '../app/boot.js';
import { runningEmbeddedPostgres } from '../database/embedded.js';
import { runningAppUrl } from '../config/ports.js';

/**
 * `npm run operator -- invite <e-mail> [--name "<naam>"]` (after `npm run build`): makes an operator of Lightbase (or
 * makes a deactivated one active again) and mails an invitation link to /_lightbase. Uses the configured database
 * (DATABASE_URL, or the built-in PostgreSQL in DATA_DIR) with the same start-up as `npm start` (migrations first),
 * without serving anything, without demo data and without the job worker: the mail waits in the mail log until the
 * application's worker sends it. It works beside a running `npm start`: the built-in PostgreSQL that app started is
 * found through the data folder (its port), and the links go to the address that app serves on (APP_URL, else the one
 * it remembered in DATA_DIR/ports.json), not to port 3000.
 */
const USAGE = 'Gebruik: npm run operator -- invite <e-mailadres> [--name "<naam>"]';

const [command, email, ...rest] = process.argv.slice(2);
const nameAt = rest.indexOf('--name');
const name = nameAt >= 0 ? (rest[nameAt + 1] ?? null) : null;
if (command !== 'invite' || !email) {
  console.error(USAGE);
  process.exit(2);
}

let config;
try {
  const env: NodeJS.ProcessEnv = { ...process.env, SEED_DEMO_DATA: 'false', JOBS_WORKER: 'false' };
  const first = loadConfig(env);
  // The app that runs on this data folder: its database (when it is the built-in one) and its address.
  const database = first.databaseUrl ? null : runningEmbeddedPostgres(first.dataDir);
  if (database) env.DATABASE_URL = database.url('gemeentewinkel');
  const appUrl = process.env.APP_URL ? null : runningAppUrl(first.dataDir);
  if (appUrl) env.APP_URL = appUrl;
  config = database || appUrl ? loadConfig(env) : first;
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
const server = await boot({ config, logger: createLogger(config.logLevel), port: 0 });
let exitCode = 0;
try {
  const result = await server.services.operators.invite(server.contexts.forSystem('cli.operator.invite'), email, name);
  if (result.ok) {
    const to = email.trim().toLowerCase();
    console.log(`De uitnodiging is verstuurd naar ${to}. De link is 24 uur geldig.`);
    console.log(`Inloggen als operator: ${config.appUrl}/_lightbase/login`);
    if (config.mail.transport === 'outbox')
      console.log(`De mail staat in de lokale outbox: ${config.appUrl}/api/dev/outbox?to=${encodeURIComponent(to)}`);
  } else {
    for (const e of result.errors) console.error(e.message);
    exitCode = 1;
  }
} finally {
  await server.stop();
}
process.exit(exitCode);
