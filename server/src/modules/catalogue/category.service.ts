import { LockMode } from '@mikro-orm/core';
import { UserError } from '../../kernel/errors.js';
import { isUuid } from '../../graphql/ids.js';
import { keysetPage, stripKeys } from '../../graphql/keyset.js';
import type { ConnectionOf, ListArgs } from '../../graphql/pagination.js';
import { transactional, type RequestContext } from '../../kernel/request-context.js';
import { failIfAny, ok, problem, type Result } from '../../kernel/result.js';
import { checkAll } from '../../rules/rule.js';
import { categoryRules } from '../../rules/category.js';
import type { AuditService } from '../audit/index.js';
import { Category } from './category.entity.js';
import type { CategoryFilter, CategoryInput } from './category.types.js';
import { slugify } from '../../kernel/slug.js';
import * as q from './category.queries.js';

const NOT_FOUND = 'Deze categorie is niet gevonden.';

/**
 * Categories of the offer (beheer/categorieen): the reference module of the building blocks (docs "Adding a
 * module"). Every method takes the narrow RequestContext, so a resolver, an HTTP route, a job or a test calls it
 * alike; collaborators come through the constructor (app/services.ts); changes return a Result and are audited through
 * the AuditService with the real actor. Permissions are the resolver's (`@Requires(CONTENT_EDIT)`); categories have
 * no municipality scope. At most one category is featured (a partial unique index guards it).
 */
export class CategoryService {
  constructor(private readonly audit: AuditService) {}

  // ---- reading --------------------------------------------------------------------------------------------------

  /** Every category in display order: the choice lists (offer filter, product form, arrangements, home page). */
  all(ctx: RequestContext): Promise<Category[]> {
    return ctx.em.find(Category, {}, { orderBy: [{ sortOrder: 'asc' }, { name: 'asc' }, { id: 'asc' }] });
  }

  one(ctx: RequestContext, id: string): Promise<Category | null> {
    return isUuid(id) ? ctx.em.findOne(Category, id) : Promise.resolve(null);
  }

  featured(ctx: RequestContext): Promise<Category | null> {
    return ctx.em.findOne(Category, { featured: true });
  }

  /** The staff list: filtered, in display order, a keyset page at a time. */
  async list(
    ctx: RequestContext,
    filter: CategoryFilter | null | undefined,
    page: ListArgs,
  ): Promise<ConnectionOf<Category>> {
    const search = { search: filter?.search?.trim().slice(0, 100), hasProducts: filter?.hasProducts };
    return keysetPage(
      q.DISPLAY_ORDER,
      page,
      (after, limit) => q.categoryPage(ctx.em, search, after, limit),
      (rows) =>
        rows.map((row) => ctx.em.map(Category, stripKeys({ ...row }, q.DISPLAY_ORDER.keys.length, []) as never)),
    );
  }

  /** Total number of products (any status) per category, one query for all. */
  async allCountsByCategory(ctx: RequestContext): Promise<Map<string, number>> {
    const rows = await q.productCountsByCategory(ctx.em);
    return new Map(rows.map((r) => [r.category_id, Number(r.n)]));
  }

  // ---- changing -------------------------------------------------------------------------------------------------

  async create(ctx: RequestContext, input: CategoryInput): Promise<Result<Category>> {
    const checked = await this.check(ctx, input, null);
    if (!checked.ok) return checked;
    const values = checked.value;
    return transactional(ctx, async (tx) => {
      const category = tx.em.create(Category, { ...values, slug: await this.uniqueSlug(tx, values.name, null) });
      await tx.em.flush();
      await this.audit.record(tx, { action: 'CATEGORY_CREATED', subjectType: 'category', subjectId: category.id });
      return ok(category);
    });
  }

