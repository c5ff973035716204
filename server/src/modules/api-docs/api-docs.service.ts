import {
  getNamedType,
  isEnumType,
  isInputObjectType,
  isInterfaceType,
  isLeafType,
  isListType,
  isNonNullType,
  isObjectType,
  isUnionType,
  lexicographicSortSchema,
  astFromValue,
  print,
  type GraphQLArgument,
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLNamedType,
  type GraphQLOutputType,
  type GraphQLSchema,
} from 'graphql';
import { getDirective, printSchemaWithDirectives } from '@graphql-tools/utils';
import { PERMISSION_DESCRIPTIONS, type Permission } from '../../kernel/permissions.js';
import { PERMISSION_GROUPS } from '../roles/index.js';
import { SCHEMA_CHANGELOG } from '../../graphql/schema-changelog.js';
import { PERSONAL_DATA_DIRECTIVE } from '../../graphql/personal-data.js';
import type { ViewerKind } from '../identity/index.js';
import { requirementsOf, type RouteDeclaration } from '../../http/route.js';
import {
  ApiOperationKind,
  type ApiRestRoute,
  type ApiArgument,
  type ApiDocumentation,
  type ApiField,
  type ApiOperation,
} from './api-docs.types.js';

/**
 * The API documentation (issue 13, /admin/beheer/api/documentatie), generated from the schema the server runs: every
 * query and mutation with its arguments, the fields it returns, who may call it (its @requires directive), an example
 * request, the SDL and the schema changelog. Computed once per schema.
 */
const cache = new WeakMap<GraphQLSchema, ApiDocumentation>();

export function apiDocumentation(schema: GraphQLSchema, routes: readonly RouteDeclaration[]): ApiDocumentation {
  let docs = cache.get(schema);
  if (!docs) cache.set(schema, (docs = buildApiDocumentation(schema, routes)));
  return docs;
}

export function buildApiDocumentation(schema: GraphQLSchema, routes: readonly RouteDeclaration[]): ApiDocumentation {
  const operations: ApiOperation[] = [];
  for (const [kind, root] of [
    [ApiOperationKind.QUERY, schema.getQueryType()],
    [ApiOperationKind.MUTATION, schema.getMutationType()],
  ] as const) {
    if (!root) continue;
    const fields = Object.values(root.getFields()).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const field of fields) operations.push(describeOperation(schema, kind, field));
  }
  return {
    operations,
    permissions: PERMISSION_GROUPS.flatMap((group) =>
      group.permissions.map((permission) => ({
        permission,
        description: PERMISSION_DESCRIPTIONS[permission],
        group: group.name,
      })),
    ),
    sdl: printSchemaWithDirectives(lexicographicSortSchema(schema)) + '\n',
    changelog: [...SCHEMA_CHANGELOG]
      .sort((a, b) => b.date.localeCompare(a.date))
      .map((entry) => ({ ...entry, path: entry.path ?? null })),
    restRoutes: partnerRoutes(routes),
  };
}

const REQUEST_BODY: Record<RouteDeclaration['body']['kind'], string | null> = {
  none: null,
  upload: 'multipart/form-data',
  json: 'application/json',
  form: 'application/x-www-form-urlencoded',
  raw: 'application/octet-stream',
};

