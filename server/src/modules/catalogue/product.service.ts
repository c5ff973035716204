import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { transactional, withEm, type RequestContext } from '../../lib/request-context.js';
import { Audience } from '../../graphql/auth/permissions.js';
import { municipalityScope } from '../../graphql/auth/viewer.js';
import { UserError } from '../../graphql/errors.js';
import { isUuid } from '../../graphql/ids.js';
import { clampPageSize, emptyConnection, toConnection } from '../../graphql/pagination.js';
import type { AuditService } from '../audit/audit.service.js';
import type { MailService } from '../communication/mail.service.js';
import { ProviderUser } from '../providers/provider-user.entity.js';
import { Provider } from '../providers/provider.entity.js';
import { Category } from './category.entity.js';
import { Product, ProductStatus } from './product.entity.js';
import { ProductPayload, type ProductInput } from './product.inputs.js';
import type { ProductPage } from './catalogue.service.js';
import { keyCondition, keyOrderBy, keySelect, rowCursor, stripKeys, type KeyOrder } from '../../graphql/keyset.js';
import { slugify } from './slug.js';
import { productRules, rejectionReason } from '../../rules/product.js';

const notFound = () => UserError.of(null, 'NOT_FOUND', 'Dit product is niet gevonden.');

/**
 * Products as providers manage them and staff review them. The state machine:
 *
 *   DRAFT ──submit──▶ SUBMITTED ──approve──▶ APPROVED
 *     ▲                    │
 *     │                    └──reject(reason)──▶ REJECTED ──submit──▶ SUBMITTED
 *     └── editing an APPROVED product's content (it leaves the offer until approved again)
 *   any state but ARCHIVED ──archive──▶ ARCHIVED (final)
 *
 * Providers edit DRAFT, REJECTED and APPROVED products; a SUBMITTED product is frozen while it is reviewed.
 * Ownership: a provider only ever finds its own products; anything else is "not found" (no existence leak).
 * Staff see products of providers with a membership in a municipality in their scope.
 */
export class ProductService {
  constructor(
    private readonly appUrl: string,
    private readonly audit: AuditService,
    private readonly mail: MailService,
  ) {}

  // ------------------------------------------------------------------------------------------------------------
  // Provider

  /** The logged-in provider's own product, or null. */
  async ownProduct(ctx: RequestContext, id: string): Promise<Product | null> {
    if (ctx.viewer.kind !== Audience.PROVIDER || !isUuid(id)) return null;
    return ctx.em.findOne(Product, { id, provider: ctx.viewer.providerId });
  }

  async create(ctx: RequestContext, input: ProductInput): Promise<ProductPayload> {
    if (ctx.viewer.kind !== Audience.PROVIDER) return ProductPayload.fail(notFound());
    const providerId = ctx.viewer.providerId;
    const { errors, clean } = await this.validate(ctx.em, input);
    if (errors.length) return ProductPayload.fail(...errors);
    return transactional(ctx, async (tx) => {
    const product = tx.em.create(Product, {
      provider: tx.em.getReference(Provider, providerId),
      category: tx.em.getReference(Category, clean.categoryId),
      title: clean.title,
      slug: slugify(clean.title),
      description: clean.description,
      priceCents: clean.priceCents,
      availability: clean.availability,
      redemptionMethod: clean.redemptionMethod,
      status: ProductStatus.DRAFT,
    });
    await tx.em.flush();
    await this.audit.record(tx, { action: 'PRODUCT_CREATED', subjectType: 'product', subjectId: product.id });
    return ProductPayload.ok(product);
    });
  }

