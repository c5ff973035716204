import {
  Kind,
  parse,
  type DocumentNode,
  type FragmentDefinitionNode,
  type OperationDefinitionNode,
  type SelectionSetNode,
} from 'graphql';

/** The operation a request names (or its only one), with its type and root fields; null when there is none. */
export interface RequestedOperation {
  name: string | null;
  type: OperationDefinitionNode['operation'];
  /** The root fields it asks, with fragments expanded (see rootFields), each name once, in order of appearance. */
  fields: string[];
}

/**
 * The root fields of an operation with its fragments expanded: `{ ... on Mutation { loginStaff } }`,
 * `{ ...F } fragment F on Mutation { loginStaff }` and nested spreads all ask `loginStaff`. Used before the request is
 * validated or run (the IP allow-list and maintenance mode, http/maintenance.ts; an API client's audit row), so it is
 * a superset of what will run: `@skip`/`@include` are ignored (a field that may run counts as asked), a fragment
 * whose type condition does not fit is still expanded (validation refuses the document anyway), an unknown fragment
 * adds nothing, and a fragment spread inside itself is expanded once (validation refuses the cycle later).
 *
 * graphql-js's own `collectFields` is marked internal and, like @graphql-tools/utils' version, needs the schema and
 * coerced variables and drops skipped fields: exactly what a guard must not depend on.
 */
export function rootFields(operation: OperationDefinitionNode, document: DocumentNode): string[] {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const d of document.definitions) if (d.kind === Kind.FRAGMENT_DEFINITION) fragments.set(d.name.value, d);
  const fields = new Set<string>();
  const expanded = new Set<string>();
  const collect = (set: SelectionSetNode) => {
    for (const s of set.selections) {
      if (s.kind === Kind.FIELD) fields.add(s.name.value);
      else if (s.kind === Kind.INLINE_FRAGMENT) collect(s.selectionSet);
      else if (!expanded.has(s.name.value)) {
        expanded.add(s.name.value);
        const fragment = fragments.get(s.name.value);
        if (fragment) collect(fragment.selectionSet);
      }
    }
  };
  collect(operation.selectionSet);
  return [...fields];
}

/**
 * The operation a GraphQL request over HTTP runs: from the JSON body (POST) or the query string (GET), the one named
 * by `operationName`, else the first. Null when there is no document, it cannot be parsed (GraphQL refuses it later
 * with its own message) or no operation has that name.
 */
export function requestedOperation(
  input: { body?: unknown; query?: unknown },
  options: { maxTokens: number } = { maxTokens: 5000 },
): RequestedOperation | null {
  const body = (input.body ?? {}) as { query?: unknown; operationName?: unknown };
  const params = (input.query ?? {}) as { query?: unknown; operationName?: unknown };
  const text = typeof body.query === 'string' ? body.query : typeof params.query === 'string' ? params.query : null;
  if (!text) return null;
  const wanted =
    typeof body.operationName === 'string'
      ? body.operationName
      : typeof params.operationName === 'string'
        ? params.operationName
        : null;
  let document: DocumentNode;
  try {
    document = parse(text, { maxTokens: options.maxTokens });
  } catch {
    return null;
  }
  const operations = document.definitions.filter(
    (d): d is OperationDefinitionNode => d.kind === Kind.OPERATION_DEFINITION,
  );
  const operation = wanted ? operations.find((o) => o.name?.value === wanted) : operations[0];
  if (!operation) return null;
  return { name: operation.name?.value ?? null, type: operation.operation, fields: rootFields(operation, document) };
}
