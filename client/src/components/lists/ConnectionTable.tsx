import type { Key, ReactNode } from 'react';
import { formatCount } from '../dates/formatDate';
import { Loading } from '../ui/Loading';
import { QueryError } from '../ui/QueryError';
import { LoadMore } from './LoadMore';
import type { ConnectionList } from './useConnection';

export interface Column<N> {
  /** The column header. */
  header: string;
  cell: (node: N) => ReactNode;
  /** The cell names the row (a `th scope="row"`): exactly one column, usually the first, with the link to the item. */
  rowHeader?: boolean;
  /** Numbers and amounts: right-aligned, header included. */
  numeric?: boolean;
}

interface ConnectionTableProps<N> {
  list: ConnectionList<N>;
  /** What the table shows ("Categorieën", "Zoekresultaten voor ‘…’"); the caption adds "x van y". */
  caption: string;
  columns: readonly Column<N>[];
  /** Default: the node's `id`. */
  rowKey?: (node: N) => Key;
  /** When there is nothing at all yet, with guidance on what to do ("Voeg een categorie toe met …"). */
  empty: ReactNode;
  /** When filters are set and nothing matches, with guidance ("Controleer de spelling of wis de filters."). */
  emptyFiltered: ReactNode;
  /** Whether filters are set (FilterState.active). */
  filtered: boolean;
  /** "De categorieën konden niet worden geladen." — shown with a retry button. */
  errorMessage: string;
  /** The label of the load-more button: "Meer categorieën laden". */
  moreLabel: string;
}

/**
 * The table of a list screen: a caption with "x van y", one row header per row, numeric cells right-aligned, an empty
 * state with guidance (another one when filters are set), loading and error states with a retry, and "load more".
 * Everything in one region that is aria-busy while it loads.
 */
export function ConnectionTable<N>(props: ConnectionTableProps<N>) {
  const { list, columns } = props;
  const rowKey = props.rowKey ?? ((node: N) => (node as { id: string }).id);
  const numeric = (column: Column<N>) => (column.numeric ? 'gw-num' : undefined);
  return (
    <div className="gw-connection" aria-busy={list.loadingFirst || list.loadingMore}>
      {list.loadingFirst ? <Loading /> : null}
      {list.error ? <QueryError message={props.errorMessage} onRetry={() => void list.refetch()} /> : null}
      {list.totalCount !== null && list.nodes.length === 0 ? (
        <div role="status" className="gw-empty">
          {props.filtered ? props.emptyFiltered : props.empty}
        </div>
      ) : null}
      {list.nodes.length > 0 ? (
        <div className="gw-table-wrapper">
          <table className="gw-table">
            <caption>
              {props.caption}: {formatCount(list.nodes.length)} van {formatCount(list.totalCount ?? list.nodes.length)}
            </caption>
            <thead>
              <tr>
                {columns.map((column) => (
                  <th key={column.header} scope="col" className={numeric(column)}>
                    {column.header}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {list.nodes.map((node) => (
                <tr key={rowKey(node)}>
                  {columns.map((column) =>
                    column.rowHeader ? (
                      <th key={column.header} scope="row" className={numeric(column)}>
                        {column.cell(node)}
                      </th>
                    ) : (
                      <td key={column.header} className={numeric(column)}>
                        {column.cell(node)}
                      </td>
                    ),
                  )}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      <LoadMore list={list} label={props.moreLabel} />
    </div>
  );
}
