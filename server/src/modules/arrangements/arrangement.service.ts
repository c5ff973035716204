import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { UserError } from '../../kernel/errors.js';
import { inScope, scopeSql } from '../../kernel/scope.js';
import { isUuid } from '../../graphql/ids.js';
import { keysetPage } from '../../graphql/keyset.js';
import type { ConnectionOf, ListArgs } from '../../graphql/pagination.js';
import { today } from '../../kernel/clock.js';
import { transactional, type RequestContext } from '../../kernel/request-context.js';
import { failIfAny, ok, problem, type Result } from '../../kernel/result.js';
import { ageRangeProblem, arrangementRules, periodProblem } from '../../rules/arrangement.js';
import { checkAll } from '../../rules/rule.js';
import type { AuditService } from '../audit/index.js';
import { Category } from '../catalogue/index.js';
import { slugify } from '../../kernel/slug.js';
import { Municipality } from '../municipalities/index.js';
import { Arrangement } from './arrangement.entity.js';
import * as q from './arrangement.queries.js';
import { ArrangementView, type ArrangementFilter, type ArrangementInput } from './arrangement.types.js';

interface Validated {
  name: string;
  description: string;
  municipalityId: string;
  validFrom: string;
  validUntil: string;
  defaultAmountCents: number;
  categories: Category[];
  ownContributionAllowed: boolean;
  maxPerOrderCents: number | null;
  repeatGrantsAllowed: boolean;
  minAge: number | null;
  maxAge: number | null;
}

/** The validated values an arrangement takes over as they are, on create and on update. */
function settableFields(values: Validated) {
  return {
    name: values.name,
    description: values.description,
    validFrom: values.validFrom,
    validUntil: values.validUntil,
    defaultAmountCents: values.defaultAmountCents,
    ownContributionAllowed: values.ownContributionAllowed,
    maxPerOrderCents: values.maxPerOrderCents,
    repeatGrantsAllowed: values.repeatGrantsAllowed,
    minAge: values.minAge,
    maxAge: values.maxAge,
  };
}

/**
 * Arrangements (regelingen): the list with budget use from the ledger, and creating and editing them, within the
 * staff member's municipality scope. Changes are audit-logged. Rules: src/rules/arrangement.ts (shared with the client).
 */
export class ArrangementService {
  constructor(private readonly audit: AuditService) {}

  /** Arrangements in scope, latest validity first, with budget use. */
  async list(
    ctx: RequestContext,
    filter: ArrangementFilter | null | undefined,
    page: ListArgs,
  ): Promise<ConnectionOf<ArrangementView>> {
    const municipalityId = filter?.municipalityId;
    const search = { search: filter?.search?.trim().slice(0, 100), validOn: filter?.current ? today(ctx.clock) : null };
    return keysetPage(
      q.BY_VALIDITY,
      page,
      (after, limit) => {
        if (municipalityId && (!isUuid(municipalityId) || !inScope(ctx.viewer, municipalityId))) return null;
        const scope = municipalityId
          ? { sql: 'a.municipality_id = ?', params: [municipalityId] }
          : scopeSql(ctx.viewer, 'a.municipality_id');
        return q.arrangementPage(ctx.em, scope, search, after, limit);
      },
      async (page) => {
        const found = await ctx.em.find(
          Arrangement,
          { id: { $in: page.map((r) => r.id) } },
          { populate: ['categories'] },
        );
        const byId = new Map(found.map((a) => [a.id, a]));
        return this.views(
          ctx.em,
          page.map((r) => byId.get(r.id)!),
        );
      },
    );
  }

  /** One arrangement in scope; null otherwise. */
  async one(ctx: RequestContext, id: string): Promise<ArrangementView | null> {
    if (!isUuid(id)) return null;
    const a = await ctx.em.findOne(Arrangement, id, { populate: ['categories'] });
    if (!a || !inScope(ctx.viewer, a.municipality.id)) return null;
    const [view] = await this.views(ctx.em, [a]);
    return view!;
  }

