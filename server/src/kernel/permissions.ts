import { registerEnumType } from 'type-graphql';

/**
 * The permission model (DESIGN.md section 3). This file is the one place that lists what exists;
 * `requires.ts` is the one decorator that enforces it and prints it into the schema.
 */
export enum Permission {
  DASHBOARD_VIEW = 'DASHBOARD_VIEW',
  PERSON_READ = 'PERSON_READ',
  PERSON_READ_SENSITIVE = 'PERSON_READ_SENSITIVE',
  PERSON_WRITE = 'PERSON_WRITE',
  PERSON_DELETE = 'PERSON_DELETE',
  CARD_MANAGE = 'CARD_MANAGE',
  ORDER_READ = 'ORDER_READ',
  ORDER_CANCEL = 'ORDER_CANCEL',
  /** Place an order for a resident without DigiD or under administration (bewindvoering), with a stated reason. */
  ORDER_ON_BEHALF = 'ORDER_ON_BEHALF',
  PRODUCT_REVIEW = 'PRODUCT_REVIEW',
  PROVIDER_APPROVE = 'PROVIDER_APPROVE',
  ARRANGEMENT_MANAGE = 'ARRANGEMENT_MANAGE',
  ASSIGNMENT_MANAGE = 'ASSIGNMENT_MANAGE',
  PAYMENT_READ = 'PAYMENT_READ',
  PAYOUT_MANAGE = 'PAYOUT_MANAGE',
  JOURNAL_EXPORT = 'JOURNAL_EXPORT',
  /**
   * News, links and the content pages (instellingen: hoe-werkt-het, privacybeleid, toegankelijkheid and both kinds of
   * algemene-voorwaarden): drafts, preview, publish, restore. Publishing the providers' terms makes the new current
   * terms version, which every provider accepts again at the next log-in.
   */
  CONTENT_EDIT = 'CONTENT_EDIT',
  MESSAGE_SEND = 'MESSAGE_SEND',
  TEMPLATE_EDIT = 'TEMPLATE_EDIT',
  IMPORT_RUN = 'IMPORT_RUN',
  ACCOUNT_MANAGE = 'ACCOUNT_MANAGE',
  ROLE_MANAGE = 'ROLE_MANAGE',
  SETTINGS_MANAGE = 'SETTINGS_MANAGE',
  API_CLIENT_MANAGE = 'API_CLIENT_MANAGE',
  /** Read and export the audit log: who read or changed what about whom (the privacy officer's question). */
  AUDIT_LOG_READ = 'AUDIT_LOG_READ',
  /** Assess online applications (aanvragen): mark criteria, ask the resident, approve (partly) or decline. */
  APPLICATION_ASSESS = 'APPLICATION_ASSESS',
  /** Confirm, as the second person, a decision on an application above the amount of the settings (four eyes). */
  APPLICATION_DECIDE_HIGH = 'APPLICATION_DECIDE_HIGH',
}

export const PERMISSION_DESCRIPTIONS: Record<Permission, string> = {
  DASHBOARD_VIEW: 'Dashboard met werkvoorraden bekijken',
  PERSON_READ: 'Klantgroepen en personen bekijken',
  PERSON_READ_SENSITIVE: 'Gevoelige persoonsgegevens (BSN) bekijken',
  PERSON_WRITE: 'Personen en klantgroepen wijzigen',
  PERSON_DELETE: 'Persoonsgegevens wissen of anonimiseren',
  CARD_MANAGE: 'Passen uitgeven, blokkeren en vervangen',
  ORDER_READ: 'Bestellingen bekijken',
  ORDER_CANCEL: 'Bestellingen annuleren met terugbetaling',
  ORDER_ON_BEHALF: 'Bestellen namens een inwoner zonder DigiD of onder bewind',
  PRODUCT_REVIEW: 'Producten beoordelen',
  PROVIDER_APPROVE: 'Aanbieders beoordelen en beheren',
  ARRANGEMENT_MANAGE: 'Regelingen beheren',
  ASSIGNMENT_MANAGE: 'Toewijzingen beheren',
  PAYMENT_READ: 'Betalingen bekijken en controleren',
  PAYOUT_MANAGE: 'Uitbetalingen beheren',
  JOURNAL_EXPORT: 'Journaalposten exporteren',
  CONTENT_EDIT: 'Nieuws, pagina’s en links bewerken',
  MESSAGE_SEND: 'Meldingen versturen',
  TEMPLATE_EDIT: 'Communicatiesjablonen bewerken',
  IMPORT_RUN: 'Gegevens importeren',
  ACCOUNT_MANAGE: 'Beheeraccounts beheren',
  ROLE_MANAGE: 'Rollen en rechten beheren',
  SETTINGS_MANAGE: 'Instellingen beheren',
  API_CLIENT_MANAGE: 'API-koppelingen beheren',
  AUDIT_LOG_READ: 'Auditlog inzien en exporteren (privacy)',
  APPLICATION_ASSESS: 'Aanvragen beoordelen',
  APPLICATION_DECIDE_HIGH: 'Besluiten op aanvragen boven het vier-ogenbedrag bevestigen',
};

/** Who is calling. Staff and API clients carry permissions; customers and provider users own their data. */
export enum Audience {
  ANONYMOUS = 'ANONYMOUS',
  CUSTOMER = 'CUSTOMER',
  PROVIDER = 'PROVIDER',
  STAFF = 'STAFF',
  API_CLIENT = 'API_CLIENT',
}

