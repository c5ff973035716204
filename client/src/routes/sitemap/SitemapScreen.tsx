import { Link } from 'react-router';
import { Page } from '../../components/layout/Page';
import { urls } from '../../lib/urls';

const sections: { title: string; links: { label: string; to: string }[] }[] = [
  {
    title: 'Aanbod',
    links: [
      { label: 'Startpagina', to: urls.home() },
      { label: 'Aanbod', to: urls.catalogue() },
      { label: 'Winkelwagen', to: urls.cart() },
    ],
  },
  {
    title: 'Informatie',
    links: [
      { label: 'Hoe werkt het', to: urls.howItWorks() },
      { label: 'Nieuws', to: urls.news() },
      { label: 'Meldingen', to: urls.announcements() },
      { label: 'Privacy', to: urls.privacy() },
      { label: 'Voorwaarden', to: urls.terms() },
      { label: 'Toegankelijkheid', to: urls.accessibility() },
    ],
  },
  {
    title: 'Inloggen',
    links: [
      { label: 'Inloggen voor inwoners', to: urls.login() },
      { label: 'Wachtwoord vergeten', to: urls.forgotPassword() },
      { label: 'Mijn account', to: urls.account.orders() },
    ],
  },
  {
    title: 'Voor aanbieders',
    links: [
      { label: 'Inloggen voor aanbieders', to: urls.providerLogin() },
      { label: 'Aanmelden als aanbieder', to: urls.providerRegister() },
    ],
  },
];

/** Sitemap: links to every public page. (The XML sitemap for search engines is /sitemap.xml.) */
export default function SitemapScreen() {
  return (
    <Page title="Sitemap" lead="Een overzicht van alle pagina’s van deze website.">
      {sections.map((section, index) => (
        <section key={section.title} aria-labelledby={`sitemap-${index}`}>
          <h2 id={`sitemap-${index}`}>{section.title}</h2>
          <ul>
            {section.links.map((link) => (
              <li key={link.to}>
                <Link to={link.to}>{link.label}</Link>
              </li>
            ))}
          </ul>
        </section>
      ))}
    </Page>
  );
}
