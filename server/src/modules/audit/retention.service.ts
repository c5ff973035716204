import type { RequestContext } from '../../lib/request-context.js';
import { transactional } from '../../lib/request-context.js';
import type { SettingsService } from '../settings/settings.service.js';

export interface PurgeCounts {
  auditLog: number;
  mailLog: number;
  sessions: number;
  erasedRemains: number;
  imports: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Privacy (AVG) retention: removes what is older than the periods in the settings (instellingen: bewaartermijnen).
 * Run daily by the `privacy.purgeRetention` job; each kind in its own statement, all in one transaction. The audit
 * log is append-only: its trigger lets this one transaction delete rows older than the cut-off it names, nothing else.
 */
export class RetentionService {
  constructor(private readonly settings: SettingsService) {}

  async purge(ctx: RequestContext): Promise<PurgeCounts> {
    const periods = await this.settings.get('retention', ctx.em);
    const now = ctx.clock.now().getTime();
    const before = (days: number) => new Date(now - days * DAY_MS);
    const counts = await transactional(ctx, async (tx) => {
      const em = tx.em;
      const auditCutoff = before(periods.auditLogDays);
      await em.execute(`select set_config('gemeentewinkel.audit_purge', ?, true)`, [auditCutoff.toISOString()]);
      const audit = await em.execute<{ id: string }[]>(`delete from audit_log where at < ? returning id`, [
        auditCutoff,
      ]);
      await em.execute(`select set_config('gemeentewinkel.audit_purge', '', true)`);
      const mails = await em.execute<{ id: string }[]>(
        `delete from mail_message where created_at < ? and status not in ('QUEUED') returning id`,
        [before(periods.mailLogDays)],
      );
      const sessions = await em.execute<{ id: string }[]>(
        `delete from session where last_seen_at < ? or expires_at < ? returning id`,
        [before(periods.sessionDays), before(periods.sessionDays)],
      );
      const remains = await em.execute<{ id: string }[]>(
        `delete from message m using person p
          where m.person_id = p.id and p.erased_at is not null and p.erased_at < ? returning m.id`,
        [before(periods.erasedRemainsDays)],
      );
      const imports = await em.execute<{ id: string }[]>(
        `delete from import_run where created_at < ? and status <> 'APPLYING' returning id`,
        [before(periods.importDays)],
      );
      return {
        auditLog: audit.length,
        mailLog: mails.length,
        sessions: sessions.length,
        erasedRemains: remains.length,
        imports: imports.length,
      };
    });
    if (Object.values(counts).some((n) => n > 0)) {
      ctx.log.info({ event: 'retention_purge', ...counts }, 'data past its retention period removed');
    }
    return counts;
  }
}
