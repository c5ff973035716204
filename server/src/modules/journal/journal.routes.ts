import { once } from 'node:events';
import { Permission } from '../../kernel/permissions.js';
import { defineRoute } from '../../http/route.js';

/**
 * `GET /api/journaalposten/export?gemeente=<id>&periode=YYYY-MM`: a period's journal entries as CSV, streamed from a
 * database cursor (JournalService.exportPeriod). JOURNAL_EXPORT and the municipality in scope; refused with a Dutch
 * text (422) when a ledger account has no general-ledger account yet. A GET that records the export: the session
 * cookie is SameSite, so another site cannot make it.
 */
export const journalRoutes = [
  defineRoute({
    method: 'GET',
    path: '/api/journaalposten/export',
    description:
      'A month of journal entries (`?gemeente=<municipality id>&periode=YYYY-MM`) as CSV for the general ledger: ' +
      'date, journal, account, cost centre, debit, credit, description, reference. Exporting the same period again ' +
      'gives the same bytes; the export is recorded.',
    access: [Permission.JOURNAL_EXPORT],
    partners: true,
    scope: { query: 'gemeente' },
    body: { kind: 'none' },
    refusals: 'text',
    async handler({ req, res, ctx, deps }) {
      const municipalityId = String(req.query.gemeente ?? '');
      const period = String(req.query.periode ?? '');
      res.setHeader('Cache-Control', 'no-store');
      let started = false;
      // A reader that goes away must not leave the export (and its database connection) waiting for 'drain'.
      const gone = new Promise<never>((_, reject) =>
        res.once('close', () => reject(new Error('the client closed the journal export'))),
      );
      gone.catch(() => undefined);
      const write = async (chunk: string) => {
        if (res.destroyed) throw new Error('the client closed the journal export');
        if (!started) {
          started = true;
          res.status(200);
          res.setHeader('Content-Type', 'text/csv; charset=utf-8');
          res.setHeader(
            'Content-Disposition',
            `attachment; filename="journaalposten-${period.replace(/[^0-9-]/g, '')}.csv"`,
          );
        }
        if (!res.write(chunk)) await Promise.race([once(res, 'drain'), gone]);
      };
      const result = await deps.services.journal.exportPeriod(ctx, municipalityId, period, write);
      if (!result.ok) {
        const status = result.errors[0]?.code === 'NOT_FOUND' ? 404 : 422;
        return void res
          .status(status)
          .type('text/plain')
          .send(result.errors.map((e) => e.message).join('\n'));
      }
      res.end();
    },
  }),
];
