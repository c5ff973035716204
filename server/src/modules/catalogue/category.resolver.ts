import { Arg, Args, Ctx, FieldResolver, ID, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { Context } from '../../graphql/context.js';
import { Requires } from '../../graphql/auth/requires.js';
import { Permission } from '../../kernel/permissions.js';
import { ListArgs } from '../../graphql/pagination.js';
import { Category } from './category.entity.js';
import {
  CategoryConnection,
  CategoryFilter,
  CategoryInput,
  CategoryPayload,
  DeleteCategoryPayload,
} from './category.types.js';

/** Per request: one count query for all categories of a response, however many it lists. */
const allCounts = new WeakMap<object, Promise<Map<string, number>>>();
const publicCounts = new WeakMap<object, Promise<Map<string, number>>>();

function perRequest(
  cache: WeakMap<object, Promise<Map<string, number>>>,
  ctx: Context,
  load: () => Promise<Map<string, number>>,
) {
  let counts = cache.get(ctx.loaders);
  if (!counts) {
    counts = load();
    cache.set(ctx.loaders, counts);
  }
  return counts;
}

/**
 * Categories: the public choice list, the staff list and management (beheer/categorieen). The reference resolver
 * (docs "Adding a module"): each field is a guard, one service call, and for mutations the one mapping of the
 * service's Result onto the payload (`XPayload.from`).
 */
@Resolver(() => Category)
export class CategoryResolver {
  // ---- queries ----------------------------------------------------------------------------------------------------

  @Query(() => [Category], {
    description: 'All categories, in display order (a short choice list: the offer filter, forms).',
  })
  categories(@Ctx() ctx: Context): Promise<Category[]> {
    return ctx.services.categories.all(ctx);
  }

  @Query(() => CategoryConnection, { description: 'Categories for staff, filtered, in display order.' })
  @Requires(Permission.CONTENT_EDIT)
  adminCategories(
    @Ctx() ctx: Context,
    @Args(() => ListArgs) page: ListArgs,
    @Arg('filter', () => CategoryFilter, { description: 'Filters; all optional, combined with "and".', nullable: true })
    filter?: CategoryFilter | null,
  ): Promise<CategoryConnection> {
    return ctx.services.categories.list(ctx, filter, page);
  }

  @Query(() => Category, { nullable: true, description: 'One category; null when unknown.' })
  category(
    @Arg('id', () => ID, { description: 'The id of the category.' }) id: string,
    @Ctx() ctx: Context,
  ): Promise<Category | null> {
    return ctx.services.categories.one(ctx, id);
  }

  @Query(() => Category, {
    nullable: true,
    description: 'The featured category (uitgelichte categorie), if one is chosen.',
  })
  featuredCategory(@Ctx() ctx: Context): Promise<Category | null> {
    return ctx.services.categories.featured(ctx);
  }

  // ---- fields -----------------------------------------------------------------------------------------------------

  @FieldResolver(() => Int, { description: 'How many products in any status are in this category (staff).' })
  @Requires(Permission.CONTENT_EDIT, Permission.PRODUCT_REVIEW)
  async allProductCount(@Root() category: Category, @Ctx() ctx: Context): Promise<number> {
    return (
      (await perRequest(allCounts, ctx, () => ctx.services.categories.allCountsByCategory(ctx))).get(category.id) ?? 0
    );
  }

  @FieldResolver(() => Int, { description: 'How many products of the public offer are in this category.' })
  async productCount(@Root() category: Category, @Ctx() ctx: Context): Promise<number> {
    return (
      (await perRequest(publicCounts, ctx, () => ctx.services.catalogue.publicCountsByCategory(ctx))).get(
        category.id,
      ) ?? 0
    );
  }

  // ---- mutations --------------------------------------------------------------------------------------------------

  @Mutation(() => CategoryPayload, { description: 'Creates a category of the offer (name, description, icon, order).' })
  @Requires(Permission.CONTENT_EDIT)
  async createCategory(
    @Arg('input', () => CategoryInput, { description: 'The new category.' }) input: CategoryInput,
    @Ctx() ctx: Context,
  ): Promise<CategoryPayload> {
    return CategoryPayload.from(await ctx.services.categories.create(ctx, input));
  }

  @Mutation(() => CategoryPayload, { description: 'Changes a category (name, description, icon, order).' })
  @Requires(Permission.CONTENT_EDIT)
  async updateCategory(
    @Arg('id', () => ID, { description: 'The id of the category to change.' }) id: string,
    @Arg('input', () => CategoryInput, { description: 'The category’s new values.' }) input: CategoryInput,
    @Ctx() ctx: Context,
  ): Promise<CategoryPayload> {
    return CategoryPayload.from(await ctx.services.categories.update(ctx, id, input));
  }

  @Mutation(() => DeleteCategoryPayload, {
    description: 'Deletes a category without products; one with products is refused.',
  })
  @Requires(Permission.CONTENT_EDIT)
  async deleteCategory(
    @Arg('id', () => ID, { description: 'The id of the category to delete.' }) id: string,
    @Ctx() ctx: Context,
  ): Promise<DeleteCategoryPayload> {
    return DeleteCategoryPayload.from(await ctx.services.categories.delete(ctx, id));
  }

  @Mutation(() => CategoryPayload, { description: 'Chooses the featured category; null means none.' })
  @Requires(Permission.CONTENT_EDIT)
  async setFeaturedCategory(
    @Arg('categoryId', () => ID, { description: 'The id of the category to feature; null for none.', nullable: true })
    categoryId: string | null,
    @Ctx() ctx: Context,
  ): Promise<CategoryPayload> {
    return CategoryPayload.from(await ctx.services.categories.setFeatured(ctx, categoryId ?? null));
  }
}
