import type { Key, ReactNode } from 'react';
import { formatCount } from '../dates/formatDate';
import { ConnectionView, ITEM, type ConnectionStatesProps } from './ConnectionView';

export interface Column<N> {
  /** The column header. */
  header: string;
  cell: (node: N) => ReactNode;
  /** The cell names the row (a `th scope="row"`): exactly one column, usually the first, with the link to the item. */
  rowHeader?: boolean;
  /** Numbers and amounts: right-aligned, header included. */
  numeric?: boolean;
}

interface ConnectionTableProps<N> extends ConnectionStatesProps<N> {
  /** What the table shows ("Categorieën", "Zoekresultaten voor ‘…’"); the caption adds "x van y". */
  caption: string;
  columns: readonly Column<N>[];
  /** Default: the node's `id`. */
  rowKey?: (node: N) => Key;
}

/**
 * The table of a list screen: a caption with "x van y", one row header per row, numeric cells right-aligned, an empty
 * state with guidance (another one when filters are set), loading and error states with a retry, and "load more"
 * (ConnectionView).
 */
export function ConnectionTable<N>(props: ConnectionTableProps<N>) {
  const { list, columns } = props;
  const rowKey = props.rowKey ?? ((node: N) => (node as { id: string }).id);
  const numeric = (column: Column<N>) => (column.numeric ? 'gw-num' : undefined);
  return (
    <ConnectionView {...props}>
      <div className="gw-table-wrapper">
        <table className="gw-table">
          <caption>
            {props.caption}: {formatCount(list.nodes.length)} van {list.totalCountCapped ? 'meer dan ' : ''}
            {formatCount(list.totalCount ?? list.nodes.length)}
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
              <tr key={rowKey(node)} {...{ [ITEM]: '' }}>
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
    </ConnectionView>
  );
}
