import { urls } from '../../lib/urls';
import { useViewer } from '../../lib/viewer';
import { Logo } from './Logo';
import { MenuDisclosure } from './MenuDisclosure';
import { LogoutButton } from './LogoutButton';
import { NavigationStatus } from './NavigationStatus';
import { RequireAudience } from './RequireAudience';
import { ScreenOutlet } from './ScreenOutlet';
import { MaintenanceGate, useMaintenanceShown } from '../settings/publicSettings';
import { SectionNavLink } from './SectionNavLink';
import { ScrollableTables } from './ScrollableTables';
import { MAIN_ID, SkipLink } from './SkipLink';
import { ProviderTermsGate } from '../providers/ProviderTermsGate';
import { AreaFooter } from './AreaFooter';

function ProviderHeader() {
  const { viewer } = useViewer();
  // During maintenance no menu: each of its pages would be the maintenance page.
  const maintenance = useMaintenanceShown();
  const isProvider = viewer?.kind === 'PROVIDER' && !maintenance;
  return (
    <header className="gw-header">
      <div className="gw-container gw-header__inner">
        <div className="gw-header__brand">
          <Logo to={urls.provider.products()} audience="Aanbieders" />
        </div>
        {isProvider ? (
          <MenuDisclosure label="Aanbiedersomgeving" variant="public">
            <ul className="gw-nav__list">
              <li>
                <SectionNavLink to={urls.provider.app()}>Kassa-app</SectionNavLink>
              </li>
              <li>
                <SectionNavLink to={urls.provider.orders()}>Bestellingen</SectionNavLink>
              </li>
              <li>
                <SectionNavLink to={urls.provider.products()}>Producten</SectionNavLink>
              </li>
              <li>
                <SectionNavLink to={urls.provider.profile()}>Profiel</SectionNavLink>
              </li>
              <li>
                <LogoutButton />
              </li>
            </ul>
          </MenuDisclosure>
        ) : null}
      </div>
    </header>
  );
}

/** The provider area (/aanbieder/*): provider users only, others go to /voor-aanbieders/inloggen. */
export function ProviderLayout() {
  const { viewer } = useViewer();
  const maintenance = useMaintenanceShown();
  return (
    <div className="gw-shell">
      <SkipLink />
      <ProviderHeader />
      <NavigationStatus />
      <ScrollableTables />
      <main id={MAIN_ID} tabIndex={-1} className="gw-shell__main">
        <div className="gw-container">
          {viewer?.kind === 'PROVIDER' && viewer.provider ? (
            <p className="gw-muted">
              Ingelogd voor <strong>{viewer.provider.name}</strong>
            </p>
          ) : null}
          <MaintenanceGate>
            <RequireAudience kind="PROVIDER" loginUrl={urls.providerLogin}>
              {/* New terms since the last log-in: accepted first (components/providers/ProviderTermsGate). */}
              <ProviderTermsGate>
                <ScreenOutlet />
              </ProviderTermsGate>
            </RequireAudience>
          </MaintenanceGate>
        </div>
      </main>
      {/* During maintenance the public site is the maintenance page too. */}
      {maintenance ? null : <AreaFooter />}
    </div>
  );
}
