import { Kind, type ASTNode } from 'graphql';

/**
 * GraphQL.js's `print` for what Apollo Client sends: executable documents (operations and fragments) only, written
 * compactly (commas between items, no indentation; the server parses both alike). The build gives it to Apollo
 * Client in place of GraphQL.js's printer (vite.config.ts, `compactPrinter`), which also prints the schema language
 * and block strings: about 2 KB of compressed JavaScript on every page that none of them needs. A unit test checks
 * that every document of the application prints to the same document as with GraphQL.js.
 */
export function print(ast: ASTNode): string {
  return node(ast);
}

type Named = { readonly value: string };

const join = (items: readonly ASTNode[] | undefined, separator = ','): string =>
  (items ?? []).map(node).join(separator);
/** `(a,b)` when there are items, else nothing. */
const list = (items: readonly ASTNode[] | undefined): string => (items?.length ? `(${join(items)})` : '');
const directives = (items: readonly ASTNode[] | undefined): string => join(items, '');

function node(ast: ASTNode): string {
  switch (ast.kind) {
    case Kind.DOCUMENT:
      return join(ast.definitions, ' ');
    case Kind.OPERATION_DEFINITION:
      return `${ast.operation}${ast.name ? ` ${name(ast.name)}` : ''}${list(ast.variableDefinitions)}${directives(ast.directives)}${node(ast.selectionSet)}`;
    case Kind.VARIABLE_DEFINITION:
      return `${node(ast.variable)}:${node(ast.type)}${ast.defaultValue ? `=${node(ast.defaultValue)}` : ''}${directives(ast.directives)}`;
    case Kind.VARIABLE:
      return `$${name(ast.name)}`;
    case Kind.SELECTION_SET:
      return `{${join(ast.selections)}}`;
    case Kind.FIELD:
      return `${ast.alias ? `${name(ast.alias)}:` : ''}${name(ast.name)}${list(ast.arguments)}${directives(ast.directives)}${ast.selectionSet ? node(ast.selectionSet) : ''}`;
    case Kind.ARGUMENT:
    case Kind.OBJECT_FIELD:
      return `${name(ast.name)}:${node(ast.value)}`;
    case Kind.FRAGMENT_SPREAD:
      return `...${name(ast.name)}${directives(ast.directives)}`;
    case Kind.INLINE_FRAGMENT:
      return `...${ast.typeCondition ? `on ${node(ast.typeCondition)}` : ''}${directives(ast.directives)}${node(ast.selectionSet)}`;
    case Kind.FRAGMENT_DEFINITION:
      return `fragment ${name(ast.name)} on ${node(ast.typeCondition)}${directives(ast.directives)}${node(ast.selectionSet)}`;
    case Kind.INT:
    case Kind.FLOAT:
    case Kind.ENUM:
      return ast.value;
    case Kind.STRING:
      // A JSON string is a GraphQL string (the same escapes); a block string becomes an ordinary one.
      return JSON.stringify(ast.value);
    case Kind.BOOLEAN:
      return ast.value ? 'true' : 'false';
    case Kind.NULL:
      return 'null';
    case Kind.LIST:
      return `[${join(ast.values)}]`;
    case Kind.OBJECT:
      return `{${join(ast.fields)}}`;
    case Kind.DIRECTIVE:
      return `@${name(ast.name)}${list(ast.arguments)}`;
    case Kind.NAMED_TYPE:
      return name(ast.name);
    case Kind.LIST_TYPE:
      return `[${node(ast.type)}]`;
    case Kind.NON_NULL_TYPE:
      return `${node(ast.type)}!`;
    case Kind.NAME:
      return ast.value;
    default:
      throw new Error(`print: ${ast.kind} is not part of an executable document`);
  }
}

function name(value: Named): string {
  return value.value;
}
