import { Link } from 'react-router';
import { hasPermission, type Viewer } from '../../lib/viewer';
import { urls } from '../../lib/urls';
import { Page } from './Page';

/** A staff member whose role lacks the permission a screen needs. */
export function NoAccessPage({ viewer }: { viewer: Viewer | undefined }) {
  const canSeeDashboard = hasPermission(viewer, 'DASHBOARD_VIEW');
  return (
    <Page title="Geen toegang">
      <div className="gw-prose">
        <p>
          U bent ingelogd{viewer?.displayName ? ` als ${viewer.displayName}` : ''}, maar
          {viewer?.roleName ? ` uw rol (${viewer.roleName})` : ' uw rol'} geeft geen toegang tot deze pagina.
        </p>
        <p>Denkt u dat u deze pagina wel nodig heeft voor uw werk? Vraag dan een beheerder om uw rol aan te passen.</p>
        <p>
          {canSeeDashboard ? (
            <Link to={urls.admin.dashboard()}>Terug naar het dashboard</Link>
          ) : (
            <Link to={urls.admin.account()}>Naar uw account</Link>
          )}
        </p>
      </div>
    </Page>
  );
}
