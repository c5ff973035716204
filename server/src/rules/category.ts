import { integer, text } from './text.js';
import { nl } from './rule.js';

/** A product category as staff edit it (beheer/categorieen). */
export const CATEGORY_LIMITS = {
  nameMin: 2,
  nameMax: 80,
  descriptionMax: 1000,
  sortOrderMin: 0,
  sortOrderMax: 100_000,
} as const;

const { nameMin, nameMax, descriptionMax, sortOrderMin, sortOrderMax } = CATEGORY_LIMITS;

export const categoryRules = {
  name: text({ required: 'Vul een naam in.', min: nameMin, max: nameMax, subject: 'De naam' }),
  description: text({ max: descriptionMax, shape: 'multiline', subject: 'De omschrijving' }),
  sortOrder: integer({
    min: sortOrderMin,
    max: sortOrderMax,
    empty: 0,
    message: `De volgorde moet een geheel getal van ${nl(sortOrderMin)} tot en met ${nl(sortOrderMax)} zijn.`,
  }),
} as const;
