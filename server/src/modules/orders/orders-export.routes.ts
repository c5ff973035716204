import express, { type Router } from 'express';
import { Readable } from 'node:stream';
import { stringify } from 'csv-stringify';
import { GraphQLError } from 'graphql';
import type { Services } from '../../services.js';
import type { Contexts } from '../../contexts.js';
import { Audience, Permission } from '../../graphql/auth/permissions.js';
import { hasPermission } from '../../graphql/auth/viewer.js';
import { keyCondition, keyOrderBy, keySelect, rowCursor, type KeyOrder } from '../../graphql/keyset.js';
import { today } from '../../lib/clock.js';
import { OrderStatusEnum } from './order.types.js';
import type { AdminOrderFilter } from './order-work.types.js';
import { sendStream } from '../../http/streams.js';

export const ORDERS_EXPORT_PATH = '/api/admin/bestellingen.csv';

/** Rows per database round trip: the export never holds more than this many orders in memory. */
const BATCH = 1000;

const NEWEST_FIRST: KeyOrder = {
  name: 'o',
  direction: 'desc',
  keys: [
    { expr: 'o.created_at', cast: 'timestamptz' },
    { expr: 'o.id', cast: 'uuid' },
  ],
};

const STATUS: Record<string, string> = {
  AWAITING_PAYMENT: 'Wacht op betaling',
  PLACED: 'Geplaatst',
  ACCEPTED: 'Geaccepteerd',
  DELIVERED: 'Geleverd',
  CANCELLED: 'Geannuleerd',
};

/** Cents as Dutch euros without a symbol ("1234,50"): what a Dutch spreadsheet reads as a number. */
const euros = (cents: number) =>
  `${cents < 0 ? '-' : ''}${Math.floor(Math.abs(cents) / 100)},${String(Math.abs(cents) % 100).padStart(2, '0')}`;

const amsterdam = new Intl.DateTimeFormat('nl-NL', {
  timeZone: 'Europe/Amsterdam',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
});

/**
 * `GET /api/admin/bestellingen.csv?search=&status=&providerId=&from=&to=`: the staff order list (/admin/bestellingen)
 * as CSV, with exactly the list's filters and scope (OrderListService.adminOrderConditions), newest first. Needs
 * ORDER_READ. Streamed: the orders are read in keyset batches and written through csv-stringify as they come, so the
 * size of the export does not matter for memory. Every export is audit-logged with its filter and row count.
 * Semicolon-separated with a decimal comma (Dutch spreadsheets), UTF-8 with a byte-order mark.
 */
export function ordersExportRoutes(deps: { services: Services; contexts: Contexts }): Router {
  const { services, contexts } = deps;
  const router = express.Router();

  router.get(ORDERS_EXPORT_PATH, async (req, res, next) => {
    try {
      const ctx = await contexts.forRequest(req);
      const v = ctx.viewer;
      res.set('Cache-Control', 'no-store');
      if (v.kind === Audience.ANONYMOUS) {
        res.status(401).type('text').send('U moet ingelogd zijn om bestellingen te exporteren.');
        return;
      }
      if (!hasPermission(v, Permission.ORDER_READ)) {
        res.status(403).type('text').send('U heeft geen toegang tot de bestellingen.');
        return;
      }
      const q = (name: string) => {
        const value = req.query[name];
        return typeof value === 'string' && value.trim() ? value.trim().slice(0, 100) : null;
      };
      const status = q('status');
      if (status && !Object.hasOwn(OrderStatusEnum, status)) {
        res.status(400).type('text').send('Onbekende status.');
        return;
      }
      const filter: AdminOrderFilter = {
        search: q('search'),
        status: status as OrderStatusEnum | null,
        providerId: q('providerId'),
        from: q('from'),
        to: q('to'),
      };
      let conditions: ReturnType<typeof services.orderLists.adminOrderConditions>;
      try {
        conditions = services.orderLists.adminOrderConditions(ctx, filter);
      } catch (error) {
        if (error instanceof GraphQLError) {
          res.status(400).type('text').send(error.message);
          return;
        }
        throw error;
      }

      await services.audit.record(ctx, {
        action: 'orders.exported',
        subjectType: 'order',
        subjectId: null,
        details: { filter: Object.fromEntries(Object.entries(filter).filter(([, value]) => value)) },
      });

      res.status(200);
      res.type('text/csv; charset=utf-8');
      res.attachment(`bestellingen-${today(ctx.clock)}.csv`);
      res.write('\ufeff');
      const csv = stringify({
        delimiter: ';',
        header: true,
        columns: [
          'Bestelnummer',
          'Besteld op',
          'Status',
          'Aanbieder',
          'Gemeente',
          'Klantnummer',
          'Totaal',
          'Uit tegoed',
          'Eigen bijdrage',
        ],
      });
      // The rows as they are read, through one pipeline into the response (http/streams.ts): an error or a reader who
      // goes away ends it, and the batches stop being read.
      let count = 0;
      const batches = conditions;
      async function* records() {
        if (!batches) return;
        let after: string | null = null;
        for (;;) {
          const cursor = keyCondition(NEWEST_FIRST, after);
          const where = [...batches.where, ...(cursor.sql ? [cursor.sql] : [])];
          const rows = await ctx.em.execute<Record<string, unknown>[]>(
            `select o.id, o.number, o.created_at, o.status, o.total_cents, o.budget_cents, o.contribution_cents,
                    pr.name as provider_name, mu.name as municipality_name, cg.client_number, ${keySelect(NEWEST_FIRST)}
               from customer_order o
               join provider pr on pr.id = o.provider_id
               join municipality mu on mu.id = o.municipality_id
               join client_group cg on cg.id = o.client_group_id
              where ${where.length ? where.join(' and ') : 'true'}
              order by ${keyOrderBy(NEWEST_FIRST)} limit ?`,
            [...batches.params, ...cursor.params, BATCH],
          );
          for (const r of rows)
            yield [
              r.number,
              amsterdam.format(new Date(r.created_at as string)),
              STATUS[r.status as string] ?? r.status,
              r.provider_name,
              r.municipality_name,
              r.client_number,
              euros(Number(r.total_cents)),
              euros(Number(r.budget_cents)),
              euros(Number(r.contribution_cents)),
            ];
          count += rows.length;
          if (rows.length < BATCH) return;
          after = rowCursor(NEWEST_FIRST, rows[rows.length - 1]!);
        }
      }
      const sent = await sendStream(res, Readable.from(records()), [csv], (error) =>
        ctx.log.error({ err: error }, 'orders export failed'),
      );
      if (!sent) return;
      ctx.log.info({ event: 'orders_exported', rows: count }, 'orders exported as CSV');
    } catch (error) {
      if (res.headersSent) {
        res.destroy(error as Error);
        return;
      }
      next(error);
    }
  });

  return router;
}
