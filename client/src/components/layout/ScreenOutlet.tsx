import { Outlet, useMatches } from 'react-router';
import { paramsAreValid } from '../../lib/params';
import NotFoundScreen from '../../routes/NotFoundScreen';

/** The screen of the current route, or the not-found screen when a route parameter is malformed. */
export function ScreenOutlet() {
  const matches = useMatches();
  const params = matches[matches.length - 1]?.params ?? {};
  if (!paramsAreValid(params)) return <NotFoundScreen />;
  return <Outlet />;
}
