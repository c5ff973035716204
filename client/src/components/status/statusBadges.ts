import type {
  AssignmentStatus,
  CardStatus,
  MailStatus,
  MembershipStatus,
  OrderStatus,
  PayoutBatchStatus,
  ProductApprovalStatus,
  ProductStatus,
} from '../../graphql/generated/graphql';

/**
 * The colour of a status badge. Each tone's text/background pair meets WCAG AA (statusBadge.css, tokens.css):
 * neutral (nothing to do), info (in progress), warning (waits for someone), success (done, usable), error (refused,
 * stopped).
 */
export type StatusTone = 'neutral' | 'info' | 'warning' | 'success' | 'error';

/** The icon beside the text (StatusIcon): the shape repeats the meaning for who does not see the colour. */
export type StatusIconName =
  | 'pencil'
  | 'hourglass'
  | 'clock'
  | 'dot'
  | 'check'
  | 'package'
  | 'cross'
  | 'archive'
  | 'minus'
  | 'lock'
  | 'swap';

export interface StatusLook {
  tone: StatusTone;
  icon: StatusIconName;
}

/**
 * One status → tone and icon map per kind of status, so an order, a product, a membership, an assignment or a card
 * looks the same in every list and on every detail screen. Within a kind no two statuses look alike.
 */
export const statusLooks = {
  order: {
    AWAITING_PAYMENT: { tone: 'warning', icon: 'clock' },
    PLACED: { tone: 'info', icon: 'dot' },
    ACCEPTED: { tone: 'info', icon: 'check' },
    DELIVERED: { tone: 'success', icon: 'package' },
    CANCELLED: { tone: 'error', icon: 'cross' },
  } satisfies Record<OrderStatus, StatusLook>,
  product: {
    DRAFT: { tone: 'neutral', icon: 'pencil' },
    SUBMITTED: { tone: 'warning', icon: 'hourglass' },
    APPROVED: { tone: 'success', icon: 'check' },
    REJECTED: { tone: 'error', icon: 'cross' },
    ARCHIVED: { tone: 'neutral', icon: 'archive' },
  } satisfies Record<ProductStatus, StatusLook>,
  approval: {
    PENDING: { tone: 'warning', icon: 'hourglass' },
    APPROVED: { tone: 'success', icon: 'check' },
    REJECTED: { tone: 'error', icon: 'cross' },
  } satisfies Record<ProductApprovalStatus, StatusLook>,
  membership: {
    PENDING: { tone: 'warning', icon: 'hourglass' },
    APPROVED: { tone: 'success', icon: 'check' },
    REJECTED: { tone: 'error', icon: 'cross' },
    WITHDRAWN: { tone: 'neutral', icon: 'minus' },
  } satisfies Record<MembershipStatus, StatusLook>,
  assignment: {
    UPCOMING: { tone: 'info', icon: 'clock' },
    ACTIVE: { tone: 'success', icon: 'check' },
    EXPIRED: { tone: 'neutral', icon: 'hourglass' },
    REVOKED: { tone: 'error', icon: 'cross' },
  } satisfies Record<AssignmentStatus, StatusLook>,
  card: {
    ACTIVE: { tone: 'success', icon: 'check' },
    BLOCKED: { tone: 'error', icon: 'lock' },
    REPLACED: { tone: 'neutral', icon: 'swap' },
  } satisfies Record<CardStatus, StatusLook>,
  mail: {
    QUEUED: { tone: 'info', icon: 'clock' },
    SENT: { tone: 'success', icon: 'check' },
    FAILED: { tone: 'error', icon: 'cross' },
    CANCELLED: { tone: 'neutral', icon: 'minus' },
  } satisfies Record<MailStatus, StatusLook>,
  payout: {
    DRAFT: { tone: 'neutral', icon: 'pencil' },
    EXPORTED: { tone: 'warning', icon: 'hourglass' },
    PAID: { tone: 'success', icon: 'check' },
    CANCELLED: { tone: 'neutral', icon: 'minus' },
    NOT_EXECUTED: { tone: 'error', icon: 'cross' },
  } satisfies Record<PayoutBatchStatus, StatusLook>,
} as const;

export type StatusKind = keyof typeof statusLooks;

/** The GraphQL enum behind each kind (the unit test checks every value of each has a look). */
export const statusEnumOf: Record<StatusKind, string> = {
  order: 'OrderStatus',
  product: 'ProductStatus',
  approval: 'ProductApprovalStatus',
  membership: 'MembershipStatus',
  assignment: 'AssignmentStatus',
  card: 'CardStatus',
  mail: 'MailStatus',
  payout: 'PayoutBatchStatus',
};
