import { Audience } from '../../kernel/permissions.js';
import { csvText } from '../../platform/csv.js';
import { hasPermission } from '../../kernel/viewer.js';
import { inScope, scopeSql } from '../../kernel/scope.js';
import { Permission } from '../../kernel/permissions.js';
import type { UserError } from '../../kernel/errors.js';
import { isUuid } from '../../graphql/ids.js';
import { keyCondition, keyOrderBy, keySelect, rowCursor, type KeyOrder } from '../../graphql/keyset.js';
import { emptyConnection, pageSize, toConnection, type ConnectionOf, type ListArgs } from '../../graphql/pagination.js';
import { transactional, type RequestContext } from '../../kernel/request-context.js';
import { today } from '../../kernel/clock.js';
import { ok, problem, type Result } from '../../kernel/result.js';
import { actorOf } from '../arrangements/index.js';
import type { AuditService } from '../audit/index.js';
import type { LedgerService } from '../ledger/index.js';
import type { SettingsService } from '../settings/index.js';
import type { PayoutBatchStatus } from './payout.entities.js';
import { checkedIban, needsDebtorAddress, remittanceInfo, sepaCreditTransfer } from './sepa-file.js';
import { nextTargetBankingDay } from './banking-days.js';
import { HANDOVER_LABEL, type HandoverMethodName } from '../../rules/handover.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The reason a bank did not execute a batch: required, within reason. */
export const NOT_EXECUTED_REASON_MAX = 500;

export interface PayoutCandidateLine {
  providerId: string;
  providerName: string;
  orderCount: number;
  amountCents: number;
}

export interface PayoutPreview {
  municipalityId: string;
  deliveredBefore: Date;
  payoutDelayDays: number;
  orderCount: number;
  totalCents: number;
  lines: PayoutCandidateLine[];
}

export interface PayoutLineRecord {
  id: string;
  providerId: string;
  providerName: string;
  reference: string;
  amountCents: number;
  orderCount: number;
  remittanceInfo: string;
}

export interface PayoutLineOrderRecord {
  lineId: string;
  orderId: string;
  number: string;
  amountCents: number;
  deliveredAt: Date | null;
  handoverMethod: HandoverMethodName;
}

/**
 * The orders of payout lines with their delivery: the moment and the hand-over of each order's last step to DELIVERED
 * (an order delivered, undone and delivered again counts its last delivery). `?` is an array of line ids.
 */
const LINE_ORDERS = `
  select po.line_id, o.id as order_id, o.number, po.amount_cents, d.at as delivered_at,
         coalesce(d.handover_method, 'UNKNOWN') as handover_method
    from payout_order po join customer_order o on o.id = po.order_id
    left join lateral (select ev.at, ev.handover_method from order_event ev
                        where ev.order_id = o.id and ev.to_status = 'DELIVERED' order by ev.id desc limit 1) d on true
   where po.line_id = any(?::uuid[])
   order by o.number`;

export interface PayoutBatchRecord {
  id: string;
  reference: string;
  municipalityId: string;
  municipalityName: string;
  status: PayoutBatchStatus;
  deliveredBefore: Date;
  totalCents: number;
  orderCount: number;
  providerCount: number;
  createdAt: Date;
  createdByName: string | null;
  exportedAt: Date | null;
  sepaVersion: string | null;
  paidAt: Date | null;
  cancelledAt: Date | null;
  notExecutedReason: string | null;
  notExecutedRequestedAt: Date | null;
  notExecutedRequestedByName: string | null;
  /** The viewer asked for "niet uitgevoerd" themselves: someone else must confirm. */
  notExecutedRequestedByViewer: boolean;
  notExecutedAt: Date | null;
}

export interface ProviderPayoutRecord {
  id: string;
  reference: string;
  municipalityName: string;
  paidAt: Date;
  amountCents: number;
  orderCount: number;
}

export interface PayoutFilter {
  municipalityId?: string | null;
  status?: PayoutBatchStatus | null;
}

interface Candidate {
  order_id: string;
  number: string;
  provider_id: string;
  provider_name: string;
  amount: string;
}

interface BatchRow {
  id: string;
  reference: string;
  municipality_id: string;
  municipality_name: string;
  status: PayoutBatchStatus;
  delivered_before: Date;
  total_cents: string;
  order_count: number;
  provider_count: string;
  created_at: Date;
  created_by_name: string | null;
  exported_at: Date | null;
  sepa_version: string | null;
  paid_at: Date | null;
  cancelled_at: Date | null;
  not_executed_reason: string | null;
  not_executed_requested_at: Date | null;
  not_executed_requested_by: string | null;
  not_executed_requested_by_name: string | null;
  not_executed_at: Date | null;
}

