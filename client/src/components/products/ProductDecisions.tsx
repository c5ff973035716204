import { getFragmentData, graphql, type FragmentType } from '../../graphql/generated';
import type { ProductApprovalStatus, ProductStatus } from '../../graphql/generated/graphql';
import { formatDate, formatDateTime } from '../dates/formatDate';
import { productStatusLabel } from '@/vocabulary/productStatus';
import { StatusBadge } from '../status/StatusBadge';
import { approvalStatusLabel } from '@/vocabulary/approvalStatus';
import { DataTable } from '../ui/DataTable';

export const ProductDecisionsFragment = graphql(`
  fragment ProductDecisions_product on Product {
    id
    status
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
  }
`);

/** The decisions of a product (the fragment's data). */
export function productDecisions(product: FragmentType<typeof ProductDecisionsFragment>) {
  return getFragmentData(ProductDecisionsFragment, product);
}

/**
 * One line per decision status, e.g. "Goedgekeurd in Gemeente Zuiderveen. Afgekeurd in Gemeente Noorderhaven.
 * In behandeling in …": what a list shows next to the product's overall status.
 */
export function decisionSummary(
  approvals: readonly { status: ProductApprovalStatus; municipality: { name: string } }[],
): string {
  const parts = (['APPROVED', 'REJECTED', 'PENDING'] as const)
    .map((status) => {
      const names = approvals.filter((a) => a.status === status).map((a) => a.municipality.name);
      return names.length ? `${approvalStatusLabel[status]} in ${dutchList(names)}.` : null;
    })
    .filter(Boolean);
  return parts.join(' ');
}

/** A list's status cell: the product's status as a tag, and under it the decisions per municipality. */
export function ProductStatusCell({
  product,
}: {
  product: {
    status: ProductStatus;
    approvals: readonly { status: ProductApprovalStatus; municipality: { name: string } }[];
  };
}) {
  return (
    <>
      <StatusBadge kind="product" status={product.status}>
        {productStatusLabel[product.status]}
      </StatusBadge>
      {product.approvals.length ? <div className="gw-muted">{decisionSummary(product.approvals)}</div> : null}
    </>
  );
}

/** "a", "a en b", "a, b en c". */
export function dutchList(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} en ${items.at(-1)}`;
}

/** A table of the decision per municipality: status, date and the reason of a rejection. */
export function ProductDecisionsTable(props: {
  product: FragmentType<typeof ProductDecisionsFragment>;
  caption: string;
}) {
  const { approvals } = productDecisions(props.product);
  return (
    <DataTable caption={props.caption} headers={['Gemeente', 'Beslissing', 'Datum', 'Reden van afkeuren']}>
      {approvals.map((a) => (
        <tr key={a.id}>
          <th scope="row">{a.municipality.name}</th>
          <td>
            <StatusBadge kind="approval" status={a.status}>
              {approvalStatusLabel[a.status]}
            </StatusBadge>
          </td>
          <td>{a.decidedAt ? formatDateTime(a.decidedAt) : `Aangevraagd op ${formatDate(a.requestedAt)}`}</td>
          <td>{a.reason ?? '–'}</td>
        </tr>
      ))}
    </DataTable>
  );
}
