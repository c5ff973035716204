import type { ErrorLike } from '@apollo/client';
import type { ReactNode } from 'react';
import { Loading } from './Loading';
import { QueryError } from './QueryError';

interface QueryLike {
  data?: unknown;
  loading: boolean;
  error?: ErrorLike | undefined;
  refetch: () => Promise<unknown>;
}

/**
 * The loading and error states of a query that fills a part of a page (a panel): null once there is data, else what
 * to show instead, the spinner or the Dutch error with a retry. A whole detail screen uses QueryBoundary.
 *
 *   const pending = queryPending(query, 'De webhooks konden niet worden geladen.');
 *   if (pending) return pending;
 */
export function queryPending(query: QueryLike, errorMessage: string): ReactNode | null {
  if (query.data) return null;
  if (query.loading) return <Loading />;
  if (query.error)
    return <QueryError message={errorMessage} onRetry={() => void query.refetch().catch(() => undefined)} />;
  return null;
}
