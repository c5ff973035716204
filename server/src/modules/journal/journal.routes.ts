import express, { type Router } from 'express';
import { once } from 'node:events';
import type { Contexts } from '../../contexts.js';
import type { Services } from '../../services.js';
import { Audience, Permission } from '../../graphql/auth/permissions.js';
import { hasPermission } from '../../graphql/auth/viewer.js';

/**
 * `GET /api/journaalposten/export?gemeente=<id>&periode=YYYY-MM`: a period's journal entries as CSV, streamed from a
 * database cursor (JournalService.exportPeriod). JOURNAL_EXPORT and the municipality in scope; refused with a Dutch
 * text (422) when a ledger account has no general-ledger account yet. A GET that records the export: the session
 * cookie is SameSite, so another site cannot make it.
 */
export function journalRoutes(deps: { services: Services; contexts: Contexts }): Router {
  const { services, contexts } = deps;
  const router = express.Router();
  router.get('/api/journaalposten/export', async (req, res, next) => {
    try {
      const ctx = await contexts.forRequest(req);
      res.setHeader('Cache-Control', 'no-store');
      if (ctx.viewer.kind === Audience.ANONYMOUS)
        return void res.status(401).type('text/plain').send('U moet ingelogd zijn om dit te doen.');
      if (!hasPermission(ctx.viewer, Permission.JOURNAL_EXPORT))
        return void res.status(403).type('text/plain').send('U heeft geen toegang tot deze gegevens.');
      const municipalityId = String(req.query.gemeente ?? '');
      const period = String(req.query.periode ?? '');
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
      const result = await services.journal.exportPeriod(ctx, municipalityId, period, write);
      if (!result.ok) {
        const status = result.errors[0]?.code === 'NOT_FOUND' ? 404 : 422;
        return void res
          .status(status)
          .type('text/plain')
          .send(result.errors.map((e) => e.message).join('\n'));
      }
      res.end();
    } catch (error) {
      if (res.headersSent) res.destroy(error as Error);
      else next(error);
    }
  });
  return router;
}
