import { Audience, Permission, isPermission } from '../../kernel/permissions.js';
import type { Viewer } from '../../kernel/viewer.js';
import { describePermissions, lacking } from '../../graphql/auth/grants.js';
import { ForbiddenError, UserError } from '../../kernel/errors.js';
import { isUuid } from '../../graphql/ids.js';
import { inScope, scopeSql } from '../../kernel/scope.js';
import type { ConnectionOf, ListArgs } from '../../graphql/pagination.js';
import { keysetPage } from '../../graphql/keyset.js';
import { parseRange } from '../../http/ip-allow-list.js';
import { isIsoDate, todayInAmsterdam } from '../../kernel/dates.js';
import { failIfAny, ok, problem, type Result } from '../../kernel/result.js';
import { transactional, type RequestContext } from '../../kernel/request-context.js';
import type { AuditService } from '../audit/index.js';
import { Municipality } from '../municipalities/index.js';
import { AdminAccount } from '../staff/index.js';
import { ApiClient, ApiClientEncryptionKey, ApiClientKey } from './api-client.entities.js';
import {
  BY_NAME,
  clientPage,
  creatorStanding,
  expireCurrentEncryptionKey,
  expireCurrentKey,
  lockClient,
} from './api-client.queries.js';
import { creatorProblem, effectivePermissions } from './api-client.standing.js';
import { newApiKey } from './api-keys.js';
import { parsePublicKey } from './public-keys.js';
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

const DAY_MS = 24 * 3600 * 1000;

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
 * Managing partner API clients (beheer/api, API_CLIENT_MANAGE): a client gets one municipality (one of the creator's),
 * a subset of the creator's own permissions, an optional IP allow-list, an expiry date and a rate limit. Its key is
 * returned once; only a SHA-256 hash is kept. A rotation makes a new key and lets the old one work for a grace period;
 * a revocation refuses every key at once. Every change is audit-logged.
 */
export class ApiClientManagement {
  constructor(private readonly audit: AuditService) {}

  async list(
    ctx: RequestContext,
    filter: ApiClientFilter | null | undefined,
    page: ListArgs,
  ): Promise<ConnectionOf<ApiClientView>> {
    const viewer = managingViewer(ctx);
    return keysetPage(
      BY_NAME,
      page,
      (after, limit) => {
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
          if (!isUuid(filter.municipalityId)) return null;
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
        return clientPage(ctx.em, where, params, after, limit);
      },
      (pageRows) =>
        this.views(
          ctx,
          pageRows.map((r) => r.id),
        ),
    );
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
      await lockClient(tx.em, id);
      await expireCurrentKey(tx.em, id, until);
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
      await lockClient(tx.em, isUuid(id) ? id : null);
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
      await lockClient(tx.em, id);
      const existing = await tx.em.findOne(ApiClientEncryptionKey, { apiClient: id, kid: parsed.value.kid });
      if (existing && !existing.validUntil)
        return problem(
          'publicKey',
          'ALREADY_CURRENT',
          'Deze publieke sleutel is al de huidige sleutel van deze koppeling.',
        );
      await expireCurrentEncryptionKey(tx.em, id, new Date(now.getTime() + ENCRYPTION_KEY_OVERLAP_DAYS * DAY_MS));
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
    const standing = new Map((await creatorStanding(em, ids)).map((r) => [r.id, r]));
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
