import { NetworkStatus, type ErrorLike, type OperationVariables, type TypedDocumentNode } from '@apollo/client';
import { useQuery } from '@apollo/client/react';
import { useCallback, useState } from 'react';

/** The shape of every `XConnection` as a screen's query selects it. */
interface ConnectionShape {
  totalCount: number;
  /** Selected by the large lists: true when the server stopped counting at a cap ("meer dan 1.000"). */
  totalCountCapped?: boolean;
  edges: readonly { node: unknown }[];
  pageInfo: { hasNextPage: boolean; endCursor?: string | null };
}

type NodeOf<C> = C extends { edges: readonly { node: infer N }[] } ? N : never;

/** The fields of a query's data that are connections. */
type ConnectionField<D> = { [K in keyof D]: NonNullable<D[K]> extends ConnectionShape ? K : never }[keyof D];

export interface ConnectionList<N, D = unknown> {
  /** The query's data, for what it selects besides the connection (a count beside the list). */
  data: D | undefined;
  /** The nodes of every page loaded so far, in order. */
  nodes: N[];
  /** How many match over all pages; null until the first page is there. */
  totalCount: number | null;
  /** True when `totalCount` is a cap: more items match than were counted (the server counts large lists up to a cap). */
  totalCountCapped: boolean;
  /** The first page is loading (also after a filter change); nothing to show yet. */
  loadingFirst: boolean;
  /** "Load more" is busy. */
  loadingMore: boolean;
  /** The first page could not be loaded (show it with `refetch` as the retry). */
  error: ErrorLike | null;
  /** The last "load more" failed (LoadMore shows it with a retry). */
  moreError: boolean;
  hasMore: boolean;
  loadMore: () => Promise<void>;
  refetch: () => Promise<void>;
}

/**
 * One list of a connection, a keyset page at a time:
 *
 *   const list = useConnection(AdminCategoriesDocument, { variables: { filter }, field: 'adminCategories' });
 *
 * The document must select `totalCount`, `edges { node { … } }` and `pageInfo { hasNextPage endCursor }` and take
 * `$first` and `$after`. "Load more" asks for the page after the last cursor; the pages are merged by the field's
 * cache policy (`relayStylePagination` in graphql/client.ts — every connection field has one), never by hand.
 * A filter change (other variables) starts a new list from its first page.
 */
export function useConnection<D, V extends OperationVariables, F extends ConnectionField<D>>(
  document: TypedDocumentNode<D, V>,
  options: {
    variables: Omit<V, 'after'>;
    field: F;
    pageSize?: number;
    skip?: boolean;
    /**
     * The first page was asked for a moment ago (at page load, beside the screen's code: `prefetchCatalogue`): read
     * it from the cache, no second request. Only on mount; other filters later ask the server as always.
     */
    fresh?: boolean;
  },
): ConnectionList<NodeOf<NonNullable<D[F]>>, D> {
  const variables = { first: options.pageSize, ...options.variables } as unknown as V;
  const [fresh] = useState(options.fresh === true);
  const query = useQuery(document, {
    variables,
    skip: options.skip,
    notifyOnNetworkStatusChange: true,
    // Show what the cache has at once, and always ask the server: a list seen before may have changed (other
    // variables: this policy again).
    fetchPolicy: fresh ? 'cache-first' : 'cache-and-network',
    initialFetchPolicy: 'cache-and-network',
    nextFetchPolicy: 'cache-first',
  } as never);
  const [moreError, setMoreError] = useState(false);
  const data = query.data as D | undefined;
  const connection = (data?.[options.field] ?? null) as (ConnectionShape & NonNullable<D[F]>) | null;
  const endCursor = connection?.pageInfo.endCursor ?? null;
  const { fetchMore, refetch } = query;

  const loadMore = useCallback(async () => {
    if (!endCursor) return;
    setMoreError(false);
    try {
      await fetchMore({ variables: { after: endCursor } as never });
    } catch {
      setMoreError(true);
    }
  }, [endCursor, fetchMore]);

  const retry = useCallback(async () => {
    try {
      await refetch();
    } catch {
      // The error is in `query.error`; the screen shows it again.
    }
  }, [refetch]);

  return {
    data,
    nodes: (connection?.edges.map((e) => e.node) ?? []) as NodeOf<NonNullable<D[F]>>[],
    totalCount: connection?.totalCount ?? null,
    totalCountCapped: connection?.totalCountCapped ?? false,
    loadingFirst: !connection && query.loading,
    loadingMore: query.networkStatus === NetworkStatus.fetchMore,
    error: connection ? null : (query.error ?? null),
    moreError,
    hasMore: Boolean(connection?.pageInfo.hasNextPage && endCursor),
    loadMore,
    refetch: retry,
  };
}
