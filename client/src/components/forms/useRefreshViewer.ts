import { useApolloClient } from '@apollo/client/react';
import { ViewerDocument, type Viewer } from '../../lib/viewer';

/** After a log-in: fetch the viewer again so every guard and menu sees the new session. */
export function useRefreshViewer() {
  const client = useApolloClient();
  return async (): Promise<Viewer | undefined> => {
    const result = await client.query({ query: ViewerDocument, fetchPolicy: 'network-only' });
    return result.data?.viewer;
  };
}
