/**
 * The audit log's catalogue: every action the application writes to `audit_log`, with its Dutch name, its kind and
 * the processing activity (verwerkingsactiviteit) it belongs to. This is the one list: `AuditEntry.action` is typed
 * as its keys (a code that is not here does not compile), the audit screen, the CSV export and the resident's
 * overview read the names from here through the schema, and `audit-catalogue.test.ts` scans the sources for codes.
 *
 * The fields follow the Logius standard "Logboek Dataverwerkingen" (LDV): every row says who (the actor), when (`at`),
 * which processing activity and why (`processing_activity`, whose register entry below gives the purpose and the legal
 * basis, `dpl.core.processing_activity_id`), about whom (`subject_person_id` / `subject_household_id`,
 * `dpl.core.data_subject_id`), and which rows belong together (`request_id`, the trace id of the request or job).
 */

/** What kind of thing happened: the audit screen's first filter. */
export enum AuditKind {
  LOGIN = 'LOGIN',
  PERSONAL_DATA_READ = 'PERSONAL_DATA_READ',
  CHANGE = 'CHANGE',
  MONEY = 'MONEY',
  SETTINGS = 'SETTINGS',
  ADMINISTRATION = 'ADMINISTRATION',
}

export const AUDIT_KIND_NAMES: Record<AuditKind, string> = {
  LOGIN: 'Inloggen',
  PERSONAL_DATA_READ: 'Persoonsgegevens bekeken',
  CHANGE: 'Gewijzigd',
  MONEY: 'Geld',
  SETTINGS: 'Instellingen',
  ADMINISTRATION: 'Beheer',
};

/** The register of processing activities (verwerkingsregister, AVG art. 30): what each activity is for, and why it is allowed. */
export const PROCESSING_ACTIVITIES = {
  SUPPORT: {
    name: 'Inwoners helpen',
    purpose: 'Vragen van inwoners beantwoorden en hun gegevens bijhouden.',
    legalBasis: 'Wettelijke taak van de gemeente (AVG art. 6 lid 1e; Participatiewet art. 35)',
  },
  ARRANGEMENTS: {
    name: 'Regelingen toekennen',
    purpose: 'Vaststellen welk tegoed een huishouden krijgt.',
    legalBasis: 'Wettelijke taak van de gemeente (AVG art. 6 lid 1e; Participatiewet art. 35)',
  },
  ORDERS: {
    name: 'Bestellingen afhandelen',
    purpose: 'Bestellingen leveren, annuleren of terugbetalen.',
    legalBasis: 'Wettelijke taak van de gemeente (AVG art. 6 lid 1e); uitvoering van de regeling',
  },
  PAYMENTS: {
    name: 'Betalen en uitbetalen',
    purpose: 'Eigen bijdragen ontvangen en aanbieders betalen.',
    legalBasis: 'Wettelijke taak (AVG art. 6 lid 1e); wettelijke bewaarplicht (AVG art. 6 lid 1c)',
  },
  PRIVACY: {
    name: 'Privacyrechten',
    purpose: 'Uw privacyrechten uitvoeren: inzage, download en wissen.',
    legalBasis: 'Wettelijke verplichting (AVG art. 6 lid 1c; art. 15–17)',
  },
  EXCHANGE: {
    name: 'Gegevens uitwisselen met de gemeente',
    purpose: 'Gegevens delen met de systemen van de gemeente via een koppeling.',
    legalBasis: 'Wettelijke taak van de gemeente (AVG art. 6 lid 1e)',
  },
  SECURITY: {
    name: 'Beveiliging en toegang',
    purpose: 'Bijhouden wie toegang heeft, en misbruik voorkomen.',
    legalBasis: 'Beveiligingsplicht (AVG art. 32)',
  },
  PLATFORM: {
    name: 'Beheer van de Gemeentewinkel',
    purpose: 'Het aanbod, de teksten en de instellingen bijhouden.',
    legalBasis: 'Geen persoonsgegevens van inwoners',
  },
} as const satisfies Record<string, { name: string; purpose: string; legalBasis: string }>;

