import { describe, expect, it } from 'vitest';
import { GraphQLError } from 'graphql';
import {
  DEFAULT_PAGE_SIZE,
  emptyConnection,
  encodeCursor,
  INVALID_CURSOR_MESSAGE,
  MAX_PAGE_SIZE,
  pageSize,
  readCursor,
  toConnection,
} from './pagination.js';
import { keyCondition, keyOrderBy, keySelect, rowCursor, stripKeys, type KeyOrder } from './keyset.js';

const badInput = (fn: () => unknown) => {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(GraphQLError);
    expect((e as GraphQLError).extensions.code).toBe('BAD_USER_INPUT');
    expect((e as GraphQLError).message).toBe(INVALID_CURSOR_MESSAGE);
    expect(INVALID_CURSOR_MESSAGE).toBe('De paginacursor is ongeldig. Begin opnieuw bij de eerste pagina.');
    return;
  }
  throw new Error('expected a BAD_USER_INPUT error');
};

describe('page sizes', () => {
  it('default to one size for every list and stay within 1…100', () => {
    expect(DEFAULT_PAGE_SIZE).toBe(25);
    expect(pageSize(undefined)).toBe(25);
    expect(pageSize(null)).toBe(25);
    expect(pageSize(10)).toBe(10);
    expect(pageSize(0)).toBe(1);
    expect(pageSize(-5)).toBe(1);
    expect(pageSize(1000)).toBe(MAX_PAGE_SIZE);
    expect(pageSize(2.7)).toBe(2);
  });
});

describe('cursors', () => {
  it('round-trip their values, as strings, checked against the shape', () => {
    expect(readCursor(encodeCursor(['a', 1, '2026-01-01T00:00:00Z']), ['text', 'integer', 'timestamp'])).toEqual([
      'a',
      '1',
      '2026-01-01T00:00:00Z',
    ]);
    expect(readCursor(encodeCursor(['x', 'y']), ['text', 'text'])).toEqual(['x', 'y']);
    expect(readCursor(encodeCursor(['2026-02-28', 'true', '12345678901']), ['date', 'boolean', 'bigint'])).toEqual([
      '2026-02-28',
      'true',
      '12345678901',
    ]);
    expect(
      readCursor(encodeCursor(['newest', '3f0b5a1e-7c1d-4e2a-9b8f-0a1b2c3d4e5f']), [{ literal: 'newest' }, 'uuid']),
    ).toHaveLength(2);
  });

  it('are absent when not given', () => {
    expect(readCursor(null, ['text'])).toBeNull();
    expect(readCursor(undefined, ['text'])).toBeNull();
    expect(readCursor('', ['text'])).toBeNull();
  });

  it('refuse anything that is not one of ours with BAD_USER_INPUT', () => {
    badInput(() => readCursor('not base64!', ['text']));
    badInput(() => readCursor(Buffer.from('{"a":1}').toString('base64url'), ['text']));
    badInput(() => readCursor(Buffer.from('[1,{"x":2}]').toString('base64url'), ['integer', 'text']));
    badInput(() => readCursor(Buffer.from('nonsense').toString('base64url'), ['text']));
    badInput(() => readCursor(encodeCursor(['a']), ['text', 'text']));
    badInput(() => readCursor('a'.repeat(3000), ['text']));
  });

  it('refuse values of the wrong kind: a date that is no date, no uuid, no number, another ordering', () => {
    badInput(() => readCursor(encodeCursor(['2026-02-31T10:00:00Z']), ['timestamp']));
    badInput(() => readCursor(encodeCursor(['2026-01-01T25:00:00Z']), ['timestamp']));
    badInput(() => readCursor(encodeCursor(['2026-02-30']), ['date']));
    badInput(() => readCursor(encodeCursor(['geen-uuid']), ['uuid']));
    badInput(() => readCursor(encodeCursor(['0x10']), ['integer']));
    badInput(() => readCursor(encodeCursor(['NaN']), ['float']));
    badInput(() => readCursor(encodeCursor(['ja']), ['boolean']));
    badInput(() => readCursor(encodeCursor(['oldest']), [{ literal: 'newest' }]));
    badInput(() => readCursor(encodeCursor(['a\u0000b']), ['text']));
  });
});