const BATCH_SELECT = `select b.*, m.name as municipality_name, c.name as created_by_name, r.name as not_executed_requested_by_name,
    (select count(*) from payout_line l where l.batch_id = b.id)::text as provider_count
  from payout_batch b join municipality m on m.id = b.municipality_id
  left join admin_account c on c.id = b.created_by
  left join admin_account r on r.id = b.not_executed_requested_by`;

const NEWEST: KeyOrder = {
  name: 'newest',
  direction: 'desc',
  keys: [
    { expr: 'b.created_at', cast: 'timestamptz' },
    { expr: 'b.id', cast: 'uuid' },
  ],
};

const PAID_NEWEST: KeyOrder = {
  name: 'paid',
  direction: 'desc',
  keys: [
    { expr: 'b.paid_at', cast: 'timestamptz' },
    { expr: 'l.id', cast: 'uuid' },
  ],
};

/**
 * The delivered orders of a municipality that wait for payout: delivered (the last delivery step on the timeline)
 * before `deliveredBefore`, in no batch that holds them (not released), and with what the ledger's PROVIDER_PAYABLE
 * account owes for them (SPEND and CONTRIBUTION in, CANCEL and REFUND out) above zero.
 */
const CANDIDATES = `
  with candidate as (
    select o.id, o.number, o.provider_id
      from customer_order o
     where o.municipality_id = ? and o.status = 'DELIVERED'
       and not exists (select 1 from payout_order po where po.order_id = o.id and not po.released)
  ), delivered as (
    select ev.order_id, max(ev.at) as at
      from candidate c join order_event ev on ev.order_id = c.id and ev.to_status = 'DELIVERED'
     group by ev.order_id
  ), owed as (
    select t.order_id, sum(e.amount_cents) as amount
      from candidate c
      join ledger_transaction t on t.order_id = c.id
      join ledger_entry e on e.transaction_id = t.id
      join ledger_account a on a.id = e.account_id and a.kind = 'PROVIDER_PAYABLE'
     group by t.order_id
  )
  select c.id as order_id, c.number, c.provider_id, pr.name as provider_name, owed.amount::text as amount
    from candidate c
    join delivered d on d.order_id = c.id
    join owed on owed.order_id = c.id
    join provider pr on pr.id = c.provider_id
   where d.at <= ? and owed.amount > 0
   order by pr.name, c.provider_id, c.number`;

/** Dutch messages for a batch in a status that does not allow the action. */
const STATUS_TEXT: Record<PayoutBatchStatus, string> = {
  DRAFT: 'nog een concept',
  EXPORTED: 'al geëxporteerd',
  PAID: 'al betaald',
  CANCELLED: 'geannuleerd',
  NOT_EXECUTED: 'door de bank niet uitgevoerd',
};

const NOT_FOUND = () => problem<never>('id', 'NOT_FOUND', 'Deze uitbetaling is niet gevonden.');

/**
 * Payouts to providers: the delivered orders older than the payout delay (instellingen/betalingen) of a
 * municipality gathered into a batch, one credit transfer per provider with what the ledger owes it for those orders;
 * the SEPA file (pain.001) for the bank; "betaald" books PAYOUT (provider payable → bank) in the ledger.
 *
 * An order is paid out once: the database's partial unique index on payout_order (order_id) among rows not released
 * guarantees it; creating a batch also takes a per-municipality transaction lock, so two finance staff creating a
 * batch at the same moment get one batch with the orders and a clear message, not an error. Staff act within their
 * municipality scope (PAYOUT_MANAGE is checked by the resolver and the HTTP route); providers see their own paid
 * payouts and their specification.
 */
export class PayoutService {
  constructor(
    private readonly ledger: LedgerService,
    private readonly settings: SettingsService,
    private readonly audit: AuditService,
  ) {}

  /**
   * Batches are made and confirmed by named staff members (the second person is another account), so they are for
   * staff alone: not API clients, not jobs. That audience rule, then the one municipality scope (kernel/scope.ts).
   */
  private staffInScope(ctx: RequestContext, municipalityId: string): boolean {
    return ctx.viewer.kind === Audience.STAFF && inScope(ctx.viewer, municipalityId);
  }

