import { Arg, Ctx, FieldResolver, ID, Int, ObjectType, Query, Resolver, Root } from 'type-graphql';
import type { Context } from '../../graphql/context.js';
import { Connection } from '../../graphql/pagination.js';
import { Requires } from '../../graphql/auth/requires.js';
import { Audience } from '../../graphql/auth/permissions.js';
import { Product } from './product.entity.js';
import { Category } from './category.entity.js';
import { Provider } from '../providers/provider.entity.js';
import type { ProductPage } from './catalogue.service.js';

@ObjectType()
export class ProductConnection extends Connection(Product, 'Product') {}

function toConnection(page: ProductPage): ProductConnection {
  return Object.assign(new ProductConnection(), {
    edges: page.items,
    pageInfo: { hasNextPage: page.hasNextPage, endCursor: page.endCursor },
    totalCount: page.totalCount,
  });
}

@Resolver(() => Product)
export class ProductResolver {
  @Query(() => ProductConnection, { description: 'The public offer: approved products of approved providers.' })
  async products(
    @Ctx() ctx: Context,
    @Arg('first', () => Int, { nullable: true, defaultValue: 24 }) first: number,
    @Arg('after', () => String, { nullable: true }) after?: string | null,
    @Arg('search', () => String, { nullable: true, description: 'Dutch full-text search; tolerates typos.' }) search?: string | null,
    @Arg('categoryId', () => ID, { nullable: true }) categoryId?: string | null,
    @Arg('providerId', () => ID, { nullable: true }) providerId?: string | null,
  ): Promise<ProductConnection> {
    return toConnection(await ctx.services.catalogue.offer(ctx, { first, after, search, categoryId, providerId }));
  }

  @Query(() => Product, { nullable: true, description: 'One product of the public offer; null when it does not exist or is not public.' })
  product(@Arg('id', () => ID) id: string, @Ctx() ctx: Context): Promise<Product | null> {
    return ctx.services.catalogue.publicProduct(ctx, id);
  }

  @Query(() => ProductConnection, { description: "The logged-in provider's own products, every status." })
  @Requires(Audience.PROVIDER)
  async myProducts(
    @Ctx() ctx: Context,
    @Arg('first', () => Int, { nullable: true, defaultValue: 50 }) first: number,
    @Arg('after', () => String, { nullable: true }) after?: string | null,
  ): Promise<ProductConnection> {
    return toConnection(await ctx.services.catalogue.providerProducts(ctx, first, after));
  }

  @FieldResolver(() => Provider)
  async provider(@Root() product: Product, @Ctx() ctx: Context): Promise<Provider> {
    return (await ctx.loaders.provider.load(product.provider.id))!;
  }

  @FieldResolver(() => Category)
  async category(@Root() product: Product, @Ctx() ctx: Context): Promise<Category> {
    return (await ctx.loaders.category.load(product.category.id))!;
  }
}

@Resolver(() => Category)
export class CategoryResolver {
  private static readonly counts = new WeakMap<object, Promise<Map<string, number>>>();

  @Query(() => [Category], { description: 'All categories, in display order.' })
  categories(@Ctx() ctx: Context): Promise<Category[]> {
    return ctx.services.catalogue.categories(ctx);
  }

  @FieldResolver(() => Int, { description: 'How many products of the public offer are in this category.' })
  async productCount(@Root() category: Category, @Ctx() ctx: Context): Promise<number> {
    let counts = CategoryResolver.counts.get(ctx.loaders);
    if (!counts) {
      counts = ctx.services.catalogue.publicCountsByCategory(ctx);
      CategoryResolver.counts.set(ctx.loaders, counts);
    }
    return (await counts).get(category.id) ?? 0;
  }
}
