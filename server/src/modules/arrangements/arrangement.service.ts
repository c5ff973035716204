import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Context } from '../../graphql/context.js';
import { UserError } from '../../graphql/errors.js';
import { municipalityScope } from '../../graphql/auth/viewer.js';
import { isUuid } from '../../graphql/ids.js';
import { isIsoDate } from '../../lib/dates.js';
import type { AuditService } from '../audit/audit.service.js';
import { withEm } from '../../lib/request-context.js';
import { Category } from '../catalogue/category.entity.js';
import { slugify } from '../catalogue/slug.js';
import { Municipality } from '../municipalities/municipality.entity.js';
import { Arrangement } from './arrangement.entity.js';
import { ArrangementView, type ArrangementInput } from './arrangement.types.js';
import { MAX_ASSIGNMENT_CENTS } from './assignment.service.js';

export const ARRANGEMENT_RULES = { nameMin: 3, nameMax: 120, descriptionMax: 2000, maxCents: MAX_ASSIGNMENT_CENTS } as const;

const EURO_RANGE = '€ 0,01 en hoogstens € 100.000,00';

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
}

function inScope(ctx: Context, municipalityId: string): boolean {
  const scope = municipalityScope(ctx.viewer);
  return scope === null || scope.includes(municipalityId);
}

function validCents(value: number | null | undefined): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 1 && value <= ARRANGEMENT_RULES.maxCents;
}

/**
 * Arrangements (regelingen): the list with budget use from the ledger, and creating and editing them, within the
 * staff member's municipality scope. Changes are audit-logged.
 */
export class ArrangementService {
  constructor(private readonly audit: AuditService) {}

  /** Arrangements in scope (optionally of one municipality), newest validity first, with budget use. */
  async list(ctx: Context, municipalityId?: string | null): Promise<ArrangementView[]> {
    const scope = municipalityScope(ctx.viewer);
    if (municipalityId && (!isUuid(municipalityId) || !inScope(ctx, municipalityId))) return [];
    const where: Record<string, unknown> = {};
    if (municipalityId) where.municipality = municipalityId;
    else if (scope !== null) where.municipality = { $in: [...scope] };
    const rows = await ctx.em.find(Arrangement, where, {
      populate: ['categories'],
      orderBy: [{ validUntil: 'desc' }, { name: 'asc' }, { id: 'asc' }],
    });
    return this.views(ctx.em, rows);
  }

