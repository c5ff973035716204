// Rewrites src/architecture.deps.baseline.json with the violations of today (run in server/: node scripts/architecture-baseline.mjs).
// Only for shrinking it after a fix: the test fails on any new violation, so a line is never added by hand.
import { cruise } from 'dependency-cruiser';
import { createRequire } from 'node:module';
import { writeFileSync } from 'node:fs';
const require = createRequire(import.meta.url);
const config = require(process.cwd() + '/.dependency-cruiser.cjs');
const { output } = await cruise(['src'], {
  ...config.options,
  validate: true,
  ruleSet: { forbidden: config.forbidden },
  outputType: 'json',
});
const result = typeof output === 'string' ? JSON.parse(output) : output;
const byRule = {};
for (const rule of config.forbidden) byRule[rule.name] = [];
for (const v of result.summary.violations)
  byRule[v.rule.name].push(v.rule.name === 'no-circular' ? `${v.from} → ${v.to} (cycle)` : `${v.from} → ${v.to}`);
for (const k of Object.keys(byRule)) byRule[k].sort();
writeFileSync('src/architecture.deps.baseline.json', JSON.stringify(byRule, null, 2) + '\n');
console.log(Object.fromEntries(Object.entries(byRule).map(([k, v]) => [k, v.length])));
