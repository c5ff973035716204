import { z } from 'zod';
import { defineSection } from './section.js';

/** instellingen/betalingen: when an unpaid own contribution expires, and how long delivered orders wait for payout. */
export const paymentsSection = defineSection({
  key: 'payments',
  title: 'Betalingen',
  schema: z.strictObject({
    /** Open payments older than this are checked at the PSP and, when not paid, expired (the expiry sweep). */
    paymentExpiryMinutes: z
      .number({ error: 'Vul een aantal minuten in.' })
      .int({ error: 'Vul een heel aantal minuten in.' })
      .min(5, { error: 'Een betaling verloopt op zijn vroegst na 5 minuten.' })
      .max(24 * 60, { error: 'Een betaling verloopt op zijn laatst na 24 uur (1440 minuten).' }),
    /** Delivered orders are paid out to the provider after this many days. */
    payoutDelayDays: z
      .number({ error: 'Vul een aantal dagen in.' })
      .int({ error: 'Vul een heel aantal dagen in.' })
      .min(0, { error: 'Het aantal dagen kan niet negatief zijn.' })
      .max(365, { error: 'Het aantal dagen is hoogstens 365.' }),
  }),
  // PAYMENT_EXPIRY_MINUTES (the environment variable that set it before) is the default.
  defaults: (config) => ({ paymentExpiryMinutes: Math.max(5, config.payments.expiryMinutes), payoutDelayDays: 14 }),
});
