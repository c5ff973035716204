import { z } from 'zod';
import { defineSection } from './section.js';
import { IMAGE_MAX_MEGABYTES } from '../../../rules/image.js';

/** The upload pipeline's ceiling (what the image checks are sized for); an administrator may set a lower limit. */
export const UPLOAD_MAX_MEGABYTES = IMAGE_MAX_MEGABYTES;

/** instellingen/geavanceerd: how long a log-in lasts, and how large an uploaded image may be. */
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
      /** Residents (DigiD log-in): DigiD requires an idle time-out of at most 15 minutes. */
      residentIdleTimeoutMinutes: z
        .number({ error: 'Vul een aantal minuten in.' })
        .int({ error: 'Vul een heel aantal minuten in.' })
        .min(5, { error: 'Inwoners worden na minstens 5 minuten zonder activiteit uitgelogd.' })
        .max(15, { error: 'Voor inwoners (DigiD) is dit hoogstens 15 minuten.' }),
      /** Uploaded images (product images, logos, news images) may be at most this many megabytes; read per request. */
      uploadMaxMegabytes: z
        .number({ error: 'Vul een aantal megabytes in.' })
        .int({ error: 'Vul een heel aantal megabytes in.' })
        .min(1, { error: 'Een upload mag minstens 1 MB groot zijn.' })
        .max(UPLOAD_MAX_MEGABYTES, {
          error: `Een upload mag hoogstens ${UPLOAD_MAX_MEGABYTES} MB groot zijn; meer kan de afbeeldingsverwerking niet aan.`,
        }),
    })
    .refine((v) => v.idleTimeoutMinutes <= v.sessionLifetimeHours * 60, {
      error: 'De tijd zonder activiteit kan niet langer zijn dan de sessie zelf.',
      path: ['idleTimeoutMinutes'],
    }),
  // SESSION_TTL_HOURS (the environment variable that set it before) is the default.
  defaults: (config) => ({
    sessionLifetimeHours: config.session.ttlHours,
    idleTimeoutMinutes: Math.min(60, config.session.ttlHours * 60),
    residentIdleTimeoutMinutes: 15,
    uploadMaxMegabytes: UPLOAD_MAX_MEGABYTES,
  }),
});
