import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Page } from '../layout/Page';
import { urls } from '../../lib/urls';

/**
 * A staff screen's record that is not there, or not in the viewer's municipalities: the title says what, `children`
 * may say more, and one link leads on (by default to the search for a client, where most records are found).
 */
export function RecordNotFound({
  title,
  children,
  back = { to: urls.admin.clients(), label: 'Zoek een klant' },
}: {
  title: string;
  children?: ReactNode;
  back?: { to: string; label: string };
}) {
  return (
    <Page title={title}>
      <div className="gw-prose">
        {children ?? <p>Het adres klopt niet, of dit gegeven hoort bij een gemeente waarvoor u niet werkt.</p>}
        <p>
          <Link to={back.to}>{back.label}</Link>
        </p>
      </div>
    </Page>
  );
}
