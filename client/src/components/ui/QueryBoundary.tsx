import type { ErrorLike } from '@apollo/client';
import type { ReactNode } from 'react';
import NotFoundScreen from '../../routes/NotFoundScreen';
import { Page } from '../layout/Page';
import { Loading } from './Loading';
import { QueryError } from './QueryError';

interface QueryLike<D> {
  data?: D | undefined;
  loading: boolean;
  error?: ErrorLike | undefined;
  refetch: () => Promise<unknown>;
}

interface QueryBoundaryProps<D, T> {
  /** The detail screen's useQuery result. */
  query: QueryLike<D>;
  /** The item in the data; null or undefined means "not found" (unknown, or out of the viewer's reach). */
  select: (data: D) => T | null | undefined;
  /** The page title while loading or after an error ("Categorie bewerken"). */
  title: string;
  /** "Deze categorie kon niet worden geladen." — shown with a retry button. */
  errorMessage: string;
  /** Default: the not-found screen. */
  notFound?: ReactNode;
  children: (item: T) => ReactNode;
}

/**
 * The loading / error / not-found branches of a detail screen, in one place: the screen itself only renders the item.
 *
 *   <QueryBoundary query={useQuery(AdminCategoryDocument, { variables: { id } })} select={(d) => d.category}
 *     title="Categorie bewerken" errorMessage="Deze categorie kon niet worden geladen.">
 *     {(category) => <Page title={`Categorie ‘${category.name}’`}>…</Page>}
 *   </QueryBoundary>
 */
export function QueryBoundary<D, T>({
  query,
  select,
  title,
  errorMessage,
  notFound,
  children,
}: QueryBoundaryProps<D, T>) {
  if (query.data === undefined) {
    if (query.error) {
      return (
        <Page title={title}>
          <QueryError message={errorMessage} onRetry={() => void query.refetch().catch(() => undefined)} />
        </Page>
      );
    }
    return (
      <Page title={title}>
        <div aria-busy="true">
          <Loading />
        </div>
      </Page>
    );
  }
  const item = select(query.data);
  if (item == null) return <>{notFound ?? <NotFoundScreen />}</>;
  return <>{children(item)}</>;
}
