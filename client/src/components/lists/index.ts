/** The list kit: one connection hook, filters in the URL, the table, the filter form, "load more" (README "Adding a screen"). */
export { useConnection, type ConnectionList } from './useConnection';
export {
  text,
  oneOf,
  isoDate,
  id,
  slug,
  flag,
  useFilters,
  readFilters,
  writeFilters,
  type Filters,
  type FilterValues,
  type FilterState,
  type Choice,
} from './filters';
export { useFiltering, type Filtering } from './useFiltering';
export { ConnectionTable, type Column } from './ConnectionTable';
export { FilteredConnectionTable } from './FilteredConnectionTable';
export { FilterForm } from './FilterForm';
export { LoadMore } from './LoadMore';
export { ConnectionItems } from './ConnectionItems';
