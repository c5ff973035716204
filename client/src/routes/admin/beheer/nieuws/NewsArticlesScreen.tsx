import { Link } from 'react-router';
import { formatDateTime } from '@/components/dates/formatDate';
import { FilteredConnectionTable } from '@/components/lists/FilteredConnectionTable';
import { text, type Column, type Filters } from '@/components/lists';
import { statusFilter } from '@/components/lists/statusFilter';
import { Page } from '@/components/layout/Page';
import { graphql } from '@/graphql/generated';
import type { AdminNewsQuery } from '@/graphql/generated/graphql';
import { urls } from '@/lib/urls';
import { newsStatusLabel } from '@/vocabulary/newsStatus';

const AdminNewsDocument = graphql(`
  query AdminNews($filter: NewsFilter, $first: Int, $after: String) {
    adminNews(filter: $filter, first: $first, after: $after) {
      totalCount
      pageInfo {
        ...PageInfoFields @unmask
      }
      edges {
        cursor
        node {
          id
          title
          status
          scheduled
          publishAt
          municipalityName
        }
      }
    }
  }
`);

type Article = AdminNewsQuery['adminNews']['edges'][number]['node'];

/** ?zoek=…&status=concept|gepubliceerd|gearchiveerd */
const filters = {
  search: text({ param: 'zoek', label: 'Titel', hint: 'Een deel van de titel.' }),
  status: statusFilter(
    { DRAFT: 'concept', PUBLISHED: 'gepubliceerd', ARCHIVED: 'gearchiveerd' },
    { DRAFT: 'Concept', PUBLISHED: 'Gepubliceerd of ingepland', ARCHIVED: 'Gearchiveerd' },
  ),
} satisfies Filters;

const columns: Column<Article>[] = [
  { header: 'Titel', rowHeader: true, cell: (a) => <Link to={urls.admin.beheer.newsArticle(a.id)}>{a.title}</Link> },
  {
    header: 'Status',
    cell: (a) => <span className="gw-tag">{a.scheduled ? 'Ingepland' : newsStatusLabel[a.status]}</span>,
  },
  { header: 'Publicatie', cell: (a) => (a.publishAt ? formatDateTime(a.publishAt) : '–') },
  { header: 'Voor', cell: (a) => a.municipalityName ?? 'Alle gemeenten' },
];

/** /admin/beheer/nieuws: the news articles of the editor's scope, last changed first. */
export default function NewsArticlesScreen() {
  return (
    <Page title="Nieuws" lead="Nieuwsberichten voor bezoekers: opstellen, inplannen, publiceren en archiveren.">
      <ul className="gw-actions gw-plain-list">
        <li>
          <Link className="gw-button" to={urls.admin.beheer.newNewsArticle()}>
            Nieuw bericht
          </Link>
        </li>
        <li>
          <Link to={urls.news()}>Nieuws bekijken zoals bezoekers het zien</Link>
        </li>
      </ul>
      <FilteredConnectionTable
        query={AdminNewsDocument}
        field="adminNews"
        filters={filters}
        filterLabel="Nieuws zoeken"
        caption="Nieuwsberichten"
        columns={columns}
        empty="Er zijn nog geen nieuwsberichten. Schrijf het eerste met ‘Nieuw bericht’."
        emptyFiltered="Geen bericht past bij deze filters. Zoek op een ander deel van de titel, of wis de filters."
        errorMessage="De nieuwsberichten konden niet worden geladen."
        moreLabel="Meer berichten laden"
      />
    </Page>
  );
}
