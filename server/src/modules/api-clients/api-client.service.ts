import { GraphQLError } from 'graphql';
import type { Request } from 'express';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { CryptoKey } from 'jose';
import { Audience, Permission, isPermission } from '../../kernel/permissions.js';
import type { Viewer } from '../../kernel/viewer.js';
import { describePermissions, lacking } from '../../graphql/auth/grants.js';
import { ForbiddenError, UserError } from '../../kernel/errors.js';
import { isUuid } from '../../graphql/ids.js';
import { inScope, scopeSql } from '../../kernel/scope.js';
import { emptyConnection, pageSize, toConnection, type ConnectionOf, type ListArgs } from '../../graphql/pagination.js';
import { keyCondition, keyOrderBy, keySelect, rowCursor, type KeyOrder } from '../../graphql/keyset.js';
import { allowListOf, parseRange } from '../../http/ip-allow-list.js';
import { requestedOperation } from '../../graphql/root-fields.js';
import { isIsoDate, todayInAmsterdam } from '../../kernel/dates.js';
import { failIfAny, ok, problem, type Result } from '../../kernel/result.js';
import { transactional, type RequestContext } from '../../kernel/request-context.js';
import type { AuditService } from '../audit/index.js';
import { check, type Limits } from '../limits/index.js';
import { Municipality } from '../municipalities/index.js';
import { AdminAccount } from '../identity/admin-account.entity.js';
import { ApiClient, ApiClientEncryptionKey, ApiClientKey, type EncryptionAlgorithm } from './api-client.entities.js';
import { apiKeyOf, hashApiKey, newApiKey } from './api-keys.js';
import { encryptFor, importEncryptionKey, parsePublicKey } from './public-keys.js';
import {
  ApiClientStatus,
  type ApiClient as ApiClientView,
  type ApiClientFilter,
  type CreateApiClientInput,
} from './api-client.types.js';

/** A rotated key keeps working this long unless the rotation says otherwise (0 to 30 days). */
export const DEFAULT_ROTATION_GRACE_DAYS = 7;
export const MAX_ROTATION_GRACE_DAYS = 30;
/** An encryption key replaced by a newer one can still be asked for (X-Encryption-Key-Id) this long. */
export const ENCRYPTION_KEY_OVERLAP_DAYS = 30;
export const DEFAULT_RATE_LIMIT_PER_MINUTE = 600;
/** The last use is written at most this often per client. */
const LAST_USE_RESOLUTION_MS = 60_000;
/** The request header that picks an older (still valid) encryption key by its kid. */
export const ENCRYPTION_KEY_HEADER = 'x-encryption-key-id';

const DAY_MS = 24 * 3600 * 1000;

const BY_NAME: KeyOrder = {
  name: 'name',
  direction: 'asc',
  keys: [
    { expr: 'lower(c.name)', cast: 'text' },
    { expr: 'c.id', cast: 'uuid' },
  ],
};

const NOT_FOUND = 'Deze API-koppeling bestaat niet (meer).';

type ManagingViewer = Extract<Viewer, { kind: Audience.STAFF | Audience.API_CLIENT }>;

function managingViewer(ctx: RequestContext): ManagingViewer {
  if (
    (ctx.viewer.kind !== Audience.STAFF && ctx.viewer.kind !== Audience.API_CLIENT) ||
    !ctx.viewer.permissions.has(Permission.API_CLIENT_MANAGE)
  )
    throw new ForbiddenError();
  return ctx.viewer;
}

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
 * The standing of an API client's maker (`c` is the client): whether that staff account is active, the permissions of
 * its role now, and whether its scope still reaches the client's municipality. Read on every request, never cached: a
 * role change, a scope change or a deactivation applies to the maker's clients from their next call.
 */
const CREATOR_COLUMNS = `
  a.id is not null as creator_exists,
  coalesce(a.active, false) as creator_active,
  coalesce(r.permissions, '{}')::text[] as creator_permissions,
  coalesce(a.all_municipalities or exists (
    select 1 from admin_account_municipality am where am.admin_account_id = a.id and am.municipality_id = c.municipality_id
  ), false) as creator_reaches`;
const CREATOR_JOINS = `left join admin_account a on a.id = c.created_by_id left join role r on r.id = a.role_id`;

