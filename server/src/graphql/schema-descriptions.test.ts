import { describe, expect, it } from 'vitest';
import { buildSchema } from 'graphql';
import { createSchema } from './schema.js';
import { descriptionCoverage, descriptionGaps } from './schema-descriptions.js';

/**
 * Issue 13: every type, field, argument, input field, enum value and directive argument of the API has an English
 * description for partner developers (what it is, units — money is in cents —, formats, who may see it, paging). A new
 * one without a description fails here, with the list of what lacks one. Give it a `description` option:
 * @ObjectType/@InputType/@Field/@Arg/@Query/@Mutation({ description }) or registerEnumType(…, { description,
 * valuesConfig }).
 */
describe('schema descriptions (issue 13)', () => {
  it('describes every type, field, argument, input field and enum value', async () => {
    const schema = await createSchema();
    const gaps = descriptionGaps(schema);
    const coverage = descriptionCoverage(schema);
    console.info(
      `Schema descriptions: ${coverage.typesDescribed}/${coverage.types} types, ` +
        `${coverage.fieldsDescribed}/${coverage.fields} fields; ${gaps.length} gaps` +
        (gaps.length ? `:\n  ${gaps.join('\n  ')}` : '.'),
    );
    expect(gaps, 'Give these a `description` (English, for partner developers)').toEqual([]);
  });

  it('finds every kind of missing description', () => {
    const schema = buildSchema(`
      "Described" type Query { "ok" a(x: Int): Int, b: Thing }
      type Thing { c: Int }
      "E" enum E { "one" ONE TWO }
      input I { d: E }
      directive @mark(level: Int) on FIELD_DEFINITION
    `);
    expect(descriptionGaps(schema)).toEqual([
      '@mark',
      '@mark(level:)',
      'E.TWO',
      'I',
      'I.d',
      'Query.a(x:)',
      'Query.b',
      'Thing',
      'Thing.c',
    ]);
  });
});
