import { Field, Int, ObjectType, type ClassType } from 'type-graphql';

@ObjectType({ description: 'Where a page of a connection ends.' })
export class PageInfo {
  @Field(() => Boolean)
  hasNextPage!: boolean;

  @Field(() => String, { nullable: true, description: 'Pass as `after` to get the next page.' })
  endCursor!: string | null;
}

/** A relay-style connection type for `T`: edges with opaque cursors, page info and the total. */
export function Connection<T extends object>(node: ClassType<T>, name: string) {
  @ObjectType(`${name}Edge`)
  class Edge {
    @Field(() => String)
    cursor!: string;

    @Field(() => node)
    node!: T;
  }

  @ObjectType(`${name}Connection`)
  class ConnectionType {
    @Field(() => [Edge])
    edges!: Edge[];

    @Field(() => PageInfo)
    pageInfo!: PageInfo;

    @Field(() => Int, { description: 'How many items match, over all pages.' })
    totalCount!: number;
  }
  return ConnectionType;
}

export const MAX_PAGE_SIZE = 100;

/** Cursors are opaque to clients: base64url of the keyset values of the last row. */
export function encodeCursor(values: (string | number)[]): string {
  return Buffer.from(JSON.stringify(values)).toString('base64url');
}

/** The keyset values in a cursor, or null when the cursor is not one of ours. */
export function decodeCursor(cursor: string | null | undefined, arity: number): (string | number)[] | null {
  if (!cursor) return null;
  try {
    const parsed: unknown = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
    if (Array.isArray(parsed) && parsed.length === arity && parsed.every((v) => typeof v === 'string' || typeof v === 'number')) {
      return parsed;
    }
  } catch {
    /* fall through */
  }
  return null;
}

export function clampPageSize(first: number | null | undefined, fallback: number): number {
  if (first == null) return fallback;
  return Math.max(1, Math.min(MAX_PAGE_SIZE, Math.trunc(first)));
}
