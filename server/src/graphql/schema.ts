import 'reflect-metadata';
import { buildSchema, type BuildSchemaOptions } from 'type-graphql';
import { GraphQLEnumType, GraphQLSchema, lexicographicSortSchema } from 'graphql';
import { printSchemaWithDirectives } from '@graphql-tools/utils';
import { authChecker, requiresDirective } from './auth/requires.js';
import { personalDataDirective, personalDataKindEnum } from './personal-data.js';
import { auditPersonalDataReads } from './personal-data-audit.js';
import { MODULES } from '../app/modules.js';

/** Every resolver, from the modules' manifests (app/modules.ts). */
export const resolvers = MODULES.flatMap((module) => module.resolvers ?? []);

let cached: Promise<GraphQLSchema> | undefined;

/**
 * The one schema: built from the resolvers, with the `@requires` directive declared using its own enums, and the
 * `@personalData` directive whose marked fields are audited on every staff or API-client read (personal-data.ts).
 */
export function createSchema(): Promise<GraphQLSchema> {
  cached ??= (async () => {
    const built = await buildSchema({
      resolvers: resolvers as unknown as BuildSchemaOptions['resolvers'],
      authChecker,
      authMode: 'error',
      validate: false,
      emitSchemaFile: false,
      orphanedTypes: [],
    });
    // The root types' descriptions (type-graphql builds them without one).
    const queryType = built.getQueryType();
    if (queryType) {
      queryType.description =
        'Everything the API reads. Who may read a field is in its @requires directive; lists are connections with keyset paging.';
    }
    const mutationType = built.getMutationType();
    if (mutationType) {
      mutationType.description =
        'Everything the API changes. A mutation returns a payload whose `errors` lists what is wrong with the input (codes, ' +
        'with messages in Dutch); a caller without the right to call it gets a GraphQL error (UNAUTHENTICATED or FORBIDDEN).';
    }
    // The directive's arguments use the schema's own enums: ViewerKind (the audiences) and Permission.
    const config = built.toConfig();
    const audienceEnum = built.getType('ViewerKind') as GraphQLEnumType | undefined;
    const permissionEnum = built.getType('Permission') as GraphQLEnumType | undefined;
    if (!audienceEnum || !permissionEnum) throw new Error('ViewerKind and Permission enums must be in the schema');
    const kindEnum = personalDataKindEnum();
    const schema = new GraphQLSchema({
      ...config,
      types: [...config.types, kindEnum],
      directives: [
        ...config.directives,
        requiresDirective(audienceEnum, permissionEnum),
        personalDataDirective(kindEnum),
      ],
    });
    return auditPersonalDataReads(schema);
  })();
  return cached;
}

/** The schema as committed in schema/schema.graphql: sorted, with the permission directives. */
export async function printSchemaFile(): Promise<string> {
  const schema = lexicographicSortSchema(await createSchema());
  return printSchemaWithDirectives(schema) + '\n';
}
