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
 * shrinks: a new violation fails, and so does a listed one that is gone (remove its line). Besides the rules, the
 * modules themselves must not import each other in a cycle (`module-graph-has-no-cycle`, checked below over the same
 * output: its baseline lines are module imports "a → b" that still close a cycle).
 */
const serverDir = fileURLToPath(new URL('..', import.meta.url));
const require = createRequire(import.meta.url);
const config = require('../.dependency-cruiser.cjs') as IConfiguration;
const baselinePath = fileURLToPath(new URL('./architecture.deps.baseline.json', import.meta.url));
const baseline = JSON.parse(readFileSync(baselinePath, 'utf8')) as Record<string, string[]>;

/** The baseline's list of module imports that still close a cycle between modules (the last test below). */
const MODULE_CYCLES = 'module-graph-has-no-cycle';

async function cruiseServer(): Promise<ICruiseResult> {
  const previous = process.cwd();
  process.chdir(serverDir);
  try {
    const { output } = await cruise(['src'], {
      ...config.options,
      validate: true,
      ruleSet: { forbidden: config.forbidden },
      outputType: 'json',
    });
    return (typeof output === 'string' ? JSON.parse(output) : output) as ICruiseResult;
  } finally {
    process.chdir(previous);
  }
}

function violations(result: ICruiseResult): Record<string, string[]> {
  const byRule: Record<string, string[]> = {};
  for (const rule of config.forbidden ?? []) byRule[rule.name!] = [];
  for (const v of result.summary.violations) {
    const line = v.rule.name === 'no-circular' ? `${v.from} → ${v.to} (cycle)` : `${v.from} → ${v.to}`;
    (byRule[v.rule.name] ??= []).push(line);
  }
  for (const lines of Object.values(byRule)) lines.sort();
  return byRule;
}

const moduleOf = (path: string) => /^src\/modules\/([^/]+)\//.exec(path)?.[1];

/**
 * The modules' graph: module a → module b when a file of a imports a file of b (type-only imports count, tests are
 * outside the rules). dependency-cruiser's `circular` works on files; the modules are folders, so this is checked here.
 */
function moduleGraph(result: ICruiseResult): Map<string, Set<string>> {
  const graph = new Map<string, Set<string>>();
  for (const file of result.modules) {
    const from = moduleOf(file.source);
    if (!from) continue;
    if (!graph.has(from)) graph.set(from, new Set());
    for (const dependency of file.dependencies) {
      const to = moduleOf(dependency.resolved);
      if (to && to !== from) graph.get(from)!.add(to);
    }
  }
  return graph;
}

/** Whether `to` is reached from `from` in the graph. */
function reaches(graph: Map<string, Set<string>>, from: string, to: string): boolean {
  const seen = new Set<string>();
  const toVisit = [from];
  while (toVisit.length) {
    const at = toVisit.pop()!;
    if (at === to) return true;
    if (seen.has(at)) continue;
    seen.add(at);
    toVisit.push(...(graph.get(at) ?? []));
  }
  return false;
}

/** A cycle of modules in the graph (as `a → b → … → a`), or null when there is none. */
function findCycle(graph: Map<string, Set<string>>): string | null {
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const visit = (at: string): string | null => {
    state.set(at, 'open');
    path.push(at);
    for (const next of [...(graph.get(at) ?? [])].sort()) {
      if (state.get(next) === 'open') return [...path.slice(path.indexOf(next)), next].join(' → ');
      if (!state.has(next)) {
        const found = visit(next);
        if (found) return found;
      }
    }
    path.pop();
    state.set(at, 'done');
    return null;
  };
  for (const module of [...graph.keys()].sort()) {
    if (state.has(module)) continue;
    const found = visit(module);
    if (found) return found;
  }
  return null;
}

describe('the module boundary (dependency-cruiser)', async () => {
  const result = await cruiseServer();
  const found = violations(result);

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

  it('the modules import each other without a cycle (an event or an injected interface turns an import around)', () => {
    const graph = moduleGraph(result);
    const known = baseline[MODULE_CYCLES] ?? [];
    // A listed import "a → b" is one that still closes a cycle: it must exist and still close one, or be removed.
    const edge = (line: string) => line.split(' → ') as [string, string];
    const gone = known.filter((line) => {
      const [from, to] = edge(line);
      return !graph.get(from)?.has(to) || !reaches(graph, to, from);
    });
    expect(gone, `fixed: remove these lines from architecture.deps.baseline.json (${MODULE_CYCLES})`).toEqual([]);
    for (const line of known) {
      const [from, to] = edge(line);
      graph.get(from)?.delete(to);
    }
    expect(findCycle(graph), 'a cycle between modules').toBeNull();
  });

  it('the baseline names only rules that exist', () => {
    const names = [...(config.forbidden ?? []).map((r) => r.name), MODULE_CYCLES];
    expect(Object.keys(baseline).filter((n) => !names.includes(n))).toEqual([]);
  });
});
