import { z } from 'zod';
import { inScope, reachesAll } from '../../../kernel/scope.js';
import { UserError } from '../../../kernel/errors.js';
import { primaryColor } from '../../../rules/color.js';
import { email, phone } from '../../../rules/contact.js';
import { defineSection } from './section.js';

/** Where the platform logo is stored (FileStorage key): a new name per upload, so it can be cached for good. */
export const PLATFORM_LOGO_KEY = /^branding\/[0-9a-f-]{36}\.webp$/;
/** The logo is scaled down to fit this box (never enlarged): twice the header's size, for sharp screens. */
export const PLATFORM_LOGO_SIZE = { width: 640, height: 160 } as const;

/** The shared rules (src/rules) decide what a phone number and an e-mail address are; the messages name municipal examples. */
const PHONE = phone();
const EMAIL = email();

/** Optional text: trimmed, empty becomes null. */
const optionalText = (max: number, tooLong: string) =>
  z
    .string({ error: 'Vul tekst in.' })
    .trim()
    .max(max, { error: tooLong })
    .nullable()
    .optional()
    .transform((v) => (v ? v : null));

/** A municipality's public contact details, shown in the footer of the public site. */
export const municipalityContactSchema = z.strictObject(
  {
    phone: optionalText(30, 'Een telefoonnummer is hoogstens 30 tekens.').refine(
      (v) => v === null || PHONE.check(v).ok || /^14\s?0\d{2,3}$/.test(v),
      {
        error: 'Vul een geldig telefoonnummer in, bijvoorbeeld 14 0591 of 0591 123 456.',
      },
    ),
    email: optionalText(254, 'Een e-mailadres is hoogstens 254 tekens.')
      .transform((v) => (v ? v.toLowerCase() : null))
      .refine((v) => v === null || EMAIL.check(v).ok, {
        error: 'Vul een geldig e-mailadres in, bijvoorbeeld info@gemeente.nl.',
      }),
    website: optionalText(300, 'Een webadres is hoogstens 300 tekens.').refine(
      (v) => v === null || /^https:\/\/[^\s/]+\.[^\s]+$/i.test(v),
      {
        error: 'Vul een volledig webadres in dat met https:// begint.',
      },
    ),
    visitingAddress: optionalText(200, 'Een bezoekadres is hoogstens 200 tekens.'),
  },
  { error: (issue) => (issue.code === 'unrecognized_keys' ? `Onbekend veld: ${issue.keys.join(', ')}.` : undefined) },
);

export type MunicipalityContact = z.output<typeof municipalityContactSchema>;

/** instellingen/algemeen: the platform's name and, per municipality, its public contact details. */
export const generalSection = defineSection({
  key: 'general',
  title: 'Algemeen',
  schema: z.strictObject({
    platformName: z
      .string({ error: 'Vul de naam van het platform in.' })
      .trim()
      .min(2, { error: 'De naam van het platform is minstens 2 tekens.' })
      .max(60, { error: 'De naam van het platform is hoogstens 60 tekens.' }),
    /**
     * The public site's primary colour (design token --gw-color-primary), at least 4.5:1 against white (the shared
     * rule in src/rules/color.ts, which the settings form runs too); null: the built-in colour.
     */
    primaryColor: z
      .string({ error: 'Vul een kleur in als hexadecimale code, bijvoorbeeld #1f5fa8.' })
      .nullable()
      .transform((v, ctx) => {
        if (v === null || v.trim() === '') return null;
        const checked = primaryColor.check(v);
        if (checked.ok) return checked.value;
        ctx.addIssue({ code: 'custom', message: checked.problem.message });
        return z.NEVER;
      }),
    /**
     * The platform's logo in the public header (set and removed through POST /api/settings/logo and removePlatformLogo,
     * which run it through the upload pipeline); null: the platform name as a text mark.
     */
    logo: z
      .strictObject({
        key: z.string().regex(PLATFORM_LOGO_KEY, { error: 'Upload het logo via het formulier.' }),
        width: z.number().int().min(1).max(PLATFORM_LOGO_SIZE.width),
        height: z.number().int().min(1).max(PLATFORM_LOGO_SIZE.height),
      })
      .nullable(),
    /** Keyed by municipality id. */
    municipalities: z.record(z.uuid({ error: 'Onbekende gemeente.' }), municipalityContactSchema),
  }),
  defaults: () => ({ platformName: 'Gemeentewinkel', primaryColor: null, logo: null, municipalities: {} }),
  authorize(viewer, before, after) {
    // Staff change the contact details of the municipalities in their scope only.
    if (reachesAll(viewer)) return [];
    const changed = new Set([...Object.keys(before.municipalities), ...Object.keys(after.municipalities)]);
    for (const id of changed) {
      if (JSON.stringify(before.municipalities[id] ?? null) === JSON.stringify(after.municipalities[id] ?? null))
        continue;
      if (!inScope(viewer, id)) {
        return [
          UserError.of(
            `municipalities.${id}`,
            'OUT_OF_SCOPE',
            'U mag de contactgegevens van deze gemeente niet wijzigen.',
          ),
        ];
      }
    }
    if (before.primaryColor !== after.primaryColor) {
      return [
        UserError.of(
          'primaryColor',
          'OUT_OF_SCOPE',
          'Alleen een beheerder van alle gemeenten mag de kleur van de website wijzigen.',
        ),
      ];
    }
    if (JSON.stringify(before.logo) !== JSON.stringify(after.logo)) {
      return [
        UserError.of(
          'logo',
          'OUT_OF_SCOPE',
          'Alleen een beheerder van alle gemeenten mag het logo van de website wijzigen.',
        ),
      ];
    }
    if (before.platformName !== after.platformName) {
      return [
        UserError.of(
          'platformName',
          'OUT_OF_SCOPE',
          'Alleen een beheerder van alle gemeenten mag de naam van het platform wijzigen.',
        ),
      ];
    }
    return [];
  },
});
