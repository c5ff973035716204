import 'reflect-metadata';
import { ConfigError, loadConfig } from '../config/config.js';
import { createLogger } from '../logging/logger.js';
import { boot } from '../app/boot.js';
import { Municipality } from '../modules/municipalities/municipality.entity.js';

/**
 * `npm run seed` (after `npm run build`): the demo data, with its activity, into the configured database
 * (DATABASE_URL, or the built-in PostgreSQL in DATA_DIR) when it is still empty; prints how long it took. The same
 * start-up as `npm start` (migrations first), without serving anything and without the job worker. Never in production
 * (the configuration refuses demo data there). Stop `npm start` first when it uses the same built-in database.
 */
let config;
try {
  config = loadConfig({ ...process.env, SEED_DEMO_DATA: 'true', JOBS_WORKER: 'false' });
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
const started = performance.now();
const server = await boot({ config, logger: createLogger(config.logLevel), port: 0 });
const seconds = ((performance.now() - started) / 1000).toFixed(1);
const municipalities = await server.orm.em.fork().count(Municipality, {});
await server.stop();
console.log(
  municipalities
    ? `Klaar in ${seconds} s: de demodata staat in de database (een database die al gegevens had, blijft ongewijzigd).`
    : 'Er is geen demodata geschreven.',
);
