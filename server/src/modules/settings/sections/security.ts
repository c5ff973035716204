import { z } from 'zod';
import { defineSection } from './section.js';

/** Security of staff log-ins (shown on beheer/accounts): whether every staff member must use two-factor log-in. */
export const securitySection = defineSection({
  key: 'security',
  title: 'Beveiliging',
  schema: z.strictObject({
    /** On: a staff member without two-factor log-in is led through its set-up at the next log-in, before anything else. */
    requireStaffTwoFactor: z.boolean({ error: 'Kies of tweestapsverificatie verplicht is.' }),
  }),
  defaults: () => ({ requireStaffTwoFactor: false }),
});