/** The routes partners may call (declared `partners: true`), as the documentation shows them, by path. */
export function partnerRoutes(routes: readonly RouteDeclaration[]): ApiRestRoute[] {
  return routes
    .filter((r) => r.partners && r.access !== 'public')
    .map((r) => ({
      method: r.method,
      path: r.path,
      description: r.description,
      permissions: requirementsOf(r).permissions,
      requestBody: REQUEST_BODY[r.body.kind],
      requiredHeader: r.csrfHeader ?? null,
      scope:
        typeof r.scope === 'object'
          ? `The municipality named in the query parameter \`${r.scope.query}\`, which must be the key’s.`
          : r.scope === 'service'
            ? 'The key’s municipality: rows of other municipalities are left out.'
            : r.scope === 'own'
              ? 'The caller’s own data.'
              : 'No municipality’s data.',
    }))
    .sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

function describeOperation(
  schema: GraphQLSchema,
  kind: ApiOperationKind,
  field: GraphQLField<unknown, unknown>,
): ApiOperation {
  const requires = getDirective(schema, field, 'requires')?.[0] as
    | { audiences?: ViewerKind[]; permissions?: Permission[] }
    | undefined;
  const permissions = requires?.permissions ?? [];
  const audiences = requires?.audiences ?? [];
  const returned = getNamedType(field.type);
  const example = exampleRequest(kind, field);
  return {
    kind,
    name: field.name,
    description: field.description ?? null,
    deprecationReason: field.deprecationReason ?? null,
    arguments: field.args.map(describeArgument),
    returnType: String(field.type),
    returnTypeDescription: returned.description ?? null,
    returnFields: isObjectType(returned) || isInterfaceType(returned) ? describeFields(schema, returned) : [],
    permissions,
    audiences,
    public: permissions.length === 0 && audiences.length === 0,
    exampleQuery: example.query,
    exampleVariables: JSON.stringify(example.variables, null, 2),
  };
}

function describeArgument(arg: GraphQLArgument): ApiArgument {
  const literal = arg.defaultValue === undefined ? null : astFromValue(arg.defaultValue, arg.type);
  return {
    name: arg.name,
    type: String(arg.type),
    defaultValue: literal ? print(literal) : null,
    description: arg.description ?? null,
  };
}

function describeFields(
  schema: GraphQLSchema,
  type: Extract<GraphQLNamedType, { getFields: unknown }> & {
    getFields(): Record<string, GraphQLField<unknown, unknown>>;
  },
): ApiField[] {
  return Object.values(type.getFields()).map((f) => ({
    name: f.name,
    type: String(f.type),
    description: f.description ?? null,
    deprecationReason: f.deprecationReason ?? null,
    personalData: (getDirective(schema, f, PERSONAL_DATA_DIRECTIVE)?.[0]?.kind as string | undefined) ?? null,
  }));
}

// ---- example requests ------------------------------------------------------------------------------------------

/** How deep the example's selection goes; connections, edges and payloads are followed through to their nodes. */
const MAX_DEPTH = 4;
const MAX_LEAVES = 12;

export function exampleRequest(
  kind: ApiOperationKind,
  field: GraphQLField<unknown, unknown>,
): { query: string; variables: Record<string, unknown> } {
  const operationName = field.name.charAt(0).toUpperCase() + field.name.slice(1);
  const variableDefinitions = field.args.map((a) => `$${a.name}: ${String(a.type)}`);
  const callArguments = field.args.map((a) => `${a.name}: $${a.name}`);
  const selection = selectionOf(field.type, 1, '  ');
  const query =
    `${kind === ApiOperationKind.MUTATION ? 'mutation' : 'query'} ${operationName}` +
    (variableDefinitions.length ? `(${variableDefinitions.join(', ')})` : '') +
    ' {\n' +
    `  ${field.name}` +
    (callArguments.length ? `(${callArguments.join(', ')})` : '') +
    (selection ? ` ${selection}` : '') +
    '\n}\n';
  const variables: Record<string, unknown> = {};
  for (const arg of field.args) {
    variables[arg.name] = valueFor(arg.type, arg.defaultValue, 0);
  }
  return { query, variables };
}

function isFollowed(typeName: string): boolean {
  return /(Connection|Edge|Payload)$/.test(typeName);
}

/** The selection set for a returned type, or '' for a scalar or enum. */
function selectionOf(type: GraphQLOutputType, depth: number, indent: string): string {
  const named = getNamedType(type);
  if (isLeafType(named)) return '';
  if (isUnionType(named) || depth > MAX_DEPTH) return '{ __typename }';
  if (!isObjectType(named) && !isInterfaceType(named)) return '{ __typename }';
  const lines: string[] = [];
  let leaves = 0;
  for (const f of Object.values(named.getFields())) {
    if (f.args.some((a) => isNonNullType(a.type) && a.defaultValue === undefined)) continue;
    if (f.deprecationReason) continue;
    const fieldType = getNamedType(f.type);
    if (isLeafType(fieldType)) {
      if (leaves++ < MAX_LEAVES) lines.push(`${indent}  ${f.name}`);
    } else if (depth === 1 || isFollowed(named.name)) {
      const inner = selectionOf(f.type, depth + 1, indent + '  ');
      // Below the first level, an object that is not a connection, edge or payload shows only its id.
      lines.push(`${indent}  ${f.name} ${inner}`);
    } else if ((isObjectType(fieldType) || isInterfaceType(fieldType)) && fieldType.getFields().id) {
      lines.push(`${indent}  ${f.name} { id }`);
    }
  }
  if (!lines.length) return '{ __typename }';
  return `{\n${lines.join('\n')}\n${indent}}`;
}

/** An argument's example value: its default, a placeholder when it is required, or null when it may be left out. */
function valueFor(type: GraphQLInputType, defaultValue: unknown, depth: number): unknown {
  if (defaultValue !== undefined) return defaultValue;
  return isNonNullType(type) ? placeholder(type, depth) : null;
}

/** A placeholder value of the right shape for a variable: what a partner fills in. */
function placeholder(type: GraphQLInputType, depth: number): unknown {
  if (isNonNullType(type)) return placeholder(type.ofType, depth);
  if (isListType(type)) return [placeholder(type.ofType, depth)];
  if (isEnumType(type)) return type.getValues()[0]?.value ?? null;
  if (isInputObjectType(type)) {
    if (depth > 2) return {};
    const value: Record<string, unknown> = {};
    for (const f of Object.values(type.getFields())) {
      value[f.name] = valueFor(f.type, f.defaultValue, depth + 1);
    }
    return value;
  }
  switch (type.name) {
    case 'Int':
      return 0;
    case 'Float':
      return 0.0;
    case 'Boolean':
      return false;
    case 'ID':
      return '<id>';
    case 'String':
      return '';
    default:
      return `<${type.name}>`;
  }
}
