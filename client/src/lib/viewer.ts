import { useQuery } from '@apollo/client/react';
import { graphql } from '../graphql/generated';
import type { Permission, ViewerQuery } from '../graphql/generated/graphql';

export const ViewerDocument = graphql(`
  query Viewer {
    viewer {
      kind
      displayName
      email
      roleName
      permissions
      provider {
        id
        name
        slug
      }
    }
  }
`);

export type Viewer = ViewerQuery['viewer'];

/** The logged-in user (or ANONYMOUS), shared by the layouts and guards through the cache. */
export function useViewer() {
  const { data, loading, error, refetch } = useQuery(ViewerDocument, { fetchPolicy: 'cache-first' });
  return { viewer: data?.viewer, loading: loading && !data, error, refetch };
}

export function hasPermission(viewer: Viewer | undefined, permission: Permission | undefined): boolean {
  if (!permission) return true;
  return viewer?.kind === 'STAFF' && viewer.permissions.includes(permission);
}
