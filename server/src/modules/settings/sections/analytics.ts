import { z } from 'zod';
import { analyticsPolicy } from '../../../http/security-headers.js';
import { defineSection } from './section.js';

/** The statistics tools offered: both can run without cookies (Matomo with its cookie-less tracking). */
export const ANALYTICS_TOOLS = ['PLAUSIBLE', 'MATOMO'] as const;

const WHAT = 'het adres van het statistiekscript';

/**
 * The script's address as it goes into the Content-Security-Policy: parsed and normalised as a browser does (WHATWG
 * URL: lower-case host, default port dropped, path percent-encoded), https, no user name or password, no query or
 * fragment, and nothing that could end or extend the policy (white space, quotes, `;`, `,`, `*`). The policy is then
 * built with it as the server will send it; a value that does not give a valid policy is refused.
 */
export function checkScriptUrl(raw: string): { ok: true; url: string } | { ok: false; message: string } {
  if (/[\s'"`;,*]/.test(raw))
    return {
      ok: false,
      message:
        'Het adres van het statistiekscript mag geen spaties, aanhalingstekens, puntkomma’s, komma’s of sterretjes bevatten. Vul alleen het adres van het script in.',
    };
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { ok: false, message: `Vul ${WHAT} in als volledig webadres dat met https:// begint.` };
  }
  if (url.protocol !== 'https:')
    return { ok: false, message: `Vul ${WHAT} in als volledig webadres dat met https:// begint.` };
  if (url.username || url.password)
    return { ok: false, message: 'Het adres van het statistiekscript mag geen gebruikersnaam of wachtwoord bevatten.' };
  if (url.search || url.hash || raw.includes('?') || raw.includes('#'))
    return { ok: false, message: 'Het adres van het statistiekscript mag geen ? of # bevatten.' };
  try {
    analyticsPolicy({ url: url.href, origin: url.origin }, true);
  } catch {
    return {
      ok: false,
      message: `Met dit adres ontstaat geen geldig beveiligingsbeleid (Content-Security-Policy). Vul ${WHAT} in zoals https://plausible.io/js/script.js.`,
    };
  }
  return { ok: true, url: url.href };
}

const scriptUrl = z
  .string({ error: `Vul ${WHAT} in.` })
  .trim()
  .max(300, { error: 'Een webadres is hoogstens 300 tekens.' })
  .transform((v, ctx) => {
    if (v === '') return '';
    const checked = checkScriptUrl(v);
    if (checked.ok) return checked.url;
    ctx.addIssue({ code: 'custom', message: checked.message });
    return z.NEVER;
  });

/**
 * instellingen/analytics: a privacy-friendly, cookieless statistics tool. Off by default; when on, the client loads
 * `scriptUrl` on public pages only, the privacy page names the tool, and the Content-Security-Policy allows exactly
 * that script (http/security-headers.ts). A stored address that fails `checkScriptUrl` (saved before it was checked)
 * makes the stored section fall back to its defaults, statistics off (SettingsService, with a warning in the log).
 */
export const analyticsSection = defineSection({
  key: 'analytics',
  title: 'Analytics',
  schema: z
    .strictObject({
      enabled: z.boolean({ error: 'Kies of statistieken aan of uit staan.' }),
      tool: z.enum(ANALYTICS_TOOLS, { error: 'Kies Plausible of Matomo.' }),
      /** The tracking script, e.g. https://plausible.io/js/script.js or https://stats.gemeente.nl/matomo.js. */
      scriptUrl,
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
