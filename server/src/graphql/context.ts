import type { Request, Response } from 'express';
import type { Services } from '../services.js';
import type { RequestContext } from '../lib/request-context.js';
import type { Loaders } from './loaders.js';

/**
 * Everything a resolver needs for one request, built once per request in http/app.ts. It is a RequestContext (em,
 * viewer, log, requestId, clock), so a resolver passes it straight to a service.
 */
export interface Context extends RequestContext {
  services: Services;
  loaders: Loaders;
  req?: Request;
  res?: Response;
}
