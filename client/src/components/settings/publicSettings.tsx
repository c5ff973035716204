import { useQuery } from '@apollo/client/react';
import { useEffect, type ReactNode } from 'react';
import { graphql } from '../../graphql/generated';
import { useViewer } from '../../lib/viewer';
import { usePublicSite } from '../layout/publicSite';
import { Alert } from '../ui/Alert';

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
  const { viewer } = useViewer();
  if (status?.active && viewer?.kind !== 'STAFF') {
    return <MaintenancePage message={status.message} endsAt={status.endsAt as string | null} />;
  }
  return <>{children}</>;
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

/**
 * The cookieless statistics script (instellingen/analytics) on public pages only: the public layout mounts this, the
 * account, provider and admin layouts do not. The Content-Security-Policy of public pages allows exactly this script.
 */
export function useAnalytics() {
  const analytics = useQuery(PublicAnalyticsDocument).data?.publicAnalytics;
  const src = analytics?.enabled ? analytics.scriptUrl : null;
  const tool = analytics?.tool;
  const siteId = analytics?.siteId ?? '';
  useEffect(() => {
    if (!src || document.querySelector('script[data-gw-analytics]')) return;
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
