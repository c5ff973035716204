import { z } from 'zod';
import { defineSection } from './section.js';

const instant = (what: string) =>
  z
    .string({ error: `Vul ${what} in.` })
    .refine((v) => !Number.isNaN(Date.parse(v)), { error: `Vul ${what} in als datum en tijd.` })
    .transform((v) => new Date(v).toISOString())
    .nullable();

/**
 * instellingen/onderhoudsmodus: on now, or scheduled between two moments, with a Dutch message. Residents and
 * providers then get the maintenance page (the API answers them 503 with Retry-After, http/maintenance.ts); staff,
 * payment webhooks, DigiD callbacks and partner API clients carry on.
 */
export const maintenanceSection = defineSection({
  key: 'maintenance',
  title: 'Onderhoudsmodus',
  schema: z
    .strictObject({
      mode: z.enum(['OFF', 'ON', 'SCHEDULED'], { error: 'Kies uit, nu aan of gepland.' }),
      /** ISO instants; with ON, `endsAt` is only the expected end (shown and sent as Retry-After). */
      startsAt: instant('het begin'),
      endsAt: instant('het einde'),
      message: z
        .string({ error: 'Vul de melding in.' })
        .trim()
        .min(10, { error: 'De melding is minstens 10 tekens.' })
        .max(500, { error: 'De melding is hoogstens 500 tekens.' }),
    })
    .superRefine((v, ctx) => {
      if (v.mode === 'SCHEDULED') {
        if (!v.startsAt)
          ctx.addIssue({ code: 'custom', path: ['startsAt'], message: 'Vul het begin van het onderhoud in.' });
        if (!v.endsAt)
          ctx.addIssue({ code: 'custom', path: ['endsAt'], message: 'Vul het einde van het onderhoud in.' });
      }
      if (v.mode !== 'OFF' && v.startsAt && v.endsAt && Date.parse(v.endsAt) <= Date.parse(v.startsAt)) {
        ctx.addIssue({ code: 'custom', path: ['endsAt'], message: 'Het einde ligt na het begin.' });
      }
    }),
  defaults: () => ({
    mode: 'OFF' as const,
    startsAt: null,
    endsAt: null,
    message: 'Wij voeren onderhoud uit aan de website. Probeer het later opnieuw.',
  }),
});

export type MaintenanceValue = z.output<typeof maintenanceSection.schema>;

/** Whether maintenance is on at `now`, and until when (null: no end given). */
export function maintenanceAt(value: MaintenanceValue, now: Date): { active: boolean; endsAt: Date | null } {
  const endsAt = value.endsAt ? new Date(value.endsAt) : null;
  if (value.mode === 'OFF') return { active: false, endsAt: null };
  if (endsAt && now >= endsAt) return { active: false, endsAt: null };
  if (value.mode === 'SCHEDULED' && value.startsAt && now < new Date(value.startsAt)) return { active: false, endsAt };
  return { active: true, endsAt };
}
