import { Field, ID, InputType, Int, ObjectType } from 'type-graphql';
import { UserError } from '../../graphql/errors.js';
import { Product, ProductAvailability, RedemptionMethod } from './product.entity.js';
import { Category } from './category.entity.js';

@InputType({ description: 'A product as the provider edits it. The price is in euro cents.' })
export class ProductInput {
  @Field(() => String)
  title!: string;

  @Field(() => String, { description: 'Markdown. Raw HTML is shown as text; only http(s), mailto and tel links work.' })
  description!: string;

  @Field(() => Int, { description: 'Price in euro cents: 1 to 1,000,000 (€ 10.000).' })
  priceCents!: number;

  @Field(() => ID)
  categoryId!: string;

  @Field(() => ProductAvailability)
  availability!: ProductAvailability;

  @Field(() => RedemptionMethod)
  redemptionMethod!: RedemptionMethod;
}

@ObjectType({ description: 'The result of a product mutation: the product, or what is wrong with the input.' })
export class ProductPayload {
  @Field(() => Product, { nullable: true })
  product!: Product | null;

  @Field(() => [UserError])
  errors!: UserError[];

  static ok(product: Product): ProductPayload {
    return Object.assign(new ProductPayload(), { product, errors: [] });
  }

  static fail(...errors: UserError[]): ProductPayload {
    return Object.assign(new ProductPayload(), { product: null, errors });
  }
}

@InputType({ description: 'A category as staff edit it.' })
export class CategoryInput {
  @Field(() => String)
  name!: string;

  @Field(() => String, { defaultValue: '' })
  description!: string;

  @Field(() => Int, { description: 'Display order: lower first (0 to 100,000).', defaultValue: 0 })
  sortOrder!: number;
}

@ObjectType({ description: 'The result of a category mutation.' })
export class CategoryPayload {
  @Field(() => Category, { nullable: true })
  category!: Category | null;

  @Field(() => [UserError])
  errors!: UserError[];

  static ok(category: Category | null): CategoryPayload {
    return Object.assign(new CategoryPayload(), { category, errors: [] });
  }

  static fail(...errors: UserError[]): CategoryPayload {
    return Object.assign(new CategoryPayload(), { category: null, errors });
  }
}

@ObjectType({ description: 'The result of deleting a category.' })
export class DeleteCategoryPayload {
  @Field(() => ID, { nullable: true, description: 'The id of the deleted category; null when nothing was deleted.' })
  deletedId!: string | null;

  @Field(() => [UserError])
  errors!: UserError[];
}
