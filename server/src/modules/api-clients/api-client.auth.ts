import { GraphQLError } from 'graphql';
import type { Request } from 'express';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { CryptoKey } from 'jose';
import { Audience } from '../../kernel/permissions.js';
import type { Viewer } from '../../kernel/viewer.js';
import { allowListOf } from '../../http/ip-allow-list.js';
import { requestedOperation } from '../../graphql/root-fields.js';
import { todayInAmsterdam } from '../../kernel/dates.js';
import type { RequestContext } from '../../kernel/request-context.js';
import type { AuditService } from '../audit/index.js';
import { check, type Limits } from '../limits/index.js';
import type { EncryptionAlgorithm } from './api-client.entities.js';
import { encryptionKeyCount, keyByHash, touchLastUse, validEncryptionKeys } from './api-client.queries.js';
import { creatorProblem, effectivePermissions } from './api-client.standing.js';
import { apiKeyOf, hashApiKey } from './api-keys.js';
import { encryptFor, importEncryptionKey } from './public-keys.js';

/** The last use is written at most this often per client. */
const LAST_USE_RESOLUTION_MS = 60_000;
/** The request header that picks an older (still valid) encryption key by its kid. */
export const ENCRYPTION_KEY_HEADER = 'x-encryption-key-id';

/** An API client's request, once its key is accepted: what the rest of the request needs to know of it. */
export interface ApiClientSession {
  readonly id: string;
  readonly keyPrefix: string;
  readonly rateLimitPerMinute: number;
  /**
   * Encrypts a personal-data value for the client (JWE compact), or gives it back as is when the client has no public
   * key. The key is the current one, or the one the request names in X-Encryption-Key-Id while it is still valid.
   */
  protect(value: string): Promise<string>;
}

/** Why a key was refused: a GraphQL error with its HTTP status, Dutch message, code and reason. */
function refusal(
  status: 401 | 403 | 429,
  reason: string,
  message: string,
  headers?: Map<string, string>,
): GraphQLError {
  const code = status === 401 ? 'UNAUTHENTICATED' : status === 403 ? 'FORBIDDEN' : 'RATE_LIMITED';
  return new GraphQLError(message, { extensions: { code, reason, http: { status, ...(headers ? { headers } : {}) } } });
}

