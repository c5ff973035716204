import type { ProductStatus } from '../../graphql/generated/graphql';

/** Dutch labels of the product states. */
export const productStatusLabel: Record<ProductStatus, string> = {
  DRAFT: 'Concept',
  SUBMITTED: 'Ingediend',
  APPROVED: 'Goedgekeurd',
  REJECTED: 'Afgekeurd',
  ARCHIVED: 'Gearchiveerd',
};
