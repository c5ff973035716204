import { useEffect, useState } from 'react';
import { urls } from './urls';

/** Public runtime configuration served by the server at /api/client-config. */
export interface ClientConfig {
  sentryDsn: string | null;
  environment: string;
  sandboxEnabled: boolean;
  appName: string;
}

export const defaultClientConfig: ClientConfig = {
  sentryDsn: null,
  environment: 'development',
  sandboxEnabled: false,
  appName: 'Gemeentewinkel',
};

function parse(value: unknown): ClientConfig {
  if (typeof value !== 'object' || value === null) return defaultClientConfig;
  const record = value as Record<string, unknown>;
  return {
    sentryDsn: typeof record.sentryDsn === 'string' && record.sentryDsn !== '' ? record.sentryDsn : null,
    environment: typeof record.environment === 'string' ? record.environment : defaultClientConfig.environment,
    sandboxEnabled: record.sandboxEnabled === true,
    appName: typeof record.appName === 'string' && record.appName ? record.appName : defaultClientConfig.appName,
  };
}

let pending: Promise<ClientConfig> | undefined;

/** Fetched once per page load; never rejects (falls back to the defaults). */
export function loadClientConfig(): Promise<ClientConfig> {
  pending ??= fetch(urls.server.clientConfig(), {
    credentials: 'same-origin',
    headers: { Accept: 'application/json' },
  })
    .then((response) => (response.ok ? response.json() : null))
    .then(parse)
    .catch(() => defaultClientConfig);
  return pending;
}

/** The client configuration for components; undefined until it has been fetched. */
export function useClientConfig(): ClientConfig | undefined {
  const [config, setConfig] = useState<ClientConfig>();
  useEffect(() => {
    let active = true;
    void loadClientConfig().then((value) => {
      if (active) setConfig(value);
    });
    return () => {
      active = false;
    };
  }, []);
  return config;
}
