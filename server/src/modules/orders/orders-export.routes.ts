import { Permission } from '../../kernel/permissions.js';
import { defineCsvExport, euroAmount as euros, exportQuery, queryText, sendCsv } from '../../http/csv-export.js';
import { keyCondition, rowCursor } from '../../graphql/keyset.js';
import { today } from '../../kernel/clock.js';
import { AMSTERDAM_DATE_TIME } from '../../kernel/dates.js';
import {
  HANDOVER_LABEL,
  REDEMPTION_LABEL,
  type HandoverMethodName,
  type RedemptionMethodName,
} from '../../rules/handover.js';
import { OrderStatusEnum } from './order.types.js';
import { exportBatch, NEWEST_FIRST } from './order-lists.queries.js';
import type { AdminOrderFilter } from './order-work.types.js';

export const ORDERS_EXPORT_PATH = '/api/admin/bestellingen.csv';

/** Rows per database round trip: the export never holds more than this many orders in memory. */
const BATCH = 1000;

const STATUS: Record<string, string> = {
  AWAITING_PAYMENT: 'Wacht op betaling',
  PLACED: 'Geplaatst',
  ACCEPTED: 'Geaccepteerd',
  DELIVERED: 'Geleverd',
  CANCELLED: 'Geannuleerd',
};

const amsterdam = new Intl.DateTimeFormat('nl-NL', AMSTERDAM_DATE_TIME);

/** The export's columns (platform/csv.ts): the amounts are number columns; names and numbers are text. */
const COLUMNS = [
  { header: 'Bestelnummer' },
  { header: 'Besteld op' },
  { header: 'Status' },
  { header: 'Aanbieder' },
  { header: 'Gemeente' },
  { header: 'Klantnummer' },
  { header: 'Levering' },
  { header: 'Overdracht' },
  { header: 'Totaal', number: euros },
  { header: 'Uit tegoed', number: euros },
  { header: 'Eigen bijdrage', number: euros },
];

/**
 * `GET /api/admin/bestellingen.csv?search=&status=&providerId=&from=&to=`: the staff order list (/admin/bestellingen)
 * as CSV, with exactly the list's filters and scope (OrderListService.adminOrderConditions), newest first. Needs
 * ORDER_READ. Each row says how the order reaches the resident (Levering) and, once delivered, how it was handed over
 * (Overdracht: at the counter with the card or the pickup code, or sent by the provider), as the payout batch does.
 * Streamed: the orders are read in keyset batches and written through the CSV writer (platform/csv.ts) as they
 * come, with back-pressure, so the size of the export does not matter for memory; a provider or municipality named
 * like a formula is written as text. Every export is audit-logged with its filter. Semicolon-separated with a decimal
 * comma (Dutch spreadsheets), UTF-8 with a byte-order mark.
 */
export const ordersExportRoutes = [
  defineCsvExport({
    path: ORDERS_EXPORT_PATH,
    description:
      'The orders of the municipalities in scope as CSV (`;`, decimal comma), newest first, with the filters of the ' +
      'order list: `search`, `status`, `providerId`, `from`, `to` (YYYY-MM-DD).',
    access: [Permission.ORDER_READ],
    partners: true,
    async handler({ req, res, ctx, deps, refuse }) {
      const { services } = deps;
      const q = (name: string) => queryText(req, name);
      const status = q('status');
      if (status && !Object.hasOwn(OrderStatusEnum, status)) return refuse(400, 'BAD_REQUEST', 'Onbekende status.');
      const filter: AdminOrderFilter = {
        search: q('search'),
        status: status as OrderStatusEnum | null,
        providerId: q('providerId'),
        from: q('from'),
        to: q('to'),
      };
      const built = exportQuery(() => services.orderLists.adminOrderConditions(ctx, filter));
      if (!built.ok) return refuse(400, 'BAD_REQUEST', built.message);
      const conditions = built.query;

      await services.audit.record(ctx, {
        action: 'orders.exported',
        subjectType: 'order',
        subjectId: null,
        details: { filter: Object.fromEntries(Object.entries(filter).filter(([, value]) => value)) },
      });

      let count = 0;
      async function* rows() {
        if (!conditions) return;
        let after: string | null = null;
        for (;;) {
          const cursor = keyCondition(NEWEST_FIRST, after);
          const batch = await exportBatch(ctx.em, conditions, cursor, BATCH);
          for (const r of batch)
            yield [
              r.number as string,
              amsterdam.format(new Date(r.created_at as string)),
              STATUS[r.status as string] ?? (r.status as string),
              r.provider_name as string,
              r.municipality_name as string,
              r.client_number as string,
              REDEMPTION_LABEL[r.redemption_method as RedemptionMethodName] ?? '',
              // How a delivered order was handed over (its last step to DELIVERED); empty while it is not delivered.
              r.status === 'DELIVERED' ? HANDOVER_LABEL[(r.handover_method ?? 'UNKNOWN') as HandoverMethodName] : '',
              Number(r.total_cents),
              Number(r.budget_cents),
              Number(r.contribution_cents),
            ];
          count += batch.length;
          if (batch.length < BATCH) return;
          after = rowCursor(NEWEST_FIRST, batch[batch.length - 1]!);
        }
      }

      await sendCsv(res, `bestellingen-${today(ctx.clock)}.csv`, COLUMNS, rows());
      ctx.log.info({ event: 'orders_exported', rows: count }, 'orders exported as CSV');
    },
  }),
];
