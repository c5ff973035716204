import { Ctx, Info, Query, Resolver } from 'type-graphql';
import type { GraphQLResolveInfo } from 'graphql';
import type { Context } from '../../graphql/context.js';
import { Requires } from '../../graphql/auth/requires.js';
import { Permission } from '../../kernel/permissions.js';
import { ApiDocumentation } from './api-docs.types.js';
import { apiDocumentation } from './api-docs.service.js';

@Resolver()
export class ApiDocumentationResolver {
  /** The documentation screen (/admin/beheer/api/documentatie): the same permission as the API clients screen. */
  @Requires(Permission.API_CLIENT_MANAGE)
  @Query(() => ApiDocumentation, {
    description:
      'The documentation of this API, generated from the running schema: every query and mutation with its ' +
      'arguments, returned fields, required permissions and an example request, plus the SDL and the schema changelog.',
  })
  apiDocumentation(@Info() info: GraphQLResolveInfo, @Ctx() ctx: Context): ApiDocumentation {
    return apiDocumentation(info.schema, ctx.services.httpRoutes);
  }
}
