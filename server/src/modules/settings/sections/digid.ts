import { z } from 'zod';
import { defineSection } from './section.js';

/** DigiD's assurance levels (betrouwbaarheidsniveaus), from low to high. */
export const ASSURANCE_LEVELS = ['basis', 'midden', 'substantieel', 'hoog'] as const;

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
  defaults: () => ({ assuranceLevel: 'midden' as const }),
});
