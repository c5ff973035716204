import { useQuery } from '@apollo/client/react';
import { useEffect, type ReactNode } from 'react';
import { graphql } from '../../graphql/generated';
import { useViewer } from '../../lib/viewer';
import { usePublicSite } from '../layout/publicSite';
import { Alert } from '../ui/Alert';
import { IMAGE_MAX_MEGABYTES } from '@rules/image';

export const MaintenanceStatusDocument = graphql(`
  query MaintenanceStatus {
    maintenanceStatus {
      active
      message
      startsAt
      endsAt
    }
  }
`);

export const PublicAnalyticsDocument = graphql(`
  query PublicAnalytics {
    publicAnalytics {
      enabled
      tool
      scriptUrl
      siteId
    }
  }
`);

/** The upload limit (instellingen/geavanceerd) for the forms' own check of a chosen image before it is sent. */
export const UploadLimitDocument = graphql(`
  query UploadLimit {
    publicSettings {
      uploadMaxMegabytes
    }
  }
`);

/**
 * The largest image an upload may be, in whole MB: the server's setting (the one rule the upload routes enforce), the
 * pipeline's ceiling while it loads (the server checks again anyway).
 */
export function useUploadLimit(): number {
  return useQuery(UploadLimitDocument).data?.publicSettings.uploadMaxMegabytes ?? IMAGE_MAX_MEGABYTES;
}

const dutchTime = new Intl.DateTimeFormat('nl-NL', {
  timeZone: 'Europe/Amsterdam',
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  hour: '2-digit',
  minute: '2-digit',
});

/** Maintenance mode as it is now; checked again every minute, so a page left open notices it start and end. */
export function useMaintenance() {
  return useQuery(MaintenanceStatusDocument, { pollInterval: 60_000, fetchPolicy: 'cache-and-network' }).data
    ?.maintenanceStatus;
}

/** The maintenance page residents and providers see instead of the screen (the API answers them 503 meanwhile). */
export function MaintenancePage({ message, endsAt }: { message: string; endsAt: string | null | undefined }) {
  useEffect(() => {
    const before = document.title;
    document.title = 'Onderhoud';
    return () => {
      document.title = before;
    };
  }, []);
  return (
    <section className="gw-maintenance" aria-labelledby="onderhoud-kop">
      <h1 id="onderhoud-kop">Wij zijn even met onderhoud bezig</h1>
      <p>{message}</p>
      {endsAt ? <p>Wij verwachten klaar te zijn op {dutchTime.format(new Date(endsAt))}.</p> : null}
    </section>
  );
}

/**
 * Residents, providers and visitors get the maintenance page while maintenance is on; staff see the screen (with a
 * banner in the admin area). The staff log-in has its own layout and stays reachable.
 */
export function MaintenanceGate({ children }: { children: ReactNode }) {
  const status = useMaintenance();
  if (useMaintenanceShown()) {
    return <MaintenancePage message={status!.message} endsAt={status!.endsAt as string | null} />;
  }
  return <>{children}</>;
}

/**
 * Whether this viewer sees the maintenance page now (maintenance on, not staff). The layouts then leave out their menus
 * and internal links: every one of them would lead to the maintenance page again.
 */
export function useMaintenanceShown(): boolean {
  const status = useMaintenance();
  const { viewer } = useViewer();
  return Boolean(status?.active) && viewer?.kind !== 'STAFF';
}

/** For staff: maintenance is on (residents and providers see the maintenance page) or planned. */
export function MaintenanceBanner() {
  const status = useMaintenance();
  if (!status) return null;
  if (status.active) {
    return (
      <Alert variant="warning" title="De onderhoudsmodus staat aan">
        Inwoners en aanbieders zien nu de onderhoudspagina. U kunt gewoon doorwerken.
        {status.endsAt ? ` Gepland einde: ${dutchTime.format(new Date(status.endsAt as string))}.` : ''}
      </Alert>
    );
  }
  if (status.startsAt) {
    return (
      <Alert variant="info" title="Onderhoud gepland">
        Vanaf {dutchTime.format(new Date(status.startsAt as string))} zien inwoners en aanbieders de onderhoudspagina.
      </Alert>
    );
  }
  return null;
}

/** A darker shade of a #rrggbb colour (for hover), by mixing with black. */
export function darken(hex: string, amount = 0.25): string {
  const n = parseInt(hex.slice(1), 16);
  const c = [(n >> 16) & 255, (n >> 8) & 255, n & 255].map((v) => Math.round(v * (1 - amount)));
  return `#${c.map((v) => v.toString(16).padStart(2, '0')).join('')}`;
}

