import { randomUUID } from 'node:crypto';
import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { UserError } from '../../graphql/errors.js';
import { Audience } from '../../graphql/auth/permissions.js';
import { municipalityScope } from '../../graphql/auth/viewer.js';
import { isUuid } from '../../graphql/ids.js';
import { applicationNow, today } from '../../lib/clock.js';
import { transactional, type RequestContext } from '../../lib/request-context.js';
import { failIfAny, ok, problem, type Result } from '../../lib/result.js';
import { checkAll } from '../../rules/rule.js';
import {
  ageExceptionReason,
  ageOn,
  ageRangeText,
  assignmentRules,
  periodProblem,
  revokeReason,
} from '../../rules/arrangement.js';
import type { AuditService } from '../audit/audit.service.js';
import { ClientGroup } from '../customers/client-group.entity.js';
import { Person } from '../customers/person.entity.js';
import { Arrangement } from './arrangement.entity.js';
import { Assignment } from './assignment.entity.js';
import {
  AssignmentMovement,
  AssignmentStatus,
  AssignmentView,
  LedgerMovementKind,
  type GrantAssignmentInput,
} from './assignment.types.js';
import type { Actor, LedgerService } from '../ledger/ledger.service.js';

export function actorOf(ctx: RequestContext): Actor {
  const v = ctx.viewer;
  switch (v.kind) {
    case Audience.STAFF:
      return { kind: 'STAFF', id: v.adminAccountId };
    case Audience.CUSTOMER:
      return { kind: 'CUSTOMER', id: v.personId };
    case Audience.PROVIDER:
      return { kind: 'PROVIDER', id: v.providerUserId };
    case Audience.API_CLIENT:
      return { kind: 'API_CLIENT', id: v.apiClientId };
    default:
      return { kind: 'SYSTEM', id: null };
  }
}

interface Duplicate {
  valid_from: string;
  valid_until: string;
  name: string | null;
}

type GrantOutcome = { assignment: Assignment } | { duplicate: Duplicate };

type OverlapProbe = Pick<ValidGrant, 'group' | 'arrangement' | 'beneficiary' | 'validFrom' | 'validUntil'>;

/** A PostgreSQL array literal of uuids, dates, numbers or null (no quoting needed for those). */
const pgArray = (values: readonly (string | null)[]) => `{${values.map((v) => v ?? 'NULL').join(',')}}`;

/** A grant that passed every rule but the overlap: what it would write. */
interface ValidGrant {
  group: ClientGroup;
  arrangement: Arrangement;
  beneficiary: Person | null;
  amount: number;
  validFrom: string;
  validUntil: string;
  ageReason: string | null;
}

export function statusOf(a: Pick<Assignment, 'status' | 'validFrom' | 'validUntil'>, today: string): AssignmentStatus {
  if (a.status === 'REVOKED') return AssignmentStatus.REVOKED;
  if (a.validUntil < today) return AssignmentStatus.EXPIRED;
  if (a.validFrom > today) return AssignmentStatus.UPCOMING;
  return AssignmentStatus.ACTIVE;
}

/** Assignments (toewijzingen): granting and revoking budget, always together with its ledger booking. */
export class AssignmentService {
  constructor(
    private readonly ledger: LedgerService,
    private readonly audit: AuditService,
  ) {}

  /** May the viewer see and manage this client group's assignments? Staff: within their municipality scope. */
  private async clientGroupInScope(ctx: RequestContext, clientGroupId: string): Promise<ClientGroup | null> {
    if (!isUuid(clientGroupId)) return null;
    const group = await ctx.em.findOne(ClientGroup, clientGroupId);
    return group && this.inScope(ctx, group) ? group : null;
  }

  private inScope(ctx: RequestContext, group: ClientGroup): boolean {
    if (ctx.viewer.kind === Audience.CUSTOMER) return ctx.viewer.clientGroupId === group.id;
    const scope = municipalityScope(ctx.viewer);
    return scope === null || scope.includes(group.municipality.id);
  }

