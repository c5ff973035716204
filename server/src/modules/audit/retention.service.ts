import type { RequestContext } from '../../kernel/request-context.js';
import { transactional } from '../../kernel/request-context.js';

type Em = RequestContext['em'];

export interface PurgeCounts {
  auditLog: number;
  mailLog: number;
  sessions: number;
  erasedRemains: number;
  imports: number;
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The retention periods in days (instellingen: bewaartermijnen). */
export interface RetentionPeriods {
  auditLogDays: number;
  mailLogDays: number;
  sessionDays: number;
  erasedRemainsDays: number;
  importDays: number;
}

/**
 * Where the periods are kept: settings' SettingsService, given by the composition root (app/services.ts). Named here
 * so audit does not import settings (settings audits its changes).
 */
export interface RetentionSettings {
  get(section: 'retention', em: Em): Promise<RetentionPeriods>;
}

/**
 * Privacy (AVG) retention: removes what is older than the periods in the settings (instellingen: bewaartermijnen).
 * Run daily by the `privacy.purgeRetention` job; each kind in its own statement, all in one transaction. The audit
 * log is append-only: its trigger lets this one transaction delete rows older than the cut-off it names, nothing else.
 */
export class RetentionService {
  constructor(private readonly settings: RetentionSettings) {}

  /**
   * What an erasure (PersonService.erase) leaves behind on purpose for a while — so that a mistaken erasure can be
   * followed up and the household can still read what was sent — goes once the person was erased longer ago than
   * `erasedRemainsDays`:
   * - the inbox messages to the person, and those to their household once nobody in it has personal data left;
   * - the mail log's rows of their e-mails (stripped at the erasure to "gewist", but still saying when a mail went);
   * - any session or cart line still bound to them (the erasure ends them; this catches one made in a race).
   * Kept: the anonymised person row itself (orders, the ledger and cards point at it), and the audit log, which holds
   * ids, never names or contact details, and has its own period. Returns how many rows went.
   */
  private async purgeErasedRemains(em: Em, cutoff: Date): Promise<number> {
    const erased = `select id from person where erased_at is not null and erased_at < ?`;
    const messages = await em.execute<{ id: string }[]>(
      `delete from message m
        where m.audience = 'PERSONAL'
          and (m.person_id in (${erased})
               or (m.person_id is null
                   and not exists (select 1 from person o where o.client_group_id = m.client_group_id
                                     and (o.erased_at is null or o.erased_at >= ?))
                   and exists (select 1 from person e where e.client_group_id = m.client_group_id)))
        returning m.id`,
      [cutoff, cutoff],
    );
    const mails = await em.execute<{ id: string }[]>(
      `delete from mail_message where erased_at is not null and erased_at < ? returning id`,
      [cutoff],
    );
    const sessions = await em.execute<{ id: string }[]>(
      `delete from session where person_id in (${erased}) returning id`,
      [cutoff],
    );
    const cartLines = await em.execute<{ id: string }[]>(
      `delete from cart_line where person_id in (${erased}) returning id`,
      [cutoff],
    );
    return messages.length + mails.length + sessions.length + cartLines.length;
  }

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
      const remains = await this.purgeErasedRemains(em, before(periods.erasedRemainsDays));
      const imports = await em.execute<{ id: string }[]>(
        `delete from import_run where created_at < ? and status <> 'APPLYING' returning id`,
        [before(periods.importDays)],
      );
      // The search's list of name words, made again from the names: a word no name has any more goes (a changed or
      // erased name already takes its words along; this also restores one a race may have left out).
      await em.execute(`select search_word_rebuild()`);
      return {
        auditLog: audit.length,
        mailLog: mails.length,
        sessions: sessions.length,
        erasedRemains: remains,
        imports: imports.length,
      };
    });
    if (Object.values(counts).some((n) => n > 0)) {
      ctx.log.info({ event: 'retention_purge', ...counts }, 'data past its retention period removed');
    }
    return counts;
  }
}
