import { Permission } from '../kernel/permissions.js';
import { AMSTERDAM_DATE_TIME } from '../kernel/dates.js';
import type { CsvCell, CsvColumn } from '../platform/csv.js';
import { defineCsvExport, euroAmount, exportQuery, sendCsv } from './csv-export.js';
import {
  PaymentRecordKind,
  PaymentRecordStatus,
  PaymentServiceProviderEnum,
  type PaymentRecordFilter,
  type PaymentRecordView,
} from '../modules/payments/payment-admin.types.js';

export const PAYMENT_EXPORT_PATH = '/api/export/betalingen.csv';

const KIND_TEXT: Record<PaymentRecordKind, string> = { PAYMENT: 'betaling', REFUND: 'terugbetaling' };
const STATUS_TEXT: Record<PaymentRecordStatus, string> = {
  OPEN: 'open',
  PAID: 'betaald',
  FAILED: 'mislukt',
  CANCELED: 'geannuleerd',
  EXPIRED: 'verlopen',
  REFUND_PENDING: 'terugbetaling in behandeling',
  REFUNDED: 'terugbetaald',
};

/** Dutch local time as `2026-03-01 14:05:09`. */
const dutchTime = new Intl.DateTimeFormat('sv-SE', { ...AMSTERDAM_DATE_TIME, second: '2-digit' });

/** The export's columns (platform/csv.ts): the amount is a number column, everything else text. */
const COLUMNS: CsvColumn[] = [
  { header: 'soort' },
  { header: 'status' },
  { header: 'aangemaakt' },
  { header: 'afgerond' },
  { header: 'bedrag', number: euroAmount },
  { header: 'gemeente' },
  { header: 'betaaldienst' },
  { header: 'kenmerk betaaldienst' },
  { header: 'betaling' },
  { header: 'id' },
];

function csvRow(r: PaymentRecordView): CsvCell[] {
  return [
    KIND_TEXT[r.kind],
    STATUS_TEXT[r.status],
    dutchTime.format(r.createdAt),
    r.settledAt ? dutchTime.format(r.settledAt) : '',
    r.amountCents,
    r.municipalityName,
    r.provider === PaymentServiceProviderEnum.MOLLIE ? 'Mollie' : 'Simulator',
    r.externalId ?? '',
    r.paymentId,
    r.id,
  ];
}

function oneOf<T extends string>(values: Record<string, T>, raw: unknown): T | null | 'bad' {
  if (raw == null || raw === '') return null;
  return typeof raw === 'string' && (Object.values(values) as string[]).includes(raw) ? (raw as T) : 'bad';
}

function cents(raw: unknown): number | null | 'bad' {
  if (raw == null || raw === '') return null;
  return typeof raw === 'string' && /^\d{1,10}$/.test(raw) && Number(raw) <= 2 ** 31 - 1 ? Number(raw) : 'bad';
}

/** The query string as the list's filter (the same field names as PaymentRecordFilter); null when a value is bad. */
export function exportFilter(query: Record<string, unknown>): PaymentRecordFilter | null {
  const text = (raw: unknown) => (typeof raw === 'string' && raw !== '' ? raw.slice(0, 40) : null);
  const filter = {
    kind: oneOf(PaymentRecordKind, query.kind),
    status: oneOf(PaymentRecordStatus, query.status),
    provider: oneOf(PaymentServiceProviderEnum, query.provider),
    minCents: cents(query.minCents),
    maxCents: cents(query.maxCents),
    from: text(query.from),
    to: text(query.to),
    municipalityId: text(query.municipalityId),
  };
  if (Object.values(filter).includes('bad')) return null;
  return filter as PaymentRecordFilter;
}

/**
 * `GET /api/export/betalingen.csv?status=PAID&from=2026-03-01&…`: exactly the rows of the finance payments list with
 * the same filter (field names as PaymentRecordFilter), as CSV (`;`, Dutch decimal comma, UTF-8 with BOM for Excel).
 * PAYMENT_READ within the caller's municipality scope; audit-logged with the filter. Streamed: the rows come from the
 * database in keyset batches (PaymentAdminService.batches) through the CSV writer (platform/csv.ts) into the response with
 * back-pressure, so an export of any size holds one batch in memory.
 */
export const paymentExportRoutes = [
  defineCsvExport({
    path: PAYMENT_EXPORT_PATH,
    description:
      'Own-contribution payments and refunds of the municipalities in scope as CSV (`;`, decimal comma), with the ' +
      'filters of the payments list: `kind`, `status`, `provider`, `minCents`, `maxCents`, `from`, `to`, `municipalityId`.',
    access: [Permission.PAYMENT_READ],
    partners: true,
    async handler({ req, res, ctx, deps, refuse }) {
      const { services } = deps;
      const filter = exportFilter(req.query as Record<string, unknown>);
      if (!filter) return refuse(400, 'BAD_REQUEST', 'Het filter van de export is ongeldig. Kies het filter opnieuw.');
      const built = exportQuery(() => services.paymentAdmin.query(ctx, filter));
      if (!built.ok) return refuse(400, 'BAD_REQUEST', built.message);
      await services.audit.record(ctx, {
        action: 'payments.exported',
        subjectType: 'payment',
        subjectId: null,
        details: { filter },
      });
      const day = dutchTime.format(ctx.clock.now()).slice(0, 10);
      const rows = built.query ? services.paymentAdmin.batches(ctx, built.query) : null;
      async function* records() {
        if (!rows) return;
        for await (const batch of rows) for (const r of batch) yield csvRow(r);
      }
      await sendCsv(res, `betalingen-${day}.csv`, COLUMNS, records());
    },
  }),
];