  /**
   * Every granting rule that can be checked before writing (scope, arrangement, beneficiary, amount, period, age), with
   * the values the grant would get. The overlap rule needs the grant's lock and is checked by `grant` itself (and,
   * without a lock, by `checkGrant`).
   */
  private async validateGrant(ctx: RequestContext, input: GrantAssignmentInput): Promise<Result<ValidGrant>> {
    const group = await this.clientGroupInScope(ctx, input.clientGroupId);
    if (!group) return problem('clientGroupId', 'NOT_FOUND', 'Deze klantgroep is niet gevonden.');
    const arrangement = isUuid(input.arrangementId) ? await ctx.em.findOne(Arrangement, input.arrangementId) : null;
    const beneficiary =
      input.beneficiaryId && isUuid(input.beneficiaryId)
        ? await ctx.em.findOne(Person, { id: input.beneficiaryId, clientGroup: group.id })
        : null;
    return this.grantRules(ctx, input, group, arrangement, beneficiary);
  }

  /**
   * The granting rules themselves, on what `validateGrant` (one grant) or `grantMany` (many, loaded in a few queries)
   * has loaded: the group in the viewer's scope, the arrangement and the beneficiary (null when not found).
   */
  private grantRules(
    ctx: RequestContext,
    input: GrantAssignmentInput,
    group: ClientGroup,
    arrangement: Arrangement | null,
    found: Person | null,
  ): Result<ValidGrant> {
    const errors: UserError[] = [];
    if (!arrangement || arrangement.municipality.id !== group.municipality.id) {
      errors.push(UserError.of('arrangementId', 'NOT_FOUND', 'Kies een regeling van de gemeente van deze klantgroep.'));
    }
    let beneficiary: Person | null = null;
    if (input.beneficiaryId) {
      beneficiary = found && found.clientGroup.id === group.id ? found : null;
      if (!beneficiary)
        errors.push(UserError.of('beneficiaryId', 'NOT_FOUND', 'Deze persoon hoort niet bij deze klantgroep.'));
    }
    // Amount and validity default to the arrangement's.
    const { values, problems } = checkAll(assignmentRules, {
      amountCents: input.amountCents ?? arrangement?.defaultAmountCents ?? null,
      validFrom: input.validFrom ?? arrangement?.validFrom ?? '',
      validUntil: input.validUntil ?? arrangement?.validUntil ?? '',
    });
    errors.push(...problems.map((p) => UserError.of(p.field, p.code, p.message)));
    const { amountCents: amount, validFrom, validUntil } = values;
    if (!problems.some((p) => p.field !== 'amountCents')) {
      const period = periodProblem(validFrom, validUntil);
      if (period) errors.push(UserError.of(period.field, period.code, period.message));
      else if (arrangement && (validFrom < arrangement.validFrom || validUntil > arrangement.validUntil)) {
        errors.push(
          UserError.of(
            'validUntil',
            'OUTSIDE_ARRANGEMENT',
            'De geldigheid moet binnen de looptijd van de regeling vallen.',
          ),
        );
      }
    }
    // For whom: the age on the day the budget becomes usable — the grant date by the application clock, or the
    // grant's first valid day when it starts later. Outside the range (or no one in particular, or no known birth
    // date) needs the staff member's reason.
    let ageReason: string | null = null;
    const range = arrangement ? ageRangeText(arrangement.minAge, arrangement.maxAge) : null;
    if (arrangement && range && !errors.length) {
      const day = validFrom > today(ctx.clock) ? validFrom : today(ctx.clock);
      const age = beneficiary?.dateOfBirth ? ageOn(beneficiary.dateOfBirth, day) : null;
      const fits =
        age !== null &&
        (arrangement.minAge == null || age >= arrangement.minAge) &&
        (arrangement.maxAge == null || age <= arrangement.maxAge);
      if (!fits) {
        const why = ageExceptionReason.check(input.ageExceptionReason ?? '');
        if (why.ok) ageReason = why.value;
        else {
          const who = !beneficiary
            ? 'U kent haar toe aan het hele huishouden.'
            : age === null
              ? `De geboortedatum van ${beneficiary.fullName} is niet bekend.`
              : `${beneficiary.fullName} is dan ${age} jaar.`;
          errors.push(
            UserError.of(
              'ageExceptionReason',
              why.problem.code,
              `${arrangement.name} is voor personen ${range}. ${who} ${why.problem.message}`,
            ),
          );
        }
      }
    }
    const invalid = failIfAny<ValidGrant>(errors);
    if (invalid || !arrangement) return invalid!;
    return ok({ group, arrangement, beneficiary, amount, validFrom, validUntil, ageReason });
  }

  /** An overlapping grant of the same arrangement to the same beneficiary (or household), when repeats are not allowed. */
  private async overlapping(em: EntityManager, v: OverlapProbe): Promise<Duplicate | null> {
    return (await this.overlappingMany(em, [v]))[0] ?? null;
  }

