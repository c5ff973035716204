import { useContext } from 'react';
import { Navigate } from 'react-router';
import { ServerHeadContext } from '../../lib/serverRender';

/**
 * To the page's canonical URL (a product, provider or article reached by an old or mistyped slug): in the browser a
 * replacing navigation; in the server's render (entry-server.tsx) a permanent HTTP redirect, so search engines keep the
 * canonical URL.
 */
export function CanonicalRedirect({ to }: { to: string }) {
  const serverHead = useContext(ServerHeadContext);
  if (serverHead) {
    serverHead.redirect = to;
    return null;
  }
  return <Navigate replace to={to} />;
}