  private async cutoff(ctx: RequestContext): Promise<{ deliveredBefore: Date; payoutDelayDays: number }> {
    const { payoutDelayDays } = await this.settings.get('payments', ctx.em);
    return { deliveredBefore: new Date(ctx.clock.now().getTime() - payoutDelayDays * DAY_MS), payoutDelayDays };
  }

  private async municipalityKnown(ctx: RequestContext, municipalityId: string): Promise<boolean> {
    if (!isUuid(municipalityId) || !this.staffInScope(ctx, municipalityId)) return false;
    const [row] = await ctx.em.execute(`select 1 from municipality where id = ?`, [municipalityId]);
    return !!row;
  }

  private static group(candidates: readonly Candidate[]): PayoutCandidateLine[] {
    const lines = new Map<string, PayoutCandidateLine>();
    for (const c of candidates) {
      const line = lines.get(c.provider_id) ?? {
        providerId: c.provider_id,
        providerName: c.provider_name,
        orderCount: 0,
        amountCents: 0,
      };
      line.orderCount++;
      line.amountCents += Number(c.amount);
      lines.set(c.provider_id, line);
    }
    return [...lines.values()];
  }

  /** What a new batch would gather now, per provider. */
  async preview(ctx: RequestContext, municipalityId: string): Promise<Result<PayoutPreview>> {
    if (!(await this.municipalityKnown(ctx, municipalityId)))
      return problem('municipalityId', 'NOT_ALLOWED', 'Kies een gemeente waarvoor u uitbetalingen mag beheren.');
    const { deliveredBefore, payoutDelayDays } = await this.cutoff(ctx);
    const candidates = await ctx.em.execute<Candidate[]>(CANDIDATES, [municipalityId, deliveredBefore]);
    const lines = PayoutService.group(candidates);
    return ok({
      municipalityId,
      deliveredBefore,
      payoutDelayDays,
      orderCount: candidates.length,
      totalCents: lines.reduce((s, l) => s + l.amountCents, 0),
      lines,
    });
  }

  /** A draft batch of everything that waits for payout in the municipality now. */
  async create(ctx: RequestContext, municipalityId: string): Promise<Result<PayoutBatchRecord>> {
    if (!(await this.municipalityKnown(ctx, municipalityId)))
      return problem('municipalityId', 'NOT_ALLOWED', 'Kies een gemeente waarvoor u uitbetalingen mag beheren.');
    const { deliveredBefore } = await this.cutoff(ctx);
    let created: string | null;
    try {
      created = await transactional(ctx, async (tx) => {
        // One batch at a time per municipality: a second creator waits here and then sees the first one's orders.
        await tx.em.execute(`select pg_advisory_xact_lock(hashtext('payout-batch'), hashtext(?))`, [municipalityId]);
        const candidates = await tx.em.execute<Candidate[]>(CANDIDATES, [municipalityId, deliveredBefore]);
        if (!candidates.length) return null;
        const lines = PayoutService.group(candidates);
        const total = lines.reduce((s, l) => s + l.amountCents, 0);
        const [batch] = await tx.em.execute<{ id: string; reference: string }[]>(
          `insert into payout_batch (municipality_id, delivered_before, total_cents, order_count, created_by, created_at)
           values (?, ?, ?, ?, ?, ?) returning id, reference`,
          [municipalityId, deliveredBefore, total, candidates.length, actorOf(tx).id ?? null, tx.clock.now()],
        );
        const byProvider = new Map<string, Candidate[]>();
        for (const c of candidates) {
          const list = byProvider.get(c.provider_id) ?? [];
          list.push(c);
          byProvider.set(c.provider_id, list);
        }
        for (const [i, line] of lines.entries()) {
          const orders = byProvider.get(line.providerId)!;
          const reference = `${batch!.reference}-${String(i + 1).padStart(3, '0')}`;
          const [row] = await tx.em.execute<{ id: string }[]>(
            `insert into payout_line (batch_id, provider_id, reference, amount_cents, order_count, remittance_info)
             values (?, ?, ?, ?, ?, ?) returning id`,
            [
              batch!.id,
              line.providerId,
              reference,
              line.amountCents,
              orders.length,
              remittanceInfo(
                reference,
                orders.map((o) => o.number),
              ),
            ],
          );
          // The database refuses an order already in a batch that holds it (payout_order_once).
          await tx.em.execute(
            `insert into payout_order (batch_id, line_id, order_id, amount_cents)
             select ?, ?, x.order_id, x.amount from unnest(?::uuid[], ?::bigint[]) as x(order_id, amount)`,
            [
              batch!.id,
              row!.id,
              `{${orders.map((o) => o.order_id).join(',')}}`,
              `{${orders.map((o) => o.amount).join(',')}}`,
            ],
          );
        }
        await this.audit.record(tx, {
          action: 'payout.created',
          subjectType: 'payout_batch',
          subjectId: batch!.id,
          details: { reference: batch!.reference, municipalityId, orderCount: candidates.length, totalCents: total },
        });
        return batch!.id;
      });
    } catch (error) {
      if ((error as { code?: string }).code === '23505')
        return problem(
          null,
          'ALREADY_IN_BATCH',
          'Een andere uitbetaling heeft zojuist dezelfde bestellingen opgenomen. Er is niets gewijzigd; probeer het opnieuw.',
        );
      throw error;
    }
    if (!created)
      return problem(
        'municipalityId',
        'NOTHING_TO_PAY',
        'Er zijn geen geleverde bestellingen die klaar zijn voor uitbetaling (ouder dan de uitbetaaltermijn en nog niet in een uitbetaling).',
      );
    return ok((await this.get(ctx, created))!);
  }

