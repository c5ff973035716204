import type { EntityManager } from '@mikro-orm/postgresql';
import type { Request, Response } from 'express';
import type { Logger } from 'pino';
import type { Viewer } from './auth/viewer.js';
import type { Services } from '../services.js';
import type { Loaders } from './loaders.js';

/** Everything a resolver or service needs for one request. Built once per request in http/graphql.ts. */
export interface Context {
  /** This request's own EntityManager fork. */
  em: EntityManager;
  viewer: Viewer;
  services: Services;
  loaders: Loaders;
  log: Logger;
  req?: Request;
  res?: Response;
}
