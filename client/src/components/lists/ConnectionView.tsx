import { useCallback, useEffect, useRef, type ReactNode } from 'react';
import { Loading } from '../ui/Loading';
import { QueryError } from '../ui/QueryError';
import { LoadMore } from './LoadMore';
import type { ConnectionList } from './useConnection';

/** What every rendering of a connection says besides its items (ConnectionTable, ConnectionItems). */
export interface ConnectionStatesProps<N> {
  list: ConnectionList<N>;
  /** When there is nothing at all yet, with guidance on what to do ("Voeg een categorie toe met …"). */
  empty: ReactNode;
  /** When filters are set and nothing matches, with guidance ("Controleer de spelling of wis de filters."). */
  emptyFiltered?: ReactNode;
  /** Whether filters are set (FilterState.active). */
  filtered?: boolean;
  /** "De categorieën konden niet worden geladen." — shown with a retry button. */
  errorMessage: string;
  /** The label of the load-more button: "Meer categorieën laden". */
  moreLabel: string;
}

/** The items of a connection: `data-item` marks each one, so "load more" can move the focus to the first new one. */
export const ITEM = 'data-item';

/**
 * The states around a connection's items: loading and error (with a retry) of the first page, the empty state (another
 * one when filters are set), and "load more" — after which the focus moves to the first new item (its first link or
 * button), so a keyboard or screen-reader user continues where the new items start. One region, aria-busy while it
 * loads.
 */
export function ConnectionView<N>(props: ConnectionStatesProps<N> & { children: ReactNode }) {
  const { list } = props;
  const region = useRef<HTMLDivElement>(null);
  const firstNew = useRef<number | null>(null);
  const count = list.nodes.length;

  useEffect(() => {
    const index = firstNew.current;
    if (index === null || count <= index) return;
    firstNew.current = null;
    const item = region.current?.querySelectorAll<HTMLElement>(`[${ITEM}]`)[index];
    const target = item?.querySelector<HTMLElement>('a[href], button') ?? item;
    if (target && !target.matches('a[href], button')) target.tabIndex = -1;
    target?.focus();
  }, [count]);

  const loadMore = useCallback(async () => {
    firstNew.current = count;
    await list.loadMore();
  }, [count, list]);

  return (
    <div className="gw-connection" ref={region} aria-busy={list.loadingFirst || list.loadingMore}>
      {list.loadingFirst ? <Loading /> : null}
      {list.error ? <QueryError message={props.errorMessage} onRetry={() => void list.refetch()} /> : null}
      {list.totalCount !== null && count === 0 ? (
        <div role="status" className="gw-empty">
          {props.filtered && props.emptyFiltered ? props.emptyFiltered : props.empty}
        </div>
      ) : null}
      {count > 0 ? props.children : null}
      <LoadMore list={{ ...list, loadMore }} label={props.moreLabel} />
    </div>
  );
}