  /**
   * For each grant, an overlapping grant of the same arrangement to the same beneficiary (or household) when repeats
   * are not allowed: in the database (one query for all of them) or earlier in the list itself.
   */
  private async overlappingMany(em: EntityManager, grants: readonly OverlapProbe[]): Promise<(Duplicate | null)[]> {
    const twins: (Duplicate | null)[] = grants.map(() => null);
    const probe = grants.map((v, i) => ({ v, i })).filter(({ v }) => !v.arrangement.repeatGrantsAllowed);
    if (!probe.length) return twins;
    // The same beneficiary, or (a grant for the whole household) the household's own grant.
    const rows = await em.execute<(Duplicate & { i: number })[]>(
      `select g.i, t.valid_from, t.valid_until, t.name
         from unnest(?::int[], ?::uuid[], ?::uuid[], ?::uuid[], ?::date[], ?::date[])
              as g(i, arrangement_id, client_group_id, beneficiary_id, valid_from, valid_until)
         cross join lateral (
           select a.valid_from::text, a.valid_until::text, trim(p.first_name || ' ' || p.last_name) as name
             from assignment a left join person p on p.id = a.beneficiary_id
            where a.arrangement_id = g.arrangement_id and a.client_group_id = g.client_group_id
              and a.status <> 'REVOKED' and a.valid_from <= g.valid_until and a.valid_until >= g.valid_from
              and a.beneficiary_id is not distinct from g.beneficiary_id
            limit 1) t`,
      [
        pgArray(probe.map(({ i }) => String(i))),
        pgArray(probe.map(({ v }) => v.arrangement.id)),
        pgArray(probe.map(({ v }) => v.group.id)),
        pgArray(probe.map(({ v }) => v.beneficiary?.id ?? null)),
        pgArray(probe.map(({ v }) => v.validFrom)),
        pgArray(probe.map(({ v }) => v.validUntil)),
      ],
    );
    for (const r of rows) twins[r.i] = { valid_from: r.valid_from, valid_until: r.valid_until, name: r.name };
    // Within the list: a grant overlapping an earlier one of the list that is not itself refused.
    const earlier = new Map<string, OverlapProbe[]>();
    for (const { v, i } of probe) {
      const key = `${v.arrangement.id}:${v.group.id}:${v.beneficiary?.id ?? ''}`;
      const same = earlier.get(key) ?? [];
      if (!twins[i]) {
        const twin = same.find((e) => e.validFrom <= v.validUntil && e.validUntil >= v.validFrom);
        if (twin)
          twins[i] = {
            valid_from: twin.validFrom,
            valid_until: twin.validUntil,
            name: twin.beneficiary?.fullName ?? null,
          };
        else earlier.set(key, [...same, v]);
      }
    }
    return twins;
  }

  private duplicateProblem<T>(arrangement: Arrangement, d: Duplicate): Result<T> {
    const day = (iso: string) => iso.split('-').reverse().join('-');
    return problem(
      'arrangementId',
      'ALREADY_GRANTED',
      `${arrangement.name} is al toegekend aan ${d.name ?? 'dit huishouden'} voor een periode die hiermee overlapt ` +
        `(${day(d.valid_from)} tot en met ${day(d.valid_until)}). Deze regeling mag niet twee keer voor dezelfde periode worden toegekend.`,
    );
  }

  /**
   * What `grant` would do with this input, without writing anything: every granting rule, the overlap included (read
   * without the grant's lock, so a grant at the same moment may still be refused later). For previews (bulk grants).
   */
  async checkGrant(
    ctx: RequestContext,
    input: GrantAssignmentInput,
  ): Promise<Result<{ amountCents: number; validFrom: string; validUntil: string }>> {
    const checked = await this.validateGrant(ctx, input);
    if (!checked.ok) return checked;
    const v = checked.value;
    const twin = await this.overlapping(ctx.em, v);
    if (twin) return this.duplicateProblem(v.arrangement, twin);
    return ok({ amountCents: v.amount, validFrom: v.validFrom, validUntil: v.validUntil });
  }

