import { loadClientConfig } from './clientConfig';
import { urls } from './urls';

type SentryModule = typeof import('@sentry/react');

let sentry: SentryModule | undefined;

/**
 * Starts browser error reporting when the server has a Sentry DSN configured.
 * Events go to our own tunnel path (/monitoring/tunnel), which forwards them; Sentry is loaded
 * lazily so it is not in the main bundle and never delays the first render.
 */
export async function initMonitoring(): Promise<void> {
  try {
    const config = await loadClientConfig();
    if (!config.sentryDsn) return;
    const module = await import('@sentry/react');
    module.init({
      dsn: config.sentryDsn,
      environment: config.environment,
      tunnel: urls.server.monitoringTunnel(),
    });
    sentry = module;
  } catch {
    // Error reporting must never break the application.
  }
}

/** Reports an error caught by an error boundary (no-op when monitoring is off). */
export function reportError(error: unknown): void {
  try {
    sentry?.captureException(error);
  } catch {
    // ignore
  }
}
