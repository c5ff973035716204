import { urls } from '../../lib/urls';
import { Logo } from './Logo';
import { NavigationStatus } from './NavigationStatus';
import { ScreenOutlet } from './ScreenOutlet';
import { ScrollableTables } from './ScrollableTables';
import { MAIN_ID, SkipLink } from './SkipLink';
import { AreaFooter } from './AreaFooter';

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
      <AreaFooter />
    </div>
  );
}

export function StaffLoginLayout() {
  return <BareLayout audience="Beheeromgeving" home={urls.admin.dashboard()} />;
}

export function InternalLayout() {
  return <BareLayout audience="Beheerconsole" home={urls.internal.console()} />;
}