  async grant(ctx: RequestContext, input: GrantAssignmentInput): Promise<Result<AssignmentView>> {
    const checked = await this.validateGrant(ctx, input);
    if (!checked.ok) return checked;
    const v = checked.value;
    const { group, arrangement, beneficiary, amount, validFrom, validUntil, ageReason } = v;

    const actor = actorOf(ctx);
    const granted = await transactional(ctx, async (tx): Promise<GrantOutcome> => {
      const em = tx.em;
      // One grant at a time per arrangement and household: the check below and the insert cannot interleave with
      // another grant's (a transaction-scoped advisory lock, released at commit or rollback).
      await em.execute(`select pg_advisory_xact_lock(hashtextextended(?, 0))`, [
        `assignment.grant:${arrangement.id}:${group.id}`,
      ]);
      const twin = await this.overlapping(em, v);
      if (twin) return { duplicate: twin };
      const a = em.create(Assignment, {
        clientGroup: group.id,
        arrangement: arrangement.id,
        beneficiary: beneficiary?.id ?? null,
        amountCents: amount,
        validFrom,
        validUntil,
        ageExceptionReason: ageReason,
        createdBy: actor.id ?? null,
      });
      await em.flush();
      const municipalityId = group.municipality.id;
      const [funding, budget] = [
        await this.ledger.fundingAccount(em, municipalityId, arrangement.id),
        await this.ledger.assignmentAccount(em, municipalityId, a.id),
      ];
      await this.ledger.post(em, {
        kind: 'GRANT',
        municipalityId,
        description: `Toegekend: ${arrangement.name}`,
        actor,
        assignmentId: a.id,
        entries: [
          { accountId: funding, amountCents: -amount },
          { accountId: budget, amountCents: amount },
        ],
      });
      await this.audit.record(tx, {
        action: 'assignment.granted',
        subjectType: 'assignment',
        subjectId: a.id,
        details: {
          clientGroupId: group.id,
          arrangementId: arrangement.id,
          amountCents: amount,
          ...(ageReason ? { ageExceptionReason: ageReason } : {}),
        },
      });
      return { assignment: a };
    });
    if ('duplicate' in granted) return this.duplicateProblem(arrangement, granted.duplicate);
    const [view] = await this.views(ctx, [granted.assignment]);
    return ok(view!);
  }