  async update(ctx: RequestContext, id: string, input: ProductInput): Promise<ProductPayload> {
    return this.withOwnProduct(ctx, id, async (em, product) => {
      if (product.status === ProductStatus.SUBMITTED) {
        return ProductPayload.fail(
          UserError.of(null, 'INVALID_TRANSITION', 'Dit product wordt beoordeeld door de gemeente. U kunt het wijzigen nadat het is beoordeeld.'),
        );
      }
      if (product.status === ProductStatus.ARCHIVED) {
        return ProductPayload.fail(UserError.of(null, 'INVALID_TRANSITION', 'Een gearchiveerd product kunt u niet meer wijzigen.'));
      }
      const { errors, clean } = await this.validate(em, input);
      if (errors.length) return ProductPayload.fail(...errors);
      const contentChanged =
        product.title !== clean.title ||
        product.description !== clean.description ||
        product.priceCents !== clean.priceCents ||
        product.category.id !== clean.categoryId ||
        product.redemptionMethod !== clean.redemptionMethod;
      product.title = clean.title;
      product.slug = slugify(clean.title);
      product.description = clean.description;
      product.priceCents = clean.priceCents;
      product.category = em.getReference(Category, clean.categoryId) as never;
      product.availability = clean.availability;
      product.redemptionMethod = clean.redemptionMethod;
      // A change to what customers see needs a new review; availability alone does not.
      if (product.status === ProductStatus.APPROVED && contentChanged) product.status = ProductStatus.DRAFT;
      await this.audit.record(withEm(ctx, em), { action: 'PRODUCT_UPDATED', subjectType: 'product', subjectId: product.id });
      return ProductPayload.ok(product);
    });
  }

  async submit(ctx: RequestContext, id: string): Promise<ProductPayload> {
    return this.withOwnProduct(ctx, id, async (em, product) => {
      if (product.status !== ProductStatus.DRAFT && product.status !== ProductStatus.REJECTED) {
        return ProductPayload.fail(
          UserError.of(null, 'INVALID_TRANSITION', `Alleen een concept of een afgekeurd product kunt u indienen. Dit product is ${STATUS_NL[product.status as ProductStatus]}.`),
        );
      }
      product.status = ProductStatus.SUBMITTED;
      product.submittedAt = new Date();
      product.rejectionReason = null;
      await this.audit.record(withEm(ctx, em), { action: 'PRODUCT_SUBMITTED', subjectType: 'product', subjectId: product.id });
      return ProductPayload.ok(product);
    });
  }

  async archive(ctx: RequestContext, id: string): Promise<ProductPayload> {
    return this.withOwnProduct(ctx, id, async (em, product) => {
      if (product.status === ProductStatus.ARCHIVED) {
        return ProductPayload.fail(UserError.of(null, 'INVALID_TRANSITION', 'Dit product is al gearchiveerd.'));
      }
      product.status = ProductStatus.ARCHIVED;
      await this.audit.record(withEm(ctx, em), { action: 'PRODUCT_ARCHIVED', subjectType: 'product', subjectId: product.id });
      return ProductPayload.ok(product);
    });
  }

  /** Runs `change` on the provider's own product, locked, in one transaction. Not the provider's: "not found". */
  async withOwnProduct(
    ctx: RequestContext,
    id: string,
    change: (em: EntityManager, product: Product) => Promise<ProductPayload>,
  ): Promise<ProductPayload> {
    if (ctx.viewer.kind !== Audience.PROVIDER || !isUuid(id)) return ProductPayload.fail(notFound());
    const providerId = ctx.viewer.providerId;
    return ctx.em.transactional(async (em) => {
      const product = await em.findOne(Product, { id, provider: providerId }, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!product) return ProductPayload.fail(notFound());
      return change(em as EntityManager, product);
    });
  }

  /** Checks a product input against the shared rules (src/rules/product.ts); `clean` is the normalised input. */
  async validate(em: EntityManager, input: ProductInput): Promise<{ errors: UserError[]; clean: ProductInput }> {
    const errors: UserError[] = [];
    const clean = { ...input };
    for (const field of ['title', 'description', 'priceCents'] as const) {
      const checked = productRules[field].check(input[field]);
      if (checked.ok) Object.assign(clean, { [field]: checked.value });
      else errors.push(UserError.of(field, checked.problem.code, checked.problem.message));
    }
    if (!isUuid(clean.categoryId) || !(await em.findOne(Category, clean.categoryId))) {
      errors.push(UserError.of('categoryId', 'REQUIRED', 'Kies een categorie.'));
    }
    return { errors, clean };
  }

