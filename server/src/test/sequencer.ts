import { readFileSync } from 'node:fs';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The order of the server's test files: longest first, so that the two workers finish together and no long file starts
 * last (the run's length is then about the sum divided by two, not that plus the longest file).
 *
 * Vitest orders by the durations of the last run on this machine (its cache), and without a cache, as on a fresh
 * clone, by file size, which puts short, large files before long, small ones (a file that starts servers and waits
 * is small). So a file without a duration in the cache takes the one recorded in `durations.json` (seconds, from a
 * full run: `npm run test:durations -w server`); a new file has neither and runs first, as Vitest does, in Vitest's own order.
 */
const recorded: Record<string, number> = JSON.parse(
  readFileSync(new URL('./durations.json', import.meta.url), 'utf8'),
) as Record<string, number>;

export default class LongestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const root = this.ctx.config.root.replace(/\/$/, '');
    const seconds = (spec: TestSpecification): number => {
      const cached = this.ctx.cache.getTestSpecificationResult(spec);
      if (cached?.duration != null) return cached.duration / 1000;
      return recorded[spec.moduleId.slice(root.length + 1)] ?? Number.POSITIVE_INFINITY;
    };
    // Vitest's own order first (its cache, else file size), kept among files with no duration anywhere (new ones).
    const ordered = await super.sort(files);
    return ordered.sort((a, b) => seconds(b) - seconds(a));
  }
}
