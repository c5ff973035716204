import { z } from 'zod';
import { isAbsolute, resolve } from 'node:path';
import { existsSync, readFileSync } from 'node:fs';
import { createPrivateKey } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import proxyAddr from 'proxy-addr';

/** The repository root (server/src/config or server/dist/config, three levels up): relative paths start here. */
const PROJECT_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const resolveFromRoot = (path: string) => (isAbsolute(path) ? path : resolve(PROJECT_ROOT, path));

/**
 * All configuration, parsed and validated once at start. Every variable is documented in `.env.example`.
 * A bad value stops the process with a message that names the variable (never its value: it may be a secret).
 */

const DEV_SESSION_SECRET = 'dev-only-session-secret-change-me-0000000000';
const DEV_BSN_KEY = 'ZGV2LW9ubHktYnNuLWtleS0zMi1ieXRlcy1sb25nISE='; // base64 of a 32-byte dev key
const DEV_BSN_HASH_KEY = 'dev-only-bsn-lookup-key-change-me-000000000';
const DEV_SETTINGS_KEY = 'ZGV2LW9ubHktc2V0dGluZ3Mta2V5LTMyLWJ5dGVzISE='; // base64 of a 32-byte dev key

const bool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

/**
 * The reverse proxies whose X-Forwarded-For is believed: comma-separated IP addresses, CIDR ranges or proxy-addr's
 * names (loopback, linklocal, uniquelocal). Checked with proxy-addr, the parser Express itself uses for `trust proxy`.
 */
const trustedProxies = z
  .string()
  .default('')
  .transform((v) =>
    v
      .split(',')
      .map((p) => p.trim())
      .filter(Boolean),
  )
  .superRefine((list, ctx) => {
    for (const entry of list) {
      try {
        proxyAddr.compile(entry);
      } catch {
        ctx.addIssue({
          code: 'custom',
          message: `"${entry}" is geen IP-adres, CIDR-bereik of loopback/linklocal/uniquelocal`,
        });
      }
    }
  });

/** DIGID_MODE=oidc: log-in through an OpenID Connect broker (integrations/digid/oidc). Checked in `digidOidcConfig`. */
const digidOidcVariables = {
  /** The broker's issuer identifier; its discovery document is at <issuer>/.well-known/openid-configuration. */
  DIGID_OIDC_ISSUER: z.url().optional(),
  DIGID_OIDC_CLIENT_ID: z.string().optional(),
  DIGID_OIDC_CLIENT_SECRET: z.string().optional(),
  /** How the client authenticates at the token endpoint: with its secret, or with a JWT signed by its private key. */
  DIGID_OIDC_CLIENT_AUTH: z
    .enum(['client_secret_basic', 'client_secret_post', 'private_key_jwt'])
    .default('client_secret_basic'),
  /** private_key_jwt: a PEM file with the client's private key (PKCS#8, RSA or EC P-256); its public key is at the broker. */
  DIGID_OIDC_PRIVATE_KEY_FILE: z.string().optional(),
  /** private_key_jwt: the key id (kid) the broker knows the key by, if it asks for one. */
  DIGID_OIDC_PRIVATE_KEY_ID: z.string().optional(),
  /** Space-separated scopes to ask for; `openid` is always included. */
  DIGID_OIDC_SCOPES: z.string().default('openid'),
  /** The claim (ID token, else userinfo) that holds the BSN. */
  DIGID_OIDC_BSN_CLAIM: z.string().default('sub'),
  /** The claim that holds the assurance level reached. */
  DIGID_OIDC_LEVEL_CLAIM: z.string().default('acr'),
  /** The broker's value of the level claim for each level: `basis=…,midden=…,substantieel=…,hoog=…`. */
  DIGID_OIDC_LEVEL_VALUES: z.string().optional(),
};

