import { text } from './text.js';

/** A mass message (bericht aan een doelgroep) and a public announcement (melding), as staff compose them. */
export const MESSAGE_LIMITS = {
  titleMin: 3,
  titleMax: 150,
  bodyMax: 5000,
} as const;

const L = MESSAGE_LIMITS;

export const massMessageRules = {
  title: text({ required: 'Vul een onderwerp in.', min: L.titleMin, max: L.titleMax, subject: 'Het onderwerp' }),
  body: text({ required: 'Vul een bericht in.', max: L.bodyMax, shape: 'multiline', subject: 'Het bericht' }),
} as const;

export const announcementRules = {
  title: text({ required: 'Vul een titel in.', min: L.titleMin, max: L.titleMax, subject: 'De titel' }),
  body: text({ required: 'Vul een tekst in.', max: L.bodyMax, shape: 'multiline', subject: 'De tekst' }),
} as const;

/** The audiences of a mass message. Residents get an inbox message (and e-mail); providers get e-mail only. */
export const MESSAGE_AUDIENCES = [
  'MUNICIPALITY_RESIDENTS',
  'ARRANGEMENT_HOLDERS',
  'CLIENT_GROUP',
  'ALL_PROVIDERS',
  'MUNICIPALITY_PROVIDERS',
] as const;
export type MessageAudienceKind = (typeof MESSAGE_AUDIENCES)[number];

export const MESSAGE_AUDIENCE_LABELS: Record<MessageAudienceKind, string> = {
  MUNICIPALITY_RESIDENTS: 'Alle inwoners van de gemeente',
  ARRANGEMENT_HOLDERS: 'Inwoners met een actieve toewijzing van een regeling',
  CLIENT_GROUP: 'Eén klantgroep',
  ALL_PROVIDERS: 'Alle aanbieders',
  MUNICIPALITY_PROVIDERS: 'Aanbieders die zijn goedgekeurd in de gemeente',
};

export const ANNOUNCEMENT_SEVERITIES = ['INFO', 'WARNING', 'OUTAGE'] as const;
export type AnnouncementSeverity = (typeof ANNOUNCEMENT_SEVERITIES)[number];
export const ANNOUNCEMENT_SEVERITY_LABELS: Record<AnnouncementSeverity, string> = {
  INFO: 'Informatie',
  WARNING: 'Waarschuwing',
  OUTAGE: 'Storing',
};
