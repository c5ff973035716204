import { z } from 'zod';
import { defineSection } from './section.js';

const days = (what: string, min: number, max: number) =>
  z
    .number({ error: 'Vul een aantal dagen in.' })
    .int({ error: 'Vul een heel aantal dagen in.' })
    .min(min, { error: `${what} worden minstens ${min} dagen bewaard.` })
    .max(max, { error: `${what} worden hoogstens ${max} dagen bewaard.` });

/**
 * Privacy (AVG): how long each kind of data is kept before the daily `privacy.purgeRetention` job removes it
 * (RetentionService). Defaults follow common municipal practice: the audit log two years, the mail log one year.
 */
export const retentionSection = defineSection({
  key: 'retention',
  title: 'Bewaartermijnen',
  schema: z.strictObject({
    /** Rows of the audit log older than this are removed. */
    auditLogDays: days('Regels van het auditlog', 180, 3650),
    /** Sent e-mails (addresses and texts) in the mail log. */
    mailLogDays: days('E-mails in het maillogboek', 30, 1825),
    /** Log-in sessions not used for this long (they have expired long before). */
    sessionDays: days('Sessies', 1, 365),
    /**
     * What is left of an erased person after the erasure: inbox messages to them (and to their household once nobody
     * in it is left), the stripped mail-log rows of their e-mails, a stray session or cart line (RetentionService).
     */
    erasedRemainsDays: days('Restgegevens van gewiste personen', 1, 365),
    /** Import files' rows (names and outcomes) after the import. */
    importDays: days('Importbestanden', 7, 730),
  }),
  defaults: () => ({ auditLogDays: 730, mailLogDays: 365, sessionDays: 30, erasedRemainsDays: 30, importDays: 90 }),
});
