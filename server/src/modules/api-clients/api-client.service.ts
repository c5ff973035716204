import type { GraphQLError } from 'graphql';
import type { Request } from 'express';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Viewer } from '../../kernel/viewer.js';
import type { ConnectionOf, ListArgs } from '../../graphql/pagination.js';
import type { Result } from '../../kernel/result.js';
import type { RequestContext } from '../../kernel/request-context.js';
import type { AuditService } from '../audit/index.js';
import type { Limits } from '../limits/index.js';
import { ApiClientAuth, type ApiCallOperation, type ApiClientSession } from './api-client.auth.js';
import { ApiClientManagement } from './api-client.management.js';
import type { ApiClient as ApiClientView, ApiClientFilter, CreateApiClientInput } from './api-client.types.js';

export { ENCRYPTION_KEY_HEADER, operationOf, type ApiCallOperation, type ApiClientSession } from './api-client.auth.js';
export {
  DEFAULT_RATE_LIMIT_PER_MINUTE,
  DEFAULT_ROTATION_GRACE_DAYS,
  ENCRYPTION_KEY_OVERLAP_DAYS,
  MAX_ROTATION_GRACE_DAYS,
} from './api-client.management.js';
export { countClientsAnsweringTo } from './api-client.queries.js';

/**
 * Partner API clients, in two parts along their seam: key authentication on every call (`api-client.auth.ts`:
 * `authenticate`, `admit`) and management on beheer/api (`api-client.management.ts`: list, create, rotate, revoke,
 * take over, encryption keys). Both apply the maker's standing (`api-client.standing.ts`); their SQL is in
 * `api-client.queries.ts`. This class is the one face the contexts, routes and resolvers call.
 */
export class ApiClientService {
  private readonly auth: ApiClientAuth;
  private readonly management: ApiClientManagement;

  constructor(audit: AuditService, limits: Limits) {
    this.auth = new ApiClientAuth(audit, limits);
    this.management = new ApiClientManagement(audit);
  }

  // ---- key authentication ----------------------------------------------------------------------------------------

  /** null: the request carries no API key of ours. Otherwise the viewer and session, or the refusal. */
  authenticate(
    em: EntityManager,
    req: Request,
    now: Date,
  ): Promise<{ ok: true; viewer: Viewer; session: ApiClientSession } | { ok: false; error: GraphQLError } | null> {
    return this.auth.authenticate(em, req, now);
  }

  /** A call of an authenticated client: reserves a request of its per-minute budget and records the call. */
  admit(ctx: RequestContext, session: ApiClientSession, req: Request, operation?: ApiCallOperation): Promise<void> {
    return this.auth.admit(ctx, session, req, operation);
  }

  // ---- management ------------------------------------------------------------------------------------------------

  list(
    ctx: RequestContext,
    filter: ApiClientFilter | null | undefined,
    page: ListArgs,
  ): Promise<ConnectionOf<ApiClientView>> {
    return this.management.list(ctx, filter, page);
  }

  get(ctx: RequestContext, id: string): Promise<ApiClientView | null> {
    return this.management.get(ctx, id);
  }

  create(ctx: RequestContext, input: CreateApiClientInput): Promise<Result<{ apiClient: ApiClientView; key: string }>> {
    return this.management.create(ctx, input);
  }

  /** A new key; the current one keeps working for `graceDays` (default 7, 0 to 30), then it is refused. */
  rotate(
    ctx: RequestContext,
    id: string,
    graceDays?: number | null,
  ): Promise<Result<{ apiClient: ApiClientView; key: string }>> {
    return this.management.rotate(ctx, id, graceDays);
  }

  /** Every key of the client is refused from now on. */
  revoke(ctx: RequestContext, id: string): Promise<Result<ApiClientView>> {
    return this.management.revoke(ctx, id);
  }

  /** Takes a client over: the viewer becomes the staff member it answers to. */
  transfer(ctx: RequestContext, id: string): Promise<Result<ApiClientView>> {
    return this.management.transfer(ctx, id);
  }

  /** Registers a public key (PEM or JWK): personal data of the BSN kind then reaches the client encrypted to it. */
  registerEncryptionKey(ctx: RequestContext, id: string, publicKey: string): Promise<Result<ApiClientView>> {
    return this.management.registerEncryptionKey(ctx, id, publicKey);
  }

  /** Removes an older public key (not the current one). */
  removeEncryptionKey(ctx: RequestContext, keyId: string): Promise<Result<ApiClientView>> {
    return this.management.removeEncryptionKey(ctx, keyId);
  }
}
