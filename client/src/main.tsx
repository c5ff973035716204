import type { ApolloClient } from '@apollo/client';
import { ApolloProvider } from '@apollo/client/react';
import { StrictMode, useEffect, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { createApolloClient } from './graphql/client';
import { initMonitoring } from './lib/monitoring';
import { createRouter, resolveLazyRoutes } from './router';
import { prefetchPublicShell } from './components/layout/PublicLayout';
import { prefetchCatalogue } from './components/products/catalogue';
import './styles/tokens.css';
import './styles/global.css';
// The styles of the screens the server renders (server/src/http/server-render.ts) come with the page, so its HTML is
// styled at the first paint, not when the screen's code arrives (the rest of a screen's styles come with its code).
import './routes/aanbod/filters.css';
import './components/products/payable.css';

// Error reporting starts in the background; rendering never waits for it.
void initMonitoring();

const container = document.getElementById('root');
if (!container) throw new Error('Element #root ontbreekt in index.html');

/**
 * The data a page rendered on the server came with (server/src/http/server-render.ts): a JSON block, not a script, so
 * the Content-Security-Policy needs no exception. Absent on pages the browser renders itself.
 */
function serverState(): unknown {
  const element = document.getElementById('gw-state');
  if (!element?.textContent) return undefined;
  try {
    return JSON.parse(element.textContent) as unknown;
  } catch {
    return undefined;
  }
}

/**
 * Ends the cache-first start of a hydrated page (graphql/client.ts) once the hydration has committed: its effects run
 * after those of every screen beneath it, whose queries were answered from the server's data. One child, no element of
 * its own: the tree stays the server's (React's ids depend on its shape).
 */
function AfterHydration({ client, children }: { client: ApolloClient; children: ReactNode }) {
  useEffect(() => {
    client.prioritizeCacheValues = false;
  }, [client]);
  return children;
}

async function start(root: HTMLElement) {
  const state = serverState();
  const client = createApolloClient(state);
  // The page's screen must be there before hydrating: hydration renders exactly what the server rendered. When its code
  // cannot be loaded (the network), the browser renders the page itself, and the router shows that failure as always.
  const hydrate =
    state !== undefined &&
    (await resolveLazyRoutes(window.location).then(
      () => true,
      () => false,
    ));
  if (!state) {
    prefetchPublicShell(client, window.location.pathname);
    prefetchCatalogue(client, window.location);
  }
  const router = createRouter();
  const app = (
    <StrictMode>
      <ApolloProvider client={client}>
        {/*
          No startTransition around router updates: the route tree commits together with the
          router state, so guards never re-render a page the router has already left (which made
          a stale account page redirect to /inloggen during log-out).
        */}
        <AfterHydration client={client}>
          <RouterProvider router={router} useTransitions={false} />
        </AfterHydration>
      </ApolloProvider>
    </StrictMode>
  );
  if (hydrate) hydrateRoot(root, app);
  else createRoot(root).render(app);
}

void start(container);
