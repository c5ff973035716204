/**
 * Values of the right form for what an operator must set in production (never real secrets): the docker-compose and
 * the Kubernetes tests (compose.test.ts, deploy/kubernetes.test.ts) fill the deployments' secrets with them and hand
 * the result to the server's own configuration check.
 */
export const PRODUCTION_SAMPLES: Readonly<Record<string, string>> = {
  POSTGRES_PASSWORD: 'db-wachtwoord',
  SITE_ADDRESS: 'winkel.zuiderveen.nl',
  SESSION_SECRET: 's'.repeat(48),
  BSN_ENCRYPTION_KEYS: `k1:${Buffer.alloc(32, 1).toString('base64')}`,
  BSN_HASH_KEY: 'h'.repeat(48),
  SETTINGS_ENCRYPTION_KEY: Buffer.alloc(32, 2).toString('base64'),
  DIGID_OIDC_ISSUER: 'https://broker.example.nl',
  DIGID_OIDC_CLIENT_ID: 'gemeentewinkel-zuiderveen',
  DIGID_OIDC_CLIENT_SECRET: 'client-secret-van-de-broker',
  MOLLIE_API_KEY: 'live_abcdefghijklmnopqrstuvwxyz0123',
  SMTP_URL: 'smtps://winkel:wachtwoord@smtp.zuiderveen.nl:465',
};
