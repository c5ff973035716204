import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { setQuery, type QueryValue, type SearchParamName } from './urls';

/**
 * The one hook that reads and writes the URL's search parameters (.oxlintrc.json refuses `useSearchParams`
 * anywhere else). A selection kept in the URL survives Back, reload and a shared link:
 *
 *   const url = useUrlState();
 *   const selected = url.get(searchParams.apiClient);                 // ?koppeling=<id>, or null
 *   url.set({ [searchParams.apiClient]: id });                         // a new history entry, other parameters stay
 *   <Link to={url.search({ [searchParams.apiClient]: id })}>…</Link>   // this list, another item open
 *
 * The parameter names are declared once, in lib/urls.ts (`searchParams`); a list's filters declare theirs in their
 * filter definitions (components/lists/filters.ts) and read and write them through `params` and `update`.
 */
export interface UrlState {
  /** A parameter's value; null when it is absent or empty. */
  get(name: SearchParamName): string | null;
  /**
   * Sets the given parameters (null, undefined or '' removes one) and keeps the others: a new history entry, or with
   * `replace` the current one replaced.
   */
  set(values: Partial<Record<SearchParamName, QueryValue>>, options?: UrlStateOptions): void;
  /** The search part (`?…`, or '' when empty) of this URL with the given parameters set, for a link. */
  search(values: Partial<Record<SearchParamName, QueryValue>>): string;
  /** Every parameter of the URL (a list's filters read their own). */
  params: URLSearchParams;
  /** Rewrites the parameters from the current ones (a list's filters write their own). */
  update(change: (current: URLSearchParams) => URLSearchParams, options?: UrlStateOptions): void;
}

export interface UrlStateOptions {
  /** Replace the current history entry instead of adding one (a selection made for the visitor, not by them). */
  replace?: boolean;
}

export function useUrlState(): UrlState {
  // `params` keeps its identity while the URL's query stays the same (react-router memoises it on location.search).
  const [params, setParams] = useSearchParams();
  const update = useCallback(
    (change: (current: URLSearchParams) => URLSearchParams, options?: UrlStateOptions) =>
      setParams((current) => change(current), { replace: options?.replace }),
    [setParams],
  );
  return useMemo(
    () => ({
      params,
      update,
      get: (name) => params.get(name) || null,
      set: (values, options) => update((current) => setQuery(current, values), options),
      search: (values) => {
        const text = setQuery(params, values).toString();
        return text ? `?${text}` : '';
      },
    }),
    [params, update],
  );
}

/** One parameter of the URL as state: its value (null when absent or empty) and a setter (see `UrlState.set`). */
export function useSearchParam(
  name: SearchParamName,
): [string | null, (value: QueryValue, options?: UrlStateOptions) => void] {
  const url = useUrlState();
  const set = useCallback(
    (value: QueryValue, options?: UrlStateOptions) => url.set({ [name]: value }, options),
    [url, name],
  );
  return [url.get(name), set];
}
