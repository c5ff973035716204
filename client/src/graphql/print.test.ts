import { parse, type DocumentNode } from 'graphql';
import { describe, expect, it } from 'vitest';
import * as generated from './generated/graphql';
import { print } from './print';

/**
 * A document's syntax tree without source locations, whether a string was written as a block string, and empty lists
 * (which codegen's documents leave out).
 */
const tree = (document: DocumentNode): unknown =>
  JSON.parse(
    JSON.stringify(document, (key, value: unknown) =>
      key === 'loc' || key === 'block' || (Array.isArray(value) && value.length === 0) ? undefined : value,
    ),
  );

const documents = Object.entries(generated).filter(
  (entry): entry is [string, DocumentNode] =>
    typeof entry[1] === 'object' && entry[1] !== null && (entry[1] as { kind?: unknown }).kind === 'Document',
);

describe('the compact printer Apollo Client sends documents with', () => {
  it('prints every document of the application to the very same syntax tree', () => {
    expect(documents.length).toBeGreaterThan(100);
    for (const [name, document] of documents) {
      expect(tree(parse(print(document))), name).toEqual(tree(document));
    }
  });

  it('prints every kind of value, variable, directive and fragment of an executable document', () => {
    const source = `
      query Q($a: Int = 1, $b: [String!]! = ["x"], $c: In = {k: [1.5, true, null, E]}) @d(x: 1) {
        alias: f(s: "quote \\" backslash \\\\ newline \\n tab \\t unicode \\u00e9 é", b: """block "x" line
          two""", o: {n: {m: $a}}, l: [], e: {}) @include(if: true) @skip(if: false) {
          ... on T { id }
          ... @include(if: $a) { id }
          ...F @d
        }
      }
      mutation M { m(i: -12, f: 1e3) }
      subscription S { s }
      { anonymous }
      fragment F on T @d { id, __typename }
    `;
    const document = parse(source);
    expect(tree(parse(print(document)))).toEqual(tree(document));
    expect(print(parse('query Q($x: Int) { f(a: $x) { id name } }'))).toBe('query Q($x:Int){f(a:$x){id,name}}');
  });

  it('refuses the schema language, which Apollo Client never sends', () => {
    expect(() => print(parse('type T { id: ID }'))).toThrow(/ObjectTypeDefinition/);
  });
});