  /**
   * Views with budget use. Granted, remaining and the number of assignments for all rows come from one query over the
   * ledger: granted is what the arrangement's funding account gave out (net of revocations), remaining is the sum of
   * its assignments' balances, spent is the difference.
   */
  async views(em: EntityManager, rows: Arrangement[]): Promise<ArrangementView[]> {
    if (!rows.length) return [];
    const ids = rows.map((r) => r.id);
    const [usage, municipalities] = await Promise.all([
      q.budgetUse(em, ids),
      em.find(Municipality, { id: { $in: [...new Set(rows.map((r) => r.municipality.id))] } }),
    ]);
    const usageById = new Map(usage.map((u) => [u.id, u]));
    const municipalityById = new Map(municipalities.map((m) => [m.id, m]));
    return rows.map((r) => {
      const u = usageById.get(r.id);
      const granted = Number(u?.granted ?? 0);
      const remaining = Number(u?.remaining ?? 0);
      return Object.assign(new ArrangementView(), {
        id: r.id,
        name: r.name,
        slug: r.slug,
        description: r.description,
        municipality: municipalityById.get(r.municipality.id)!,
        validFrom: r.validFrom,
        validUntil: r.validUntil,
        defaultAmountCents: r.defaultAmountCents,
        ownContributionAllowed: r.ownContributionAllowed,
        maxPerOrderCents: r.maxPerOrderCents ?? null,
        repeatGrantsAllowed: r.repeatGrantsAllowed,
        minAge: r.minAge ?? null,
        maxAge: r.maxAge ?? null,
        categories: [...r.categories.getItems()].sort(
          (a, b) => a.sortOrder - b.sortOrder || a.name.localeCompare(b.name, 'nl'),
        ),
        grantedCents: granted,
        spentCents: granted - remaining,
        remainingCents: remaining,
        assignmentCount: Number(u?.assignments ?? 0),
        updatedAt: r.updatedAt,
      });
    });
  }

  /** Checks the input with the shared rules, then against the database; Dutch messages per field. `existing` is the arrangement being edited. */
  private async validate(
    ctx: RequestContext,
    input: ArrangementInput,
    existing: Arrangement | null,
  ): Promise<Result<Validated>> {
    const { values, problems } = checkAll(arrangementRules, input);
    const errors = problems.map((p) => UserError.of(p.field, p.code, p.message));
    const err = (field: string, code: string, message: string) => errors.push(UserError.of(field, code, message));
    const { name, validFrom, validUntil } = values;
    const datesValid = !problems.some((p) => p.field === 'validFrom' || p.field === 'validUntil');
    const period = datesValid ? periodProblem(validFrom, validUntil) : null;
    if (period) err(period.field, period.code, period.message);
    if (!problems.some((p) => p.field === 'minAge' || p.field === 'maxAge')) {
      const ages = ageRangeProblem(values.minAge, values.maxAge);
      if (ages) err(ages.field, ages.code, ages.message);
    }

    const municipalityId = input.municipalityId ?? '';
    const municipality =
      isUuid(municipalityId) && inScope(ctx.viewer, municipalityId)
        ? await ctx.em.findOne(Municipality, municipalityId)
        : null;
    if (!municipality) err('municipalityId', 'NOT_FOUND', 'Kies een gemeente waarvoor u werkt.');

    const categoryIds = [...new Set(input.categoryIds ?? [])];
    const categories =
      categoryIds.every(isUuid) && categoryIds.length ? await ctx.em.find(Category, { id: { $in: categoryIds } }) : [];
    if (!categoryIds.length)
      err('categoryIds', 'REQUIRED', 'Kies ten minste één categorie waarvoor de regeling betaalt.');
    else if (categories.length !== categoryIds.length)
      err('categoryIds', 'NOT_FOUND', 'Een van de gekozen categorieën bestaat niet meer. Laad de pagina opnieuw.');

    if (name && municipality) {
      const twin = await ctx.em.findOne(Arrangement, {
        municipality: municipality.id,
        name: { $ilike: name.replace(/[\\%_]/g, (c) => `\\${c}`) },
      });
      if (twin && twin.id !== existing?.id)
        err('name', 'DUPLICATE', 'Deze gemeente heeft al een regeling met deze naam.');
    }

    if (existing) {
      const a = await q.assignmentSpan(ctx.em, existing.id);
      if (municipality && municipality.id !== existing.municipality.id && Number(a.all) > 0) {
        err(
          'municipalityId',
          'HAS_ASSIGNMENTS',
          'De gemeente kan niet meer worden gewijzigd: deze regeling is al toegewezen.',
        );
      }
      if (Number(a.n) > 0 && datesValid) {
        if (a.first_from && validFrom > a.first_from) {
          err(
            'validFrom',
            'OUTSIDE_ASSIGNMENTS',
            `Er zijn toewijzingen die eerder beginnen (vanaf ${a.first_from.split('-').reverse().join('-')}). Kies een begindatum op of vóór die dag.`,
          );
        }
        if (a.last_until && validUntil < a.last_until) {
          err(
            'validUntil',
            'OUTSIDE_ASSIGNMENTS',
            `Er zijn toewijzingen die langer geldig zijn (tot en met ${a.last_until.split('-').reverse().join('-')}). Kies een einddatum op of na die dag.`,
          );
        }
      }
    }

    return (
      failIfAny(errors) ??
      ok({
        ...values,
        municipalityId: municipality!.id,
        categories,
        ownContributionAllowed: !!input.ownContributionAllowed,
        maxPerOrderCents: values.maxPerOrderCents ?? null,
        repeatGrantsAllowed: !!input.repeatGrantsAllowed,
        minAge: values.minAge ?? null,
        maxAge: values.maxAge ?? null,
      })
    );
  }

