import { ApolloProvider } from '@apollo/client/react';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { createApolloClient } from './graphql/client';
import { initMonitoring } from './lib/monitoring';
import { createRouter } from './router';
import { prefetchPublicShell } from './components/layout/PublicLayout';
import { prefetchCatalogue } from './components/products/catalogue';
import './styles/tokens.css';
import './styles/global.css';

// Error reporting starts in the background; rendering never waits for it.
void initMonitoring();

const client = createApolloClient();
prefetchPublicShell(client, window.location.pathname);
prefetchCatalogue(client, window.location);
const router = createRouter();

const container = document.getElementById('root');
if (!container) throw new Error('Element #root ontbreekt in index.html');

createRoot(container).render(
  <StrictMode>
    <ApolloProvider client={client}>
      {/*
        No startTransition around router updates: the route tree commits together with the
        router state, so guards never re-render a page the router has already left (which made
        a stale account page redirect to /inloggen during log-out).
      */}
      <RouterProvider router={router} useTransitions={false} />
    </ApolloProvider>
  </StrictMode>,
);
