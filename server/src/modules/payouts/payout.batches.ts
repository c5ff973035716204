import { Audience, Permission } from '../../kernel/permissions.js';
import { hasPermission } from '../../kernel/viewer.js';
import { inScope, scopeSql } from '../../kernel/scope.js';
import type { UserError } from '../../kernel/errors.js';
import { isUuid } from '../../graphql/ids.js';
import { keysetPage } from '../../graphql/keyset.js';
import { emptyConnection, type ConnectionOf, type ListArgs } from '../../graphql/pagination.js';
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
import type {
  PayoutBatchRecord,
  PayoutCandidateLine,
  PayoutFilter,
  PayoutLineOrderRecord,
  PayoutLineRecord,
  PayoutPreview,
} from './payout.records.js';
import {
  NEWEST,
  batchById,
  batchPage,
  candidates,
  exportLines,
  insertBatch,
  insertLine,
  lineAmounts,
  lineOrderRows,
  lineRows,
  lockBatch,
  lockBatchCreation,
  markCancelled,
  markExported,
  markNotExecuted,
  markNotExecutedReported,
  markPaid,
  municipalityExists,
  municipalityName,
  notExecutedReporter,
  releaseOrders,
  type BatchRow,
  type Candidate,
} from './payout.queries.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The reason a bank did not execute a batch: required, within reason. */
export const NOT_EXECUTED_REASON_MAX = 500;

/** Dutch messages for a batch in a status that does not allow the action. */
const STATUS_TEXT: Record<PayoutBatchStatus, string> = {
  DRAFT: 'nog een concept',
  EXPORTED: 'al geëxporteerd',
  PAID: 'al betaald',
  CANCELLED: 'geannuleerd',
  NOT_EXECUTED: 'door de bank niet uitgevoerd',
};

const NOT_FOUND = () => problem<never>('id', 'NOT_FOUND', 'Deze uitbetaling is niet gevonden.');

class Refused extends Error {
  constructor(readonly errors: UserError[]) {
    super('refused');
  }
}

/**
 * The batches (staff): the delivered orders older than the payout delay (instellingen/betalingen) of a municipality
 * gathered into a batch, one credit transfer per provider with what the ledger owes it for those orders; the SEPA
 * file (pain.001) for the bank; "betaald" books PAYOUT (provider payable → bank) in the ledger; "niet uitgevoerd"
 * reported by one staff member and confirmed by another.
 *
 * An order is paid out once: the database's partial unique index on payout_order (order_id) among rows not released
 * guarantees it; creating a batch also takes a per-municipality transaction lock, so two finance staff creating a
 * batch at the same moment get one batch with the orders and a clear message, not an error.
 */
/**
 * Told of an export or a payment inside its transaction (webhooks' outbox, given by the composition root): named here
 * so payouts imports no module that listens.
 */
export type PayoutListener = (
  tx: RequestContext,
  change: {
    type: 'payout.exported' | 'payout.paid';
    batchId: string;
    municipalityId: string;
    totalCents: number;
    lineCount: number;
  },
) => Promise<void>;

export class PayoutBatches {
  private readonly listeners: PayoutListener[] = [];

  onChange(listener: PayoutListener): void {
    this.listeners.push(listener);
  }