  /** A slug unique within the municipality: the name's, with -2, -3 … when taken. */
  private async freeSlug(em: EntityManager, municipalityId: string, name: string): Promise<string> {
    const base = slugify(name, 'regeling');
    const taken = new Set(await q.slugsStartingWith(em, municipalityId, base));
    let slug = base;
    for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`;
    return slug;
  }

  async create(ctx: RequestContext, input: ArrangementInput): Promise<Result<ArrangementView>> {
    const checked = await this.validate(ctx, input, null);
    if (!checked.ok) return checked;
    const values = checked.value;
    const id = await transactional(ctx, async (tx) => {
      const em = tx.em;
      const a = em.create(Arrangement, {
        municipality: values.municipalityId,
        slug: await this.freeSlug(em, values.municipalityId, values.name),
        ...settableFields(values),
      });
      for (const c of values.categories) a.categories.add(em.getReference(Category, c.id));
      await em.flush();
      await this.audit.record(tx, {
        action: 'arrangement.created',
        subjectType: 'arrangement',
        subjectId: a.id,
        details: { municipalityId: values.municipalityId },
      });
      return a.id;
    });
    return ok((await this.one(ctx, id))!);
  }

  async update(ctx: RequestContext, id: string, input: ArrangementInput): Promise<Result<ArrangementView>> {
    const existing = isUuid(id) ? await ctx.em.findOne(Arrangement, id, { populate: ['categories'] }) : null;
    if (!existing || !inScope(ctx.viewer, existing.municipality.id))
      return problem('id', 'NOT_FOUND', 'Deze regeling is niet gevonden.');
    const checked = await this.validate(ctx, input, existing);
    if (!checked.ok) return checked;
    const values = checked.value;
    await transactional(ctx, async (tx) => {
      const em = tx.em;
      const a = await em.findOneOrFail(Arrangement, id, { lockMode: LockMode.PESSIMISTIC_WRITE });
      await em.populate(a, ['categories']);
      const changed = (
        [
          ['name', a.name !== values.name],
          ['description', a.description !== values.description],
          ['municipalityId', a.municipality.id !== values.municipalityId],
          ['validFrom', a.validFrom !== values.validFrom],
          ['validUntil', a.validUntil !== values.validUntil],
          ['defaultAmountCents', a.defaultAmountCents !== values.defaultAmountCents],
          ['ownContributionAllowed', a.ownContributionAllowed !== values.ownContributionAllowed],
          ['maxPerOrderCents', (a.maxPerOrderCents ?? null) !== values.maxPerOrderCents],
          ['repeatGrantsAllowed', a.repeatGrantsAllowed !== values.repeatGrantsAllowed],
          ['minAge', (a.minAge ?? null) !== values.minAge],
          ['maxAge', (a.maxAge ?? null) !== values.maxAge],
          [
            'categoryIds',
            [...a.categories.getItems().map((c) => c.id)].sort().join() !==
              values.categories
                .map((c) => c.id)
                .sort()
                .join(),
          ],
        ] as const
      )
        .filter(([, differs]) => differs)
        .map(([field]) => field);
      if (a.municipality.id !== values.municipalityId) {
        a.municipality = em.getReference(Municipality, values.municipalityId, { wrapped: true });
        a.slug = await this.freeSlug(em, values.municipalityId, values.name);
      }
      Object.assign(a, settableFields(values));
      a.categories.set(values.categories.map((c) => em.getReference(Category, c.id)));
      await em.flush();
      if (changed.length) {
        await this.audit.record(tx, {
          action: 'arrangement.updated',
          subjectType: 'arrangement',
          subjectId: a.id,
          details: { fields: changed },
        });
      }
    });
    ctx.em.clear();
    return ok((await this.one(ctx, id))!);
  }
}
