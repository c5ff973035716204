import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { printSchemaFile } from './schema.js';

/**
 * Releases the current schema (run: npm run schema:release): writes it to schema/released.graphql, the schema partners
 * may rely on. From then on the compatibility test (schema-compatibility.test.ts) compares against it. Breaking
 * changes recorded in schema-changelog.ts stay there as history.
 */
export const RELEASED_SCHEMA_FILE = fileURLToPath(new URL('../../../schema/released.graphql', import.meta.url));

writeFileSync(RELEASED_SCHEMA_FILE, await printSchemaFile());
console.log(`Schema vrijgegeven: ${RELEASED_SCHEMA_FILE}`);
process.exit(0);
