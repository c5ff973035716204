import type { EntityManager } from '@mikro-orm/postgresql';
import { Audience } from '../../kernel/permissions.js';
import { inScope, scopeIds, scopeSql } from '../../kernel/scope.js';
import { UserError } from '../../kernel/errors.js';
import { isUuid } from '../../graphql/ids.js';
import { emptyConnection, pageSize, toConnection, type ConnectionOf } from '../../graphql/pagination.js';
import { keyCondition, keyOrderBy, keySelect, rowCursor, type KeyOrder } from '../../graphql/keyset.js';
import { today } from '../../kernel/clock.js';
import { containsPattern } from '../../kernel/sql.js';
import { transactional, type RequestContext } from '../../kernel/request-context.js';
import { fail, ok, problem, type Result } from '../../kernel/result.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import type { JobRun } from '../../jobs/job-types.js';
import { checkAll } from '../../rules/rule.js';
import { MESSAGE_AUDIENCE_LABELS, massMessageRules, type MessageAudienceKind } from '../../rules/message.js';
import type { AuditService } from '../audit/index.js';
import type { MailService } from '../communication/index.js';
import { appLink } from '../../platform/links.js';
import type { SettingsService } from '../settings/index.js';
import { massSendLimitFor } from '../settings/index.js';
import { countRecipients, isResidentAudience, recipientBatch, type ResolvedAudience } from './audiences.queries.js';

/** What the sender picks: the kind, the municipality, and the arrangement or client number where the kind needs one. */
export interface AudienceInput {
  kind: MessageAudienceKind;
  municipalityId: string;
  arrangementId?: string | null;
  clientNumber?: string | null;
}

export interface ComposeInput {
  audience: AudienceInput;
  title: string;
  body: string;
}

export type MassMessageStatus = 'QUEUED' | 'SENDING' | 'SENT';

export interface MassMessageRecord {
  id: string;
  municipalityId: string;
  municipalityName: string;
  audienceKind: MessageAudienceKind;
  audienceLabel: string;
  title: string;
  body: string;
  status: MassMessageStatus;
  recipientCount: number;
  sentCount: number;
  mailCount: number;
  readCount: number;
  residents: boolean;
  createdAt: Date;
  finishedAt: Date | null;
}

/** Recipients written per transaction by the job; progress is visible after each batch. */
export const MASS_SEND_BATCH = 500;

const NO_RECIPIENTS = 'Deze doelgroep heeft geen ontvangers. Er is niets verstuurd; kies een andere doelgroep.';

interface Row {
  id: string;
  municipality_id: string;
  municipality_name: string;
  audience_kind: MessageAudienceKind;
  audience_ref_id: string | null;
  audience_label: string;
  provider_scope: string[] | null;
  title: string;
  body: string;
  status: MassMessageStatus;
  recipient_count: number;
  sent_count: number;
  mail_count: number;
  read_count: string | number;
  cursor: string | null;
  as_of: string | Date;
  created_by: string;
  created_at: Date | string;
  finished_at: Date | string | null;
}

const SELECT = `select mm.*, mu.name as municipality_name, to_char(mm.as_of, 'YYYY-MM-DD') as as_of,
       (select count(*) from message r where r.mass_message_id = mm.id and r.read_at is not null) as read_count
  from mass_message mm join municipality mu on mu.id = mm.municipality_id`;

/** The list's order: newest first (the keys are selected as _k0, _k1 by SELECT_KEYED). */
const NEWEST_FIRST: KeyOrder = {
  name: 'newest',
  direction: 'desc',
  keys: [
    { expr: 'mm.created_at', cast: 'timestamptz' },
    { expr: 'mm.id', cast: 'uuid' },
  ],
};
const SELECT_KEYED = SELECT.replace('select mm.*,', `select mm.*, ${keySelect(NEWEST_FIRST)},`);

export interface MassMessageFilter {
  municipalityId?: string | null;
  audienceKind?: MessageAudienceKind | null;
  /** Part of the title or the audience, case-insensitive. */
  search?: string | null;
}

