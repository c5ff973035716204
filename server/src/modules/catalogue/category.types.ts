import { Field, ID, InputType, Int, ObjectType } from 'type-graphql';
import { Connection } from '../../graphql/pagination.js';
import { Payload } from '../../graphql/payload.js';
import { Category } from './category.entity.js';

/** The GraphQL types of the category module besides the entity itself: input, filter, connection, payloads. */

@InputType({ description: 'A category as staff edit it. Rules: src/rules/category.ts (shared with the client).' })
export class CategoryInput {
  @Field(() => String, { description: '2 to 80 characters; unique (ignoring case).' })
  name!: string;

  @Field(() => String, { defaultValue: '', description: 'At most 1,000 characters.' })
  description!: string;

  @Field(() => Int, { description: 'Display order: lower first (0 to 100,000).', defaultValue: 0 })
  sortOrder!: number;
}

@InputType({ description: 'Filters for the staff list of categories; all optional and combined with AND.' })
export class CategoryFilter {
  @Field(() => String, { nullable: true, description: 'Part of the name (case and accents do not matter).' })
  search?: string | null;

  @Field(() => Boolean, {
    nullable: true,
    description: 'true: only categories with products (any status); false: only empty ones (which can be deleted).',
  })
  hasProducts?: boolean | null;
}

@ObjectType({
  description: 'A page of categories (keyset paging: pass `pageInfo.endCursor` as `after` for the next page).',
})
export class CategoryConnection extends Connection(Category, 'Category') {}

@ObjectType({ description: 'The result of a category mutation.' })
export class CategoryPayload extends Payload(Category, 'category') {}

@ObjectType({ description: 'The result of deleting a category.' })
export class DeleteCategoryPayload extends Payload<string, 'deletedId'>(
  ID,
  'deletedId',
  'The id of the deleted category; null when nothing was deleted.',
) {}
