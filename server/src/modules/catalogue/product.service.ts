import { LockMode } from '@mikro-orm/core';
import type { AuditAction } from '../audit/index.js';
import type { EntityManager } from '@mikro-orm/postgresql';
import DataLoader from 'dataloader';
import type { Context } from '../../graphql/context.js';
import { transactional, withEm, type RequestContext } from '../../kernel/request-context.js';
import { Audience } from '../../kernel/permissions.js';
import { ownAdminAccountId } from '../../kernel/viewer.js';
import { inScope, reachesAll, scopeIds, scopeSql, type SqlCondition } from '../../kernel/scope.js';
import { UserError } from '../../kernel/errors.js';
import { isUuid } from '../../graphql/ids.js';
import { emptyConnection, pageSize, toConnection, type ListArgs } from '../../graphql/pagination.js';
import type { AuditService } from '../audit/index.js';
import type { MailService } from '../communication/index.js';
import { ProviderUser } from '../providers/index.js';
import { Provider } from '../providers/index.js';
import { Category } from './category.entity.js';
import { Product, ProductStatus } from './product.entity.js';
import { ProductApproval, ProductApprovalStatus } from './product-approval.entity.js';
import { ProductPayload, type ProductInput } from './product.inputs.js';
import type { ProductPage } from './catalogue.service.js';
import { keyCondition, keyOrder, rowCursor, stripKeys, type KeyOrder } from '../../graphql/keyset.js';
import { slugify } from '../../kernel/slug.js';
import * as q from './product.queries.js';
import type { DecisionRow } from './product.queries.js';
import { decisionCounts, dropOpenDecisions, openDecisionsForProduct, refreshStatuses } from './product-approval.js';
import { CHOOSE_CATEGORY, productRules, rejectionReason } from '../../rules/product.js';

const notFound = () => UserError.of(null, 'NOT_FOUND', 'Dit product is niet gevonden.');

/** Staff review filter: see reviewList. */
export interface ReviewFilter {
  approvalStatus?: ProductApprovalStatus | null;
  municipalityId?: string | null;
  status?: ProductStatus | null;
  providerId?: string | null;
}

