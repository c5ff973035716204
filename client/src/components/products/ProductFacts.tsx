import type { ReactNode } from 'react';
import type { ProductAvailability, ProductStatus, RedemptionMethod } from '../../graphql/generated/graphql';
import { formatDateTime } from '../dates/formatDate';
import { Money } from '../money/Money';
import { availabilityLabel, redemptionMethodLabel } from './productLabels';
import { productStatusLabel } from '@/vocabulary/productStatus';
import { StatusBadge } from '../status/StatusBadge';

/**
 * The facts of a product as the provider and staff see them: status, price, availability, delivery and when it was
 * submitted; `before` comes after the status (who offers it, the category), `children` at the end.
 */
export function ProductFacts(props: {
  product: {
    status: ProductStatus;
    priceCents: number;
    availability: ProductAvailability;
    redemptionMethod: RedemptionMethod;
    submittedAt?: string | null;
  };
  /** "Laatst ingediend", "Ingediend op" */
  submittedLabel: string;
  before?: ReactNode;
  children?: ReactNode;
}) {
  const { product } = props;
  return (
    <dl className="gw-definition-list">
      <dt>Status</dt>
      <dd>
        <StatusBadge kind="product" status={product.status}>
          {productStatusLabel[product.status]}
        </StatusBadge>
      </dd>
      {props.before}
      <dt>Prijs</dt>
      <dd>
        <Money cents={product.priceCents} />
      </dd>
      <dt>Beschikbaarheid</dt>
      <dd>{availabilityLabel[product.availability]}</dd>
      <dt>Levering</dt>
      <dd>{redemptionMethodLabel[product.redemptionMethod]}</dd>
      {product.submittedAt ? (
        <>
          <dt>{props.submittedLabel}</dt>
          <dd>{formatDateTime(product.submittedAt)}</dd>
        </>
      ) : null}
      {props.children}
    </dl>
  );
}
