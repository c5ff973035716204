import { z } from 'zod';
import { defineSection } from './section.js';

const euros = z
  .number({ error: 'Vul een bedrag in hele euro’s in.' })
  .int({ error: 'Vul een bedrag in hele euro’s in.' })
  .min(0, { error: 'Het bedrag kan niet negatief zijn.' })
  .max(100_000, { error: 'Het bedrag is hoogstens € 100.000.' });

/**
 * Online applications (aanvragen, issue 28): above which amount a second person with APPLICATION_DECIDE_HIGH confirms
 * a decision (the four-eyes principle), how long proof files are kept after the decision (the daily purge), and the
 * social minimum per household type per year (whole euros net per month) that an income rule reads.
 */
export const applicationsSection = defineSection({
  key: 'applications',
  title: 'Aanvragen',
  schema: z.strictObject({
    /** A decision for more than this (cents) needs a second person's confirmation. */
    fourEyesAboveCents: z
      .number({ error: 'Vul een bedrag in.' })
      .int({ error: 'Vul een bedrag in centen in.' })
      .min(0, { error: 'Het bedrag kan niet negatief zijn.' })
      .max(10_000_000, { error: 'Het bedrag is hoogstens € 100.000,00.' }),
    /** Days after the decision (or withdrawal) that proof files are deleted. */
    proofRetentionDays: z
      .number({ error: 'Vul een aantal dagen in.' })
      .int({ error: 'Vul een heel aantal dagen in.' })
      .min(7, { error: 'Bewijsstukken worden minstens 7 dagen bewaard.' })
      .max(730, { error: 'Bewijsstukken worden hoogstens 730 dagen bewaard.' }),
    /** Per year (`2026`), per household type (the value of the household question's choice): euros per month. */
    socialMinimum: z.record(
      z.string().regex(/^\d{4}$/, { error: 'Een jaar bestaat uit vier cijfers.' }),
      z.record(z.string().regex(/^[a-z][a-z0-9-]{0,39}$/, { error: 'Ongeldig soort huishouden.' }), euros),
    ),
  }),
  defaults: () => ({
    fourEyesAboveCents: 50_000,
    proofRetentionDays: 90,
    // Net social minimum (bijstandsnorm incl. vakantiegeld) per month, rounded; 2026 and 2027 as published estimates.
    socialMinimum: {
      '2026': { alleenstaand: 1_401, 'alleenstaande-ouder': 1_401, 'gehuwd-samenwonend': 2_001 },
      '2027': { alleenstaand: 1_430, 'alleenstaande-ouder': 1_430, 'gehuwd-samenwonend': 2_043 },
    },
  }),
});
