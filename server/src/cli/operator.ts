import 'reflect-metadata';
import { ConfigError, loadConfig } from '../config/config.js';
import { createLogger } from '../logging/logger.js';
import { boot } from '../app/boot.js';

/**
 * `npm run operator -- invite <e-mail> [--name "<naam>"]` (after `npm run build`): makes an operator of Lightbase (or
 * makes a deactivated one active again) and mails an invitation link to /_lightbase. Uses the configured database
 * (DATABASE_URL, or the built-in PostgreSQL in DATA_DIR) with the same start-up as `npm start` (migrations first),
 * without serving anything, without demo data and without the job worker: the mail waits in the mail log until the
 * application's worker sends it. Stop `npm start` first when it uses the same built-in database.
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
  config = loadConfig({ ...process.env, SEED_DEMO_DATA: 'false', JOBS_WORKER: 'false' });
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
    console.log(`De uitnodiging is verstuurd naar ${email.trim().toLowerCase()}. De link is 24 uur geldig.`);
  } else {
    for (const e of result.errors) console.error(e.message);
    exitCode = 1;
  }
} finally {
  await server.stop();
}
process.exit(exitCode);
