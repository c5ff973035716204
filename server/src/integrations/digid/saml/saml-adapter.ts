import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Request } from 'express';
import type { MikroORM } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import type { AssuranceLevel, DigidAdapter, DigidOutcome } from '../digid.js';
import type { DigidSamlConfig } from '../../../config/config.js';
import { applicationNow } from '../../../kernel/clock.js';
import type { SamlRuntime } from './runtime.js';
import { authnRequestXml, redirectUrl } from './request.js';
import { artifactResolveEnvelope, parseArtifact, postSoap } from './artifact-resolve.js';
import { checkArtifactResponse, refuse, type CheckedResponse } from './response-checks.js';
import { spMetadataXml } from './metadata.js';
import { LEVELS, samlId } from './xml.js';
import { claimKeys } from './saml-replay.queries.js';

/** How long a used artifact or request id is remembered (far longer than either can be valid). */
const REPLAY_MEMORY_MS = 60 * 60_000;

interface LoginContext {
  /** The AuthnRequest's ID: the response must be InResponseTo it. */
  id: string;
  level: AssuranceLevel;
}

/**
 * DigiD over SAML 2.0 as Logius specifies it: a signed AuthnRequest on the Redirect binding; DigiD sends the browser
 * back with an artifact, which is resolved with a signed ArtifactResolve over mutual TLS, and the ArtifactResponse is
 * checked (response-checks.ts). Per-log-in state travels in the routes' signed cookie (`context`); used artifacts and
 * request ids are kept in PostgreSQL, so a replay is refused by every instance.
 */
export class DigidSaml implements DigidAdapter {
  readonly mode = 'saml' as const;

  constructor(
    private readonly deps: {
      orm: MikroORM;
      logger: Logger;
      config: DigidSamlConfig;
      runtime: SamlRuntime;
      /** Our AssertionConsumerService: the callback route. */
      acsUrl: string;
    },
  ) {}

  async start(relayState: string): Promise<{ url: string; context: string }> {
    const { config, runtime } = this.deps;
    const [credentials, level] = await Promise.all([runtime.credentials(), runtime.assuranceLevel()]);
    const id = samlId();
    const xml = authnRequestXml({
      id,
      issueInstant: applicationNow(),
      destination: config.idp.ssoUrl,
      entityId: config.entityId,
      acsIndex: config.acsIndex,
      level,
    });
    const context: LoginContext = { id, level };
    return {
      url: redirectUrl(config.idp.ssoUrl, xml, relayState, credentials.current.keyPem),
      context: JSON.stringify(context),
    };
  }

  relayStateOf(req: Request): string | undefined {
    return typeof req.query.RelayState === 'string' ? req.query.RelayState : undefined;
  }

  async resolve(req: Request, context: string | undefined): Promise<DigidOutcome> {
    const checked = await this.check(req, context);
    if (checked.ok) return checked;
    // The refusal says which check failed; the message is never logged (it holds the BSN). A resident who cancels or
    // lacks the level is no fault.
    const expected = checked.refusal === 'cancelled' || checked.refusal === 'no-authn-context';
    this.deps.logger[expected ? 'info' : 'warn'](
      { event: 'digid_saml_refused', refusal: checked.refusal },
      'DigiD response refused',
    );
    return { ok: false, reason: checked.reason };
  }

  private async check(req: Request, rawContext: string | undefined): Promise<CheckedResponse> {
    const { config, runtime } = this.deps;
    const context = parseContext(rawContext);
    if (!context) return refuse('context');
    const artifact = typeof req.query.SAMLart === 'string' ? req.query.SAMLart : '';
    if (!parseArtifact(artifact, config.idp.entityId)) return refuse('artifact');
    const replay = await this.claim(artifact, context.id);
    if (replay) return refuse(replay);

    const [credentials, idpCertPem, caPem] = await Promise.all([
      runtime.credentials(),
      readFile(config.idp.certFile, 'utf8'),
      readFile(config.idp.caFile, 'utf8'),
    ]);
    const resolveId = samlId();
    const envelope = artifactResolveEnvelope(
      {
        id: resolveId,
        issueInstant: applicationNow(),
        destination: config.idp.artifactUrl,
        entityId: config.entityId,
        artifact,
      },
      credentials.current,
    );
    let answer: string;
    try {
      answer = await postSoap(config.idp.artifactUrl, envelope, { ...credentials.current, caPem });
    } catch (error) {
      this.deps.logger.warn({ event: 'digid_saml_resolution_failed', err: error }, 'DigiD artifact resolution failed');
      return refuse('resolution');
    }
    return checkArtifactResponse(answer, {
      resolveId,
      requestId: context.id,
      entityId: config.entityId,
      acsUrl: this.deps.acsUrl,
      idpEntityId: config.idp.entityId,
      idpCertPem,
      level: context.level,
      now: applicationNow(),
    });
  }

  /**
   * Marks the artifact and the request id as used, before anything is resolved: one row each under a primary key, so
   * of two callbacks with the same artifact (on any instance) only one gets on. Returns what was used before.
   */
  private async claim(artifact: string, requestId: string): Promise<'artifact-replay' | 'request-replay' | null> {
    const em = this.deps.orm.em.fork();
    const now = applicationNow();
    const expires = new Date(now.getTime() + REPLAY_MEMORY_MS);
    const artifactKey = `artifact:${createHash('sha256').update(artifact).digest('base64url')}`;
    const requestKey = `request:${requestId}`;
    const claimed = await claimKeys(em, [artifactKey, requestKey], expires, now);
    if (!claimed.has(artifactKey)) return 'artifact-replay';
    if (!claimed.has(requestKey)) return 'request-replay';
    return null;
  }

  /** Our metadata for Logius (GET /auth/digid/metadata), signed, with the next certificate during a rollover. */
  async metadata(): Promise<string> {
    const credentials = await this.deps.runtime.credentials();
    return spMetadataXml(
      {
        entityId: this.deps.config.entityId,
        acsUrl: this.deps.acsUrl,
        acsIndex: this.deps.config.acsIndex,
        validUntil: new Date(applicationNow().getTime() + 365 * 24 * 3600_000),
      },
      credentials,
    );
  }
}

function parseContext(raw: string | undefined): LoginContext | undefined {
  try {
    const value = JSON.parse(raw ?? '') as Partial<LoginContext>;
    if (typeof value.id === 'string' && LEVELS.includes(value.level as AssuranceLevel)) return value as LoginContext;
  } catch {
    // not ours
  }
  return undefined;
}