  /** One arrangement in scope; null otherwise. */
  async one(ctx: Context, id: string): Promise<ArrangementView | null> {
    if (!isUuid(id)) return null;
    const a = await ctx.em.findOne(Arrangement, id, { populate: ['categories'] });
    if (!a || !inScope(ctx, a.municipality.id)) return null;
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
      em.execute<{ id: string; granted: string; remaining: string; assignments: string }[]>(
        `select ar.id,
                coalesce(-max(f.balance_cents), 0) as granted,
                coalesce(sum(acc.balance_cents), 0) as remaining,
                count(a.id) filter (where a.status <> 'REVOKED') as assignments
           from arrangement ar
           left join ledger_account f on f.kind = 'ARRANGEMENT_FUNDING' and f.arrangement_id = ar.id
           left join assignment a on a.arrangement_id = ar.id
           left join ledger_account acc on acc.kind = 'ASSIGNMENT' and acc.assignment_id = a.id
          where ar.id = any(?::uuid[])
          group by ar.id`,
        [`{${ids.join(',')}}`],
      ),
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
        categories: [...r.categories.getItems()].sort((a, b) => a.sortOrder - b.sortOrder || a.name.localeCompare(b.name, 'nl')),
        grantedCents: granted,
        spentCents: granted - remaining,
        remainingCents: remaining,
        assignmentCount: Number(u?.assignments ?? 0),
        updatedAt: r.updatedAt,
      });
    });
  }

  /** Checks the input; Dutch messages per field. `existing` is the arrangement being edited. */
  private async validate(ctx: Context, input: ArrangementInput, existing: Arrangement | null): Promise<{ values: Validated | null; errors: UserError[] }> {
    const errors: UserError[] = [];
    const err = (field: string, code: string, message: string) => errors.push(UserError.of(field, code, message));

    const name = (input.name ?? '').trim().replace(/\s+/g, ' ');
    if (!name) err('name', 'REQUIRED', 'Vul een naam in.');
    else if (name.length < ARRANGEMENT_RULES.nameMin || name.length > ARRANGEMENT_RULES.nameMax) {
      err('name', 'LENGTH', `De naam moet tussen ${ARRANGEMENT_RULES.nameMin} en ${ARRANGEMENT_RULES.nameMax} tekens lang zijn.`);
    }
    const description = (input.description ?? '').trim();
    if (description.length > ARRANGEMENT_RULES.descriptionMax) err('description', 'LENGTH', 'De omschrijving mag hoogstens 2.000 tekens lang zijn.');

    const municipalityId = input.municipalityId ?? '';
    const municipality = isUuid(municipalityId) && inScope(ctx, municipalityId) ? await ctx.em.findOne(Municipality, municipalityId) : null;
    if (!municipality) err('municipalityId', 'NOT_FOUND', 'Kies een gemeente waarvoor u werkt.');

    const validFrom = (input.validFrom ?? '').trim();
    const validUntil = (input.validUntil ?? '').trim();
    if (!isIsoDate(validFrom)) err('validFrom', validFrom ? 'INVALID_DATE' : 'REQUIRED', 'Vul een geldige begindatum in.');
    if (!isIsoDate(validUntil)) err('validUntil', validUntil ? 'INVALID_DATE' : 'REQUIRED', 'Vul een geldige einddatum in.');
    else if (isIsoDate(validFrom) && validUntil < validFrom) err('validUntil', 'END_BEFORE_START', 'De einddatum ligt vóór de begindatum.');

    if (!validCents(input.defaultAmountCents)) err('defaultAmountCents', 'INVALID_AMOUNT', `Vul een standaardbedrag in van minstens ${EURO_RANGE}.`);
    const maxPerOrderCents = input.maxPerOrderCents ?? null;
    if (maxPerOrderCents !== null && !validCents(maxPerOrderCents)) {
      err('maxPerOrderCents', 'INVALID_AMOUNT', `Vul een maximum per bestelling in van minstens ${EURO_RANGE}, of laat het veld leeg.`);
    }

    const categoryIds = [...new Set(input.categoryIds ?? [])];
    const categories = categoryIds.every(isUuid) && categoryIds.length ? await ctx.em.find(Category, { id: { $in: categoryIds } }) : [];
    if (!categoryIds.length) err('categoryIds', 'REQUIRED', 'Kies ten minste één categorie waarvoor de regeling betaalt.');
    else if (categories.length !== categoryIds.length) err('categoryIds', 'NOT_FOUND', 'Een van de gekozen categorieën bestaat niet meer. Laad de pagina opnieuw.');

    if (name && municipality) {
      const twin = await ctx.em.findOne(Arrangement, { municipality: municipality.id, name: { $ilike: name.replace(/[\\%_]/g, (c) => `\\${c}`) } });
      if (twin && twin.id !== existing?.id) err('name', 'DUPLICATE', 'Deze gemeente heeft al een regeling met deze naam.');
    }

    if (existing) {
      const assignments = await ctx.em.execute<{ n: string; first_from: string | null; last_until: string | null }[]>(
        `select count(*) as n, min(valid_from)::text as first_from, max(valid_until)::text as last_until
           from assignment where arrangement_id = ? and status <> 'REVOKED'`,
        [existing.id],
      );
      const a = assignments[0]!;
      const all = await ctx.em.execute<{ n: string }[]>(`select count(*) as n from assignment where arrangement_id = ?`, [existing.id]);
      if (municipality && municipality.id !== existing.municipality.id && Number(all[0]!.n) > 0) {
        err('municipalityId', 'HAS_ASSIGNMENTS', 'De gemeente kan niet meer worden gewijzigd: deze regeling is al toegewezen.');
      }
      if (Number(a.n) > 0 && isIsoDate(validFrom) && isIsoDate(validUntil)) {
        if (a.first_from && validFrom > a.first_from) {
          err('validFrom', 'OUTSIDE_ASSIGNMENTS', `Er zijn toewijzingen die eerder beginnen (vanaf ${a.first_from.split('-').reverse().join('-')}). Kies een begindatum op of vóór die dag.`);
        }
        if (a.last_until && validUntil < a.last_until) {
          err('validUntil', 'OUTSIDE_ASSIGNMENTS', `Er zijn toewijzingen die langer geldig zijn (tot en met ${a.last_until.split('-').reverse().join('-')}). Kies een einddatum op of na die dag.`);
        }
      }
    }

    if (errors.length) return { values: null, errors };
    return {
      values: {
        name,
        description,
        municipalityId: municipality!.id,
        validFrom,
        validUntil,
        defaultAmountCents: input.defaultAmountCents,
        categories,
        ownContributionAllowed: !!input.ownContributionAllowed,
        maxPerOrderCents,
      },
      errors,
    };
  }

  /** A slug unique within the municipality: the name's, with -2, -3 … when taken. */
  private async freeSlug(em: EntityManager, municipalityId: string, name: string): Promise<string> {
    const base = slugify(name, 'regeling');
    const taken = new Set(
      (await em.execute<{ slug: string }[]>(`select slug from arrangement where municipality_id = ? and slug like ?`, [municipalityId, `${base}%`])).map((r) => r.slug),
    );
    let slug = base;
    for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`;
    return slug;
  }

  async create(ctx: Context, input: ArrangementInput): Promise<{ arrangement: ArrangementView | null; errors: UserError[] }> {
    const { values, errors } = await this.validate(ctx, input, null);
    if (!values) return { arrangement: null, errors };
    const id = await ctx.em.transactional(async (em) => {
      const a = em.create(Arrangement, {
        municipality: values.municipalityId,
        name: values.name,
        slug: await this.freeSlug(em, values.municipalityId, values.name),
        description: values.description,
        validFrom: values.validFrom,
        validUntil: values.validUntil,
        defaultAmountCents: values.defaultAmountCents,
        ownContributionAllowed: values.ownContributionAllowed,
        maxPerOrderCents: values.maxPerOrderCents,
      });
      for (const c of values.categories) a.categories.add(em.getReference(Category, c.id));
      await em.flush();
      await this.audit.record(withEm(ctx, em), { action: 'arrangement.created', subjectType: 'arrangement', subjectId: a.id, details: { municipalityId: values.municipalityId } });
      return a.id;
    });
    return { arrangement: await this.one(ctx, id), errors: [] };
  }

  async update(ctx: Context, id: string, input: ArrangementInput): Promise<{ arrangement: ArrangementView | null; errors: UserError[] }> {
    const existing = isUuid(id) ? await ctx.em.findOne(Arrangement, id, { populate: ['categories'] }) : null;
    if (!existing || !inScope(ctx, existing.municipality.id)) {
      return { arrangement: null, errors: [UserError.of('id', 'NOT_FOUND', 'Deze regeling is niet gevonden.')] };
    }
    const { values, errors } = await this.validate(ctx, input, existing);
    if (!values) return { arrangement: null, errors };
    await ctx.em.transactional(async (em) => {
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
          [
            'categoryIds',
            [...a.categories.getItems().map((c) => c.id)].sort().join() !== values.categories.map((c) => c.id).sort().join(),
          ],
        ] as const
      )
        .filter(([, differs]) => differs)
        .map(([field]) => field);
      if (a.municipality.id !== values.municipalityId) {
        a.municipality = em.getReference(Municipality, values.municipalityId, { wrapped: true });
        a.slug = await this.freeSlug(em, values.municipalityId, values.name);
      }
      Object.assign(a, {
        name: values.name,
        description: values.description,
        validFrom: values.validFrom,
        validUntil: values.validUntil,
        defaultAmountCents: values.defaultAmountCents,
        ownContributionAllowed: values.ownContributionAllowed,
        maxPerOrderCents: values.maxPerOrderCents,
      });
      a.categories.set(values.categories.map((c) => em.getReference(Category, c.id)));
      await em.flush();
      if (changed.length) {
        await this.audit.record(withEm(ctx, em), { action: 'arrangement.updated', subjectType: 'arrangement', subjectId: a.id, details: { fields: changed } });
      }
    });
    ctx.em.clear();
    return { arrangement: await this.one(ctx, id), errors: [] };
  }
}
