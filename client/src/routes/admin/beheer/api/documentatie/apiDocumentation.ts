import type { Permission } from '@/graphql/generated/graphql';

/** The parts of an operation the filters look at. */
export interface FilterableOperation {
  kind: 'QUERY' | 'MUTATION';
  name: string;
  description?: string | null;
  permissions: readonly Permission[];
  audiences: readonly string[];
  public: boolean;
  returnType: string;
  arguments: readonly { name: string }[];
}

/** A named list of permissions the filter "Alleen wat deze rechten mogen" can use (the viewer's, an API client's). */
export interface PermissionSet {
  id: string;
  label: string;
  permissions: readonly Permission[];
}

export type KindFilter = 'ALL' | 'QUERY' | 'MUTATION';

/**
 * May a caller with these permissions (a staff member or an API client) call the operation? Open operations yes;
 * otherwise it needs one of the operation's permissions. Operations only for residents or providers (audiences
 * without permissions) are out of reach of a set of permissions.
 */
export function allowedWith(operation: FilterableOperation, permissions: readonly Permission[]): boolean {
  if (operation.public) return true;
  return operation.permissions.some((p) => permissions.includes(p));
}

/** Search (name, description, types, argument names; case-insensitive), kind and, when given, a permission set. */
export function filterOperations<T extends FilterableOperation>(
  operations: readonly T[],
  { search, kind, permissions }: { search: string; kind: KindFilter; permissions?: readonly Permission[] | null },
): T[] {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  return operations.filter((operation) => {
    if (kind !== 'ALL' && operation.kind !== kind) return false;
    if (permissions && !allowedWith(operation, permissions)) return false;
    if (!words.length) return true;
    const haystack = [
      operation.name,
      operation.description ?? '',
      operation.returnType,
      ...operation.permissions,
      ...operation.arguments.map((a) => a.name),
    ]
      .join(' ')
      .toLowerCase();
    return words.every((word) => haystack.includes(word));
  });
}

/** Who the audiences are, in Dutch. */
export const AUDIENCE_LABELS: Record<string, string> = {
  ANONYMOUS: 'Bezoekers zonder inloggen',
  CUSTOMER: 'Ingelogde inwoners (alleen hun eigen gegevens)',
  PROVIDER: 'Ingelogde aanbieders (alleen hun eigen gegevens)',
  STAFF: 'Alle medewerkers van de gemeente',
  API_CLIENT: 'Alle API-koppelingen',
};