export type ProcessingActivity = keyof typeof PROCESSING_ACTIVITIES;

export interface AuditActionInfo {
  /** Dutch, for people: "Persoonsgegevens bekeken", "Pas geblokkeerd". */
  name: string;
  kind: AuditKind;
  activity: ProcessingActivity;
}

const { LOGIN, PERSONAL_DATA_READ, CHANGE, MONEY, SETTINGS, ADMINISTRATION } = AuditKind;
const a = (name: string, kind: AuditKind, activity: ProcessingActivity): AuditActionInfo => ({ name, kind, activity });

export const AUDIT_ACTIONS = {
  // Personal data read
  PERSONAL_DATA_READ: a('Persoonsgegevens bekeken', PERSONAL_DATA_READ, 'SUPPORT'),
  'person.bsn_revealed': a('BSN volledig getoond', PERSONAL_DATA_READ, 'SUPPORT'),
  'person.data_downloaded': a('Eigen gegevens gedownload', PERSONAL_DATA_READ, 'PRIVACY'),
  'audit_log.viewed': a('Auditlog bekeken', PERSONAL_DATA_READ, 'PRIVACY'),
  'audit_log.exported': a('Auditlog geëxporteerd', PERSONAL_DATA_READ, 'PRIVACY'),
  'orders.exported': a('Bestellingen geëxporteerd', PERSONAL_DATA_READ, 'ORDERS'),
  'import.outcome_downloaded': a('Uitkomst van een import gedownload', PERSONAL_DATA_READ, 'ARRANGEMENTS'),
  'api_client.called': a('Aanroep door een koppeling', PERSONAL_DATA_READ, 'EXCHANGE'),

  // Persons, households, cards, assignments, orders: changed
  'person.created': a('Persoon toegevoegd', CHANGE, 'SUPPORT'),
  'person.imported': a('Persoon geïmporteerd', CHANGE, 'ARRANGEMENTS'),
  'person.contact_updated': a('Contactgegevens gewijzigd', CHANGE, 'SUPPORT'),
  'person.erased': a('Persoonsgegevens gewist', CHANGE, 'PRIVACY'),
  'card.issued': a('Pas uitgegeven', CHANGE, 'SUPPORT'),
  'card.blocked': a('Pas geblokkeerd', CHANGE, 'SUPPORT'),
  'card.blocked_by_customer': a('Pas geblokkeerd door de inwoner', CHANGE, 'SUPPORT'),
  'card.replaced': a('Pas vervangen', CHANGE, 'SUPPORT'),
  'assignment.granted': a('Regeling toegekend', CHANGE, 'ARRANGEMENTS'),
  'assignment.revoked': a('Toekenning ingetrokken', CHANGE, 'ARRANGEMENTS'),
  'application.form_saved': a('Aanvraagformulier van een regeling opgeslagen', CHANGE, 'ARRANGEMENTS'),
  'application.draft_saved': a('Aanvraag als concept opgeslagen', CHANGE, 'ARRANGEMENTS'),
  'application.submitted': a('Aanvraag ingediend', CHANGE, 'ARRANGEMENTS'),
  'application.withdrawn': a('Aanvraag ingetrokken', CHANGE, 'ARRANGEMENTS'),
  'application.assessor_assigned': a('Beoordelaar van een aanvraag gekozen', CHANGE, 'ARRANGEMENTS'),
  'application.criterion_assessed': a('Voorwaarde van een aanvraag beoordeeld', CHANGE, 'ARRANGEMENTS'),
  'application.question_asked': a('Vraag gesteld over een aanvraag', CHANGE, 'ARRANGEMENTS'),
  'application.question_answered': a('Vraag over een aanvraag beantwoord', CHANGE, 'ARRANGEMENTS'),
  'application.proof_added': a('Bewijsstuk bij een aanvraag toegevoegd', CHANGE, 'ARRANGEMENTS'),
  'application.proof_read': a('Bewijsstuk van een aanvraag bekeken', PERSONAL_DATA_READ, 'ARRANGEMENTS'),
  'application.decision_proposed': a('Besluit op een aanvraag voorgesteld (vier ogen)', CHANGE, 'ARRANGEMENTS'),
  'application.decided': a('Besluit op een aanvraag genomen', CHANGE, 'ARRANGEMENTS'),
  'import.checked': a('Importbestand gecontroleerd', CHANGE, 'ARRANGEMENTS'),
  'import.apply_started': a('Import gestart', CHANGE, 'ARRANGEMENTS'),
  'import.applied': a('Import verwerkt', CHANGE, 'ARRANGEMENTS'),
  'order.placed_on_behalf': a('Besteld namens een inwoner', CHANGE, 'ORDERS'),
  'order.delivery_undone': a('Levering ongedaan gemaakt', CHANGE, 'ORDERS'),
  'mass_message.sent': a('Bericht aan een groep verstuurd', CHANGE, 'SUPPORT'),
  'mail.resent': a('E-mail opnieuw verstuurd', CHANGE, 'SUPPORT'),

  // Money
  'payment.refund_retried': a('Terugbetaling opnieuw geprobeerd', MONEY, 'PAYMENTS'),
  'payment.mismatch_resolved': a('Betaalverschil opgelost', MONEY, 'PAYMENTS'),
  'payments.exported': a('Betalingen geëxporteerd', MONEY, 'PAYMENTS'),
  'payout.created': a('Uitbetaling aangemaakt', MONEY, 'PAYMENTS'),
  'payout.cancelled': a('Uitbetaling geannuleerd', MONEY, 'PAYMENTS'),
  'payout.exported': a('Uitbetaling gedownload (SEPA)', MONEY, 'PAYMENTS'),
  'payout.paid': a('Uitbetaling betaald gemeld', MONEY, 'PAYMENTS'),
  'payout.not_executed_reported': a('Uitbetaling niet uitgevoerd gemeld', MONEY, 'PAYMENTS'),
  'payout.not_executed_confirmed': a('Niet-uitgevoerde uitbetaling bevestigd', MONEY, 'PAYMENTS'),
  'journal.exported': a('Journaalposten geëxporteerd', MONEY, 'PAYMENTS'),
  'journal.period_closed': a('Journaalperiode afgesloten', MONEY, 'PAYMENTS'),
  'journal.settings_updated': a('Journaalinstellingen gewijzigd', MONEY, 'PAYMENTS'),
  'journal.code_set': a('Grootboekrekening ingesteld', MONEY, 'PAYMENTS'),
  'journal.code_removed': a('Grootboekrekening verwijderd', MONEY, 'PAYMENTS'),

  // Logging in and access
  'operator.logged_in': a('Operator ingelogd', LOGIN, 'SECURITY'),
  'operator.logged_out': a('Operator uitgelogd', LOGIN, 'SECURITY'),
  'operator.acting_started': a('Operator werkt in de gemeente', LOGIN, 'SECURITY'),
  'operator.acting_stopped': a('Operator gestopt met werken in de gemeente', LOGIN, 'SECURITY'),
  'admin_account.password_changed': a('Wachtwoord gewijzigd', LOGIN, 'SECURITY'),
  'admin_account.logged_out_elsewhere': a('Elders uitgelogd', LOGIN, 'SECURITY'),
  'admin_account.two_factor_enabled': a('Tweestapsverificatie aangezet', LOGIN, 'SECURITY'),
  'admin_account.two_factor_disabled': a('Tweestapsverificatie uitgezet', LOGIN, 'SECURITY'),
  'admin_account.two_factor_reset': a('Tweestapsverificatie opnieuw ingesteld', LOGIN, 'SECURITY'),
  'admin_account.recovery_code_used': a('Herstelcode gebruikt', LOGIN, 'SECURITY'),
  'admin_account.recovery_codes_renewed': a('Herstelcodes vernieuwd', LOGIN, 'SECURITY'),

  // Settings
  'settings.updated': a('Instellingen gewijzigd', SETTINGS, 'PLATFORM'),
  'role.created': a('Rol aangemaakt', SETTINGS, 'SECURITY'),
  'role.updated': a('Rol gewijzigd', SETTINGS, 'SECURITY'),
  'role.deleted': a('Rol verwijderd', SETTINGS, 'SECURITY'),
  'template.updated': a('Sjabloon gewijzigd', SETTINGS, 'PLATFORM'),
  'template.restored': a('Sjabloon hersteld', SETTINGS, 'PLATFORM'),
  'digid_certificate.generated': a('DigiD-certificaat aangevraagd', SETTINGS, 'SECURITY'),
  'digid_certificate.uploaded': a('DigiD-certificaat geüpload', SETTINGS, 'SECURITY'),
  'digid_certificate.published': a('DigiD-certificaat gepubliceerd', SETTINGS, 'SECURITY'),
  'digid_certificate.activated': a('DigiD-certificaat in gebruik genomen', SETTINGS, 'SECURITY'),
  'digid_certificate.retired': a('DigiD-certificaat buiten gebruik gesteld', SETTINGS, 'SECURITY'),
  'api_client.created': a('Koppeling aangemaakt', SETTINGS, 'SECURITY'),
  'api_client.key_rotated': a('Sleutel van een koppeling vernieuwd', SETTINGS, 'SECURITY'),
  'api_client.revoked': a('Koppeling ingetrokken', SETTINGS, 'SECURITY'),
  'api_client.transferred': a('Koppeling overgenomen', SETTINGS, 'SECURITY'),
  'api_client.encryption_key_registered': a('Versleutelsleutel van een koppeling vastgelegd', SETTINGS, 'SECURITY'),
  'api_client.encryption_key_removed': a('Versleutelsleutel van een koppeling verwijderd', SETTINGS, 'SECURITY'),
  'webhook.endpoint_created': a('Webhook van een koppeling aangemaakt', SETTINGS, 'SECURITY'),
  'webhook.endpoint_changed': a('Webhook van een koppeling gewijzigd', SETTINGS, 'SECURITY'),
  'webhook.endpoint_paused': a('Webhook van een koppeling gepauzeerd', SETTINGS, 'SECURITY'),
  'webhook.endpoint_resumed': a('Webhook van een koppeling hervat', SETTINGS, 'SECURITY'),
  'webhook.endpoint_deleted': a('Webhook van een koppeling verwijderd', SETTINGS, 'SECURITY'),
  'webhook.endpoint_disabled': a('Webhook uitgeschakeld na mislukte afleveringen', SETTINGS, 'SECURITY'),
  'webhook.secret_rotated': a('Ondertekeningssleutel van een webhook vernieuwd', SETTINGS, 'SECURITY'),
  'webhook.resent': a('Webhookbericht opnieuw verstuurd', SETTINGS, 'EXCHANGE'),
  'webhook.replayed': a('Webhookberichten opnieuw verstuurd vanaf een moment', SETTINGS, 'EXCHANGE'),
  'webhook.test_sent': a('Testbericht naar een webhook verstuurd', SETTINGS, 'SECURITY'),

  // Administration: accounts, providers, the offer, content
  'admin_account.invited': a('Medewerker uitgenodigd', ADMINISTRATION, 'SECURITY'),
  'admin_account.invitation_resent': a('Uitnodiging opnieuw verstuurd', ADMINISTRATION, 'SECURITY'),
  'admin_account.updated': a('Medewerker gewijzigd', ADMINISTRATION, 'SECURITY'),
  'admin_account.deactivated': a('Medewerker gedeactiveerd', ADMINISTRATION, 'SECURITY'),
  'admin_account.reactivated': a('Medewerker weer actief', ADMINISTRATION, 'SECURITY'),
  'admin_account.name_changed': a('Eigen naam gewijzigd', ADMINISTRATION, 'SECURITY'),
  'admin_account.email_change_requested': a('Nieuw e-mailadres aangevraagd', ADMINISTRATION, 'SECURITY'),
  'admin_account.email_changed': a('E-mailadres gewijzigd', ADMINISTRATION, 'SECURITY'),
  'operator.invited': a('Operator uitgenodigd', ADMINISTRATION, 'SECURITY'),
  'operator.invited_again': a('Operator opnieuw uitgenodigd', ADMINISTRATION, 'SECURITY'),
  'municipality.created': a('Gemeente aangemaakt', ADMINISTRATION, 'PLATFORM'),
  'arrangement.created': a('Regeling aangemaakt', ADMINISTRATION, 'ARRANGEMENTS'),
  'arrangement.updated': a('Regeling gewijzigd', ADMINISTRATION, 'ARRANGEMENTS'),
  'arrangement.copied': a('Regeling gekopieerd', ADMINISTRATION, 'ARRANGEMENTS'),
  'arrangement.regrant_started': a('Regeling opnieuw toegekend (nieuw jaar)', ADMINISTRATION, 'ARRANGEMENTS'),
  'provider.registered': a('Aanbieder aangemeld', ADMINISTRATION, 'PLATFORM'),
  'provider.updated': a('Aanbieder gewijzigd', ADMINISTRATION, 'PLATFORM'),
  'provider.logo_changed': a('Logo van een aanbieder gewijzigd', ADMINISTRATION, 'PLATFORM'),
  'provider.logo_removed': a('Logo van een aanbieder verwijderd', ADMINISTRATION, 'PLATFORM'),
  'provider.location_added': a('Vestiging toegevoegd', ADMINISTRATION, 'PLATFORM'),
  'provider.location_updated': a('Vestiging gewijzigd', ADMINISTRATION, 'PLATFORM'),
  'provider.location_removed': a('Vestiging verwijderd', ADMINISTRATION, 'PLATFORM'),
  'provider.user_invited': a('Gebruiker van een aanbieder uitgenodigd', ADMINISTRATION, 'PLATFORM'),
  'provider.user_removed': a('Gebruiker van een aanbieder verwijderd', ADMINISTRATION, 'PLATFORM'),
  'membership.applied': a('Aanbieder vraagt deelname aan', ADMINISTRATION, 'PLATFORM'),
  'membership.approved': a('Deelname van een aanbieder goedgekeurd', ADMINISTRATION, 'PLATFORM'),
  'membership.rejected': a('Deelname van een aanbieder afgewezen', ADMINISTRATION, 'PLATFORM'),
  'membership.withdrawn': a('Deelname van een aanbieder ingetrokken', ADMINISTRATION, 'PLATFORM'),
  PRODUCT_CREATED: a('Product aangemaakt', ADMINISTRATION, 'PLATFORM'),
  PRODUCT_UPDATED: a('Product gewijzigd', ADMINISTRATION, 'PLATFORM'),
  PRODUCT_SUBMITTED: a('Product ter beoordeling aangeboden', ADMINISTRATION, 'PLATFORM'),
  PRODUCT_ARCHIVED: a('Product gearchiveerd', ADMINISTRATION, 'PLATFORM'),
  PRODUCT_APPROVED: a('Product goedgekeurd', ADMINISTRATION, 'PLATFORM'),
  PRODUCT_REJECTED: a('Product afgewezen', ADMINISTRATION, 'PLATFORM'),
  TERMS_ACCEPTED: a('Voorwaarden geaccepteerd', ADMINISTRATION, 'PLATFORM'),
  CATEGORY_CREATED: a('Categorie aangemaakt', ADMINISTRATION, 'PLATFORM'),
  CATEGORY_UPDATED: a('Categorie gewijzigd', ADMINISTRATION, 'PLATFORM'),
  CATEGORY_DELETED: a('Categorie verwijderd', ADMINISTRATION, 'PLATFORM'),
  FEATURED_CATEGORY_SET: a('Uitgelichte categorie gekozen', ADMINISTRATION, 'PLATFORM'),
  NEWS_ARTICLE_CREATED: a('Nieuwsbericht aangemaakt', ADMINISTRATION, 'PLATFORM'),
  NEWS_ARTICLE_UPDATED: a('Nieuwsbericht gewijzigd', ADMINISTRATION, 'PLATFORM'),
  NEWS_ARTICLE_DELETED: a('Nieuwsbericht verwijderd', ADMINISTRATION, 'PLATFORM'),
  NEWS_IMAGE_CHANGED: a('Afbeelding van een nieuwsbericht gewijzigd', ADMINISTRATION, 'PLATFORM'),
  NEWS_IMAGE_REMOVED: a('Afbeelding van een nieuwsbericht verwijderd', ADMINISTRATION, 'PLATFORM'),
  LINK_CREATED: a('Link toegevoegd', ADMINISTRATION, 'PLATFORM'),
  LINK_UPDATED: a('Link gewijzigd', ADMINISTRATION, 'PLATFORM'),
  LINK_MOVED: a('Link verplaatst', ADMINISTRATION, 'PLATFORM'),
  LINK_DELETED: a('Link verwijderd', ADMINISTRATION, 'PLATFORM'),
  CONTENT_PAGE_SAVED: a('Pagina opgeslagen', ADMINISTRATION, 'PLATFORM'),
  CONTENT_PAGE_PUBLISHED: a('Pagina gepubliceerd', ADMINISTRATION, 'PLATFORM'),
  CONTENT_PAGE_RESTORED: a('Eerdere versie van een pagina hersteld', ADMINISTRATION, 'PLATFORM'),
  'announcement.created': a('Mededeling aangemaakt', ADMINISTRATION, 'PLATFORM'),
  'announcement.updated': a('Mededeling gewijzigd', ADMINISTRATION, 'PLATFORM'),
  'announcement.deleted': a('Mededeling verwijderd', ADMINISTRATION, 'PLATFORM'),
} as const satisfies Record<string, AuditActionInfo>;

