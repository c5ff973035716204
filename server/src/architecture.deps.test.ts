import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { cruise, type ICruiseResult, type IConfiguration } from 'dependency-cruiser';

/**
 * The module boundary (ARCHITECTURE.md, "Modules with a boundary"), enforced with dependency-cruiser on the import
 * graph of server/src. The rules are in server/.dependency-cruiser.cjs (`npx depcruise src` in server/ prints them).
 *
 * What still breaks a rule is listed in architecture.deps.baseline.json, one line per import. The list only
 * shrinks: a new violation fails, and so does a listed one that is gone (remove its line).
 */
const serverDir = fileURLToPath(new URL('..', import.meta.url));
const require = createRequire(import.meta.url);
const config = require('../.dependency-cruiser.cjs') as IConfiguration;
const baselinePath = fileURLToPath(new URL('./architecture.deps.baseline.json', import.meta.url));
const baseline = JSON.parse(readFileSync(baselinePath, 'utf8')) as Record<string, string[]>;

async function violations(): Promise<Record<string, string[]>> {
  const previous = process.cwd();
  process.chdir(serverDir);
  try {
    const { output } = await cruise(['src'], {
      ...config.options,
      validate: true,
      ruleSet: { forbidden: config.forbidden },
      outputType: 'json',
    });
    const result = (typeof output === 'string' ? JSON.parse(output) : output) as ICruiseResult;
    const byRule: Record<string, string[]> = {};
    for (const rule of config.forbidden ?? []) byRule[rule.name!] = [];
    for (const v of result.summary.violations) {
      const line = v.rule.name === 'no-circular' ? `${v.from} → ${v.to} (cycle)` : `${v.from} → ${v.to}`;
      (byRule[v.rule.name] ??= []).push(line);
    }
    for (const lines of Object.values(byRule)) lines.sort();
    return byRule;
  } finally {
    process.chdir(previous);
  }
}

describe('the module boundary (dependency-cruiser)', async () => {
  const found = await violations();

  for (const rule of config.forbidden ?? []) {
    const name = rule.name!;
    it(`${name}: ${rule.comment ?? ''}`, () => {
      const now = found[name] ?? [];
      const known = baseline[name] ?? [];
      const added = now.filter((line) => !known.includes(line));
      const gone = known.filter((line) => !now.includes(line));
      expect(added, `new violations of ${name}`).toEqual([]);
      expect(gone, `fixed: remove these lines from architecture.deps.baseline.json (${name})`).toEqual([]);
    });
  }

  it('the baseline names only rules that exist', () => {
    const names = (config.forbidden ?? []).map((r) => r.name);
    expect(Object.keys(baseline).filter((n) => !names.includes(n))).toEqual([]);
  });
});
