import type { ProductApprovalStatus } from '@/graphql/generated/graphql';

/** One municipality's decision on a product. */
export const approvalStatusLabel: Record<ProductApprovalStatus, string> = {
  PENDING: 'In behandeling',
  APPROVED: 'Goedgekeurd',
  REJECTED: 'Afgekeurd',
};
