import { Arg, Args, Ctx, FieldResolver, ID, Info, ObjectType, Query, Resolver, Root } from 'type-graphql';
import type { GraphQLResolveInfo } from 'graphql';
import DataLoader from 'dataloader';
import type { Context } from '../../graphql/context.js';
import { Connection, ListArgs } from '../../graphql/pagination.js';
import { selects } from '../../graphql/selection.js';
import { Requires } from '../../graphql/auth/requires.js';
import { Audience, Permission } from '../../kernel/permissions.js';
import { Product } from './product.entity.js';
import { ProductApproval } from './product-approval.entity.js';
import { Category } from './category.entity.js';
import { ProductImage } from './product-image.entity.js';
import { Provider } from '../providers/index.js';
import { MyProductFilter, ProductFilter } from './product.filters.js';
import { renderMarkdown } from '../../platform/markdown.js';
import { imagesOfProducts } from './catalogue.queries.js';

@ObjectType({
  description: 'A page of products (keyset paging: pass `pageInfo.endCursor` as `after` for the next page).',
})
export class ProductConnection extends Connection(Product, 'Product') {}

/**
 * The search a page of the public offer answered (for `ProductConnection.suggestion`); other lists have none. A
 * property, not a WeakMap entry: type-graphql copies a plain root into an instance of its class (own enumerable
 * properties, symbols too) before a field resolver gets it.
 */
const OFFER_SEARCH = Symbol('offerSearch');
type OfferPage = ProductConnection & {
  [OFFER_SEARCH]?: { filter: ProductFilter; after: string | null | undefined };
};

@Resolver(() => ProductConnection)
export class ProductConnectionResolver {
  @FieldResolver(() => String, {
    nullable: true,
    description:
      'Only for the public offer (`products`), when a search finds nothing: a search near it that does find ' +
      'products with the same filters, from the words of product titles and category names ("kompjoeter" → ' +
      '"computer"), for "Bedoelde u …?". Null when the search found something, on later pages, when nothing near ' +
      'finds anything, and on every other list of products.',
  })
  suggestion(@Root() page: OfferPage, @Ctx() ctx: Context): Promise<string | null> | null {
    const asked = page[OFFER_SEARCH];
    if (!asked?.filter.search?.trim() || asked.after || page.edges.length > 0) return null;
    return ctx.services.catalogue.suggestion(ctx, asked.filter);
  }
}

@Resolver(() => Product)
export class ProductResolver {
  @Query(() => ProductConnection, {
    description:
      'The public offer: for a resident the products approved in their municipality; for everyone else the products approved in at least one municipality.',
  })
  async products(
    @Ctx() ctx: Context,
    @Args(() => ListArgs) page: ListArgs,
    @Arg('filter', () => ProductFilter, {
      description: 'Filters and search; all optional, combined with "and".',
      nullable: true,
    })
    filter: ProductFilter | null | undefined,
    @Info() info: GraphQLResolveInfo,
  ): Promise<ProductConnection> {
    // The count is a statement of its own over every match: only when the query asks for it.
    const result: OfferPage = await ctx.services.catalogue.offer(ctx, filter, page, {
      count: selects(info, 'totalCount'),
    });
    if (filter) result[OFFER_SEARCH] = { filter, after: page.after };
    return result;
  }

  @Query(() => [Provider], {
    description: 'Providers with at least one product in the public offer, by name (the provider filter).',
  })
  offerProviders(@Ctx() ctx: Context): Promise<Provider[]> {
    return ctx.services.catalogue.offerProviders(ctx);
  }

  @Query(() => Product, {
    nullable: true,
    description:
      'One product of the public offer (for a resident: of their municipality); null when it does not exist or is not in that offer.',
  })
  product(
    @Arg('id', () => ID, { description: 'The id of the product.' }) id: string,
    @Ctx() ctx: Context,
  ): Promise<Product | null> {
    return ctx.services.catalogue.publicProduct(ctx, id);
  }

  @Query(() => ProductConnection, { description: "The logged-in provider's own products, every status." })
  @Requires(Audience.PROVIDER)
  async myProducts(
    @Ctx() ctx: Context,
    @Args(() => ListArgs) page: ListArgs,
    @Arg('filter', () => MyProductFilter, {
      description: 'Filters; all optional, combined with "and".',
      nullable: true,
    })
    filter?: MyProductFilter | null,
  ): Promise<ProductConnection> {
    return ctx.services.catalogue.providerProducts(ctx, filter, page);
  }

