import type { CodegenConfig } from '@graphql-codegen/cli';

/**
 * Typed GraphQL documents for the client (client-preset).
 * Run from the repository root: `npx graphql-codegen --config codegen.ts`.
 * The output in client/src/graphql/generated is committed; a test checks it is not stale.
 */
const config: CodegenConfig = {
  schema: 'schema/schema.graphql',
  documents: ['client/src/**/*.{ts,tsx}', '!client/src/graphql/generated/**', '!client/src/**/*.test.{ts,tsx}'],
  ignoreNoDocuments: true,
  generates: {
    'client/src/graphql/generated/': {
      preset: 'client',
      presetConfig: {
        gqlTagName: 'graphql',
        // `useFragment` would clash with Apollo's hook of the same name.
        fragmentMasking: { unmaskFunctionName: 'getFragmentData' },
      },
      config: {
        scalars: { DateTimeISO: 'string', JSONObject: 'Record<string, unknown>' },
        // GraphQL enums as string-literal union types, no runtime enums.
        // (`enumsAsTypes: true` in older codegen versions; client-preset 6 uses `enumType`.)
        enumType: 'string-literal',
        useTypeImports: true,
        // `...UserErrorFields @unmask`: payload errors are read directly, not through getFragmentData. Apollo Client
        // removes @unmask before a document is sent (the server never sees it).
        customDirectives: { apolloUnmask: true },
      },
    },
  },
};

export default config;
