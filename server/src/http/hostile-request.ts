import type { Request, RequestHandler, Response } from 'express';
import { findHostileText, hostileTextMessage } from '../kernel/hostile-text.js';
import { simplePage } from './simple-page.js';

/**
 * The HTTP routes' side of the hostile-text rule (kernel/hostile-text.ts): a NUL or a lone surrogate in a query string
 * or in a form body is answered 400 with a Dutch message naming the field, before a route sees it.
 * (GraphQL arguments are checked by graphql/hostile-input.ts; the upload's `alt` by its route.)
 */
export function refuseHostileText(req: Request, res: Response, field: string): void {
  const message = hostileTextMessage(field);
  res.status(400);
  if (req.accepts(['json', 'html']) === 'html') {
    res
      .type('html')
      .send(
        simplePage('Ongeldig verzoek', `<p role="alert" class="error">${message}</p>`, { header: 'Gemeentewinkel' }),
      );
  } else {
    res.json({ error: message, field });
  }
}

/**
 * The query string of every request. (Path parameters are not text for the database: each route matches its own
 * pattern — a UUID, a storage key, a payment id — and answers 404 to anything else.)
 */
export function rejectHostileQuery(): RequestHandler {
  return (req, res, next) => {
    const field = req.url.includes('?') ? findHostileText(req.query, 'query') : null;
    if (field) return refuseHostileText(req, res, field);
    next();
  };
}

/** A parsed form body (after express.urlencoded). */
export function rejectHostileForm(): RequestHandler {
  return (req, res, next) => {
    const field = findHostileText(req.body, 'formulier');
    if (field) return refuseHostileText(req, res, field);
    next();
  };
}
