import type { Permission } from '../graphql/generated/graphql';

/**
 * Which permission each admin screen needs (DESIGN.md section 3). Used by the route table
 * (`handle.permission`, enforced by the admin layout) and by the admin sidebar, so the two
 * never disagree. The server enforces the same permissions on every field; this only keeps
 * staff from landing on a screen whose data they may not read.
 */
export const screenPermission = {
  dashboard: 'DASHBOARD_VIEW',
  providers: 'PROVIDER_APPROVE',
  providerOrders: 'ORDER_READ',
  providerProducts: 'PRODUCT_REVIEW',
  orders: 'ORDER_READ',
  clients: 'PERSON_READ',
  clientGroupAddMember: 'PERSON_WRITE',
  clientGroupAssignments: 'ASSIGNMENT_MANAGE',
  messages: 'MESSAGE_SEND',
  persons: 'PERSON_READ',
  personDelete: 'PERSON_DELETE',
  personOrderOnBehalf: 'ORDER_ON_BEHALF',
  products: 'PRODUCT_REVIEW',
  arrangements: 'ARRANGEMENT_MANAGE',
  accounts: 'ACCOUNT_MANAGE',
  apiClients: 'API_CLIENT_MANAGE',
  payments: 'PAYMENT_READ',
  payouts: 'PAYOUT_MANAGE',
  categories: 'CONTENT_EDIT',
  communication: 'TEMPLATE_EDIT',
  templates: 'TEMPLATE_EDIT',
  import: 'IMPORT_RUN',
  journalEntries: 'JOURNAL_EXPORT',
  links: 'CONTENT_EDIT',
  news: 'CONTENT_EDIT',
  contentPages: 'CONTENT_EDIT',
  roles: 'ROLE_MANAGE',
  /** The audit log: the Beheerder and a privacy officer read who did what about whom. */
  auditLog: 'AUDIT_LOG_READ',
  settings: 'SETTINGS_MANAGE',
  /** Online applications (aanvragen): the work list and assessing; confirming above the four-eyes amount is APPLICATION_DECIDE_HIGH. */
  applications: 'APPLICATION_ASSESS',
} as const satisfies Record<string, Permission>;
