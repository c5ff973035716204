import { useOnNavigation } from '../../lib/useOnNavigation';
import { Link, NavLink, useLocation, useMatches } from 'react-router';
import type { Permission } from '../../graphql/generated/graphql';
import { screenPermission as p } from '../../lib/permissions';
import { urls } from '../../lib/urls';
import { hasPermission, useViewer, type Viewer } from '../../lib/viewer';
import { Logo } from './Logo';
import { MenuDisclosure } from './MenuDisclosure';
import { LogoutButton } from './LogoutButton';
import { NavigationStatus } from './NavigationStatus';
import { NoAccessPage } from './NoAccessPage';
import { OperatorBanner, useOperatorAct } from './OperatorBanner';
import { RequireAudience } from './RequireAudience';
import { requiredPermission } from './routeHandle';
import { ScreenOutlet } from './ScreenOutlet';
import { MaintenanceBanner } from '../settings/publicSettings';
import { ScrollableTables } from './ScrollableTables';
import { MAIN_ID, SkipLink } from './SkipLink';

interface MenuItem {
  label: string;
  to: string;
  permission?: Permission;
  /** Other paths whose pages belong to this section (a client's group and person pages under "Klanten"). */
  section?: string[];
  /** Only this exact page, not the pages below it (the dashboard at /admin). */
  exact?: boolean;
}

const b = urls.admin.beheer;
const s = urls.admin.instellingen;

const main: MenuItem[] = [
  { label: 'Dashboard', to: urls.admin.dashboard(), permission: p.dashboard, exact: true },
  { label: 'Aanbieders', to: urls.admin.providers(), permission: p.providers },
  { label: 'Producten', to: urls.admin.products(), permission: p.products },
  { label: 'Bestellingen', to: urls.admin.orders(), permission: p.orders },
  {
    label: 'Klanten',
    to: urls.admin.clients(),
    permission: p.clients,
    section: ['/admin/klantgroep', '/admin/persoon'],
  },
  { label: 'Aanvragen', to: urls.admin.applications(), permission: p.applications },
  { label: 'Regelingen', to: urls.admin.arrangements(), permission: p.arrangements },
  { label: 'Meldingen', to: urls.admin.messages(), permission: p.messages },
  { label: 'Account', to: urls.admin.account() },
];

const management: MenuItem[] = [
  { label: 'Accounts', to: b.accounts(), permission: p.accounts },
  { label: 'API-koppelingen', to: b.apiClients(), permission: p.apiClients },
  { label: 'API-documentatie', to: b.apiDocumentation(), permission: p.apiClients },
  { label: 'API-encryptie', to: b.apiEncryption(), permission: p.apiClients },
  { label: 'Auditlog', to: b.auditLog(), permission: p.auditLog },
  { label: 'Betalingen', to: b.payments(), permission: p.payments },
  { label: 'Controle betalingen', to: b.paymentReconciliation(), permission: p.payments },
  { label: 'Categorieën', to: b.categories(), permission: p.categories },
  { label: 'Uitgelichte categorie', to: b.featuredCategory(), permission: p.categories },
  { label: 'Communicatie', to: b.communication(), permission: p.communication },
  { label: 'Sjablonen', to: b.templates(), permission: p.templates },
  { label: 'Importeren', to: b.import(), permission: p.import },
  { label: 'Journaalposten', to: b.journalEntries(), permission: p.journalEntries },
  { label: 'Instellingen journaalposten', to: b.journalSettings(), permission: p.journalEntries },
  { label: 'Links', to: b.links(), permission: p.links },
  { label: 'Nieuws', to: b.news(), permission: p.news },
];

const settings: MenuItem[] = [
  { label: 'Algemeen', to: s.general(), permission: p.settings },
  { label: 'Algemene voorwaarden', to: s.terms(), permission: p.contentPages },
  { label: 'Analytics', to: s.analytics(), permission: p.settings },
  { label: 'Betalingen', to: s.payments(), permission: p.settings },
  { label: 'DigiD', to: s.digid(), permission: p.settings },
  { label: 'Nieuwe DigiD-certificaten', to: s.digidCertificates(), permission: p.settings },
  { label: 'Digitale pas', to: s.digitalCard(), permission: p.settings },
  { label: 'Geavanceerd', to: s.advanced(), permission: p.settings },
  { label: 'Hoe werkt het', to: s.howItWorks(), permission: p.contentPages },
  { label: 'IP-adressen', to: s.ip(), permission: p.settings },
  { label: 'Onderhoudsmodus', to: s.maintenance(), permission: p.settings },
  { label: 'Privacybeleid', to: s.privacy(), permission: p.contentPages },
  { label: 'Rollen', to: s.roles(), permission: p.roles },
  { label: 'Toegankelijkheid', to: s.accessibility(), permission: p.contentPages },
];

function isWithin(pathname: string, prefix: string): boolean {
  return pathname === prefix || pathname.startsWith(`${prefix}/`);
}