function record(row: Row): MassMessageRecord {
  return {
    id: row.id,
    municipalityId: row.municipality_id,
    municipalityName: row.municipality_name,
    audienceKind: row.audience_kind,
    audienceLabel: row.audience_label,
    title: row.title,
    body: row.body,
    status: row.status,
    recipientCount: row.recipient_count,
    sentCount: row.sent_count,
    mailCount: row.mail_count,
    readCount: Number(row.read_count),
    residents: isResidentAudience(row.audience_kind),
    createdAt: new Date(row.created_at),
    finishedAt: row.finished_at === null ? null : new Date(row.finished_at),
  };
}

/** Who sends: a staff member or an API client (the idempotency key is theirs). */
function senderId(ctx: RequestContext): string | null {
  const v = ctx.viewer;
  if (v.kind === Audience.STAFF) return v.adminAccountId;
  if (v.kind === Audience.API_CLIENT) return v.apiClientId;
  return null;
}

/**
 * Messages to an audience (berichten, /admin/meldingen). The sender sees the number of recipients first, may send a
 * test to themselves, and sends: `send` reserves a place under the municipality's daily limit, records the message
 * and queues the `messages.massSend` job in ONE transaction (under a lock per municipality and day, so parallel sends
 * cannot pass the limit, and a second click with the same idempotency key returns the first send). The job writes an
 * inbox message for every resident and an e-mail for every resident whose preference says so and every provider, in
 * batches, with the progress on the row.
 */
export class MassMessageService {
  constructor(
    private readonly mail: MailService,
    private readonly jobs: JobQueue,
    private readonly settings: SettingsService,
    private readonly audit: AuditService,
    private readonly appUrl: string,
  ) {}

  /** The audience the input names, within the viewer's municipalities, or a Dutch problem. */
  async resolve(ctx: RequestContext, input: AudienceInput): Promise<Result<ResolvedAudience & { label: string }>> {
    if (!isUuid(input.municipalityId) || !inScope(ctx.viewer, input.municipalityId)) {
      return problem('audience.municipalityId', 'NOT_FOUND', 'Kies een gemeente waarvoor u berichten mag versturen.');
    }
    const [municipality] = await ctx.em.execute<{ name: string }[]>(`select name from municipality where id = ?`, [
      input.municipalityId,
    ]);
    if (!municipality) return problem('audience.municipalityId', 'NOT_FOUND', 'Deze gemeente bestaat niet.');
    const base = {
      kind: input.kind,
      municipalityId: input.municipalityId,
      refId: null as string | null,
      providerScope: null as readonly string[] | null,
      asOf: today(ctx.clock),
    };
    const label = MESSAGE_AUDIENCE_LABELS[input.kind];
    switch (input.kind) {
      case 'ARRANGEMENT_HOLDERS': {
        const id = input.arrangementId ?? '';
        const [arrangement] = isUuid(id)
          ? await ctx.em.execute<{ name: string }[]>(
              `select name from arrangement where id = ? and municipality_id = ?`,
              [id, input.municipalityId],
            )
          : [];
        if (!arrangement) return problem('audience.arrangementId', 'REQUIRED', 'Kies een regeling van deze gemeente.');
        return ok({ ...base, refId: id, label: `Regeling ${arrangement.name} (${municipality.name})` });
      }
      case 'CLIENT_GROUP': {
        const number = (input.clientNumber ?? '').trim();
        const [group] = number
          ? await ctx.em.execute<{ id: string }[]>(
              `select id from client_group where municipality_id = ? and client_number = ?`,
              [input.municipalityId, number],
            )
          : [];
        if (!group) {
          return problem(
            'audience.clientNumber',
            number ? 'NOT_FOUND' : 'REQUIRED',
            number
              ? 'Er is geen klantgroep met dit klantnummer in deze gemeente.'
              : 'Vul het klantnummer van de klantgroep in.',
          );
        }
        return ok({ ...base, refId: group.id, label: `Klantgroep ${number} (${municipality.name})` });
      }
      case 'ALL_PROVIDERS':
        return ok({ ...base, providerScope: scopeIds(ctx.viewer), label });
      default:
        return ok({ ...base, label: `${label} (${municipality.name})` });
    }
  }