  /**
   * Many grants at once, with exactly the rules of `grant` (`grantRules` and the overlap, also between the grants of
   * the list), in a few set-based queries instead of one round of queries per grant: for bulk work such as the CSV
   * import. Must run inside the caller's transaction: every valid grant is written with its ledger transaction (one
   * per grant, as `grant` books it) and audit row; a refused one writes nothing and gets its errors. The results are
   * in the order of `inputs`.
   */
  async grantMany(ctx: RequestContext, inputs: readonly GrantAssignmentInput[]): Promise<Result<{ id: string }>[]> {
    if (!inputs.length) return [];
    const em = ctx.em;
    const uuids = (values: (string | null | undefined)[]) => [
      ...new Set(values.filter((v): v is string => !!v && isUuid(v))),
    ];
    const groups = new Map(
      (await em.find(ClientGroup, { id: { $in: uuids(inputs.map((i) => i.clientGroupId)) } })).map((g) => [g.id, g]),
    );
    const arrangements = new Map(
      (await em.find(Arrangement, { id: { $in: uuids(inputs.map((i) => i.arrangementId)) } })).map((a) => [a.id, a]),
    );
    const beneficiaryIds = uuids(inputs.map((i) => i.beneficiaryId));
    const people = new Map(
      (beneficiaryIds.length ? await em.find(Person, { id: { $in: beneficiaryIds } }) : []).map((p) => [p.id, p]),
    );
    const checked = inputs.map((input): Result<ValidGrant> => {
      const group = isUuid(input.clientGroupId) ? groups.get(input.clientGroupId) : undefined;
      if (!group || !this.inScope(ctx, group))
        return problem('clientGroupId', 'NOT_FOUND', 'Deze klantgroep is niet gevonden.');
      const beneficiary = input.beneficiaryId ? people.get(input.beneficiaryId) : undefined;
      return this.grantRules(ctx, input, group, arrangements.get(input.arrangementId) ?? null, beneficiary ?? null);
    });
    const results: Result<{ id: string }>[] = checked.map((c) => (c.ok ? ok({ id: '' }) : c));
    const valid = checked.flatMap((c, i) => (c.ok ? [{ i, v: c.value }] : []));
    if (!valid.length) return results;

    // The locks `grant` takes, for every arrangement and household of the list, always in the same order.
    const keys = [...new Set(valid.map(({ v }) => `assignment.grant:${v.arrangement.id}:${v.group.id}`))].sort();
    await em.execute(`select pg_advisory_xact_lock(hashtextextended(k, 0)) from unnest(?::text[]) as k order by k`, [
      pgArray(keys),
    ]);
    const twins = await this.overlappingMany(
      em,
      valid.map(({ v }) => v),
    );
    const written: { i: number; id: string; v: ValidGrant }[] = [];
    valid.forEach(({ i, v }, k) => {
      const twin = twins[k];
      if (twin) results[i] = this.duplicateProblem(v.arrangement, twin);
      else written.push({ i, id: randomUUID(), v });
    });
    if (!written.length) return results;

    const actor = actorOf(ctx);
    const now = applicationNow();
    await em.execute(
      `insert into assignment (id, client_group_id, arrangement_id, beneficiary_id, amount_cents, valid_from, valid_until,
                               age_exception_reason, created_by, created_at, updated_at)
       select w.id, w.client_group_id, w.arrangement_id, w.beneficiary_id, w.amount_cents, w.valid_from, w.valid_until,
              w.age_exception_reason, ?::uuid, ?, ?
         from jsonb_to_recordset(?::jsonb) as w(id uuid, client_group_id uuid, arrangement_id uuid, beneficiary_id uuid,
              amount_cents int, valid_from date, valid_until date, age_exception_reason text)`,
      [
        actor.id ?? null,
        now,
        now,
        JSON.stringify(
          written.map(({ id, v }) => ({
            id,
            client_group_id: v.group.id,
            arrangement_id: v.arrangement.id,
            beneficiary_id: v.beneficiary?.id ?? null,
            amount_cents: v.amount,
            valid_from: v.validFrom,
            valid_until: v.validUntil,
            age_exception_reason: v.ageReason,
          })),
        ),
      ],
    );
    const funding = new Map<string, string>();
    for (const { v } of written) {
      if (!funding.has(v.arrangement.id))
        funding.set(v.arrangement.id, await this.ledger.fundingAccount(em, v.group.municipality.id, v.arrangement.id));
    }
    const budgets = await this.ledger.assignmentAccounts(
      em,
      written.map(({ id, v }) => ({ municipalityId: v.group.municipality.id, assignmentId: id })),
    );
    await this.ledger.postMany(
      em,
      written.map(({ id, v }) => ({
        kind: 'GRANT',
        municipalityId: v.group.municipality.id,
        description: `Toegekend: ${v.arrangement.name}`,
        actor,
        assignmentId: id,
        entries: [
          { accountId: funding.get(v.arrangement.id)!, amountCents: -v.amount },
          { accountId: budgets.get(id)!, amountCents: v.amount },
        ],
      })),
    );
    await this.audit.recordMany(
      ctx,
      written.map(({ id, v }) => ({
        action: 'assignment.granted',
        subjectType: 'assignment',
        subjectId: id,
        details: {
          clientGroupId: v.group.id,
          arrangementId: v.arrangement.id,
          amountCents: v.amount,
          ...(v.ageReason ? { ageExceptionReason: v.ageReason } : {}),
        },
      })),
    );
    for (const { i, id } of written) results[i] = ok({ id });
    return results;
  }

