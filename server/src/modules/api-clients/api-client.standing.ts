import { isPermission, type Permission } from '../../kernel/permissions.js';
import type { CreatorRow } from './api-client.queries.js';

/** A client works with its maker's standing: the rule both the key authentication and the management views apply. */

/** Why a client does not work because of its maker; null when the maker still stands behind it. */
export function creatorProblem(row: CreatorRow): 'CREATOR_INACTIVE' | 'CREATOR_OUT_OF_SCOPE' | null {
  if (!row.creator_exists || !row.creator_active) return 'CREATOR_INACTIVE';
  if (!row.creator_reaches) return 'CREATOR_OUT_OF_SCOPE';
  return null;
}

/** What a client may do now: its own permissions that its maker still holds. */
export function effectivePermissions(own: readonly string[], row: CreatorRow): Permission[] {
  if (creatorProblem(row)) return [];
  const held = new Set(row.creator_permissions);
  return own.filter((p): p is Permission => isPermission(p) && held.has(p));
}
