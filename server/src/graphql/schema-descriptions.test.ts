import { describe, expect, it } from 'vitest';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createSchema } from './schema.js';
import { descriptionCoverage, descriptionGaps } from './schema-descriptions.js';

/**
 * The ratchet: the schema coordinates that still lack a description. The list may only shrink — a new type, field,
 * argument or enum value without a description fails this test. After describing something, remove its line (or run
 * this test with UPDATE_DESCRIPTION_GAPS=1, which rewrites the file without the closed gaps and never adds one).
 */
const GAPS_FILE = fileURLToPath(new URL('./description-gaps.txt', import.meta.url));

function allowedGaps(): string[] {
  return readFileSync(GAPS_FILE, 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));
}

describe('schema descriptions (issue 13)', () => {
  it('describes every type, field, argument, input field and enum value (except the shrinking allow-list)', async () => {
    const schema = await createSchema();
    const gaps = descriptionGaps(schema);
    const allowed = new Set(allowedGaps());
    const coverage = descriptionCoverage(schema);
    console.info(
      `Schema descriptions: ${coverage.typesDescribed}/${coverage.types} types, ${coverage.fieldsDescribed}/${coverage.fields} fields; ` +
        `${gaps.length} gaps left` +
        (gaps.length ? `:\n  ${gaps.join('\n  ')}` : '.'),
    );
    const closed = [...allowed].filter((gap) => !gaps.includes(gap));
    if (closed.length && process.env.UPDATE_DESCRIPTION_GAPS) {
      const header = readFileSync(GAPS_FILE, 'utf8')
        .split('\n')
        .filter((line) => line.startsWith('#'));
      writeFileSync(GAPS_FILE, [...header, ...gaps.filter((gap) => allowed.has(gap))].join('\n') + '\n');
    }
    const added = gaps.filter((gap) => !allowed.has(gap));
    expect(added, 'Give these a `description` (English, for partner developers)').toEqual([]);
    if (!process.env.UPDATE_DESCRIPTION_GAPS) {
      expect(
        closed,
        'These now have a description: remove them from src/graphql/description-gaps.txt (or run with UPDATE_DESCRIPTION_GAPS=1)',
      ).toEqual([]);
    }
  });

  it('finds a missing description', async () => {
    const { buildSchema } = await import('graphql');
    const schema = buildSchema(`
      "Described" type Query { "ok" a(x: Int): Int, b: Thing }
      type Thing { c: Int }
      "E" enum E { "one" ONE TWO }
      input I { d: E }
    `);
    expect(descriptionGaps(schema)).toEqual(['E.TWO', 'I', 'I.d', 'Query.a(x:)', 'Query.b', 'Thing', 'Thing.c']);
  });
});
