import { useQuery } from '@apollo/client/react';
import { Link, useParams } from 'react-router';
import { formatDate } from '../../components/dates/formatDate';
import { Page } from '../../components/layout/Page';
import { QueryBoundary } from '../../components/ui/QueryBoundary';
import { graphql } from '../../graphql/generated';
import type { NewsArticleQuery } from '../../graphql/generated/graphql';
import { urls } from '../../lib/urls';
import { NewsFeedLink } from './NewsScreen';
import { CanonicalRedirect } from '../../components/layout/CanonicalRedirect';

const NewsArticleDocument = graphql(`
  query NewsArticle($id: ID!) {
    newsArticle(id: $id) {
      id
      title
      slug
      summary
      bodyHtml
      publishAt
      imageUrl
      imageAlt
      municipalityName
    }
  }
`);

/** /nieuws/{slug}/{postId}: one article. An outdated slug in the URL is replaced by the canonical one. */
export default function NewsArticleScreen() {
  const { slug = '', postId = '' } = useParams();
  return (
    <QueryBoundary
      query={useQuery(NewsArticleDocument, { variables: { id: postId } })}
      select={(data) => data.newsArticle}
      title="Nieuwsbericht"
      errorMessage="Dit nieuwsbericht kon niet worden geladen."
    >
      {(article) =>
        article.slug !== slug ? (
          <CanonicalRedirect to={urls.newsArticle(article.slug, article.id)} />
        ) : (
          <NewsArticleView article={article} />
        )
      }
    </QueryBoundary>
  );
}

function NewsArticleView({ article }: { article: NonNullable<NewsArticleQuery['newsArticle']> }) {
  return (
    <Page title={article.title} crumb="Nieuwsbericht">
      <NewsFeedLink />
      <p className="gw-muted">
        {article.publishAt ? <time dateTime={article.publishAt}>{formatDate(article.publishAt)}</time> : null}
        {article.municipalityName ? ` · ${article.municipalityName}` : null}
      </p>
      <p className="gw-lead">{article.summary}</p>
      {article.imageUrl ? (
        <img className="gw-news-image" src={article.imageUrl} alt={article.imageAlt} width={1200} height={675} />
      ) : null}
      {/* Rendered by the server from Markdown with raw HTML escaped and unsafe links dropped (markdown.ts). */}
      <div className="gw-prose" dangerouslySetInnerHTML={{ __html: article.bodyHtml }} />
      <p>
        <Link to={urls.news()}>Terug naar het nieuws</Link>
      </p>
    </Page>
  );
}
