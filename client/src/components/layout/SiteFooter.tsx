import { useQuery } from '@apollo/client/react';
import { Link } from 'react-router';
import { graphql } from '../../graphql/generated';
import { sanitizeReturnPath } from '../../lib/returnPath';
import { SITE_NAME } from '../../lib/site';
import { urls } from '../../lib/urls';

const FooterLinksDocument = graphql(`
  query FooterLinks {
    links(placement: FOOTER) {
      id
      label
      url
    }
  }
`);

/** A managed link: internal paths use the router, anything else is a normal link. */
function ManagedLink({ label, url }: { label: string; url: string }) {
  const internal = sanitizeReturnPath(url);
  if (internal) return <Link to={internal}>{label}</Link>;
  if (!/^(https?:|mailto:|tel:)/i.test(url)) return null;
  return <a href={url}>{label}</a>;
}

/** The public footer: fixed pages plus the links managed at /admin/beheer/links. */
export function SiteFooter() {
  // The footer is secondary: when the links cannot be loaded, it shows the fixed ones only.
  const { data } = useQuery(FooterLinksDocument);
  const links = data?.links ?? [];

  return (
    <footer className="gw-footer">
      <div className="gw-container gw-footer__columns">
        <nav aria-label="Over deze website">
          <h2>Over deze website</h2>
          <ul>
            <li>
              <Link to={urls.howItWorks()}>Hoe werkt het</Link>
            </li>
            <li>
              <Link to={urls.privacy()}>Privacy</Link>
            </li>
            <li>
              <Link to={urls.terms()}>Voorwaarden</Link>
            </li>
            <li>
              <Link to={urls.accessibility()}>Toegankelijkheid</Link>
            </li>
            <li>
              <Link to={urls.sitemap()}>Sitemap</Link>
            </li>
          </ul>
        </nav>
        {links.length > 0 ? (
          <nav aria-label="Handige links">
            <h2>Handige links</h2>
            <ul>
              {links.map((link) => (
                <li key={link.id}>
                  <ManagedLink label={link.label} url={link.url} />
                </li>
              ))}
            </ul>
          </nav>
        ) : null}
        <div>
          <h2>Voor aanbieders</h2>
          <ul>
            <li>
              <Link to={urls.providerLogin()}>Inloggen als aanbieder</Link>
            </li>
            <li>
              <Link to={urls.providerRegister()}>Aanbieder worden</Link>
            </li>
          </ul>
          <p className="gw-muted">© {SITE_NAME}</p>
        </div>
      </div>
    </footer>
  );
}
