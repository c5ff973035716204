import { GraphQLError } from 'graphql';
import { Audience } from '../../kernel/permissions.js';
import { scopeIds, scopeSql } from '../../kernel/scope.js';
import { cappedCount, emptyConnection, pageSize, toConnection, type ListArgs } from '../../graphql/pagination.js';
import { isUuid } from '../../graphql/ids.js';
import { isIsoDate } from '../../kernel/dates.js';
import type { RequestContext } from '../../kernel/request-context.js';
import { keyCondition, rowCursor } from '../../graphql/keyset.js';
import {
  PaymentRecordKind,
  PaymentServiceProviderEnum,
  type PaymentRecordFilter,
  type PaymentRecordPage,
  type PaymentRecordTotals,
  type PaymentRecordView,
} from './payment-admin.types.js';
import {
  NEWEST_FIRST,
  RECORDS,
  recordPage,
  recordTotals,
  type PaymentRecordQuery,
  type RecordRow,
} from './payment-admin.queries.js';

export type { PaymentRecordQuery };

function badInput(message: string, field: string): never {
  throw new GraphQLError(message, { extensions: { code: 'BAD_USER_INPUT', field } });
}

/** The export batch size: rows fetched per statement while streaming. */
export const EXPORT_BATCH_SIZE = 1000;

/**
 * The finance payments list (/admin/beheer/betalingen): every own-contribution payment and refund within the staff
 * member's municipality scope, filtered; totals over the filtered set; and the same rows in batches for the CSV
 * export, so an export of any size holds one batch in memory at a time.
 */
export class PaymentAdminService {
  /** The filter as SQL (throws BAD_USER_INPUT with a Dutch message on a bad value); null: nothing can match. */
  query(ctx: RequestContext, filter: PaymentRecordFilter | null | undefined): PaymentRecordQuery | null {
    const f = filter ?? {};
    const v = ctx.viewer;
    if (v.kind !== Audience.STAFF && v.kind !== Audience.API_CLIENT) return null;
    const where: string[] = [];
    const params: unknown[] = [];
    // One municipality is an equality, so each half of the union walks its (municipality_id, created_at, id) index.
    if (scopeIds(v)?.length === 0) return null;
    const scope = scopeSql(v, 'x.municipality_id');
    where.push(scope.sql);
    params.push(...scope.params);
    if (f.kind) {
      where.push('x.kind = ?');
      params.push(f.kind);
    }
    if (f.status) {
      where.push('x.status = ?');
      params.push(f.status);
    }
    if (f.municipalityId) {
      if (!isUuid(f.municipalityId)) return null;
      where.push('x.municipality_id = ?');
      params.push(f.municipalityId);
    }
    if (f.provider) {
      where.push('x.provider = ?');
      params.push(f.provider === PaymentServiceProviderEnum.MOLLIE ? 'mollie' : 'simulator');
    }
    if (f.from) {
      if (!isIsoDate(f.from)) badInput('Vul een geldige begindatum in, bijvoorbeeld 2026-03-01.', 'from');
      where.push(`x.created_at >= (?::date)::timestamp at time zone 'Europe/Amsterdam'`);
      params.push(f.from);
    }
    if (f.to) {
      if (!isIsoDate(f.to)) badInput('Vul een geldige einddatum in, bijvoorbeeld 2026-03-31.', 'to');
      where.push(`x.created_at < (?::date + 1)::timestamp at time zone 'Europe/Amsterdam'`);
      params.push(f.to);
    }
    if (f.from && f.to && f.from > f.to) badInput('De begindatum ligt na de einddatum.', 'from');
    if (f.minCents != null) {
      if (f.minCents < 0) badInput('Een bedrag kan niet negatief zijn.', 'minCents');
      where.push('x.amount_cents >= ?');
      params.push(f.minCents);
    }
    if (f.maxCents != null) {
      if (f.maxCents < 0) badInput('Een bedrag kan niet negatief zijn.', 'maxCents');
      where.push('x.amount_cents <= ?');
      params.push(f.maxCents);
    }
    if (f.minCents != null && f.maxCents != null && f.minCents > f.maxCents)
      badInput('Het minimumbedrag is hoger dan het maximumbedrag.', 'minCents');
    const refundStatus = f.status ? String(f.status).startsWith('REFUND') : null;
    return {
      where,
      params,
      payments: f.kind !== PaymentRecordKind.REFUND && refundStatus !== true,
      refunds: f.kind !== PaymentRecordKind.PAYMENT && refundStatus !== false,
    };
  }

