import { UserError } from '../../kernel/errors.js';
import { isUuid } from '../../graphql/ids.js';
import { Audience } from '../../kernel/permissions.js';
import { ownAdminAccountId } from '../../kernel/viewer.js';
import { inScope } from '../../kernel/scope.js';
import { transactional, type RequestContext } from '../../kernel/request-context.js';
import { failIfAny, ok, problem, type Result } from '../../kernel/result.js';
import { checkAll } from '../../rules/rule.js';
import { accessibilityRules, contentPageRules } from '../../rules/content-page.js';
import type { AuditService } from '../audit/index.js';
import { AdminAccount } from '../staff/index.js';
import { Municipality } from '../municipalities/index.js';
import { TermsVersion } from '../terms/index.js';
import {
  ContentPage,
  ContentPageKind,
  ContentPageVersion,
  type AccessibilityStatement,
  type ContentPageInput,
} from './content-page.entity.js';
import * as q from './content-page.queries.js';

/** Where each public page lives (the sitemap lists these). The providers' terms are shown inside forms, not here. */
export const PUBLIC_PAGE_PATHS: Partial<Record<ContentPageKind, string>> = {
  [ContentPageKind.HOW_IT_WORKS]: '/hoe-werkt-het',
  [ContentPageKind.PRIVACY]: '/privacy',
  [ContentPageKind.TERMS_RESIDENTS]: '/voorwaarden',
  [ContentPageKind.ACCESSIBILITY]: '/toegankelijkheid',
};

export interface PublishedPage {
  page: ContentPageKind;
  /** The site path, e.g. `/privacy`. */
  slug: string;
  title: string;
  updatedAt: Date;
}

const NOT_FOUND = 'Deze versie van de pagina is niet gevonden.';

/**
 * The content pages (instellingen: hoe-werkt-het, privacybeleid, toegankelijkheid, algemene-voorwaarden): one page
 * type keyed by `ContentPageKind`, platform-wide; only the providers' terms may also exist per municipality. Every
 * save makes a new draft version (who, when); publishing stamps the newest draft; restoring copies an old version into
 * a new draft. Publishing the providers' terms also makes the new current `TermsVersion`, which providers accept again
 * at their next log-in (TermsService.pending). Permissions are the resolver's (`@Requires(CONTENT_EDIT)`); a
 * municipality's own terms need that municipality in the editor's scope. Every change is audited.
 */
export class ContentPageService {
  constructor(private readonly audit: AuditService) {}

  // ---- reading --------------------------------------------------------------------------------------------------

  /**
   * What the public sees: the newest published version. For the providers' terms of a municipality without its own
   * published terms, the platform's.
   */
  async published(
    ctx: RequestContext,
    page: ContentPageKind,
    municipalityId: string | null = null,
  ): Promise<ContentPageVersion | null> {
    if (municipalityId && page === ContentPageKind.TERMS_PROVIDERS && isUuid(municipalityId)) {
      const own = await ctx.em.findOne(
        ContentPageVersion,
        { page, municipality: municipalityId, publishedAt: { $ne: null } },
        { orderBy: { version: 'desc' } },
      );
      if (own) return own;
    }
    return ctx.em.findOne(
      ContentPageVersion,
      { page, municipality: null, publishedAt: { $ne: null } },
      { orderBy: { version: 'desc' } },
    );
  }

  /** The public pages that have a published version: for the sitemap (slug = the site path). */
  async publishedPages(ctx: RequestContext): Promise<PublishedPage[]> {
    const rows = await q.publishedPages(ctx.em, Object.keys(PUBLIC_PAGE_PATHS));
    return rows.map((r) => ({
      page: r.page,
      slug: PUBLIC_PAGE_PATHS[r.page]!,
      title: r.title,
      updatedAt: new Date(r.published_at),
    }));
  }

  /** The page for its editors: published version, draft and every version. */
  async forEditor(
    ctx: RequestContext,
    page: ContentPageKind,
    municipalityId: string | null = null,
  ): Promise<ContentPage | null> {
    if (!this.mayEdit(ctx, page, municipalityId)) return null;
    const versions = await ctx.em.find(
      ContentPageVersion,
      { page, municipality: municipalityId },
      { orderBy: { version: 'desc' } },
    );
    const published = versions.find((v) => v.publishedAt) ?? null;
    const newest = versions[0] ?? null;
    return {
      page,
      municipalityId,
      published,
      draft: newest && !newest.publishedAt ? newest : null,
      versions,
    };
  }

