import type { EntityManager } from '@mikro-orm/postgresql';
import type { Context } from '../../graphql/context.js';
import { UserError } from '../../graphql/errors.js';
import { isUuid } from '../../graphql/ids.js';
import { AuditLog } from '../audit/audit-log.entity.js';
import { auditActorOf } from '../audit/audit.service.js';
import { Category } from './category.entity.js';
import { CategoryPayload, DeleteCategoryPayload, type CategoryInput } from './product.inputs.js';
import { slugify } from './slug.js';

export const CATEGORY_RULES = { nameMin: 2, nameMax: 80, descriptionMax: 1000, sortOrderMin: 0, sortOrderMax: 100_000 } as const;

const notFound = () => UserError.of(null, 'NOT_FOUND', 'Deze categorie is niet gevonden.');

/** Categories as staff with CONTENT_EDIT manage them; at most one is featured (a partial unique index guards it). */
export class CategoryService {
  async create(ctx: Context, input: CategoryInput): Promise<CategoryPayload> {
    const { errors, clean } = await this.validate(ctx.em, input, null);
    if (errors.length) return CategoryPayload.fail(...errors);
    const category = ctx.em.create(Category, {
      name: clean.name,
      slug: await this.uniqueSlug(ctx.em, clean.name, null),
      description: clean.description,
      sortOrder: clean.sortOrder,
    });
    this.audit(ctx, 'CATEGORY_CREATED', category.id);
    await ctx.em.flush();
    return CategoryPayload.ok(category);
  }

  async update(ctx: Context, id: string, input: CategoryInput): Promise<CategoryPayload> {
    const category = isUuid(id) ? await ctx.em.findOne(Category, id) : null;
    if (!category) return CategoryPayload.fail(notFound());
    const { errors, clean } = await this.validate(ctx.em, input, id);
    if (errors.length) return CategoryPayload.fail(...errors);
    if (category.name !== clean.name) category.slug = await this.uniqueSlug(ctx.em, clean.name, id);
    category.name = clean.name;
    category.description = clean.description;
    category.sortOrder = clean.sortOrder;
    this.audit(ctx, 'CATEGORY_UPDATED', id);
    await ctx.em.flush();
    return CategoryPayload.ok(category);
  }

  /** Deletes an empty category. A category with products (in any status) is refused: products need a category. */
  async delete(ctx: Context, id: string): Promise<DeleteCategoryPayload> {
    const fail = (error: UserError) => Object.assign(new DeleteCategoryPayload(), { deletedId: null, errors: [error] });
    if (!isUuid(id)) return fail(notFound());
    return ctx.em.transactional(async (em) => {
      const rows = await em.execute<{ id: string; n: string }[]>(
        `select c.id, (select count(*) from product p where p.category_id = c.id)::text as n from category c where c.id = ? for update of c`,
        [id],
      );
      if (!rows[0]) return fail(notFound());
      const n = Number(rows[0].n);
      if (n > 0) {
        return fail(
          UserError.of(
            null,
            'CATEGORY_HAS_PRODUCTS',
            `Deze categorie kunt u niet verwijderen: er ${n === 1 ? 'hoort nog 1 product' : `horen nog ${n} producten`} bij. Verplaats ${n === 1 ? 'dat product' : 'die producten'} eerst naar een andere categorie.`,
          ),
        );
      }
      await em.execute('delete from category where id = ?', [id]);
      em.create(AuditLog, { ...this.actor(ctx), action: 'CATEGORY_DELETED', subjectType: 'category', subjectId: id, details: {} });
      return Object.assign(new DeleteCategoryPayload(), { deletedId: id, errors: [] });
    });
  }

