import { Field, ID, InputType, Int, ObjectType } from 'type-graphql';
import { UserError } from '../../kernel/errors.js';
import { Product, ProductAvailability, RedemptionMethod } from './product.entity.js';

@InputType({ description: 'A product as the provider edits it. The price is in euro cents.' })
export class ProductInput {
  @Field(() => String, { description: 'The product’s title (Dutch).' })
  title!: string;

  @Field(() => String, { description: 'Markdown. Raw HTML is shown as text; only http(s), mailto and tel links work.' })
  description!: string;

  @Field(() => Int, { description: 'Price in euro cents: 1 to 1,000,000 (€ 10.000).' })
  priceCents!: number;

  @Field(() => ID, { description: 'The id of the product’s category.' })
  categoryId!: string;

  @Field(() => ProductAvailability, { description: 'Whether it can be ordered now.' })
  availability!: ProductAvailability;

  @Field(() => RedemptionMethod, { description: 'How the resident gets it.' })
  redemptionMethod!: RedemptionMethod;
}

@ObjectType({ description: 'The result of a product mutation: the product, or what is wrong with the input.' })
export class ProductPayload {
  @Field(() => Product, { description: 'The product after the change; null when it did not work.', nullable: true })
  product!: Product | null;

  @Field(() => [UserError], { description: 'Empty when it worked; otherwise what is wrong, in Dutch.' })
  errors!: UserError[];

  static ok(product: Product): ProductPayload {
    return Object.assign(new ProductPayload(), { product, errors: [] });
  }

  static fail(...errors: UserError[]): ProductPayload {
    return Object.assign(new ProductPayload(), { product: null, errors });
  }
}
