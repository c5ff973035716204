import { createContext, useSyncExternalStore } from 'react';

/**
 * The public pages are rendered on the server for visitors who have not logged in (entry-server.tsx), and the browser
 * then hydrates that HTML: its first render must produce exactly what the server sent. What only the browser knows (this
 * browser's closed announcements, its local cart) therefore counts from the render after hydration.
 */

/** What the server's render collects for the document around the page (its title). Absent in the browser. */
export interface ServerHead {
  title?: string;
  /** The page's canonical URL when it was reached by another (components/layout/CanonicalRedirect.tsx). */
  redirect?: string;
  /** The HTTP status when not 200 (404 from NotFoundScreen). */
  status?: number;
}

export const ServerHeadContext = createContext<ServerHead | null>(null);

const noSubscription = () => () => undefined;

/**
 * False in the server's render and in the browser's hydrating render, true ever after (and from the start in a page the
 * browser renders itself): read browser-only state only when this is true.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => true,
    () => false,
  );
}