const schema = z.object({
  NODE_ENV: z.enum(['development', 'test', 'production']).default('development'),
  /** Empty: 3000, or the next free port when that one is taken (config/ports.ts). */
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  /** Public base URL, used in e-mails and redirects. Defaults to http://localhost:PORT. */
  APP_URL: z.url().optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'moet beginnen met postgres:// of postgresql://')
    .optional(),
  /**
   * The address for what needs a session of its own: the job queue (its LISTEN), the settings listener and the
   * migrations' advisory lock. Empty: DATABASE_URL. Set it when DATABASE_URL goes through PgBouncer in transaction
   * mode (docs/sizing.md, "Connection pooling"): then this one leads straight to the primary.
   */
  DATABASE_SESSION_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'moet beginnen met postgres:// of postgresql://')
    .optional(),
  DATA_DIR: z.string().default('.data'),
  /** Empty: the port remembered in DATA_DIR when it is free, else a free one from 54321 (config/ports.ts). */
  EMBEDDED_PG_PORT: z.coerce.number().int().min(1024).max(65535).optional(),
  SEED_DEMO_DATA: bool.optional(),
  /** `fast`: argon2id with the smallest cost, for test runs only (refused unless NODE_ENV=test). */
  PASSWORD_HASHING: z.enum(['standard', 'fast']).default('standard'),
  /** Where the demo data keeps its rendered pictures and DigiD key between runs (test runs); empty: made afresh. */
  DEMO_CACHE_DIR: z.string().optional(),
  SESSION_SECRET: z.string().min(32, 'moet minstens 32 tekens lang zijn').default(DEV_SESSION_SECRET),
  SESSION_TTL_HOURS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 30)
    .default(12),
  /** Comma-separated `keyId:base64key` pairs; the first is used to encrypt, all to decrypt. */
  BSN_ENCRYPTION_KEYS: z.string().default(`dev1:${DEV_BSN_KEY}`),
  BSN_HASH_KEY: z.string().min(32, 'moet minstens 32 tekens lang zijn').default(DEV_BSN_HASH_KEY),
  DIGID_MODE: z.enum(['simulator', 'saml', 'oidc']).default('simulator'),
  ...digidOidcVariables,
  /** The DigiD assurance level (betrouwbaarheidsniveau) to ask for. */
  DIGID_ASSURANCE_LEVEL: z.enum(['basis', 'midden', 'substantieel', 'hoog']).default('midden'),
  /** DIGID_MODE=saml: our entity id (as registered with Logius), key and certificate (PKIoverheid; PEM files). */
  DIGID_SAML_ENTITY_ID: z.string().optional(),
  DIGID_SAML_KEY_FILE: z.string().optional(),
  DIGID_SAML_CERT_FILE: z.string().optional(),
  /** The next certificate, published in the metadata before the switch-over (optional). */
  DIGID_SAML_NEXT_CERT_FILE: z.string().optional(),
  /** The index of our AssertionConsumerService in the metadata Logius has. */
  DIGID_SAML_ACS_INDEX: z.coerce.number().int().min(0).max(32767).default(0),
  /** DigiD's metadata: its entity id, single sign-on and artifact resolution URLs, signing certificate, TLS CA bundle. */
  DIGID_SAML_IDP_ENTITY_ID: z.string().optional(),
  DIGID_SAML_IDP_SSO_URL: z.url().optional(),
  DIGID_SAML_IDP_ARTIFACT_URL: z.url().optional(),
  DIGID_SAML_IDP_CERT_FILE: z.string().optional(),
  DIGID_SAML_IDP_CA_FILE: z.string().optional(),
  /**
   * Outside production, with DIGID_MODE=saml: a local SAML identity provider is started with the server and its
   * certificates serve instead of those of instellingen/digid (integrations/digid/test-idp).
   */
  DIGID_TEST_IDP: bool.optional(),
  PAYMENT_PROVIDER: z.enum(['simulator', 'mollie']).default('simulator'),
  MOLLIE_API_KEY: z
    .string()
    .regex(/^(test|live)_\w{20,}$/, 'moet beginnen met test_ of live_ (een Mollie API-sleutel)')
    .optional(),
  /** base64 of 32 bytes: encrypts secrets stored in the settings (the PSP's API key), AES-256-GCM. */
  SETTINGS_ENCRYPTION_KEY: z
    .string()
    .refine((v) => Buffer.from(v, 'base64').length === 32, 'moet base64 van 32 bytes zijn')
    .default(DEV_SETTINGS_KEY),
  PAYMENT_EXPIRY_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(30),
  MAIL_TRANSPORT: z.enum(['outbox', 'smtp']).default('outbox'),
  SMTP_URL: z.string().optional(),
  MAIL_FROM: z.string().min(3).default('Gemeentewinkel <noreply@gemeentewinkel.nl>'),
  GRAPHQL_SANDBOX: bool.optional(),
  /** Who may introspect the schema (`__schema`, `__type`): everyone, or partners only (staff, operators, API clients). */
  GRAPHQL_INTROSPECTION: z.enum(['everyone', 'partners']).optional(),
  SERVER_RENDER: bool.default(true),
  SENTRY_DSN: z.url().optional(),
  SENTRY_ENVIRONMENT: z.string().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUSTED_PROXIES: trustedProxies,
  /** Replaced by TRUSTED_PROXIES. `true` is refused (see below); `false` means what an empty TRUSTED_PROXIES means. */
  TRUST_PROXY: bool.optional(),
  LOGIN_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(1000).default(5),
  LOGIN_WINDOW_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .default(15 * 60),
  /** false: this instance runs no background jobs (a web-only instance); another instance must. */
  JOBS_WORKER: bool.default(true),
  JOBS_CONCURRENCY: z.coerce.number().int().min(1).max(50).default(4),
  JOBS_POLL_INTERVAL_MS: z.coerce.number().int().min(50).max(60_000).default(2000),
  /** Outside production only: the application's clock starts at this ISO date or date-time and runs on from there. */
  CLOCK_START: z
    .string()
    .regex(
      /^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})?)?$/,
      'moet een ISO-datum of -tijdstip zijn, bijvoorbeeld 2030-01-15 of 2030-01-15T09:00:00+01:00',
    )
    .refine((v) => !Number.isNaN(Date.parse(v)), 'is geen bestaande datum')
    .optional(),
});