  async list(
    ctx: RequestContext,
    filter: PayoutFilter | null | undefined,
    page: ListArgs,
  ): Promise<ConnectionOf<PayoutBatchRecord>> {
    if (ctx.viewer.kind !== Audience.STAFF) return emptyConnection();
    const first = pageSize(page.first);
    const after = keyCondition(NEWEST, page.after);
    const where: string[] = ['true'];
    const params: unknown[] = [];
    if (filter?.municipalityId) {
      if (!isUuid(filter.municipalityId) || !this.staffInScope(ctx, filter.municipalityId)) return emptyConnection();
      where.push('b.municipality_id = ?');
      params.push(filter.municipalityId);
    } else {
      const scope = scopeSql(ctx.viewer, 'b.municipality_id');
      where.push(scope.sql);
      params.push(...scope.params);
    }
    if (filter?.status) {
      where.push('b.status = ?');
      params.push(filter.status);
    }
    const [{ n }] = (await ctx.em.execute<{ n: string }[]>(
      `select count(*)::text as n from payout_batch b where ${where.join(' and ')}`,
      params,
    )) as [{ n: string }];
    const rows = await ctx.em.execute<(BatchRow & Record<string, unknown>)[]>(
      `${BATCH_SELECT.replace('select b.*,', `select b.*, ${keySelect(NEWEST)},`)}
        where ${[...where, ...(after.sql ? [after.sql] : [])].join(' and ')}
        order by ${keyOrderBy(NEWEST)} limit ?`,
      [...params, ...after.params, first + 1],
    );
    return toConnection(rows, {
      first,
      totalCount: Number(n),
      cursorOf: (row) => rowCursor(NEWEST, row),
      nodes: (page) => page.map((r) => this.record(ctx, r)),
    });
  }

  async get(ctx: RequestContext, id: string): Promise<PayoutBatchRecord | null> {
    if (!isUuid(id) || ctx.viewer.kind !== Audience.STAFF) return null;
    const [row] = await ctx.em.execute<BatchRow[]>(`${BATCH_SELECT} where b.id = ?`, [id]);
    return row && this.staffInScope(ctx, row.municipality_id) ? this.record(ctx, row) : null;
  }

  async lines(ctx: RequestContext, batchId: string): Promise<PayoutLineRecord[]> {
    const rows = await ctx.em.execute<
      {
        id: string;
        provider_id: string;
        provider_name: string;
        reference: string;
        amount_cents: string;
        order_count: number;
        remittance_info: string;
      }[]
    >(
      `select l.*, p.name as provider_name from payout_line l join provider p on p.id = l.provider_id
        where l.batch_id = ? order by l.reference`,
      [batchId],
    );
    return rows.map((r) => ({
      id: r.id,
      providerId: r.provider_id,
      providerName: r.provider_name,
      reference: r.reference,
      amountCents: Number(r.amount_cents),
      orderCount: r.order_count,
      remittanceInfo: r.remittance_info,
    }));
  }

