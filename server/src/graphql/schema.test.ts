import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { printSchemaFile } from './schema.js';

const SCHEMA_FILE = fileURLToPath(new URL('../../../schema/schema.graphql', import.meta.url));

describe('schema/schema.graphql', () => {
  it('is the schema the code builds (run `npm run codegen` after changing the API)', async () => {
    const committed = readFileSync(SCHEMA_FILE, 'utf8');
    expect(committed, 'schema/schema.graphql is stale: run `npm run codegen` and commit the result').toBe(
      await printSchemaFile(),
    );
  });

  it('documents the permission of guarded fields with @requires', async () => {
    const text = await printSchemaFile();
    expect(text).toMatch(
      /directive @requires\([\s\S]*?audiences: \[ViewerKind!\][\s\S]*?permissions: \[Permission!\]\s*\) on FIELD_DEFINITION/,
    );
    expect(text).toMatch(/adminDashboard: AdminDashboard! @requires\(permissions: \[DASHBOARD_VIEW\]\)/);
    expect(text).toMatch(/myProducts\([\s\S]*?\): ProductConnection! @requires\(audiences: \[PROVIDER\]\)/);
  });
});
