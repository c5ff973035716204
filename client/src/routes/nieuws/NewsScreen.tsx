import { ConnectionItems, useConnection } from '../../components/lists';
import { Page } from '../../components/layout/Page';
import { NewsCard } from '../../components/news/NewsCard';
import { graphql } from '../../graphql/generated';
import { urls } from '../../lib/urls';

const NewsDocument = graphql(`
  query News($first: Int, $after: String) {
    news(first: $first, after: $after) {
      totalCount
      pageInfo {
        hasNextPage
        endCursor
      }
      edges {
        cursor
        node {
          id
          ...NewsCard_article
        }
      }
    }
  }
`);

/** The Atom feed, announced in the page's head (React puts a <link> there). */
export function NewsFeedLink() {
  return <link rel="alternate" type="application/atom+xml" title="Nieuws (Atom-feed)" href={urls.server.newsFeed()} />;
}

/** /nieuws: the published news, newest first, ten at a time. */
export default function NewsScreen() {
  const list = useConnection(NewsDocument, { variables: { first: 10 }, field: 'news' });
  return (
    <Page title="Nieuws" lead="Het laatste nieuws over de regelingen en het aanbod.">
      <NewsFeedLink />
      <ConnectionItems
        list={list}
        label="Nieuwsberichten"
        className="gw-card-grid"
        item={(node) => <NewsCard article={node} />}
        empty="Er is nog geen nieuws."
        errorMessage="Het nieuws kon niet worden geladen."
        moreLabel="Meer nieuws laden"
      />
      <p>
        <a href={urls.server.newsFeed()}>Volg het nieuws met een feedlezer (Atom)</a>
      </p>
    </Page>
  );
}