/** What each permission allows, in English: the schema's descriptions for partner developers (the UI shows the Dutch ones). */
export const PERMISSION_API_DESCRIPTIONS: Record<Permission, string> = {
  DASHBOARD_VIEW: 'View the dashboard with the work queues and totals.',
  PERSON_READ: 'Read households (client groups) and persons, without the BSN.',
  PERSON_READ_SENSITIVE: 'Read sensitive personal data: the full BSN.',
  PERSON_WRITE: 'Change persons and households.',
  PERSON_DELETE: 'Erase or anonymise a person’s personal data (AVG).',
  CARD_MANAGE: 'Issue, block and replace cards.',
  ORDER_READ: 'Read orders.',
  ORDER_CANCEL: 'Cancel orders, with a refund.',
  PRODUCT_REVIEW: 'Approve or reject providers’ products.',
  PROVIDER_APPROVE: 'Approve, reject and manage providers’ memberships.',
  ARRANGEMENT_MANAGE: 'Manage arrangements (regelingen) and their budgets.',
  ASSIGNMENT_MANAGE: 'Grant and revoke arrangements to households (assignments).',
  PAYMENT_READ: 'Read and reconcile own-contribution payments and refunds.',
  PAYOUT_MANAGE: 'Manage payouts to providers (SEPA batches).',
  JOURNAL_EXPORT: 'Export journal entries for the general ledger.',
  CONTENT_EDIT: 'Edit news, links and the content pages (including both kinds of terms).',
  MESSAGE_SEND: 'Send messages and announcements to residents and providers.',
  TEMPLATE_EDIT: 'Edit the communication templates (mails and inbox messages).',
  IMPORT_RUN: 'Import households and persons from a file.',
  ACCOUNT_MANAGE: 'Manage staff accounts.',
  ROLE_MANAGE: 'Manage roles and their permissions.',
  AUDIT_LOG_READ: 'Read and export the audit log: who read or changed what about whom, and why.',
  SETTINGS_MANAGE: 'Manage the settings.',
  API_CLIENT_MANAGE: 'Manage API clients (keys) and read the API documentation.',
  APPLICATION_ASSESS:
    'Assess online applications: mark criteria met or not, ask the resident, approve (partly) or decline.',
  APPLICATION_DECIDE_HIGH:
    'Confirm, as the second person, a decision on an application above the amount the settings name (four eyes).',
  ORDER_ON_BEHALF:
    'Place an order for a household on a resident’s behalf (no DigiD, or under administration), with a stated reason.',
};

registerEnumType(Permission, {
  name: 'Permission',
  description:
    'A permission of a staff member or an API client; roles are named sets of these. A field’s @requires directive ' +
    'names the permissions of which a caller needs at least one.',
  valuesConfig: Object.fromEntries(
    Object.entries(PERMISSION_API_DESCRIPTIONS).map(([k, description]) => [k, { description }]),
  ) as never,
});

export const ALL_PERMISSIONS = Object.values(Permission);

export type BuiltInRoleKey = 'BEHEERDER' | 'KLANTCONTACT' | 'FINANCIEN' | 'AANBIEDERBEHEER' | 'REDACTIE';

/** The five built-in roles; they are seeded into the `role` table and editable there afterwards. */
export const BUILT_IN_ROLES: Record<BuiltInRoleKey, { name: string; description: string; permissions: Permission[] }> =
  {
    BEHEERDER: {
      name: 'Beheerder',
      description: 'Alle rechten.',
      permissions: ALL_PERMISSIONS,
    },
    KLANTCONTACT: {
      name: 'Klantcontact',
      description: 'Personen, klantgroepen, passen, bestellingen en meldingen.',
      permissions: [
        Permission.DASHBOARD_VIEW,
        Permission.PERSON_READ,
        Permission.PERSON_WRITE,
        Permission.CARD_MANAGE,
        Permission.ORDER_READ,
        Permission.ORDER_CANCEL,
        Permission.ORDER_ON_BEHALF,
        Permission.ASSIGNMENT_MANAGE,
        Permission.MESSAGE_SEND,
        Permission.APPLICATION_ASSESS,
      ],
    },
    FINANCIEN: {
      name: 'Financiën',
      description: 'Betalingen, uitbetalingen, journaalposten en bestellingen inzien.',
      permissions: [
        Permission.DASHBOARD_VIEW,
        Permission.PAYMENT_READ,
        Permission.PAYOUT_MANAGE,
        Permission.JOURNAL_EXPORT,
        Permission.ORDER_READ,
      ],
    },
    AANBIEDERBEHEER: {
      name: 'Aanbiederbeheer',
      description: 'Aanbieders beoordelen en producten beoordelen.',
      permissions: [Permission.DASHBOARD_VIEW, Permission.PROVIDER_APPROVE, Permission.PRODUCT_REVIEW],
    },
    REDACTIE: {
      name: 'Redactie',
      description: 'Nieuws, meldingen, pagina’s, links en sjablonen.',
      permissions: [
        Permission.DASHBOARD_VIEW,
        Permission.CONTENT_EDIT,
        Permission.MESSAGE_SEND,
        Permission.TEMPLATE_EDIT,
      ],
    },
  };

export function isPermission(value: string): value is Permission {
  return (ALL_PERMISSIONS as string[]).includes(value);
}
