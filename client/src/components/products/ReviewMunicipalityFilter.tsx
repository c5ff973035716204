import { useQuery } from '@apollo/client/react';
import { graphql } from '../../graphql/generated';
import { FilterForm, slug, useFilters, type Filters } from '../lists';

const ReviewScopeDocument = graphql(`
  query ReviewScope {
    viewer {
      municipalities {
        id
        name
        slug
      }
    }
  }
`);

/** ?gemeente=<slug>: a review list narrowed to one municipality of the staff member's scope. */
const reviewFilters = {
  municipality: slug({ param: 'gemeente', label: 'Gemeente', all: 'Alle gemeenten' }),
} satisfies Filters;

/**
 * The municipality a review list is narrowed to, from the staff member's scope, and its filter form (shown with two
 * or more municipalities: with one there is nothing to choose). `ready` is false while a slug in the URL still has to
 * be looked up.
 */
export function useReviewMunicipality() {
  const [values, setValues, state] = useFilters(reviewFilters);
  const { data } = useQuery(ReviewScopeDocument, { fetchPolicy: 'cache-first' });
  const municipalities = data?.viewer.municipalities ?? [];
  const selected = municipalities.find((m) => m.slug === values.municipality) ?? null;
  const filter =
    municipalities.length > 1 ? (
      <FilterForm
        filters={reviewFilters}
        values={values}
        onChange={setValues}
        state={state}
        label="Filter op gemeente"
        submitLabel="Filteren"
        choices={{ municipality: municipalities.map((m) => ({ value: m.slug, label: m.name })) }}
      />
    ) : null;
  return { selected, ready: !!data || !values.municipality, filter };
}
