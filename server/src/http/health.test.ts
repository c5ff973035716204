import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../test/server.js';

/**
 * What the platform asks an instance (deploy/kubernetes): /healthz (liveness: restart me) never depends on the
 * database, so a database outage or failover restarts nobody; /readyz (send me requests) needs the database, every
 * migration of this version and a running job worker, and says no once the instance is stopping.
 */
describe('health and readiness', () => {
  let server: TestServer;
  let webOnly: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ seed: false });
    webOnly = await startTestServer({ sameDatabaseAs: server, env: { JOBS_WORKER: 'false' } });
  });
  afterAll(async () => {
    await webOnly?.close();
    await server?.close();
  });

  const get = async (s: TestServer, path: string) => {
    const res = await fetch(`${s.url}${path}`);
    return {
      status: res.status,
      body: (await res.json()) as Record<string, unknown>,
      cache: res.headers.get('cache-control'),
    };
  };

  it('is live and ready once the database has every migration and the job worker runs', async () => {
    expect(await get(server, '/healthz')).toEqual({ status: 200, body: { status: 'ok' }, cache: 'no-store' });
    expect(await get(server, '/readyz')).toEqual({
      status: 200,
      body: { status: 'ready', checks: { database: 'ok', migrations: 'ok', jobs: 'ok' } },
      cache: 'no-store',
    });
    // A web-only instance (JOBS_WORKER=false) is ready without a worker of its own.
    expect((await get(webOnly, '/readyz')).body).toEqual({
      status: 'ready',
      checks: { database: 'ok', migrations: 'ok', jobs: 'off' },
    });
  });

  it('is not ready while a migration of this version is missing, and stays live', async () => {
    const em = server.orm.em.fork();
    const [last] = await em.execute<{ id: number; name: string; executed_at: Date }[]>(
      'select id, name, executed_at from mikro_orm_migrations order by id desc limit 1',
    );
    await em.execute('delete from mikro_orm_migrations where id = ?', [last!.id]);
    try {
      expect(await get(server, '/readyz')).toMatchObject({
        status: 503,
        body: { status: 'unavailable', checks: { database: 'ok', migrations: 'pending', jobs: 'ok' } },
      });
      expect((await get(server, '/healthz')).status).toBe(200);
    } finally {
      await em.execute('insert into mikro_orm_migrations (id, name, executed_at) values (?, ?, ?)', [
        last!.id,
        last!.name,
        last!.executed_at,
      ]);
    }
    expect((await get(server, '/readyz')).status).toBe(200);
  });

  it('is neither live nor ready when its job worker has ended without being stopped', async () => {
    // A fatal error in the queue ends the runner; kill() does the same from outside. Only a restart helps.
    await server.jobWorker!.runner.kill('test');
    await expect.poll(() => server.jobWorker!.state()).toBe('stopped');
    expect(await get(server, '/healthz')).toMatchObject({
      status: 503,
      body: { status: 'unhealthy', jobs: 'stopped' },
    });
    expect(await get(server, '/readyz')).toMatchObject({
      status: 503,
      body: { status: 'unavailable', checks: { database: 'ok', migrations: 'ok', jobs: 'unavailable' } },
    });
    // The other instance on the same database is not affected.
    expect((await get(webOnly, '/readyz')).status).toBe(200);
  });
});
