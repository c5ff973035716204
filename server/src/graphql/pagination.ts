import { GraphQLError } from 'graphql';
import { Field, Int, ObjectType, type ClassType } from 'type-graphql';
import { isUuid } from './ids.js';
import { isHostileText } from '../lib/hostile-text.js';

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

export const INVALID_CURSOR_MESSAGE = 'De paginacursor is ongeldig. Begin opnieuw bij de eerste pagina.';

/** A cursor that is not one of ours: a client mistake (BAD_USER_INPUT, HTTP 400), never a database error. */
export class InvalidCursorError extends GraphQLError {
  constructor() {
    super(INVALID_CURSOR_MESSAGE, { extensions: { code: 'BAD_USER_INPUT', field: 'after', http: { status: 400 } } });
  }
}

/**
 * What each value of a cursor must be: free `text`, a `timestamp` (as PostgreSQL or toISOString writes one), a
 * `uuid`, a `float` or an `integer` (as PostgreSQL's text output writes them), or exactly the given literal (the name
 * of an ordering, so a cursor of another sort is refused).
 */
export type CursorPart = 'text' | 'timestamp' | 'uuid' | 'float' | 'integer' | { literal: string };

const MAX_CURSOR_LENGTH = 2000;
const TIMESTAMP = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2}):(\d{2})(\.\d{1,6})?(Z|[+-](\d{2})(?::?(\d{2}))?)?$/;
const FLOAT = /^-?(\d+\.?\d*|\.\d+)([eE][+-]?\d{1,3})?$/;

function isTimestamp(value: string): boolean {
  const m = TIMESTAMP.exec(value);
  if (!m) return false;
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map(Number) as [number, number, number, number, number, number];
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const offsetHours = m[9] === undefined ? 0 : Number(m[9]);
  const offsetMinutes = m[10] === undefined ? 0 : Number(m[10]);
  return (
    year >= 1 && month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth &&
    hour <= 23 && minute <= 59 && second <= 59 && offsetHours <= 15 && offsetMinutes <= 59
  );
}

function partIsValid(part: CursorPart, value: string): boolean {
  if (typeof part === 'object') return value === part.literal;
  switch (part) {
    case 'text':
      return !isHostileText(value);
    case 'timestamp':
      return isTimestamp(value);
    case 'uuid':
      return isUuid(value);
    case 'float':
      return value.length <= 40 && FLOAT.test(value);
    case 'integer':
      return /^-?\d{1,9}$/.test(value);
  }
}

/**
 * The values in an `after` cursor, or null when there is none. Every list decodes its cursor here: anything that is
 * not a cursor of this shape (not base64url, not a JSON array of the right length, a value of the wrong kind, a date
 * that is no date) is an InvalidCursorError before a query is built. Values come back as strings; a `timestamp` is
 * also accepted by `new Date()` and by PostgreSQL's timestamptz.
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
  if (cursor.length > MAX_CURSOR_LENGTH || !/^[A-Za-z0-9_-]+={0,2}$/.test(cursor)) throw new InvalidCursorError();
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

export function clampPageSize(first: number | null | undefined, fallback: number): number {
  if (first == null) return fallback;
  return Math.max(1, Math.min(MAX_PAGE_SIZE, Math.trunc(first)));
}