/**
 * Products as providers manage them and municipalities decide on them. The provider's lifecycle:
 *
 *   DRAFT ──submit──▶ submitted ──▶ per municipality: PENDING ──approve──▶ APPROVED
 *     ▲                                                   └──reject(reason)──▶ REJECTED ──edit + submit──▶ PENDING
 *     └── editing an approved product's content (it leaves every municipality's offer until approved again)
 *   any state but ARCHIVED ──archive──▶ ARCHIVED (final)
 *
 * Once submitted, `product.status` summarises the decisions (product-approval.ts): APPROVED when approved somewhere,
 * SUBMITTED while nothing is approved and something is pending, REJECTED when every municipality rejected it.
 * Providers edit DRAFT, REJECTED and APPROVED products; a SUBMITTED product is frozen while it is reviewed.
 * Ownership: a provider only ever finds its own products; anything else is "not found" (no existence leak).
 * Staff see products of providers with a membership in a municipality in their scope, and decide only for the
 * municipalities in their scope.
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
      await this.record(tx, 'PRODUCT_CREATED', product.id);
      return ProductPayload.ok(product);
    });
  }

  async update(ctx: RequestContext, id: string, input: ProductInput): Promise<ProductPayload> {
    return this.withOwnProduct(ctx, id, async (em, product) => {
      if (product.status === ProductStatus.SUBMITTED) {
        return ProductPayload.fail(
          UserError.of(
            null,
            'INVALID_TRANSITION',
            'Dit product wordt beoordeeld door de gemeente. U kunt het wijzigen nadat het is beoordeeld.',
          ),
        );
      }
      if (product.status === ProductStatus.ARCHIVED) {
        return ProductPayload.fail(
          UserError.of(null, 'INVALID_TRANSITION', 'Een gearchiveerd product kunt u niet meer wijzigen.'),
        );
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
      // A change to what customers see needs a new review in every municipality; availability alone does not.
      if (product.status === ProductStatus.APPROVED && contentChanged) await this.backToDraft(em, product);
      await this.record(withEm(ctx, em), 'PRODUCT_UPDATED', product.id);
      return ProductPayload.ok(product);
    });
  }

  /** An approved product's content changed: it leaves every offer and waits for the provider to submit it again. */
  async backToDraft(em: EntityManager, product: Product): Promise<void> {
    product.status = ProductStatus.DRAFT;
    await dropOpenDecisions(em, product.id);
  }

  async submit(ctx: RequestContext, id: string): Promise<ProductPayload> {
    return this.withOwnProduct(ctx, id, async (em, product) => {
      if (product.status !== ProductStatus.DRAFT && product.status !== ProductStatus.REJECTED) {
        return ProductPayload.fail(
          UserError.of(
            null,
            'INVALID_TRANSITION',
            `Alleen een concept of een afgekeurd product kunt u indienen. Dit product is ${STATUS_NL[product.status as ProductStatus]}.`,
          ),
        );
      }
      // Every municipality where the provider is an approved member decides afresh (none yet: it waits for one).
      const municipalityIds = await openDecisionsForProduct(em, product.id, product.provider.id);
      product.status = ProductStatus.SUBMITTED;
      product.submittedAt = ctx.clock.now();
      await this.record(withEm(ctx, em), 'PRODUCT_SUBMITTED', product.id, { municipalityIds });
      return ProductPayload.ok(product);
    });
  }

  async archive(ctx: RequestContext, id: string): Promise<ProductPayload> {
    return this.withOwnProduct(ctx, id, async (em, product) => {
      if (product.status === ProductStatus.ARCHIVED) {
        return ProductPayload.fail(UserError.of(null, 'INVALID_TRANSITION', 'Dit product is al gearchiveerd.'));
      }
      product.status = ProductStatus.ARCHIVED;
      await dropOpenDecisions(em, product.id);
      await this.record(withEm(ctx, em), 'PRODUCT_ARCHIVED', product.id);
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
    for (const field of ['title', 'description', 'priceCents', 'categoryId'] as const) {
      const checked = productRules[field].check(input[field]);
      if (checked.ok) Object.assign(clean, { [field]: checked.value });
      else errors.push(UserError.of(field, checked.problem.code, checked.problem.message));
    }
    if (
      !errors.some((e) => e.field === 'categoryId') &&
      (!isUuid(clean.categoryId) || !(await em.findOne(Category, clean.categoryId)))
    ) {
      errors.push(UserError.of('categoryId', 'REQUIRED', CHOOSE_CATEGORY));
    }
    return { errors, clean };
  }

  // ------------------------------------------------------------------------------------------------------------
  // The decisions, as the provider and staff see them

  /**
   * The decisions on a product that count (the provider is an approved member there), by municipality name:
   * all of them for the owning provider, those in their scope for staff and API clients, none for anyone else.
   * A draft or archived product has none (nothing is being decided; the old decisions are history).
   */
  async approvalsOf(ctx: Context, product: Product): Promise<ProductApproval[]> {
    if (product.status === ProductStatus.DRAFT || product.status === ProductStatus.ARCHIVED) return [];
    const v = ctx.viewer;
    if (v.kind === Audience.PROVIDER && v.providerId !== product.provider.id) return [];
    if (v.kind !== Audience.PROVIDER && v.kind !== Audience.STAFF && v.kind !== Audience.API_CLIENT) return [];
    return this.approvalLoader(ctx).load(product.id);
  }

  private readonly loaders = new WeakMap<object, DataLoader<string, ProductApproval[]>>();

  /** Per request: the decisions of many products in one query, limited to the viewer's scope. */
  private approvalLoader(ctx: Context): DataLoader<string, ProductApproval[]> {
    let loader = this.loaders.get(ctx.loaders);
    if (!loader) {
      // A provider sees every decision on its own products (ownership is checked by the caller); others their scope.
      const scope: SqlCondition =
        ctx.viewer.kind === Audience.PROVIDER
          ? { sql: '(true)', params: [] }
          : scopeSql(ctx.viewer, 'pa.municipality_id');
      loader = new DataLoader<string, ProductApproval[]>(async (ids) => {
        const rows = await q.decisionsOf(ctx.em, ids, scope);
        const decisions = rows.map((row) => ctx.em.map(ProductApproval, row as never));
        return ids.map((id) => decisions.filter((d) => d.product.id === id));
      });
      this.loaders.set(ctx.loaders, loader);
    }
    return loader;
  }

  // ------------------------------------------------------------------------------------------------------------
  // Staff review

  /**
   * Staff review is for staff and API clients; within their scope (kernel/scope.ts) a product is one whose provider is
   * a member in a municipality of it (every product for a viewer who reaches every municipality).
   */
  private scope(ctx: RequestContext): SqlCondition {
    if (ctx.viewer.kind !== Audience.STAFF && ctx.viewer.kind !== Audience.API_CLIENT)
      return { sql: 'false', params: [] };
    if (reachesAll(ctx.viewer)) return { sql: 'true', params: [] };
    const scope = scopeSql(ctx.viewer, 'pm.municipality_id');
    return {
      sql: `exists (select 1 from provider_membership pm where pm.provider_id = p.provider_id and ${scope.sql})`,
      params: scope.params,
    };
  }

  /**
   * Products for staff, always within the viewer's scope:
   * - `approvalStatus`: products with a decision of that status that counts, in a municipality of the viewer's scope
   *   (or the one `municipalityId`): PENDING is the review queue (longest waiting first), REJECTED the rejected list
   *   and APPROVED the approved ones (most recent decision first);
   * - otherwise all products (optionally of one lifecycle/summary `status`, one provider), newest first; SUBMITTED
   *   ones oldest submission first.
   */
  async reviewList(
    ctx: RequestContext,
    filterOrNull: ReviewFilter | null | undefined,
    page: ListArgs,
  ): Promise<ProductPage> {
    const filter = filterOrNull ?? {};
    const first = pageSize(page.first);
    const scope = this.scope(ctx);
    const where = [scope.sql];
    const params = [...scope.params];
    let from = 'product p';
    const fromParams: unknown[] = [];
    let order: KeyOrder;

    if (filter.approvalStatus) {
      let municipalities = scopeIds(ctx.viewer);
      if (filter.municipalityId) {
        if (!isUuid(filter.municipalityId) || !inScope(ctx.viewer, filter.municipalityId)) return emptyConnection();
        municipalities = [filter.municipalityId];
      }
      from = `product p join (
          select pa.product_id, min(pa.requested_at) as requested_at, max(pa.decided_at) as decided_at
            from product_approval pa join product p on p.id = pa.product_id
           where pa.status = ? and ${decisionCounts('pa', 'p')}${municipalities === null ? '' : ' and pa.municipality_id = any(?::uuid[])'}
           group by pa.product_id) d on d.product_id = p.id`;
      fromParams.push(filter.approvalStatus, ...(municipalities === null ? [] : [`{${municipalities.join(',')}}`]));
      where.push(`p.status in ('SUBMITTED','APPROVED','REJECTED')`);
      order =
        filter.approvalStatus === ProductApprovalStatus.PENDING
          ? keyOrder('q', 'asc', 'p', ['d.requested_at', 'timestamptz'])
          : keyOrder(`d${filter.approvalStatus[0]}`, 'desc', 'p', ['d.decided_at', 'timestamptz']);
    } else {
      order =
        filter.status === ProductStatus.SUBMITTED
          ? keyOrder('s', 'asc', 'p', ['coalesce(p.submitted_at, p.created_at)', 'timestamptz'])
          : keyOrder('c', 'desc', 'p', ['p.created_at', 'timestamptz']);
    }
    if (filter.status) {
      where.push('p.status = ?');
      params.push(filter.status);
    }
    if (filter.providerId) {
      if (!isUuid(filter.providerId)) return emptyConnection();
      where.push('p.provider_id = ?');
      params.push(filter.providerId);
    }
    const after = keyCondition(order, page.after);
    const { total: totalCount, rows } = await q.reviewPage(
      ctx.em,
      { from, fromParams, where, params, order },
      after,
      first + 1,
    );
    if (totalCount === 0) return emptyConnection();
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
    const row = await q.productInScope(ctx.em, id, scope);
    if (!row) return null;
    delete row.search;
    delete row.title_words;
    return ctx.em.map(Product, row as never);
  }

  /** Approves a product in the given municipalities of the viewer's scope (null: every open decision in scope). */
  approve(ctx: RequestContext, id: string, municipalityIds?: readonly string[] | null): Promise<ProductPayload> {
    return this.decide(ctx, id, ProductApprovalStatus.APPROVED, null, municipalityIds ?? null);
  }

  /** Rejects a product, with a reason the provider sees, in the given municipalities (null: every open one in scope). */
  reject(
    ctx: RequestContext,
    id: string,
    reason: string,
    municipalityIds?: readonly string[] | null,
  ): Promise<ProductPayload> {
    const checked = rejectionReason.check(reason);
    if (!checked.ok)
      return Promise.resolve(
        ProductPayload.fail(UserError.of('reason', checked.problem.code, checked.problem.message)),
      );
    return this.decide(ctx, id, ProductApprovalStatus.REJECTED, checked.value, municipalityIds ?? null);
  }

  /**
   * One decision for one or more municipalities, all or nothing, in one transaction: the product row is locked, each
   * municipality must be in the viewer's scope and have an open (pending) decision that counts, and the summary status
   * follows. Every municipality's decision is audited and mailed to the provider (after the commit).
   */
  private async decide(
    ctx: RequestContext,
    id: string,
    decision: ProductApprovalStatus.APPROVED | ProductApprovalStatus.REJECTED,
    reason: string | null,
    municipalityIds: readonly string[] | null,
  ): Promise<ProductPayload> {
    if (!isUuid(id)) return ProductPayload.fail(notFound());
    const verb = decision === ProductApprovalStatus.APPROVED ? 'goedkeuren' : 'afkeuren';
    if (municipalityIds !== null) {
      if (!municipalityIds.length) {
        return ProductPayload.fail(
          UserError.of('municipalityIds', 'REQUIRED', `Kies de gemeente(n) waarvoor u dit product wilt ${verb}.`),
        );
      }
      if (municipalityIds.some((m) => !isUuid(m))) {
        return ProductPayload.fail(UserError.of('municipalityIds', 'NOT_FOUND', 'Deze gemeente bestaat niet.'));
      }
    }
    const productScope = this.scope(ctx);
    const decided: DecisionRow[] = [];
    const payload = await transactional(ctx, async (tx) => {
      const em = tx.em;
      const status = await q.lockProductInScope(em, id, productScope);
      if (!status) return ProductPayload.fail(notFound());
      if (status === ProductStatus.DRAFT || status === ProductStatus.ARCHIVED) {
        return ProductPayload.fail(
          UserError.of(
            null,
            'INVALID_TRANSITION',
            `Alleen een ingediend product kunt u ${verb}. Dit product is ${STATUS_NL[status]}.`,
          ),
        );
      }
      const rows = await q.lockDecisions(em, id);
      let targets: DecisionRow[];
      if (municipalityIds === null) {
        targets = rows.filter(
          (r) => r.status === ProductApprovalStatus.PENDING && inScope(ctx.viewer, r.municipality_id),
        );
        if (!targets.length) {
          return ProductPayload.fail(
            UserError.of(
              null,
              'INVALID_TRANSITION',
              'Dit product wacht in uw gemeenten niet (meer) op een beoordeling. Vernieuw de pagina.',
            ),
          );
        }
      } else {
        targets = [];
        for (const municipalityId of new Set(municipalityIds)) {
          if (!inScope(ctx.viewer, municipalityId)) {
            const name = await q.municipalityName(em, municipalityId);
            return ProductPayload.fail(
              UserError.of(
                'municipalityIds',
                'FORBIDDEN',
                name
                  ? `U beslist alleen voor de gemeenten waarvoor u bevoegd bent; ${name} hoort daar niet bij.`
                  : 'Deze gemeente bestaat niet.',
              ),
            );
          }
          const row = rows.find((r) => r.municipality_id === municipalityId);
          if (!row) {
            return ProductPayload.fail(
              UserError.of(
                'municipalityIds',
                'NOT_FOUND',
                'In deze gemeente staat dit product niet ter beoordeling: de aanbieder is er geen goedgekeurde aanbieder.',
              ),
            );
          }
          if (row.status !== ProductApprovalStatus.PENDING) {
            return ProductPayload.fail(
              UserError.of(
                'municipalityIds',
                'INVALID_TRANSITION',
                `Over dit product is in ${row.municipality_name} al beslist. Vernieuw de pagina.`,
              ),
            );
          }
          targets.push(row);
        }
      }
      const adminAccountId = ownAdminAccountId(ctx.viewer);
      await q.recordDecisions(
        em,
        targets.map((t) => t.id),
        { status: decision, reason, decidedAt: ctx.clock.now(), decidedById: adminAccountId },
      );
      for (const t of targets) {
        await this.record(
          tx,
          decision === ProductApprovalStatus.APPROVED ? 'PRODUCT_APPROVED' : 'PRODUCT_REJECTED',
          id,
          {
            municipalityId: t.municipality_id,
            ...(reason ? { reason } : {}),
          },
        );
      }
      await refreshStatuses(em, { productIds: [id] });
      decided.push(...targets);
      return ProductPayload.ok(await em.findOneOrFail(Product, id, { refresh: true }));
    });
    if (payload.product) await this.notify(ctx, payload.product, decision, reason, decided);
    return payload;
  }

  /** E-mails the provider's active users about each municipality's decision. A mail failure never undoes it. */
  private async notify(
    ctx: RequestContext,
    product: Product,
    decision: ProductApprovalStatus.APPROVED | ProductApprovalStatus.REJECTED,
    reason: string | null,
    decided: DecisionRow[],
  ): Promise<void> {
    try {
      const em = ctx.em.fork();
      const [provider, users] = await Promise.all([
        em.findOneOrFail(Provider, product.provider.id),
        em.find(ProviderUser, { provider: product.provider.id, active: true }),
      ]);
      const productLink = `${this.appUrl}/aanbieder/producten/${product.id}`;
      for (const { municipality_name: municipalityName } of decided) {
        for (const user of users) {
          const common = { providerName: provider.name, productTitle: product.title, productLink, municipalityName };
          if (decision === ProductApprovalStatus.APPROVED) {
            await this.mail.send(em, { template: 'PRODUCT_APPROVED', to: user.email, variables: common });
          } else {
            await this.mail.send(em, {
              template: 'PRODUCT_REJECTED',
              to: user.email,
              variables: { ...common, reason: reason ?? '' },
            });
          }
        }
      }
    } catch (error) {
      ctx.log.error({ err: error, productId: product.id }, 'review e-mail failed');
    }
  }

  /** An audit row about a product, by the context's viewer (pass the transaction's context inside one). */
  private record(
    ctx: RequestContext,
    action: AuditAction,
    productId: string,
    details: Record<string, unknown> = {},
  ): Promise<void> {
    return this.audit.record(ctx, { action, subjectType: 'product', subjectId: productId, details });
  }
}

const STATUS_NL: Record<ProductStatus, string> = {
  DRAFT: 'een concept',
  SUBMITTED: 'ingediend',
  APPROVED: 'goedgekeurd',
  REJECTED: 'afgekeurd',
  ARCHIVED: 'gearchiveerd',
};
