import { Link } from 'react-router';
import { graphql } from '../../graphql/generated';
import type { ProductApprovalStatus, ReviewProductsQuery } from '../../graphql/generated/graphql';
import { urls } from '../../lib/urls';
import { formatDateTime } from '../dates/formatDate';
import { ConnectionTable, useConnection, type Column } from '../lists';
import { Money } from '../money/Money';
import { Loading } from '../ui/Loading';
import { dutchList, ProductStatusCell } from './ProductDecisions';

const ReviewProductsDocument = graphql(`
  query ReviewProducts($filter: ReviewProductFilter, $first: Int, $after: String) {
    reviewProducts(filter: $filter, first: $first, after: $after) {
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
          priceCents
          createdAt
          approvals {
            id
            status
            reason
            requestedAt
            decidedAt
            municipality {
              id
              name
            }
          }
          provider {
            id
            name
          }
          category {
            id
            name
          }
        }
      }
    }
  }
`);

type ReviewProduct = ReviewProductsQuery['reviewProducts']['edges'][number]['node'];

interface ReviewProductListProps {
  /** A list of one municipality decision (PENDING: the queue, REJECTED: the rejected list) in the staff member's scope. */
  approvalStatus?: ProductApprovalStatus;
  /** With approvalStatus: one municipality of the scope. */
  municipalityId?: string | null;
  providerId?: string;
  /** False while the screen still works out its filter (useReviewMunicipality's `ready`). */
  ready?: boolean;
  caption: string;
  /** What it means that the list is empty, with guidance. */
  empty: string;
  /** One provider's list: its status and decisions instead of the provider. */
  ofProvider?: boolean;
}

/**
 * A table of products for staff (the review queue, the rejected list, one provider's products). Each municipality
 * decides for itself: the queue says where a product waits, the rejected list where and why it was rejected, a
 * provider's list the decision per municipality.
 */
export function ReviewProductList(props: ReviewProductListProps) {
  const decision = props.approvalStatus;
  const list = useConnection(ReviewProductsDocument, {
    variables: {
      filter: {
        approvalStatus: decision ?? null,
        municipalityId: props.municipalityId ?? null,
        providerId: props.providerId ?? null,
      },
    },
    field: 'reviewProducts',
    skip: props.ready === false,
  });
  if (props.ready === false) return <Loading />;

  // The decisions a row is about: of the list's status, and of its one municipality when narrowed to one.
  const matching = (p: ReviewProduct) =>
    decision
      ? p.approvals.filter(
          (a) => a.status === decision && (!props.municipalityId || a.municipality.id === props.municipalityId),
        )
      : [];
  const date = (p: ReviewProduct) => {
    const times = matching(p)
      .map((a) => (decision === 'PENDING' ? a.requestedAt : a.decidedAt))
      .filter((t): t is string => !!t)
      .sort();
    const at = decision === 'PENDING' ? times[0] : decision ? times.at(-1) : p.createdAt;
    return at ? formatDateTime(at) : '–';
  };
  const municipalityLabel =
    decision === 'PENDING'
      ? 'Te beoordelen voor'
      : decision === 'REJECTED'
        ? 'Afgekeurd door'
        : decision
          ? 'Goedgekeurd door'
          : null;
  const columns: (Column<ReviewProduct> | false)[] = [
    { header: 'Titel', rowHeader: true, cell: (p) => <Link to={urls.admin.product(p.id)}>{p.title}</Link> },
    !props.ofProvider && {
      header: 'Aanbieder',
      cell: (p) => <Link to={urls.admin.providerProducts(p.provider.id)}>{p.provider.name}</Link>,
    },
    { header: 'Categorie', cell: (p) => p.category.name },
    !!props.ofProvider && { header: 'Status', cell: (p) => <ProductStatusCell product={p} /> },
    !!municipalityLabel && {
      header: municipalityLabel,
      cell: (p) => dutchList(matching(p).map((a) => a.municipality.name)),
    },
    { header: 'Prijs', numeric: true, cell: (p) => <Money cents={p.priceCents} /> },
    { header: decision === 'PENDING' ? 'Wacht sinds' : decision ? 'Beoordeeld op' : 'Aangemaakt op', cell: date },
    decision === 'REJECTED' && {
      header: 'Reden van afkeuren',
      cell: (p) => <RejectionReasons approvals={matching(p)} />,
    },
  ];

  return (
    <ConnectionTable
      list={list}
      caption={props.caption}
      columns={columns.filter((c): c is Column<ReviewProduct> => !!c)}
      empty={props.empty}
      errorMessage="De producten konden niet worden geladen."
      moreLabel="Meer producten laden"
    />
  );
}

/** One reason as text; with several municipalities, each with its own. */
function RejectionReasons({
  approvals,
}: {
  approvals: readonly { id: string; reason?: string | null; municipality: { name: string } }[];
}) {
  if (approvals.length === 1) return <>{approvals[0]!.reason}</>;
  return (
    <ul className="gw-plain-list">
      {approvals.map((a) => (
        <li key={a.id}>
          {a.municipality.name}: {a.reason}
        </li>
      ))}
    </ul>
  );
}
