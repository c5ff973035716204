import { useEffect, useState } from 'react';

/** A query that can poll (Apollo's useQuery result). */
interface Pollable {
  startPolling(intervalMs: number): void;
  stopPolling(): void;
}

/** How the screens wait for a payment that is still open: every 3 seconds, for a minute at most. */
export const PAYMENT_POLLING = { every: 3_000, atMost: 60_000 } as const;

/**
 * Asks the query again every `every` ms while `active`, for at most `atMost` ms; then stops and says so (true), so the
 * screen can tell the visitor to look again later. Stops too when `active` turns false or the screen goes.
 */
export function usePollWhile(
  active: boolean,
  { startPolling, stopPolling }: Pollable,
  { every, atMost }: { every: number; atMost: number },
): boolean {
  const [gaveUp, setGaveUp] = useState(false);
  useEffect(() => {
    if (!active) return;
    startPolling(every);
    const timer = window.setTimeout(() => {
      stopPolling();
      setGaveUp(true);
    }, atMost);
    return () => {
      window.clearTimeout(timer);
      stopPolling();
    };
  }, [active, startPolling, stopPolling, every, atMost]);
  return gaveUp;
}