/**
 * The menu item whose section the page at `pathname` belongs to: the item with the longest path that is the page or
 * one of its parents (/admin/producten/<id> → "Producten", /admin/beheer/api/documentatie → "API-documentatie"),
 * or whose extra section paths contain it (/admin/persoon/… → "Klanten").
 */
export function currentMenuItem(items: readonly MenuItem[], pathname: string): MenuItem | undefined {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  let best: MenuItem | undefined;
  let bestLength = -1;
  for (const item of items) {
    const prefixes = item.exact ? [] : [item.to, ...(item.section ?? [])];
    const length = Math.max(
      item.to === path ? Number.MAX_SAFE_INTEGER : -1,
      ...prefixes.filter((prefix) => isWithin(path, prefix)).map((prefix) => prefix.length),
    );
    if (length > bestLength) {
      best = item;
      bestLength = length;
    }
  }
  return bestLength >= 0 ? best : undefined;
}

function MenuSection({
  title,
  items,
  current,
  pathname,
}: {
  title?: string;
  items: MenuItem[];
  current: MenuItem | undefined;
  pathname: string;
}) {
  if (items.length === 0) return null;
  const list = (
    <ul>
      {items.map((item) => {
        // The page itself is "page"; a page inside the item's section (a detail page) marks the item as "true".
        const ariaCurrent = item !== current ? undefined : item.to === pathname ? 'page' : 'true';
        return (
          <li key={item.to}>
            <Link to={item.to} aria-current={ariaCurrent} className={ariaCurrent ? 'is-current' : undefined}>
              {item.label}
            </Link>
          </li>
        );
      })}
    </ul>
  );
  if (!title) return list;
  return (
    <>
      <h2>{title}</h2>
      {list}
    </>
  );
}

function Sidebar({ viewer }: { viewer: Viewer }) {
  const { pathname } = useLocation();
  // An operator acting in the municipality has no account of their own here.
  const operator = useOperatorAct() !== null;
  const visible = (items: MenuItem[]) =>
    items.filter((item) => hasPermission(viewer, item.permission) && !(operator && item.to === urls.admin.account()));
  const sections = { main: visible(main), management: visible(management), settings: visible(settings) };
  const current = currentMenuItem([...sections.main, ...sections.management, ...sections.settings], pathname);
  return (
    <MenuDisclosure label="Beheermenu" variant="sidebar" className="gw-sidebar">
      <MenuSection items={sections.main} current={current} pathname={pathname} />
      <MenuSection title="Beheer" items={sections.management} current={current} pathname={pathname} />
      <MenuSection title="Instellingen" items={sections.settings} current={current} pathname={pathname} />
    </MenuDisclosure>
  );
}

/** Permission check of the current screen (`handle.permission` of the deepest route declaring one). */
function PermittedScreen() {
  const { viewer } = useViewer();
  const matches = useMatches();
  const permission = requiredPermission(matches);
  if (!hasPermission(viewer, permission)) return <NoAccessPage viewer={viewer} />;
  return <ScreenOutlet />;
}

/** The admin area (/admin/*): staff only, others go to /admin/inloggen. */
export function AdminLayout() {
  const { viewer, refetch } = useViewer();
  const isStaff = viewer?.kind === 'STAFF';
  const operatorAct = useOperatorAct();
  // Permissions come from the role on every request (instellingen/rollen): each next page asks again, so a changed
  // role shows in the menu and the guards from the next page on, without logging in again.
  useOnNavigation(() => {
    if (isStaff) void refetch();
  });
  return (
    <div className="gw-shell">
      <SkipLink />
      <header className="gw-header">
        <div className="gw-container gw-header__inner">
          <Logo to={urls.admin.dashboard()} audience="Beheeromgeving" />
          {isStaff && operatorAct ? (
            // An operator acting here: no own account and no log-out; "Stoppen" in the banner ends it.
            <p className="gw-nav__list">Operator van Lightbase</p>
          ) : isStaff ? (
            <nav aria-label="Gebruiker">
              <ul className="gw-nav__list">
                <li>
                  <NavLink to={urls.admin.account()}>{viewer.displayName ?? viewer.email ?? 'Mijn account'}</NavLink>
                </li>
                <li>
                  <LogoutButton />
                </li>
              </ul>
            </nav>
          ) : null}
        </div>
      </header>
      {/* An operator of Lightbase acting in this municipality: where, why, until when, and "Stoppen". */}
      {isStaff ? <OperatorBanner /> : null}
      <NavigationStatus />
      <ScrollableTables />
      <div className="gw-admin">
        {isStaff ? <Sidebar viewer={viewer} /> : <div />}
        <main id={MAIN_ID} tabIndex={-1} className="gw-admin__main">
          <RequireAudience kind="STAFF" loginUrl={urls.admin.login}>
            <MaintenanceBanner />
            <PermittedScreen />
          </RequireAudience>
        </main>
      </div>
    </div>
  );
}
