// `npm run migration:create -- add_orders`: writes an empty, timestamped migration and lists it in migrations/index.ts.
// Migrations here are hand-written SQL (constraints, triggers, generated columns and indexes the entities cannot
// describe), so no schema diff is generated: MikroORM's diff would propose dropping exactly those.
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const name = (process.argv[2] ?? '').replace(/[^a-z0-9_]/gi, '_');
if (!name) {
  console.error('Geef een naam: npm run migration:create -- add_orders');
  process.exit(1);
}
const stamp = new Date().toISOString().replace(/\D/g, '').slice(0, 14);
const className = `Migration${stamp}_${name}`;
const dir = fileURLToPath(new URL('./migrations/', import.meta.url));
writeFileSync(
  `${dir}${className}.ts`,
  `import { Migration } from '@mikro-orm/migrations';

export class ${className} extends Migration {
  override up(): void {
    this.addSql(\`\`);
  }
}
`,
);
const index = `${dir}index.ts`;
let text = readFileSync(index, 'utf8');
text = text.replace(/(\nexport const migrationsList)/, `import { ${className} } from './${className}.js';\n$1`);
text = text.replace(/\n\];\s*$/, `\n  { name: '${className}', class: ${className} },\n];\n`);
writeFileSync(index, text);
console.log(`Nieuwe migratie: server/src/database/migrations/${className}.ts`);