  async revoke(ctx: RequestContext, id: string, reason: string): Promise<Result<AssignmentView>> {
    const found = isUuid(id) ? await ctx.em.findOne(Assignment, id) : null;
    const group = found ? await this.clientGroupInScope(ctx, found.clientGroup.id) : null;
    if (!found || !group || ctx.viewer.kind === Audience.CUSTOMER)
      return problem('id', 'NOT_FOUND', 'Deze toewijzing is niet gevonden.');
    const why = revokeReason.check(reason);
    if (!why.ok) return problem('reason', why.problem.code, why.problem.message);
    const actor = actorOf(ctx);
    const result = await transactional(ctx, async (tx) => {
      const em = tx.em;
      // Lock the budget first: no spend can slip in between reading the balance and booking it back.
      const balances = await this.ledger.assignmentBalances(em, [found.id], true);
      const a = await em.findOneOrFail(Assignment, found.id, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (a.status === 'REVOKED') return null;
      a.status = 'REVOKED';
      a.revokedAt = ctx.clock.now();
      a.revokedReason = why.value;
      await em.flush();
      const remaining = balances.get(a.id) ?? 0;
      if (remaining > 0) {
        const municipalityId = group.municipality.id;
        const arrangement = await em.findOneOrFail(Arrangement, a.arrangement.id);
        await this.ledger.post(em, {
          kind: 'REVOKE',
          municipalityId,
          description: `Ingetrokken: ${arrangement.name}`,
          actor,
          assignmentId: a.id,
          entries: [
            { accountId: await this.ledger.assignmentAccount(em, municipalityId, a.id), amountCents: -remaining },
            { accountId: await this.ledger.fundingAccount(em, municipalityId, arrangement.id), amountCents: remaining },
          ],
        });
      }
      await this.audit.record(tx, {
        action: 'assignment.revoked',
        subjectType: 'assignment',
        subjectId: a.id,
        details: { clientGroupId: group.id, returnedCents: remaining },
      });
      return a;
    });
    if (!result) return problem('id', 'ALREADY_REVOKED', 'Deze toewijzing is al ingetrokken.');
    const [view] = await this.views(ctx, [result]);
    return ok(view!);
  }

  /** A client group's assignments, newest validity first; null when the group is not visible to the viewer. */
  async forClientGroup(ctx: RequestContext, clientGroupId: string): Promise<AssignmentView[] | null> {
    const group = await this.clientGroupInScope(ctx, clientGroupId);
    if (!group) return null;
    const rows = await ctx.em.find(
      Assignment,
      { clientGroup: group.id },
      { orderBy: [{ validUntil: 'desc' }, { createdAt: 'desc' }] },
    );
    return this.views(ctx, rows);
  }

  /** The logged-in customer's household assignments. */
  async mine(ctx: RequestContext): Promise<AssignmentView[]> {
    if (ctx.viewer.kind !== Audience.CUSTOMER) return [];
    return (await this.forClientGroup(ctx, ctx.viewer.clientGroupId)) ?? [];
  }

  /** Bookings on one assignment, newest first; empty when the viewer may not see it. */
  async movements(ctx: RequestContext, assignmentId: string): Promise<AssignmentMovement[]> {
    const a = isUuid(assignmentId) ? await ctx.em.findOne(Assignment, assignmentId) : null;
    if (!a || !(await this.clientGroupInScope(ctx, a.clientGroup.id))) return [];
    const rows = await ctx.em.execute<
      {
        id: string;
        created_at: Date;
        kind: string;
        description: string;
        amount_cents: string;
        order_id: string | null;
      }[]
    >(
      `select t.id, t.created_at, t.kind, t.description, e.amount_cents, t.order_id
         from ledger_entry e
         join ledger_account acc on acc.id = e.account_id and acc.kind = 'ASSIGNMENT' and acc.assignment_id = ?
         join ledger_transaction t on t.id = e.transaction_id
        order by t.created_at desc, e.id desc`,
      [a.id],
    );
    return rows.map((r) =>
      Object.assign(new AssignmentMovement(), {
        id: r.id,
        at: new Date(r.created_at),
        kind: r.kind as LedgerMovementKind,
        description: r.description,
        amountCents: Number(r.amount_cents),
        orderId: r.order_id,
      }),
    );
  }

  /** Views with balances, names and derived status, in three queries whatever the number of rows. */
  async views(ctx: RequestContext, rows: Assignment[]): Promise<AssignmentView[]> {
    if (!rows.length) return [];
    const em = ctx.em;
    const balances = await this.ledger.assignmentBalances(
      em,
      rows.map((r) => r.id),
    );
    const arrangements = new Map(
      (await em.find(Arrangement, { id: { $in: [...new Set(rows.map((r) => r.arrangement.id))] } })).map((a) => [
        a.id,
        a,
      ]),
    );
    const beneficiaryIds = [...new Set(rows.map((r) => r.beneficiary?.id).filter((x): x is string => !!x))];
    const people = new Map(
      (beneficiaryIds.length ? await em.find(Person, { id: { $in: beneficiaryIds } }) : []).map((p) => [p.id, p]),
    );
    const day = today(ctx.clock);
    return rows.map((r) =>
      Object.assign(new AssignmentView(), {
        id: r.id,
        clientGroupId: r.clientGroup.id,
        arrangementId: r.arrangement.id,
        arrangementName: arrangements.get(r.arrangement.id)?.name ?? '',
        beneficiaryId: r.beneficiary?.id ?? null,
        beneficiaryName: r.beneficiary ? (people.get(r.beneficiary.id)?.fullName ?? null) : null,
        amountCents: r.amountCents,
        balanceCents: balances.get(r.id) ?? 0,
        validFrom: r.validFrom,
        validUntil: r.validUntil,
        status: statusOf(r, day),
        revokedReason: r.revokedReason ?? null,
        ageExceptionReason: r.ageExceptionReason ?? null,
        createdAt: r.createdAt,
      }),
    );
  }
}
