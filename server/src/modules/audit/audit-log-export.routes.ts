import { Permission } from '../../kernel/permissions.js';
import { defineCsvExport, exportQuery, queryText, sendCsv } from '../../http/csv-export.js';
import { today } from '../../kernel/clock.js';
import { AMSTERDAM_DATE_TIME } from '../../kernel/dates.js';
import { AuditKind } from './audit-catalogue.js';
import type { AuditLogFilter } from './audit-log.service.js';
import { actorKindLabel } from '../../rules/actors.js';

export const AUDIT_LOG_EXPORT_PATH = '/api/admin/auditlog.csv';

/** Rows per database round trip: the export never holds more than this many rows in memory. */
const BATCH = 1000;

const amsterdam = new Intl.DateTimeFormat('nl-NL', AMSTERDAM_DATE_TIME);

/** The export's columns (platform/csv.ts), the fields of the LDV standard in Dutch: who, when, what, about whom, why. */
const COLUMNS = [
  { header: 'Tijdstip (Nederlandse tijd)' },
  { header: 'Soort' },
  { header: 'Handeling' },
  { header: 'Door' },
  { header: 'Soort actor' },
  { header: 'Organisatie' },
  { header: 'Over' },
  { header: 'Gegevens' },
  { header: 'Velden' },
  { header: 'Verwerkingsactiviteit' },
  { header: 'Doel' },
  { header: 'Grondslag' },
  { header: 'Reden' },
  { header: 'Verzoek (trace-id)' },
  { header: 'Code' },
];

/**
 * `GET /api/admin/auditlog.csv?soort=&persoon=&door=&van=&tot=`: the audit log with the screen's filters and scope
 * (AuditLogService.conditions), newest first, for the privacy officer ("who looked at my data?"). Needs AUDIT_LOG_READ;
 * not open to partners. Streamed in keyset batches through the CSV writer, which writes a name that looks like a
 * formula as text. The export itself is audit-logged with its filter.
 */
export const auditLogExportRoutes = [
  defineCsvExport({
    path: AUDIT_LOG_EXPORT_PATH,
    description:
      'The audit log of the municipalities in scope as CSV (`;`), newest first, with the filters of the screen: ' +
      '`soort` (AuditKind), `persoon` (client number), `door`, `van`, `tot` (YYYY-MM-DD).',
    access: [Permission.AUDIT_LOG_READ],
    partners: false,
    async handler({ req, res, ctx, deps, refuse }) {
      const { services } = deps;
      const q = (name: string) => queryText(req, name);
      const kind = q('soort')?.toUpperCase() ?? null;
      if (kind && !Object.hasOwn(AuditKind, kind)) return refuse(400, 'BAD_REQUEST', 'Onbekende soort.');
      const filter: AuditLogFilter = {
        kind: kind as AuditKind | null,
        person: q('persoon'),
        actor: q('door'),
        from: q('van'),
        until: q('tot'),
      };
      const built = exportQuery(() => services.auditLog.conditions(ctx, filter));
      if (!built.ok) return refuse(400, 'BAD_REQUEST', built.message);
      const condition = await built.query;

      await services.audit.record(ctx, {
        action: 'audit_log.exported',
        subjectType: null,
        subjectId: null,
        details: { filter: Object.fromEntries(Object.entries(filter).filter(([, value]) => value)) },
      });

      async function* rows() {
        if (!condition) return;
        let after: string | null = null;
        for (;;) {
          const { records, last } = await services.auditLog.batch(ctx, condition, after, BATCH);
          for (const r of records)
            yield [
              amsterdam.format(r.at),
              r.kindName,
              r.actionName,
              r.actorName ?? '',
              actorKindLabel(r.actorKind),
              r.organisation ?? '',
              r.subjectLabel ?? '',
              r.dataKinds.join(', '),
              r.fields.join(', '),
              r.processingActivity,
              r.purpose,
              r.legalBasis,
              r.reason ?? '',
              r.requestId ?? '',
              r.action,
            ];
          if (records.length < BATCH || !last) return;
          after = last;
        }
      }

      await sendCsv(res, `auditlog-${today(ctx.clock)}.csv`, COLUMNS, rows());
    },
  }),
];
