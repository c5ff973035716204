import { Link } from 'react-router';
import { sanitizeReturnPath } from '../../lib/returnPath';
import { SITE_NAME } from '../../lib/site';
import { urls } from '../../lib/urls';
import { municipalitiesShown, usePublicSite, type MunicipalityContact as Contact } from './publicSite';

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

/**
 * The site's own pages: always reachable from the footer. A managed footer link to one of them replaces it (with the
 * label and place set at /admin/beheer/links); one that no managed link reaches is added after the managed links.
 */
const FIXED_LINKS = [
  { label: 'Hoe werkt het', url: urls.howItWorks() },
  { label: 'Privacy', url: urls.privacy() },
  { label: 'Voorwaarden', url: urls.terms() },
  { label: 'Toegankelijkheid', url: urls.accessibility() },
  { label: 'Sitemap', url: urls.sitemap() },
];

/** "/privacy/" and "/privacy" are the same page; external addresses are compared as written. */
function linkKey(url: string): string {
  const internal = sanitizeReturnPath(url);
  return internal ? internal.replace(/(.)\/+$/, '$1') : url.trim().toLowerCase();
}

/** Each address once, the first link to it wins. */
function uniqueLinks<T extends { url: string }>(links: readonly T[], seen = new Set<string>()): T[] {
  return links.filter((link) => {
    const key = linkKey(link.url);
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * "Over deze website": the managed footer links with their labels and in their order, then the site's own pages that
 * none of them reaches (each address once).
 */
export function footerLinks<T extends { label: string; url: string }>(
  managed: readonly T[],
): { key: string; label: string; url: string }[] {
  const seen = new Set<string>();
  const ownLinks = uniqueLinks(managed, seen).map((l) => ({ key: linkKey(l.url), label: l.label, url: l.url }));
  const fixed = uniqueLinks(FIXED_LINKS, seen).map((l) => ({ key: linkKey(l.url), ...l }));
  return [...ownLinks, ...fixed];
}

/** "Handige links": the managed useful links in their order, each address once. */
export function usefulLinks<T extends { url: string }>(
  links: readonly T[],
  shownElsewhere: readonly string[] = [],
): T[] {
  return uniqueLinks(links, new Set(shownElsewhere.map(linkKey)));
}

/**
 * The public footer: the links managed at /admin/beheer/links in their two places ("Over deze website" with the
 * site's own pages, "Handige links"), and the municipalities' contact details and the platform's name from the
 * settings (instellingen/algemeen). A logged-in resident sees their own municipality's contact details only, and no
 * useful link to another municipality's website. During `maintenance` only what works then: the external links and
 * the contact details, no page of this site.
 */
export function SiteFooter({ maintenance = false }: { maintenance?: boolean }) {
  const data = usePublicSite();
  // During maintenance every page of this site is the maintenance page: only links elsewhere are kept.
  const elsewhere = (link: { url: string }) => !maintenance || !sanitizeReturnPath(link.url);
  const about = footerLinks(data?.links ?? []).filter(elsewhere);
  const platformName = data?.publicSettings.platformName ?? SITE_NAME;
  const { shown, others } = municipalitiesShown(data);
  const contacts = shown.filter((m) => m.phone || m.email || m.website || m.visitingAddress);
  // Each address once in the whole footer: a useful link to a website the contact details already give is left out,
  // and so is one to the website of a municipality this resident does not belong to.
  const links = usefulLinks(
    data?.usefulLinks ?? [],
    [...about, ...contacts, ...others].flatMap((item) =>
      'url' in item ? [item.url] : item.website ? [item.website] : [],
    ),
  ).filter(elsewhere);

  return (
    <footer className="gw-footer">
      <div className="gw-container gw-footer__columns">
        {about.length === 0 ? null : (
          <nav aria-label="Over deze website">
            <h2>Over deze website</h2>
            <ul>
              {about.map((link) => (
                <li key={link.key}>
                  <ManagedLink label={link.label} url={link.url} />
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
