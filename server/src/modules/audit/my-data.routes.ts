import { Audience } from '../../kernel/permissions.js';
import { defineRoute } from '../../http/route.js';

/**
 * `GET /api/mijn-gegevens.json`: the logged-in resident's own data as a JSON file (AVG right of access), audit-logged.
 * A GET with the session cookie (SameSite) is safe: it changes nothing but the audit log, and a cross-site page cannot
 * read the answer. Residents wait during maintenance, as for the API (the route's guard, http/route.ts).
 */
export const myDataRoutes = [
  defineRoute({
    method: 'GET',
    path: '/api/mijn-gegevens.json',
    description: 'The logged-in resident’s own data as a JSON file (the right of access).',
    access: [Audience.CUSTOMER],
    scope: 'own',
    body: { kind: 'none' },
    refusals: { json: {} },
    async handler({ res, ctx, deps }) {
      const data = await deps.services.myData.export(ctx);
      if (!data)
        return void res
          .status(404)
          .json({ errors: [{ field: null, code: 'NOT_FOUND', message: 'Uw gegevens zijn niet gevonden.' }] });
      const day = data.createdAt.slice(0, 10);
      res
        .set('Content-Type', 'application/json; charset=utf-8')
        .set('Content-Disposition', `attachment; filename="mijn-gegevens-${day}.json"`)
        .set('Cache-Control', 'no-store')
        .send(JSON.stringify(data, null, 2));
    },
  }),
];
