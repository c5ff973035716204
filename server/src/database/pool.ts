import type pg from 'pg';

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
  });
}
