/**
 * The server's module boundary (ARCHITECTURE.md, "Modules with a boundary"), checked by dependency-cruiser.
 * `src/architecture.deps.test.ts` runs these rules on every test run; `npx depcruise src` in server/ prints them.
 * Paths are relative to server/. Tests are outside the rules: a test may reach into any module it tests.
 */
/** The assembling layers: what puts the modules together. A module never imports them. */
const ASSEMBLY = [
  '^src/app/',
  '^src/api/',
  '^src/boot\\.ts$',
  '^src/services\\.ts$',
  '^src/contexts\\.ts$',
  '^src/main\\.ts$',
  '^src/graphql/schema\\.ts$',
  '^src/graphql/emit-schema\\.ts$',
  '^src/jobs/registry\\.ts$',
  '^src/database/entities\\.ts$',
  '^src/http/app\\.ts$',
  '^src/http/routes\\.ts$',
];

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'No import cycle in server/src, type-only imports included.',
      from: { path: '^src/' },
      to: { circular: true },
    },
    {
      name: 'kernel-imports-nothing-of-ours',
      severity: 'error',
      comment: 'kernel/ (viewer, result, clock, sql helpers) depends on libraries only.',
      from: { path: '^src/kernel/' },
      to: { path: '^src/', pathNot: '^src/kernel/' },
    },
    {
      name: 'platform-imports-no-module',
      severity: 'error',
      comment: 'platform/ is what every module may use, so it uses no module.',
      from: { path: '^src/platform/' },
      to: { path: '^src/(modules|app|api)/' },
    },
    {
      name: 'modules-never-import-the-assembly',
      severity: 'error',
      comment: 'A module never imports the composition root, the schema, the HTTP app or the lists of modules.',
      from: { path: '^src/modules/' },
      to: { path: ASSEMBLY },
    },
    {
      name: 'modules-meet-through-their-face',
      severity: 'error',
      comment: "A module imports another only through that module's index.ts.",
      from: { path: '^src/modules/([^/]+)/' },
      to: { path: '^src/modules/[^/]+/', pathNot: ['^src/modules/$1/', '^src/modules/[^/]+/index\\.ts$'] },
    },
    {
      name: 'types-never-import-services',
      severity: 'error',
      comment: 'A *.types.ts file (GraphQL object and input types) never imports a service.',
      from: { path: '\\.types\\.ts$' },
      to: { path: '\\.service\\.ts$' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['\\.test\\.ts$', '^src/test/'] },
    tsConfig: { fileName: 'tsconfig.json' },
    // Type-only imports count: a cycle through types is still a cycle between the files.
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { extensions: ['.ts', '.js'] },
  },
};
