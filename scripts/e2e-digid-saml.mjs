// The app for the `digid-saml` browser tests (client/playwright.config.ts): the local SAML identity provider
// (server/dist/integrations/digid/test-idp, certificates made now), then the production build through e2e-server.mjs
// with DIGID_MODE=saml against it, on E2E_PORT_SAML (default 3103). Stops the identity provider when the app stops.
import { spawn } from 'node:child_process';

const root = new URL('..', import.meta.url).pathname;
const port = process.env.E2E_PORT_SAML ?? '3103';
const appUrl = `http://127.0.0.1:${port}`;
const entityId = `${appUrl}/saml`;

const { startSamlTestIdp } = await import(`${root}server/dist/integrations/digid/test-idp/saml-idp.js`);
const idp = await startSamlTestIdp({
  sp: { entityId, acs: { 0: `${appUrl}/auth/digid/callback` } },
  httpPort: process.env.E2E_SAML_IDP_PORT ? Number(process.env.E2E_SAML_IDP_PORT) : 0,
});

const child = spawn(process.execPath, [`${root}scripts/e2e-server.mjs`], {
  cwd: root,
  env: { ...process.env, E2E_PORT: port, APP_URL: appUrl, ...idp.env({ entityId }) },
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill('SIGTERM'));
child.on('exit', async (code) => {
  await idp.close();
  process.exit(code ?? 0);
});
