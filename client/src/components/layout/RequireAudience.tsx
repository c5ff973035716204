import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import type { ViewerKind } from '../../graphql/generated/graphql';
import { useViewer } from '../../lib/viewer';
import { Loading } from '../ui/Loading';
import { ServiceError } from './ServiceError';

interface RequireAudienceProps {
  kind: ViewerKind;
  /** The log-in page of this area, given the path to return to afterwards. */
  loginUrl: (terug: string) => string;
  children: ReactNode;
  /**
   * What to show when the server cannot be reached (the resident's last known state, issue 30); null: the service
   * error as before.
   */
  offline?: () => ReactNode | null;
}

/**
 * Route guard: renders the area only for the right kind of user, otherwise sends the visitor to
 * the area's log-in page with `terug` set to the page they wanted. (The server enforces access
 * on every field; this only spares users a screen full of errors.)
 */
export function RequireAudience({ kind, loginUrl, children, offline }: RequireAudienceProps) {
  const { viewer, loading } = useViewer();
  const location = useLocation();

  if (loading) {
    return (
      <div aria-busy="true">
        <Loading />
      </div>
    );
  }
  if (!viewer) {
    return offline?.() ?? <ServiceError />;
  }
  if (viewer.kind !== kind) {
    return <Navigate replace to={loginUrl(`${location.pathname}${location.search}`)} />;
  }
  return <>{children}</>;
}
