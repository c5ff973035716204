import { Arg, Ctx, ID, Mutation, Resolver } from 'type-graphql';
import type { Context } from '../../graphql/context.js';
import { Requires } from '../../graphql/auth/requires.js';
import { Permission } from '../../graphql/auth/permissions.js';
import { Category } from './category.entity.js';
import { CategoryInput, CategoryPayload, DeleteCategoryPayload } from './product.inputs.js';

/** Category management (beheer/categorieen). */
@Resolver(() => Category)
export class CategoryAdminResolver {
  @Mutation(() => CategoryPayload)
  @Requires(Permission.CONTENT_EDIT)
  createCategory(@Arg('input', () => CategoryInput) input: CategoryInput, @Ctx() ctx: Context): Promise<CategoryPayload> {
    return ctx.services.categories.create(ctx, input);
  }

  @Mutation(() => CategoryPayload)
  @Requires(Permission.CONTENT_EDIT)
  updateCategory(
    @Arg('id', () => ID) id: string,
    @Arg('input', () => CategoryInput) input: CategoryInput,
    @Ctx() ctx: Context,
  ): Promise<CategoryPayload> {
    return ctx.services.categories.update(ctx, id, input);
  }

  @Mutation(() => DeleteCategoryPayload, { description: 'Deletes a category without products; one with products is refused.' })
  @Requires(Permission.CONTENT_EDIT)
  deleteCategory(@Arg('id', () => ID) id: string, @Ctx() ctx: Context): Promise<DeleteCategoryPayload> {
    return ctx.services.categories.delete(ctx, id);
  }

  @Mutation(() => CategoryPayload, { description: 'Chooses the featured category; null means none.' })
  @Requires(Permission.CONTENT_EDIT)
  setFeaturedCategory(
    @Arg('categoryId', () => ID, { nullable: true }) categoryId: string | null,
    @Ctx() ctx: Context,
  ): Promise<CategoryPayload> {
    return ctx.services.categories.setFeatured(ctx, categoryId ?? null);
  }
}
