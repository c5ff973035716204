import { z } from 'zod';
import { defineSection } from './section.js';

/** DigiD's assurance levels (betrouwbaarheidsniveaus), from low to high. */
export const ASSURANCE_LEVELS = ['basis', 'midden', 'substantieel', 'hoog'] as const;

function configuredLevel(): (typeof ASSURANCE_LEVELS)[number] {
  const configured = process.env.DIGID_ASSURANCE_LEVEL;
  return ASSURANCE_LEVELS.find((l) => l === configured) ?? 'midden';
}

/**
 * instellingen/digid: what may change at run time of the DigiD connection. The mode and the entity id come from the
 * configuration (a change there is a new agreement with Logius); the certificates live in their own store
 * (modules/digid).
 */
export const digidSection = defineSection({
  key: 'digid',
  title: 'DigiD',
  schema: z.strictObject({
    /** The assurance level asked for at every log-in (RequestedAuthnContext, Comparison="minimum"). */
    assuranceLevel: z.enum(ASSURANCE_LEVELS, {
      error: 'Kies een betrouwbaarheidsniveau: basis, midden, substantieel of hoog.',
    }),
  }),
  // Until staff choose one, the level the deployment configured (DIGID_ASSURANCE_LEVEL, checked by config.ts).
  defaults: () => ({ assuranceLevel: configuredLevel() }),
});
