import { describe, expect, it } from 'vitest';
import { inScope, reachesAll, scopeFilter, scopeIds, scopeSql, type ScopeViewer } from './scope.js';

const A = '00000000-0000-4000-8000-00000000000a';
const B = '00000000-0000-4000-8000-00000000000b';

const viewers: Record<string, ScopeViewer> = {
  staffAll: { kind: 'STAFF', municipalityIds: null },
  staffA: { kind: 'STAFF', municipalityIds: [A] },
  staffNone: { kind: 'STAFF', municipalityIds: [] },
  operatorA: { kind: 'STAFF', municipalityIds: [A, B], operator: { municipalityId: A } },
  apiClientA: { kind: 'API_CLIENT', municipalityIds: [A] },
  system: { kind: 'SYSTEM' },
  customerA: { kind: 'CUSTOMER', municipalityId: A },
  provider: { kind: 'PROVIDER' },
  visitor: { kind: 'ANONYMOUS' },
};

// The table of scope.ts, row by row: [viewer, sees A, sees B, platform-wide owned, platform-wide shared].
const table: [string, boolean, boolean, boolean, boolean][] = [
  ['staffAll', true, true, true, true],
  ['staffA', true, false, false, true],
  ['staffNone', false, false, false, true],
  ['operatorA', true, false, false, true],
  ['apiClientA', true, false, false, true],
  ['system', true, true, true, true],
  ['customerA', true, false, false, true],
  ['provider', false, false, false, true],
  ['visitor', false, false, false, true],
];

describe('municipality scope', () => {
  it.each(table)('%s: A %s, B %s, platform-wide owned %s, shared %s', (name, a, b, owned, shared) => {
    const viewer = viewers[name]!;
    expect(inScope(viewer, A)).toBe(a);
    expect(inScope(viewer, B)).toBe(b);
    expect(inScope(viewer, null)).toBe(owned);
    expect(inScope(viewer, null, { platformWide: 'owned' })).toBe(owned);
    expect(inScope(viewer, null, { platformWide: 'shared' })).toBe(shared);
    // The platform-wide option changes nothing for a municipality's own rows.
    expect(inScope(viewer, A, { platformWide: 'shared' })).toBe(a);
    expect(reachesAll(viewer)).toBe(owned);
  });

  it('never admits a value that is not a municipality id, not even for viewers who reach everything', () => {
    for (const viewer of Object.values(viewers)) {
      expect(inScope(viewer, 'not-a-uuid')).toBe(false);
      expect(inScope(viewer, '')).toBe(false);
    }
  });

  it('holds an operator to the municipality of the act', () => {
    expect(scopeIds(viewers.operatorA!)).toEqual([A]);
  });

  it('writes the same rule as SQL', () => {
    expect(scopeSql(viewers.staffAll!, 'x.municipality_id')).toEqual({ sql: '(true)', params: [] });
    expect(scopeSql(viewers.system!, 'x.municipality_id', { platformWide: 'shared' })).toEqual({
      sql: '(true)',
      params: [],
    });
    expect(scopeSql(viewers.apiClientA!, 'x.municipality_id')).toEqual({
      sql: '(x.municipality_id = ?::uuid)',
      params: [A],
    });
    expect(scopeSql(viewers.staffA!, 'x.municipality_id', { platformWide: 'shared' })).toEqual({
      sql: '(x.municipality_id is null or x.municipality_id = ?::uuid)',
      params: [A],
    });
    const staffAB: ScopeViewer = { kind: 'STAFF', municipalityIds: [A, B] };
    expect(scopeSql(staffAB, 'x.municipality_id')).toEqual({
      sql: '(x.municipality_id = any(?::uuid[]))',
      params: [`{${A},${B}}`],
    });
    expect(scopeSql(viewers.provider!, 'x.municipality_id')).toEqual({ sql: '(false)', params: [] });
    expect(scopeSql(viewers.visitor!, 'x.municipality_id', { platformWide: 'shared' })).toEqual({
      sql: '(x.municipality_id is null)',
      params: [],
    });
  });

  it('writes the same rule as a MikroORM filter', () => {
    expect(scopeFilter(viewers.staffAll!, 'municipality')).toEqual({});
    expect(scopeFilter(viewers.customerA!, 'municipality')).toEqual({ municipality: { $in: [A] } });
    expect(scopeFilter(viewers.staffA!, 'municipality', { platformWide: 'shared' })).toEqual({
      $or: [{ municipality: null }, { municipality: { $in: [A] } }],
    });
    expect(scopeFilter(viewers.provider!, 'municipality')).toEqual({ municipality: { $in: [] } });
    expect(scopeFilter(viewers.visitor!, 'municipality', { platformWide: 'shared' })).toEqual({ municipality: null });
  });
});