export type Config = ReturnType<typeof loadConfig>;

/** Every variable the server reads (the keys of the schema): docker-compose.yml may set no others (compose.test.ts). */
export const CONFIG_VARIABLES: readonly string[] = Object.keys(schema.shape);

const DIGID_LEVELS = ['basis', 'midden', 'substantieel', 'hoog'] as const;

/**
 * DigiD's own names for its levels (the SAML AuthnContextClassRef values), which brokers commonly pass on as `acr`.
 * DIGID_OIDC_LEVEL_VALUES replaces them when a broker uses other values.
 */
export const DIGID_DEFAULT_LEVEL_VALUES: Record<(typeof DIGID_LEVELS)[number], string> = {
  basis: 'urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport',
  midden: 'urn:oasis:names:tc:SAML:2.0:ac:classes:MobileTwoFactorContract',
  substantieel: 'urn:oasis:names:tc:SAML:2.0:ac:classes:Smartcard',
  hoog: 'urn:oasis:names:tc:SAML:2.0:ac:classes:SmartcardPKI',
};

/** The OIDC broker's settings; every missing or malformed one is named (in Dutch) before the server starts. */
function digidOidcConfig(c: z.infer<typeof schema>, appUrl: string) {
  const problems: string[] = [];
  if (!c.DIGID_OIDC_ISSUER)
    problems.push('DIGID_OIDC_ISSUER: verplicht met DIGID_MODE=oidc (de issuer-URL van de broker)');
  if (!c.DIGID_OIDC_CLIENT_ID)
    problems.push('DIGID_OIDC_CLIENT_ID: verplicht met DIGID_MODE=oidc (de client-id die de broker heeft uitgegeven)');
  let privateKeyPem: string | undefined;
  if (c.DIGID_OIDC_CLIENT_AUTH === 'private_key_jwt') {
    if (!c.DIGID_OIDC_PRIVATE_KEY_FILE)
      problems.push('DIGID_OIDC_PRIVATE_KEY_FILE: verplicht met DIGID_OIDC_CLIENT_AUTH=private_key_jwt');
    else {
      try {
        privateKeyPem = readFileSync(resolveFromRoot(c.DIGID_OIDC_PRIVATE_KEY_FILE), 'utf8');
        const key = createPrivateKey(privateKeyPem);
        const type = key.asymmetricKeyType;
        if (type !== 'rsa' && !(type === 'ec' && key.asymmetricKeyDetails?.namedCurve === 'prime256v1'))
          problems.push('DIGID_OIDC_PRIVATE_KEY_FILE: moet een RSA-sleutel of een EC-sleutel op P-256 zijn');
      } catch {
        problems.push('DIGID_OIDC_PRIVATE_KEY_FILE: niet te lezen als PEM-privésleutel');
      }
    }
  } else if (!c.DIGID_OIDC_CLIENT_SECRET)
    problems.push('DIGID_OIDC_CLIENT_SECRET: verplicht met DIGID_MODE=oidc (het client-secret van de broker)');
  const levelValues = { ...DIGID_DEFAULT_LEVEL_VALUES };
  for (const pair of (c.DIGID_OIDC_LEVEL_VALUES ?? '').split(',').filter((p) => p.trim())) {
    const eq = pair.indexOf('=');
    const level = pair.slice(0, eq).trim();
    const value = pair.slice(eq + 1).trim();
    if (eq < 0 || !value || !(DIGID_LEVELS as readonly string[]).includes(level)) {
      problems.push(
        'DIGID_OIDC_LEVEL_VALUES: moet de vorm niveau=waarde hebben, komma-gescheiden, met niveau basis, midden, substantieel of hoog',
      );
      break;
    }
    levelValues[level as (typeof DIGID_LEVELS)[number]] = value;
  }
  if (new Set(Object.values(levelValues)).size !== DIGID_LEVELS.length)
    problems.push('DIGID_OIDC_LEVEL_VALUES: elk niveau moet een eigen waarde hebben');
  if (problems.length) throw new ConfigError(`Ongeldige configuratie:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  const scopes = new Set(['openid', ...c.DIGID_OIDC_SCOPES.split(/\s+/).filter(Boolean)]);
  return {
    issuer: c.DIGID_OIDC_ISSUER!,
    clientId: c.DIGID_OIDC_CLIENT_ID!,
    clientSecret: c.DIGID_OIDC_CLIENT_SECRET,
    clientAuth: c.DIGID_OIDC_CLIENT_AUTH,
    /** private_key_jwt: the client's private key (PEM) and its key id. */
    privateKey: privateKeyPem ? { pem: privateKeyPem, kid: c.DIGID_OIDC_PRIVATE_KEY_ID } : undefined,
    redirectUri: new URL('/auth/digid/callback', appUrl).toString(),
    scope: [...scopes].join(' '),
    bsnClaim: c.DIGID_OIDC_BSN_CLAIM,
    levelClaim: c.DIGID_OIDC_LEVEL_CLAIM,
    minLevel: c.DIGID_ASSURANCE_LEVEL,
    levelValues,
  };
}

export type DigidOidcConfig = ReturnType<typeof digidOidcConfig>;
/** What the SAML adapter needs to know about DigiD and about us (DIGID_MODE=saml). Files are read at each log-in. */
export interface DigidSamlConfig {
  entityId: string;
  keyFile: string;
  certFile: string;
  nextCertFile: string | null;
  acsIndex: number;
  idp: { entityId: string; ssoUrl: string; artifactUrl: string; certFile: string; caFile: string };
}

const SAML_REQUIRED = {
  DIGID_SAML_ENTITY_ID: 'onze entity id bij Logius',
  DIGID_SAML_KEY_FILE: 'het bestand met onze private sleutel (PEM)',
  DIGID_SAML_CERT_FILE: 'het bestand met ons PKIoverheid-certificaat (PEM)',
  DIGID_SAML_IDP_ENTITY_ID: 'de entity id van DigiD (uit de metadata van Logius)',
  DIGID_SAML_IDP_SSO_URL: 'het adres van DigiDs SingleSignOnService (uit de metadata)',
  DIGID_SAML_IDP_ARTIFACT_URL: 'het adres van DigiDs ArtifactResolutionService (uit de metadata)',
  DIGID_SAML_IDP_CERT_FILE: 'het bestand met DigiDs ondertekeningscertificaat (PEM)',
  DIGID_SAML_IDP_CA_FILE: 'het bestand met de CA-certificaten van DigiDs servers (PEM)',
} as const;

function samlConfig(
  c: z.infer<typeof schema>,
): { ok: true; value: DigidSamlConfig } | { ok: false; problems: string[] } {
  const problems: string[] = [];
  for (const [name, what] of Object.entries(SAML_REQUIRED)) {
    const value = c[name as keyof typeof SAML_REQUIRED];
    if (!value) problems.push(`${name}: verplicht bij DIGID_MODE=saml (${what})`);
    else if (name.endsWith('_FILE') && !existsSync(resolveFromRoot(value)))
      problems.push(`${name}: het bestand bestaat niet`);
  }
  if (c.DIGID_SAML_NEXT_CERT_FILE && !existsSync(resolveFromRoot(c.DIGID_SAML_NEXT_CERT_FILE)))
    problems.push('DIGID_SAML_NEXT_CERT_FILE: het bestand bestaat niet');
  if (problems.length) return { ok: false, problems };
  return {
    ok: true,
    value: {
      entityId: c.DIGID_SAML_ENTITY_ID!,
      keyFile: resolveFromRoot(c.DIGID_SAML_KEY_FILE!),
      certFile: resolveFromRoot(c.DIGID_SAML_CERT_FILE!),
      nextCertFile: c.DIGID_SAML_NEXT_CERT_FILE ? resolveFromRoot(c.DIGID_SAML_NEXT_CERT_FILE) : null,
      acsIndex: c.DIGID_SAML_ACS_INDEX,
      idp: {
        entityId: c.DIGID_SAML_IDP_ENTITY_ID!,
        ssoUrl: c.DIGID_SAML_IDP_SSO_URL!,
        artifactUrl: c.DIGID_SAML_IDP_ARTIFACT_URL!,
        certFile: resolveFromRoot(c.DIGID_SAML_IDP_CERT_FILE!),
        caFile: resolveFromRoot(c.DIGID_SAML_IDP_CA_FILE!),
      },
    },
  };
}

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env) {
  // Empty strings count as "not set", as in most .env tooling.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = schema.safeParse(cleaned);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  - ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Ongeldige configuratie:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  const production = c.NODE_ENV === 'production';

  const bsnKeys = c.BSN_ENCRYPTION_KEYS.split(',').map((pair, index) => {
    const [id, key] = pair.split(':');
    const bytes = key ? Buffer.from(key, 'base64') : Buffer.alloc(0);
    if (!id || bytes.length !== 32) {
      throw new ConfigError(
        `Ongeldige configuratie:\n  - BSN_ENCRYPTION_KEYS: sleutel ${index + 1} moet de vorm id:base64 hebben met 32 bytes`,
      );
    }
    return { id, key: bytes };
  });

  const saml = c.DIGID_MODE === 'saml' ? samlConfig(c) : null;

  // Cheap password hashes make the test suite fast and would make stolen hashes cheap to crack: tests only.
  if (c.PASSWORD_HASHING === 'fast' && c.NODE_ENV !== 'test') {
    throw new ConfigError(
      'Ongeldige configuratie:\n  - PASSWORD_HASHING: fast is alleen voor tests (NODE_ENV=test), nooit daarbuiten',
    );
  }

  if (production) {
    const problems: string[] = [];
    if (saml && !saml.ok) problems.push(...saml.problems);
    if (c.SESSION_SECRET === DEV_SESSION_SECRET)
      problems.push('SESSION_SECRET: de ontwikkelwaarde mag niet in productie');
    if (c.BSN_ENCRYPTION_KEYS.includes(DEV_BSN_KEY))
      problems.push('BSN_ENCRYPTION_KEYS: de ontwikkelsleutel mag niet in productie');
    if (c.BSN_HASH_KEY === DEV_BSN_HASH_KEY) problems.push('BSN_HASH_KEY: de ontwikkelwaarde mag niet in productie');
    if (c.SETTINGS_ENCRYPTION_KEY === DEV_SETTINGS_KEY)
      problems.push('SETTINGS_ENCRYPTION_KEY: de ontwikkelsleutel mag niet in productie');
    if (c.DIGID_MODE === 'simulator') problems.push('DIGID_MODE: de DigiD-simulator mag niet in productie');
    if (c.PAYMENT_PROVIDER === 'simulator') problems.push('PAYMENT_PROVIDER: de betaalsimulator mag niet in productie');
    if (c.MAIL_TRANSPORT === 'outbox') problems.push('MAIL_TRANSPORT: de lokale outbox mag niet in productie');
    if (c.SEED_DEMO_DATA) problems.push('SEED_DEMO_DATA: demodata mag niet in productie');
    if (c.CLOCK_START) problems.push('CLOCK_START: een verzette klok mag niet in productie');
    if (c.DIGID_TEST_IDP) problems.push('DIGID_TEST_IDP: de lokale DigiD mag niet in productie');
    if (!c.DATABASE_URL)
      problems.push('DATABASE_URL: verplicht in productie (de ingebouwde database is voor ontwikkeling)');
    if (c.DIGID_MODE === 'oidc') {
      if (!c.APP_URL)
        problems.push(
          'APP_URL: verplicht met DIGID_MODE=oidc (de redirect-URI bij de broker is APP_URL/auth/digid/callback)',
        );
      if (c.DIGID_OIDC_ISSUER && !c.DIGID_OIDC_ISSUER.startsWith('https://'))
        problems.push('DIGID_OIDC_ISSUER: moet in productie met https:// beginnen');
    }
    if (problems.length)
      throw new ConfigError(`Weigert te starten in productie:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  }
  if (saml && !saml.ok) {
    throw new ConfigError(`Ongeldige configuratie:\n${saml.problems.map((p) => `  - ${p}`).join('\n')}`);
  }
  if (c.TRUST_PROXY) {
    // Trusting every peer let any client choose its own address; a deployment must now name its proxy.
    throw new ConfigError(
      'Ongeldige configuratie:\n  - TRUST_PROXY: vervangen door TRUSTED_PROXIES (de adressen of het netwerk van de reverse proxy, bijvoorbeeld 172.16.0.0/12)',
    );
  }
  if (c.DATABASE_SESSION_URL && !c.DATABASE_URL) {
    throw new ConfigError(
      'Ongeldige configuratie:\n  - DATABASE_SESSION_URL: alleen samen met DATABASE_URL (de ingebouwde database heeft geen tweede adres nodig)',
    );
  }
  const digidOidc = c.DIGID_MODE === 'oidc' ? digidOidcConfig(c, c.APP_URL ?? `http://localhost:${c.PORT}`) : null;
  if (c.MAIL_TRANSPORT === 'smtp' && !c.SMTP_URL) {
    throw new ConfigError('Ongeldige configuratie:\n  - SMTP_URL: verplicht wanneer MAIL_TRANSPORT=smtp');
  }

  return {
    env: c.NODE_ENV,
    production,
    port: c.PORT,
    host: c.HOST,
    appUrl: c.APP_URL ?? `http://localhost:${c.PORT}`,
    databaseUrl: c.DATABASE_URL,
    /** The job queue, the settings listener and the migrations: a session of their own (not through a pooler). */
    databaseSessionUrl: c.DATABASE_SESSION_URL ?? c.DATABASE_URL,
    dataDir: isAbsolute(c.DATA_DIR) ? c.DATA_DIR : resolve(PROJECT_ROOT, c.DATA_DIR),
    /** undefined: not configured, a free one is chosen and remembered in DATA_DIR (config/ports.ts). */
    embeddedPgPort: c.EMBEDDED_PG_PORT,
    seedDemoData: c.SEED_DEMO_DATA ?? !production,
    passwordHashing: c.PASSWORD_HASHING,
    demoCacheDir: c.DEMO_CACHE_DIR ? resolve(PROJECT_ROOT, c.DEMO_CACHE_DIR) : undefined,
    session: { secret: c.SESSION_SECRET, ttlHours: c.SESSION_TTL_HOURS, secureCookie: production },
    bsn: { keys: bsnKeys, hashKey: c.BSN_HASH_KEY },
    digidMode: c.DIGID_MODE,
    /** DIGID_MODE=oidc: the broker and how its claims are read; null in the other modes. */
    digidOidc,
    digid: {
      assuranceLevel: c.DIGID_ASSURANCE_LEVEL,
      saml: saml?.ok ? saml.value : null,
      /** The local test IdP serves (DIGID_TEST_IDP): the configured files win over the certificate store. */
      testIdp: !production && c.DIGID_MODE === 'saml' && c.DIGID_TEST_IDP === true,
    },
    paymentProvider: c.PAYMENT_PROVIDER,
    payments: { provider: c.PAYMENT_PROVIDER, mollieApiKey: c.MOLLIE_API_KEY, expiryMinutes: c.PAYMENT_EXPIRY_MINUTES },
    /** Encrypts secrets kept in the settings (the PSP's API key): 32 bytes for AES-256-GCM. */
    settingsEncryptionKey: Buffer.from(c.SETTINGS_ENCRYPTION_KEY, 'base64'),
    mail: { transport: c.MAIL_TRANSPORT, smtpUrl: c.SMTP_URL, from: c.MAIL_FROM },
    graphqlSandbox: c.GRAPHQL_SANDBOX ?? !production,
    /**
     * 'partners' (the default in production): only staff, operators and API clients may introspect the schema;
     * visitors, residents and providers get a refusal (the schema is documented for partners at beheer/api/documentatie).
     */
    graphqlIntrospection: c.GRAPHQL_INTROSPECTION ?? (production ? 'partners' : 'everyone'),
    /** The public pages' HTML rendered on the server for visitors who have not logged in (http/server-render.ts). */
    serverRender: c.SERVER_RENDER,
    sentry: { dsn: c.SENTRY_DSN, environment: c.SENTRY_ENVIRONMENT ?? c.NODE_ENV },
    logLevel: c.LOG_LEVEL,
    /** Peers whose X-Forwarded-For is believed (Express `trust proxy`); empty: the socket's address is the client. */
    trustedProxies: c.TRUSTED_PROXIES,
    loginRateLimit: { maxAttempts: c.LOGIN_MAX_ATTEMPTS, windowSeconds: c.LOGIN_WINDOW_SECONDS },
    jobs: { worker: c.JOBS_WORKER, concurrency: c.JOBS_CONCURRENCY, pollIntervalMs: c.JOBS_POLL_INTERVAL_MS },
    /** null: the system clock (always in production). A date alone starts at noon UTC, so "today" is that date here. */
    clockStart: c.CLOCK_START
      ? new Date(
          /^\d{4}-\d{2}-\d{2}$/.test(c.CLOCK_START) ? `${c.CLOCK_START}T12:00:00Z` : c.CLOCK_START.replace(' ', 'T'),
        )
      : null,
  };
}

/**
 * The little the migration command (cli/migrate.ts) needs: the database and the log level. Checked like the whole
 * configuration, but without the rest, so the migration job holds no secret besides the database's.
 */
export function loadMigrationConfig(env: NodeJS.ProcessEnv = process.env) {
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = schema.pick({ DATABASE_URL: true, DATABASE_SESSION_URL: true, LOG_LEVEL: true }).safeParse(cleaned);
  const lines = parsed.success ? [] : parsed.error.issues.map((i) => `  - ${i.path.join('.')}: ${i.message}`);
  if (parsed.success && !parsed.data.DATABASE_URL)
    lines.push('  - DATABASE_URL: verplicht (de database om te migreren)');
  if (!parsed.success || !parsed.data.DATABASE_URL)
    throw new ConfigError(`Ongeldige configuratie:\n${lines.join('\n')}`);
  // The migrations hold an advisory lock for their whole run: straight to the primary, not through a pooler.
  return { databaseUrl: parsed.data.DATABASE_SESSION_URL ?? parsed.data.DATABASE_URL, logLevel: parsed.data.LOG_LEVEL };
}
