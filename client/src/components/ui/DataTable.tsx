import type { ReactNode } from 'react';

/**
 * A column header of a DataTable: its text; or its text and "numbers: right-aligned" (`numeric`), or a text only
 * screen readers read (`hidden`: a column of buttons, "Acties").
 */
export type DataTableHeader = string | { label: string; numeric: true } | { label: string; hidden: true };

interface DataTableProps {
  /** What the table shows; with `hideCaption` only screen readers read it (a heading above already says it). */
  caption: ReactNode;
  hideCaption?: boolean;
  /** The column headers, in order (`scope="col"`). */
  headers: readonly DataTableHeader[];
  /** The rows (`<tr>`), as the screen writes them: a row header per row where one cell names it. */
  children: ReactNode;
  /** Rows for a `<tfoot>` (the total), when the table has them. */
  footer?: ReactNode;
}

/**
 * A plain table of what a screen already has (not a connection: ConnectionTable pages those): the scroll wrapper, the
 * caption, the header row and the screen's own rows.
 *
 *   <DataTable caption={`Leden van ${group.name}`} hideCaption headers={['Naam', { label: 'Bedrag', numeric: true }]}>
 *     {rows.map((r) => <tr key={r.id}>…</tr>)}
 *   </DataTable>
 */
export function DataTable({ caption, hideCaption, headers, children, footer }: DataTableProps) {
  return (
    <div className="gw-table-wrapper">
      <table className="gw-table">
        <caption className={hideCaption ? 'gw-visually-hidden' : undefined}>{caption}</caption>
        <thead>
          <tr>
            {headers.map((header) =>
              typeof header === 'string' ? (
                <th key={header} scope="col">
                  {header}
                </th>
              ) : 'hidden' in header ? (
                <th key={header.label} scope="col">
                  <span className="gw-visually-hidden">{header.label}</span>
                </th>
              ) : (
                <th key={header.label} scope="col" className="gw-num">
                  {header.label}
                </th>
              ),
            )}
          </tr>
        </thead>
        <tbody>{children}</tbody>
        {footer ? <tfoot>{footer}</tfoot> : null}
      </table>
    </div>
  );
}
