import { Permission } from '../../kernel/permissions.js';

/** How the roles matrix (instellingen/rollen) groups the permissions; every permission is in exactly one group. */
export const PERMISSION_GROUPS: readonly { name: string; permissions: readonly Permission[] }[] = [
  { name: 'Algemeen', permissions: [Permission.DASHBOARD_VIEW] },
  {
    name: 'Klanten en passen',
    permissions: [
      Permission.PERSON_READ,
      Permission.PERSON_READ_SENSITIVE,
      Permission.PERSON_WRITE,
      Permission.PERSON_DELETE,
      Permission.CARD_MANAGE,
      Permission.ASSIGNMENT_MANAGE,
      Permission.IMPORT_RUN,
    ],
  },
  {
    name: 'Aanvragen',
    permissions: [Permission.APPLICATION_ASSESS, Permission.APPLICATION_DECIDE_HIGH],
  },
  {
    name: 'Aanbod en bestellingen',
    permissions: [
      Permission.ORDER_READ,
      Permission.ORDER_CANCEL,
      Permission.ORDER_ON_BEHALF,
      Permission.PRODUCT_REVIEW,
      Permission.PROVIDER_APPROVE,
      Permission.ARRANGEMENT_MANAGE,
    ],
  },
  {
    name: 'Financiën',
    permissions: [Permission.PAYMENT_READ, Permission.PAYOUT_MANAGE, Permission.JOURNAL_EXPORT],
  },
  {
    name: 'Inhoud en communicatie',
    permissions: [Permission.CONTENT_EDIT, Permission.MESSAGE_SEND, Permission.TEMPLATE_EDIT],
  },
  {
    name: 'Beheer',
    permissions: [
      Permission.ACCOUNT_MANAGE,
      Permission.ROLE_MANAGE,
      Permission.SETTINGS_MANAGE,
      Permission.API_CLIENT_MANAGE,
      Permission.AUDIT_LOG_READ,
    ],
  },
];
