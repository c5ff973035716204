import { Link } from 'react-router';
import { urls } from '../../lib/urls';
import { Logo } from './Logo';
import { NavigationStatus } from './NavigationStatus';
import { ScreenOutlet } from './ScreenOutlet';
import { ScrollableTables } from './ScrollableTables';
import { MAIN_ID, SkipLink } from './SkipLink';

/** A minimal layout (staff log-in, the operator console): header, main, a link back. */
export function BareLayout({ audience, home }: { audience: string; home: string }) {
  return (
    <div className="gw-shell">
      <SkipLink />
      <header className="gw-header">
        <div className="gw-container gw-header__inner">
          <Logo to={home} audience={audience} />
        </div>
      </header>
      <NavigationStatus />
      <ScrollableTables />
      <main id={MAIN_ID} tabIndex={-1} className="gw-shell__main">
        <div className="gw-container">
          <ScreenOutlet />
        </div>
      </main>
      <footer className="gw-footer">
        <div className="gw-container">
          <p>
            <Link to={urls.home()}>Naar de openbare website</Link>
          </p>
        </div>
      </footer>
    </div>
  );
}

export function StaffLoginLayout() {
  return <BareLayout audience="Beheeromgeving" home={urls.admin.dashboard()} />;
}

export function InternalLayout() {
  return <BareLayout audience="Beheerconsole" home={urls.internal.console()} />;
}
