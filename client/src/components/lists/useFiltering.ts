import { useMemo } from 'react';
import { useFilters, type FilterState, type Filters, type FilterValues } from './filters';

/** A list screen's filters as one object: see `useFiltering`. */
export interface Filtering<F extends Filters> {
  /** The filters in force (from the URL): the query's `filter`. */
  values: FilterValues<F>;
  /** Any filter set to other than its default: the table's `filtered`. */
  active: boolean;
  /** What `<FilterForm>` takes besides its label and options: `<FilterForm {...filtering.form} label="…" />`. */
  form: {
    filters: F;
    values: FilterValues<F>;
    onChange: (values: Partial<FilterValues<F>>) => void;
    state: FilterState;
  };
}

/**
 * `useFilters` for the usual list screen, which hands the values to its query, the form's props to `FilterForm` and
 * "filters set" to the table:
 *
 *   const filtering = useFiltering(filters);
 *   const list = useConnection(Document, { variables: { filter: filtering.values }, field: 'things' });
 *   <FilterForm {...filtering.form} label="Dingen zoeken" />
 *   <ConnectionTable list={list} filtered={filtering.active} … />
 */
export function useFiltering<F extends Filters>(filters: F): Filtering<F> {
  const [values, onChange, state] = useFilters(filters);
  return useMemo(
    () => ({ values, active: state.active, form: { filters, values, onChange, state } }),
    [filters, values, onChange, state],
  );
}
