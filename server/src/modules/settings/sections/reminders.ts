import { z } from 'zod';
import { defineSection } from './section.js';

/**
 * Reminders to residents: how many days before an assignment's last valid day a household with budget left gets the
 * "uw tegoed vervalt binnenkort" message (inbox, and e-mail by the resident's preference). 0 turns the reminder off.
 */
export const remindersSection = defineSection({
  key: 'reminders',
  title: 'Herinneringen',
  schema: z.strictObject({
    expiryReminderDays: z
      .number({ error: 'Vul een aantal dagen in.' })
      .int({ error: 'Vul een heel aantal dagen in.' })
      .min(0, { error: 'Het aantal dagen kan niet negatief zijn.' })
      .max(365, { error: 'Het aantal dagen is hoogstens 365.' }),
  }),
  defaults: () => ({ expiryReminderDays: 30 }),
});
