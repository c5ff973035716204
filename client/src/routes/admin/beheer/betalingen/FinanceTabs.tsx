import { NavLink } from 'react-router';
import { urls } from '@/lib/urls';
import './finance.css';

/** The finance sub-pages beneath /admin/beheer/betalingen; payouts live at …/betalingen/uitbetalingen. */
const TABS = [
  { label: 'Betalingen', to: () => urls.admin.beheer.payments(), end: true },
  { label: 'Controle', to: () => urls.admin.beheer.paymentReconciliation(), end: true },
  { label: 'Uitbetalingen', to: () => `${urls.admin.beheer.payments()}/uitbetalingen`, end: false },
] as const;

/**
 * The sub-navigation of the finance screens (Betalingen, Controle, Uitbetalingen): a list of links in a labelled
 * navigation landmark, the current one marked with aria-current="page". Every finance screen puts it under its title.
 */
export function FinanceTabs() {
  return (
    <nav className="gw-finance-tabs" aria-label="Financiën">
      <ul>
        {TABS.map((tab) => (
          <li key={tab.label}>
            <NavLink to={tab.to()} end={tab.end}>
              {tab.label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
