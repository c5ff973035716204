import { z } from 'zod';
import { defineSection } from './section.js';

const limit = z
  .number({ error: 'Vul een aantal in.' })
  .int({ error: 'Vul een heel getal in.' })
  .min(0, { error: 'Het aantal kan niet negatief zijn.' })
  .max(1_000_000, { error: 'Het aantal is hoogstens 1.000.000.' });

/**
 * The communicatie settings: formal ("u") or informal ("je") wording, and how many mass sends (berichten aan een
 * doelgroep, /admin/meldingen) a municipality may send a day; test sends to oneself do not count.
 */
export const communicationSection = defineSection({
  key: 'communication',
  title: 'Communicatie',
  schema: z.strictObject({
    wording: z.enum(['FORMAL', 'INFORMAL'], { error: 'Kies formeel (u) of informeel (je).' }),
    /** Per municipality per day; a municipality without its own limit gets this one. */
    dailyMassSendLimit: limit,
    dailyMassSendLimitByMunicipality: z.record(z.uuid({ error: 'Onbekende gemeente.' }), limit),
  }),
  defaults: () => ({ wording: 'FORMAL' as const, dailyMassSendLimit: 5, dailyMassSendLimitByMunicipality: {} }),
});

/** The mass-send limit that applies to one municipality. */
export function massSendLimitFor(value: z.output<typeof communicationSection.schema>, municipalityId: string): number {
  return value.dailyMassSendLimitByMunicipality[municipalityId] ?? value.dailyMassSendLimit;
}
