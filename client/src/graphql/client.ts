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
 * contents the server rendered the page with (entry-server.tsx); the page's queries are then answered from it while the
 * browser hydrates, instead of asking again at once.
 */
export function createApolloClient(serverState?: unknown): ApolloClient {
  const cache = createCache();
  if (serverState) cache.restore(serverState as ReturnType<InMemoryCache['extract']>);
  return new ApolloClient({
    link: new HttpLink({
      uri: urls.server.graphql(),
      credentials: 'same-origin',
    }),
    cache,
    // Queries that would otherwise also ask the network (cache-and-network) take the server's answers for this long.
    ssrForceFetchDelay: serverState ? SERVER_STATE_FRESH_MS : undefined,
  });
}

/** How long the server's answers count as fresh after the page loaded (a page's data is seconds old then). */
const SERVER_STATE_FRESH_MS = 10_000;
