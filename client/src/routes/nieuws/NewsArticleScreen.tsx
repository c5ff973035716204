import { useQuery } from '@apollo/client/react';
import { Link, useParams } from 'react-router';
import { formatDate } from '../../components/dates/formatDate';
import { Page } from '../../components/layout/Page';
import { Loading } from '../../components/ui/Loading';
import { QueryError } from '../../components/ui/QueryError';
import { graphql } from '../../graphql/generated';
import { urls } from '../../lib/urls';
import NotFoundScreen from '../NotFoundScreen';
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
  const { data, loading, error, refetch } = useQuery(NewsArticleDocument, { variables: { id: postId } });

  if (loading && !data) {
    return (
      <Page title="Nieuwsbericht">
        <div aria-busy="true">
          <Loading />
        </div>
      </Page>
    );
  }
  if (error && !data) {
    return (
      <Page title="Nieuwsbericht">
        <QueryError message="Dit nieuwsbericht kon niet worden geladen." onRetry={() => void refetch()} />
      </Page>
    );
  }
  const article = data?.newsArticle;
  if (!article) return <NotFoundScreen />;
  if (article.slug !== slug) return <CanonicalRedirect to={urls.newsArticle(article.slug, article.id)} />;

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
