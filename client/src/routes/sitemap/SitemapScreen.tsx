import { useQuery } from '@apollo/client/react';
import { Link } from 'react-router';
import { Page } from '../../components/layout/Page';
import { Loading } from '../../components/ui/Loading';
import { QueryError } from '../../components/ui/QueryError';
import { graphql } from '../../graphql/generated';
import { urls } from '../../lib/urls';

const SitemapDocument = graphql(`
  query Sitemap {
    sitemap {
      pages {
        title
        path
      }
      news {
        title
        path
      }
      products {
        title
        path
      }
      providers {
        title
        path
      }
    }
  }
`);

/** Pages that are not in the XML sitemap (they need a login or are a step of a task) but help a visitor find their way. */
const personal: { label: string; to: string }[] = [
  { label: 'Winkelwagen', to: urls.cart() },
  { label: 'Inloggen voor inwoners', to: urls.login() },
  { label: 'Mijn account', to: urls.account.orders() },
  { label: 'Inloggen voor aanbieders', to: urls.providerLogin() },
  { label: 'Wachtwoord vergeten', to: urls.forgotPassword() },
];

function Section({ id, title, links }: { id: string; title: string; links: { label: string; to: string }[] }) {
  return (
    <section aria-labelledby={`sitemap-${id}`}>
      <h2 id={`sitemap-${id}`}>{title}</h2>
      {links.length === 0 ? (
        <p className="gw-muted">Hier staat nog niets.</p>
      ) : (
        <ul>
          {links.map((link) => (
            <li key={link.to}>
              <Link to={link.to}>{link.label}</Link>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

/**
 * /sitemap: every public page, the news and the offer, from the same list as /sitemap.xml (the `sitemap` query), plus
 * the pages that need a login.
 */
export default function SitemapScreen() {
  const { data, loading, error, refetch } = useQuery(SitemapDocument);
  const as = (entries: readonly { title: string; path: string }[]) =>
    entries.map((e) => ({ label: e.title, to: e.path }));
  return (
    <Page title="Sitemap" lead="Een overzicht van alle pagina’s van deze website.">
      {loading && !data ? <Loading /> : null}
      {error && !data ? (
        <QueryError message="Het overzicht kon niet worden geladen." onRetry={() => void refetch()} />
      ) : null}
      {data ? (
        <>
          <Section id="paginas" title="Pagina’s" links={as(data.sitemap.pages)} />
          <Section id="persoonlijk" title="Inloggen en uw account" links={personal} />
          <Section id="nieuws" title="Nieuws" links={as(data.sitemap.news)} />
          <Section id="aanbod" title="Aanbod" links={as(data.sitemap.products)} />
          <Section id="aanbieders" title="Aanbieders" links={as(data.sitemap.providers)} />
        </>
      ) : null}
    </Page>
  );
}
