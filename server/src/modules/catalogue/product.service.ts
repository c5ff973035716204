import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Context } from '../../graphql/context.js';
import { Audience } from '../../graphql/auth/permissions.js';
import { municipalityScope } from '../../graphql/auth/viewer.js';
import { UserError } from '../../graphql/errors.js';
import { isUuid } from '../../graphql/ids.js';
import { clampPageSize } from '../../graphql/pagination.js';
import { AuditLog } from '../audit/audit-log.entity.js';
import { ProviderUser } from '../providers/provider-user.entity.js';
import { Provider } from '../providers/provider.entity.js';
import { Category } from './category.entity.js';
import { Product, ProductStatus } from './product.entity.js';
import { ProductPayload, type ProductInput } from './product.inputs.js';
import { EMPTY_PAGE, type ProductPage } from './catalogue.service.js';
import { keyCondition, keyOrderBy, keySelect, rowCursor, stripKeys, type KeyOrder } from './keyset.js';
import { slugify } from './slug.js';
import { MAX_DESCRIPTION_LENGTH } from './markdown.js';

/** The rules of DESIGN.md section 4, shared with the client's mirror validation (client/src/lib/productRules.ts). */
export const PRODUCT_RULES = {
  titleMin: 3,
  titleMax: 120,
  priceMinCents: 1,
  priceMaxCents: 1_000_000,
  descriptionMax: MAX_DESCRIPTION_LENGTH,
  reasonMin: 5,
  reasonMax: 2000,
} as const;

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
  constructor(private readonly appUrl: string) {}

  // ------------------------------------------------------------------------------------------------------------
  // Provider

  /** The logged-in provider's own product, or null. */
  async ownProduct(ctx: Context, id: string): Promise<Product | null> {
    if (ctx.viewer.kind !== Audience.PROVIDER || !isUuid(id)) return null;
    return ctx.em.findOne(Product, { id, provider: ctx.viewer.providerId });
  }

  async create(ctx: Context, input: ProductInput): Promise<ProductPayload> {
    if (ctx.viewer.kind !== Audience.PROVIDER) return ProductPayload.fail(notFound());
    const providerId = ctx.viewer.providerId;
    const { errors, clean } = await this.validate(ctx.em, input);
    if (errors.length) return ProductPayload.fail(...errors);
    const product = ctx.em.create(Product, {
      provider: ctx.em.getReference(Provider, providerId),
      category: ctx.em.getReference(Category, clean.categoryId),
      title: clean.title,
      slug: slugify(clean.title),
      description: clean.description,
      priceCents: clean.priceCents,
      availability: clean.availability,
      redemptionMethod: clean.redemptionMethod,
      status: ProductStatus.DRAFT,
    });
    this.audit(ctx.em, ctx, 'PRODUCT_CREATED', product.id);
    await ctx.em.flush();
    return ProductPayload.ok(product);
  }

  async update(ctx: Context, id: string, input: ProductInput): Promise<ProductPayload> {
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
      this.audit(em, ctx, 'PRODUCT_UPDATED', product.id);
      return ProductPayload.ok(product);
    });
  }

  async submit(ctx: Context, id: string): Promise<ProductPayload> {
    return this.withOwnProduct(ctx, id, async (em, product) => {
      if (product.status !== ProductStatus.DRAFT && product.status !== ProductStatus.REJECTED) {
        return ProductPayload.fail(
          UserError.of(null, 'INVALID_TRANSITION', `Alleen een concept of een afgekeurd product kunt u indienen. Dit product is ${STATUS_NL[product.status as ProductStatus]}.`),
        );
      }
      product.status = ProductStatus.SUBMITTED;
      product.submittedAt = new Date();
      product.rejectionReason = null;
      this.audit(em, ctx, 'PRODUCT_SUBMITTED', product.id);
      return ProductPayload.ok(product);
    });
  }

  async archive(ctx: Context, id: string): Promise<ProductPayload> {
    return this.withOwnProduct(ctx, id, async (em, product) => {
      if (product.status === ProductStatus.ARCHIVED) {
        return ProductPayload.fail(UserError.of(null, 'INVALID_TRANSITION', 'Dit product is al gearchiveerd.'));
      }
      product.status = ProductStatus.ARCHIVED;
      this.audit(em, ctx, 'PRODUCT_ARCHIVED', product.id);
      return ProductPayload.ok(product);
    });
  }

  /** Runs `change` on the provider's own product, locked, in one transaction. Not the provider's: "not found". */
  async withOwnProduct(
    ctx: Context,
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

  /** Checks a product input against the rules; `clean` is the trimmed input. */
  async validate(em: EntityManager, input: ProductInput): Promise<{ errors: UserError[]; clean: ProductInput }> {
    const errors: UserError[] = [];
    const clean = { ...input, title: input.title.trim().replace(/\s+/g, ' '), description: input.description.replace(/\r\n?/g, '\n').trim() };
    const { titleMin, titleMax, priceMinCents, priceMaxCents, descriptionMax } = PRODUCT_RULES;
    if (!clean.title) errors.push(UserError.of('title', 'REQUIRED', 'Vul een titel in.'));
    else if ([...clean.title].length < titleMin || [...clean.title].length > titleMax) {
      errors.push(UserError.of('title', 'LENGTH', `De titel moet tussen ${titleMin} en ${titleMax} tekens lang zijn.`));
    }
    if (clean.description.length > descriptionMax) {
      errors.push(UserError.of('description', 'LENGTH', 'De omschrijving mag hoogstens 10.000 tekens lang zijn.'));
    }
    if (!Number.isInteger(clean.priceCents) || clean.priceCents < priceMinCents || clean.priceCents > priceMaxCents) {
      errors.push(UserError.of('priceCents', 'RANGE', 'De prijs moet tussen € 0,01 en € 10.000,00 liggen.'));
    }
    if (!isUuid(clean.categoryId) || !(await em.findOne(Category, clean.categoryId))) {
      errors.push(UserError.of('categoryId', 'REQUIRED', 'Kies een categorie.'));
    }
    return { errors, clean };
  }

  // ------------------------------------------------------------------------------------------------------------
  // Staff review

  /** The scope condition for staff (and API clients): the product's provider is a member in a scoped municipality. */
  private scope(ctx: Context): { sql: string; params: unknown[] } {
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
    ctx: Context,
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
      if (!isUuid(filter.providerId)) return EMPTY_PAGE;
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
    if (totalCount === 0) return EMPTY_PAGE;
    const rows = await ctx.em.execute<Record<string, unknown>[]>(
      `select p.*, ${keySelect(order)} from product p where ${[...where, ...(after.sql ? [after.sql] : [])].join(' and ')}
       order by ${keyOrderBy(order)} limit ?`,
      [...params, ...after.params, first + 1],
    );
    const items = rows.slice(0, first).map((row) => {
      const cursor = rowCursor(order, row);
      return { cursor, node: ctx.em.map(Product, stripKeys(row, order.keys.length) as never) };
    });
    return { items, hasNextPage: rows.length > first, endCursor: items.at(-1)?.cursor ?? null, totalCount };
  }

  /** One product for staff, any status, within scope; null otherwise. */
  async reviewProduct(ctx: Context, id: string): Promise<Product | null> {
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

  async approve(ctx: Context, id: string): Promise<ProductPayload> {
    const payload = await this.withScopedProduct(ctx, id, async (em, product) => {
      if (product.status !== ProductStatus.SUBMITTED) {
        return ProductPayload.fail(
          UserError.of(null, 'INVALID_TRANSITION', `Alleen een ingediend product kunt u goedkeuren. Dit product is ${STATUS_NL[product.status as ProductStatus]}.`),
        );
      }
      product.status = ProductStatus.APPROVED;
      product.reviewedAt = new Date();
      product.rejectionReason = null;
      this.audit(em, ctx, 'PRODUCT_APPROVED', product.id);
      return ProductPayload.ok(product);
    });
    if (payload.product) await this.notify(ctx, payload.product, 'PRODUCT_APPROVED');
    return payload;
  }

  async reject(ctx: Context, id: string, reason: string): Promise<ProductPayload> {
    const text = reason.replace(/\r\n?/g, '\n').trim();
    if ([...text].length < PRODUCT_RULES.reasonMin) {
      return ProductPayload.fail(
        UserError.of('reason', 'REQUIRED', 'Geef de reden van afkeuren (minstens 5 tekens). De aanbieder ziet deze reden.'),
      );
    }
    if ([...text].length > PRODUCT_RULES.reasonMax) {
      return ProductPayload.fail(UserError.of('reason', 'LENGTH', 'De reden mag hoogstens 2.000 tekens lang zijn.'));
    }
    const payload = await this.withScopedProduct(ctx, id, async (em, product) => {
      if (product.status !== ProductStatus.SUBMITTED) {
        return ProductPayload.fail(
          UserError.of(null, 'INVALID_TRANSITION', `Alleen een ingediend product kunt u afkeuren. Dit product is ${STATUS_NL[product.status as ProductStatus]}.`),
        );
      }
      product.status = ProductStatus.REJECTED;
      product.reviewedAt = new Date();
      product.rejectionReason = text;
      this.audit(em, ctx, 'PRODUCT_REJECTED', product.id, { reason: text });
      return ProductPayload.ok(product);
    });
    if (payload.product) await this.notify(ctx, payload.product, 'PRODUCT_REJECTED');
    return payload;
  }

  private async withScopedProduct(
    ctx: Context,
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
  private async notify(ctx: Context, product: Product, template: 'PRODUCT_APPROVED' | 'PRODUCT_REJECTED'): Promise<void> {
    try {
      const em = ctx.em.fork();
      const [provider, users] = await Promise.all([
        em.findOneOrFail(Provider, product.provider.id),
        em.find(ProviderUser, { provider: product.provider.id, active: true }),
      ]);
      const productLink = `${this.appUrl}/aanbieder/producten/${product.id}`;
      for (const user of users) {
        if (template === 'PRODUCT_APPROVED') {
          await ctx.services.mail.send(em, {
            template,
            to: user.email,
            variables: { providerName: provider.name, productTitle: product.title, productLink },
          });
        } else {
          await ctx.services.mail.send(em, {
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

  private audit(em: EntityManager, ctx: Context, action: string, productId: string, details: Record<string, unknown> = {}) {
    const v = ctx.viewer;
    const actorId = v.kind === Audience.STAFF ? v.adminAccountId : v.kind === Audience.PROVIDER ? v.providerUserId : null;
    em.create(AuditLog, { actorKind: v.kind, actorId, action, subjectType: 'product', subjectId: productId, details });
  }
}

const STATUS_NL: Record<ProductStatus, string> = {
  DRAFT: 'een concept',
  SUBMITTED: 'ingediend',
  APPROVED: 'goedgekeurd',
  REJECTED: 'afgekeurd',
  ARCHIVED: 'gearchiveerd',
};