  async update(ctx: RequestContext, id: string, input: CategoryInput): Promise<Result<Category>> {
    if (!isUuid(id)) return problem(null, 'NOT_FOUND', NOT_FOUND);
    return transactional(ctx, async (tx) => {
      const category = await tx.em.findOne(Category, id, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!category) return problem(null, 'NOT_FOUND', NOT_FOUND);
      const checked = await this.check(tx, input, id);
      if (!checked.ok) return checked;
      const values = checked.value;
      const fields = (['name', 'description', 'sortOrder'] as const).filter((f) => category[f] !== values[f]);
      if (category.name !== values.name) category.slug = await this.uniqueSlug(tx, values.name, id);
      Object.assign(category, values);
      await tx.em.flush();
      await this.audit.record(tx, {
        action: 'CATEGORY_UPDATED',
        subjectType: 'category',
        subjectId: id,
        details: { fields },
      });
      return ok(category);
    });
  }

  /** Deletes an empty category. A category with products (in any status) is refused: products need a category. */
  async delete(ctx: RequestContext, id: string): Promise<Result<string>> {
    if (!isUuid(id)) return problem(null, 'NOT_FOUND', NOT_FOUND);
    return transactional(ctx, async (tx) => {
      const n = await q.lockCategoryWithProductCount(tx.em, id);
      if (n === undefined) return problem(null, 'NOT_FOUND', NOT_FOUND);
      if (n > 0) {
        return problem(
          null,
          'CATEGORY_HAS_PRODUCTS',
          `Deze categorie kunt u niet verwijderen: er ${n === 1 ? 'hoort nog 1 product' : `horen nog ${n} producten`} bij. Verplaats ${n === 1 ? 'dat product' : 'die producten'} eerst naar een andere categorie.`,
        );
      }
      await q.deleteCategory(tx.em, id);
      await this.audit.record(tx, { action: 'CATEGORY_DELETED', subjectType: 'category', subjectId: id });
      return ok(id);
    });
  }

  /** Makes one category the featured one (null: none). Unsets the old one first: the unique index allows one. */
  async setFeatured(ctx: RequestContext, categoryId: string | null): Promise<Result<Category | null>> {
    if (categoryId !== null && !isUuid(categoryId)) return problem('categoryId', 'NOT_FOUND', NOT_FOUND);
    return transactional(ctx, async (tx) => {
      // Serialise concurrent changes: both would otherwise try to set a different featured category at once.
      await q.lockFeatured(tx.em);
      if (categoryId) {
        if (!(await q.categoryExists(tx.em, categoryId))) return problem('categoryId', 'NOT_FOUND', NOT_FOUND);
      }
      const now = ctx.clock.now();
      await q.unsetFeatured(tx.em, categoryId, now);
      if (categoryId) await q.setFeatured(tx.em, categoryId, now);
      await this.audit.record(tx, { action: 'FEATURED_CATEGORY_SET', subjectType: 'category', subjectId: categoryId });
      return ok(categoryId ? await tx.em.findOneOrFail(Category, categoryId, { refresh: true }) : null);
    });
  }

  // ---- rules ----------------------------------------------------------------------------------------------------

  /** The shared rules (src/rules/category.ts), then what only the database knows: the name is not taken. */
  private async check(
    ctx: RequestContext,
    input: CategoryInput,
    id: string | null,
  ): Promise<Result<{ name: string; description: string; sortOrder: number }>> {
    const { values, problems } = checkAll(categoryRules, input);
    const errors = problems.map((p) => UserError.of(p.field, p.code, p.message));
    if (!errors.some((e) => e.field === 'name')) {
      if (await q.nameTaken(ctx.em, values.name, id))
        errors.unshift(UserError.of('name', 'TAKEN', 'Er is al een categorie met deze naam.'));
    }
    return failIfAny(errors) ?? ok(values);
  }

  private async uniqueSlug(ctx: RequestContext, name: string, id: string | null): Promise<string> {
    const base = slugify(name, 'categorie');
    const taken = new Set(await q.slugsLike(ctx.em, base, id));
    if (!taken.has(base)) return base;
    for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
  }
}