  /** The arrangements of a municipality the sender may pick (ARRANGEMENT_HOLDERS), newest validity first. */
  async arrangementChoices(ctx: RequestContext, municipalityId: string): Promise<{ id: string; name: string }[]> {
    if (!isUuid(municipalityId) || !inScope(ctx.viewer, municipalityId)) return [];
    return ctx.em.execute<{ id: string; name: string }[]>(
      `select id, name from arrangement where municipality_id = ? order by valid_until desc, name limit 200`,
      [municipalityId],
    );
  }

  /** How many people the message would reach (the count shown before sending). */
  async preview(ctx: RequestContext, input: AudienceInput): Promise<Result<{ recipientCount: number; label: string }>> {
    const audience = await this.resolve(ctx, input);
    if (!audience.ok) return audience;
    return ok({ recipientCount: await countRecipients(ctx.em, audience.value), label: audience.value.label });
  }

  /** "Test naar mijzelf": the e-mail as a recipient would get it, to the sender's own address. Not counted. */
  async sendTest(ctx: RequestContext, input: ComposeInput): Promise<Result<string>> {
    const checked = this.check(input);
    if (!checked.ok) return checked;
    const audience = await this.resolve(ctx, input.audience);
    if (!audience.ok) return audience;
    if (ctx.viewer.kind !== Audience.STAFF) {
      return problem(
        null,
        'NO_ADDRESS',
        'Alleen een medewerker met een e-mailadres kan een test naar zichzelf sturen.',
      );
    }
    const [me] = await ctx.em.execute<{ email: string; name: string }[]>(
      `select email, name from admin_account where id = ?`,
      [ctx.viewer.adminAccountId],
    );
    if (!me) return problem(null, 'NO_ADDRESS', 'Uw account heeft geen e-mailadres.');
    await this.mail.send(ctx, {
      template: 'MASS_MESSAGE',
      to: me.email,
      variables: {
        name: me.name,
        subject: `[Test] ${checked.value.title}`,
        body: checked.value.body,
        link: this.linkFor(audience.value.kind),
      },
      municipalityId: input.audience.municipalityId,
    });
    return ok(me.email);
  }

  /**
   * Sends: checks the text and the audience, then in one transaction under a lock for (municipality, day): returns
   * the earlier send with the same idempotency key, refuses over the daily limit or an audience without recipients,
   * records the message and queues its job. Nothing is written when it is refused.
   */
  async send(
    ctx: RequestContext,
    input: ComposeInput & { idempotencyKey: string },
  ): Promise<Result<MassMessageRecord>> {
    const sender = senderId(ctx);
    if (!sender) return problem(null, 'FORBIDDEN', 'Alleen medewerkers kunnen berichten versturen.');
    const key = input.idempotencyKey.trim();
    if (key.length < 8 || key.length > 100) {
      return problem('idempotencyKey', 'INVALID', 'Het formulier is verlopen. Laad de pagina opnieuw.');
    }
    const earlier = await this.byKey(ctx.em, sender, key);
    if (earlier) return this.scoped(ctx, earlier);
    const checked = this.check(input);
    if (!checked.ok) return checked;
    const audience = await this.resolve(ctx, input.audience);
    if (!audience.ok) return audience;
    const a = audience.value;
    const day = today(ctx.clock);
    const settings = await this.settings.get('communication');
    const limit = massSendLimitFor(settings, a.municipalityId);

    const id = await transactional(ctx, async (tx): Promise<Result<string>> => {
      await tx.em.execute(`select pg_advisory_xact_lock(hashtextextended(?, 0))`, [
        `mass-send:${a.municipalityId}:${day}`,
      ]);
      const again = await this.byKey(tx.em, sender, key);
      if (again) return ok(again);
      const [used] = await tx.em.execute<{ n: number }[]>(
        `select count(*)::int as n from mass_message where municipality_id = ? and send_day = ?::date`,
        [a.municipalityId, day],
      );
      if ((used?.n ?? 0) >= limit) {
        return problem(
          null,
          'DAILY_LIMIT',
          `Deze gemeente heeft vandaag al ${limit === 1 ? '1 bericht' : `${limit} berichten`} aan een doelgroep verstuurd. Dat is het maximum per dag; probeer het morgen opnieuw of vraag een beheerder de limiet aan te passen.`,
        );
      }
      const recipients = await countRecipients(tx.em, a);
      if (recipients === 0) return problem('audience', 'NO_RECIPIENTS', NO_RECIPIENTS);
      const [row] = await tx.em.execute<{ id: string }[]>(
        `insert into mass_message (municipality_id, audience_kind, audience_ref_id, audience_label, provider_scope, title,
                                   body, recipient_count, send_day, as_of, idempotency_key, created_by, created_at)
         values (?, ?, ?, ?, ?::uuid[], ?, ?, ?, ?::date, ?::date, ?, ?, ?) returning id`,
        [
          a.municipalityId,
          a.kind,
          a.refId,
          a.label,
          a.providerScope && `{${a.providerScope.join(',')}}`,
          checked.value.title,
          checked.value.body,
          recipients,
          day,
          a.asOf,
          key,
          sender,
          ctx.clock.now(),
        ],
      );
      const id = row!.id;
      await this.jobs.enqueue(tx, 'messages.massSend', { massMessageId: id }, { jobKey: `mass-message:${id}` });
      await this.audit.record(tx, {
        action: 'mass_message.sent',
        subjectType: 'mass_message',
        subjectId: id,
        details: { audience: a.kind, recipients },
      });
      return ok(id);
    });
    if (!id.ok) return id;
    return ok((await this.find(ctx.em, id.value))!);
  }

