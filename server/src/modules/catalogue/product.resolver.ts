import { Arg, Args, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { Context } from '../../graphql/context.js';
import { Requires } from '../../graphql/auth/requires.js';
import { Audience, Permission } from '../../kernel/permissions.js';
import { Product } from './product.entity.js';
import { ProductInput, ProductPayload } from './product.inputs.js';
import { ProductApproval } from './product-approval.entity.js';
import { Municipality } from '../municipalities/index.js';
import { ProductConnection } from './catalogue.resolver.js';
import { ReviewProductFilter } from './product.filters.js';
import { ListArgs } from '../../graphql/pagination.js';
import { renderMarkdown } from '../../platform/markdown.js';

/** Providers manage their own products (ownership is checked in ProductService). */
@Resolver(() => Product)
export class ProviderProductResolver {
  @Mutation(() => ProductPayload, { description: 'Creates a product as a draft (concept).' })
  @Requires(Audience.PROVIDER)
  createProduct(
    @Arg('input', () => ProductInput, { description: 'The new product.' }) input: ProductInput,
    @Ctx() ctx: Context,
  ): Promise<ProductPayload> {
    return ctx.services.products.create(ctx, input);
  }

  @Mutation(() => ProductPayload, {
    description:
      'Changes an own product (draft, rejected or approved). Changing an approved product’s content makes it a draft again: it ' +
      'leaves every municipality’s offer until it is submitted and approved again.',
  })
  @Requires(Audience.PROVIDER)
  updateProduct(
    @Arg('id', () => ID, { description: 'The id of the own product.' }) id: string,
    @Arg('input', () => ProductInput, { description: 'The product’s new values.' }) input: ProductInput,
    @Ctx() ctx: Context,
  ): Promise<ProductPayload> {
    return ctx.services.products.update(ctx, id, input);
  }

  @Mutation(() => ProductPayload, {
    description:
      'Submits an own draft or rejected product for review by every municipality where your organisation is an approved provider.',
  })
  @Requires(Audience.PROVIDER)
  submitProduct(
    @Arg('id', () => ID, { description: 'The id of the own draft or rejected product.' }) id: string,
    @Ctx() ctx: Context,
  ): Promise<ProductPayload> {
    return ctx.services.products.submit(ctx, id);
  }

  @Mutation(() => ProductPayload, { description: 'Archives an own product: it leaves the offer for good.' })
  @Requires(Audience.PROVIDER)
  archiveProduct(
    @Arg('id', () => ID, { description: 'The id of the own product to archive.' }) id: string,
    @Ctx() ctx: Context,
  ): Promise<ProductPayload> {
    return ctx.services.products.archive(ctx, id);
  }

  @Mutation(() => ProductPayload, { description: 'Removes an image from an own product.' })
  @Requires(Audience.PROVIDER)
  deleteProductImage(
    @Arg('productId', () => ID, { description: 'The id of the own product the image belongs to.' }) productId: string,
    @Arg('imageId', () => ID, { description: 'The id of the image to remove.' }) imageId: string,
    @Ctx() ctx: Context,
  ): Promise<ProductPayload> {
    return ctx.services.productImages.delete(ctx, productId, imageId);
  }

  @Mutation(() => ProductPayload, {
    description:
      'Puts the images of an own product in this order (every image id exactly once); the first is the main picture. ' +
      'An approved product stays in the offer.',
  })
  @Requires(Audience.PROVIDER)
  reorderProductImages(
    @Arg('productId', () => ID, { description: 'The id of the own product.' }) productId: string,
    @Arg('imageIds', () => [ID], {
      description: 'Every image id of the product exactly once, in the new order; the first is the main image.',
    })
    imageIds: string[],
    @Ctx() ctx: Context,
  ): Promise<ProductPayload> {
    return ctx.services.productImages.reorder(ctx, productId, imageIds);
  }

  @Query(() => String, {
    description:
      'A product description (Markdown) rendered exactly as the product page renders `descriptionHtml`: for the preview in the product form.',
  })
  @Requires(Audience.PROVIDER)
  previewMarkdown(
    @Arg('source', () => String, { description: 'The product description (Markdown) to render.' }) source: string,
  ): string {
    return renderMarkdown(source);
  }
}

/** Staff review products: each municipality decides for itself, and a reviewer only for the municipalities in their scope. */
@Resolver(() => Product)
export class ProductReviewResolver {
  @Query(() => ProductConnection, {
    description:
      'Products within your scope. With `approvalStatus`: products with a decision of that status in a municipality of your scope ' +
      '(or `municipalityId`): PENDING is the review queue, longest waiting first; APPROVED and REJECTED most recent decision first. ' +
      'Without it: all products (optionally of one `status` or provider), newest first; SUBMITTED oldest submission first.',
  })
  @Requires(Permission.PRODUCT_REVIEW)
  async reviewProducts(
    @Ctx() ctx: Context,
    @Args(() => ListArgs) page: ListArgs,
    @Arg('filter', () => ReviewProductFilter, {
      description: 'Filters; all optional, combined with "and".',
      nullable: true,
    })
    filter?: ReviewProductFilter | null,
  ): Promise<ProductConnection> {
    return ctx.services.products.reviewList(ctx, filter, page);
  }

  @Query(() => Product, {
    nullable: true,
    description: 'One product in any status, within your scope; null otherwise.',
  })
  @Requires(Permission.PRODUCT_REVIEW)
  reviewProduct(
    @Arg('id', () => ID, { description: 'The id of the product.' }) id: string,
    @Ctx() ctx: Context,
  ): Promise<Product | null> {
    return ctx.services.products.reviewProduct(ctx, id);
  }

  @Mutation(() => ProductPayload, {
    description:
      'Approves a submitted product for municipalities of your scope: it enters their offer. `municipalityIds` null: every ' +
      'municipality of your scope where it waits for a decision. All or nothing.',
  })
  @Requires(Permission.PRODUCT_REVIEW)
  approveProduct(
    @Arg('id', () => ID, { description: 'The id of the submitted product.' }) id: string,
    @Ctx() ctx: Context,
    @Arg('municipalityIds', () => [ID], {
      description:
        'The municipalities to approve it for; null: every municipality of your scope where it awaits a decision.',
      nullable: true,
    })
    municipalityIds?: string[] | null,
  ): Promise<ProductPayload> {
    return ctx.services.products.approve(ctx, id, municipalityIds);
  }

  @Mutation(() => ProductPayload, {
    description:
      'Rejects a submitted product for municipalities of your scope, with a reason the provider sees. `municipalityIds` null: ' +
      'every municipality of your scope where it waits for a decision. All or nothing.',
  })
  @Requires(Permission.PRODUCT_REVIEW)
  rejectProduct(
    @Arg('id', () => ID, { description: 'The id of the submitted product.' }) id: string,
    @Arg('reason', () => String, { description: 'Why it is rejected; the provider reads it (Dutch, free text).' })
    reason: string,
    @Ctx() ctx: Context,
    @Arg('municipalityIds', () => [ID], {
      description:
        'The municipalities to reject it for; null: every municipality of your scope where it awaits a decision.',
      nullable: true,
    })
    municipalityIds?: string[] | null,
  ): Promise<ProductPayload> {
    return ctx.services.products.reject(ctx, id, reason, municipalityIds);
  }
}

/** One municipality's decision on a product. */
@Resolver(() => ProductApproval)
export class ProductApprovalResolver {
  @FieldResolver(() => Municipality, { description: 'The municipality that decides.' })
  async municipality(@Root() approval: ProductApproval, @Ctx() ctx: Context): Promise<Municipality> {
    return (await ctx.loaders.municipality.load(approval.municipality.id))!;
  }
}