  /** Makes one category the featured one (null: none). Unsets the old one first: the unique index allows one. */
  async setFeatured(ctx: Context, categoryId: string | null): Promise<CategoryPayload> {
    if (categoryId !== null && !isUuid(categoryId)) return CategoryPayload.fail(UserError.of('categoryId', 'NOT_FOUND', 'Deze categorie is niet gevonden.'));
    return ctx.em.transactional(async (em) => {
      // Serialise concurrent changes: both would otherwise try to set a different featured category at once.
      await em.execute(`select pg_advisory_xact_lock(hashtext('gemeentewinkel:featured-category'))`);
      if (categoryId) {
        const exists = await em.execute<{ id: string }[]>('select id from category where id = ?', [categoryId]);
        if (!exists.length) return CategoryPayload.fail(UserError.of('categoryId', 'NOT_FOUND', 'Deze categorie is niet gevonden.'));
      }
      await em.execute('update category set featured = false, updated_at = now() where featured and id is distinct from ?', [categoryId]);
      if (categoryId) await em.execute('update category set featured = true, updated_at = now() where id = ? and not featured', [categoryId]);
      em.create(AuditLog, { ...this.actor(ctx), action: 'FEATURED_CATEGORY_SET', subjectType: 'category', subjectId: categoryId, details: {} });
      const category = categoryId ? await em.findOneOrFail(Category, categoryId, { refresh: true }) : null;
      return CategoryPayload.ok(category);
    });
  }

  /** Total number of products (any status) per category, one query for all. */
  async allCountsByCategory(ctx: Context): Promise<Map<string, number>> {
    const rows = await ctx.em.execute<{ category_id: string; n: string }[]>(
      `select category_id, count(*)::text as n from product group by category_id`,
    );
    return new Map(rows.map((r) => [r.category_id, Number(r.n)]));
  }

  async validate(em: EntityManager, input: CategoryInput, id: string | null): Promise<{ errors: UserError[]; clean: CategoryInput }> {
    const errors: UserError[] = [];
    const clean = { name: input.name.trim().replace(/\s+/g, ' '), description: input.description.trim(), sortOrder: input.sortOrder };
    const { nameMin, nameMax, descriptionMax, sortOrderMin, sortOrderMax } = CATEGORY_RULES;
    if (!clean.name) errors.push(UserError.of('name', 'REQUIRED', 'Vul een naam in.'));
    else if (clean.name.length < nameMin || clean.name.length > nameMax) {
      errors.push(UserError.of('name', 'LENGTH', `De naam moet tussen ${nameMin} en ${nameMax} tekens lang zijn.`));
    } else {
      const same = await em.execute<{ id: string }[]>(
        'select id from category where lower(btrim(name)) = lower(?) and id is distinct from ?',
        [clean.name, id],
      );
      if (same.length) errors.push(UserError.of('name', 'TAKEN', 'Er is al een categorie met deze naam.'));
    }
    if (clean.description.length > descriptionMax) {
      errors.push(UserError.of('description', 'LENGTH', 'De omschrijving mag hoogstens 1.000 tekens lang zijn.'));
    }
    if (!Number.isInteger(clean.sortOrder) || clean.sortOrder < sortOrderMin || clean.sortOrder > sortOrderMax) {
      errors.push(UserError.of('sortOrder', 'RANGE', 'De volgorde moet een geheel getal van 0 tot en met 100.000 zijn.'));
    }
    return { errors, clean };
  }

  private async uniqueSlug(em: EntityManager, name: string, id: string | null): Promise<string> {
    const base = slugify(name, 'categorie');
    const rows = await em.execute<{ slug: string }[]>(
      `select slug from category where (slug = ? or slug like ?) and id is distinct from ?`,
      [base, `${base}-%`, id],
    );
    const taken = new Set(rows.map((r) => r.slug));
    if (!taken.has(base)) return base;
    for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
  }

  private actor(ctx: Context) {
    const actor = auditActorOf(ctx.viewer);
    return { actorKind: actor.kind, actorId: actor.id };
  }

  private audit(ctx: Context, action: string, id: string) {
    ctx.em.create(AuditLog, { ...this.actor(ctx), action, subjectType: 'category', subjectId: id, details: {} });
  }
}
