// Moves server source files and rewrites every relative import of them (and theirs), with ts-morph.
//   node scripts/move-files.mjs <from> <to> [<from> <to> …]     paths relative to server/
//   node scripts/move-files.mjs --plan <file>                   one "from to" pair a line (# comments)
// Re-runnable: a pair whose source is gone and whose target exists is skipped. The moved files' contents change only in
// their own relative import paths, so git sees renames. Folders: give the folder; every file under it moves.
import { Project } from 'ts-morph';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

const serverDir = resolve(import.meta.dirname, '..');
const args = process.argv.slice(2);
const words =
  args[0] === '--plan'
    ? readFileSync(args[1], 'utf8')
        .split('\n')
        .map((l) => l.replace(/#.*/, '').trim())
        .filter(Boolean)
        .flatMap((l) => l.split(/\s+/))
    : args;
if (words.length === 0 || words.length % 2) throw new Error('usage: move-files.mjs <from> <to> … | --plan <file>');

const files = (dir) =>
  readdirSync(dir).flatMap((n) => (statSync(join(dir, n)).isDirectory() ? files(join(dir, n)) : [join(dir, n)]));

const moves = [];
for (let i = 0; i < words.length; i += 2) {
  const from = resolve(serverDir, words[i]);
  const to = resolve(serverDir, words[i + 1]);
  if (!existsSync(from)) {
    if (existsSync(to)) continue; // moved before
    throw new Error(`neither ${words[i]} nor ${words[i + 1]} exists`);
  }
  if (statSync(from).isDirectory()) for (const f of files(from)) moves.push([f, join(to, f.slice(from.length))]);
  else moves.push([from, to]);
}

// Every TypeScript file that may import a moved one: the sources with their tests, and the benchmarks.
const project = new Project({
  tsConfigFilePath: join(serverDir, 'bench/tsconfig.json'),
  manipulationSettings: { usePathsRelativeToBaseUrl: false },
});
for (const [from, to] of moves) {
  const file = project.getSourceFile(from);
  if (!file) throw new Error(`not a source file of the project: ${from}`);
  file.move(to);
  console.log(`${from.slice(serverDir.length + 1)} → ${to.slice(serverDir.length + 1)}`);
}
// ts-morph writes the new paths without an extension; this project's imports name the emitted file (NodeNext).
for (const file of project.getSourceFiles()) {
  for (const decl of [...file.getImportDeclarations(), ...file.getExportDeclarations()]) {
    const spec = decl.getModuleSpecifierValue();
    if (spec?.startsWith('.') && !/\.(js|mjs|cjs|json)$/.test(spec)) decl.setModuleSpecifier(`${spec}.js`);
  }
}
await project.save();
