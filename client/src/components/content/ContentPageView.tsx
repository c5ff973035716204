import { useQuery } from '@apollo/client/react';
import type { ReactNode } from 'react';
import { graphql } from '../../graphql/generated';
import type { ContentPageKind, PublicContentPageQuery } from '../../graphql/generated/graphql';
import { Page } from '../layout/Page';
import { Loading } from '../ui/Loading';
import { QueryError } from '../ui/QueryError';
import { formatDate } from '../dates/formatDate';

/** The accessibility statement's fields, as the public page shows them and the editor fills them in. */
export const AccessibilityStatementFields = graphql(`
  fragment AccessibilityStatementFields on AccessibilityStatement {
    status
    reviewedOn
    reviewMethod
    contactEmail
    contactPhone
    problems {
      description
      fix
    }
  }
`);

export const PublicContentPageDocument = graphql(`
  query PublicContentPage($page: ContentPageKind!) {
    contentPage(page: $page) {
      id
      version
      title
      bodyHtml
      publishedAt
      accessibility {
        ...AccessibilityStatementFields @unmask
      }
    }
  }
`);

export type PublicContentPage = NonNullable<PublicContentPageQuery['contentPage']>;

interface ContentPageViewProps {
  page: ContentPageKind;
  /** The title while loading, and when nothing is published yet. */
  title: string;
  /** What the page says when nothing is published yet. */
  empty: string;
  /** What comes after the text (the privacy statement's controllers, the accessibility statement's structure). */
  after?: (page: PublicContentPage) => ReactNode;
}

/** A public content page (/hoe-werkt-het, /privacy, /voorwaarden, /toegankelijkheid): the published version. */
export function ContentPageView({ page, title, empty, after }: ContentPageViewProps) {
  const query = useQuery(PublicContentPageDocument, { variables: { page } });
  if (query.loading && !query.data)
    return (
      <Page title={title}>
        <Loading />
      </Page>
    );
  if (query.error && !query.data)
    return (
      <Page title={title}>
        <QueryError message="Deze pagina kon niet worden geladen." onRetry={() => void query.refetch()} />
      </Page>
    );
  const version = query.data?.contentPage;
  if (!version)
    return (
      <Page title={title}>
        <p>{empty}</p>
      </Page>
    );
  return (
    <Page title={version.title} crumb={title}>
      <div className="gw-prose" dangerouslySetInnerHTML={{ __html: version.bodyHtml }} />
      {after?.(version)}
      {version.publishedAt ? (
        <p className="gw-muted">
          Laatst gewijzigd op <time dateTime={version.publishedAt}>{formatDate(version.publishedAt)}</time>.
        </p>
      ) : null}
    </Page>
  );
}
