import { UserError } from '../../kernel/errors.js';
import { scopeSql } from '../../kernel/scope.js';
import { isUuid } from '../../graphql/ids.js';
import {
  cappedCount,
  COUNT_CAP,
  emptyConnection,
  pageSize,
  toConnection,
  type ConnectionOf,
  type ListArgs,
} from '../../graphql/pagination.js';
import { keyCondition, rowCursor, stripKeys, type KeyOrder, keyOrder } from '../../graphql/keyset.js';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { RequestContext } from '../../kernel/request-context.js';
import { failIfAny, ok, problem, type Result } from '../../kernel/result.js';
import { encryptBsn, hashBsn, type BsnKeys } from '../../crypto/bsn.js';
import type { AuditService } from '../audit/index.js';
import { withEm } from '../../kernel/request-context.js';
import { today } from '../../kernel/clock.js';
import { Municipality } from '../municipalities/index.js';
import { ClientGroup } from './client-group.entity.js';
import { Person } from './person.entity.js';
import { Card } from './card.entity.js';
import * as q from './client-group.queries.js';
import type { CardService } from './card.service.js';
import { inStaffScope, personViews } from './customer-views.js';
import {
  ClientGroupView,
  type AddClientGroupMemberInput,
  type ClientGroupFilter,
  type PersonView,
} from './customer.types.js';
import {
  bsnProblem,
  cleanName,
  contactDetails,
  dateOfBirthProblem,
  nameProblem,
  normaliseBsn,
} from './customer.validation.js';

/** By name; the id makes the order total. */
const BY_NAME: KeyOrder = keyOrder('name', 'asc', 'g', ['g.name', 'text']);

/** With a search: households with more search words found exactly first (a misspelt match after), then by name. */
const BY_RELEVANCE: KeyOrder = keyOrder('relevance', 'asc', 'g', ['-h.exact', 'integer'], ['g.name', 'text']);

/**
 * The most households a search ranks (see `list`): one more than the count's cap, so a search past it says "meer dan
 * 1.000" as the other lists do.
 */
const SEARCH_CANDIDATES = COUNT_CAP;

/** A PostgreSQL uuid[] literal (of ids read from the database). */
function uuidArray(ids: readonly string[]): string {
  return `{${ids.join(',')}}`;
}

/** A PostgreSQL text[] literal. */
function textArray(values: readonly string[]): string {
  return `{${values.map((v) => `"${v.replace(/["\\]/g, '')}"`).join(',')}}`;
}

const EXTERNAL_IDENTIFIER = /^[A-Za-z0-9][A-Za-z0-9/._-]{0,39}$/;

/**
 * Client groups (klantgroepen) for staff: search, details and adding a member. Everything is limited to the staff
 * member's municipality scope; every read of personal data is audit-logged (fields marked @personalData).
 */
export class ClientGroupService {
  constructor(
    private readonly bsnKeys: BsnKeys,
    private readonly audit: AuditService,
    private readonly cards: CardService,
  ) {}

  /** The group when it exists and is within the staff member's scope. */
  async findInScope(ctx: RequestContext, id: string): Promise<ClientGroup | null> {
    if (!isUuid(id)) return null;
    const group = await ctx.em.findOne(ClientGroup, id);
    return group && inStaffScope(ctx.viewer, group.municipality.id) ? group : null;
  }