  /**
   * The orders each line pays, with how each was handed over (the batch detail screen). Only lines of batches in the
   * viewer's scope: the caller reached them through `get` or `list`.
   */
  async lineOrders(ctx: RequestContext, lineIds: readonly string[]): Promise<PayoutLineOrderRecord[]> {
    if (!lineIds.length || ctx.viewer.kind !== Audience.STAFF) return [];
    const rows = await ctx.em.execute<
      {
        line_id: string;
        order_id: string;
        number: string;
        amount_cents: string;
        delivered_at: Date | null;
        handover_method: HandoverMethodName;
      }[]
    >(LINE_ORDERS, [`{${lineIds.join(',')}}`]);
    return rows.map((r) => ({
      lineId: r.line_id,
      orderId: r.order_id,
      number: r.number,
      amountCents: Number(r.amount_cents),
      deliveredAt: r.delivered_at && new Date(r.delivered_at),
      handoverMethod: r.handover_method,
    }));
  }

  private record(ctx: RequestContext, r: BatchRow): PayoutBatchRecord {
    const me = ctx.viewer.kind === Audience.STAFF ? ctx.viewer.adminAccountId : null;
    return {
      id: r.id,
      reference: r.reference,
      municipalityId: r.municipality_id,
      municipalityName: r.municipality_name,
      status: r.status,
      deliveredBefore: new Date(r.delivered_before),
      totalCents: Number(r.total_cents),
      orderCount: r.order_count,
      providerCount: Number(r.provider_count),
      createdAt: new Date(r.created_at),
      createdByName: r.created_by_name,
      exportedAt: r.exported_at && new Date(r.exported_at),
      sepaVersion: r.sepa_version,
      paidAt: r.paid_at && new Date(r.paid_at),
      cancelledAt: r.cancelled_at && new Date(r.cancelled_at),
      notExecutedReason: r.not_executed_reason,
      notExecutedRequestedAt: r.not_executed_requested_at && new Date(r.not_executed_requested_at),
      notExecutedRequestedByName: r.not_executed_requested_by_name,
      notExecutedRequestedByViewer: !!me && r.not_executed_requested_by === me,
      notExecutedAt: r.not_executed_at && new Date(r.not_executed_at),
    };
  }

  /**
   * Locks the batch (in scope) inside the transaction and checks its status; `null` with the Dutch refusal otherwise.
   */
  private async lock(
    tx: RequestContext,
    id: string,
    allowed: readonly PayoutBatchStatus[],
    action: string,
  ): Promise<Result<{ id: string; reference: string; municipality_id: string; status: PayoutBatchStatus }>> {
    if (!isUuid(id)) return NOT_FOUND();
    const [row] = await tx.em.execute<
      { id: string; reference: string; municipality_id: string; status: PayoutBatchStatus }[]
    >(`select id, reference, municipality_id, status from payout_batch where id = ? for update`, [id]);
    if (!row || !this.staffInScope(tx, row.municipality_id)) return NOT_FOUND();
    if (!allowed.includes(row.status))
      return problem(
        null,
        'INVALID_STATUS',
        `Deze uitbetaling is ${STATUS_TEXT[row.status]} en kan niet meer worden ${action}.`,
      );
    return ok(row);
  }

  /** Runs a change on a locked batch in one transaction; answers with the batch afterwards. */
  private async change(
    ctx: RequestContext,
    id: string,
    allowed: readonly PayoutBatchStatus[],
    action: string,
    work: (
      tx: RequestContext,
      batch: { id: string; reference: string; municipality_id: string },
    ) => Promise<Result<unknown> | void>,
  ): Promise<Result<PayoutBatchRecord>> {
    const outcome = await transactional(ctx, async (tx) => {
      const locked = await this.lock(tx, id, allowed, action);
      if (!locked.ok) return locked;
      const done = await work(tx, locked.value);
      if (done && !done.ok) {
        // Nothing of a refused change may stay.
        throw new Refused(done.errors);
      }
      return ok(null);
    }).catch((error) => {
      if (error instanceof Refused) return { ok: false as const, errors: error.errors };
      throw error;
    });
    if (!outcome.ok) return outcome;
    return ok((await this.get(ctx, id))!);
  }

  /** Cancels a draft: its orders are released for a later batch. */
  cancel(ctx: RequestContext, id: string): Promise<Result<PayoutBatchRecord>> {
    return this.change(ctx, id, ['DRAFT'], 'geannuleerd', async (tx, batch) => {
      await tx.em.execute(`update payout_order set released = true where batch_id = ?`, [batch.id]);
      await tx.em.execute(
        `update payout_batch set status = 'CANCELLED', cancelled_at = ?, cancelled_by = ? where id = ?`,
        [tx.clock.now(), actorOf(tx).id ?? null, batch.id],
      );
      await this.audit.record(tx, {
        action: 'payout.cancelled',
        subjectType: 'payout_batch',
        subjectId: batch.id,
        details: { reference: batch.reference },
      });
    });
  }