interface CreatorRow {
  creator_exists: boolean;
  creator_active: boolean;
  creator_permissions: string[];
  creator_reaches: boolean;
}

interface KeyRow extends CreatorRow {
  key_id: string;
  prefix: string;
  valid_until: Date | null;
  id: string;
  municipality_id: string;
  permissions: string[];
  ip_allow_list: string[];
  expires_on: string;
  rate_limit_per_minute: number;
  revoked_at: Date | null;
  last_used_at: Date | null;
}

/** Why a client does not work because of its maker; null when the maker still stands behind it. */
function creatorProblem(row: CreatorRow): 'CREATOR_INACTIVE' | 'CREATOR_OUT_OF_SCOPE' | null {
  if (!row.creator_exists || !row.creator_active) return 'CREATOR_INACTIVE';
  if (!row.creator_reaches) return 'CREATOR_OUT_OF_SCOPE';
  return null;
}

/** What a client may do now: its own permissions that its maker still holds. */
function effectivePermissions(own: readonly string[], row: CreatorRow): Permission[] {
  if (creatorProblem(row)) return [];
  const held = new Set(row.creator_permissions);
  return own.filter((p): p is Permission => isPermission(p) && held.has(p));
}

/**
 * The staff account that makes or takes over a key: the viewer's own. An operator acting and an API client have none,
 * and are refused in Dutch (a key outlives an operator's visit; a key making keys would answer to nobody).
 */
function ownAccount(viewer: ManagingViewer): Result<string> {
  if (viewer.kind === Audience.API_CLIENT)
    return problem(
      null,
      'NEEDS_OWN_ACCOUNT',
      'Een API-koppeling kan geen koppelingen of sleutels maken of overnemen: een koppeling hoort bij een medewerker van de gemeente, die ervoor verantwoordelijk is.',
    );
  if (viewer.operator)
    return problem(
      null,
      'NEEDS_OWN_ACCOUNT',
      'Als operator kunt u geen API-koppeling of sleutel maken of overnemen: een koppeling werkt met de rechten van de medewerker van de gemeente die haar beheert, en uw toegang hier is tijdelijk. Vraag een beheerder van de gemeente dit te doen.',
    );
  return ok(viewer.adminAccountId);
}

/**
 * How many API clients answer to a staff account and work now (not revoked, not expired): they stop working when the
 * account is deactivated (the deactivation dialog says so; beheer/api offers to take them over).
 */
export async function countClientsAnsweringTo(em: EntityManager, adminAccountId: string, now: Date): Promise<number> {
  const [row] = await em.execute<{ n: number }[]>(
    `select count(*)::int as n from api_client where created_by_id = ? and revoked_at is null and expires_on >= ?::date`,
    [adminAccountId, todayInAmsterdam(now)],
  );
  return row?.n ?? 0;
}

/**
 * Partner API clients (beheer/api, API_CLIENT_MANAGE) and their authentication.
 *
 * Managing: a client gets one municipality (one of the creator's), a subset of the creator's own permissions, an
 * optional IP allow-list, an expiry date and a rate limit. Its key is returned once; only a SHA-256 hash is kept. A
 * rotation makes a new key and lets the old one work for a grace period; a revocation refuses every key at once.
 * Every change is audit-logged.
 *
 * Authenticating (`authenticate`, from app/contexts.ts): `Authorization: Bearer gwk_…` is looked up by its hash; an
 * unknown, revoked, expired or rotated-past-grace key, or a call from outside the allow-list, is refused with a Dutch
 * message, a code and a reason. Then (`admit`) the call reserves a point of the client's per-minute budget before
 * any work (429 with Retry-After when spent), is audit-logged by operation name and root fields (never variables),
 * and the last use is written when it is more than a minute old.
 */
export class ApiClientService {
  constructor(
    private readonly audit: AuditService,
    private readonly limits: Limits,
  ) {}

  // ---- authentication ---------------------------------------------------------------------------------------------

