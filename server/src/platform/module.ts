import type { RouteDeclaration } from '../http/route.js';
import type { JobHandlers, JobSchedule } from '../jobs/job-types.js';
import type { Config } from '../config/config.js';
import type { Services } from './composition.js';

/** A class the module hands to a library that makes it (an entity for MikroORM, a resolver for type-graphql). */
export type ClassOf = new (...args: never[]) => object;

/**
 * What a module adds to the application, declared once (Vendure's `@VendurePlugin`): app/modules.ts lists the modules,
 * and the entity list, the schema, the HTTP routes and the job registry are loops over that list. A module's other
 * files are its own; what other modules may use of it is in its index.ts.
 */
export interface ModuleDefinition {
  /** The folder's name under modules/. */
  readonly name: string;
  /** MikroORM entities (their tables come from migrations: database/migrations/). */
  readonly entities?: readonly ClassOf[];
  /** type-graphql resolvers: the module's part of the one schema. */
  readonly resolvers?: readonly ClassOf[];
  /** HTTP routes outside GraphQL, declared with `defineRoute` (http/route.ts), mounted in the order of the modules. */
  readonly routes?: readonly RouteDeclaration[];
  /**
   * The module's services, made after the platform's and those of the modules listed before it (the composition root,
   * app/services.ts, calls this in the order of app/modules.ts). Name them in `Services` from the module's module.ts:
   * `declare module '../../platform/composition.js' { interface Services { things: ThingService } }`.
   */
  readonly services?: (made: Services, config: Config) => object;
  /** Handlers of the module's background jobs (named with their payloads in jobs/job-types.ts). */
  readonly jobs?: (services: Services) => Partial<JobHandlers>;
  /** Cron schedules of the module's jobs (UTC). */
  readonly schedules?: readonly JobSchedule[];
}

/** Declares a module (modules/<name>/module.ts). */
export function defineModule<const M extends ModuleDefinition>(definition: M): M {
  return definition;
}