/** Every action code the application writes. */
export type AuditAction = keyof typeof AUDIT_ACTIONS;

/**
 * Codes written by earlier versions and no longer written: old rows stay readable under the action they meant.
 * (The rows themselves are append-only and keep their code.)
 */
export const LEGACY_ACTIONS: Readonly<Record<string, AuditAction>> = {
  'person_data.read': 'PERSONAL_DATA_READ',
  'person.viewed': 'PERSONAL_DATA_READ',
  'person.updated': 'person.contact_updated',
  'category.created': 'CATEGORY_CREATED',
};

export function isAuditAction(code: string): code is AuditAction {
  return Object.hasOwn(AUDIT_ACTIONS, code);
}

/** The catalogue entry of a stored code (also an old one); an unknown code gets a plain description, never an error. */
export function describeAction(code: string): AuditActionInfo & { action: AuditAction | null } {
  const action = isAuditAction(code) ? code : (LEGACY_ACTIONS[code] ?? null);
  if (action) return { action, ...AUDIT_ACTIONS[action] };
  return { action: null, name: `Andere handeling (${code})`, kind: AuditKind.ADMINISTRATION, activity: 'PLATFORM' };
}

/** Every stored code (current and old) of the actions of one kind: for the kind filter. */
export function codesOfKind(kind: AuditKind): string[] {
  const current = (Object.keys(AUDIT_ACTIONS) as AuditAction[]).filter((code) => AUDIT_ACTIONS[code].kind === kind);
  const legacy = Object.entries(LEGACY_ACTIONS)
    .filter(([, to]) => AUDIT_ACTIONS[to].kind === kind)
    .map(([from]) => from);
  return [...current, ...legacy];
}

/** Dutch words for the kinds of personal data (graphql/personal-data.ts PersonalDataKind), as a resident reads them. */
export const PERSONAL_DATA_KIND_NAMES: Readonly<Record<string, string>> = {
  BSN: 'burgerservicenummer',
  NAME: 'naam',
  BIRTH_DATE: 'geboortedatum',
  CONTACT: 'contactgegevens',
  CLIENT_NUMBER: 'klantnummer',
  CARD_NUMBER: 'pasnummer',
  HOUSEHOLD: 'huishouden',
  FINANCIAL: 'tegoed en bestellingen',
  FREE_TEXT: 'berichten en toelichtingen',
};
