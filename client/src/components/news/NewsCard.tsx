import { Link } from 'react-router';
import { formatDate } from '../dates/formatDate';
import { getFragmentData, graphql, type FragmentType } from '../../graphql/generated';

export const NewsCardFragment = graphql(`
  fragment NewsCard_article on NewsArticle {
    id
    title
    summary
    path
    publishAt
    imageUrl
    municipalityName
  }
`);

/** One news article in a list: title (the link), date, summary, and its image when it has one (decorative here). */
export function NewsCard({
  article: ref,
  headingLevel = 2,
}: {
  article: FragmentType<typeof NewsCardFragment>;
  headingLevel?: 2 | 3;
}) {
  const article = getFragmentData(NewsCardFragment, ref);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className="gw-card gw-news-card">
      {article.imageUrl ? <img src={article.imageUrl} alt="" width={400} height={225} loading="lazy" /> : null}
      <Heading>
        <Link to={article.path}>{article.title}</Link>
      </Heading>
      <p className="gw-muted">
        {article.publishAt ? <time dateTime={article.publishAt}>{formatDate(article.publishAt)}</time> : null}
        {article.municipalityName ? ` · ${article.municipalityName}` : null}
      </p>
      <p>{article.summary}</p>
    </article>
  );
}
