import { Audience, PERMISSION_DESCRIPTIONS, isPermission, type Permission } from '../../kernel/permissions.js';
import type { Viewer } from '../../kernel/viewer.js';
import { inScope, reachesAll } from '../../kernel/scope.js';

/**
 * The one rule behind "nobody gives more than they hold" (roles, staff accounts, API clients): whoever grants or
 * changes something that carries permissions and a municipality scope must hold every one of those permissions and
 * reach every one of those municipalities themselves. A grantor is a staff member (also an operator acting in a
 * municipality: every permission, that one municipality) or an API client (its effective permissions and its
 * municipality), as they are on this request.
 */
export type Grantor = Extract<Viewer, { kind: Audience.STAFF | Audience.API_CLIENT }>;

export function isGrantor(viewer: Viewer): viewer is Grantor {
  return viewer.kind === Audience.STAFF || viewer.kind === Audience.API_CLIENT;
}

/** The permissions in `permissions` the grantor does not hold (unknown names count as lacking). */
export function lacking(grantor: Grantor, permissions: readonly string[]): string[] {
  return permissions.filter((p) => !isPermission(p) || !grantor.permissions.has(p));
}

/** Whether a scope (some municipalities, or all) lies within the grantor's own. */
export function reachesScope(
  grantor: Grantor,
  scope: { allMunicipalities: boolean; municipalityIds: readonly string[] },
): boolean {
  if (reachesAll(grantor)) return true;
  if (scope.allMunicipalities) return false;
  return scope.municipalityIds.every((id) => inScope(grantor, id));
}

/** "Personen bekijken, Gevoelige persoonsgegevens (BSN) bekijken": permissions as the screens name them. */
export function describePermissions(permissions: readonly string[]): string {
  return permissions.map((p) => (isPermission(p) ? PERMISSION_DESCRIPTIONS[p as Permission] : p)).join(', ');
}
