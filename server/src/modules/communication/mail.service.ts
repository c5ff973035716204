import type { EntityManager } from '@mikro-orm/postgresql';
import type { Mailer } from '../../integrations/mail/mailer.js';
import { describeMailError } from '../../integrations/mail/smtp-mailer.js';
import { inScope, scopeSql } from '../../kernel/scope.js';
import type { ConnectionOf } from '../../graphql/pagination.js';
import { keysetPage } from '../../graphql/keyset.js';
import { isUuid } from '../../graphql/ids.js';
import { systemClock, type Clock } from '../../kernel/clock.js';
import { transactional, type RequestContext } from '../../kernel/request-context.js';
import { ok, problem, type Result } from '../../kernel/result.js';
import { emOf, type JobQueue, type JobTarget } from '../../jobs/job-queue.js';
import type { JobRun } from '../../jobs/job-types.js';
import type { AuditService } from '../audit/index.js';
import { CommunicationTemplate } from './communication-template.entity.js';
import type { MailStatus } from './mail-message.entity.js';
import * as q from './mail.queries.js';
import type { SettingsService } from '../settings/index.js';
import {
  renderTemplate,
  TemplateError,
  variantOf,
  type TemplateKey,
  type TemplateValue,
  type TemplateVariables,
  type Wording,
} from './templates.js';

export interface SendMail<K extends TemplateKey> {
  template: K;
  to: string;
  variables: TemplateVariables<K>;
  /** The person the mail is about or addressed to: erasing that person erases the mail too. */
  personId?: string | null;
  /** The municipality it belongs to (the mail log screen shows staff their municipalities' mails). */
  municipalityId?: string | null;
}

/** A row of the mail log, for the later communicatie screen. No body: that is opened one at a time. */
export interface MailLogEntry {
  id: string;
  to: string;
  templateKey: string | null;
  templateName: string | null;
  subject: string;
  status: MailStatus;
  attempts: number;
  lastError: string | null;
  createdAt: Date;
  sentAt: Date | null;
}

export interface MailLogFilter {
  status?: MailStatus | null;
  /** Part of the address, case-insensitive. */
  to?: string | null;
  /** Part of the address or the subject, case-insensitive. */
  search?: string | null;
  templateKey?: string | null;
}

/** Attempts before a mail counts as FAILED: with the queue's backoff (3 s, 7 s, 20 s, … then every 6 h), about a day. */
export const MAIL_MAX_ATTEMPTS = 14;

const ERASED_ADDRESS = 'gewist';

/** The mail log, newest first. */
function clockOf(target: JobTarget): Clock {
  return 'clock' in target && target.clock ? (target.clock as Clock) : systemClock;
}

/**
 * E-mail: render a communication template, record the mail in the mail log and enqueue its delivery — both in the
 * caller's transaction, so a rolled-back action sends nothing and a committed one always sends, however long the
 * mail server is away. The `mail.send` job delivers through the configured transport and retries with backoff.
 *
 * Logs nothing personal: no address, body or variable (they hold tokens); only ids, template keys and statuses.
 */
/** Mails that belong to no municipality (a provider's registration, an account's mails) are shared (kernel/scope.ts). */
const MAIL_SCOPE = { platformWide: 'shared' } as const;

export class MailService {
  constructor(
    private readonly mailer: Mailer,
    private readonly queue: JobQueue,
    private readonly audit: AuditService,
    /** The communication setting `wording` picks the formal or informal variant; without settings: formal. */
    private readonly settings?: Pick<SettingsService, 'get'>,
  ) {}

  /** The wording the platform uses now (instellingen: communicatie); inside a transaction pass its `em`. */
  async wording(em?: EntityManager): Promise<Wording> {
    return this.settings ? (await this.settings.get('communication', em)).wording : 'FORMAL';
  }

  get transport(): Mailer['kind'] {
    return this.mailer.kind;
  }

  /** Closes the transport's connections (shutdown). */
  close(): void {
    this.mailer.close?.();
  }

  /**
   * Records a mail and its delivery job in the caller's unit of work (`em` of a transaction, or a RequestContext).
   * Outside a transaction both are written in one of their own. Returns the mail log id.
   */
  async send<K extends TemplateKey>(target: JobTarget, mail: SendMail<K>): Promise<{ id: string }> {
    const em = emOf(target);
    const clock = clockOf(target);
    const wording = await this.wording(em);
    const record = async (tx: EntityManager) => {
      const template = await tx.findOne(CommunicationTemplate, { key: mail.template });
      if (!template) throw new TemplateError(`template ${mail.template} does not exist`);
      const { subject, body } = renderTemplate(
        mail.template,
        variantOf(template, wording),
        mail.variables as Record<string, TemplateValue>,
      );
      const id = await q.insertMail(tx, {
        to: mail.to.trim(),
        templateKey: mail.template,
        subject,
        body,
        personId: mail.personId ?? null,
        municipalityId: mail.municipalityId ?? null,
        createdAt: clock.now(),
      });
      await this.queue.enqueue(
        tx,
        'mail.send',
        { mailId: id },
        { jobKey: `mail:${id}`, maxAttempts: MAIL_MAX_ATTEMPTS },
      );
      return { id };
    };
    return em.isInTransaction() ? record(em) : em.transactional(record);
  }

