/**
 * Every template key the application sends, with the variables it may use ({{name}} in subject or body).
 * The defaults themselves are rows inserted by the onboarding migration; staff may edit them (TEMPLATE_EDIT), but a
 * template can only use the variables listed here: the mail service refuses anything else.
 */
export const TEMPLATE_VARIABLES = {
  PROVIDER_EMAIL_CONFIRM: {
    name: 'naam van de gebruiker',
    providerName: 'naam van de organisatie',
    link: 'bevestigingslink',
    expiresHours: 'geldigheid van de link in uren',
  },
  PROVIDER_REGISTRATION_EXISTING: {
    name: 'naam van de gebruiker',
    loginLink: 'link naar de inlogpagina voor aanbieders',
    resetLink: 'link om een nieuw wachtwoord aan te vragen',
  },
  PROVIDER_USER_INVITE: {
    name: 'naam van de nieuwe gebruiker',
    inviterName: 'naam van wie uitnodigt',
    providerName: 'naam van de organisatie',
    link: 'link om een wachtwoord te kiezen',
    expiresHours: 'geldigheid van de link in uren',
  },
  PASSWORD_RESET: {
    name: 'naam van de gebruiker',
    link: 'link om een nieuw wachtwoord te kiezen',
    expiresHours: 'geldigheid van de link in uren',
  },
  STAFF_PASSWORD_RESET: {
    name: 'naam van de medewerker',
    link: 'link om een nieuw wachtwoord te kiezen',
    expiresHours: 'geldigheid van de link in uren',
  },
  PROVIDER_INVITE_EXISTING: {
    name: 'naam van de gebruiker met het bestaande account',
    providerName: 'naam van de organisatie die probeerde uit te nodigen',
    loginLink: 'link naar de inlogpagina voor aanbieders',
    resetLink: 'link om een nieuw wachtwoord aan te vragen',
  },
  MEMBERSHIP_APPROVED: {
    providerName: 'naam van de organisatie',
    municipalityName: 'naam van de gemeente',
    profileLink: 'link naar het profiel van de aanbieder',
  },
  MEMBERSHIP_REJECTED: {
    providerName: 'naam van de organisatie',
    municipalityName: 'naam van de gemeente',
    reason: 'reden van de afwijzing',
    profileLink: 'link naar het profiel van de aanbieder',
  },
  PRODUCT_APPROVED: {
    providerName: 'naam van de organisatie',
    productTitle: 'titel van het product',
    municipalityName: 'naam van de gemeente die het product heeft goedgekeurd',
    productLink: 'link naar het product in de aanbiedersomgeving',
  },
  PRODUCT_REJECTED: {
    providerName: 'naam van de organisatie',
    productTitle: 'titel van het product',
    municipalityName: 'naam van de gemeente die het product heeft afgekeurd',
    reason: 'reden van de afkeuring',
    productLink: 'link naar het product in de aanbiedersomgeving',
  },
  // Order status e-mails to the household (modules/orders/order-mail.ts); amounts are formatted, e.g. "€ 12,50".
  ORDER_PLACED: {
    name: 'voornaam van de klant',
    orderNumber: 'bestelnummer',
    providerName: 'naam van de aanbieder',
    totalAmount: 'totaalbedrag van de bestelling',
    budgetAmount: 'deel betaald uit het tegoed',
    contributionAmount: 'eigen bijdrage',
    pickupCode: 'afhaalcode',
    orderLink: 'link naar de bestelling',
  },
  ORDER_ACCEPTED: {
    name: 'voornaam van de klant',
    orderNumber: 'bestelnummer',
    providerName: 'naam van de aanbieder',
    pickupCode: 'afhaalcode',
    orderLink: 'link naar de bestelling',
  },
  ORDER_DELIVERED: {
    name: 'voornaam van de klant',
    orderNumber: 'bestelnummer',
    providerName: 'naam van de aanbieder',
    orderLink: 'link naar de bestelling',
  },
  ORDER_REJECTED: {
    name: 'voornaam van de klant',
    orderNumber: 'bestelnummer',
    providerName: 'naam van de aanbieder',
    reason: 'reden van de afwijzing',
    budgetAmount: 'tegoed dat terug is gezet',
    refundAmount: 'eigen bijdrage die wordt terugbetaald',
    orderLink: 'link naar de bestelling',
  },
  ORDER_CANCELLED: {
    name: 'voornaam van de klant',
    orderNumber: 'bestelnummer',
    providerName: 'naam van de aanbieder',
    cancelledBy: 'wie annuleerde (uzelf, de gemeente, de Gemeentewinkel)',
    reason: 'reden van de annulering',
    budgetAmount: 'tegoed dat terug is gezet',
    refundAmount: 'eigen bijdrage die wordt terugbetaald',
    orderLink: 'link naar de bestelling',
  },
  // A message to an audience, composed at /admin/meldingen (modules/messages/mass-message.service.ts).
  MASS_MESSAGE: {
    name: 'naam van de ontvanger (voornaam van de inwoner, of naam van de aanbieder)',
    subject: 'onderwerp van het bericht',
    body: 'tekst van het bericht',
    link: 'link naar de berichten op de Gemeentewinkel',
  },
} as const satisfies Record<string, Record<string, string>>;