  @Query(() => Product, {
    nullable: true,
    description: "One of the logged-in provider's own products, any status; null otherwise.",
  })
  @Requires(Audience.PROVIDER)
  myProduct(
    @Arg('id', () => ID, { description: 'The id of the own product.' }) id: string,
    @Ctx() ctx: Context,
  ): Promise<Product | null> {
    return ctx.services.products.ownProduct(ctx, id);
  }

  @FieldResolver(() => String, {
    description: 'The description rendered from Markdown to safe HTML (no raw HTML, no script links).',
  })
  descriptionHtml(@Root() product: Product): string {
    return renderMarkdown(product.description);
  }

  @FieldResolver(() => [ProductImage], { description: 'Images in display order.' })
  images(@Root() product: Product, @Ctx() ctx: Context): Promise<ProductImage[]> {
    return imageLoader(ctx).load(product.id);
  }

  @FieldResolver(() => [ProductApproval], {
    description:
      'Each municipality’s decision on this submitted product, by municipality name: for the owning provider every municipality ' +
      'where it is an approved provider, for staff those in their scope. Empty for a draft or an archived product.',
  })
  @Requires(Audience.PROVIDER, Permission.PRODUCT_REVIEW)
  approvals(@Root() product: Product, @Ctx() ctx: Context): Promise<ProductApproval[]> {
    return ctx.services.products.approvalsOf(ctx, product);
  }

  @FieldResolver(() => [String], {
    nullable: true,
    description:
      'For a logged-in resident: the names of the household’s arrangements that can pay for this product now — in ' +
      'their municipality’s offer and available, the category covered, valid today, with budget left (the checkout’s ' +
      'rule). Empty when none can; null for anyone else. Resolved for a whole page of products in one query.',
  })
  async payableWith(@Root() product: Product, @Ctx() ctx: Context): Promise<string[] | null> {
    if (ctx.viewer.kind !== Audience.CUSTOMER) return null;
    return payableLoader(ctx).load(product.id);
  }

  @FieldResolver(() => Provider, { description: 'The provider that offers it.' })
  async provider(@Root() product: Product, @Ctx() ctx: Context): Promise<Provider> {
    return (await ctx.loaders.provider.load(product.provider.id))!;
  }

  @FieldResolver(() => Category, { description: 'The product’s category.' })
  async category(@Root() product: Product, @Ctx() ctx: Context): Promise<Category> {
    return (await ctx.loaders.category.load(product.category.id))!;
  }
}

const imageLoaders = new WeakMap<object, DataLoader<string, ProductImage[]>>();

/** Per request: the images of many products in one query. */
function imageLoader(ctx: Context): DataLoader<string, ProductImage[]> {
  let loader = imageLoaders.get(ctx.loaders);
  if (!loader) {
    loader = new DataLoader<string, ProductImage[]>(async (ids) => {
      const rows = await imagesOfProducts(ctx.em, ids);
      const byProduct = new Map<string, ProductImage[]>();
      for (const row of rows) {
        const list = byProduct.get(row.product.id);
        if (list) list.push(row);
        else byProduct.set(row.product.id, [row]);
      }
      return ids.map((id) => byProduct.get(id) ?? []);
    });
    imageLoaders.set(ctx.loaders, loader);
  }
  return loader;
}

const payableLoaders = new WeakMap<object, DataLoader<string, string[]>>();

/** Per request: which arrangements pay for many products, in one query. */
function payableLoader(ctx: Context): DataLoader<string, string[]> {
  let loader = payableLoaders.get(ctx.loaders);
  if (!loader) {
    loader = new DataLoader<string, string[]>(async (ids) => {
      const names = await ctx.services.catalogue.payableWith(ctx, ids);
      return ids.map((id) => names?.get(id) ?? []);
    });
    payableLoaders.set(ctx.loaders, loader);
  }
  return loader;
}

@Resolver(() => ProductImage)
export class ProductImageResolver {
  @FieldResolver(() => String, { description: 'URL of the image (at most 1200 pixels wide).' })
  url(@Root() image: ProductImage): string {
    return `/uploads/${image.storageKey}`;
  }

  @FieldResolver(() => String, { description: 'URL of the thumbnail (400 × 300).' })
  thumbnailUrl(@Root() image: ProductImage): string {
    return `/uploads/${image.thumbnailKey}`;
  }
}
