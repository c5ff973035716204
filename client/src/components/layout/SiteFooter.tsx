import { Link } from 'react-router';
import { sanitizeReturnPath } from '../../lib/returnPath';
import { SITE_NAME } from '../../lib/site';
import { urls } from '../../lib/urls';
import { usePublicSite } from './publicSite';

type Contact = {
  municipalityId: string;
  name: string;
  phone?: string | null;
  email?: string | null;
  website?: string | null;
  visitingAddress?: string | null;
};

/** "14 0591" → "tel:140591"; "+31 20 …" keeps its plus. */
function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

/** A municipality's public contact details (instellingen/algemeen), as an address block. */
function MunicipalityContactDetails({ contact }: { contact: Contact }) {
  return (
    <div className="gw-footer__contact">
      <h3>{contact.name}</h3>
      <address>
        {contact.visitingAddress ? <p>{contact.visitingAddress}</p> : null}
        <ul>
          {contact.phone ? (
            <li>
              Telefoon: <a href={telHref(contact.phone)}>{contact.phone}</a>
            </li>
          ) : null}
          {contact.email ? (
            <li>
              E-mail: <a href={`mailto:${contact.email}`}>{contact.email}</a>
            </li>
          ) : null}
          {contact.website ? (
            <li>
              <a href={contact.website}>Website van {contact.name}</a>
            </li>
          ) : null}
        </ul>
      </address>
    </div>
  );
}

/** A managed link: internal paths use the router, anything else is a normal link. */
function ManagedLink({ label, url }: { label: string; url: string }) {
  const internal = sanitizeReturnPath(url);
  if (internal) return <Link to={internal}>{label}</Link>;
  if (!/^(https?:|mailto:|tel:)/i.test(url)) return null;
  return <a href={url}>{label}</a>;
}

/** The fixed pages of the footer; a managed link to one of them is not shown a second time. */
const FIXED_LINKS = [
  { label: 'Hoe werkt het', to: urls.howItWorks() },
  { label: 'Privacy', to: urls.privacy() },
  { label: 'Voorwaarden', to: urls.terms() },
  { label: 'Toegankelijkheid', to: urls.accessibility() },
  { label: 'Sitemap', to: urls.sitemap() },
];

/** "/privacy/" and "/privacy" are the same page; external addresses are compared as written. */
function linkKey(url: string): string {
  const internal = sanitizeReturnPath(url);
  return internal ? internal.replace(/(.)\/+$/, '$1') : url.trim().toLowerCase();
}

/** The managed links minus those the footer already shows (a fixed page, or the same address twice). */
export function extraFooterLinks<T extends { url: string }>(links: readonly T[]): T[] {
  const seen = new Set(FIXED_LINKS.map((link) => linkKey(link.to)));
  return links.filter((link) => {
    const key = linkKey(link.url);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * The public footer: fixed pages, the links managed at /admin/beheer/links (each address once), and the
 * municipalities' contact details and the platform's name from the settings (instellingen/algemeen). During
 * `maintenance` only what works then: the external links and the contact details, no page of this site.
 */
export function SiteFooter({ maintenance = false }: { maintenance?: boolean }) {
  const data = usePublicSite();
  const links = extraFooterLinks(data?.links ?? []).filter((link) => !maintenance || !sanitizeReturnPath(link.url));
  const platformName = data?.publicSettings.platformName ?? SITE_NAME;
  const contacts = (data?.publicSettings.municipalities ?? []).filter(
    (m) => m.phone || m.email || m.website || m.visitingAddress,
  );

  return (
    <footer className="gw-footer">
      <div className="gw-container gw-footer__columns">
        {maintenance ? null : (
          <nav aria-label="Over deze website">
            <h2>Over deze website</h2>
            <ul>
              {FIXED_LINKS.map((link) => (
                <li key={link.to}>
                  <Link to={link.to}>{link.label}</Link>
                </li>
              ))}
            </ul>
          </nav>
        )}
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
        {contacts.length > 0 ? (
          <section aria-labelledby="gw-footer-contact">
            <h2 id="gw-footer-contact">Contact met de gemeente</h2>
            {contacts.map((contact) => (
              <MunicipalityContactDetails key={contact.municipalityId} contact={contact} />
            ))}
          </section>
        ) : null}
        <div>
          {maintenance ? null : (
            <>
              <h2>Voor aanbieders</h2>
              <ul>
                <li>
                  <Link to={urls.providerLogin()}>Inloggen als aanbieder</Link>
                </li>
                <li>
                  <Link to={urls.providerRegister()}>Aanbieder worden</Link>
                </li>
              </ul>
            </>
          )}
          <p className="gw-muted">© {platformName}</p>
        </div>
      </div>
    </footer>
  );
}