export type TemplateKey = keyof typeof TEMPLATE_VARIABLES;
export type TemplateVariables<K extends TemplateKey> = Record<keyof (typeof TEMPLATE_VARIABLES)[K], string | number>;

export const TEMPLATE_KEYS = Object.keys(TEMPLATE_VARIABLES) as TemplateKey[];

const PLACEHOLDER = /\{\{\s*([A-Za-z][A-Za-z0-9_]*)\s*\}\}/g;

export class TemplateError extends Error {}

/** The placeholders a text uses, in order of first appearance. */
export function placeholdersOf(text: string): string[] {
  return [...new Set([...text.matchAll(PLACEHOLDER)].map((m) => m[1]!))];
}

/**
 * Fills in the placeholders. Plain text: nothing is escaped. Refuses a placeholder without a value, a value for a
 * variable the template key does not know, a value with a line break in the subject, and leaves no "{{" behind.
 */
export function renderTemplate(
  key: string,
  template: { subject: string; body: string },
  variables: Record<string, string | number>,
): { subject: string; body: string } {
  const allowed = (TEMPLATE_VARIABLES as Record<string, Record<string, string>>)[key];
  if (!allowed) throw new TemplateError(`unknown template key ${key}`);
  const unknown = Object.keys(variables).filter((name) => !(name in allowed));
  if (unknown.length) throw new TemplateError(`template ${key} has no variable(s) ${unknown.join(', ')}`);
  const fill = (text: string, field: 'subject' | 'body') =>
    text.replace(PLACEHOLDER, (_match, name: string) => {
      if (!(name in allowed)) throw new TemplateError(`template ${key} uses unknown variable ${name} in its ${field}`);
      const value = variables[name];
      if (value === undefined || value === null) throw new TemplateError(`template ${key} needs a value for ${name}`);
      const text = String(value);
      if (field === 'subject' && /[\r\n]/.test(text))
        throw new TemplateError(`variable ${name} has a line break in the subject`);
      return text;
    });
  const subject = fill(template.subject, 'subject');
  const body = fill(template.body, 'body');
  // A malformed placeholder ("{{ 1x }}", "{{name") is left over: refuse rather than send it.
  for (const [field, text] of [
    ['subject', template.subject],
    ['body', template.body],
  ] as const) {
    const rest = text.replace(PLACEHOLDER, '');
    if (rest.includes('{{') || rest.includes('}}'))
      throw new TemplateError(`template ${key} has a malformed placeholder in its ${field}`);
  }
  return { subject, body };
}