  /**
   * The staff list of households (klanten): in the viewer's municipality scope, optionally of one municipality and
   * matching a search — by household name, member name, client number (household or person) or card number, exact
   * or partial; every word must match somewhere in the household (a name word of 4 letters or more also with a typo),
   * and a number of 3 or more digits also matches card numbers; a search of only one- or two-letter words finds the
   * names with a word that starts with them. By name, or with a search exact matches first, at most about a thousand
   * ranked ("meer dan" past that); keyset-paginated. The personal data shown is audit-logged per read (@personalData).
   */
  async list(
    ctx: RequestContext,
    filter: ClientGroupFilter | null | undefined,
    page: ListArgs,
  ): Promise<ConnectionOf<ClientGroupView>> {
    const first = pageSize(page.first);
    const term = (filter?.search ?? '').trim().slice(0, 100);
    const words = term
      .toLowerCase()
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .split(/\s+/)
      // A word without a letter or digit ("-", "'") is in no name and no index can look for it (PostgreSQL would
      // read every person to find nothing): it is left out.
      .filter((word) => /[\p{L}\p{N}]/u.test(word))
      .slice(0, 8);
    // Typed, but nothing to look for: nothing found (not every household).
    if (term && !words.length) return emptyConnection();
    const digits = term.replace(/[\s.-]/g, '');
    const cardPattern = /^\d{3,10}$/.test(digits) ? `%${digits}%` : null;

    const where: string[] = [];
    const params: unknown[] = [];
    const scope = scopeSql(ctx.viewer, 'g.municipality_id');
    where.push(scope.sql);
    params.push(...scope.params);
    if (filter?.municipalityId) {
      if (!isUuid(filter.municipalityId)) return emptyConnection();
      where.push('g.municipality_id = ?');
      params.push(filter.municipalityId);
    }
    let from = 'client_group g';
    const fromParams: unknown[] = [];
    let order = BY_NAME;
    /** True when the search stopped gathering candidates at SEARCH_CANDIDATES (the count then says "meer dan"). */
    let candidatesCapped = false;
    /**
     * A search's candidates (see below), worked out in their own statements before the search itself is planned, in
     * the read's transaction; null without a search.
     */
    let findCandidates: ((em: EntityManager) => Promise<void>) | null = null;
    if (words.length) {
      order = BY_RELEVANCE;
      // The candidates first, through indexes, so a search reads a few hundred rows, not every household of the
      // municipality: households where the longest search word occurs in a member's name or client number, the
      // household's name or number; and only when those are fewer than SEARCH_CANDIDATES, for a word that may be
      // misspelt (4 letters or more, no digits), where a member's or the household's name has a word near it (by the
      // edit distance of the test below), and for a number a card number. The near words come from the list of every
      // word in a name (search_word, Migration20261128011000_search_words), a few thousand rows; the names that have
      // one are found by the index on their words.
      //
      // At most SEARCH_CANDIDATES households are ranked: a surname that thousands of households share (at a million
      // residents, 'Berg' is in tens of thousands of names) would otherwise have every one of them read and ranked
      // before the first page (bench:admin at BENCH_SCALE=10: p95 1.1 s). Past the cap the list says "meer dan" and
      // asks for a narrower search; the misspelt matches, which would rank after more than a thousand exact ones, are
      // not looked for. With more words, the households where one member's name holds every word (a first name and
      // a surname) are always candidates, so the person searched for is found however common the surname.
      const longest = words.reduce((a, b) => (b.length > a.length ? b : a));
      const typo = longest.length >= 4 && !/\d/.test(longest);
      const distance = longest.length >= 6 ? 2 : 1;
      const like = (word: string) => `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const contains = like(longest);
      const near = `array(select distinct word from search_word where length(word) between ? and ?
                      and levenshtein_less_equal(word, ?, ?) <= ? and strpos(word, ?) = 0)`;
      const nearParams = [longest.length - distance, longest.length + distance, longest, distance, distance, longest];
      const personName = `immutable_unaccent(lower(p.first_name || ' ' || p.last_name))`;
      // Each branch within the search's municipalities (the scope, the municipality filter), so the cap counts only
      // households the list may show.
      const branch = (alias: 'p' | 'cg', sql: string, branchParams: unknown[]): q.CandidateBranch => {
        const within = scopeSql(ctx.viewer, `${alias}.municipality_id`);
        const municipality = filter?.municipalityId ? ` and ${alias}.municipality_id = ?::uuid` : '';
        return {
          sql: `${sql} and ${within.sql}${municipality}`,
          params: [...branchParams, ...within.params, ...(filter?.municipalityId ? [filter.municipalityId] : [])],
        };
      };
      // A word of one or two characters has no trigram of its own inside a word, so no index finds it as part of a
      // word: such a search (only short words) finds the names with a word that starts with it (a trigram index
      // finds those by their words' first trigrams: 'wu' finds Wu and Wubbo, 'de' De Vries and Dekker, not
      // Snijder), which is also what a person typing two letters means.
      const exactBranches =
        longest.length >= 3
          ? [
              branch('p', `select p.client_group_id as id from person p where ${personName} like ?`, [contains]),
              branch('cg', `select cg.id from client_group cg where immutable_unaccent(lower(cg.name)) like ?`, [
                contains,
              ]),
              branch('cg', `select cg.id from client_group cg where lower(cg.client_number) like ?`, [contains]),
              branch('p', `select p.client_group_id as id from person p where lower(p.external_identifier) like ?`, [
                contains,
              ]),
            ]
          : [
              branch('p', `select p.client_group_id as id from person p where ? <% ${personName}`, [longest]),
              branch('cg', `select cg.id from client_group cg where ? <% immutable_unaccent(lower(cg.name))`, [
                longest,
              ]),
            ];
      const fuzzyBranches: q.CandidateBranch[] = [];
      if (cardPattern)
        fuzzyBranches.push(
          branch(
            'p',
            `select p.client_group_id as id from card c join person p on p.id = c.person_id where c.number like ?`,
            [cardPattern],
          ),
        );
      if (typo)
        fuzzyBranches.push(
          branch(
            'p',
            `select p.client_group_id as id from person p where search_words(p.first_name || ' ' || p.last_name) && ${near}`,
            nearParams,
          ),
          branch('cg', `select cg.id from client_group cg where search_words(cg.name) && ${near}`, nearParams),
        );
      // One member's name holding every word (the index finds the names with all of them at once).
      const wholeName =
        words.length > 1
          ? branch(
              'p',
              `select p.client_group_id as id from person p where ${words.map(() => `${personName} like ?`).join(' and ')}`,
              words.map(like),
            )
          : null;
      const candidates = new Map<string, number>();
      findCandidates = async (em) => {
        const add = (rows: { id: string }[], exact: number) => {
          for (const { id } of rows) if (!candidates.has(id)) candidates.set(id, exact);
        };
        add(await q.candidateHouseholds(em, exactBranches, SEARCH_CANDIDATES + 1), 1);
        candidatesCapped = candidates.size > SEARCH_CANDIDATES;
        if (!candidatesCapped) add(await q.candidateHouseholds(em, fuzzyBranches, SEARCH_CANDIDATES + 1), 0);
        else if (wholeName) add(await q.candidateHouseholds(em, [wholeName], SEARCH_CANDIDATES + 1), 1);
        if (words.length === 1)
          fromParams.push(uuidArray([...candidates.keys()]), `{${[...candidates.values()].join(',')}}`);
        else params.unshift(uuidArray([...candidates.keys()]));
      };
      if (words.length === 1) {
        // One word: the candidates are the matches. A household is found by the word itself when a name or number
        // holds it (what the test below calls exact), else by a near word in a name or by a card; nothing else to
        // test. The households are read by id, one by one (offset 0 keeps it a lookup per candidate).
        from = `unnest(?::uuid[], ?::integer[]) c(id, exact)
                cross join lateral (select * from client_group x where x.id = c.id offset 0) g
                cross join lateral (select c.exact as exact) h`;
      } else {
        // More words: the household's text, once per row — its name and number, and its members' names and numbers,
        // lower case and without accents — in a lateral subquery the test and the ranking share. Every word must occur in it, or — as in the offer search — a word of 4 letters or more
        // (without digits: numbers match as typed) may be misspelt: an edit distance of 1 (4-5 letters) or 2 (longer)
        // to one of the household's words ("Jansne" finds "Jansen"). Households with more words found exactly come
        // first, then by name. The candidates (of the longest word) are a parameter, the first condition.
        where.unshift('g.id = any(?::uuid[])');
        from = `client_group g cross join lateral (
            select t, (select count(*) from unnest(?::text[]) q where strpos(t, q) > 0)::integer as exact
            from (select immutable_unaccent(lower(g.name || ' ' || g.client_number || ' ' ||
                    coalesce(string_agg(p.first_name || ' ' || p.last_name || ' ' || p.external_identifier, ' '), ''))) as t
                  from person p where p.client_group_id = g.id) ht) h`;
        fromParams.push(textArray(words));
        const textMatch = `not exists (select 1 from unnest(?::text[]) q where strpos(h.t, q) = 0 and not (length(q) >= 4 and q !~ '[[:digit:]]'
            and exists (select 1 from regexp_split_to_table(h.t, '[^[:alnum:]]+') hw
                        where levenshtein_less_equal(hw, q, 2) <= case when length(q) >= 6 then 2 else 1 end)))`;
        if (cardPattern) {
          where.push(`(${textMatch} or exists (select 1 from card c join person p on p.id = c.person_id
                        where p.client_group_id = g.id and c.number like ?))`);
          params.push(textArray(words), cardPattern);
        } else {
          where.push(textMatch);
          params.push(textArray(words));
        }
      }
    }
    const condition = where.length ? where.join(' and ') : 'true';
    // The cursor is checked first: a bad one is an error even when nothing matches.
    const after = keyCondition(order, page.after);
    const query: q.HouseholdQuery = { from, fromParams, condition, params };
    const read = async (em: EntityManager) => {
      await findCandidates?.(em);
      if (order === BY_RELEVANCE) {
        // A search ranks every candidate anyway (the order is by relevance), so the same statement counts them: the
        // match count over the whole result is taken before the keyset condition, which applies outside it.
        const outer: KeyOrder = {
          ...order,
          keys: order.keys.map((k, i) => ({ expr: `s._r${i}`, cast: k.cast })),
        };
        const outerAfter = keyCondition(outer, page.after);
        const found = await q.rankedHouseholdPage(em, query, order, outer, outerAfter, first + 1);
        const total = found.length
          ? Number(found[0]!._total)
          : page.after
            ? (await cappedCount(em, `${from} where ${condition}`, [...fromParams, ...params])).totalCount
            : 0;
        for (const row of found) {
          delete row._total;
          order.keys.forEach((_, i) => delete row[`_r${i}`]);
        }
        return {
          counted:
            total > COUNT_CAP
              ? { totalCount: COUNT_CAP, totalCountCapped: true }
              : // Past the candidates' cap the count is of the households ranked, and there may be more.
                { totalCount: total, totalCountCapped: candidatesCapped },
          rows: found,
        };
      }
      // Counted up to COUNT_CAP (the screen then says "meer dan 1.000").
      const counted = await cappedCount(em, `${from} where ${condition}`, [...fromParams, ...params]);
      const rows = await q.householdPage(em, query, order, after, first + 1);
      return { counted, rows };
    };
    // A search reads a few hundred rows by index: starting parallel workers for it (which the planner may pick for the
    // union of its candidates) costs more than it saves, so it runs without, set for its transaction only.
    const { counted, rows } =
      order === BY_RELEVANCE
        ? await ctx.em.transactional(async (em) => {
            await q.withoutParallelWorkers(em);
            return read(em);
          })
        : await read(ctx.em);
    // Reads of the personal data on the page are audit-logged by the fields' @personalData marks, not here.
    return toConnection(rows, {
      first,
      ...counted,
      cursorOf: (row) => rowCursor(order, row),
      nodes: (pageRows) =>
        this.views(
          ctx,
          pageRows.map((row) => ctx.em.map(ClientGroup, stripKeys({ ...row }, order.keys.length, []) as never)),
        ),
    });
  }

  /** One household with its members and order count; null when unknown or out of scope. Reads are audit-logged (@personalData). */
  async detail(ctx: RequestContext, id: string): Promise<ClientGroupView | null> {
    const group = await this.findInScope(ctx, id);
    if (!group) return null;
    const [view] = await this.views(ctx, [group]);
    return view!;
  }

  /** Views with members (and their cards) and order counts, in a fixed number of queries. */
  private async views(ctx: RequestContext, groups: ClientGroup[]): Promise<ClientGroupView[]> {
    if (!groups.length) return [];
    const ids = groups.map((g) => g.id);
    // One round of queries: the members, their cards, the municipalities and the order counts side by side.
    const [members, cards, municipalities, counts] = await Promise.all([
      ctx.em.find(
        Person,
        { clientGroup: { $in: ids } },
        {
          populate: ['bsnEncrypted'],
          orderBy: [{ dateOfBirth: 'asc' }, { lastName: 'asc' }, { firstName: 'asc' }, { id: 'asc' }],
        },
      ),
      ctx.em.find(Card, { person: { clientGroup: { $in: ids } } }),
      ctx.em.find(Municipality, { id: { $in: [...new Set(groups.map((g) => g.municipality.id))] } }),
      q.orderCounts(ctx.em, ids),
    ]);
    const memberViews = await personViews(ctx.em, members, {
      bsnKeys: this.bsnKeys,
      fullCardNumbers: true,
      known: { groups, municipalities, cards },
    });
    const municipalityById = new Map(municipalities.map((m) => [m.id, m]));
    const countById = new Map(counts.map((c) => [c.client_group_id, Number(c.n)]));
    return groups.map((g) =>
      Object.assign(new ClientGroupView(), {
        id: g.id,
        clientNumber: g.clientNumber,
        name: g.name,
        municipality: municipalityById.get(g.municipality.id)!,
        members: memberViews.filter((m) => m.clientGroupId === g.id),
        orderCount: countById.get(g.id) ?? 0,
        createdAt: g.createdAt,
      }),
    );
  }

  /**
   * Adds a member to a household: validated (names, date of birth, optional contact details, optional BSN with the
   * elfproef), the BSN stored encrypted plus a keyed hash (a BSN can belong to one person only), and a new card.
   */
  async addMember(ctx: RequestContext, input: AddClientGroupMemberInput): Promise<Result<PersonView>> {
    const group = await this.findInScope(ctx, input.clientGroupId);
    if (!group) return problem('clientGroupId', 'NOT_FOUND', 'Deze klantgroep is niet gevonden.');
    const errors: UserError[] = [];
    const firstName = cleanName(input.firstName);
    const lastName = cleanName(input.lastName);
    const firstProblem = nameProblem(firstName, 'voornaam');
    if (firstProblem) errors.push(UserError.of('firstName', firstName ? 'LENGTH' : 'REQUIRED', firstProblem));
    const lastProblem = nameProblem(lastName, 'achternaam');
    if (lastProblem) errors.push(UserError.of('lastName', lastName ? 'LENGTH' : 'REQUIRED', lastProblem));
    const dateOfBirth = (input.dateOfBirth ?? '').trim();
    const dobProblem = dateOfBirthProblem(dateOfBirth, today(ctx.clock));
    if (dobProblem) errors.push(UserError.of('dateOfBirth', dateOfBirth ? 'INVALID' : 'REQUIRED', dobProblem));
    const { email, phone } = contactDetails(input, errors);
    const bsn = normaliseBsn(input.bsn);
    let bsnHash: string | null = null;
    if (bsn) {
      const problem = bsnProblem(bsn);
      if (problem) errors.push(UserError.of('bsn', 'INVALID', problem));
      else {
        bsnHash = hashBsn(bsn, this.bsnKeys);
        if (await ctx.em.count(Person, { bsnHash })) {
          errors.push(
            UserError.of(
              'bsn',
              'DUPLICATE',
              'Er is al een persoon met dit burgerservicenummer. Zoek die persoon op in plaats van een nieuwe toe te voegen.',
            ),
          );
        }
      }
    }
    let externalIdentifier = (input.externalIdentifier ?? '').trim();
    if (externalIdentifier) {
      if (!EXTERNAL_IDENTIFIER.test(externalIdentifier)) {
        errors.push(
          UserError.of(
            'externalIdentifier',
            'INVALID',
            'Een klantnummer bestaat uit hoogstens 40 letters, cijfers en de tekens - . / _',
          ),
        );
      } else if (await ctx.em.count(Person, { externalIdentifier })) {
        errors.push(UserError.of('externalIdentifier', 'DUPLICATE', 'Dit klantnummer is al in gebruik.'));
      }
    }
    const invalid = failIfAny<PersonView>(errors);
    if (invalid) return invalid;

    try {
      const person = await ctx.em.transactional(async (em) => {
        if (!externalIdentifier) {
          const next = await q.nextGeneratedNumber(em);
          externalIdentifier = `P-${next}`;
        }
        const p = em.create(Person, {
          clientGroup: group.id,
          municipality: group.municipality.id,
          externalIdentifier,
          firstName,
          lastName,
          dateOfBirth,
          email,
          phone,
          bsnEncrypted: bsn ? encryptBsn(bsn, this.bsnKeys) : null,
          bsnHash,
        });
        await em.flush();
        await this.cards.insertNew(em, p.id, ctx.clock.now());
        await this.audit.record(withEm(ctx, em), {
          action: 'person.created',
          subjectType: 'person',
          subjectId: p.id,
          details: { clientGroupId: group.id, withBsn: !!bsn },
        });
        return p;
      });
      const found = await ctx.em.findOneOrFail(Person, person.id, { populate: ['bsnEncrypted'] });
      const [view] = await personViews(ctx.em, [found], { bsnKeys: this.bsnKeys, fullCardNumbers: true });
      return ok(view!);
    } catch (error) {
      const e = error as { code?: string; constraint?: string; message?: string };
      if (e.code === '23505' && /bsn_hash/.test(`${e.constraint ?? ''} ${e.message ?? ''}`)) {
        return problem('bsn', 'DUPLICATE', 'Er is al een persoon met dit burgerservicenummer.');
      }
      if (e.code === '23505' && /external_identifier/.test(`${e.constraint ?? ''} ${e.message ?? ''}`)) {
        return problem('externalIdentifier', 'DUPLICATE', 'Dit klantnummer is al in gebruik. Probeer het opnieuw.');
      }
      throw error;
    }
  }
}