  /**
   * The `mail.send` job: delivers one QUEUED mail. A mail that was sent, cancelled or erased meanwhile is left alone.
   * A refusal is recorded (attempts, last_error without addresses) and thrown, so the queue retries; after the last
   * attempt the mail is FAILED and waits for a resend.
   */
  async deliver(ctx: RequestContext, mailId: string, run: Pick<JobRun, 'attempt' | 'maxAttempts'>): Promise<void> {
    const mail = await q.claimAttempt(ctx.em, mailId, ctx.clock.now());
    if (!mail) return;
    try {
      await this.mailer.deliver({
        to: mail.to_address,
        subject: mail.subject,
        text: mail.body,
        templateKey: mail.template_key ?? undefined,
        mailId,
      });
    } catch (error) {
      const reason = describeMailError(error);
      const final = run.attempt >= run.maxAttempts;
      await q.recordFailure(ctx.em, mailId, reason, final);
      ctx.log.warn(
        { event: 'mail_not_delivered', mailId, template: mail.template_key, attempt: run.attempt, final },
        'mail not delivered',
      );
      throw new Error(`mail ${mailId} not delivered: ${reason}`);
    }
    await q.markSent(ctx.em, mailId, ctx.clock.now());
    ctx.log.info({ event: 'mail_sent', mailId, template: mail.template_key, transport: this.mailer.kind }, 'mail sent');
  }

  /** Sends a FAILED mail again (the mail log screen's "opnieuw versturen"): back to QUEUED with a new job. Audited. */
  async resend(ctx: RequestContext, mailId: string): Promise<Result<string>> {
    const notFound = () => problem<string>('mailId', 'NOT_FOUND', 'Deze e-mail is niet gevonden.');
    if (!isUuid(mailId)) return notFound();
    return transactional(ctx, async (tx) => {
      const row = await q.lockMail(tx.em, mailId);
      if (!row || !inScope(ctx.viewer, row.municipality_id, MAIL_SCOPE)) return notFound();
      if (row.status !== 'FAILED' || row.erased_at) {
        return problem<string>(
          'mailId',
          'NOT_FAILED',
          'Alleen een e-mail die niet kon worden verstuurd, kunt u opnieuw versturen.',
        );
      }
      await q.requeue(tx.em, mailId);
      await this.queue.enqueue(
        tx,
        'mail.send',
        { mailId },
        { jobKey: `mail:${mailId}`, maxAttempts: MAIL_MAX_ATTEMPTS },
      );
      await this.audit.record(tx, { action: 'mail.resent', subjectType: 'mail_message', subjectId: mailId });
      return ok(mailId);
    });
  }

  /** One row of the mail log (in the viewer's scope, not erased), or null. */
  async entry(ctx: RequestContext, mailId: string): Promise<MailLogEntry | null> {
    if (!isUuid(mailId)) return null;
    const row = await q.mailLogRow(ctx.em, mailId);
    if (!row || !inScope(ctx.viewer, row.municipality_id, MAIL_SCOPE)) return null;
    return {
      id: row.id,
      to: row.to_address,
      templateKey: row.template_key,
      templateName: row.template_name,
      subject: row.subject,
      status: row.status,
      attempts: row.attempts,
      lastError: row.last_error,
      createdAt: new Date(row.created_at),
      sentAt: row.sent_at ? new Date(row.sent_at) : null,
    };
  }

  /**
   * The mail log, newest first, keyset-paged (`after` is the previous page's endCursor). Staff limited to some
   * municipalities see those municipalities' mails and the mails that belong to none (provider onboarding).
   */
  async list(
    ctx: RequestContext,
    filter: MailLogFilter = {},
    page: { first?: number | null; after?: string | null } = {},
  ): Promise<ConnectionOf<MailLogEntry>> {
    return keysetPage(
      q.NEWEST_FIRST,
      page,
      (after, limit) =>
        q.mailLogPage(ctx.em, scopeSql(ctx.viewer, 'municipality_id', MAIL_SCOPE), filter, after, limit),
      (slice) =>
        slice.map((r) => ({
          id: r.id,
          to: r.to_address,
          templateKey: r.template_key,
          templateName: r.template_name,
          subject: r.subject,
          status: r.status,
          attempts: r.attempts,
          lastError: r.last_error,
          createdAt: new Date(r.created_at),
          sentAt: r.sent_at ? new Date(r.sent_at) : null,
        })),
    );
  }

  /**
   * AVG erasure of a person (PersonService.erase, in its transaction): their mails keep no address, subject or body;
   * the ones not sent yet are cancelled. Matched by person id, and by address for mails recorded without one.
   */
  async erasePerson(em: EntityManager, person: { id: string; email: string | null }, at: Date): Promise<number> {
    return q.erasePersonMails(em, person, ERASED_ADDRESS, at);
  }
}
