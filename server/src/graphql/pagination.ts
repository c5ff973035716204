import { GraphQLError } from 'graphql';
import type { EntityManager } from '@mikro-orm/postgresql';
import { ArgsType, Field, Int, ObjectType, type ClassType } from 'type-graphql';
import { isUuid } from './ids.js';
import { isHostileText } from '../kernel/hostile-text.js';
import { countUpTo } from './pagination.queries.js';

/**
 * Lists are connections with keyset pagination. Every list query has the same arguments:
 *
 *   xs(filter: XFilter, first: Int = 25, after: String): XConnection!
 *
 * declared as `@Args(() => ListArgs) page: ListArgs` plus `@Arg('filter', () => XFilter, { nullable: true })`; the
 * service reads `after` with `readCursor` (directly, or through the keyset helper in graphql/keyset.ts), builds the
 * page and returns `toConnection(rows, …)`.
 */

@ObjectType({ description: 'Where a page of a connection ends.' })
export class PageInfo {
  @Field(() => Boolean, { description: 'True when more items follow this page.' })
  hasNextPage!: boolean;

  @Field(() => String, { nullable: true, description: 'Pass as `after` to get the next page.' })
  endCursor!: string | null;
}

/** A relay-style connection type for `T`: edges with opaque cursors, page info and the total. */
export function Connection<T extends object>(node: ClassType<T>, name: string) {
  @ObjectType(`${name}Edge`, { description: `One ${name} in a page of a list, with its cursor.` })
  class Edge {
    @Field(() => String, {
      description: 'An opaque cursor for this item: pass it as `after` to get the items that follow it.',
    })
    cursor!: string;

    @Field(() => node, { description: `The ${name} itself.` })
    node!: T;
  }

  @ObjectType(`${name}Connection`, {
    description:
      `A page of ${name} items (keyset paging): ask for \`first\` items (default 25, at most 100), then pass ` +
      '`pageInfo.endCursor` as `after` for the next page while `pageInfo.hasNextPage` is true.',
  })
  class ConnectionType {
    @Field(() => [Edge], { description: 'The items of this page, in the order of the list.' })
    edges!: Edge[];

    @Field(() => PageInfo, { description: 'Whether more items follow, and the cursor to ask for them.' })
    pageInfo!: PageInfo;

    @Field(() => Int, {
      description:
        'How many items match, over all pages; on the large admin lists at most a cap (see `totalCountCapped`).',
    })
    totalCount!: number;

    @Field(() => Boolean, {
      description:
        'True when counting stopped at a cap: more items than `totalCount` match ("more than 1,000"). Large admin ' +
        'lists count at most COUNT_CAP items per page instead of millions; the pages themselves go to any depth.',
    })
    totalCountCapped!: boolean;
  }
  return ConnectionType;
}

/** A page of a list as services return it and resolvers pass on: the shape of every `XConnection`. */
export interface ConnectionOf<T> {
  edges: { cursor: string; node: T }[];
  pageInfo: { hasNextPage: boolean; endCursor: string | null };
  totalCount: number;
  /** True when `totalCount` is a cap (more items match); see `cappedCount`. */
  totalCountCapped: boolean;
}

/** The one page size of every list when the client does not ask for another. */
export const DEFAULT_PAGE_SIZE = 25;
export const MAX_PAGE_SIZE = 100;

/** `first` and `after` of every list query. */
@ArgsType()
export class ListArgs {
  @Field(() => Int, {
    nullable: true,
    defaultValue: DEFAULT_PAGE_SIZE,
    description: `How many items (1 to ${MAX_PAGE_SIZE}).`,
  })
  first?: number | null = DEFAULT_PAGE_SIZE;

  @Field(() => String, {
    nullable: true,
    description: "The previous page's `pageInfo.endCursor`; omit for the first page.",
  })
  after?: string | null;
}

/** The page size to fetch: `first` within 1…MAX_PAGE_SIZE. */
export function pageSize(first: number | null | undefined, fallback = DEFAULT_PAGE_SIZE): number {
  if (first == null || !Number.isFinite(first)) return fallback;
  return Math.max(1, Math.min(MAX_PAGE_SIZE, Math.trunc(first)));
}

/** @deprecated use pageSize (same rule); kept while modules move to ListArgs. */
export const clampPageSize = pageSize;

/** Cursors are opaque to clients: base64url of a JSON array of the keyset values of the last row. */
export function encodeCursor(values: readonly (string | number)[]): string {
  return Buffer.from(JSON.stringify(values)).toString('base64url');
}

export const INVALID_CURSOR_MESSAGE = 'De paginacursor is ongeldig. Begin opnieuw bij de eerste pagina.';

/** A cursor that is not one of ours (or not of this list and order): a client mistake (BAD_USER_INPUT, HTTP 400), never a database error. */
export class InvalidCursorError extends GraphQLError {
  constructor() {
    super(INVALID_CURSOR_MESSAGE, {
      extensions: { code: 'BAD_USER_INPUT', field: 'after', argumentName: 'after', http: { status: 400 } },
    });
  }
}

/** Throws the InvalidCursorError: for a cursor that `readCursor` accepted but the list finds is not its own. */
export function invalidCursor(): never {
  throw new InvalidCursorError();
}

/**
 * What each value of a cursor must be: free `text`, a `timestamp` (as PostgreSQL or toISOString writes one), a `date`
 * (YYYY-MM-DD), a `uuid`, a `float`, an `integer` (32 bits), a `bigint`, a `numeric` or a `boolean` (as PostgreSQL's
 * text output writes them), or exactly the given literal (the name of an ordering, so a cursor of another sort is
 * refused).
 */