  /**
   * The SEPA file of a draft, and the batch moves to EXPORTED in the same transaction (audit-logged): a batch is
   * exported once, so the bank never gets it twice. Refused when the municipality has no debtor account or an IBAN of
   * a provider fails the check.
   */
  async export(ctx: RequestContext, id: string): Promise<Result<{ fileName: string; xml: string; reference: string }>> {
    let file = null as { fileName: string; xml: string; reference: string } | null;
    const result = await this.change(ctx, id, ['DRAFT'], 'geëxporteerd', async (tx, batch) => {
      const payments = await this.settings.get('payments', tx.em);
      const debtor = payments.debtorAccounts[batch.municipality_id];
      if (!debtor)
        return problem(
          null,
          'NO_DEBTOR_ACCOUNT',
          'Voor deze gemeente is nog geen rekening ingesteld waarvan wordt uitbetaald. Vul de naam, het IBAN en de BIC in bij Instellingen › Betalingen.',
        );
      const lines = await tx.em.execute<
        {
          id: string;
          reference: string;
          amount_cents: string;
          remittance_info: string;
          name: string;
          iban: string | null;
        }[]
      >(
        `select l.id, l.reference, l.amount_cents, l.remittance_info, p.name, p.iban
           from payout_line l join provider p on p.id = l.provider_id where l.batch_id = ? order by l.reference`,
        [batch.id],
      );
      const bad = lines.filter((l) => !checkedIban(l.iban));
      if (bad.length)
        return problem(
          null,
          'INVALID_IBAN',
          `Het IBAN van ${bad.map((l) => l.name).join(', ')} klopt niet. Laat de aanbieder het IBAN in het profiel verbeteren; er is niets geëxporteerd.`,
        );
      const abroad = lines.filter((l) => needsDebtorAddress(checkedIban(l.iban)!));
      if (abroad.length && !debtor.address)
        return problem(
          null,
          'NO_DEBTOR_ADDRESS',
          `De bank van ${abroad.map((l) => l.name).join(', ')} staat buiten de Europese Economische Ruimte; dan moet het betaalbestand het adres van de rekeninghouder bevatten. Vul het adres in bij Instellingen › Betalingen; er is niets geëxporteerd.`,
        );
      const [{ name: municipalityName }] = (await tx.em.execute<{ name: string }[]>(
        `select name from municipality where id = ?`,
        [batch.municipality_id],
      )) as [{ name: string }];
      const now = tx.clock.now();
      const messageId = `${batch.reference}-${now.toISOString().slice(0, 19).replace(/\D/g, '')}`;
      const transfers = lines.map((l) => ({
        endToEndId: l.reference,
        creditorName: l.name,
        creditorIban: checkedIban(l.iban)!,
        amountCents: Number(l.amount_cents),
        remittanceInfo: l.remittance_info,
      }));
      const xml = sepaCreditTransfer({
        version: payments.sepaVersion,
        messageId,
        createdAt: now,
        // The next TARGET2 banking day after today in the Netherlands (an export at 00:30 is of the new day).
        executionDate: nextTargetBankingDay(today(tx.clock)),
        initiatorName: debtor.name || municipalityName,
        debtor,
        transfers,
      });
      for (const t of transfers)
        await tx.em.execute(`update payout_line set creditor_name = ?, creditor_iban = ? where reference = ?`, [
          t.creditorName,
          t.creditorIban,
          t.endToEndId,
        ]);
      await tx.em.execute(
        `update payout_batch set status = 'EXPORTED', exported_at = ?, exported_by = ?, sepa_version = ?, export_message_id = ?
          where id = ?`,
        [now, actorOf(tx).id ?? null, payments.sepaVersion, messageId, batch.id],
      );
      await this.audit.record(tx, {
        action: 'payout.exported',
        subjectType: 'payout_batch',
        subjectId: batch.id,
        details: { reference: batch.reference, sepaVersion: payments.sepaVersion, messageId, transfers: lines.length },
      });
      file = { fileName: `uitbetaling-${batch.reference}.xml`, xml, reference: batch.reference };
    });
    if (!result.ok) return result;
    return ok(file!);
  }

