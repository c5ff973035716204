import type { ConnectionOf, ListArgs } from '../../graphql/pagination.js';
import type { RequestContext } from '../../kernel/request-context.js';
import type { Result } from '../../kernel/result.js';
import type { AuditService } from '../audit/index.js';
import type { LedgerService } from '../ledger/index.js';
import type { SettingsService } from '../settings/index.js';
import { PayoutBatches, type PayoutListener } from './payout.batches.js';
import { ProviderPayouts } from './payout.provider-view.js';
import type {
  PayoutBatchRecord,
  PayoutFilter,
  PayoutLineOrderRecord,
  PayoutLineRecord,
  PayoutPreview,
  ProviderPayoutRecord,
} from './payout.records.js';

/**
 * Payouts to providers, in two parts along their seam: the batches staff make, export, mark paid or not executed
 * (`payout.batches.ts`), and the provider's view of their paid payouts (`payout.provider-view.ts`); the SQL of both
 * is in `payout.queries.ts`. This class is the one face resolvers and routes call. Staff act within their
 * municipality scope (PAYOUT_MANAGE is checked by the resolver and the HTTP route); providers see their own paid
 * payouts and their specification.
 */
export class PayoutService {
  private readonly batches: PayoutBatches;
  private readonly provider = new ProviderPayouts();

  constructor(ledger: LedgerService, settings: SettingsService, audit: AuditService) {
    this.batches = new PayoutBatches(ledger, settings, audit);
  }

  /** Called inside the transaction of every export and payment (the webhooks' outbox). */
  onChange(listener: PayoutListener): void {
    this.batches.onChange(listener);
  }

  // ---- batches (staff) -----------------------------------------------------------------------------------------

  /** What a new batch would gather now, per provider. */
  preview(ctx: RequestContext, municipalityId: string): Promise<Result<PayoutPreview>> {
    return this.batches.preview(ctx, municipalityId);
  }

  /** A draft batch of everything that waits for payout in the municipality now. */
  create(ctx: RequestContext, municipalityId: string): Promise<Result<PayoutBatchRecord>> {
    return this.batches.create(ctx, municipalityId);
  }

  list(
    ctx: RequestContext,
    filter: PayoutFilter | null | undefined,
    page: ListArgs,
  ): Promise<ConnectionOf<PayoutBatchRecord>> {
    return this.batches.list(ctx, filter, page);
  }

  get(ctx: RequestContext, id: string): Promise<PayoutBatchRecord | null> {
    return this.batches.get(ctx, id);
  }

  lines(ctx: RequestContext, batchId: string): Promise<PayoutLineRecord[]> {
    return this.batches.lines(ctx, batchId);
  }

  /** The orders each line pays, with how each was handed over (lines the caller reached through `get` or `list`). */
  lineOrders(ctx: RequestContext, lineIds: readonly string[]): Promise<PayoutLineOrderRecord[]> {
    return this.batches.lineOrders(ctx, lineIds);
  }

  /** Cancels a draft: its orders are released for a later batch. */
  cancel(ctx: RequestContext, id: string): Promise<Result<PayoutBatchRecord>> {
    return this.batches.cancel(ctx, id);
  }

  /** The SEPA file of a draft; the batch moves to EXPORTED in the same transaction. */
  export(ctx: RequestContext, id: string): Promise<Result<{ fileName: string; xml: string; reference: string }>> {
    return this.batches.export(ctx, id);
  }

  /** The bank paid the exported batch: books PAYOUT once. */
  markPaid(ctx: RequestContext, id: string): Promise<Result<PayoutBatchRecord>> {
    return this.batches.markPaid(ctx, id);
  }

  /** First person: the bank did not execute the exported batch, with the reason. */
  reportNotExecuted(ctx: RequestContext, id: string, reason: string): Promise<Result<PayoutBatchRecord>> {
    return this.batches.reportNotExecuted(ctx, id, reason);
  }

  /** Second person: confirms "niet uitgevoerd door de bank"; the orders are released. */
  confirmNotExecuted(ctx: RequestContext, id: string): Promise<Result<PayoutBatchRecord>> {
    return this.batches.confirmNotExecuted(ctx, id);
  }

  // ---- the provider's view -------------------------------------------------------------------------------------

  /** The viewer's (a provider's) paid payouts, newest first. */
  providerPayouts(ctx: RequestContext, page: ListArgs): Promise<ConnectionOf<ProviderPayoutRecord>> {
    return this.provider.providerPayouts(ctx, page);
  }

  /** The specification of one of the provider's own paid payouts as CSV (null otherwise). */
  specificationCsv(ctx: RequestContext, lineId: string): Promise<{ fileName: string; csv: string } | null> {
    return this.provider.specificationCsv(ctx, lineId);
  }
}