  // ------------------------------------------------------------------------------------------------------------
  // Staff review

  /** The scope condition for staff (and API clients): the product's provider is a member in a scoped municipality. */
  private scope(ctx: RequestContext): { sql: string; params: unknown[] } {
    const scope = municipalityScope(ctx.viewer);
    if (ctx.viewer.kind !== Audience.STAFF && ctx.viewer.kind !== Audience.API_CLIENT) return { sql: 'false', params: [] };
    if (scope === null) return { sql: 'true', params: [] };
    return {
      sql: `exists (select 1 from provider_membership pm where pm.provider_id = p.provider_id and pm.municipality_id = any(?::uuid[]))`,
      params: [`{${scope.join(',')}}`],
    };
  }

  /**
   * Products for staff: the review queue (SUBMITTED, oldest submission first), the rejected or approved ones (most
   * recently reviewed first), or all of one provider (newest first). Always within the viewer's scope.
   */
  async reviewList(
    ctx: RequestContext,
    filter: { status?: ProductStatus | null; providerId?: string | null; first?: number | null; after?: string | null },
  ): Promise<ProductPage> {
    const first = clampPageSize(filter.first, 25);
    const scope = this.scope(ctx);
    const where = [scope.sql];
    const params = [...scope.params];
    if (filter.status) {
      where.push('p.status = ?');
      params.push(filter.status);
    }
    if (filter.providerId) {
      if (!isUuid(filter.providerId)) return emptyConnection();
      where.push('p.provider_id = ?');
      params.push(filter.providerId);
    }
    const order: KeyOrder =
      filter.status === ProductStatus.SUBMITTED
        ? { name: 'q', direction: 'asc', keys: [{ expr: 'coalesce(p.submitted_at, p.created_at)', cast: 'timestamptz' }, { expr: 'p.id', cast: 'uuid' }] }
        : filter.status === ProductStatus.REJECTED || filter.status === ProductStatus.APPROVED
          ? { name: 'rv', direction: 'desc', keys: [{ expr: 'coalesce(p.reviewed_at, p.updated_at)', cast: 'timestamptz' }, { expr: 'p.id', cast: 'uuid' }] }
          : { name: 'c', direction: 'desc', keys: [{ expr: 'p.created_at', cast: 'timestamptz' }, { expr: 'p.id', cast: 'uuid' }] };
    const after = keyCondition(order, filter.after);
    const [{ count }] = await ctx.em.execute<{ count: string }[]>(
      `select count(*)::text as count from product p where ${where.join(' and ')}`,
      params,
    ) as [{ count: string }];
    const totalCount = Number(count);
    if (totalCount === 0) return emptyConnection();
    const rows = await ctx.em.execute<Record<string, unknown>[]>(
      `select p.*, ${keySelect(order)} from product p where ${[...where, ...(after.sql ? [after.sql] : [])].join(' and ')}
       order by ${keyOrderBy(order)} limit ?`,
      [...params, ...after.params, first + 1],
    );
    return toConnection(rows, {
      first,
      totalCount,
      cursorOf: (row) => rowCursor(order, row),
      nodes: (page) => page.map((row) => ctx.em.map(Product, stripKeys({ ...row }, order.keys.length) as never)),
    });
  }

  /** One product for staff, any status, within scope; null otherwise. */
  async reviewProduct(ctx: RequestContext, id: string): Promise<Product | null> {
    if (!isUuid(id)) return null;
    const scope = this.scope(ctx);
    const rows = await ctx.em.execute<Record<string, unknown>[]>(
      `select p.* from product p where p.id = ? and ${scope.sql}`,
      [id, ...scope.params],
    );
    if (!rows[0]) return null;
    delete rows[0].search;
    delete rows[0].title_words;
    return ctx.em.map(Product, rows[0] as never);
  }

