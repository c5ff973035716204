import { NavLink } from 'react-router';
import { urls } from '../../lib/urls';
import { UnreadMessagesCount } from '../messages/UnreadMessagesCount';
import { MenuDisclosure } from './MenuDisclosure';
import { PublicShell } from './PublicLayout';
import { RequireAudience } from './RequireAudience';
import { ScreenOutlet } from './ScreenOutlet';

function AccountNav() {
  return (
    <div className="gw-subnav">
      <MenuDisclosure label="Mijn account" buttonLabel="Menu Mijn account" variant="subnav" className="gw-container">
        <ul className="gw-nav__list">
          <li>
            <NavLink to={urls.account.orders()}>Bestellingen</NavLink>
          </li>
          <li>
            <NavLink to={urls.account.assignments()}>Regelingen</NavLink>
          </li>
          <li>
            <NavLink to={urls.account.cards()}>Pas</NavLink>
          </li>
          <li>
            <NavLink to={urls.account.inbox()}>
              Berichten
              <UnreadMessagesCount />
            </NavLink>
          </li>
          <li>
            <NavLink to={urls.account.details()}>Gegevens</NavLink>
          </li>
          <li>
            <NavLink to={urls.account.changePassword()}>Wachtwoord wijzigen</NavLink>
          </li>
        </ul>
      </MenuDisclosure>
    </div>
  );
}

/** The customer's own area (/account/*): customers only, others go to /inloggen. */
export function AccountLayout() {
  return (
    <PublicShell subnav={<AccountNav />}>
      <RequireAudience kind="CUSTOMER" loginUrl={urls.login}>
        <ScreenOutlet />
      </RequireAudience>
    </PublicShell>
  );
}