  // ---- changing -------------------------------------------------------------------------------------------------

  /** Saves a new draft version. The text is checked (no script, no `javascript:` links) before anything is stored. */
  async saveDraft(
    ctx: RequestContext,
    page: ContentPageKind,
    municipalityId: string | null,
    input: ContentPageInput,
  ): Promise<Result<ContentPage>> {
    if (!this.mayEdit(ctx, page, municipalityId)) return problem(null, 'NOT_FOUND', 'Deze pagina is niet gevonden.');
    const { values, problems } = checkAll(contentPageRules, { title: input.title, body: input.body });
    const errors = problems.map((p) => UserError.of(p.field, p.code, p.message));
    let accessibility: AccessibilityStatement | null = null;
    if (page === ContentPageKind.ACCESSIBILITY) {
      const checked = checkAccessibility(input.accessibility);
      errors.push(...checked.errors);
      accessibility = checked.value;
    }
    const failed = failIfAny<ContentPage>(errors);
    if (failed) return failed;
    return transactional(ctx, async (tx) => {
      if (municipalityId && !(await tx.em.findOne(Municipality, municipalityId)))
        return problem(null, 'NOT_FOUND', 'Deze gemeente is niet gevonden.');
      const next = await this.lockAndNextVersion(tx, page, municipalityId);
      const version = tx.em.create(ContentPageVersion, {
        page,
        municipality: municipalityId,
        version: next,
        title: values.title,
        body: values.body,
        accessibility,
        ...(await this.author(tx)),
        createdAt: tx.clock.now(),
      });
      await tx.em.flush();
      await this.audit.record(tx, {
        action: 'CONTENT_PAGE_SAVED',
        subjectType: 'content_page_version',
        subjectId: version.id,
        details: { page, municipalityId, version: next },
      });
      return ok((await this.forEditor(tx, page, municipalityId))!);
    });
  }

  /**
   * Publishes a draft: only the newest version, and only when it is not published yet (an editor who looked at an
   * older draft is told a newer one exists). The providers' terms also become the current terms version.
   */
  async publish(ctx: RequestContext, versionId: string): Promise<Result<ContentPage>> {
    if (!isUuid(versionId)) return problem(null, 'NOT_FOUND', NOT_FOUND);
    return transactional(ctx, async (tx) => {
      const found = await tx.em.findOne(ContentPageVersion, versionId);
      if (!found) return problem(null, 'NOT_FOUND', NOT_FOUND);
      const municipalityId = found.municipality?.id ?? null;
      if (!this.mayEdit(tx, found.page, municipalityId)) return problem(null, 'NOT_FOUND', NOT_FOUND);
      const newest = (await this.lockAndNextVersion(tx, found.page, municipalityId)) - 1;
      await tx.em.refresh(found);
      if (found.publishedAt) return problem(null, 'ALREADY_PUBLISHED', 'Deze versie is al gepubliceerd.');
      if (found.version !== newest)
        return problem(
          null,
          'STALE',
          'Er is intussen een nieuwere versie opgeslagen. Bekijk die versie en publiceer die als die klopt.',
        );
      const now = tx.clock.now();
      found.publishedAt = now;
      found.publishedByAccountId = ownAdminAccountId(tx.viewer);
      let termsVersion: number | null = null;
      if (found.page === ContentPageKind.TERMS_PROVIDERS) {
        termsVersion = await q.nextTermsVersion(tx.em, municipalityId);
        const terms = tx.em.create(TermsVersion, {
          municipality: municipalityId,
          version: termsVersion,
          title: found.title,
          body: found.body,
          publishedAt: now,
          createdAt: now,
        });
        found.termsVersion = terms as never;
      }
      await tx.em.flush();
      await this.audit.record(tx, {
        action: 'CONTENT_PAGE_PUBLISHED',
        subjectType: 'content_page_version',
        subjectId: found.id,
        details: { page: found.page, municipalityId, version: found.version, termsVersion },
      });
      return ok((await this.forEditor(tx, found.page, municipalityId))!);
    });
  }

