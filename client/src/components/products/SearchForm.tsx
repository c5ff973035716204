import { useNavigate } from 'react-router';
import { urls } from '../../lib/urls';
import { FilterForm } from '../lists/FilterForm';
import { catalogueFilters, type CatalogueFilterValues } from './catalogue';

const NOTHING: CatalogueFilterValues = { search: null, categoryId: null, providerId: null, payable: null, sort: null };

/** The offer's search box on another screen (home): searching opens /aanbod?zoek=…, where the other filters are. */
export function SearchForm() {
  const navigate = useNavigate();
  return (
    <FilterForm
      filters={catalogueFilters}
      values={NOTHING}
      hide={['categoryId', 'providerId', 'payable', 'sort']}
      label="Aanbod"
      action={urls.catalogue()}
      onChange={(values) => void navigate(urls.catalogue({ zoek: values.search }))}
    />
  );
}
