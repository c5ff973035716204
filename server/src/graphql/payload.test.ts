import 'reflect-metadata';
import { describe, expect, it } from 'vitest';
import { UserError } from '../kernel/errors.js';
import { createSchema } from './schema.js';
import { CategoryPayload, DeleteCategoryPayload } from '../modules/catalogue/category.types.js';
import { fail, failIfAny, mapResult, ok, problem } from '../kernel/result.js';
import { Category } from '../modules/catalogue/category.entity.js';

describe('Result and the one mapping onto a payload', () => {
  it('puts the value on the named field, or null and the errors', async () => {
    const category = Object.assign(new Category(), { name: 'Sport' });
    const good = CategoryPayload.from(ok(category));
    expect(good).toBeInstanceOf(CategoryPayload);
    expect(good).toMatchObject({ category, errors: [] });
    const error = UserError.of('name', 'REQUIRED', 'Vul een naam in.');
    expect(CategoryPayload.from(fail(error))).toMatchObject({ category: null, errors: [error] });
    expect(DeleteCategoryPayload.from(ok('id-1'))).toMatchObject({ deletedId: 'id-1', errors: [] });
    expect(CategoryPayload.from(ok(null))).toMatchObject({ category: null, errors: [] });
  });

  it('has small helpers', async () => {
    expect(problem('x', 'C', 'M')).toEqual({ ok: false, errors: [UserError.of('x', 'C', 'M')] });
    expect(failIfAny([])).toBeNull();
    expect(await mapResult(ok(2), (n) => n * 2)).toEqual({ ok: true, value: 4 });
    const failed = problem<number>(null, 'C', 'M');
    expect(await mapResult(failed, (n) => n * 2)).toBe(failed);
  });

  it('gives every payload made with it the same shape in the schema', async () => {
    const schema = await createSchema();
    for (const [name, field] of [
      ['CategoryPayload', 'category'],
      ['DeleteCategoryPayload', 'deletedId'],
    ] as const) {
      const type = schema.getType(name) as import('graphql').GraphQLObjectType;
      const fields = type.getFields();
      expect(Object.keys(fields).sort()).toEqual([field, 'errors'].sort());
      expect(String(fields[field]!.type)).not.toContain('!');
      expect(String(fields.errors!.type)).toBe('[UserError!]!');
    }
    // The internal base classes are never printed.
    expect(Object.keys(schema.getTypeMap()).filter((t) => t.startsWith('PayloadBase'))).toEqual([]);
  });
});