/**
 * The site's primary colour (instellingen/algemeen) on the design tokens of the public pages, set through the CSSOM
 * (no rebuild, no inline style the Content-Security-Policy would refuse); the built-in colour when none is set.
 */
export function useSiteColour() {
  const colour = usePublicSite()?.publicSettings.primaryColor ?? null;
  useEffect(() => {
    if (!colour) return;
    const root = document.documentElement.style;
    root.setProperty('--gw-color-primary', colour);
    root.setProperty('--gw-color-primary-hover', darken(colour));
    return () => {
      root.removeProperty('--gw-color-primary');
      root.removeProperty('--gw-color-primary-hover');
    };
  }, [colour]);
}

declare global {
  interface Window {
    _paq?: unknown[][];
  }
}

/** The areas where no statistics are counted (the server's CSP there allows no statistics script either). */
export const PRIVATE_AREA = /^\/(account|aanbieder|admin)(\/|$)/;

let boundaryInstalled = false;

/**
 * Keeps a loaded statistics script out of the private areas. A tool counts the client-side navigations it sees (Plausible
 * wraps history.pushState and listens to popstate), and a script that has run cannot be unloaded: so a navigation from
 * a public page into /account, /aanbieder or /admin becomes a full page load instead — a fresh document without the
 * script, under that area's Content-Security-Policy, which allows none. Installed before the script is added, so the
 * popstate listener runs before the tool's; the history wrapper is put on top once the script has loaded (outermost).
 */
function installAnalyticsBoundary(script: HTMLScriptElement) {
  if (boundaryInstalled) return;
  boundaryInstalled = true;
  const target = (url: string | URL | null | undefined) => (url == null ? null : new URL(url, window.location.href));
  window.addEventListener('popstate', (event) => {
    if (!PRIVATE_AREA.test(window.location.pathname)) return;
    event.stopImmediatePropagation();
    window.location.reload();
  });
  const guard = (method: 'pushState' | 'replaceState') => {
    const inner = window.history[method];
    window.history[method] = function (this: History, data: unknown, unused: string, url?: string | URL | null) {
      const to = target(url);
      if (to && to.origin === window.location.origin && PRIVATE_AREA.test(to.pathname)) {
        window.location.assign(to.href);
        return;
      }
      inner.call(this, data, unused, url);
    };
  };
  const wrap = () => {
    guard('pushState');
    guard('replaceState');
  };
  script.addEventListener('load', wrap, { once: true });
  script.addEventListener('error', wrap, { once: true });
}

/**
 * The cookieless statistics script (instellingen/analytics) on public pages only: the public layout mounts this, the
 * account, provider and admin layouts do not, and a navigation from a public page into those areas reloads the page
 * (installAnalyticsBoundary). The Content-Security-Policy of public pages allows exactly this script.
 */
export function useAnalytics() {
  const analytics = useQuery(PublicAnalyticsDocument).data?.publicAnalytics;
  const src = analytics?.enabled ? analytics.scriptUrl : null;
  const tool = analytics?.tool;
  const siteId = analytics?.siteId ?? '';
  useEffect(() => {
    if (!src || document.querySelector('script[data-gw-analytics]')) return;
    // Never in a private area, whoever mounts this.
    if (PRIVATE_AREA.test(window.location.pathname)) return;
    const script = document.createElement('script');
    script.src = src;
    script.defer = true;
    script.dataset.gwAnalytics = 'on';
    if (tool === 'MATOMO') {
      // Matomo without cookies: its settings through _paq, before the script loads (no inline script needed).
      window._paq = window._paq ?? [];
      window._paq.push(
        ['disableCookies'],
        ['setTrackerUrl', new URL('matomo.php', src).toString()],
        ['setSiteId', siteId],
        ['trackPageView'],
      );
    } else {
      script.dataset.domain = siteId;
    }
    installAnalyticsBoundary(script);
    document.head.appendChild(script);
  }, [src, tool, siteId]);
}

/** The privacy page's paragraph on statistics, when a tool is on. */
export function AnalyticsPrivacyNote() {
  const analytics = useQuery(PublicAnalyticsDocument).data?.publicAnalytics;
  if (!analytics?.enabled) return null;
  const name = analytics.tool === 'MATOMO' ? 'Matomo' : 'Plausible';
  return (
    <section aria-labelledby="statistieken-kop">
      <h2 id="statistieken-kop">Statistieken</h2>
      <p>
        Om de website te verbeteren tellen wij bezoeken aan de openbare pagina’s met {name}. Dat gebeurt zonder cookies
        en zonder gegevens waarmee u herkend kunt worden. In de omgeving ‘Mijn account’, de aanbiedersomgeving en de
        beheeromgeving meten wij niets.
      </p>
    </section>
  );
}
