import { GraphQLError } from 'graphql';
import { ArgsType, Field, Int, ObjectType, type ClassType } from 'type-graphql';

/**
 * Lists are connections with keyset pagination. Every list query has the same arguments:
 *
 *   xs(filter: XFilter, first: Int = 25, after: String): XConnection!
 *
 * declared as `@Args(() => ListArgs) page: ListArgs` plus `@Arg('filter', () => XFilter, { nullable: true })`; the
 * service builds the page with the keyset helper (graphql/keyset.ts) and returns `toConnection(rows, …)`.
 */

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

/** A page of a list as services return it and resolvers pass on: the shape of every `XConnection`. */
export interface ConnectionOf<T> {
  edges: { cursor: string; node: T }[];
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
  totalCount: number;
}

/** The one page size of every list when the client does not ask for another. */
export const DEFAULT_PAGE_SIZE = 25;
export const MAX_PAGE_SIZE = 100;

/** `first` and `after` of every list query. */
@ArgsType()
export class ListArgs {
  @Field(() => Int, { nullable: true, defaultValue: DEFAULT_PAGE_SIZE, description: `How many items (1 to ${MAX_PAGE_SIZE}).` })
  first?: number | null = DEFAULT_PAGE_SIZE;

  @Field(() => String, { nullable: true, description: "The previous page's `pageInfo.endCursor`; omit for the first page." })
  after?: string | null;
}

/** The page size to fetch: `first` within 1…MAX_PAGE_SIZE. */
export function pageSize(first: number | null | undefined, fallback = DEFAULT_PAGE_SIZE): number {
  if (first == null || !Number.isFinite(first)) return fallback;
  return Math.max(1, Math.min(MAX_PAGE_SIZE, Math.trunc(first)));
}

/** @deprecated use pageSize (same rule); kept while modules move to ListArgs. */
export const clampPageSize = pageSize;

/** The error for a cursor that is not one of ours (or not of this list and order): the client starts again. */
export function invalidCursor(): never {
  throw new GraphQLError('De paginacursor is ongeldig. Vraag de eerste pagina opnieuw op.', {
    extensions: { code: 'BAD_USER_INPUT', argumentName: 'after' },
  });
}

/** Cursors are opaque to clients: base64url of a JSON array of the keyset values of the last row. */
export function encodeCursor(values: readonly (string | number)[]): string {
  return Buffer.from(JSON.stringify(values)).toString('base64url');
}

/**
 * The keyset values in a cursor. Anything that is not a cursor we made — not base64url JSON, not an array of
 * strings and numbers, or (with `arity`) not that many values — is refused with a BAD_USER_INPUT error.
 */
export function decodeCursor(cursor: string, arity?: number): (string | number)[] {
  if (typeof cursor !== 'string' || cursor.length === 0 || cursor.length > 2000 || !/^[A-Za-z0-9_-]+$/.test(cursor)) invalidCursor();
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    invalidCursor();
  }
  if (
    !Array.isArray(parsed) ||
    (arity !== undefined && parsed.length !== arity) ||
    !parsed.every((v) => typeof v === 'string' || (typeof v === 'number' && Number.isFinite(v)))
  ) {
    invalidCursor();
  }
  return parsed as (string | number)[];
}

/**
 * The one mapping of fetched rows onto a connection. `rows` are up to `first + 1` rows in keyset order (fetch one
 * more than the page: it says whether there is a next page); `nodes` turns the page's rows into nodes at once
 * (e.g. views with their relations loaded in one go; default: the rows themselves).
 */
export async function toConnection<R, N = R>(
  rows: readonly R[],
  options: {
    first: number;
    totalCount: number;
    cursorOf: (row: R) => string;
    nodes?: (page: R[]) => N[] | Promise<N[]>;
  },
): Promise<ConnectionOf<N>> {
  const page = rows.slice(0, options.first);
  const nodes = options.nodes ? await options.nodes(page) : (page as unknown as N[]);
  const edges = page.map((row, i) => ({ cursor: options.cursorOf(row), node: nodes[i]! }));
  return { edges, pageInfo: { hasNextPage: rows.length > options.first, endCursor: edges.at(-1)?.cursor ?? null }, totalCount: options.totalCount };
}

/** A connection without items (a filter that cannot match anything). */
export function emptyConnection<N>(): ConnectionOf<N> {
  return { edges: [], pageInfo: { hasNextPage: false, endCursor: null }, totalCount: 0 };
}