  /** The bank paid the exported batch: books PAYOUT (each provider's payable → the municipality's bank) once. */
  markPaid(ctx: RequestContext, id: string): Promise<Result<PayoutBatchRecord>> {
    return this.change(ctx, id, ['EXPORTED'], 'als betaald gemarkeerd', async (tx, batch) => {
      const lines = await tx.em.execute<{ provider_id: string; amount_cents: string }[]>(
        `select provider_id, amount_cents from payout_line where batch_id = ? order by reference`,
        [batch.id],
      );
      const entries = [];
      let total = 0;
      for (const l of lines) {
        entries.push({
          accountId: await this.ledger.providerPayableAccount(tx.em, batch.municipality_id, l.provider_id),
          amountCents: -Number(l.amount_cents),
        });
        total += Number(l.amount_cents);
      }
      entries.push({ accountId: await this.ledger.bankAccount(tx.em, batch.municipality_id), amountCents: total });
      const transactionId = await this.ledger.post(tx.em, {
        kind: 'PAYOUT',
        municipalityId: batch.municipality_id,
        description: `Uitbetaling ${batch.reference} aan aanbieders`,
        actor: actorOf(tx),
        idempotencyKey: `payout:${batch.id}`,
        entries,
      });
      await tx.em.execute(
        `update payout_batch set status = 'PAID', paid_at = ?, paid_by = ?, ledger_transaction_id = ?,
                not_executed_reason = null, not_executed_requested_by = null, not_executed_requested_at = null
          where id = ?`,
        [tx.clock.now(), actorOf(tx).id ?? null, transactionId, batch.id],
      );
      await this.audit.record(tx, {
        action: 'payout.paid',
        subjectType: 'payout_batch',
        subjectId: batch.id,
        details: { reference: batch.reference, totalCents: total, ledgerTransactionId: transactionId },
      });
    });
  }

  /** First person: the bank did not execute the exported batch, with the reason. A second person must confirm. */
  reportNotExecuted(ctx: RequestContext, id: string, reason: string): Promise<Result<PayoutBatchRecord>> {
    const clean = (reason ?? '').trim();
    if (clean.length < 3)
      return Promise.resolve(
        problem('reason', 'REQUIRED', 'Vul in waarom de bank de uitbetaling niet heeft uitgevoerd.'),
      );
    if (clean.length > NOT_EXECUTED_REASON_MAX)
      return Promise.resolve(problem('reason', 'TOO_LONG', `De reden is hoogstens ${NOT_EXECUTED_REASON_MAX} tekens.`));
    return this.change(ctx, id, ['EXPORTED'], 'als niet uitgevoerd gemeld', async (tx, batch) => {
      await tx.em.execute(
        `update payout_batch set not_executed_reason = ?, not_executed_requested_by = ?, not_executed_requested_at = ?
          where id = ?`,
        [clean, actorOf(tx).id ?? null, tx.clock.now(), batch.id],
      );
      await this.audit.record(tx, {
        action: 'payout.not_executed_reported',
        subjectType: 'payout_batch',
        subjectId: batch.id,
        details: { reference: batch.reference },
      });
    });
  }

  /**
   * Second person: confirms "niet uitgevoerd door de bank" (a different staff account with PAYOUT_MANAGE): the batch
   * is NOT_EXECUTED and its orders are released; no money moved, so nothing is booked.
   */
  confirmNotExecuted(ctx: RequestContext, id: string): Promise<Result<PayoutBatchRecord>> {
    return this.change(ctx, id, ['EXPORTED'], 'als niet uitgevoerd bevestigd', async (tx, batch) => {
      const [row] = await tx.em.execute<{ not_executed_requested_by: string | null }[]>(
        `select not_executed_requested_by from payout_batch where id = ?`,
        [batch.id],
      );
      if (!row?.not_executed_requested_by)
        return problem(
          null,
          'NOT_REPORTED',
          'Er is nog niet gemeld dat de bank deze uitbetaling niet heeft uitgevoerd. Meld dat eerst, met de reden.',
        );
      const me = actorOf(tx).id;
      if (!me || me === row.not_executed_requested_by || !hasPermission(tx.viewer, Permission.PAYOUT_MANAGE))
        return problem(
          null,
          'SECOND_PERSON_REQUIRED',
          'Een tweede medewerker met het recht om uitbetalingen te beheren moet dit bevestigen; u heeft het zelf gemeld.',
        );
      await tx.em.execute(`update payout_order set released = true where batch_id = ?`, [batch.id]);
      await tx.em.execute(
        `update payout_batch set status = 'NOT_EXECUTED', not_executed_confirmed_by = ?, not_executed_at = ? where id = ?`,
        [me, tx.clock.now(), batch.id],
      );
      await this.audit.record(tx, {
        action: 'payout.not_executed_confirmed',
        subjectType: 'payout_batch',
        subjectId: batch.id,
        details: { reference: batch.reference },
      });
    });
  }

