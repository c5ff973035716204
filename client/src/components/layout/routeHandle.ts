import type { UIMatch } from 'react-router';
import type { Permission } from '../../graphql/generated/graphql';

/** What a route in the route table may declare about itself. */
export interface RouteHandle {
  /** Label of this route in the breadcrumbs. */
  crumb?: string;
  /** Admin screens: the permission a staff member needs (checked by the admin layout). */
  permission?: Permission;
}

export function handleOf(match: UIMatch): RouteHandle {
  const handle = match.handle;
  return typeof handle === 'object' && handle !== null ? (handle as RouteHandle) : {};
}

/** The permission of the deepest matched route that declares one. */
export function requiredPermission(matches: readonly UIMatch[]): Permission | undefined {
  for (let i = matches.length - 1; i >= 0; i -= 1) {
    const match = matches[i];
    if (!match) continue;
    const permission = handleOf(match).permission;
    if (permission) return permission;
  }
  return undefined;
}
