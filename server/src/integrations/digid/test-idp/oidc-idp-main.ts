// The local OIDC test broker on its own, for the browser tests (client/playwright.digid.config.ts) and for trying
// DIGID_MODE=oidc by hand. Not part of the product: it needs oidc-provider, a devDependency.
//   npm run build -w server && OIDC_IDP_PORT=4270 OIDC_IDP_REDIRECT_URI=http://localhost:3000/auth/digid/callback \
//     node server/dist/integrations/digid/test-idp/oidc-idp-main.js
// then start the app with DIGID_MODE=oidc DIGID_OIDC_ISSUER=http://127.0.0.1:4270 DIGID_OIDC_CLIENT_ID=gemeentewinkel
// DIGID_OIDC_CLIENT_SECRET=lokaal-test-secret (the defaults below).
import { startOidcTestIdp } from './oidc-idp.js';

const idp = await startOidcTestIdp({
  port: Number(process.env.OIDC_IDP_PORT ?? 4270),
  client: {
    id: process.env.OIDC_IDP_CLIENT_ID ?? 'gemeentewinkel',
    secret: process.env.OIDC_IDP_CLIENT_SECRET ?? 'lokaal-test-secret',
    redirectUris: (process.env.OIDC_IDP_REDIRECT_URI ?? 'http://localhost:3000/auth/digid/callback').split(','),
  },
});
console.log(`OIDC-testbroker op ${idp.issuer}`);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    void idp.close().then(() => process.exit(0));
  });
}
