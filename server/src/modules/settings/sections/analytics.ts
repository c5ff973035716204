import { z } from 'zod';
import { defineSection } from './section.js';

/** The statistics tools offered: both can run without cookies (Matomo with its cookie-less tracking). */
export const ANALYTICS_TOOLS = ['PLAUSIBLE', 'MATOMO'] as const;

const https = (what: string) =>
  z
    .string({ error: `Vul ${what} in.` })
    .trim()
    .max(300, { error: 'Een webadres is hoogstens 300 tekens.' })
    .refine((v) => v === '' || isHttpsUrl(v), {
      error: `Vul ${what} in als volledig webadres dat met https:// begint.`,
    });

function isHttpsUrl(v: string): boolean {
  try {
    const u = new URL(v);
    return u.protocol === 'https:' && !u.username && !u.password && !u.hash && !u.search;
  } catch {
    return false;
  }
}

/**
 * instellingen/analytics: a privacy-friendly, cookieless statistics tool. Off by default; when on, the client loads
 * `scriptUrl` on public pages only, the privacy page names the tool, and the Content-Security-Policy allows exactly
 * that script (http/security-headers.ts).
 */
export const analyticsSection = defineSection({
  key: 'analytics',
  title: 'Analytics',
  schema: z
    .strictObject({
      enabled: z.boolean({ error: 'Kies of statistieken aan of uit staan.' }),
      tool: z.enum(ANALYTICS_TOOLS, { error: 'Kies Plausible of Matomo.' }),
      /** The tracking script, e.g. https://plausible.io/js/script.js or https://stats.gemeente.nl/matomo.js. */
      scriptUrl: https('het adres van het statistiekscript'),
      /** Plausible: the domain; Matomo: the site id. */
      siteId: z
        .string({ error: 'Vul de site-id in.' })
        .trim()
        .max(100, { error: 'De site-id is hoogstens 100 tekens.' })
        .regex(/^[A-Za-z0-9._-]*$/, {
          error: 'De site-id bevat alleen letters, cijfers, punten, streepjes en lage streepjes.',
        }),
    })
    .superRefine((v, ctx) => {
      if (!v.enabled) return;
      if (!v.scriptUrl)
        ctx.addIssue({ code: 'custom', path: ['scriptUrl'], message: 'Vul het adres van het statistiekscript in.' });
      if (!v.siteId) ctx.addIssue({ code: 'custom', path: ['siteId'], message: 'Vul de site-id in.' });
    }),
  defaults: () => ({ enabled: false, tool: 'PLAUSIBLE' as const, scriptUrl: '', siteId: '' }),
});

/** The script origin the Content-Security-Policy allows, or null when statistics are off. */
export function analyticsScript(
  value: z.output<typeof analyticsSection.schema>,
): { url: string; origin: string } | null {
  if (!value.enabled || !value.scriptUrl) return null;
  return { url: value.scriptUrl, origin: new URL(value.scriptUrl).origin };
}
