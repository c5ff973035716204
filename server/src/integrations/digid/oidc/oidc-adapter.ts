import type { Request } from 'express';
import type { Logger } from 'pino';
import { createPrivateKey } from 'node:crypto';
import { importPKCS8 } from 'jose';
import * as client from 'openid-client';
import type { DigidOidcConfig } from '../../../config/config.js';
import { isValidBsn } from '../../../crypto/bsn.js';
import type { AssuranceLevel, DigidAdapter, DigidOutcome } from '../digid.js';

const LEVELS: readonly AssuranceLevel[] = ['basis', 'midden', 'substantieel', 'hoog'];
/** The broker's metadata is looked up again after this long (new endpoints); its keys are refetched on a new key id. */
const DISCOVERY_TTL_MS = 60 * 60 * 1000;

/** Where `start` sends the browser when the broker cannot be reached: the log-in page, with its "ongeldig" message. */
export const BROKER_UNAVAILABLE = '/inloggen?fout=ongeldig';

/** What `start` hands the routes to keep in their signed cookie until the callback (never in this process). */
interface OidcContext {
  /** PKCE code_verifier (S256). */
  v: string;
  /** The ID token's expected nonce. */
  n: string;
  /** The lowest level accepted, as asked for at the start (the setting may change in between). */
  l?: AssuranceLevel;
}

/**
 * DigiD through an OpenID Connect broker (DIGID_MODE=oidc): the authorization code flow with PKCE (S256), state and
 * nonce, using openid-client. The state is the routes' relay state; the PKCE verifier and the nonce travel in the
 * routes' signed cookie, so any instance can take the callback. The BSN and the assurance level come from the claims
 * named in the configuration (ID token first, then userinfo). Neither the BSN nor a token is ever logged.
 */
export class OidcDigidAdapter implements DigidAdapter {
  readonly mode = 'oidc' as const;
  private discovered: { config: Promise<client.Configuration>; at: number } | undefined;

  constructor(
    private readonly settings: DigidOidcConfig,
    private readonly logger: Logger,
    /** The level to ask for at each log-in (instellingen/digid); the configured one when not given. */
    private readonly minimumLevel: () => Promise<AssuranceLevel> = async () => settings.minLevel,
  ) {}

  /** The broker's configuration (discovery), cached; a failed discovery is tried again at the next log-in. */
  configuration(): Promise<client.Configuration> {
    // The age of a cache entry: a monotonic duration, not the application's date (the clock may be set elsewhere).
    const now = performance.now();
    if (!this.discovered || now - this.discovered.at > DISCOVERY_TTL_MS) {
      const { issuer, clientId, clientSecret } = this.settings;
      const issuerUrl = new URL(issuer);
      const config = this.clientAuthentication().then((auth) =>
        client.discovery(
          issuerUrl,
          clientId,
          clientSecret ? { client_secret: clientSecret } : {},
          auth,
          // Plain http only for a local broker outside production (config.ts refuses it in production).
          { execute: issuerUrl.protocol === 'http:' ? [client.allowInsecureRequests] : [], timeout: 10 },
        ),
      );
      const entry = { config, at: now };
      this.discovered = entry;
      config.catch((error: Error) => {
        if (this.discovered === entry) this.discovered = undefined;
        this.logger.error(
          { event: 'digid_oidc_discovery_failed', err: { message: error.message } },
          'OIDC discovery failed',
        );
      });
    }
    return this.discovered.config;
  }

  /** How the client authenticates at the token endpoint: its secret, or a JWT signed with its private key. */
  private async clientAuthentication(): Promise<client.ClientAuth> {
    const { clientAuth, clientSecret, privateKey } = this.settings;
    if (clientAuth === 'private_key_jwt') {
      const keyObject = createPrivateKey(privateKey!.pem);
      const alg = keyObject.asymmetricKeyType === 'ec' ? 'ES256' : 'RS256';
      const key = await importPKCS8(keyObject.export({ format: 'pem', type: 'pkcs8' }).toString(), alg);
      return client.PrivateKeyJwt({ key, kid: privateKey!.kid });
    }
    return clientAuth === 'client_secret_post'
      ? client.ClientSecretPost(clientSecret)
      : client.ClientSecretBasic(clientSecret);
  }

