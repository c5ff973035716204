import type { Request, RequestHandler, Response } from 'express';
import { findHostileText, hostileTextMessage, isHostileText } from '../lib/hostile-text.js';
import { simplePage } from './simple-page.js';

/**
 * The HTTP routes' side of the hostile-text rule (lib/hostile-text.ts): a NUL or a lone surrogate in the path, in a
 * query string or in a form body is answered 400 with a Dutch message naming the field, before a route sees it.
 * (GraphQL arguments are checked by graphql/hostile-input.ts; the upload's `alt` by its route.)
 */
export function refuseHostileText(req: Request, res: Response, field: string): void {
  const message = hostileTextMessage(field);
  res.status(400);
  if (req.accepts(['json', 'html']) === 'html') {
    res.type('html').send(simplePage('Ongeldig verzoek', `<p role="alert" class="error">${message}</p>`, { header: 'Gemeentewinkel' }));
  } else {
    res.json({ error: message, field });
  }
}

function decodedPath(path: string): string | null {
  try {
    return decodeURIComponent(path);
  } catch {
    return null; // malformed percent-encoding (e.g. a lone surrogate's bytes)
  }
}

/** Path and query string of every request. */
export function rejectHostileQuery(): RequestHandler {
  return (req, res, next) => {
    const path = decodedPath(req.path);
    if (path === null || isHostileText(path)) return refuseHostileText(req, res, 'pad');
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
