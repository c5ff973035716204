import express from 'express';
import { createServer as createHttpServer, type Server } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { randomBytes } from 'node:crypto';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import Provider, { type ProviderContext } from 'oidc-provider';
import { DIGID_DEFAULT_LEVEL_VALUES } from '../../../config/config.js';
import { escapeHtml } from '../../../http/simple-page.js';

type Level = keyof typeof DIGID_DEFAULT_LEVEL_VALUES;
const LEVEL_NAMES: Record<Level, string> = {
  basis: 'Basis',
  midden: 'Midden',
  substantieel: 'Substantieel',
  hoog: 'Hoog',
};
/** Account ids of log-ins without a BSN start with this; they carry no `bsn` claim (and `sub` is no BSN). */
const ANONYMOUS = 'anoniem-';

export interface OidcTestIdpOptions {
  /** 0: any free port. */
  port?: number;
  host?: string;
  /** Serve over https with this key and certificate (the production start refuses a plain-http issuer). */
  tls?: { key: string; cert: string };
  /** The registered client (the app): id, redirect URIs, and its secret or (private_key_jwt) its public keys. */
  client: { id: string; secret?: string; jwks?: { keys: JWK[] }; redirectUris: string[] };
}

export interface OidcTestIdp {
  issuer: string;
  port: number;
  close: () => Promise<void>;
}

/**
 * A local OpenID Connect provider standing in for a DigiD broker, for tests and (on request) development: the code
 * flow with PKCE, and an interaction page where a tester types a BSN and picks the assurance level reached, or
 * cancels. The ID token carries `sub` (the BSN, or an anonymous id when none was typed) and `acr` (DigiD's level
 * values, config.ts DIGID_DEFAULT_LEVEL_VALUES); userinfo adds `bsn`. Built on oidc-provider; in-memory, one process.
 */
export async function startOidcTestIdp(options: OidcTestIdpOptions): Promise<OidcTestIdp> {
  const host = options.host ?? '127.0.0.1';
  const app = express();
  const server: Server = options.tls ? createHttpsServer(options.tls, app) : createHttpServer(app);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const issuer = `${options.tls ? 'https' : 'http'}://${host}:${port}`;

  const { privateKey } = await generateKeyPair('RS256', { extractable: true });
  const signingKey = { ...(await exportJWK(privateKey)), kid: 'test-idp', alg: 'RS256', use: 'sig' };
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: options.client.id,
        redirect_uris: options.client.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
        ...(options.client.jwks
          ? { jwks: options.client.jwks, token_endpoint_auth_method: 'private_key_jwt' }
          : { client_secret: options.client.secret, token_endpoint_auth_method: 'client_secret_basic' }),
      },
    ],
    clientAuthMethods: ['client_secret_basic', 'client_secret_post', 'private_key_jwt'],
    jwks: { keys: [signingKey] },
    cookies: { keys: [randomBytes(32).toString('base64url')] },
    acrValues: Object.values(DIGID_DEFAULT_LEVEL_VALUES),
    claims: { openid: ['sub', 'bsn'], acr: null, auth_time: null, sid: null },
    pkce: { required: () => true },
    ttl: { AuthorizationCode: 60, AccessToken: 300, IdToken: 300, Interaction: 600, Session: 600, Grant: 600 },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    findAccount: (_ctx: unknown, accountId: string) => ({
      accountId,
      claims: () => ({ sub: accountId, ...(accountId.startsWith(ANONYMOUS) ? {} : { bsn: accountId }) }),
    }),
    // No consent screen: the one registered client is the app, and it gets the scopes it asks for.
    loadExistingGrant: async (ctx: ProviderContext) => {
      const { client, session, result, params, provider } = ctx.oidc;
      if (!client || !session?.accountId) return undefined;
      const grantId = result?.consent?.grantId ?? session.grantIdFor(client.clientId);
      if (grantId) return provider.Grant.find(grantId);
      const grant = new provider.Grant({ accountId: session.accountId, clientId: client.clientId });
      for (const scope of String(params?.scope ?? 'openid').split(' ')) grant.addOIDCScope(scope);
      grant.addOIDCClaims(['bsn']);
      await grant.save();
      return grant;
    },
    renderError: (ctx: { type: string; body: string }, out: { error: string }) => {
      ctx.type = 'html';
      ctx.body = page('Fout', `<p role="alert">De test-identiteitsprovider gaf een fout: ${escapeHtml(out.error)}</p>`);
    },
  });

  app.get('/interaction/:uid', async (req, res, next) => {
    try {
      const details = await provider.interactionDetails(req, res);
      const requested = String(details.params.acr_values ?? '').split(' ');
      const preselect =
        (Object.keys(DIGID_DEFAULT_LEVEL_VALUES) as Level[]).find((l) =>
          requested.includes(DIGID_DEFAULT_LEVEL_VALUES[l]),
        ) ?? 'midden';
      const options = (Object.keys(LEVEL_NAMES) as Level[])
        .map((l) => `<option value="${l}"${l === preselect ? ' selected' : ''}>${LEVEL_NAMES[l]}</option>`)
        .join('');
      res.type('html').send(
        page(
          'Test-identiteitsprovider (OIDC)',
          `<p><strong>Testomgeving.</strong> Deze pagina speelt een DigiD-broker na. Vul het BSN in waarmee u wilt inloggen.</p>
          <form method="post" action="/interaction/${escapeHtml(details.uid)}">
            <p><label for="bsn">BSN</label><br><input id="bsn" name="bsn" inputmode="numeric" autocomplete="off"></p>
            <p><label for="level">Betrouwbaarheidsniveau</label><br><select id="level" name="level">${options}</select></p>
            <p><button type="submit" name="action" value="login">Inloggen met dit BSN</button>
            <button type="submit" name="action" value="cancel">Annuleren</button></p>
          </form>`,
        ),
      );
    } catch (error) {
      next(error);
    }
  });

  app.post('/interaction/:uid', express.urlencoded({ extended: false, limit: '4kb' }), async (req, res, next) => {
    try {
      const body = req.body as Record<string, string | undefined>;
      if (body.action === 'cancel') {
        await provider.interactionFinished(
          req,
          res,
          { error: 'access_denied', error_description: 'De gebruiker heeft het inloggen geannuleerd.' },
          { mergeWithLastSubmission: false },
        );
        return;
      }
      const bsn = (body.bsn ?? '').trim();
      const level = (Object.keys(LEVEL_NAMES) as Level[]).find((l) => l === body.level) ?? 'midden';
      await provider.interactionFinished(
        req,
        res,
        {
          login: {
            accountId: bsn || `${ANONYMOUS}${randomBytes(8).toString('hex')}`,
            acr: DIGID_DEFAULT_LEVEL_VALUES[level],
            remember: false,
          },
        },
        { mergeWithLastSubmission: false },
      );
    } catch (error) {
      next(error);
    }
  });

  app.use(provider.callback());

  return {
    issuer,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function page(title: string, body: string): string {
  return `<!doctype html><html lang="nl"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head>
<body><header><p>DigiD (test)</p></header><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`;
}
