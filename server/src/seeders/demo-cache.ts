import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The demo's expensive parts kept between runs (DEMO_CACHE_DIR; test runs and the browser-test servers set it to
 * `.tmp/demo-cache`): the products' rendered pictures and the DigiD certificate's RSA key. Without a folder nothing
 * is kept and everything is made afresh, as `npm start` does. A file is written aside and renamed, so processes seeding
 * at once never read half a file.
 */
export class DemoCache {
  constructor(private readonly dir: string) {}

  /** The cached bytes for `key` (any string; hashed into the file name), or made by `make` and kept. */
  async bytes(kind: string, key: string, make: () => Promise<Buffer>): Promise<Buffer> {
    const file = join(this.dir, kind, createHash('sha256').update(key).digest('hex').slice(0, 32));
    try {
      return readFileSync(file);
    } catch {
      const made = await make();
      try {
        mkdirSync(join(this.dir, kind), { recursive: true });
        const aside = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
        writeFileSync(aside, made, { mode: 0o600 });
        renameSync(aside, file);
      } catch {
        // A cache that cannot be written only costs time.
      }
      return made;
    }
  }
}

/** The cache of DEMO_CACHE_DIR, or null (no cache). */
export function demoCache(dir: string | undefined): DemoCache | null {
  return dir ? new DemoCache(dir) : null;
}
