import { Link } from 'react-router';
import { SITE_NAME } from '../../lib/site';

export interface LogoImage {
  url: string;
  /** The platform name: the link's name for screen readers. */
  alt: string;
  width: number | null;
  height: number | null;
}

/**
 * The product mark and name; `audience` names the area ("Beheeromgeving", "Aanbieders"). With `image` (the platform's
 * own logo, instellingen/algemeen) the logo stands instead of the mark and name, with the platform name as its text.
 */
export function Logo({ to, audience, image }: { to: string; audience?: string; image?: LogoImage | null }) {
  if (image) {
    // Stored at twice its size in the header (sharp screens); width and height keep the page from jumping.
    return (
      <Link to={to} className="gw-logo">
        <img
          className="gw-logo__image"
          src={image.url}
          alt={image.alt}
          width={image.width ? Math.round(image.width / 2) : undefined}
          height={image.height ? Math.round(image.height / 2) : undefined}
        />
      </Link>
    );
  }
  return (
    <Link to={to} className="gw-logo">
      <svg width="32" height="32" viewBox="0 0 32 32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="6" fill="#ffffff" />
        <path d="M8 12h16l-2 12H10z" fill="#00457a" />
        <path d="M12 12a4 4 0 0 1 8 0" fill="none" stroke="#00457a" strokeWidth="2" />
      </svg>
      {/* Each part unbroken ("Gemeentewinkel", "Beheerconsole"): a narrow screen puts the area on its own line, whole. */}
      <span>
        <span className="gw-logo__name">{SITE_NAME}</span>
        {audience ? (
          <>
            <span className="gw-visually-hidden">{'\u00a0– '}</span>{' '}
            <span className="gw-header__audience">{audience}</span>
          </>
        ) : null}
      </span>
    </Link>
  );
}
