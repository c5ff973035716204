import { Field, ID, InputType } from 'type-graphql';
import { ProductStatus } from './product.entity.js';
import { ProductApprovalStatus } from './product-approval.entity.js';
import { ProductSort } from './catalogue.service.js';

@InputType({
  description: 'Which products of the public offer `products` gives, and in which order. Every field is optional.',
})
export class ProductFilter {
  @Field(() => String, {
    nullable: true,
    description: 'Dutch full-text search; tolerates typos (at most 200 characters are used).',
  })
  search?: string | null;

  @Field(() => ID, { nullable: true, description: 'Only products of this category.' })
  categoryId?: string | null;

  @Field(() => ID, { nullable: true, description: 'Only products of this provider.' })
  providerId?: string | null;

  @Field(() => ProductSort, { nullable: true, description: 'Default: RELEVANCE when searching, else NEWEST.' })
  sort?: ProductSort | null;

  @Field(() => Boolean, {
    nullable: true,
    description:
      'Only products the logged-in resident’s arrangements can pay for now (the same rule as the checkout and ' +
      '`Product.payableWith`). Ignored for anyone else.',
  })
  payable?: boolean | null;
}

@InputType({
  description: "Which of the logged-in provider's own products `myProducts` gives. Every field is optional.",
})
export class MyProductFilter {
  @Field(() => ProductStatus, { nullable: true, description: 'Only products with this (summary) status.' })
  status?: ProductStatus | null;
}

@InputType({
  description:
    'Which products `reviewProducts` gives. With `approvalStatus`: products with a decision of that status in a municipality of your ' +
    'scope (or `municipalityId`). Without it: all products of your scope, optionally of one `status`. Every field is optional.',
})
export class ReviewProductFilter {
  @Field(() => ProductApprovalStatus, { nullable: true, description: 'A municipality’s decision within your scope.' })
  approvalStatus?: ProductApprovalStatus | null;

  @Field(() => ID, { nullable: true, description: 'With `approvalStatus`: only this municipality of your scope.' })
  municipalityId?: string | null;

  @Field(() => ProductStatus, { nullable: true, description: 'The product’s own (summary) status.' })
  status?: ProductStatus | null;

  @Field(() => ID, { nullable: true, description: 'Only products of this provider.' })
  providerId?: string | null;
}
