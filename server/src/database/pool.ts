import type pg from 'pg';
import { preparedName } from '../kernel/sql.js';

/**
 * A connection whose server went away while it was checked out of a node-postgres pool (a failover, a restart of
 * PostgreSQL) goes back to the pool at once, as broken, and the pool drops it.
 *
 * Without this, a transaction whose connection broke kept its place in the pool for good: Kysely (under MikroORM)
 * releases a transaction's connection only after its COMMIT or ROLLBACK succeeded, and on a broken connection both
 * fail. Each request that met a failover inside a transaction took one of the pool's connections with it, until the
 * pool had none left and every request waited (and closing the pool hung). The pool's own `release` is made
 * idempotent, so the holder's later release (or none) changes nothing.
 */
export function releaseBrokenConnections(pool: pg.Pool): void {
  pool.on('connect', (client) => {
    let release: ((error?: Error | boolean) => void) | undefined;
    Object.defineProperty(client, 'release', {
      configurable: true,
      get: () => release,
      // The pool sets a new `release` at every check-out.
      set: (poolRelease: (error?: Error | boolean) => void) => {
        let done = false;
        release = (error) => {
          if (done) return;
          done = true;
          poolRelease(error);
        };
      },
    });
    client.on('end', () => release?.(new Error('the database connection ended while it was in use')));
    prepareMarkedStatements(client);
  });
}

/**
 * Statements marked as prepared (kernel/sql.ts, `executeNative(…, { prepared: true })`) go to PostgreSQL as named
 * prepared statements: node-postgres parses each once per connection and afterwards only binds and runs it, and
 * PostgreSQL keeps its plan (a generic one once it proves as good as the custom ones). Kysely, under MikroORM, passes
 * only text and values, so the name travels in the text. Everything else is passed on as it came.
 */
function prepareMarkedStatements(client: pg.PoolClient): void {
  const query = client.query as (...args: unknown[]) => unknown;
  client.query = function (this: pg.PoolClient, ...args: unknown[]) {
    const [text, values, callback] = args;
    const name = typeof text === 'string' ? preparedName(text) : undefined;
    if (name && Array.isArray(values)) return query.call(this, { name, text, values }, ...(callback ? [callback] : []));
    return query.apply(this, args);
  } as typeof client.query;
}
