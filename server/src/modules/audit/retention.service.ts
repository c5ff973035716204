import type { RequestContext } from '../../kernel/request-context.js';
import { transactional } from '../../kernel/request-context.js';
import * as q from './retention.queries.js';

type Em = RequestContext['em'];

export interface PurgeCounts {
  auditLog: number;
  mailLog: number;
  sessions: number;
  erasedRemains: number;
  imports: number;
  /** What the purges other modules registered (`addPurge`) removed, by name. */
  others: Record<string, number>;
}

/**
 * A purge another module registers (webhooks: its delivery log): called inside the retention transaction with its
 * `em` and the purge's "now"; it reads its own period and returns how many rows went. Named here so audit imports no
 * module that has data to purge.
 */
export type RetentionPurge = (em: Em, now: Date) => Promise<number>;

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
  private readonly others = new Map<string, RetentionPurge>();

  constructor(private readonly settings: RetentionSettings) {}

  /** Another module's data with a retention period of its own, removed by the same daily job. */
  addPurge(name: string, purge: RetentionPurge): void {
    if (this.others.has(name)) throw new Error(`retention purge ${name} registered twice`);
    this.others.set(name, purge);
  }

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
    const messages = await q.deleteErasedMessages(em, cutoff);
    const mails = await q.deleteErasedMails(em, cutoff);
    const sessions = await q.deleteErasedSessions(em, cutoff);
    const cartLines = await q.deleteErasedCartLines(em, cutoff);
    return messages + mails + sessions + cartLines;
  }

  async purge(ctx: RequestContext): Promise<PurgeCounts> {
    const periods = await this.settings.get('retention', ctx.em);
    const now = ctx.clock.now().getTime();
    const before = (days: number) => new Date(now - days * DAY_MS);
    const counts = await transactional(ctx, async (tx) => {
      const em = tx.em;
      const auditCutoff = before(periods.auditLogDays);
      const audit = await q.deleteAuditLogBefore(em, auditCutoff);
      const mails = await q.deleteMailsBefore(em, before(periods.mailLogDays));
      const sessions = await q.deleteSessionsBefore(em, before(periods.sessionDays));
      const remains = await this.purgeErasedRemains(em, before(periods.erasedRemainsDays));
      const imports = await q.deleteImportsBefore(em, before(periods.importDays));
      // The search's list of name words, made again from the names: a word no name has any more goes (a changed or
      // erased name already takes its words along; this also restores one a race may have left out).
      await q.rebuildSearchWords(em);
      const others: Record<string, number> = {};
      for (const [name, purge] of this.others) others[name] = await purge(em, new Date(now));
      return {
        others,
        auditLog: audit,
        mailLog: mails,
        sessions,
        erasedRemains: remains,
        imports,
      };
    });
    const { others, ...own } = counts;
    if ([...Object.values(own), ...Object.values(others)].some((n) => n > 0)) {
      ctx.log.info({ event: 'retention_purge', ...own, ...others }, 'data past its retention period removed');
    }
    return counts;
  }
}
