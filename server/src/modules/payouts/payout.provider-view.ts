import { Audience } from '../../kernel/permissions.js';
import { csvText } from '../../platform/csv.js';
import { isUuid } from '../../graphql/ids.js';
import { keysetPage } from '../../graphql/keyset.js';
import { emptyConnection, type ConnectionOf, type ListArgs } from '../../graphql/pagination.js';
import type { RequestContext } from '../../kernel/request-context.js';
import { HANDOVER_LABEL } from '../../rules/handover.js';
import type { ProviderPayoutRecord } from './payout.records.js';
import { PAID_NEWEST, lineOrderRows, paidLine, paidLinePage } from './payout.queries.js';

/** The provider's view of payouts: their own paid payouts, and each one's specification as CSV. */
export class ProviderPayouts {
  /** The viewer's (a provider's) paid payouts, newest first. */
  async providerPayouts(ctx: RequestContext, page: ListArgs): Promise<ConnectionOf<ProviderPayoutRecord>> {
    if (ctx.viewer.kind !== Audience.PROVIDER) return emptyConnection();
    const providerId = ctx.viewer.providerId;
    return keysetPage(
      PAID_NEWEST,
      page,
      (after, limit) => paidLinePage(ctx.em, providerId, after, limit),
      (page) =>
        page.map((r) => ({
          id: r.id,
          reference: r.reference,
          municipalityName: r.municipality_name,
          paidAt: new Date(r.paid_at),
          amountCents: Number(r.amount_cents),
          orderCount: r.order_count,
        })),
    );
  }

  /**
   * The specification of one payout as CSV, for the provider's own bookkeeping: every order with its delivery date, how
   * it was handed over and its amount, and the total, matching the transfer on the bank statement. Only the provider's own, paid payouts (null otherwise).
   */
  async specificationCsv(ctx: RequestContext, lineId: string): Promise<{ fileName: string; csv: string } | null> {
    if (ctx.viewer.kind !== Audience.PROVIDER || !isUuid(lineId)) return null;
    const line = await paidLine(ctx.em, lineId, ctx.viewer.providerId);
    if (!line) return null;
    const orders = await lineOrderRows(ctx.em, [lineId]);
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