describe('the keyset helper', () => {
  const order: KeyOrder = {
    name: 'display',
    direction: 'asc',
    keys: [
      { expr: 'c.sort_order', cast: 'integer' },
      { expr: 'c.name', cast: 'text' },
      { expr: 'c.created_at', cast: 'timestamptz' },
      { expr: 'c.id', cast: 'uuid' },
    ],
  };
  const row = {
    _k0: '10',
    _k1: 'Sport',
    _k2: '2026-11-20 10:11:12.123456+00',
    _k3: '3f0b5a1e-7c1d-4e2a-9b8f-0a1b2c3d4e5f',
    id: 'x',
  };

  it('writes the select list, the order and the condition after a cursor', () => {
    expect(keySelect(order)).toBe(
      '(c.sort_order)::text as _k0, (c.name)::text as _k1, (c.created_at)::text as _k2, (c.id)::text as _k3',
    );
    expect(keyOrderBy(order)).toBe('c.sort_order asc, c.name asc, c.created_at asc, c.id asc');
    expect(keyCondition(order, null)).toEqual({ sql: null, params: [] });
    const after = keyCondition(order, rowCursor(order, row));
    expect(after.sql).toBe(
      '(c.sort_order, c.name, c.created_at, c.id) > (?::integer, ?::text, ?::timestamptz, ?::uuid)',
    );
    expect(after.params).toEqual([
      '10',
      'Sport',
      '2026-11-20 10:11:12.123456+00',
      '3f0b5a1e-7c1d-4e2a-9b8f-0a1b2c3d4e5f',
    ]);
    expect(
      keyCondition({ ...order, direction: 'desc' }, rowCursor({ ...order, direction: 'desc' }, row)).sql,
    ).toContain(') < (');
  });

  it('refuses a cursor of another ordering or with a value of the wrong type', () => {
    badInput(() => keyCondition(order, rowCursor({ ...order, name: 'newest' }, row)));
    badInput(() => keyCondition(order, rowCursor(order, { ...row, _k0: 'tien' })));
    badInput(() => keyCondition(order, rowCursor(order, { ...row, _k2: 'gisteren' })));
    badInput(() => keyCondition(order, rowCursor(order, { ...row, _k3: '1; drop table category' })));
    badInput(() => keyCondition(order, encodeCursor(['display', '10', 'Sport'])));
  });

  it('strips its columns before a row is mapped onto an entity', () => {
    expect(stripKeys({ ...row }, 4, [])).toEqual({ id: 'x' });
  });
});

describe('toConnection', () => {
  it('cuts the extra row, says whether there is a next page and where this one ends', async () => {
    const rows = [{ id: 'a' }, { id: 'b' }, { id: 'c' }];
    const page = await toConnection(rows, {
      first: 2,
      totalCount: 7,
      cursorOf: (r) => `c-${r.id}`,
      nodes: async (p) => p.map((r) => r.id.toUpperCase()),
    });
    expect(page).toEqual({
      edges: [
        { cursor: 'c-a', node: 'A' },
        { cursor: 'c-b', node: 'B' },
      ],
      pageInfo: { hasNextPage: true, endCursor: 'c-b' },
      totalCount: 7,
      totalCountCapped: false,
    });
    const last = await toConnection(rows.slice(2), { first: 2, totalCount: 7, cursorOf: (r) => r.id });
    expect(last.pageInfo).toEqual({ hasNextPage: false, endCursor: 'c' });
    expect(last.edges[0]!.node).toEqual({ id: 'c' });
    expect(emptyConnection()).toEqual({
      edges: [],
      pageInfo: { hasNextPage: false, endCursor: null },
      totalCount: 0,
      totalCountCapped: false,
    });
  });
});
