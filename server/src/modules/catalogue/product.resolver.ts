import { Arg, Ctx, ID, Int, Mutation, Query, Resolver } from 'type-graphql';
import type { Context } from '../../graphql/context.js';
import { Requires } from '../../graphql/auth/requires.js';
import { Audience, Permission } from '../../graphql/auth/permissions.js';
import { Product, ProductStatus } from './product.entity.js';
import { ProductInput, ProductPayload } from './product.inputs.js';
import { ProductConnection } from './catalogue.resolver.js';

/** Providers manage their own products (ownership is checked in ProductService). */
@Resolver(() => Product)
export class ProviderProductResolver {
  @Mutation(() => ProductPayload, { description: 'Creates a product as a draft (concept).' })
  @Requires(Audience.PROVIDER)
  createProduct(@Arg('input', () => ProductInput) input: ProductInput, @Ctx() ctx: Context): Promise<ProductPayload> {
    return ctx.services.products.create(ctx, input);
  }

  @Mutation(() => ProductPayload, {
    description: 'Changes an own product (draft, rejected or approved). Changing an approved product’s content makes it a draft again.',
  })
  @Requires(Audience.PROVIDER)
  updateProduct(
    @Arg('id', () => ID) id: string,
    @Arg('input', () => ProductInput) input: ProductInput,
    @Ctx() ctx: Context,
  ): Promise<ProductPayload> {
    return ctx.services.products.update(ctx, id, input);
  }

  @Mutation(() => ProductPayload, { description: 'Submits an own draft or rejected product for review.' })
  @Requires(Audience.PROVIDER)
  submitProduct(@Arg('id', () => ID) id: string, @Ctx() ctx: Context): Promise<ProductPayload> {
    return ctx.services.products.submit(ctx, id);
  }

  @Mutation(() => ProductPayload, { description: 'Archives an own product: it leaves the offer for good.' })
  @Requires(Audience.PROVIDER)
  archiveProduct(@Arg('id', () => ID) id: string, @Ctx() ctx: Context): Promise<ProductPayload> {
    return ctx.services.products.archive(ctx, id);
  }

  @Mutation(() => ProductPayload, { description: 'Removes an image from an own product.' })
  @Requires(Audience.PROVIDER)
  deleteProductImage(
    @Arg('productId', () => ID) productId: string,
    @Arg('imageId', () => ID) imageId: string,
    @Ctx() ctx: Context,
  ): Promise<ProductPayload> {
    return ctx.services.productImages.delete(ctx, productId, imageId);
  }
}

/** Staff review products within their municipality scope. */
@Resolver(() => Product)
export class ProductReviewResolver {
  @Query(() => ProductConnection, {
    description:
      'Products for review within your scope: SUBMITTED oldest first, REJECTED/APPROVED most recently reviewed first, otherwise newest first.',
  })
  @Requires(Permission.PRODUCT_REVIEW)
  async reviewProducts(
    @Ctx() ctx: Context,
    @Arg('status', () => ProductStatus, { nullable: true }) status?: ProductStatus | null,
    @Arg('providerId', () => ID, { nullable: true }) providerId?: string | null,
    @Arg('first', () => Int, { nullable: true, defaultValue: 25 }) first?: number,
    @Arg('after', () => String, { nullable: true }) after?: string | null,
  ): Promise<ProductConnection> {
    return ctx.services.products.reviewList(ctx, { status, providerId, first, after });
  }

  @Query(() => Product, { nullable: true, description: 'One product in any status, within your scope; null otherwise.' })
  @Requires(Permission.PRODUCT_REVIEW)
  reviewProduct(@Arg('id', () => ID) id: string, @Ctx() ctx: Context): Promise<Product | null> {
    return ctx.services.products.reviewProduct(ctx, id);
  }

  @Mutation(() => ProductPayload, { description: 'Approves a submitted product: it enters the offer.' })
  @Requires(Permission.PRODUCT_REVIEW)
  approveProduct(@Arg('id', () => ID) id: string, @Ctx() ctx: Context): Promise<ProductPayload> {
    return ctx.services.products.approve(ctx, id);
  }

  @Mutation(() => ProductPayload, { description: 'Rejects a submitted product with a reason the provider sees.' })
  @Requires(Permission.PRODUCT_REVIEW)
  rejectProduct(@Arg('id', () => ID) id: string, @Arg('reason', () => String) reason: string, @Ctx() ctx: Context): Promise<ProductPayload> {
    return ctx.services.products.reject(ctx, id, reason);
  }
}
