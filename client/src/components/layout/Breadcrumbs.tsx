import { Link, useMatches } from 'react-router';
import { handleOf } from './routeHandle';

interface Crumb {
  label: string;
  to: string;
}

function normalise(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

/** The trail of `handle.crumb`s of the matched routes; the last one is the current page. */
export function useCrumbs(): Crumb[] {
  const matches = useMatches();
  const crumbs: Crumb[] = [];
  for (const match of matches) {
    const label = handleOf(match).crumb;
    if (!label) continue;
    const to = normalise(match.pathname);
    const previous = crumbs[crumbs.length - 1];
    if (previous && previous.to === to) {
      previous.label = label;
    } else {
      crumbs.push({ label, to });
    }
  }
  return crumbs;
}

/**
 * Breadcrumbs (nav "Kruimelpad"). `current` replaces the label of the current page, so a
 * product page shows the product's title rather than the generic crumb.
 */
export function Breadcrumbs({ current }: { current?: string }) {
  const crumbs = useCrumbs();
  if (crumbs.length < 2) return null;
  return (
    <nav className="gw-breadcrumbs" aria-label="Kruimelpad">
      <ol>
        {crumbs.map((crumb, index) => {
          const isCurrent = index === crumbs.length - 1;
          return (
            <li key={crumb.to}>
              {isCurrent ? (
                <span aria-current="page">{current ?? crumb.label}</span>
              ) : (
                <Link to={crumb.to}>{crumb.label}</Link>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
