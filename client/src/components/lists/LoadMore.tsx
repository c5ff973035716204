import { Loading } from '../ui/Loading';
import type { ConnectionList } from './useConnection';

/** "Load more" under a list: the button while there is more, its own loading message, and its own error with a retry. */
export function LoadMore({
  list,
  label,
  errorMessage,
}: {
  list: ConnectionList<unknown>;
  label: string;
  errorMessage?: string;
}) {
  if (!list.hasMore && !list.loadingMore) return null;
  return (
    <div className="gw-load-more" aria-busy={list.loadingMore}>
      {list.loadingMore ? <Loading /> : null}
      {list.moreError ? (
        <div className="gw-alert gw-alert--error" role="alert">
          <p>{errorMessage ?? 'Meer laden is niet gelukt.'} Probeer het over een paar minuten opnieuw.</p>
        </div>
      ) : null}
      {list.hasMore ? (
        <p>
          <button
            type="button"
            className="gw-button gw-button--secondary"
            onClick={() => void list.loadMore()}
            disabled={list.loadingMore}
          >
            {list.moreError ? `${label}: opnieuw proberen` : label}
          </button>
        </p>
      ) : null}
    </div>
  );
}
