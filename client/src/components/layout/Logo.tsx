import { Link } from 'react-router';
import { SITE_NAME } from '../../lib/site';

/** The product mark and name; `audience` names the area ("Beheeromgeving", "Aanbieders"). */
export function Logo({ to, audience }: { to: string; audience?: string }) {
  return (
    <Link to={to} className="gw-logo">
      <svg width="32" height="32" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="6" fill="#ffffff" />
        <path d="M8 12h16l-2 12H10z" fill="#00457a" />
        <path d="M12 12a4 4 0 0 1 8 0" fill="none" stroke="#00457a" strokeWidth="2" />
      </svg>
      <span>
        {SITE_NAME}
        {audience ? (
          <>
            <span className="gw-visually-hidden"> – </span>
            <span className="gw-header__audience"> {audience}</span>
          </>
        ) : null}
      </span>
    </Link>
  );
}
