import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { printSchemaFile } from './schema.js';

/** Writes schema/schema.graphql (run: npm run schema:emit -w server). A test fails when the committed file is stale. */
export const SCHEMA_FILE = fileURLToPath(new URL('../../../schema/schema.graphql', import.meta.url));

const text = await printSchemaFile();
writeFileSync(SCHEMA_FILE, text);
console.log(`Schema geschreven naar ${SCHEMA_FILE}`);
