import { Arg, Args, Ctx, ID, Int, Mutation, Query, Resolver } from 'type-graphql';
import type { Context } from '../../graphql/context.js';
import { Audience, Permission, PERMISSION_DESCRIPTIONS } from '../../kernel/permissions.js';
import { Requires } from '../../graphql/auth/requires.js';
import { ListArgs } from '../../graphql/pagination.js';
import type { Result } from '../../kernel/result.js';
import { PERMISSION_GROUPS } from '../roles/index.js';
import { PermissionGroup, PermissionInfo } from '../roles/index.js';
import {
  ApiClient,
  ApiClientConnection,
  ApiClientFilter,
  ApiClientKeyPayload,
  ApiClientPayload,
  CreateApiClientInput,
} from './api-client.types.js';

function withKey(r: Result<{ apiClient: ApiClient; key: string }>): ApiClientKeyPayload {
  return Object.assign(new ApiClientKeyPayload(), {
    apiClient: r.ok ? r.value.apiClient : null,
    key: r.ok ? r.value.key : null,
    errors: r.ok ? [] : r.errors,
  });
}

/** beheer/api and beheer/api/encryptie (API_CLIENT_MANAGE): partner API clients, their keys and public keys. */
@Resolver()
export class ApiClientResolver {
  @Query(() => ApiClientConnection, {
    description: 'API clients of the viewer’s municipalities, by name.',
  })
  @Requires(Permission.API_CLIENT_MANAGE)
  apiClients(
    @Args(() => ListArgs) page: ListArgs,
    @Ctx() ctx: Context,
    @Arg('filter', () => ApiClientFilter, { nullable: true, description: 'Which clients; all when omitted.' })
    filter?: ApiClientFilter | null,
  ): Promise<ApiClientConnection> {
    return ctx.services.apiClients.list(ctx, filter, page);
  }

  @Query(() => ApiClient, { nullable: true, description: 'One API client; null when unknown or out of scope.' })
  @Requires(Permission.API_CLIENT_MANAGE)
  apiClient(
    @Arg('id', () => ID, { description: 'The client’s id.' }) id: string,
    @Ctx() ctx: Context,
  ): Promise<ApiClient | null> {
    return ctx.services.apiClients.get(ctx, id);
  }

  @Query(() => [PermissionGroup], {
    description:
      'The permissions the viewer may give an API client (their own), grouped as in the roles matrix, with Dutch descriptions.',
  })
  @Requires(Permission.API_CLIENT_MANAGE)
  apiClientPermissionGroups(@Ctx() ctx: Context): PermissionGroup[] {
    const held =
      ctx.viewer.kind === Audience.STAFF || ctx.viewer.kind === Audience.API_CLIENT
        ? ctx.viewer.permissions
        : new Set<Permission>();
    return PERMISSION_GROUPS.map((g) =>
      Object.assign(new PermissionGroup(), {
        name: g.name,
        permissions: g.permissions
          .filter((p) => held.has(p))
          .map((permission) =>
            Object.assign(new PermissionInfo(), {
              permission,
              description: PERMISSION_DESCRIPTIONS[permission],
              held: true,
            }),
          ),
      }),
    ).filter((g) => g.permissions.length > 0);
  }

  @Mutation(() => ApiClientKeyPayload, {
    description: 'Creates an API client and its first key. The key is in the answer this once; only its hash is kept.',
  })
  @Requires(Permission.API_CLIENT_MANAGE)
  async createApiClient(
    @Arg('input', () => CreateApiClientInput, { description: 'The new client.' }) input: CreateApiClientInput,
    @Ctx() ctx: Context,
  ): Promise<ApiClientKeyPayload> {
    return withKey(await ctx.services.apiClients.create(ctx, input));
  }

  @Mutation(() => ApiClientKeyPayload, {
    description:
      'A new key for an API client, in the answer this once. The previous key keeps working for the grace period, then it is refused.',
  })
  @Requires(Permission.API_CLIENT_MANAGE)
  async rotateApiClientKey(
    @Arg('id', () => ID, { description: 'The client’s id.' }) id: string,
    @Ctx() ctx: Context,
    @Arg('graceDays', () => Int, {
      nullable: true,
      description: 'How many days the previous key keeps working (0 to 30); 7 when omitted.',
    })
    graceDays?: number | null,
  ): Promise<ApiClientKeyPayload> {
    return withKey(await ctx.services.apiClients.rotate(ctx, id, graceDays));
  }

  @Mutation(() => ApiClientPayload, {
    description:
      'Takes an API client over: the viewer becomes the staff member it answers to, so its calls work with its own permissions as far as the viewer holds them. For a client whose maker was deactivated. Needs an own staff account (not an operator or API client) holding every permission of the client.',
  })
  @Requires(Permission.API_CLIENT_MANAGE)
  async transferApiClient(
    @Arg('id', () => ID, { description: 'The client’s id.' }) id: string,
    @Ctx() ctx: Context,
  ): Promise<ApiClientPayload> {
    return ApiClientPayload.from(await ctx.services.apiClients.transfer(ctx, id));
  }

  @Mutation(() => ApiClientPayload, { description: 'Revokes an API client: every key is refused at once, for good.' })
  @Requires(Permission.API_CLIENT_MANAGE)
  async revokeApiClient(
    @Arg('id', () => ID, { description: 'The client’s id.' }) id: string,
    @Ctx() ctx: Context,
  ): Promise<ApiClientPayload> {
    return ApiClientPayload.from(await ctx.services.apiClients.revoke(ctx, id));
  }

  @Mutation(() => ApiClientPayload, {
    description:
      'Registers a public key (PEM SPKI or JWK; RSA ≥ 2048 bits for RSA-OAEP-256, or EC P-256/P-384/P-521 for ECDH-ES). From then on personal data of the BSN kind reaches the client as JWE (A256GCM) encrypted to it; the previous key can still be asked for with X-Encryption-Key-Id for 30 days.',
  })
  @Requires(Permission.API_CLIENT_MANAGE)
  async registerApiClientEncryptionKey(
    @Arg('apiClientId', () => ID, { description: 'The client’s id.' }) apiClientId: string,
    @Arg('publicKey', () => String, { description: 'The public key: a PEM block or a JWK as JSON.' })
    publicKey: string,
    @Ctx() ctx: Context,
  ): Promise<ApiClientPayload> {
    return ApiClientPayload.from(await ctx.services.apiClients.registerEncryptionKey(ctx, apiClientId, publicKey));
  }

  @Mutation(() => ApiClientPayload, {
    description: 'Removes an older public key of an API client (the current key cannot be removed, only replaced).',
  })
  @Requires(Permission.API_CLIENT_MANAGE)
  async removeApiClientEncryptionKey(
    @Arg('id', () => ID, { description: 'The id of the key registration.' }) id: string,
    @Ctx() ctx: Context,
  ): Promise<ApiClientPayload> {
    return ApiClientPayload.from(await ctx.services.apiClients.removeEncryptionKey(ctx, id));
  }
}
