import { Permission, type BuiltInRoleKey } from '../kernel/permissions.js';

/** The demo log-ins printed by `npm start` and used by the browser tests. Demo data only: never in production. */
export const DEMO_PASSWORD = 'demo-wachtwoord';

export const DEMO_STAFF: { role: BuiltInRoleKey; email: string; name: string }[] = [
  { role: 'BEHEERDER', email: 'beheerder@demo.gemeentewinkel.nl', name: 'Bea Beheer' },
  { role: 'KLANTCONTACT', email: 'klantcontact@demo.gemeentewinkel.nl', name: 'Karim Klantcontact' },
  { role: 'FINANCIEN', email: 'financien@demo.gemeentewinkel.nl', name: 'Fenna Financiën' },
  { role: 'AANBIEDERBEHEER', email: 'aanbiederbeheer@demo.gemeentewinkel.nl', name: 'Anton Aanbiederbeheer' },
  { role: 'REDACTIE', email: 'redactie@demo.gemeentewinkel.nl', name: 'Roos Redactie' },
];

/** One provider user per demo provider: aanbieder1@… up to aanbieder6@… */
export const demoProviderEmail = (n: number) => `aanbieder${n}@demo.gemeentewinkel.nl`;

/** A role made by the municipality itself (instellingen/rollen), beside the five built-in ones; no account holds it yet. */
export const DEMO_CUSTOM_ROLES: { name: string; description: string; permissions: Permission[] }[] = [
  {
    name: 'Balie',
    description: 'Inwoners aan de balie helpen: personen en bestellingen inzien, passen uitgeven.',
    permissions: [Permission.DASHBOARD_VIEW, Permission.PERSON_READ, Permission.CARD_MANAGE, Permission.ORDER_READ],
  },
  {
    name: 'Privacyfunctionaris',
    description: 'Het auditlog inzien en exporteren: wie heeft wat over een inwoner bekeken of gewijzigd.',
    permissions: [Permission.DASHBOARD_VIEW, Permission.PERSON_READ, Permission.AUDIT_LOG_READ],
  },
];
