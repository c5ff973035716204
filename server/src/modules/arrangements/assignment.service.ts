import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { UserError } from '../../graphql/errors.js';
import { Audience } from '../../graphql/auth/permissions.js';
import { municipalityScope } from '../../graphql/auth/viewer.js';
import { isUuid } from '../../graphql/ids.js';
import { today } from '../../lib/clock.js';
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
    if (!group) return null;
    if (ctx.viewer.kind === Audience.CUSTOMER) return ctx.viewer.clientGroupId === group.id ? group : null;
    const scope = municipalityScope(ctx.viewer);
    return scope === null || scope.includes(group.municipality.id) ? group : null;
  }

  /**
   * Every granting rule that can be checked before writing (scope, arrangement, beneficiary, amount, period, age), with
   * the values the grant would get. The overlap rule needs the grant's lock and is checked by `grant` itself (and,
   * without a lock, by `checkGrant`).
   */
  private async validateGrant(ctx: RequestContext, input: GrantAssignmentInput): Promise<Result<ValidGrant>> {
    const group = await this.clientGroupInScope(ctx, input.clientGroupId);
    if (!group) return problem('clientGroupId', 'NOT_FOUND', 'Deze klantgroep is niet gevonden.');
    const errors: UserError[] = [];
    const arrangement = isUuid(input.arrangementId) ? await ctx.em.findOne(Arrangement, input.arrangementId) : null;
    if (!arrangement || arrangement.municipality.id !== group.municipality.id) {
      errors.push(UserError.of('arrangementId', 'NOT_FOUND', 'Kies een regeling van de gemeente van deze klantgroep.'));
    }
    let beneficiary: Person | null = null;
    if (input.beneficiaryId) {
      beneficiary = isUuid(input.beneficiaryId)
        ? await ctx.em.findOne(Person, { id: input.beneficiaryId, clientGroup: group.id })
        : null;
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
  private async overlapping(
    em: EntityManager,
    v: Pick<ValidGrant, 'group' | 'arrangement' | 'beneficiary' | 'validFrom' | 'validUntil'>,
  ): Promise<Duplicate | null> {
    if (v.arrangement.repeatGrantsAllowed) return null;
    // The same beneficiary, or (a grant for the whole household) the household's own grant.
    const [twin] = await em.execute<Duplicate[]>(
      `select a.valid_from::text, a.valid_until::text, trim(p.first_name || ' ' || p.last_name) as name
         from assignment a left join person p on p.id = a.beneficiary_id
        where a.arrangement_id = ? and a.client_group_id = ? and a.status <> 'REVOKED'
          and a.valid_from <= ?::date and a.valid_until >= ?::date
          and a.beneficiary_id is not distinct from ?::uuid
        limit 1`,
      [v.arrangement.id, v.group.id, v.validUntil, v.validFrom, v.beneficiary?.id ?? null],
    );
    return twin ?? null;
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