  async approve(ctx: RequestContext, id: string): Promise<ProductPayload> {
    const payload = await this.withScopedProduct(ctx, id, async (em, product) => {
      if (product.status !== ProductStatus.SUBMITTED) {
        return ProductPayload.fail(
          UserError.of(null, 'INVALID_TRANSITION', `Alleen een ingediend product kunt u goedkeuren. Dit product is ${STATUS_NL[product.status as ProductStatus]}.`),
        );
      }
      product.status = ProductStatus.APPROVED;
      product.reviewedAt = new Date();
      product.rejectionReason = null;
      await this.audit.record(withEm(ctx, em), { action: 'PRODUCT_APPROVED', subjectType: 'product', subjectId: product.id });
      return ProductPayload.ok(product);
    });
    if (payload.product) await this.notify(ctx, payload.product, 'PRODUCT_APPROVED');
    return payload;
  }

  async reject(ctx: RequestContext, id: string, reason: string): Promise<ProductPayload> {
    const checked = rejectionReason.check(reason);
    if (!checked.ok) return ProductPayload.fail(UserError.of('reason', checked.problem.code, checked.problem.message));
    const text = checked.value;
    const payload = await this.withScopedProduct(ctx, id, async (em, product) => {
      if (product.status !== ProductStatus.SUBMITTED) {
        return ProductPayload.fail(
          UserError.of(null, 'INVALID_TRANSITION', `Alleen een ingediend product kunt u afkeuren. Dit product is ${STATUS_NL[product.status as ProductStatus]}.`),
        );
      }
      product.status = ProductStatus.REJECTED;
      product.reviewedAt = new Date();
      product.rejectionReason = text;
      await this.audit.record(withEm(ctx, em), { action: 'PRODUCT_REJECTED', subjectType: 'product', subjectId: product.id, details: { reason: text } });
      return ProductPayload.ok(product);
    });
    if (payload.product) await this.notify(ctx, payload.product, 'PRODUCT_REJECTED');
    return payload;
  }

  private async withScopedProduct(
    ctx: RequestContext,
    id: string,
    change: (em: EntityManager, product: Product) => Promise<ProductPayload>,
  ): Promise<ProductPayload> {
    if (!isUuid(id)) return ProductPayload.fail(notFound());
    const scope = this.scope(ctx);
    return ctx.em.transactional(async (em) => {
      const rows = await em.execute<{ id: string }[]>(
        `select p.id from product p where p.id = ? and ${scope.sql} for update of p`,
        [id, ...scope.params],
      );
      if (!rows.length) return ProductPayload.fail(notFound());
      const product = await em.findOneOrFail(Product, id, { refresh: true });
      return change(em as EntityManager, product);
    });
  }

  /** E-mails the provider's active users about a review decision. A mail failure never undoes the review. */
  private async notify(ctx: RequestContext, product: Product, template: 'PRODUCT_APPROVED' | 'PRODUCT_REJECTED'): Promise<void> {
    try {
      const em = ctx.em.fork();
      const [provider, users] = await Promise.all([
        em.findOneOrFail(Provider, product.provider.id),
        em.find(ProviderUser, { provider: product.provider.id, active: true }),
      ]);
      const productLink = `${this.appUrl}/aanbieder/producten/${product.id}`;
      for (const user of users) {
        if (template === 'PRODUCT_APPROVED') {
          await this.mail.send(em, {
            template,
            to: user.email,
            variables: { providerName: provider.name, productTitle: product.title, productLink },
          });
        } else {
          await this.mail.send(em, {
            template,
            to: user.email,
            variables: { providerName: provider.name, productTitle: product.title, productLink, reason: product.rejectionReason ?? '' },
          });
        }
      }
    } catch (error) {
      ctx.log.error({ err: error, productId: product.id }, 'review e-mail failed');
    }
  }

}

const STATUS_NL: Record<ProductStatus, string> = {
  DRAFT: 'een concept',
  SUBMITTED: 'ingediend',
  APPROVED: 'goedgekeurd',
  REJECTED: 'afgekeurd',
  ARCHIVED: 'gearchiveerd',
};