  /** null: the request carries no API key of ours. Otherwise the viewer and session, or the refusal. */
  async authenticate(
    em: EntityManager,
    req: Request,
    now: Date,
  ): Promise<{ ok: true; viewer: Viewer; session: ApiClientSession } | { ok: false; error: GraphQLError } | null> {
    const key = apiKeyOf(req.headers.authorization);
    if (!key) return null;
    const [row] = await em.execute<KeyRow[]>(
      `select k.id as key_id, k.prefix, k.valid_until, c.id, c.municipality_id, c.permissions, c.ip_allow_list,
              c.expires_on::text as expires_on, c.rate_limit_per_minute, c.revoked_at, c.last_used_at, ${CREATOR_COLUMNS}
         from api_client_key k join api_client c on c.id = k.api_client_id ${CREATOR_JOINS}
        where k.key_hash = ?`,
      [hashApiKey(key)],
    );
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
      await em.execute(
        `update api_client set last_used_at = ? where id = ? and (last_used_at is null or last_used_at < ?)`,
        [now, row.id, new Date(now.getTime() - LAST_USE_RESOLUTION_MS)],
      );
    }
    const requestedKid = req.get(ENCRYPTION_KEY_HEADER)?.trim().slice(0, 100) || null;
    let chosen: Promise<{ kid: string; algorithm: EncryptionAlgorithm; cryptoKey: CryptoKey } | null> | undefined;
    const encryptionKey = () =>
      (chosen ??= (async () => {
        const keys = await em.execute<
          { kid: string; algorithm: EncryptionAlgorithm; public_jwk: unknown; valid_until: Date | null }[]
        >(
          `select kid, algorithm, public_jwk, valid_until from api_client_encryption_key
            where api_client_id = ? and (valid_until is null or valid_until > ?)
            order by (valid_until is null) desc, created_at desc`,
          [row.id, now],
        );
        const key = requestedKid ? keys.find((k) => k.kid === requestedKid) : keys[0];
        if (!key) {
          const [any] = await em.execute<{ n: number }[]>(
            `select count(*)::int as n from api_client_encryption_key where api_client_id = ?`,
            [row.id],
          );
          if (!requestedKid && !any?.n) return null;
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

  // ---- management -------------------------------------------------------------------------------------------------

  async list(
    ctx: RequestContext,
    filter: ApiClientFilter | null | undefined,
    page: ListArgs,
  ): Promise<ConnectionOf<ApiClientView>> {
    const viewer = managingViewer(ctx);
    const first = pageSize(page.first);
    const after = keyCondition(BY_NAME, page.after);
    const where: string[] = [];
    const params: unknown[] = [];
    const scope = scopeSql(viewer, 'c.municipality_id');
    where.push(scope.sql);
    params.push(...scope.params);
    const search = filter?.search?.trim();
    if (search) {
      const like = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      where.push(
        `(c.name ilike ? or exists (select 1 from api_client_key k where k.api_client_id = c.id and k.prefix ilike ?))`,
      );
      params.push(like, like);
    }
    if (filter?.municipalityId) {
      if (!isUuid(filter.municipalityId)) return emptyConnection();
      where.push('c.municipality_id = ?');
      params.push(filter.municipalityId);
    }
    const today = todayInAmsterdam(ctx.clock.now());
    if (filter?.status === ApiClientStatus.REVOKED) where.push('c.revoked_at is not null');
    if (filter?.status === ApiClientStatus.EXPIRED) {
      where.push('c.revoked_at is null and c.expires_on < ?::date');
      params.push(today);
    }
    if (filter?.status === ApiClientStatus.ACTIVE) {
      where.push('c.revoked_at is null and c.expires_on >= ?::date');
      params.push(today);
    }
    const whereSql = (extra: string | null) => {
      const all = [...where, ...(extra ? [extra] : [])];
      return all.length ? `where ${all.join(' and ')}` : '';
    };
    const [{ count }] = (await ctx.em.execute<{ count: string }[]>(
      `select count(*)::text as count from api_client c ${whereSql(null)}`,
      params,
    )) as [{ count: string }];
    const rows = await ctx.em.execute<{ id: string; _k0: string; _k1: string }[]>(
      `select c.id, ${keySelect(BY_NAME)} from api_client c ${whereSql(after.sql)} order by ${keyOrderBy(BY_NAME)} limit ?`,
      [...params, ...after.params, first + 1],
    );
    return toConnection(rows, {
      first,
      totalCount: Number(count),
      cursorOf: (row) => rowCursor(BY_NAME, row),
      nodes: (pageRows) =>
        this.views(
          ctx,
          pageRows.map((r) => r.id),
        ),
    });
  }

  async get(ctx: RequestContext, id: string): Promise<ApiClientView | null> {
    const viewer = managingViewer(ctx);
    if (!isUuid(id)) return null;
    const [view] = await this.views(ctx, [id]);
    return view && inScope(viewer, view.municipality.id) ? view : null;
  }

  async create(
    ctx: RequestContext,
    input: CreateApiClientInput,
  ): Promise<Result<{ apiClient: ApiClientView; key: string }>> {
    const viewer = managingViewer(ctx);
    const maker = ownAccount(viewer);
    if (!maker.ok) return maker;
    const errors: UserError[] = [];
    const name = input.name.trim();
    if (!name) errors.push(UserError.of('name', 'REQUIRED', 'Geef de koppeling een naam.'));
    else if (name.length > 100) errors.push(UserError.of('name', 'TOO_LONG', 'De naam is hoogstens 100 tekens.'));
    if (!isUuid(input.municipalityId) || !inScope(viewer, input.municipalityId))
      errors.push(
        UserError.of('municipalityId', 'MUNICIPALITY_NOT_ALLOWED', 'Kies een gemeente waarvoor u zelf rechten heeft.'),
      );
    const permissions = [...new Set(input.permissions)];
    if (!permissions.length)
      errors.push(UserError.of('permissions', 'REQUIRED', 'Kies ten minste één recht voor de koppeling.'));
    const beyond = lacking(viewer, permissions);
    if (beyond.length)
      errors.push(
        UserError.of(
          'permissions',
          'PERMISSION_NOT_HELD',
          `U kunt alleen rechten geven die u zelf heeft. Niet toegestaan: ${describePermissions(beyond)}.`,
        ),
      );
    const ranges: string[] = [];
    for (const entry of input.ipAllowList.map((e) => e.trim()).filter(Boolean)) {
      const parsed = parseRange(entry);
      if (parsed.ok) ranges.push(parsed.value);
      else errors.push(UserError.of('ipAllowList', 'INVALID_RANGE', parsed.message));
    }
    if (ranges.length > 50)
      errors.push(UserError.of('ipAllowList', 'TOO_MANY', 'Geef hoogstens 50 adressen of bereiken.'));
    const now = ctx.clock.now();
    const today = todayInAmsterdam(now);
    const latest = todayInAmsterdam(new Date(now.getTime() + 2 * 365 * DAY_MS));
    if (!isIsoDate(input.expiresOn))
      errors.push(UserError.of('expiresOn', 'INVALID_DATE', 'Geef een geldige vervaldatum (JJJJ-MM-DD).'));
    else if (input.expiresOn <= today)
      errors.push(UserError.of('expiresOn', 'IN_THE_PAST', 'De vervaldatum ligt na vandaag.'));
    else if (input.expiresOn > latest)
      errors.push(UserError.of('expiresOn', 'TOO_LATE', 'De vervaldatum ligt hoogstens twee jaar vooruit.'));
    const rate = input.rateLimitPerMinute ?? DEFAULT_RATE_LIMIT_PER_MINUTE;
    if (!Number.isInteger(rate) || rate < 10 || rate > 6000)
      errors.push(
        UserError.of('rateLimitPerMinute', 'OUT_OF_RANGE', 'De limiet ligt tussen 10 en 6000 verzoeken per minuut.'),
      );
    const failed = failIfAny<never>(errors);
    if (failed) return failed;
    const municipality = await ctx.em.findOne(Municipality, input.municipalityId);
    if (!municipality) return problem('municipalityId', 'NOT_FOUND', 'Deze gemeente bestaat niet.');
    const made = newApiKey();
    return transactional(ctx, async (tx) => {
      const client = tx.em.create(ApiClient, {
        municipality,
        name,
        permissions,
        ipAllowList: ranges,
        expiresOn: input.expiresOn,
        rateLimitPerMinute: rate,
        createdAt: now,
        // The client works with its maker's permissions, as they are on each of its calls.
        createdBy: tx.em.getReference(AdminAccount, maker.value),
      });
      tx.em.create(ApiClientKey, { apiClient: client, prefix: made.prefix, keyHash: made.hash, createdAt: now });
      await tx.em.flush();
      await this.audit.record(tx, {
        action: 'api_client.created',
        subjectType: 'api_client',
        subjectId: client.id,
        details: {
          municipalityId: municipality.id,
          permissions,
          ipAllowList: ranges.length,
          expiresOn: input.expiresOn,
          rateLimitPerMinute: rate,
          keyPrefix: made.prefix,
        },
      });
      const [view] = await this.views(tx, [client.id]);
      return ok({ apiClient: view!, key: made.key });
    });
  }

  /** A new key; the current one keeps working for `graceDays` (default 7, 0 to 30), then it is refused. */
  async rotate(
    ctx: RequestContext,
    id: string,
    graceDays?: number | null,
  ): Promise<Result<{ apiClient: ApiClientView; key: string }>> {
    const grace = graceDays ?? DEFAULT_ROTATION_GRACE_DAYS;
    if (!Number.isInteger(grace) || grace < 0 || grace > MAX_ROTATION_GRACE_DAYS)
      return problem('graceDays', 'OUT_OF_RANGE', `De overgangsperiode is 0 tot ${MAX_ROTATION_GRACE_DAYS} dagen.`);
    const maker = ownAccount(managingViewer(ctx));
    if (!maker.ok) return maker;
    return transactional(ctx, async (tx) => {
      const client = await this.manageable(tx, id);
      if (!client.ok) return client;
      if (client.value.revokedAt)
        return problem(null, 'REVOKED', 'Deze koppeling is ingetrokken; maak een nieuwe koppeling.');
      const now = tx.clock.now();
      const until = new Date(now.getTime() + grace * DAY_MS);
      await tx.em.execute(`select id from api_client where id = ? for update`, [id]);
      await tx.em.execute(`update api_client_key set valid_until = ? where api_client_id = ? and valid_until is null`, [
        until,
        id,
      ]);
      const made = newApiKey();
      tx.em.create(ApiClientKey, { apiClient: client.value, prefix: made.prefix, keyHash: made.hash, createdAt: now });
      await tx.em.flush();
      await this.audit.record(tx, {
        action: 'api_client.key_rotated',
        subjectType: 'api_client',
        subjectId: id,
        details: { keyPrefix: made.prefix, graceDays: grace },
      });
      const [view] = await this.views(tx, [id]);
      return ok({ apiClient: view!, key: made.key });
    });
  }

  /** Every key of the client is refused from now on. */
  async revoke(ctx: RequestContext, id: string): Promise<Result<ApiClientView>> {
    return transactional(ctx, async (tx) => {
      const client = await this.manageable(tx, id);
      if (!client.ok) return client;
      if (!client.value.revokedAt) {
        client.value.revokedAt = tx.clock.now();
        await tx.em.flush();
        await this.audit.record(tx, {
          action: 'api_client.revoked',
          subjectType: 'api_client',
          subjectId: id,
          details: {},
        });
      }
      const [view] = await this.views(tx, [id]);
      return ok(view!);
    });
  }

  /**
   * Takes a client over: the viewer becomes the staff member it answers to, so from the next call it works with its own
   * permissions as far as the viewer holds them. For a client whose maker was deactivated or lost the municipality (it
   * stopped working), or a colleague's who leaves. Only a staff member with their own account who holds every
   * permission of the client and reaches its municipality; not a revoked client.
   */
  async transfer(ctx: RequestContext, id: string): Promise<Result<ApiClientView>> {
    const taker = ownAccount(managingViewer(ctx));
    if (!taker.ok) return taker;
    const accountId = taker.value;
    return transactional(ctx, async (tx) => {
      await tx.em.execute(`select id from api_client where id = ? for update`, [isUuid(id) ? id : null]);
      const client = await this.manageable(tx, id);
      if (!client.ok) return client;
      if (client.value.revokedAt)
        return problem(null, 'REVOKED', 'Deze koppeling is ingetrokken; maak een nieuwe koppeling.');
      const from = client.value.createdBy?.id ?? null;
      if (from !== accountId) {
        client.value.createdBy = tx.em.getReference(AdminAccount, accountId, { wrapped: true });
        await tx.em.flush();
        await this.audit.record(tx, {
          action: 'api_client.transferred',
          subjectType: 'api_client',
          subjectId: id,
          details: { fromAdminAccountId: from, toAdminAccountId: accountId },
        });
      }
      const [view] = await this.views(tx, [id]);
      return ok(view!);
    });
  }

  /**
   * Registers a public key (PEM or JWK): from now on personal data of the BSN kind reaches the client encrypted to it.
   * The previous current key stays available (X-Encryption-Key-Id) for ENCRYPTION_KEY_OVERLAP_DAYS.
   */
  async registerEncryptionKey(ctx: RequestContext, id: string, publicKey: string): Promise<Result<ApiClientView>> {
    const parsed = await parsePublicKey(publicKey);
    if (!parsed.ok) return parsed;
    return transactional(ctx, async (tx) => {
      const client = await this.manageable(tx, id);
      if (!client.ok) return client;
      const now = tx.clock.now();
      await tx.em.execute(`select id from api_client where id = ? for update`, [id]);
      const existing = await tx.em.findOne(ApiClientEncryptionKey, { apiClient: id, kid: parsed.value.kid });
      if (existing && !existing.validUntil)
        return problem(
          'publicKey',
          'ALREADY_CURRENT',
          'Deze publieke sleutel is al de huidige sleutel van deze koppeling.',
        );
      await tx.em.execute(
        `update api_client_encryption_key set valid_until = ? where api_client_id = ? and valid_until is null`,
        [new Date(now.getTime() + ENCRYPTION_KEY_OVERLAP_DAYS * DAY_MS), id],
      );
      if (existing) {
        existing.validUntil = null;
        existing.createdAt = now;
      } else {
        tx.em.create(ApiClientEncryptionKey, {
          apiClient: client.value,
          kid: parsed.value.kid,
          algorithm: parsed.value.algorithm,
          keyType: parsed.value.keyType,
          publicJwk: parsed.value.jwk,
          createdAt: now,
        });
      }
      await tx.em.flush();
      await this.audit.record(tx, {
        action: 'api_client.encryption_key_registered',
        subjectType: 'api_client',
        subjectId: id,
        details: { kid: parsed.value.kid, algorithm: parsed.value.algorithm, keyType: parsed.value.keyType },
      });
      const [view] = await this.views(tx, [id]);
      return ok(view!);
    });
  }

  /** Removes an older public key (not the current one: personal data is never sent unencrypted once a key exists). */
  async removeEncryptionKey(ctx: RequestContext, keyId: string): Promise<Result<ApiClientView>> {
    managingViewer(ctx);
    if (!isUuid(keyId)) return problem(null, 'NOT_FOUND', 'Deze sleutel bestaat niet (meer).');
    return transactional(ctx, async (tx) => {
      const key = await tx.em.findOne(ApiClientEncryptionKey, keyId);
      if (!key) return problem(null, 'NOT_FOUND', 'Deze sleutel bestaat niet (meer).');
      const client = await this.manageable(tx, key.apiClient.id);
      if (!client.ok) return client;
      if (!key.validUntil)
        return problem(
          null,
          'CURRENT_KEY',
          'De huidige sleutel kunt u niet verwijderen: registreer eerst een nieuwe publieke sleutel.',
        );
      tx.em.remove(key);
      await tx.em.flush();
      await this.audit.record(tx, {
        action: 'api_client.encryption_key_removed',
        subjectType: 'api_client',
        subjectId: client.value.id,
        details: { kid: key.kid },
      });
      const [view] = await this.views(tx, [client.value.id]);
      return ok(view!);
    });
  }

  // ---- helpers ----------------------------------------------------------------------------------------------------

  /**
   * The client, when the viewer may change it: in their municipalities (else it is not found), and holding no
   * permission the viewer lacks (the rule of staff accounts and roles: a key that can do more than you is a colleague's
   * to rotate, revoke or take over, not yours).
   */
  private async manageable(ctx: RequestContext, id: string): Promise<Result<ApiClient>> {
    const viewer = managingViewer(ctx);
    if (!isUuid(id)) return problem(null, 'NOT_FOUND', NOT_FOUND);
    const client = await ctx.em.findOne(ApiClient, id);
    if (!client || !inScope(viewer, client.municipality.id)) return problem(null, 'NOT_FOUND', NOT_FOUND);
    const beyond = lacking(viewer, client.permissions);
    if (beyond.length)
      return problem(
        null,
        'OUT_OF_REACH',
        `Deze koppeling heeft rechten die u zelf niet heeft (${describePermissions(beyond)}). Alleen een collega met minstens die rechten kan haar wijzigen.`,
      );
    return ok(client);
  }

  private async views(ctx: RequestContext, ids: string[]): Promise<ApiClientView[]> {
    if (!ids.length) return [];
    const em = ctx.em;
    const [clients, keys, encryptionKeys] = await Promise.all([
      em.find(ApiClient, { id: { $in: ids } }, { populate: ['municipality', 'createdBy'] }),
      em.find(ApiClientKey, { apiClient: { $in: ids } }, { orderBy: { createdAt: 'desc' } }),
      em.find(ApiClientEncryptionKey, { apiClient: { $in: ids } }, { orderBy: { createdAt: 'desc' } }),
    ]);
    const standing = new Map(
      (
        await em.execute<(CreatorRow & { id: string })[]>(
          `select c.id, ${CREATOR_COLUMNS} from api_client c ${CREATOR_JOINS} where c.id = any(?::uuid[])`,
          [`{${ids.join(',')}}`],
        )
      ).map((r) => [r.id, r]),
    );
    const viewer = ctx.viewer.kind === Audience.STAFF || ctx.viewer.kind === Audience.API_CLIENT ? ctx.viewer : null;
    const taker = viewer ? ownAccount(viewer) : null;
    const now = ctx.clock.now();
    const today = todayInAmsterdam(now);
    const byId = new Map(clients.map((c) => [c.id, c]));
    return ids.flatMap((id) => {
      const c = byId.get(id);
      const creator = standing.get(id);
      if (!c || !creator) return [];
      const own = keys.filter((k) => k.apiClient.id === id && (!k.validUntil || k.validUntil > now));
      const current = own.find((k) => !k.validUntil);
      const status = c.revokedAt
        ? ApiClientStatus.REVOKED
        : c.expiresOn < today
          ? ApiClientStatus.EXPIRED
          : ApiClientStatus.ACTIVE;
      const effective = effectivePermissions(c.permissions, creator);
      const stopped = creatorProblem(creator);
      const missing = c.permissions.filter((p) => !effective.includes(p as Permission));
      const notice =
        status !== ApiClientStatus.ACTIVE
          ? null
          : !creator.creator_exists
            ? 'Werkt niet: de maker bestaat niet meer.'
            : stopped === 'CREATOR_INACTIVE'
              ? 'Werkt niet: de maker is gedeactiveerd.'
              : stopped === 'CREATOR_OUT_OF_SCOPE'
                ? `Werkt niet: de maker heeft geen toegang meer tot ${c.municipality.getEntity().name}.`
                : missing.length
                  ? `Werkt beperkt: de maker heeft niet meer alle rechten van deze koppeling (ontbreekt: ${describePermissions(missing)}).`
                  : null;
      const manageable = !!viewer && inScope(viewer, c.municipality.id) && lacking(viewer, c.permissions).length === 0;
      return [
        {
          id: c.id,
          name: c.name,
          keyPrefix: current?.prefix ?? own[0]?.prefix ?? '',
          municipality: c.municipality.getEntity(),
          permissions: c.permissions.filter(isPermission),
          ipAllowList: c.ipAllowList,
          expiresOn: c.expiresOn,
          rateLimitPerMinute: c.rateLimitPerMinute,
          status,
          createdAt: c.createdAt,
          createdByName: c.createdBy?.isInitialized() ? c.createdBy.getEntity().name : null,
          effectivePermissions: effective,
          working: status === ApiClientStatus.ACTIVE && !stopped,
          notice,
          manageable,
          transferable:
            manageable &&
            !!taker?.ok &&
            status !== ApiClientStatus.REVOKED &&
            (c.createdBy?.id ?? null) !== taker.value,
          lastUsedAt: c.lastUsedAt ?? null,
          revokedAt: c.revokedAt ?? null,
          keys: own
            .sort((a, b) => Number(!!a.validUntil) - Number(!!b.validUntil))
            .map((k) => ({
              prefix: k.prefix,
              createdAt: k.createdAt,
              validUntil: k.validUntil ?? null,
              current: !k.validUntil,
            })),
          encryptionKeys: encryptionKeys
            .filter((k) => k.apiClient.id === id)
            .sort((a, b) => Number(!!a.validUntil) - Number(!!b.validUntil))
            .map((k) => ({
              id: k.id,
              kid: k.kid,
              algorithm: k.algorithm,
              keyType: k.keyType,
              registeredAt: k.createdAt,
              validUntil: k.validUntil ?? null,
              current: !k.validUntil,
            })),
        },
      ];
    });
  }
}
