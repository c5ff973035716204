import { useQuery } from '@apollo/client/react';
import { Link, useSearchParams } from 'react-router';
import { graphql } from '../../graphql/generated';

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

/**
 * The municipality a review list is narrowed to (?gemeente=slug), from the staff member's scope. With one
 * municipality in scope there is nothing to choose.
 */
export function useReviewMunicipality() {
  const [params] = useSearchParams();
  const { data } = useQuery(ReviewScopeDocument, { fetchPolicy: 'cache-first' });
  const municipalities = data?.viewer.municipalities ?? [];
  const slug = params.get('gemeente');
  const selected = municipalities.find((m) => m.slug === slug) ?? null;
  return { municipalities, selected, ready: !!data || !slug };
}

/** Links to narrow a review list to one municipality of the scope, or all of them (shown with two or more). */
export function ReviewMunicipalityFilter(props: {
  municipalities: { id: string; name: string; slug: string }[];
  selected: { id: string } | null;
  url: (gemeente?: string | null) => string;
}) {
  if (props.municipalities.length < 2) return null;
  const options = [{ id: '', name: 'Alle gemeenten', slug: null as string | null }, ...props.municipalities];
  return (
    <nav aria-label="Filter op gemeente">
      <ul className="gw-actions" style={{ listStyle: 'none', padding: 0 }}>
        {options.map((m) => {
          const current = (props.selected?.id ?? '') === m.id;
          return (
            <li key={m.id || 'alle'}>
              <Link to={props.url(m.slug)} aria-current={current ? 'page' : undefined}>
                {current ? <strong>{m.name}</strong> : m.name}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
