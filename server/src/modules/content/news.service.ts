import { LockMode, UniqueConstraintViolationException } from '@mikro-orm/core';
import { randomUUID } from 'node:crypto';
import { UserError } from '../../kernel/errors.js';
import { isUuid } from '../../graphql/ids.js';
import { keysetPage, stripKeys } from '../../graphql/keyset.js';
import type { ConnectionOf } from '../../graphql/pagination.js';
import { Audience, Permission } from '../../kernel/permissions.js';
import { hasPermission } from '../../kernel/viewer.js';
import { inScope, scopeSql } from '../../kernel/scope.js';
import type { FileStorage } from '../../integrations/storage/file-storage.js';
import { transactional, type RequestContext } from '../../kernel/request-context.js';
import { failIfAny, ok, problem, type Result } from '../../kernel/result.js';
import { checkAll } from '../../rules/rule.js';
import { newsArticleRules } from '../../rules/news.js';
import type { AuditService } from '../audit/index.js';
import { encodeImage } from '../../platform/images.js';
import { slugify } from '../../kernel/slug.js';
import { NewsArticle, NewsStatus } from './news-article.entity.js';
import * as q from './news.queries.js';

export const NEWS_MESSAGES = {
  notFound: 'Dit nieuwsbericht is niet gevonden.',
  slugTaken: 'Deze slug is al in gebruik bij een ander nieuwsbericht. Kies een andere slug.',
  publishAtPast:
    'De publicatiedatum ligt in het verleden. Kies een moment in de toekomst om het bericht in te plannen, of laat de datum leeg om het nu te publiceren.',
  outOfScope: 'U mag alleen berichten plaatsen voor de gemeenten waarvoor u werkt.',
  platformWide: 'Alleen een redacteur van het hele platform mag een bericht voor alle gemeenten plaatsen.',
  unknownMunicipality: 'Deze gemeente bestaat niet.',
} as const;

/** A publish moment up to this long ago counts as "now" (the form's clock and ours differ a little). */
const PAST_TOLERANCE_MS = 5 * 60 * 1000;

export interface NewsArticleValues {
  title: string;
  slug: string;
  summary: string;
  body: string;
  imageAlt: string;
  status: NewsStatus;
  publishAt: Date | null;
  municipalityId: string | null;
}

export type NewsArticleInputLike = Omit<Partial<NewsArticleValues>, 'publishAt'> & { publishAt?: Date | null };

export interface NewsFilterLike {
  search?: string | null;
  status?: NewsStatus | null;
}

export interface NewsImageResult {
  article: NewsArticle | null;
  errors: UserError[];
  status: number;
}

/** What a visitor sees: published, its moment has come (on the application's clock), for them (platform-wide or their municipality). */
export function visibleCondition(ctx: RequestContext, alias = 'n'): { sql: string; params: unknown[] } {
  const params: unknown[] = [ctx.clock.now()];
  let sql = `${alias}.status = 'PUBLISHED' and ${alias}.publish_at <= ?`;
  if (ctx.viewer.kind === Audience.CUSTOMER) {
    sql += ` and (${alias}.municipality_id is null or ${alias}.municipality_id = ?)`;
    params.push(ctx.viewer.municipalityId);
  }
  return { sql, params };
}

export function isVisible(ctx: RequestContext, article: NewsArticle): boolean {
  return (
    article.status === NewsStatus.PUBLISHED &&
    article.publishAt != null &&
    article.publishAt.getTime() <= ctx.clock.now().getTime() &&
    (ctx.viewer.kind !== Audience.CUSTOMER ||
      article.municipalityId == null ||
      article.municipalityId === ctx.viewer.municipalityId)
  );
}

export const newsPath = (article: { slug: string; id: string }) =>
  `/nieuws/${encodeURIComponent(article.slug)}/${article.id}`;
export const newsImagePath = (article: NewsArticle) => (article.imageKey ? `/uploads/${article.imageKey}` : null);

/**
 * News articles (nieuws; beheer/nieuws). Visitors read the published ones whose publish moment has come on the
 * application's clock: a published article with a moment in the future is scheduled and appears by itself. Editors
 * (CONTENT_EDIT, checked by the resolver and the image route) see and change the articles of their municipality scope;
 * platform-wide articles need a platform-wide editor. Every change is audited in its own transaction.
 */
