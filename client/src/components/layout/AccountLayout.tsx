import { useEffect } from 'react';
import { urls } from '../../lib/urls';
import { readOfflineAccount } from '../../lib/offlineAccount';
import { registerResidentServiceWorker } from '../../lib/serviceWorker';
import { OfflineAccount } from '../../routes/account/pas/OfflineAccount';
import { UnreadMessagesCount } from '../messages/UnreadMessagesCount';
import { MenuDisclosure } from './MenuDisclosure';
import { PublicShell } from './PublicLayout';
import { RequireAudience } from './RequireAudience';
import { ScreenOutlet } from './ScreenOutlet';
import { SectionNavLink } from './SectionNavLink';

/**
 * The account's sections. Residents log in with DigiD only and have no password here, so "Wachtwoord wijzigen" is not
 * offered (its address still explains where a DigiD password is changed, for old links).
 */
function AccountNav() {
  return (
    <div className="gw-subnav">
      <MenuDisclosure label="Mijn account" buttonLabel="Menu Mijn account" variant="subnav" className="gw-container">
        <ul className="gw-nav__list">
          <li>
            <SectionNavLink to={urls.account.orders()}>Bestellingen</SectionNavLink>
          </li>
          <li>
            <SectionNavLink to={urls.account.assignments()}>Regelingen</SectionNavLink>
          </li>
          <li>
            <SectionNavLink to={urls.account.applications()}>Aanvragen</SectionNavLink>
          </li>
          <li>
            <SectionNavLink to={urls.account.cards()}>Pas</SectionNavLink>
          </li>
          <li>
            <SectionNavLink to={urls.account.inbox()}>
              Berichten
              <UnreadMessagesCount />
            </SectionNavLink>
          </li>
          <li>
            <SectionNavLink to={urls.account.details()}>Gegevens</SectionNavLink>
          </li>
        </ul>
      </MenuDisclosure>
    </div>
  );
}

/** Without a connection: the resident's last known card, orders and budget, when this browser has them. */
function offlineAccount() {
  const snapshot = readOfflineAccount();
  return snapshot ? <OfflineAccount snapshot={snapshot} /> : null;
}

/**
 * The customer's own area (/account/*): customers only, others go to /inloggen. It is the installable part of the
 * site (issue 30): its service worker is registered here, and without a connection it shows the last known state.
 */
export function AccountLayout() {
  useEffect(() => registerResidentServiceWorker(), []);
  return (
    <PublicShell subnav={<AccountNav />}>
      <RequireAudience kind="CUSTOMER" loginUrl={urls.login} offline={offlineAccount}>
        <ScreenOutlet />
      </RequireAudience>
    </PublicShell>
  );
}