  /** The sent messages of the viewer's municipalities, newest first (at most `first`). */
  /** The messages sent in the viewer's municipalities, newest first, a page at a time; filtered by `filter`. */
  async list(
    ctx: RequestContext,
    filter: MassMessageFilter = {},
    page: { first?: number | null; after?: string | null } = {},
  ): Promise<ConnectionOf<MassMessageRecord>> {
    // The cursor first: a bad one is refused even when nothing matches.
    const after = keyCondition(NEWEST_FIRST, page.after);
    const where: string[] = [];
    const params: unknown[] = [];
    const scope = scopeSql(ctx.viewer, 'mm.municipality_id');
    where.push(scope.sql);
    params.push(...scope.params);
    if (filter.municipalityId) {
      if (!isUuid(filter.municipalityId)) return emptyConnection();
      where.push('mm.municipality_id = ?');
      params.push(filter.municipalityId);
    }
    if (filter.audienceKind) {
      where.push('mm.audience_kind = ?');
      params.push(filter.audienceKind);
    }
    if (filter.search?.trim()) {
      where.push(`(lower(mm.title) like ? or lower(mm.audience_label) like ?)`);
      const pattern = containsPattern(filter.search.trim().toLowerCase());
      params.push(pattern, pattern);
    }
    const condition = (extra: string[]) => (extra.length ? `where ${extra.join(' and ')}` : '');
    const [total] = await ctx.em.execute<{ n: string }[]>(
      `select count(*) as n from mass_message mm ${condition(where)}`,
      params,
    );
    const first = pageSize(page.first);
    const rows = await ctx.em.execute<(Row & Record<string, unknown>)[]>(
      `${SELECT_KEYED} ${condition([...where, ...(after.sql ? [after.sql] : [])])}
        order by ${keyOrderBy(NEWEST_FIRST)} limit ?`,
      [...params, ...after.params, first + 1],
    );
    return toConnection(rows, {
      first,
      totalCount: Number(total?.n ?? 0),
      cursorOf: (row) => rowCursor(NEWEST_FIRST, row),
      nodes: (slice) => slice.map(record),
    });
  }

  /**
   * AVG erasure (PersonService.erase, in its transaction): once nobody in the erased person's household has personal
   * data left, the messages sent to that household (a CLIENT_GROUP audience) no longer name its client number.
   */
  async erasePerson(em: EntityManager, person: { id: string }): Promise<number> {
    const rows = await em.execute<{ id: string }[]>(
      `update mass_message mm set audience_label = 'Gewiste klantgroep (' || mu.name || ')'
         from municipality mu, person p
        where mu.id = mm.municipality_id and p.id = ? and mm.audience_kind = 'CLIENT_GROUP'
          and mm.audience_ref_id = p.client_group_id
          and not exists (select 1 from person o where o.client_group_id = p.client_group_id and o.erased_at is null)
        returning mm.id`,
      [person.id],
    );
    return rows.length;
  }