export class NewsService {
  constructor(
    private readonly storage: FileStorage,
    private readonly audit: AuditService,
  ) {}

  // ---- reading: visitors ----------------------------------------------------------------------------------------

  async publicList(
    ctx: RequestContext,
    page: { first?: number | null; after?: string | null },
  ): Promise<ConnectionOf<NewsArticle>> {
    return keysetPage(
      q.PUBLIC_ORDER,
      page,
      (after, limit) => q.publicNewsPage(ctx.em, visibleCondition(ctx), after, limit),
      (rows) => rows.map((row) => ctx.em.map(NewsArticle, stripKeys({ ...row }, 2, []) as never)),
      10,
    );
  }

  /** The newest visible articles (the home page shows three). */
  async latest(ctx: RequestContext, count = 3): Promise<NewsArticle[]> {
    return (await this.publicList(ctx, { first: Math.min(Math.max(count, 1), 10) })).edges.map((e) => e.node);
  }

  /** One article for a visitor, by its id: null when unknown or not (yet, or no longer) visible. */
  async publicOne(ctx: RequestContext, id: string): Promise<NewsArticle | null> {
    if (!isUuid(id)) return null;
    const article = await ctx.em.findOne(NewsArticle, id);
    return article && isVisible(ctx, article) ? article : null;
  }

  /** Everything a visitor may see, newest first (the feed, the sitemap). */
  async allVisible(ctx: RequestContext, limit = 50): Promise<NewsArticle[]> {
    const visible = visibleCondition(ctx);
    const rows = await q.visibleNews(ctx.em, visible, limit);
    return rows.map((row) => ctx.em.map(NewsArticle, row as never));
  }

  // ---- reading: editors -----------------------------------------------------------------------------------------

  async adminList(
    ctx: RequestContext,
    filter: NewsFilterLike | null | undefined,
    page: { first?: number | null; after?: string | null },
  ): Promise<ConnectionOf<NewsArticle>> {
    const search = { search: filter?.search?.trim().slice(0, 100), status: filter?.status };
    return keysetPage(
      q.ADMIN_ORDER,
      page,
      (after, limit) => q.adminNewsPage(ctx.em, scopeSql(ctx.viewer, 'n.municipality_id'), search, after, limit),
      (rows) => rows.map((row) => ctx.em.map(NewsArticle, stripKeys({ ...row }, 2, []) as never)),
    );
  }

  async adminOne(ctx: RequestContext, id: string): Promise<NewsArticle | null> {
    if (!isUuid(id)) return null;
    const article = await ctx.em.findOne(NewsArticle, id);
    return article && inScope(ctx.viewer, article.municipalityId ?? null) ? article : null;
  }

  // ---- changing -------------------------------------------------------------------------------------------------

  async create(ctx: RequestContext, input: NewsArticleInputLike): Promise<Result<NewsArticle>> {
    return this.save(ctx, null, input);
  }

  async update(ctx: RequestContext, id: string, input: NewsArticleInputLike): Promise<Result<NewsArticle>> {
    if (!isUuid(id)) return problem(null, 'NOT_FOUND', NEWS_MESSAGES.notFound);
    return this.save(ctx, id, input);
  }

  private async save(
    ctx: RequestContext,
    id: string | null,
    input: NewsArticleInputLike,
  ): Promise<Result<NewsArticle>> {
    try {
      return await transactional(ctx, async (tx) => {
        const article = id ? await tx.em.findOne(NewsArticle, id, { lockMode: LockMode.PESSIMISTIC_WRITE }) : null;
        if (id && (!article || !inScope(tx.viewer, article.municipalityId ?? null)))
          return problem(null, 'NOT_FOUND', NEWS_MESSAGES.notFound);
        const checked = await this.check(tx, input, article);
        if (!checked.ok) return checked;
        const values = checked.value;
        const target = article ?? tx.em.create(NewsArticle, { ...values, slug: values.slug });
        const before = article ? { status: article.status, publishAt: article.publishAt, slug: article.slug } : null;
        const fields = article
          ? (['title', 'slug', 'summary', 'body', 'imageAlt', 'status', 'municipalityId'] as const).filter(
              (f) => article[f] !== values[f],
            )
          : [];
        if (article && (article.publishAt?.getTime() ?? null) !== (values.publishAt?.getTime() ?? null))
          (fields as string[]).push('publishAt');
        Object.assign(target, values);
        await tx.em.flush();
        await this.audit.record(tx, {
          action: article ? 'NEWS_ARTICLE_UPDATED' : 'NEWS_ARTICLE_CREATED',
          subjectType: 'news_article',
          subjectId: target.id,
          details: {
            fields,
            status: target.status,
            publishAt: target.publishAt?.toISOString() ?? null,
            ...(before && before.status !== target.status ? { previousStatus: before.status } : {}),
            ...(before && before.slug !== target.slug ? { previousSlug: before.slug } : {}),
          },
        });
        return ok(target);
      });
    } catch (error) {
      // Two editors claiming the same slug at once: the unique index decides, the loser gets the same message.
      if (error instanceof UniqueConstraintViolationException) return problem('slug', 'TAKEN', NEWS_MESSAGES.slugTaken);
      throw error;
    }
  }

