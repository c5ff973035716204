import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { buildSchema } from 'graphql';
import { printSchemaFile } from './schema.js';
import { compareWithReleased } from './schema-compatibility.js';
import { SCHEMA_CHANGELOG } from './schema-changelog.js';

const RELEASED_FILE = fileURLToPath(new URL('../../../schema/released.graphql', import.meta.url));

describe('schema compatibility with schema/released.graphql (issue 13)', () => {
  it('has no breaking change that the schema changelog does not record', async () => {
    const result = await compareWithReleased(readFileSync(RELEASED_FILE, 'utf8'), buildSchema(await printSchemaFile()));
    if (result.dangerous.length) {
      console.info(
        `Possibly dangerous changes since the release:\n  ${result.dangerous.map((c) => c.message).join('\n  ')}`,
      );
    }
    expect(
      result.unrecorded.map((c) => `${c.path ?? '(no path)'}: ${c.message}`),
      'Breaking change(s) since the released schema: undo them, or record each in src/graphql/schema-changelog.ts ' +
        '({ date, change, reason, path }) so partners read why',
    ).toEqual([]);
  });

  it('fails on a removed field or a narrowed type, unless the changelog records it', async () => {
    const released = `
      type Query { orders(first: Int): [Order!]!, total: Int }
      type Order { id: ID!, note: String }
    `;
    const current = buildSchema(`
      type Query { orders(first: Int!): [Order!]!, total: Int }
      type Order { id: ID! }
    `);
    const result = await compareWithReleased(released, current, []);
    expect(result.unrecorded.map((c) => c.path).sort()).toEqual(['Order.note', 'Query.orders.first']);

    const recorded = await compareWithReleased(released, current, [
      { date: '2026-01-01', change: 'Order.note removed', reason: 'Never filled.', path: 'Order.note' },
      { date: '2026-01-01', change: 'first is required', reason: 'Unbounded lists.', path: 'Query.orders.first' },
    ]);
    expect(recorded.breaking).toHaveLength(2);
    expect(recorded.unrecorded).toEqual([]);
  });

  it('keeps well-formed changelog entries', () => {
    for (const entry of SCHEMA_CHANGELOG) {
      expect(entry.date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(entry.change.trim()).not.toBe('');
      expect(entry.reason.trim()).not.toBe('');
    }
  });
});
