/**
 * Municipality scope: the one rule for which municipalities' data a viewer may see. Every service, HTTP route and
 * job asks here (`inScope` for one row, `scopeSql` / `scopeFilter` for a list) instead of reading a viewer's
 * municipalities itself.
 *
 * | viewer                                   | a municipality's row M | platform-wide row (municipality null) |
 * |------------------------------------------|------------------------|---------------------------------------|
 * | staff, scope "all municipalities"        | every M                | yes                                   |
 * | staff, scope some municipalities         | M in their scope       | only `platformWide: 'shared'`         |
 * | operator acting in municipality A        | only A                 | only `platformWide: 'shared'`         |
 * | API client (made for municipality A)     | only A                 | only `platformWide: 'shared'`         |
 * | background job / CLI command (SYSTEM)    | every M                | yes                                   |
 * | resident (customer)                      | only their own         | only `platformWide: 'shared'`         |
 * | provider user                            | none                   | only `platformWide: 'shared'`         |
 * | visitor (anonymous)                      | none                   | only `platformWide: 'shared'`         |
 *
 * Platform-wide rows come in two kinds, and the caller says which (`platformWide`):
 * - `'owned'` (the default): the row belongs to the platform as a whole (a platform-wide news article or
 *   announcement to manage, a platform page's settings). Only a viewer who reaches every municipality (staff with
 *   scope "all", a background job) sees or changes it; staff of some municipalities would otherwise edit what every
 *   municipality shows.
 * - `'shared'`: the row is addressed to everyone and holds nothing of one municipality (an active platform-wide
 *   announcement, a mail that belongs to no municipality such as a provider's registration): whoever may see the list
 *   at all sees it.
 *
 * Scope is only "which municipalities". It never checks a permission or an audience (that is `@Requires`, the route
 * declaration or the grant rule) nor ownership (a provider's own products, a resident's own orders: the services).
 * A provider user and a visitor reach no municipality through scope; what they see is decided by ownership or is
 * public. A background job sees every municipality: jobs act for the platform (sweeps, scheduled exports) and are
 * never callers of the API.
 *
 * Decisions where the former per-service helpers disagreed: background jobs are in scope everywhere (the journal
 * admitted them, payouts refused them; a service that is for staff alone says so itself); platform-wide news is
 * `owned` and the mail log's mails without a municipality `shared` (both were right for their rows; now the caller
 * says which instead of each helper deciding); scope no longer checks a permission (the import's did); a value that
 * is not a municipality id (not a UUID) is never in scope, for any viewer; an operator acting is held to the
 * municipality of their act even if the viewer were built with more.
 *
 * This file imports nothing of ours: the viewer is described structurally below, and the application's `Viewer`
 * (kernel/viewer.ts) fits it.
 */

/** The parts of a viewer that scope reads. The application's `Viewer` union is assignable to it. */
export type ScopeViewer =
  | { readonly kind: 'ANONYMOUS' }
  | { readonly kind: 'PROVIDER' }
  | { readonly kind: 'CUSTOMER'; readonly municipalityId: string }
  | {
      readonly kind: 'STAFF';
      /** null: every municipality. */
      readonly municipalityIds: readonly string[] | null;
      readonly operator?: { readonly municipalityId: string };
    }
  | { readonly kind: 'API_CLIENT'; readonly municipalityIds: readonly string[] | null }
  | { readonly kind: 'SYSTEM' };

/** How rows that belong to no municipality (municipality null) are treated; see the table above. */
export type PlatformWide = 'owned' | 'shared';

export interface ScopeOptions {
  /** Default `'owned'`: only viewers who reach every municipality see platform-wide rows. */
  readonly platformWide?: PlatformWide;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The municipalities the viewer reaches: null means every one, [] none. */
export function scopeIds(viewer: ScopeViewer): readonly string[] | null {
  switch (viewer.kind) {
    case 'SYSTEM':
      return null;
    case 'STAFF':
      if (viewer.operator) return [viewer.operator.municipalityId];
      return viewer.municipalityIds;
    case 'API_CLIENT':
      return viewer.municipalityIds;
    case 'CUSTOMER':
      return [viewer.municipalityId];
    case 'PROVIDER':
    case 'ANONYMOUS':
      return [];
  }
}

/** Whether the viewer reaches every municipality (and so every platform-wide row). */
export function reachesAll(viewer: ScopeViewer): boolean {
  return scopeIds(viewer) === null;
}

/** May the viewer see data of this municipality (null: a platform-wide row)? */
export function inScope(viewer: ScopeViewer, municipalityId: string | null, options: ScopeOptions = {}): boolean {
  const ids = scopeIds(viewer);
  if (municipalityId === null) return ids === null || options.platformWide === 'shared';
  if (!UUID.test(municipalityId)) return false;
  return ids === null || ids.includes(municipalityId);
}

/** A condition for raw SQL, `?` placeholders in order. */
export interface SqlCondition {
  readonly sql: string;
  readonly params: unknown[];
}

/**
 * The scope as a condition on a municipality column of raw SQL (`column` is code, never input: e.g. `o.municipality_id`).
 * Always a parenthesised boolean expression, so it can be joined with `and`.
 */
export function scopeSql(viewer: ScopeViewer, column: string, options: ScopeOptions = {}): SqlCondition {
  const ids = scopeIds(viewer);
  if (ids === null) return { sql: '(true)', params: [] };
  const shared = options.platformWide === 'shared';
  if (ids.length === 0) return shared ? { sql: `(${column} is null)`, params: [] } : { sql: '(false)', params: [] };
  const valid = ids.filter((id) => UUID.test(id));
  // One municipality (the usual scope): an equality, so an index on (municipality_id, …) serves the query.
  const test = valid.length === 1 ? `${column} = ?::uuid` : `${column} = any(?::uuid[])`;
  const param = valid.length === 1 ? valid[0] : `{${valid.join(',')}}`;
  return { sql: shared ? `(${column} is null or ${test})` : `(${test})`, params: [param] };
}

/**
 * The scope as a MikroORM filter on an entity's municipality relation or column (`property`, e.g. `'municipality'`).
 * Put it in the query's `$and` (or spread it when the query has no `$or` of its own); `{}` when the viewer reaches
 * every municipality.
 */
export function scopeFilter(
  viewer: ScopeViewer,
  property: string,
  options: ScopeOptions = {},
): Record<string, unknown> {
  const ids = scopeIds(viewer);
  if (ids === null) return {};
  const inIds = { [property]: { $in: ids.filter((id) => UUID.test(id)) } };
  if (options.platformWide !== 'shared') return inIds;
  return ids.length === 0 ? { [property]: null } : { $or: [{ [property]: null }, inIds] };
}
