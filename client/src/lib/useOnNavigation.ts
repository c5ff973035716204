import { useEffect, useEffectEvent, useRef } from 'react';
import { useLocation } from 'react-router';

/**
 * Calls `onNavigate` after each navigation to another path, not on the first render: to ask the server again what
 * may have changed meanwhile (the viewer's permissions, the unread messages), without a reload.
 */
export function useOnNavigation(onNavigate: () => void): void {
  const { pathname } = useLocation();
  const first = useRef(true);
  const navigated = useEffectEvent(onNavigate);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    navigated();
  }, [pathname]);
}