export type CursorPart =
  | 'text'
  | 'timestamp'
  | 'date'
  | 'uuid'
  | 'float'
  | 'integer'
  | 'bigint'
  | 'numeric'
  | 'boolean'
  | { literal: string };

const MAX_CURSOR_LENGTH = 2000;
const MAX_TEXT_PART = 1000;
const TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})(\.\d{1,6})?(Z|[+-](\d{2})(?::?(\d{2}))?)?$/;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const FLOAT = /^-?(\d+\.?\d*|\.\d+)([eE][+-]?\d{1,3})?$/;

function isRealDay(year: number, month: number, day: number): boolean {
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return year >= 1 && month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth;
}

function isTimestamp(value: string): boolean {
  const m = TIMESTAMP.exec(value);
  if (!m) return false;
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map(Number) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  const offsetHours = m[9] === undefined ? 0 : Number(m[9]);
  const offsetMinutes = m[10] === undefined ? 0 : Number(m[10]);
  return (
    isRealDay(year, month, day) &&
    hour <= 23 &&
    minute <= 59 &&
    second <= 59 &&
    offsetHours <= 15 &&
    offsetMinutes <= 59
  );
}

function isDate(value: string): boolean {
  const m = DATE.exec(value);
  return !!m && isRealDay(Number(m[1]), Number(m[2]), Number(m[3]));
}

function partIsValid(part: CursorPart, value: string): boolean {
  if (typeof part === 'object') return value === part.literal;
  switch (part) {
    case 'text':
      return value.length <= MAX_TEXT_PART && !isHostileText(value);
    case 'timestamp':
      return isTimestamp(value);
    case 'date':
      return isDate(value);
    case 'uuid':
      return isUuid(value);
    case 'float':
      return value.length <= 40 && FLOAT.test(value);
    case 'integer':
      return /^-?\d{1,9}$/.test(value);
    case 'bigint':
      return /^-?\d{1,18}$/.test(value);
    case 'numeric':
      return /^-?\d{1,30}(\.\d{1,30})?$/.test(value);
    case 'boolean':
      return value === 'true' || value === 'false';
  }
}

/**
 * The one cursor decoder: the values in an `after` cursor, or null when there is none. Every list decodes its cursor
 * here (directly or through graphql/keyset.ts): anything that is not a cursor of this shape (not base64url, not a
 * JSON array of the right length, a value of the wrong kind, a date that is no date, another ordering's name) is an
 * InvalidCursorError (BAD_USER_INPUT) before a query is built. Values come back as strings; a `timestamp` is also
 * accepted by `new Date()` and by PostgreSQL's timestamptz.
 */
export function readCursor(cursor: string | null | undefined, shape: readonly CursorPart[]): string[] | null {
  if (cursor === null || cursor === undefined || cursor === '') return null;
  const values = readCursorEnvelope(cursor);
  if (values.length !== shape.length) throw new InvalidCursorError();
  return values.map((value, i) => {
    const text = String(value);
    if (!partIsValid(shape[i]!, text)) throw new InvalidCursorError();
    return text;
  });
}

/** The generic part of every cursor: base64url of a JSON array of strings and numbers. */
function readCursorEnvelope(cursor: string): (string | number)[] {
  if (typeof cursor !== 'string' || cursor.length > MAX_CURSOR_LENGTH || !/^[A-Za-z0-9_-]+={0,2}$/.test(cursor))
    throw new InvalidCursorError();
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw new InvalidCursorError();
  }
  if (
    !Array.isArray(parsed) ||
    parsed.length === 0 ||
    !parsed.every((v) => (typeof v === 'string' && !isHostileText(v)) || (typeof v === 'number' && Number.isFinite(v)))
  ) {
    throw new InvalidCursorError();
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
    /** True when totalCount stopped at a cap (cappedCount). */
    totalCountCapped?: boolean;
    cursorOf: (row: R) => string;
    nodes?: (page: R[]) => N[] | Promise<N[]>;
  },
): Promise<ConnectionOf<N>> {
  const page = rows.slice(0, options.first);
  const nodes = options.nodes ? await options.nodes(page) : (page as unknown as N[]);
  const edges = page.map((row, i) => ({ cursor: options.cursorOf(row), node: nodes[i]! }));
  return {
    edges,
    pageInfo: { hasNextPage: rows.length > options.first, endCursor: edges.at(-1)?.cursor ?? null },
    totalCount: options.totalCount,
    totalCountCapped: options.totalCountCapped ?? false,
  };
}

/** A connection without items (a filter that cannot match anything). */
export function emptyConnection<N>(): ConnectionOf<N> {
  return { edges: [], pageInfo: { hasNextPage: false, endCursor: null }, totalCount: 0, totalCountCapped: false };
}

/**
 * The most a large admin list counts (orders, payments, the audit log, households): beyond it the screen says "meer dan
 * 1.000" instead of counting a million rows for every page.
 */
export const COUNT_CAP = 1000;

/**
 * How many rows `select 1 from <fromWhere>` yields, counting at most `cap` + 1 of them (an index range scan of at
 * most that many entries, however large the table): `{ totalCount, totalCountCapped }` for toConnection.
 */
export async function cappedCount(
  em: EntityManager,
  fromWhere: string,
  params: readonly unknown[],
  cap = COUNT_CAP,
): Promise<{ totalCount: number; totalCountCapped: boolean }> {
  const n = await countUpTo(em, fromWhere, params, cap);
  return n > cap ? { totalCount: cap, totalCountCapped: true } : { totalCount: n, totalCountCapped: false };
}
