import { z } from 'zod';
import { inScope, reachesAll } from '../../../kernel/scope.js';
import { UserError } from '../../../kernel/errors.js';
import { primaryColor } from '../../../rules/color.js';
import { defineSection } from './section.js';

const hours = z
  .number({ error: 'Vul een aantal uren in.' })
  .int({ error: 'Vul een heel aantal uren in.' })
  .min(1, { error: 'De code op de digitale pas werkt minstens 1 uur.' })
  .max(24 * 7, { error: 'De code op de digitale pas werkt hoogstens 7 dagen (168 uur).' });

const color = z
  .string({ error: 'Vul een kleur in als hexadecimale code, bijvoorbeeld #1f5fa8.' })
  .transform((v, ctx) => {
    const checked = primaryColor.check(v);
    if (checked.ok) return checked.value;
    ctx.addIssue({ code: 'custom', message: checked.problem.message });
    return z.NEVER;
  });

/**
 * instellingen/digitale-pas: the digital card on the resident's phone (/account/pas, issue 30). How long the QR code
 * on it keeps working without a connection (a photographed code cannot be reused for longer), per municipality, and
 * the card's colour per municipality (at least 4.5:1 against white, the shared colour rule).
 */
export const cardSection = defineSection({
  key: 'card',
  title: 'Digitale pas',
  schema: z.strictObject({
    /** Hours a QR code works after it was made; a municipality without its own value gets this one. */
    offlineValidityHours: hours,
    offlineValidityHoursByMunicipality: z.record(z.uuid({ error: 'Onbekende gemeente.' }), hours),
    /** The card's colour per municipality; without one, the platform's colour (instellingen/algemeen). */
    colorByMunicipality: z.record(z.uuid({ error: 'Onbekende gemeente.' }), color),
  }),
  defaults: () => ({ offlineValidityHours: 24, offlineValidityHoursByMunicipality: {}, colorByMunicipality: {} }),
  authorize(viewer, before, after) {
    if (reachesAll(viewer)) return [];
    if (before.offlineValidityHours !== after.offlineValidityHours) {
      return [
        UserError.of(
          'offlineValidityHours',
          'OUT_OF_SCOPE',
          'Alleen een beheerder van alle gemeenten mag de standaardduur wijzigen.',
        ),
      ];
    }
    for (const [field, b, a] of [
      [
        'offlineValidityHoursByMunicipality',
        before.offlineValidityHoursByMunicipality,
        after.offlineValidityHoursByMunicipality,
      ],
      ['colorByMunicipality', before.colorByMunicipality, after.colorByMunicipality],
    ] as const) {
      for (const id of new Set([...Object.keys(b), ...Object.keys(a)])) {
        if ((b as Record<string, unknown>)[id] === (a as Record<string, unknown>)[id] || inScope(viewer, id)) continue;
        return [
          UserError.of(`${field}.${id}`, 'OUT_OF_SCOPE', 'U mag de digitale pas van deze gemeente niet wijzigen.'),
        ];
      }
    }
    return [];
  },
});

/** How many hours a card's QR code works for one municipality. */
export function offlineValidityHoursFor(value: z.output<typeof cardSection.schema>, municipalityId: string): number {
  return value.offlineValidityHoursByMunicipality[municipalityId] ?? value.offlineValidityHours;
}
