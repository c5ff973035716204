import type { ApolloClient } from '@apollo/client';
import { useQuery } from '@apollo/client/react';
import type { ReactNode } from 'react';
import { NavLink } from 'react-router';
import { ActiveAnnouncementsBannerDocument, AnnouncementBanner } from '../announcements/AnnouncementBanner';
import { Loading } from '../ui/Loading';
import { BudgetNavLink } from '../budget/BudgetNavLink';
import { CartNavLabel } from '../cart/CartNavLabel';
import { urls } from '../../lib/urls';
import { useViewer, ViewerDocument } from '../../lib/viewer';
import { Logo } from './Logo';
import { MenuDisclosure } from './MenuDisclosure';
import { joinNames, municipalitiesShown, PublicSiteDocument, usePublicSite, usePublicSiteSettled } from './publicSite';
import { LogoutButton } from './LogoutButton';
import { NavigationStatus } from './NavigationStatus';
import { ScreenOutlet } from './ScreenOutlet';
import { SectionNavLink } from './SectionNavLink';
import { ScrollableTables } from './ScrollableTables';
import { SiteFooter } from './SiteFooter';
import {
  MaintenanceGate,
  MaintenanceStatusDocument,
  PublicAnalyticsDocument,
  useAnalytics,
  useMaintenanceShown,
  useSiteColour,
} from '../settings/publicSettings';
import { MAIN_ID, SkipLink } from './SkipLink';

/** Log-in link, or the way into the viewer's own area plus log-out. */
function SessionItems() {
  const { viewer } = useViewer();
  switch (viewer?.kind) {
    case 'CUSTOMER':
      return (
        <>
          <li>
            <BudgetNavLink />
          </li>
          <li>
            <NavLink to={urls.account.orders()}>Mijn account</NavLink>
          </li>
          <li>
            <LogoutButton />
          </li>
        </>
      );
    case 'PROVIDER':
      return (
        <>
          <li>
            <NavLink to={urls.provider.products()}>Aanbiedersomgeving</NavLink>
          </li>
          <li>
            <LogoutButton />
          </li>
        </>
      );
    case 'STAFF':
      return (
        <>
          <li>
            <NavLink to={urls.admin.dashboard()}>Beheeromgeving</NavLink>
          </li>
          <li>
            <LogoutButton />
          </li>
        </>
      );
    default:
      return (
        <li>
          <NavLink to={urls.login()}>Inloggen</NavLink>
        </li>
      );
  }
}

/**
 * Under the site name: the platform's municipality or municipalities (instellingen/algemeen); for a logged-in resident,
 * their own.
 */
function HeaderMunicipalities() {
  const names = municipalitiesShown(usePublicSite()).shown.map((m) => m.name);
  if (names.length === 0) return null;
  return <p className="gw-header__municipalities">{joinNames(names)}</p>;
}

/** The platform's logo when one is set (instellingen/algemeen), with the platform name as its text; else the mark. */
function PublicLogo() {
  const settings = usePublicSite()?.publicSettings;
  const image = settings?.logoUrl
    ? { url: settings.logoUrl, alt: settings.platformName, width: settings.logoWidth, height: settings.logoHeight }
    : null;
  return <Logo to={urls.home()} image={image} />;
}

/** The header; during maintenance (`menu` false) without the menu, whose pages would all be the maintenance page. */
function PublicHeader({ menu }: { menu: boolean }) {
  return (
    <header className="gw-header">
      <div className="gw-container gw-header__inner">
        <div className="gw-header__brand">
          <PublicLogo />
          <HeaderMunicipalities />
        </div>
        {menu ? (
          <MenuDisclosure label="Hoofdmenu" variant="public">
            <ul className="gw-nav__list">
              <li>
                <SectionNavLink to={urls.catalogue()}>Aanbod</SectionNavLink>
              </li>
              <li>
                <SectionNavLink to={urls.applyHome()}>Aanvragen</SectionNavLink>
              </li>
              <li>
                <SectionNavLink to={urls.howItWorks()}>Hoe werkt het</SectionNavLink>
              </li>
              <li>
                <SectionNavLink to={urls.news()}>Nieuws</SectionNavLink>
              </li>
              <li>
                <SectionNavLink to={urls.announcements()}>Meldingen</SectionNavLink>
              </li>
              <li>
                <SectionNavLink to={urls.cart()}>
                  <CartNavLabel />
                </SectionNavLink>
              </li>
              <SessionItems />
            </ul>
          </MenuDisclosure>
        ) : null}
      </div>
    </header>
  );
}

/** Whether the announcements above the page are known (or failed to load). */
function useAnnouncementsSettled(): boolean {
  const { data, error } = useQuery(ActiveAnnouncementsBannerDocument, { fetchPolicy: 'cache-first' });
  return data !== undefined || error !== undefined;
}

/**
 * Asks at start, beside the first screen's code, for what the public shell shows around every page (the platform's
 * settings for header and footer, the announcements), so the shell rarely waits for it. Not in the provider's and
 * staff's areas, which have their own layouts.
 */
export function prefetchPublicShell(client: ApolloClient, pathname: string): void {
  if (/^\/(admin|aanbieder|_lightbase|%5Flightbase)(\/|$)/i.test(pathname)) return;
  // Also what the shell asks for once it shows (the viewer for the menu, maintenance mode, the statistics tool): there
  // with the page's first render, not one re-render each after it (Lighthouse's total blocking time).
  for (const query of [
    PublicSiteDocument,
    ActiveAnnouncementsBannerDocument,
    ViewerDocument,
    MaintenanceStatusDocument,
    PublicAnalyticsDocument,
  ]) {
    // A failure shows in the components that use the data; nothing to do here.
    client.query({ query }).catch(() => undefined);
  }
}

/**
 * Header, footer and landmarks of the public site; `subnav` sits between header and main. The page appears once the
 * header's data and the announcements are there (or failed), all at once: nothing above the content moves after it
 * is shown (Lighthouse's cumulative layout shift was 0.2 to 1 on the public pages).
 */
export function PublicShell({ subnav, children }: { subnav?: ReactNode; children: ReactNode }) {
  useSiteColour();
  const siteSettled = usePublicSiteSettled();
  const announcementsSettled = useAnnouncementsSettled();
  const maintenance = useMaintenanceShown();
  if (!siteSettled || !announcementsSettled) {
    return (
      <main aria-busy="true" className="gw-shell__main">
        <div className="gw-container">
          <Loading />
        </div>
      </main>
    );
  }
  return (
    <div className="gw-shell">
      <SkipLink />
      <PublicHeader menu={!maintenance} />
      {maintenance ? null : subnav}
      <AnnouncementBanner />
      <NavigationStatus />
      <ScrollableTables />
      <main id={MAIN_ID} tabIndex={-1} className="gw-shell__main">
        <div className="gw-container">
          <MaintenanceGate>{children}</MaintenanceGate>
        </div>
      </main>
      <SiteFooter maintenance={maintenance} />
    </div>
  );
}

/** Layout of the public pages (visitors and customers). */
export function PublicLayout() {
  // Statistics (instellingen/analytics) on the public pages only: not in the account area, which shares the shell.
  useAnalytics();
  return (
    <PublicShell>
      <ScreenOutlet />
    </PublicShell>
  );
}
