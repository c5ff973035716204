import type { OperationVariables, TypedDocumentNode } from '@apollo/client';
import { ConnectionTable, type Column } from './ConnectionTable';
import type { ConnectionStatesProps } from './ConnectionView';
import { FilterForm } from './FilterForm';
import type { Filters, FilterValues } from './filters';
import { useFiltering } from './useFiltering';
import { useConnection, type ConnectionList } from './useConnection';

type NodeOf<D, K extends keyof D> = NonNullable<D[K]> extends { edges: readonly { node: infer N }[] } ? N : never;

interface FilteredConnectionTableProps<D, K extends keyof D, F extends Filters> extends Omit<
  ConnectionStatesProps<NodeOf<D, K>>,
  'list' | 'filtered'
> {
  /**
   * The list's query: takes the filters' values as `$filter`, and `$first` and `$after`; selects the connection
   * `field` as useConnection wants it.
   */
  query: TypedDocumentNode<D, { filter?: Partial<FilterValues<F>> | null } & OperationVariables>;
  field: K;
  /** The screen's filter declarations (a module constant), read from and written to the URL. */
  filters: F;
  /** The name of the filter form's search landmark: "Categorieën zoeken". */
  filterLabel: string;
  /** The filter form's button, when not "Zoeken". */
  submitLabel?: string;
  /** What the table shows ("Categorieën"); the caption adds "x van y". */
  caption: string;
  columns: readonly Column<NodeOf<D, K>>[];
}

/**
 * The usual list screen's body: the filter form above the table of one connection query, filtered by what the form
 * put in the URL (useFiltering, useConnection, FilterForm, ConnectionTable, in that order). The screen keeps what is
 * its own: the query, the filters, the columns and every word of the copy.
 *
 *   <FilteredConnectionTable query={AdminCategoriesDocument} field="adminCategories" filters={filters}
 *     filterLabel="Categorieën zoeken" caption="Categorieën" columns={columns} empty="…" emptyFiltered="…"
 *     errorMessage="…" moreLabel="…" />
 *
 * A screen that does more with its filters (totals beside the list, choices it loads, a caption made from the
 * values) uses those four pieces itself.
 */
export function FilteredConnectionTable<D, K extends keyof D & string, F extends Filters>(
  props: FilteredConnectionTableProps<D, K, F>,
) {
  const { query, field, filters, filterLabel, submitLabel, ...table } = props;
  const filtering = useFiltering(filters);
  const list = useConnection(query as TypedDocumentNode<Record<string, never>, OperationVariables>, {
    variables: { filter: filtering.values },
    field: field as never,
  }) as unknown as ConnectionList<NodeOf<D, K>>;
  return (
    <>
      <FilterForm {...filtering.form} label={filterLabel} submitLabel={submitLabel} />
      <ConnectionTable {...table} list={list} filtered={filtering.active} />
    </>
  );
}
