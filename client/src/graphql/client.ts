import { ApolloClient, HttpLink, InMemoryCache, type TypePolicies } from '@apollo/client';
import { relayStylePagination } from '@apollo/client/utilities';
import { urls } from '../lib/urls';

/**
 * The cache's policies. Every connection field of the schema has one (a test reads schema/schema.graphql and fails
 * when one is missing): `relayStylePagination(keyArgs)` keeps one list per combination of the key arguments (every
 * argument but `first` and `after`: usually `['filter']`) and appends each page "load more" fetches.
 */
export const typePolicies: TypePolicies = {
  Query: {
    fields: {
      products: relayStylePagination(['filter']),
      webhookAttempts: relayStylePagination(['endpointId']),
      applications: relayStylePagination(['filter']),
      myProducts: relayStylePagination(['filter']),
      reviewProducts: relayStylePagination(['filter']),
      providerMemberships: relayStylePagination(['filter']),
      myMessages: relayStylePagination(['filter']),
      massMessages: relayStylePagination(['filter']),
      providerOrders: relayStylePagination(['filter']),
      myOrders: relayStylePagination(['filter']),
      personOrders: relayStylePagination(['externalIdentifier', 'filter']),
      adminOrders: relayStylePagination(['filter']),
      clientGroups: relayStylePagination(['filter']),
      adminCategories: relayStylePagination(['filter']),
      arrangements: relayStylePagination(['filter']),
      adminNews: relayStylePagination(['filter']),
      news: relayStylePagination(false),
      mailLog: relayStylePagination(['filter']),
      adminPayments: relayStylePagination(['filter']),
      payoutBatches: relayStylePagination(['filter']),
      myPayouts: relayStylePagination(false),
      myDataProcessing: relayStylePagination(false),
      auditLog: relayStylePagination(['filter']),
      staffAccounts: relayStylePagination(['filter']),
      apiClients: relayStylePagination(['filter']),
    },
  },
  // There is exactly one viewer per session: log-in payloads update the same entry.
  ViewerInfo: { keyFields: [] },
  // The dashboard is a single object without an id.
  AdminDashboard: { keyFields: [] },
  // One per platform: the header's query and the upload forms' limit fill the same entry.
  PublicSettings: { keyFields: [] },
};

export function createCache(): InMemoryCache {
  return new InMemoryCache({ typePolicies });
}

/**
 * Apollo Client against the same-origin GraphQL endpoint; the session rides on the cookie. `serverState`: the cache's
 * contents the server rendered the page with (entry-server.tsx). While the browser hydrates that page, its queries are
 * answered from them (`prioritizeCacheValues`: cache-first) instead of asking again; main.tsx ends that once the
 * hydration has committed, so everything after (a log-in's fresh viewer, a "load more") asks the server as always.
 */
export function createApolloClient(serverState?: unknown): ApolloClient {
  const cache = createCache();
  if (serverState) cache.restore(serverState as ReturnType<InMemoryCache['extract']>);
  const client = new ApolloClient({
    link: new HttpLink({
      uri: urls.server.graphql(),
      credentials: 'same-origin',
    }),
    cache,
  });
  if (serverState) client.prioritizeCacheValues = true;
  return client;
}