  /**
   * The shared rules (src/rules/news.ts), then the schedule (against the application's clock), the scope and the slug.
   * A publish moment is only checked against "now" when it changes: an article published last week keeps its date.
   */
  private async check(
    ctx: RequestContext,
    input: NewsArticleInputLike,
    existing: NewsArticle | null,
  ): Promise<Result<NewsArticleValues>> {
    const { values, problems } = checkAll(newsArticleRules, input);
    const errors = problems.map((p) => UserError.of(p.field, p.code, p.message));
    const now = ctx.clock.now();
    const status = input.status ?? NewsStatus.DRAFT;
    let publishAt = input.publishAt ?? null;
    if (publishAt && Number.isNaN(publishAt.getTime())) {
      errors.push(UserError.of('publishAt', 'INVALID', 'Vul een geldige datum en tijd in.'));
      publishAt = null;
    }
    const changed = (publishAt?.getTime() ?? null) !== (existing?.publishAt?.getTime() ?? null);
    if (publishAt && changed && publishAt.getTime() < now.getTime() - PAST_TOLERANCE_MS)
      errors.push(UserError.of('publishAt', 'PUBLISH_AT_PAST', NEWS_MESSAGES.publishAtPast));
    // Published without a moment: now. Archived: keeps the moment it had (or now, for a draft archived at once).
    if (!publishAt && status !== NewsStatus.DRAFT) publishAt = existing?.publishAt ?? now;
    if (!publishAt && existing?.publishAt && status === NewsStatus.DRAFT) publishAt = null;

    const municipalityId = input.municipalityId ?? null;
    if (municipalityId !== null) {
      if (!isUuid(municipalityId))
        errors.push(UserError.of('municipalityId', 'NOT_FOUND', NEWS_MESSAGES.unknownMunicipality));
      else {
        if (!(await q.municipalityExists(ctx.em, municipalityId)))
          errors.push(UserError.of('municipalityId', 'NOT_FOUND', NEWS_MESSAGES.unknownMunicipality));
        else if (!inScope(ctx.viewer, municipalityId))
          errors.push(UserError.of('municipalityId', 'OUT_OF_SCOPE', NEWS_MESSAGES.outOfScope));
      }
    } else if (!inScope(ctx.viewer, null)) {
      errors.push(UserError.of('municipalityId', 'OUT_OF_SCOPE', NEWS_MESSAGES.platformWide));
    }

    let slug = values.slug;
    if (!errors.some((e) => e.field === 'slug' || e.field === 'title')) {
      if (slug) {
        if (await q.slugTaken(ctx.em, slug, existing?.id ?? null))
          errors.push(UserError.of('slug', 'TAKEN', NEWS_MESSAGES.slugTaken));
      } else if (existing && existing.title === values.title) {
        slug = existing.slug;
      } else {
        slug = await this.uniqueSlug(ctx, values.title, existing?.id ?? null);
      }
    }
    return (
      failIfAny(errors) ??
      ok({
        title: values.title,
        slug,
        summary: values.summary,
        body: values.body,
        imageAlt: values.imageAlt,
        status,
        publishAt,
        municipalityId,
      })
    );
  }

  private async uniqueSlug(ctx: RequestContext, title: string, id: string | null): Promise<string> {
    const base = slugify(title, 'nieuws').slice(0, 90).replace(/-+$/g, '');
    const taken = new Set(await q.slugsLike(ctx.em, base, id));
    if (!taken.has(base)) return base;
    for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
  }

