import type { AnnouncementSeverity } from '../../graphql/generated/graphql';

/** The severity in Dutch and the alert style that goes with it. */
export const SEVERITY: Record<AnnouncementSeverity, { label: string; alert: string }> = {
  INFO: { label: 'Informatie', alert: 'gw-alert' },
  WARNING: { label: 'Waarschuwing', alert: 'gw-alert gw-alert--warning' },
  OUTAGE: { label: 'Storing', alert: 'gw-alert gw-alert--error' },
};

const KEY = 'gemeentewinkel:melding-gesloten:';

/** Whether this browser closed the banner of this announcement (remembered per announcement). */
export function isDismissed(id: string): boolean {
  try {
    return window.localStorage.getItem(KEY + id) !== null;
  } catch {
    return false;
  }
}

export function dismiss(id: string): void {
  try {
    window.localStorage.setItem(KEY + id, '1');
  } catch {
    // Private mode without storage: closed for this page view only.
  }
}