  private async tell(tx: RequestContext, change: Parameters<PayoutListener>[1]): Promise<void> {
    for (const listener of this.listeners) await listener(tx, change);
  }

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
    return municipalityExists(ctx.em, municipalityId);
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
    const found = await candidates(ctx.em, municipalityId, deliveredBefore);
    const lines = PayoutBatches.group(found);
    return ok({
      municipalityId,
      deliveredBefore,
      payoutDelayDays,
      orderCount: found.length,
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
        await lockBatchCreation(tx.em, municipalityId);
        const waiting = await candidates(tx.em, municipalityId, deliveredBefore);
        if (!waiting.length) return null;
        const lines = PayoutBatches.group(waiting);
        const total = lines.reduce((s, l) => s + l.amountCents, 0);
        const batch = await insertBatch(tx.em, {
          municipalityId,
          deliveredBefore,
          totalCents: total,
          orderCount: waiting.length,
          createdBy: actorOf(tx).id ?? null,
          createdAt: tx.clock.now(),
        });
        const byProvider = new Map<string, Candidate[]>();
        for (const c of waiting) {
          const list = byProvider.get(c.provider_id) ?? [];
          list.push(c);
          byProvider.set(c.provider_id, list);
        }
        for (const [i, line] of lines.entries()) {
          const orders = byProvider.get(line.providerId)!;
          const reference = `${batch.reference}-${String(i + 1).padStart(3, '0')}`;
          // The database refuses an order already in a batch that holds it (payout_order_once).
          await insertLine(tx.em, {
            batchId: batch.id,
            providerId: line.providerId,
            reference,
            amountCents: line.amountCents,
            remittanceInfo: remittanceInfo(
              reference,
              orders.map((o) => o.number),
            ),
            orders,
          });
        }
        await this.audit.record(tx, {
          action: 'payout.created',
          subjectType: 'payout_batch',
          subjectId: batch.id,
          details: { reference: batch.reference, municipalityId, orderCount: waiting.length, totalCents: total },
        });
        return batch.id;
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
    return keysetPage(
      NEWEST,
      page,
      (after, limit) => {
        const where: string[] = ['true'];
        const params: unknown[] = [];
        if (filter?.municipalityId) {
          if (!isUuid(filter.municipalityId) || !this.staffInScope(ctx, filter.municipalityId)) return null;
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
        return batchPage(ctx.em, where, params, after, limit);
      },
      (rows) => rows.map((r) => this.record(ctx, r)),
    );
  }

  async get(ctx: RequestContext, id: string): Promise<PayoutBatchRecord | null> {
    if (!isUuid(id) || ctx.viewer.kind !== Audience.STAFF) return null;
    const row = await batchById(ctx.em, id);
    return row && this.staffInScope(ctx, row.municipality_id) ? this.record(ctx, row) : null;
  }

  async lines(ctx: RequestContext, batchId: string): Promise<PayoutLineRecord[]> {
    const rows = await lineRows(ctx.em, batchId);
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
    const rows = await lineOrderRows(ctx.em, lineIds);
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
    const row = await lockBatch(tx.em, id);
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
      await releaseOrders(tx.em, batch.id);
      await markCancelled(tx.em, batch.id, tx.clock.now(), actorOf(tx).id ?? null);
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
      const lines = await exportLines(tx.em, batch.id);
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
      const municipality = await municipalityName(tx.em, batch.municipality_id);
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
        initiatorName: debtor.name || municipality,
        debtor,
        transfers,
      });
      await markExported(tx.em, batch.id, {
        at: now,
        by: actorOf(tx).id ?? null,
        sepaVersion: payments.sepaVersion,
        messageId,
        creditors: transfers.map((t) => ({ reference: t.endToEndId, name: t.creditorName, iban: t.creditorIban })),
      });
      await this.audit.record(tx, {
        action: 'payout.exported',
        subjectType: 'payout_batch',
        subjectId: batch.id,
        details: { reference: batch.reference, sepaVersion: payments.sepaVersion, messageId, transfers: lines.length },
      });
      await this.tell(tx, {
        type: 'payout.exported',
        batchId: batch.id,
        municipalityId: batch.municipality_id,
        totalCents: transfers.reduce((sum, t) => sum + t.amountCents, 0),
        lineCount: lines.length,
      });
      file = { fileName: `uitbetaling-${batch.reference}.xml`, xml, reference: batch.reference };
    });
    if (!result.ok) return result;
    return ok(file!);
  }

  /** The bank paid the exported batch: books PAYOUT (each provider's payable → the municipality's bank) once. */
  markPaid(ctx: RequestContext, id: string): Promise<Result<PayoutBatchRecord>> {
    return this.change(ctx, id, ['EXPORTED'], 'als betaald gemarkeerd', async (tx, batch) => {
      const lines = await lineAmounts(tx.em, batch.id);
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
      await markPaid(tx.em, batch.id, {
        at: tx.clock.now(),
        by: actorOf(tx).id ?? null,
        ledgerTransactionId: transactionId,
      });
      await this.audit.record(tx, {
        action: 'payout.paid',
        subjectType: 'payout_batch',
        subjectId: batch.id,
        details: { reference: batch.reference, totalCents: total, ledgerTransactionId: transactionId },
      });
      await this.tell(tx, {
        type: 'payout.paid',
        batchId: batch.id,
        municipalityId: batch.municipality_id,
        totalCents: total,
        lineCount: lines.length,
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
      await markNotExecutedReported(tx.em, batch.id, { reason: clean, by: actorOf(tx).id ?? null, at: tx.clock.now() });
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
      const reporter = await notExecutedReporter(tx.em, batch.id);
      if (!reporter)
        return problem(
          null,
          'NOT_REPORTED',
          'Er is nog niet gemeld dat de bank deze uitbetaling niet heeft uitgevoerd. Meld dat eerst, met de reden.',
        );
      const me = actorOf(tx).id;
      if (!me || me === reporter || !hasPermission(tx.viewer, Permission.PAYOUT_MANAGE))
        return problem(
          null,
          'SECOND_PERSON_REQUIRED',
          'Een tweede medewerker met het recht om uitbetalingen te beheren moet dit bevestigen; u heeft het zelf gemeld.',
        );
      await releaseOrders(tx.em, batch.id);
      await markNotExecuted(tx.em, batch.id, me, tx.clock.now());
      await this.audit.record(tx, {
        action: 'payout.not_executed_confirmed',
        subjectType: 'payout_batch',
        subjectId: batch.id,
        details: { reference: batch.reference },
      });
    });
  }
}