  /** Deletes an article for good (archiving keeps it); its image goes too. */
  async delete(ctx: RequestContext, id: string): Promise<Result<string>> {
    if (!isUuid(id)) return problem(null, 'NOT_FOUND', NEWS_MESSAGES.notFound);
    let imageKey: string | null = null;
    const result = await transactional(ctx, async (tx): Promise<Result<string>> => {
      const article = await tx.em.findOne(NewsArticle, id, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!article || !inScope(tx.viewer, article.municipalityId ?? null))
        return problem(null, 'NOT_FOUND', NEWS_MESSAGES.notFound);
      imageKey = article.imageKey ?? null;
      await q.deleteArticle(tx.em, id);
      await this.audit.record(tx, {
        action: 'NEWS_ARTICLE_DELETED',
        subjectType: 'news_article',
        subjectId: id,
        details: { title: article.title },
      });
      return ok(id);
    });
    if (result.ok && imageKey) await this.storage.delete(imageKey).catch(() => undefined);
    return result;
  }

  /**
   * Replaces an article's image: through the shared image pipeline (a real JPEG, PNG or WebP, at most 5 MB,
   * re-encoded as WebP without metadata), stored under a key made here. A file that is not an image changes nothing.
   */
  async setImage(
    ctx: RequestContext,
    id: string,
    data: Buffer | null,
    truncated = false,
    alt?: string,
  ): Promise<NewsImageResult> {
    const current = await this.adminOne(ctx, id);
    if (!current)
      return { article: null, errors: [UserError.of(null, 'NOT_FOUND', NEWS_MESSAGES.notFound)], status: 404 };
    const encoded = await encodeImage(data, truncated, [{ width: 1200, height: 675, fit: 'cover', quality: 82 }]);
    if (!encoded.ok)
      return { article: null, errors: [UserError.of('file', encoded.code, encoded.message)], status: encoded.status };
    const image = encoded.variants[0]!;
    const key = `news/${randomUUID()}.webp`;
    await this.storage.put(key, image.data);
    let previous: string | null = null;
    try {
      const article = await transactional(ctx, async (tx) => {
        const a = await tx.em.findOneOrFail(NewsArticle, id, { lockMode: LockMode.PESSIMISTIC_WRITE });
        previous = a.imageKey ?? null;
        a.imageKey = key;
        a.imageWidth = image.info.width;
        a.imageHeight = image.info.height;
        if (alt !== undefined) a.imageAlt = alt.trim().replace(/\s+/g, ' ').slice(0, 200);
        await tx.em.flush();
        await this.audit.record(tx, { action: 'NEWS_IMAGE_CHANGED', subjectType: 'news_article', subjectId: id });
        return a;
      });
      if (previous) await this.storage.delete(previous).catch(() => undefined);
      return { article, errors: [], status: 201 };
    } catch (error) {
      await this.storage.delete(key).catch(() => undefined);
      throw error;
    }
  }

  async removeImage(ctx: RequestContext, id: string): Promise<Result<NewsArticle>> {
    if (!isUuid(id)) return problem(null, 'NOT_FOUND', NEWS_MESSAGES.notFound);
    let previous: string | null = null;
    const result = await transactional(ctx, async (tx): Promise<Result<NewsArticle>> => {
      const a = await tx.em.findOne(NewsArticle, id, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!a || !inScope(tx.viewer, a.municipalityId ?? null))
        return problem(null, 'NOT_FOUND', NEWS_MESSAGES.notFound);
      previous = a.imageKey ?? null;
      a.imageKey = null;
      a.imageWidth = null;
      a.imageHeight = null;
      await tx.em.flush();
      if (previous)
        await this.audit.record(tx, { action: 'NEWS_IMAGE_REMOVED', subjectType: 'news_article', subjectId: id });
      return ok(a);
    });
    if (result.ok && previous) await this.storage.delete(previous).catch(() => undefined);
    return result;
  }
}

/** For the image route: may this viewer edit news at all (the resolver's @Requires says the same for GraphQL). */
export const canEditNews = (ctx: RequestContext) => hasPermission(ctx.viewer, Permission.CONTENT_EDIT);
