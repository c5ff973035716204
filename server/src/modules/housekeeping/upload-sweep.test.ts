import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtemp, rm, utimes } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import { startTestServer, type TestServer } from '../../test/server.js';
import { requestContextFor } from '../../test/context.js';
import { systemViewer } from '../../kernel/viewer.js';
import { LocalDiskStorage, type StoredFile } from '../../integrations/storage/file-storage.js';
import { createJobRegistry } from '../../jobs/registry.js';

const DAY = 24 * 60 * 60 * 1000;

describe('housekeeping: the upload sweep', { timeout: 180_000 }, () => {
  let server: TestServer;
  let dataDir: string;
  let storage: LocalDiskStorage;

  beforeAll(async () => {
    // Its own data folder: the sweep must not see (and remove) the files of other test servers' databases.
    dataDir = await mkdtemp(join(tmpdir(), 'gw-sweep-'));
    server = await startTestServer({ seed: true, env: { DATA_DIR: dataDir } });
    storage = server.services.storage as LocalDiskStorage;
  });
  afterAll(async () => {
    await server?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  const listed = async () => {
    const files: StoredFile[] = [];
    for await (const f of storage.list()) files.push(f);
    return files;
  };

  it('removes files no row refers to once they are a day old, and keeps every referenced file', async () => {
    const demo = await listed();
    expect(demo.length).toBeGreaterThan(0);
    const orphanOld = `news/${randomUUID()}.webp`;
    const orphanNew = `logos/${randomUUID()}.webp`;
    await storage.put(orphanOld, Buffer.from('left behind by a crash'));
    await storage.put(orphanNew, Buffer.from('an upload whose row is being saved'));
    // Everything but the fresh orphan is made two days old: referenced files must survive their age.
    const old = new Date(Date.now() - 2 * DAY);
    for (const f of [...demo.map((d) => d.key), orphanOld]) await utimes(storage.pathOf(f)!, old, old);

    const ctx = requestContextFor(server.orm, systemViewer('housekeeping.sweepUploads'));
    const result = await server.services.uploadSweep.sweep(ctx);
    expect(result).toEqual({ scanned: demo.length + 2, removed: 1 });
    const after = (await listed()).map((f) => f.key).sort();
    expect(after).toEqual([...demo.map((d) => d.key), orphanNew].sort());
    expect(await storage.read(orphanOld)).toBeNull();

    // A day later (seen from the sweep) the fresh orphan goes too; a second run then finds nothing.
    const later = await server.services.uploadSweep.sweep(ctx, { now: new Date(Date.now() + 2 * DAY) });
    expect(later.removed).toBe(1);
    expect(await storage.read(orphanNew)).toBeNull();
    expect((await server.services.uploadSweep.sweep(ctx, { now: new Date(Date.now() + 2 * DAY) })).removed).toBe(0);
  });

  it('runs daily as one scheduled job across instances', () => {
    const registry = createJobRegistry(server.services);
    expect(registry.handlers['housekeeping.sweepUploads']).toBeTypeOf('function');
    expect(registry.schedules.find((s) => s.task === 'housekeeping.sweepUploads')).toMatchObject({
      cron: '53 3 * * *',
      identifier: 'housekeeping.sweepUploads',
    });
  });
});