  /** Restores an old version: its title, text and fields become a new draft (to be checked and published). */
  async restore(ctx: RequestContext, versionId: string): Promise<Result<ContentPage>> {
    if (!isUuid(versionId)) return problem(null, 'NOT_FOUND', NOT_FOUND);
    return transactional(ctx, async (tx) => {
      const old = await tx.em.findOne(ContentPageVersion, versionId);
      if (!old) return problem(null, 'NOT_FOUND', NOT_FOUND);
      const municipalityId = old.municipality?.id ?? null;
      if (!this.mayEdit(tx, old.page, municipalityId)) return problem(null, 'NOT_FOUND', NOT_FOUND);
      const next = await this.lockAndNextVersion(tx, old.page, municipalityId);
      const version = tx.em.create(ContentPageVersion, {
        page: old.page,
        municipality: municipalityId,
        version: next,
        title: old.title,
        body: old.body,
        accessibility: old.accessibility ?? null,
        restoredFrom: old.version,
        ...(await this.author(tx)),
        createdAt: tx.clock.now(),
      });
      await tx.em.flush();
      await this.audit.record(tx, {
        action: 'CONTENT_PAGE_RESTORED',
        subjectType: 'content_page_version',
        subjectId: version.id,
        details: { page: old.page, municipalityId, version: next, restoredFrom: old.version },
      });
      return ok((await this.forEditor(tx, old.page, municipalityId))!);
    });
  }

  // ---- helpers --------------------------------------------------------------------------------------------------

  /** Platform pages: any editor; a municipality's own providers' terms: an editor with that municipality in scope. */
  private mayEdit(ctx: RequestContext, page: ContentPageKind, municipalityId: string | null): boolean {
    if (municipalityId === null) return true;
    if (page !== ContentPageKind.TERMS_PROVIDERS || !isUuid(municipalityId)) return false;
    return inScope(ctx.viewer, municipalityId);
  }

  /** Serialises changes to one page (two editors saving at once get consecutive versions); the next version number. */
  private async lockAndNextVersion(
    tx: RequestContext,
    page: ContentPageKind,
    municipalityId: string | null,
  ): Promise<number> {
    return q.nextPageVersion(tx.em, page, municipalityId);
  }

  private async author(tx: RequestContext): Promise<{ authorAccountId: string | null; authorName: string }> {
    if (tx.viewer.kind !== Audience.STAFF) return { authorAccountId: null, authorName: 'Systeem' };
    if (tx.viewer.operator) return { authorAccountId: null, authorName: 'Operator van Lightbase' };
    const account = await tx.em.findOne(AdminAccount, tx.viewer.adminAccountId);
    return { authorAccountId: tx.viewer.adminAccountId, authorName: account?.name ?? '' };
  }
}

/** The accessibility statement's fields, checked with the shared rules; problems are named `accessibility.<field>`. */
function checkAccessibility(input: ContentPageInput['accessibility']): {
  value: AccessibilityStatement | null;
  errors: UserError[];
} {
  if (!input)
    return {
      value: null,
      errors: [UserError.of('accessibility', 'REQUIRED', 'Vul de gegevens van de toegankelijkheidsverklaring in.')],
    };
  const { status, reviewedOn, reviewMethod, contactEmail, contactPhone } = accessibilityRules;
  const { values, problems } = checkAll(
    { status, reviewedOn, reviewMethod, contactEmail, contactPhone },
    { ...input, contactPhone: input.contactPhone ?? '' },
  );
  const errors = problems.map((p) => UserError.of(`accessibility.${p.field}`, p.code, p.message));
  const problemsList = (input.problems ?? []).slice(0, 30).flatMap((p, i) => {
    const d = accessibilityRules.problemDescription.check(p.description);
    const f = accessibilityRules.problemFix.check(p.fix);
    if (!d.ok)
      errors.push(
        UserError.of(
          `accessibility.problems.${i}.description`,
          d.problem.code,
          `Probleem ${i + 1}: ${d.problem.message}`,
        ),
      );
    if (!f.ok)
      errors.push(
        UserError.of(`accessibility.problems.${i}.fix`, f.problem.code, `Probleem ${i + 1}: ${f.problem.message}`),
      );
    return d.ok && f.ok ? [{ description: d.value, fix: f.value }] : [];
  });
  if ((input.problems ?? []).length > 30)
    errors.push(UserError.of('accessibility.problems', 'TOO_MANY', 'Noem hoogstens 30 bekende problemen.'));
  return errors.length
    ? { value: null, errors }
    : {
        value: {
          status: values.status,
          reviewedOn: values.reviewedOn,
          reviewMethod: values.reviewMethod,
          contactEmail: values.contactEmail,
          contactPhone: values.contactPhone ?? '',
          problems: problemsList,
        },
        errors: [],
      };
}
