import { createBrowserRouter, matchRoutes, type PatchRoutesOnNavigationFunction, type RouteObject } from 'react-router';
import { PublicLayout } from './components/layout/PublicLayout';
import { RootErrorBoundary } from './components/layout/RouteErrorBoundary';
import type { RouteHandle } from './components/layout/routeHandle';
import { Loading } from './components/ui/Loading';
import { notFound, screen, section, withinLayout } from './routeParts';

/*
 * THE route table: every URL of the specification (shared/spec/specification.md, section 2),
 * plus /admin/inloggen and /admin/wachtwoord-vergeten(/:token), redirects for the bare area roots and a not-found
 * catch-all.
 *
 * - Layouts (one per audience) hold the guards; `handle.permission` declares what a staff
 *   member needs for an admin screen; `handle.crumb` labels a level in the breadcrumbs.
 * - Every screen is its own lazily loaded module under routes/, in a folder that mirrors the URL.
 * - Server-side paths (/graphql, /auth/*, /api/*, /monitoring/*, /sandbox, /uploads/*, /healthz,
 *   /readyz, /sitemap.xml) are deliberately absent.
 */

// ---------------------------------------------------------------------------------------------
// Public (visitors and customers)

const publicRoutes: RouteObject[] = [
  screen(undefined, () => import('./routes/HomeScreen')),
  section('aanbod', { crumb: 'Aanbod' }, [
    screen(undefined, () => import('./routes/aanbod/CatalogueScreen')),
    screen('aanbieders/:slug/:providerId', () => import('./routes/aanbod/aanbieders/ProviderScreen'), {
      crumb: 'Aanbieder',
    }),
    screen(':slug/:productId', () => import('./routes/aanbod/ProductScreen'), { crumb: 'Product' }),
  ]),
  section('aanvragen', { crumb: 'Aanvragen' }, [
    screen(undefined, () => import('./routes/aanvragen/ApplyHomeScreen')),
    screen(':slug/:arrangementId', () => import('./routes/aanvragen/ApplyScreen'), { crumb: 'Aanvragen' }),
  ]),
  screen('hoe-werkt-het', () => import('./routes/hoe-werkt-het/HowItWorksScreen'), { crumb: 'Hoe werkt het' }),
  screen('inloggen', () => import('./routes/inloggen/CustomerLoginScreen'), { crumb: 'Inloggen' }),
  section('meldingen', { crumb: 'Meldingen' }, [
    screen(undefined, () => import('./routes/meldingen/AnnouncementsScreen')),
    screen('bericht/:messageId', () => import('./routes/meldingen/bericht/AnnouncementScreen'), { crumb: 'Melding' }),
  ]),
  section('nieuws', { crumb: 'Nieuws' }, [
    screen(undefined, () => import('./routes/nieuws/NewsScreen')),
    screen(':slug/:postId', () => import('./routes/nieuws/NewsArticleScreen'), { crumb: 'Nieuwsbericht' }),
  ]),
  screen('privacy', () => import('./routes/privacy/PrivacyScreen'), { crumb: 'Privacy' }),
  screen('sitemap', () => import('./routes/sitemap/SitemapScreen'), { crumb: 'Sitemap' }),
  screen('toegankelijkheid', () => import('./routes/toegankelijkheid/AccessibilityScreen'), {
    crumb: 'Toegankelijkheid',
  }),
  screen('voorwaarden', () => import('./routes/voorwaarden/TermsScreen'), { crumb: 'Voorwaarden' }),
  screen('winkelwagen', () => import('./routes/winkelwagen/CartScreen'), { crumb: 'Winkelwagen' }),
  screen('email-bevestigen', () => import('./routes/email-bevestigen/ConfirmEmailScreen'), {
    crumb: 'E-mailadres bevestigen',
  }),
  section('wachtwoord-vergeten', { crumb: 'Wachtwoord vergeten' }, [
    screen(undefined, () => import('./routes/wachtwoord-vergeten/ForgotPasswordScreen')),
    screen(':token', () => import('./routes/wachtwoord-vergeten/ResetPasswordScreen'), { crumb: 'Nieuw wachtwoord' }),
  ]),
  screen('voor-aanbieders/inloggen', () => import('./routes/voor-aanbieders/inloggen/ProviderLoginScreen'), {
    crumb: 'Inloggen voor aanbieders',
  }),
  screen('voor-aanbieders/registreren', () => import('./routes/voor-aanbieders/registreren/ProviderRegisterScreen'), {
    crumb: 'Aanmelden als aanbieder',
  }),
  notFound,
];

function AppLoading() {
  return (
    <main aria-busy="true" style={{ padding: '2rem' }}>
      <Loading />
    </main>
  );
}

/**
 * The route table the application starts with: the public site. The other areas (areaRoutes.tsx) join it on the first
 * visit to one of their URLs (`discoverAreas`); until then an area URL matches the public not-found route, which makes
 * React Router ask for them before it renders.
 */
const publicLayout: RouteObject = {
  Component: PublicLayout,
  ErrorBoundary: RootErrorBoundary,
  children: withinLayout(publicRoutes),
};
// Public site and customer account share the "Home" crumb.
const HOME_HANDLE = { crumb: 'Home' } satisfies RouteHandle;
const rootRoute = { id: 'root', ErrorBoundary: RootErrorBoundary, HydrateFallback: AppLoading } satisfies RouteObject;

export const routes: RouteObject[] = [
  { ...rootRoute, children: [{ id: 'home', handle: HOME_HANDLE, children: [publicLayout] }] },
];

/** The URLs of the account, provider, admin and operator areas (the router sees "%5F" decoded, but both are listed). */
const AREA_PATH = /^\/(account|aanbieder|admin|_lightbase|%5Flightbase)(\/|$)/i;

/** Adds the areas' routes to a router the first time it navigates into one of them. */
export function discoverAreas(): PatchRoutesOnNavigationFunction {
  let added = false;
  return async ({ path, patch, signal }) => {
    if (added || !AREA_PATH.test(path)) return;
    const { accountArea, rootAreas } = await import('./areaRoutes');
    // React Router ignores the patch of a navigation that another one interrupted (a log-in's redirect to the area's
    // start page, say): only a patch that took counts, else the next navigation would find no area routes (not found).
    if (added || signal.aborted) return;
    patch('home', [accountArea]);
    patch('root', rootAreas);
    added = true;
  };
}

/** The whole route table at once, areas included (for the tests that match or render any URL). */
export async function allRoutes(): Promise<RouteObject[]> {
  const { accountArea, rootAreas } = await import('./areaRoutes');
  const home: RouteObject = { id: 'home', handle: HOME_HANDLE, children: [publicLayout, accountArea] };
  return [{ ...rootRoute, children: [home, ...rootAreas] }];
}

/**
 * Loads the screens (lazy routes) a location matches and puts them into the route table, before the router is made:
 * a page the server rendered (entry-server.tsx) is then hydrated with its screen at once, as the server rendered it,
 * instead of with the router's loading fallback.
 */
export async function resolveLazyRoutes(location: { pathname: string }): Promise<void> {
  const matches = matchRoutes(routes, location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const resolved = await route.lazy();
      Object.assign(route, resolved, { lazy: undefined });
    }),
  );
}

export function createRouter() {
  return createBrowserRouter(routes, { patchRoutesOnNavigation: discoverAreas() });
}