  async get(ctx: RequestContext, id: string): Promise<MassMessageRecord | null> {
    if (!isUuid(id)) return null;
    const found = await this.find(ctx.em, id);
    return found && inScope(ctx.viewer, found.municipalityId) ? found : null;
  }

  /**
   * The `messages.massSend` job: batch after batch (each its own transaction, progress committed with it), from the
   * recipient after `cursor`: an inbox message per resident, an e-mail per resident who wants one and per provider.
   * A retried job carries on after the last committed batch; a finished message is left alone.
   */
  async deliver(ctx: RequestContext, massMessageId: string, run?: Pick<JobRun, 'signal'>): Promise<void> {
    for (;;) {
      if (run?.signal.aborted) throw new Error(`mass message ${massMessageId} interrupted by shutdown`);
      const done = await ctx.em.transactional(async (em) => {
        const [row] = await em.execute<Row[]>(
          `select *, to_char(as_of, 'YYYY-MM-DD') as as_of from mass_message where id = ? for update`,
          [massMessageId],
        );
        if (!row || row.status === 'SENT') return true;
        const audience: ResolvedAudience = {
          kind: row.audience_kind,
          municipalityId: row.municipality_id,
          refId: row.audience_ref_id,
          providerScope: row.provider_scope,
          asOf: String(row.as_of),
        };
        const batch = await recipientBatch(em, audience, row.cursor, MASS_SEND_BATCH);
        const now = ctx.clock.now();
        if (batch.length === 0) {
          await em.execute(
            `update mass_message set status = 'SENT', finished_at = ?,
                    recipient_count = greatest(sent_count, 1) where id = ?`,
            [now, massMessageId],
          );
          return true;
        }
        const residents = batch.filter((r) => r.kind === 'RESIDENT');
        if (residents.length) {
          await em.execute(
            `insert into message (audience, municipality_id, client_group_id, person_id, title, body, created_at, mass_message_id)
             select 'PERSONAL', ?, g, p, ?, ?, ?, ? from unnest(?::uuid[], ?::uuid[]) as t(p, g)`,
            [
              row.municipality_id,
              row.title,
              row.body,
              now,
              massMessageId,
              `{${residents.map((r) => r.id).join(',')}}`,
              `{${residents.map((r) => r.clientGroupId).join(',')}}`,
            ],
          );
        }
        let mails = 0;
        for (const r of batch) {
          if (!r.email || !r.wantsMail) continue;
          await this.mail.send(em, {
            template: 'MASS_MESSAGE',
            to: r.email,
            variables: { name: r.name, subject: row.title, body: row.body, link: this.linkFor(row.audience_kind) },
            personId: r.kind === 'RESIDENT' ? r.id : null,
            municipalityId: row.municipality_id,
          });
          mails++;
        }
        await em.execute(
          `update mass_message set status = 'SENDING', cursor = ?, sent_count = sent_count + ?, mail_count = mail_count + ?
            where id = ?`,
          [batch[batch.length - 1]!.id, batch.length, mails, massMessageId],
        );
        return false;
      });
      if (done) return;
    }
  }

  private linkFor(kind: MessageAudienceKind): string {
    return appLink(this.appUrl, isResidentAudience(kind) ? '/account/meldingen' : '/aanbieder');
  }

  private check(input: ComposeInput): Result<{ title: string; body: string }> {
    const { values, problems } = checkAll(massMessageRules, input);
    const [first, ...rest] = problems.map((p) => UserError.of(p.field, p.code, p.message));
    return first ? fail(first, ...rest) : ok(values);
  }

  private async byKey(em: EntityManager, sender: string, key: string): Promise<string | null> {
    const [row] = await em.execute<{ id: string }[]>(
      `select id from mass_message where created_by = ? and idempotency_key = ?`,
      [sender, key],
    );
    return row?.id ?? null;
  }

  private async scoped(ctx: RequestContext, id: string): Promise<Result<MassMessageRecord>> {
    const found = await this.get(ctx, id);
    return found ? ok(found) : problem('idempotencyKey', 'NOT_FOUND', 'Dit bericht is niet gevonden.');
  }

  private async find(em: EntityManager, id: string): Promise<MassMessageRecord | null> {
    const [row] = await em.execute<Row[]>(`${SELECT} where mm.id = ?`, [id]);
    return row ? record(row) : null;
  }
}
