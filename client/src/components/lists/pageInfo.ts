import { graphql } from '../../graphql/generated';

/**
 * What `useConnection` reads of a connection's page info, selected the same way by every list query:
 *
 *   pageInfo {
 *     ...PageInfoFields @unmask
 *   }
 *
 * `@unmask` keeps the fields readable where the hook reads them (codegen's `apolloUnmask`); Apollo Client removes it
 * before the document is sent. The public pages' queries (the catalogue, the news) select the two fields themselves:
 * the fragment's definition would travel in their documents, within their JavaScript budget.
 */
export const PageInfoFields = graphql(`
  fragment PageInfoFields on PageInfo {
    hasNextPage
    endCursor
  }
`);
