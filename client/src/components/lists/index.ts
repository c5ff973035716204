/**
 * The list kit: one connection hook, filters in the URL, the table, the filter form, "load more" (docs "Adding a
 * screen"). The staff screens' pieces, `useFiltering` and `FilteredConnectionTable`, are imported from their own
 * modules: exported here they would land in the chunk the public pages load, over their JavaScript budget.
 */
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
export { ConnectionTable, type Column } from './ConnectionTable';
export { FilterForm } from './FilterForm';
export { LoadMore } from './LoadMore';
export { ConnectionItems } from './ConnectionItems';