  async list(
    ctx: RequestContext,
    filter: PaymentRecordFilter | null | undefined,
    page: ListArgs,
  ): Promise<PaymentRecordPage> {
    const first = pageSize(page.first);
    // The cursor is checked first: a bad one is an error even when nothing matches.
    const cursor = keyCondition(NEWEST_FIRST, page.after);
    const q = this.query(ctx, filter);
    if (!q) return emptyConnection();
    const condition = q.where.length ? q.where.join(' and ') : 'true';
    // Counted up to COUNT_CAP (the screen then says "meer dan 1.000"); the totals query has the exact sums.
    const counted = await cappedCount(ctx.em, `${RECORDS} where ${condition}`, q.params);
    if (!counted.totalCount) return emptyConnection();
    const rows = await recordPage(ctx.em, q, cursor, first + 1);
    return toConnection(rows, {
      first,
      ...counted,
      cursorOf: (row) => rowCursor(NEWEST_FIRST, row as unknown as Record<string, unknown>),
      nodes: (rowsOfPage) => rowsOfPage.map(toView),
    });
  }

  async totals(ctx: RequestContext, filter: PaymentRecordFilter | null | undefined): Promise<PaymentRecordTotals> {
    const q = this.query(ctx, filter);
    const zero = { payments: 0, paymentsCents: 0, paidCents: 0, refunds: 0, refundsCents: 0, netCents: 0 };
    if (!q) return zero;
    const row = await recordTotals(ctx.em, q);
    if (!row) return zero;
    return {
      payments: Number(row.payments),
      paymentsCents: Number(row.payments_cents),
      paidCents: Number(row.paid_cents),
      refunds: Number(row.refunds),
      refundsCents: Number(row.refunds_cents),
      netCents: Number(row.paid_cents) - Number(row.refunded_cents),
    };
  }

  /**
   * The filtered rows, newest first, one batch (keyset page) at a time: the CSV export. Only one batch is held in
   * memory; the caller writes it out (with back-pressure) before the next statement runs.
   */
  async *batches(
    ctx: RequestContext,
    query: PaymentRecordQuery,
    batchSize = EXPORT_BATCH_SIZE,
  ): AsyncGenerator<PaymentRecordView[]> {
    let after: string | null = null;
    for (;;) {
      const rows = await recordPage(ctx.em, query, keyCondition(NEWEST_FIRST, after), batchSize);
      if (!rows.length) return;
      yield rows.map(toView);
      if (rows.length < batchSize) return;
      after = rowCursor(NEWEST_FIRST, rows.at(-1) as unknown as Record<string, unknown>);
    }
  }
}

function toView(row: RecordRow): PaymentRecordView {
  return {
    id: row.id,
    kind: row.kind,
    paymentId: row.payment_id,
    municipalityId: row.municipality_id,
    municipalityName: row.municipality_name,
    provider: row.provider === 'mollie' ? PaymentServiceProviderEnum.MOLLIE : PaymentServiceProviderEnum.SIMULATOR,
    externalId: row.external_id,
    amountCents: Number(row.amount_cents),
    status: row.status,
    createdAt: new Date(row.created_at),
    settledAt: row.settled_at ? new Date(row.settled_at) : null,
  };
}
