import { Arg, Ctx, ID, Query, Resolver } from 'type-graphql';
import type { Context } from '../../graphql/context.js';
import { Provider } from './provider.entity.js';

@Resolver(() => Provider)
export class ProviderResolver {
  @Query(() => Provider, {
    nullable: true,
    description: 'A provider approved in at least one municipality; null otherwise.',
  })
  publicProvider(
    @Arg('id', () => ID, { description: 'The id of the provider.' }) id: string,
    @Ctx() ctx: Context,
  ): Promise<Provider | null> {
    return ctx.services.providers.publicProvider(ctx, id);
  }
}
