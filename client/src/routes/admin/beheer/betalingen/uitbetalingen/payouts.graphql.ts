import { graphql } from '@/graphql/generated';

/** The documents the payout screens share (list, new, detail). */

export const PayoutBatchesDocument = graphql(`
  query PayoutBatches($filter: PayoutBatchFilter, $first: Int, $after: String) {
    payoutBatches(filter: $filter, first: $first, after: $after) {
      totalCount
      pageInfo {
        ...PageInfoFields @unmask
      }
      edges {
        cursor
        node {
          id
          reference
          municipalityName
          status
          totalCents
          orderCount
          providerCount
          createdAt
          exportedAt
          paidAt
        }
      }
    }
  }
`);

export const PayoutBatchDocument = graphql(`
  query PayoutBatch($id: ID!) {
    payoutBatch(id: $id) {
      ...PayoutBatchDetails @unmask
    }
  }
`);

export const PayoutBatchDetailsFragment = graphql(`
  fragment PayoutBatchDetails on PayoutBatch {
    id
    reference
    municipalityId
    municipalityName
    status
    deliveredBefore
    totalCents
    orderCount
    providerCount
    createdAt
    createdByName
    exportedAt
    sepaVersion
    paidAt
    cancelledAt
    notExecutedReason
    notExecutedRequestedAt
    notExecutedRequestedByName
    notExecutedRequestedByViewer
    notExecutedAt
    lines {
      id
      providerId
      providerName
      reference
      amountCents
      orderCount
      remittanceInfo
      orders {
        orderId
        number
        amountCents
        deliveredAt
        handoverMethod
      }
    }
  }
`);
