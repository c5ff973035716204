import type { FileStorage } from '../../integrations/storage/file-storage.js';
import type { RequestContext } from '../../kernel/request-context.js';
import { referencedKeys } from './upload-sweep.queries.js';

/** A file is only swept once it is this old: an upload whose row is still being saved is never touched. */
export const UPLOAD_SWEEP_MIN_AGE_MS = 24 * 60 * 60 * 1000;

export interface UploadSweepResult {
  /** Files looked at. */
  scanned: number;
  /** Files no row refers to, older than the minimum age, deleted. */
  removed: number;
}

/**
 * Removes upload files that no database row refers to: what an upload leaves behind when the process stops between
 * storing the file and saving its row (or between saving a replacement and deleting the previous file). Run daily by
 * the `housekeeping.sweepUploads` job, through the FileStorage interface (so an S3-like adapter is swept alike).
 *
 * A file's age is the storage's own modification time against the real time (not the application's clock, which
 * tests and demos may move): the file system does not follow that clock.
 */
export class UploadSweepService {
  constructor(private readonly storage: FileStorage) {}

  async sweep(ctx: RequestContext, options: { now?: Date } = {}): Promise<UploadSweepResult> {
    const cutoff = (options.now ?? new Date()).getTime() - UPLOAD_SWEEP_MIN_AGE_MS;
    let scanned = 0;
    const candidates: string[] = [];
    for await (const file of this.storage.list()) {
      scanned++;
      if (file.modifiedAt.getTime() < cutoff) candidates.push(file.key);
    }
    if (!candidates.length) return { scanned, removed: 0 };
    // The references are read after the listing: a file whose row was saved meanwhile is found here and kept.
    const referenced = await referencedKeys(ctx.em, candidates);
    let removed = 0;
    for (const key of candidates) {
      if (referenced.has(key)) continue;
      await this.storage.delete(key);
      removed++;
    }
    if (removed) ctx.log.info({ event: 'upload_sweep', scanned, removed }, 'unreferenced upload files removed');
    return { scanned, removed };
  }
}
