import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Page } from '@/components/layout/Page';
import { urls } from '@/lib/urls';

/** "3 maart 2026" for a calendar date (YYYY-MM-DD), without time-zone surprises. */
export function formatDay(isoDate: string | null | undefined): string {
  if (!isoDate) return '';
  const [y, m, d] = isoDate.split('-').map(Number);
  if (!y || !m || !d) return isoDate;
  return new Intl.DateTimeFormat('nl-NL', { dateStyle: 'long', timeZone: 'UTC' }).format(
    new Date(Date.UTC(y, m - 1, d)),
  );
}

/** "3-3-2026" for a calendar date (YYYY-MM-DD), for narrow table columns. */
export function shortDay(isoDate: string | null | undefined): string {
  if (!isoDate) return '';
  const [y, m, d] = isoDate.split('-').map(Number);
  if (!y || !m || !d) return isoDate;
  return `${d}-${m}-${y}`;
}

/**
 * A record (household, person, order) that does not exist or is outside the staff member's municipalities: a page
 * of its own inside the admin area, with the way back to the search.
 */
export function RecordNotFound({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Page title={title}>
      <div className="gw-prose">
        {children ?? <p>Het adres klopt niet, of dit gegeven hoort bij een gemeente waarvoor u niet werkt.</p>}
        <p>
          <Link to={urls.admin.clients()}>Zoek een klant</Link>
        </p>
      </div>
    </Page>
  );
}