const dutchDate = (date: string) =>
  new Intl.DateTimeFormat('nl-NL', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${date}T00:00:00Z`),
  );
const dutchMoment = (at: Date) =>
  new Intl.DateTimeFormat('nl-NL', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZone: 'Europe/Amsterdam',
  }).format(at);

/** What an API client's call did, for its audit row: an operation name, its type and its root fields (never variables). */
export interface ApiCallOperation {
  name: string | null;
  type: string | null;
  fields: string[];
}

/**
 * The operation of a GraphQL request, for the audit row of an API client's call: its name, type and root fields, with
 * fragments expanded (graphql/root-fields.ts), so `{ ...F }` is recorded as the fields F asks.
 */
export function operationOf(req: Request): ApiCallOperation {
  const body = (req.body ?? {}) as { operationName?: unknown };
  const requested = typeof body.operationName === 'string' ? body.operationName.slice(0, 100) : null;
  const op = requestedOperation({ body: req.body, query: req.query });
  if (!op) return { name: requested, type: null, fields: [] };
  return { name: op.name ?? requested, type: op.type, fields: op.fields.slice(0, 20) };
}

/**
 * Key authentication (`authenticate`, from app/contexts.ts): `Authorization: Bearer gwk_…` is looked up by its hash; an
 * unknown, revoked, expired or rotated-past-grace key, or a call from outside the allow-list, is refused with a Dutch
 * message, a code and a reason. Then (`admit`) the call reserves a point of the client's per-minute budget before
 * any work (429 with Retry-After when spent), is audit-logged by operation name and root fields (never variables),
 * and the last use is written when it is more than a minute old.
 */
export class ApiClientAuth {
  constructor(
    private readonly audit: AuditService,
    private readonly limits: Limits,
  ) {}

  /** null: the request carries no API key of ours. Otherwise the viewer and session, or the refusal. */
  async authenticate(
    em: EntityManager,
    req: Request,
    now: Date,
  ): Promise<{ ok: true; viewer: Viewer; session: ApiClientSession } | { ok: false; error: GraphQLError } | null> {
    const key = apiKeyOf(req.headers.authorization);
    if (!key) return null;
    const row = await keyByHash(em, hashApiKey(key));
    if (!row)
      return {
        ok: false,
        error: refusal(
          401,
          'API_KEY_UNKNOWN',
          'Deze API-sleutel is onbekend. Controleer de sleutel in de Authorization-header.',
        ),
      };
    if (row.revoked_at)
      return {
        ok: false,
        error: refusal(
          401,
          'API_KEY_REVOKED',
          'Deze API-koppeling is ingetrokken. Vraag de gemeente om een nieuwe koppeling.',
        ),
      };
    if (todayInAmsterdam(now) > row.expires_on)
      return {
        ok: false,
        error: refusal(
          401,
          'API_KEY_EXPIRED',
          `Deze API-koppeling is verlopen (geldig tot en met ${dutchDate(row.expires_on)}). Vraag de gemeente om de koppeling te verlengen.`,
        ),
      };
    if (row.valid_until && new Date(row.valid_until).getTime() <= now.getTime())
      return {
        ok: false,
        error: refusal(
          401,
          'API_KEY_ROTATED',
          `Deze API-sleutel is vervangen en werkt sinds ${dutchMoment(new Date(row.valid_until))} niet meer. Gebruik de nieuwe sleutel.`,
        ),
      };
    if (row.ip_allow_list.length && !allowListOf(row.ip_allow_list).allows(req.ip))
      return {
        ok: false,
        error: refusal(
          403,
          'IP_NOT_ALLOWED',
          'Deze API-koppeling mag niet worden gebruikt vanaf dit IP-adres. Vraag de gemeente het adres toe te voegen.',
        ),
      };
    const stopped = creatorProblem(row);
    if (stopped)
      return {
        ok: false,
        error: refusal(
          403,
          stopped,
          stopped === 'CREATOR_INACTIVE'
            ? 'Deze API-koppeling werkt niet: de medewerker van de gemeente die haar beheert is gedeactiveerd of bestaat niet meer. Vraag de gemeente de koppeling over te nemen.'
            : 'Deze API-koppeling werkt niet: de medewerker van de gemeente die haar beheert heeft geen toegang meer tot deze gemeente. Vraag de gemeente de koppeling over te nemen.',
        ),
      };
    // Its own permissions, as far as its maker still holds them now.
    const viewer: Viewer = {
      kind: Audience.API_CLIENT,
      apiClientId: row.id,
      permissions: new Set(effectivePermissions(row.permissions, row)),
      municipalityIds: [row.municipality_id],
    };
    if (!row.last_used_at || now.getTime() - new Date(row.last_used_at).getTime() >= LAST_USE_RESOLUTION_MS) {
      await touchLastUse(em, row.id, now, LAST_USE_RESOLUTION_MS);
    }
    const requestedKid = req.get(ENCRYPTION_KEY_HEADER)?.trim().slice(0, 100) || null;
    let chosen: Promise<{ kid: string; algorithm: EncryptionAlgorithm; cryptoKey: CryptoKey } | null> | undefined;
    const encryptionKey = () =>
      (chosen ??= (async () => {
        const keys = await validEncryptionKeys(em, row.id, now);
        const key = requestedKid ? keys.find((k) => k.kid === requestedKid) : keys[0];
        if (!key) {
          if (!requestedKid && !(await encryptionKeyCount(em, row.id))) return null;
          throw refusal(
            403,
            'ENCRYPTION_KEY_UNKNOWN',
            requestedKid
              ? 'De gevraagde versleutelingssleutel (X-Encryption-Key-Id) is onbekend of verlopen. Persoonsgegevens worden niet onversleuteld verstuurd.'
              : 'De versleutelingssleutel van deze koppeling is verlopen. Registreer een nieuwe publieke sleutel; persoonsgegevens worden niet onversleuteld verstuurd.',
          );
        }
        const jwk = (typeof key.public_jwk === 'string' ? JSON.parse(key.public_jwk) : key.public_jwk) as never;
        return { kid: key.kid, algorithm: key.algorithm, cryptoKey: await importEncryptionKey(jwk, key.algorithm) };
      })());
    const session: ApiClientSession = {
      id: row.id,
      keyPrefix: row.prefix,
      rateLimitPerMinute: row.rate_limit_per_minute,
      async protect(value) {
        const key = await encryptionKey();
        return key ? encryptFor(key, value) : value;
      },
    };
    return { ok: true, viewer, session };
  }

  /**
   * A call of an authenticated client (GraphQL, or an HTTP route with its own `operation`, http/route.ts): reserves one request of its per-minute budget before any work (throws
   * the 429 when it is spent) and records the call (operation name and root fields; never variables or results).
   */
  async admit(
    ctx: RequestContext,
    session: ApiClientSession,
    req: Request,
    operation: ApiCallOperation = operationOf(req),
  ): Promise<void> {
    const reservation = await this.limits.reserve(
      check({ name: 'api-client', points: session.rateLimitPerMinute, windowSeconds: 60 }, session.id),
    );
    if (!reservation.ok) {
      ctx.log.warn({ event: 'api_rate_limited', apiClientId: session.id }, 'API client over its rate limit');
      throw refusal(
        429,
        'RATE_LIMITED',
        `Deze API-koppeling heeft haar limiet van ${session.rateLimitPerMinute} verzoeken per minuut bereikt. Probeer het over ${reservation.retryAfterSeconds} seconden opnieuw.`,
        new Map([['retry-after', String(reservation.retryAfterSeconds)]]),
      );
    }
    await this.audit.record(ctx, {
      action: 'api_client.called',
      subjectType: 'api_client',
      subjectId: session.id,
      details: {
        operationName: operation.name,
        operationType: operation.type,
        fields: operation.fields,
        keyPrefix: session.keyPrefix,
      },
    });
  }
}
