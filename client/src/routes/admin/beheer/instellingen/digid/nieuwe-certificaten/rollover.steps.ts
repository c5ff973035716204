import type { DigidSettingsQuery } from '@/graphql/generated/graphql';

/** What the panels of the certificate rollover share: a certificate as the settings query gives it, and the steps. */
export type Certificate = DigidSettingsQuery['digidSettings']['certificates'][number];

export const refetchQueries = ['DigidSettings'];

/** The five steps of a rollover, and which step a certificate in a state has reached (1-based, done up to). */
export const STEPS = [
  'Sleutelpaar en certificaataanvraag (CSR) maken',
  'Uitgegeven certificaat uploaden',
  'Publiceren als volgend certificaat in de metadata',
  'Overstappen op het nieuwe certificaat',
  'Het oude certificaat intrekken',
] as const;

export const DONE_UP_TO: Record<Certificate['state'], number> = {
  PENDING: 1,
  READY: 2,
  NEXT: 3,
  CURRENT: 4,
  PREVIOUS: 4,
  RETIRED: 5,
};
