import { buildSchema, getNamedType, isObjectType } from 'graphql';
import { describe, expect, it } from 'vitest';
// The emitted schema, outside client/ (no alias reaches it).
// eslint-disable-next-line no-restricted-imports
import schemaText from '../../../schema/schema.graphql?raw';
import { typePolicies } from './client';

/** Arguments that page through a connection; every other argument picks which list it is (a key argument). */
const PAGING = new Set(['first', 'after', 'last', 'before']);

describe('the Apollo cache', () => {
  it('has a pagination policy for every connection field of the schema, keyed on its filter arguments', () => {
    const schema = buildSchema(schemaText);
    const connections = Object.values(schema.getTypeMap())
      .filter(isObjectType)
      .filter((type) => !type.name.startsWith('__'))
      .flatMap((type) =>
        Object.values(type.getFields())
          .filter((field) => getNamedType(field.type).name.endsWith('Connection'))
          .map((field) => ({
            type: type.name,
            field: field.name,
            keyArgs: field.args
              .map((a) => a.name)
              .filter((a) => !PAGING.has(a))
              .sort(),
          })),
      );
    expect(connections.length).toBeGreaterThan(5);
    for (const { type, field, keyArgs } of connections) {
      const policy = typePolicies[type]?.fields?.[field];
      expect(policy, `${type}.${field} has no cache policy in graphql/client.ts`).toBeTruthy();
      const declared = (policy as { keyArgs?: false | string[] }).keyArgs;
      expect(
        declared === false ? [] : [...(declared ?? [])].sort(),
        `${type}.${field}: keyArgs must be its non-paging arguments`,
      ).toEqual(keyArgs);
    }
  });
});
