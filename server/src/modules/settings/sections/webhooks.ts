import { z } from 'zod';
import { defineSection } from './section.js';

const whole = (what: string, min: number, max: number) =>
  z
    .number({ error: `Vul ${what} in.` })
    .int({ error: `Vul een heel getal in.` })
    .min(min, { error: `Minstens ${min}.` })
    .max(max, { error: `Hoogstens ${max}.` });

/**
 * Partner webhooks (beheer/api, issue 29): after how many failed attempts in a row an endpoint is switched off (with a
 * mail to the staff member its client answers to), how long one attempt may take, and how long the delivery log (and
 * the events, for a replay) is kept before the daily retention purge removes it.
 */
export const webhooksSection = defineSection({
  key: 'webhooks',
  title: 'Webhooks',
  schema: z.strictObject({
    disableAfterFailures: whole('een aantal pogingen', 3, 100),
    attemptTimeoutSeconds: whole('een aantal seconden', 1, 30),
    deliveryLogDays: whole('een aantal dagen', 7, 365),
  }),
  defaults: () => ({ disableAfterFailures: 12, attemptTimeoutSeconds: 10, deliveryLogDays: 30 }),
});
