import { z } from 'zod';
import { Audience } from '../../../kernel/permissions.js';
import { UserError } from '../../../kernel/errors.js';
import { allowListOf, normaliseAddress, parseRange } from '../../../http/ip-allow-list.js';
import { defineSection } from './section.js';

const entry = z.strictObject({
  range: z.string({ error: 'Vul een IP-adres of bereik in.' }).transform((v, ctx) => {
    const parsed = parseRange(v);
    if (parsed.ok) return parsed.value;
    ctx.addIssue({ code: 'custom', message: parsed.message });
    return z.NEVER;
  }),
  /** What the range is, e.g. "Stadhuis" or "VPN". */
  label: z
    .string({ error: 'Vul een omschrijving in.' })
    .trim()
    .max(100, { error: 'Een omschrijving is hoogstens 100 tekens.' }),
});

/**
 * instellingen/ip: when on, the admin area and the admin part of the API answer only from these IPv4/IPv6 addresses
 * and ranges (CIDR). Saving a list that leaves out the saver's own address is refused (settings.service.ts passes the
 * saver's address to `authorize`).
 */
export const ipSection = defineSection({
  key: 'ip',
  title: 'IP-adressen',
  schema: z
    .strictObject({
      enabled: z.boolean({ error: 'Kies of de lijst aan of uit staat.' }),
      entries: z.array(entry).max(200, { error: 'De lijst heeft hoogstens 200 regels.' }),
    })
    .refine((v) => !v.enabled || v.entries.length > 0, {
      error: 'Voeg minstens één IP-adres of bereik toe voordat u de lijst aanzet.',
      path: ['entries'],
    }),
  defaults: () => ({ enabled: false, entries: [] }),
  authorize(viewer, _before, after, { clientIp }) {
    // A staff member never saves a list that shuts themselves out (API clients are not held to the list).
    if (!after.enabled || viewer.kind !== Audience.STAFF || clientIp === null) return [];
    if (allowListOf(after.entries.map((e) => e.range)).allows(clientIp)) return [];
    return [
      UserError.of(
        'entries',
        'LOCKS_OUT_SAVER',
        `Uw eigen IP-adres (${normaliseAddress(clientIp)}) staat niet in de lijst: na opslaan zou u zichzelf buitensluiten. Voeg het toe en sla opnieuw op.`,
      ),
    ];
  },
});

export type IpAllowListValue = z.output<typeof ipSection.schema>;
