import type { HandoverMethodName } from '../../rules/handover.js';
import type { PayoutBatchStatus } from './payout.entities.js';

/** The shapes of payouts as the batches' screens and the provider's view show them. */

export interface PayoutCandidateLine {
  providerId: string;
  providerName: string;
  orderCount: number;
  amountCents: number;
}

export interface PayoutPreview {
  municipalityId: string;
  deliveredBefore: Date;
  payoutDelayDays: number;
  orderCount: number;
  totalCents: number;
  lines: PayoutCandidateLine[];
}

export interface PayoutLineRecord {
  id: string;
  providerId: string;
  providerName: string;
  reference: string;
  amountCents: number;
  orderCount: number;
  remittanceInfo: string;
}

export interface PayoutLineOrderRecord {
  lineId: string;
  orderId: string;
  number: string;
  amountCents: number;
  deliveredAt: Date | null;
  handoverMethod: HandoverMethodName;
}

export interface PayoutBatchRecord {
  id: string;
  reference: string;
  municipalityId: string;
  municipalityName: string;
  status: PayoutBatchStatus;
  deliveredBefore: Date;
  totalCents: number;
  orderCount: number;
  providerCount: number;
  createdAt: Date;
  createdByName: string | null;
  exportedAt: Date | null;
  sepaVersion: string | null;
  paidAt: Date | null;
  cancelledAt: Date | null;
  notExecutedReason: string | null;
  notExecutedRequestedAt: Date | null;
  notExecutedRequestedByName: string | null;
  /** The viewer asked for "niet uitgevoerd" themselves: someone else must confirm. */
  notExecutedRequestedByViewer: boolean;
  notExecutedAt: Date | null;
}

export interface ProviderPayoutRecord {
  id: string;
  reference: string;
  municipalityName: string;
  paidAt: Date;
  amountCents: number;
  orderCount: number;
}

export interface PayoutFilter {
  municipalityId?: string | null;
  status?: PayoutBatchStatus | null;
}
