import { ApolloClient, HttpLink, InMemoryCache } from '@apollo/client';
import { relayStylePagination } from '@apollo/client/utilities';
import { urls } from '../lib/urls';

/** The cache: connections merge page by page (cursor pagination), the viewer is a singleton. */
export function createCache(): InMemoryCache {
  return new InMemoryCache({
    typePolicies: {
      Query: {
        fields: {
          // One list per search/category/provider/sort combination; pages of it are appended.
          products: relayStylePagination(['search', 'categoryId', 'providerId', 'sort']),
          myProducts: relayStylePagination(),
          reviewProducts: relayStylePagination(['approvalStatus', 'municipalityId', 'status', 'providerId']),
          providerMemberships: relayStylePagination(['status']),
          myMessages: relayStylePagination(),
          providerOrders: relayStylePagination(['status']),
          adminOrders: relayStylePagination(['filter']),
        },
      },
      // There is exactly one viewer per session: log-in payloads update the same entry.
      ViewerInfo: { keyFields: [] },
      // The dashboard is a single object without an id.
      AdminDashboard: { keyFields: [] },
    },
  });
}

/** Apollo Client against the same-origin GraphQL endpoint; the session rides on the cookie. */
export function createApolloClient(): ApolloClient {
  return new ApolloClient({
    link: new HttpLink({
      uri: urls.server.graphql(),
      credentials: 'same-origin',
    }),
    cache: createCache(),
  });
}
