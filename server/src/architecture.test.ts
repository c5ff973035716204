import { describe, expect, it } from 'vitest';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The conventions of the building blocks (docs, "Adding a module"), checked on the source so they do not drift.
 * An allow-list names what is still to be moved onto the blocks; it only ever shrinks.
 */
const root = fileURLToPath(new URL('.', import.meta.url));

function sources(dir = root): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'migrations' ? [] : sources(path);
    return path.endsWith('.ts') && !path.endsWith('.test.ts') ? [path] : [];
  });
}

const files = sources().map((path) => ({ path: relative(root, path), text: readFileSync(path, 'utf8') }));
const matching = (pattern: RegExp, where: (path: string) => boolean = () => true) =>
  files
    .filter((f) => where(f.path) && pattern.test(f.text))
    .map((f) => f.path)
    .sort();

describe('the building blocks are the only way', () => {
  it('services never look other services up through the context (constructor injection in app/services.ts)', () => {
    expect(matching(/ctx\.services\./, (p) => p.endsWith('.service.ts'))).toEqual([]);
  });

  it('services take the narrow request context, not the GraphQL context', () => {
    // Justified: auth sets and clears the session cookie on the response; the viewer and the product approvals use
    // the per-request DataLoaders, which only a GraphQL request has.
    const needGraphQL = [
      'modules/catalogue/product.service.ts',
      'modules/identity/auth.service.ts',
      'modules/identity/staff-login.service.ts',
      'modules/identity/viewer.service.ts',
    ];
    expect(matching(/graphql\/context\.js'/, (p) => p.endsWith('.service.ts'))).toEqual(needGraphQL);
  });

  it('only the audit service writes audit rows', () => {
    // The insert is SQL in audit.queries.ts (the persistence rule); only the audit service calls it.
    expect(matching(/insert into audit_log/i)).toEqual(['modules/audit/audit.queries.ts']);
    expect(matching(/audit\.queries\.js'/)).toEqual(['modules/audit/audit.service.ts']);
    expect(matching(/\.create\(\s*AuditLog\b/)).toEqual([]);
  });

  it('only app/contexts.ts builds a GraphQL context (routes, jobs and CLI use forRoute / forVisitor / forSystem)', () => {
    expect(matching(/createLoaders\(/, (p) => !p.startsWith('test/'))).toEqual([
      'app/contexts.ts',
      'graphql/loaders.ts',
    ]);
  });

  it('HTTP routes are declared (http/route.ts), never registered by hand past the guard', () => {
    // Justified: the local OpenID provider the DigiD tests run is an app of its own, not one of ours to guard.
    expect(matching(/\b(router|app)\.(get|post|put|patch|delete|all)\(/)).toEqual([
      'http/route.ts',
      'integrations/digid/test-idp/oidc-idp.ts',
    ]);
    expect(matching(/express\.Router\(|\bRouter\(\)/)).toEqual([]);
  });

  it('municipality scope is decided in kernel/scope.ts alone, which imports nothing of ours', () => {
    // A viewer's municipalities are read there only (inScope, scopeSql, scopeFilter, scopeIds, reachesAll).
    expect(matching(/\b(viewer|v|grantor)\.municipalityIds\b|municipalityScope\(/)).toEqual(['kernel/scope.ts']);
    expect(matching(/(function|private)\s+inScope\(/)).toEqual(['kernel/scope.ts']);
    const kernel = files.find((f) => f.path === 'kernel/scope.ts')!;
    expect([...kernel.text.matchAll(/^import .* from '([^']+)'/gm)].map((m) => m[1])).toEqual([]);
  });

  it('raw SQL lives in *.queries.ts (read models, reports, bulk writes), database/, seeders and tests', () => {
    // The persistence rule (docs, "Persistence: entities and queries"): an aggregate that use cases create and change
    // is a MikroORM entity; SQL is a plain function in its module's `*.queries.ts`. Comments do not count.
    // Still to move (only ever shrinks):
    const stillToMove: string[] = [];
    const raw = /\.execute\s*[<(]|\bknex\b|(?<![\w.])raw\(/;
    const allowed = (path: string) => path.endsWith('.queries.ts') || /^(database|seeders|test)\//.test(path);
    const uncommented = (text: string) => text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
    const withRawSql = files
      .filter((f) => !allowed(f.path) && raw.test(uncommented(f.text)))
      .map((f) => f.path)
      .sort();
    expect(withRawSql).toEqual(stillToMove);
  });

  it('every module folder is in the one list of modules (app/modules.ts), by its manifest', async () => {
    const { MODULES } = await import('./app/modules.js');
    const folders = readdirSync(join(root, 'modules')).filter((name) =>
      statSync(join(root, 'modules', name)).isDirectory(),
    );
    expect(MODULES.map((m) => m.name).sort()).toEqual(folders.sort());
  });

  it('one keyset helper and one connection mapping: no hand-made page info', () => {
    expect(matching(/hasNextPage:/)).toEqual(['graphql/pagination.ts']);
  });

  it('the shared rules stay isomorphic: no Node APIs, no server imports, only ibantools', () => {
    for (const f of files.filter((f) => f.path.startsWith('rules/'))) {
      const imports = [...f.text.matchAll(/from '([^']+)'/g)].map((m) => m[1]!);
      for (const spec of imports) {
        expect(spec === 'ibantools' || /^\.\/[a-z-]+\.js$/.test(spec), `${f.path} imports ${spec}`).toBe(true);
      }
      expect(f.text, f.path).not.toMatch(/\b(Buffer|process|require)\b|node:/);
    }
  });
});
