import { z } from 'zod';
import { defineSection } from './section.js';

/** instellingen/geavanceerd: how long a log-in lasts. */
export const advancedSection = defineSection({
  key: 'advanced',
  title: 'Geavanceerd',
  schema: z
    .strictObject({
      /** A session ends this many hours after log-in, whatever happens. */
      sessionLifetimeHours: z
        .number({ error: 'Vul een aantal uren in.' })
        .int({ error: 'Vul een heel aantal uren in.' })
        .min(1, { error: 'Een sessie duurt minstens 1 uur.' })
        .max(24 * 30, { error: 'Een sessie duurt hoogstens 30 dagen (720 uur).' }),
      /** A session ends after this many minutes without activity. */
      idleTimeoutMinutes: z
        .number({ error: 'Vul een aantal minuten in.' })
        .int({ error: 'Vul een heel aantal minuten in.' })
        .min(10, { error: 'Na minstens 10 minuten zonder activiteit wordt u uitgelogd.' })
        .max(24 * 60, { error: 'Na hoogstens 24 uur (1440 minuten) zonder activiteit wordt u uitgelogd.' }),
    })
    .refine((v) => v.idleTimeoutMinutes <= v.sessionLifetimeHours * 60, {
      error: 'De tijd zonder activiteit kan niet langer zijn dan de sessie zelf.',
      path: ['idleTimeoutMinutes'],
    }),
  // SESSION_TTL_HOURS (the environment variable that set it before) is the default.
  defaults: (config) => ({
    sessionLifetimeHours: config.session.ttlHours,
    idleTimeoutMinutes: Math.min(60, config.session.ttlHours * 60),
  }),
});