  async start(relayState: string): Promise<{ url: string; context?: string }> {
    let config: client.Configuration;
    try {
      config = await this.configuration();
    } catch {
      // The broker cannot be reached or is not the configured issuer (logged by `configuration`): the resident gets
      // the log-in page with DigiD's "did not succeed" message, not an error page; the next try looks it up again.
      return { url: BROKER_UNAVAILABLE };
    }
    const verifier = client.randomPKCECodeVerifier();
    const nonce = client.randomNonce();
    const { levelValues } = this.settings;
    const minLevel = await this.minimumLevel();
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: this.settings.redirectUri,
      scope: this.settings.scope,
      response_type: 'code',
      state: relayState,
      nonce,
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      // The minimum level and every higher one, lowest first: the broker asks for at least the minimum.
      acr_values: LEVELS.slice(LEVELS.indexOf(minLevel))
        .map((level) => levelValues[level])
        .join(' '),
      // Every log-in is a fresh authentication at DigiD, never a broker session left over from someone else.
      prompt: 'login',
    });
    const context: OidcContext = { v: verifier, n: nonce, l: minLevel };
    return { url: url.href, context: JSON.stringify(context) };
  }

  relayStateOf(req: Request): string | undefined {
    return typeof req.query.state === 'string' ? req.query.state : undefined;
  }

  async resolve(req: Request, context: string | undefined): Promise<DigidOutcome> {
    const fail = (reason: 'cancelled' | 'level' | 'invalid', event: string): DigidOutcome => {
      // A resident who cancels is no anomaly; a refused check is worth a warning.
      this.logger[reason === 'cancelled' ? 'info' : 'warn'](
        { event: 'digid_oidc_refused', reason, detail: event },
        'OIDC log-in refused',
      );
      return { ok: false, reason };
    };
    if (req.query.error === 'access_denied') return fail('cancelled', 'access_denied');
    const checks = parseContext(context);
    if (!checks) return fail('invalid', 'context_missing');
    const state = this.relayStateOf(req);
    if (!state) return fail('invalid', 'state_missing');

    // The callback as the broker sent it, on the registered redirect URI (the app may sit behind a proxy).
    const currentUrl = new URL(this.settings.redirectUri);
    currentUrl.search = new URL(req.originalUrl, 'http://callback').search;

    let claims: Record<string, unknown>;
    try {
      const config = await this.configuration();
      const tokens = await client.authorizationCodeGrant(config, currentUrl, {
        pkceCodeVerifier: checks.v,
        expectedNonce: checks.n,
        expectedState: state,
        idTokenExpected: true,
      });
      const idToken = tokens.claims();
      if (!idToken) return fail('invalid', 'id_token_missing');
      claims = { ...idToken };
      const { bsnClaim, levelClaim } = this.settings;
      if (claims[bsnClaim] === undefined || claims[levelClaim] === undefined) {
        // Not in the ID token: the broker gives it at userinfo (for the same subject).
        const userinfo = await client.fetchUserInfo(config, tokens.access_token, idToken.sub);
        claims = { ...userinfo, ...claims };
      }
    } catch (error) {
      if (error instanceof client.AuthorizationResponseError && error.error === 'access_denied')
        return fail('cancelled', 'access_denied');
      const e = error as { code?: string; error?: string; name?: string };
      // The library's error code and OAuth error only: its messages may quote a response, and so a token.
      return fail('invalid', [e.name, e.code, e.error].filter(Boolean).join(' ') || 'error');
    }

    const level = this.levelOf(claims[this.settings.levelClaim]);
    if (!level) return fail('level', 'level_unknown');
    if (LEVELS.indexOf(level) < LEVELS.indexOf(checks.l ?? this.settings.minLevel))
      return fail('level', 'level_too_low');
    const bsn = claims[this.settings.bsnClaim];
    if (typeof bsn !== 'string') return fail('invalid', 'bsn_missing');
    if (!isValidBsn(bsn)) return fail('invalid', 'bsn_invalid');
    return { ok: true, bsn, assuranceLevel: level };
  }

  /** The level a claim value stands for (a broker may send a list: the highest known one counts). */
  private levelOf(value: unknown): AssuranceLevel | undefined {
    const values = Array.isArray(value) ? value : typeof value === 'string' ? value.split(/\s+/) : [];
    let best: AssuranceLevel | undefined;
    for (const level of LEVELS) if (values.includes(this.settings.levelValues[level])) best = level;
    return best;
  }
}

function parseContext(context: string | undefined): OidcContext | undefined {
  if (!context) return undefined;
  try {
    const parsed = JSON.parse(context) as Partial<OidcContext>;
    if (typeof parsed.v !== 'string' || typeof parsed.n !== 'string') return undefined;
    return { v: parsed.v, n: parsed.n, l: LEVELS.includes(parsed.l as AssuranceLevel) ? parsed.l : undefined };
  } catch {
    return undefined;
  }
}
