import 'reflect-metadata';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import * as Sentry from '@sentry/node';
import { ConfigError, loadConfig } from './config/config.js';
import { createLogger } from './logging/logger.js';
import { boot } from './boot.js';
import { DEMO_PASSWORD, DEMO_STAFF, demoProviderEmail } from './seeders/demo-accounts.js';

let config;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
const logger = createLogger(config.logLevel);
const clientDist = fileURLToPath(new URL('../../client/dist', import.meta.url));
const hasClient = existsSync(`${clientDist}/index.html`);
if (!hasClient) logger.warn('client/dist ontbreekt: draai eerst `npm run build` (npm start doet dat zelf)');

const server = await boot({ config, logger, clientDist: hasClient ? clientDist : undefined }).catch((error: Error) => {
  logger.fatal({ err: error }, 'start-up failed');
  console.error(`\nDe server kon niet starten: ${error.message}`);
  process.exit(1);
});

const lines = [
  '',
  `  Gemeentewinkel draait op ${config.appUrl === `http://localhost:${config.port}` ? server.url : config.appUrl}`,
];
if (config.seedDemoData) {
  lines.push(
    '',
    `  Demo-log-ins (wachtwoord voor allemaal: ${DEMO_PASSWORD})`,
    `    Medewerkers  ${server.url}/admin/inloggen`,
    ...DEMO_STAFF.map((s) => `      ${s.email.padEnd(42)} rol ${s.role.toLowerCase()}`),
    `    Aanbieders   ${server.url}/voor-aanbieders/inloggen`,
    `      ${demoProviderEmail(1)} … ${demoProviderEmail(6)}`,
    `    Inwoners     ${server.url}/inloggen → "Inloggen met DigiD" → ${
      config.digidMode === 'simulator' ? 'kies een inwoner in de DigiD-simulator' : 'log in bij DigiD'
    }`,
    `      Zuiderveen: Meedoenregeling per huishouden, Kindpakket per kind (bijv. Mandy de Boer, huishouden ZV-100001)`,
    `      Noorderhaven: Minimaregeling per huishouden (bijv. Marieke Dekker, huishouden NH-200001)`,
  );
}
if (config.graphqlSandbox) lines.push('', `  GraphQL: ${server.url}/graphql   sandbox: ${server.url}/sandbox`);
console.log(lines.join('\n') + '\n');

let shuttingDown = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (shuttingDown) return;
    shuttingDown = true;
    logger.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 15_000);
    force.unref();
    server
      .stop()
      .then(() => Sentry.close(2000))
      .then(() => process.exit(0))
      .catch((error: Error) => {
        logger.error({ err: error }, 'shutdown failed');
        process.exit(1);
      });
  });
}
