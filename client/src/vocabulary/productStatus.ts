import type { ProductStatus } from '@/graphql/generated/graphql';

/** A product's status. */
export const productStatusLabel: Record<ProductStatus, string> = {
  DRAFT: 'Concept',
  SUBMITTED: 'Ingediend',
  APPROVED: 'Goedgekeurd',
  REJECTED: 'Afgekeurd',
  ARCHIVED: 'Gearchiveerd',
};
