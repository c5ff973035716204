/**
 * The shapes of what the composition root makes, declared here so that everything below it can name them without
 * importing it: the services (app/services.ts) and the request-context factory (app/contexts.ts). Both interfaces are empty
 * here and filled where they are made, by declaration merging (`declare module './platform/composition.js'`), so the
 * type is exact while the import graph points one way only: the root imports the modules, never the other way round.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by app/services.ts (declaration merging)
export interface Services {}

// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by app/contexts.ts (declaration merging)
export interface Contexts {}