  /** The viewer's (a provider's) paid payouts, newest first. */
  async providerPayouts(ctx: RequestContext, page: ListArgs): Promise<ConnectionOf<ProviderPayoutRecord>> {
    if (ctx.viewer.kind !== Audience.PROVIDER) return emptyConnection();
    const first = pageSize(page.first);
    const after = keyCondition(PAID_NEWEST, page.after);
    const where = [`l.provider_id = ?`, `b.status = 'PAID'`];
    const params: unknown[] = [ctx.viewer.providerId];
    const [{ n }] = (await ctx.em.execute<{ n: string }[]>(
      `select count(*)::text as n from payout_line l join payout_batch b on b.id = l.batch_id where ${where.join(' and ')}`,
      params,
    )) as [{ n: string }];
    const rows = await ctx.em.execute<
      {
        id: string;
        reference: string;
        municipality_name: string;
        paid_at: Date;
        amount_cents: string;
        order_count: number;
      }[]
    >(
      `select l.id, l.reference, m.name as municipality_name, b.paid_at, l.amount_cents, l.order_count, ${keySelect(PAID_NEWEST)}
         from payout_line l join payout_batch b on b.id = l.batch_id join municipality m on m.id = b.municipality_id
        where ${[...where, ...(after.sql ? [after.sql] : [])].join(' and ')}
        order by ${keyOrderBy(PAID_NEWEST)} limit ?`,
      [...params, ...after.params, first + 1],
    );
    return toConnection(rows, {
      first,
      totalCount: Number(n),
      cursorOf: (row) => rowCursor(PAID_NEWEST, row as unknown as Record<string, unknown>),
      nodes: (page) =>
        page.map((r) => ({
          id: r.id,
          reference: r.reference,
          municipalityName: r.municipality_name,
          paidAt: new Date(r.paid_at),
          amountCents: Number(r.amount_cents),
          orderCount: r.order_count,
        })),
    });
  }

  /**
   * The specification of one payout as CSV, for the provider's own bookkeeping: every order with its delivery date, how
   * it was handed over and its amount, and the total, matching the transfer on the bank statement. Only the provider's own, paid payouts (null otherwise).
   */
  async specificationCsv(ctx: RequestContext, lineId: string): Promise<{ fileName: string; csv: string } | null> {
    if (ctx.viewer.kind !== Audience.PROVIDER || !isUuid(lineId)) return null;
    const [line] = await ctx.em.execute<
      { reference: string; amount_cents: string; paid_at: Date; remittance_info: string }[]
    >(
      `select l.reference, l.amount_cents, b.paid_at, l.remittance_info from payout_line l
         join payout_batch b on b.id = l.batch_id
        where l.id = ? and l.provider_id = ? and b.status = 'PAID'`,
      [lineId, ctx.viewer.providerId],
    );
    if (!line) return null;
    const orders = await ctx.em.execute<
      { number: string; delivered_at: Date | null; amount_cents: string; handover_method: HandoverMethodName }[]
    >(LINE_ORDERS, [`{${lineId}}`]);
    const euros = (cents: number) => (cents / 100).toFixed(2).replace('.', ',');
    const day = (d: Date | null) =>
      d ? new Intl.DateTimeFormat('sv-SE', { timeZone: 'Europe/Amsterdam' }).format(new Date(d)) : '';
    // One payout's orders: small enough to write at once, through the one CSV writer (platform/csv.ts).
    const csv = csvText(
      [
        { header: 'Kenmerk' },
        { header: 'Bestelling' },
        { header: 'Geleverd op' },
        { header: 'Overdracht' },
        { header: 'Bedrag (EUR)', number: euros },
      ],
      [
        ...orders.map((o) => [
          line.reference,
          o.number,
          day(o.delivered_at),
          HANDOVER_LABEL[o.handover_method],
          Number(o.amount_cents),
        ]),
        [line.reference, 'Totaal', day(line.paid_at), '', Number(line.amount_cents)],
      ],
      { delimiter: ';', bom: true },
    );
    return { fileName: `specificatie-${line.reference}.csv`, csv };
  }
}

class Refused extends Error {
  constructor(readonly errors: UserError[]) {
    super('refused');
  }
}
