import { randomUUID } from 'node:crypto';
import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import { UserError } from '../../kernel/errors.js';
import { Audience } from '../../kernel/permissions.js';
import { isUuid } from '../../graphql/ids.js';
import { inScope } from '../../kernel/scope.js';
import { applicationNow, today } from '../../kernel/clock.js';
import { transactional, type RequestContext } from '../../kernel/request-context.js';
import { failIfAny, ok, problem, type Result } from '../../kernel/result.js';
import { checkAll } from '../../rules/rule.js';
import {
  ageExceptionReason,
  ageOn,
  ageRangeText,
  assignmentRules,
  periodProblem,
  revokeReason,
} from '../../rules/arrangement.js';
import type { AuditService } from '../audit/index.js';
import { ClientGroup } from '../customers/index.js';
import { Person } from '../customers/index.js';
import { Arrangement } from './arrangement.entity.js';
import { Assignment } from './assignment.entity.js';
import * as q from './assignment.queries.js';
import type { Duplicate } from './assignment.queries.js';
import {
  AssignmentMovement,
  AssignmentStatus,
  AssignmentView,
  LedgerMovementKind,
  type GrantAssignmentInput,
} from './assignment.types.js';
import type { Actor, LedgerService } from '../ledger/index.js';

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

type GrantOutcome = { assignment: Assignment } | { duplicate: Duplicate };

/** A household as the granting rules read it (an entity, or a household a dry run will create). */
export interface GrantGroup {
  id: string;
  municipality: { id: string };
}

/** An arrangement as the granting rules read it. */
export type GrantArrangement = Pick<
  Arrangement,
  'id' | 'name' | 'validFrom' | 'validUntil' | 'defaultAmountCents' | 'minAge' | 'maxAge' | 'repeatGrantsAllowed'
> & { municipality: { id: string } };

/** A household member as the granting rules read them (an entity, or a person a dry run will create). */
export interface GrantMember {
  id: string;
  fullName: string;
  dateOfBirth?: string | null;
  clientGroup: { id: string };
}

type OverlapProbe = Pick<
  ValidGrant,
  'group' | 'arrangement' | 'beneficiary' | 'validFrom' | 'validUntil' | 'anyMember'
> & {
  label?: string | null;
};

/** A grant that passed every rule but the overlap: what it would write. */
interface ValidGrant {
  group: GrantGroup;
  arrangement: GrantArrangement;
  beneficiary: GrantMember | null;
  amount: number;
  validFrom: string;
  validUntil: string;
  ageReason: string | null;
  /**
   * A household arrangement granted on account of a member (bulk work): the household has it already when any of its
   * grants of it overlaps, also one to a single member (made on the screen, or by an import before the household
   * rule) — so such a household is not granted it a second time.
   */
  anyMember?: boolean;
}

/** What `writeGrants` did with a valid grant: refused it as a twin of one held, or wrote it. */
type WrittenGrant = { twin: Duplicate; v: ValidGrant } | { id: string; v: ValidGrant };

/**
 * Grants planned earlier in one piece of bulk work that are not in the database yet (an import's dry run, batch by
 * batch): the overlap rule counts them as held, exactly like those in the database.
 */
export class PlannedGrants {
  // Held for a whole file (an import's dry run: 125,000 households at 250,000 rows), so kept small: one grant per key
  // is the common case and is stored as itself, not in an array (an array made by spreading reserved about 300 bytes
  // each: 45 MB at 250,000 rows, seen in a heap snapshot); the key names the arrangement by a number of this plan;
  // equal dates are one string.
  private readonly byKey = new Map<string, Duplicate | Duplicate[]>();
  private readonly arrangements = new Map<string, number>();
  private readonly dates = new Map<string, string>();

  private key(v: OverlapProbe, add: boolean): string | null {
    let n = this.arrangements.get(v.arrangement.id);
    if (n === undefined) {
      if (!add) return null;
      n = this.arrangements.size;
      this.arrangements.set(v.arrangement.id, n);
    }
    return `${v.group.id}:${n}:${v.beneficiary?.id ?? ''}`;
  }

  private date(value: string): string {
    const known = this.dates.get(value);
    if (known !== undefined) return known;
    this.dates.set(value, value);
    return value;
  }

  twin(v: OverlapProbe): Duplicate | null {
    const key = this.key(v, false);
    const held = key === null ? undefined : this.byKey.get(key);
    if (!held) return null;
    const overlaps = (e: Duplicate) => e.valid_from <= v.validUntil && e.valid_until >= v.validFrom;
    return Array.isArray(held) ? (held.find(overlaps) ?? null) : overlaps(held) ? held : null;
  }

  add(v: OverlapProbe): void {
    const key = this.key(v, true)!;
    const grant: Duplicate = {
      valid_from: this.date(v.validFrom),
      valid_until: this.date(v.validUntil),
      name: v.beneficiary?.fullName ?? null,
      label: v.label ?? null,
    };
    const held = this.byKey.get(key);
    this.byKey.set(key, held === undefined ? grant : Array.isArray(held) ? [...held, grant] : [held, grant]);
  }
}

/**
 * A grant made on account of one household member, as bulk work names them (a row of the import): the arrangement's
 * "for whom" decides who gets it (see `AssignmentService.forMember`).
 */
export interface MemberGrantInput {
  clientGroupId: string;
  arrangementId: string;
  /** The member the row is about. */
  memberId: string;
  amountCents?: number | null;
  validFrom?: string | null;
  validUntil?: string | null;
  /** How the work names this grant to the staff member, e.g. "regel 4" (in the reason a later one grants nothing). */
  label?: string | null;
}

/** Why a member grant grants nothing although every rule is met: not for this member, or the household has it. */
export type NoGrantCode = 'NOT_ELIGIBLE' | 'ALREADY_GRANTED';

/** What happens (dry run) or happened (applied) to one member grant. */
export type MemberGrantAnswer =
  | {
      kind: 'GRANT';
      /** The assignment's id (applied; '' in a dry run). */
      id: string;
      /** null: for the whole household. */
      beneficiaryId: string | null;
      amountCents: number;
      validFrom: string;
      validUntil: string;
    }
  | { kind: 'NONE'; code: NoGrantCode; message: string }
  | { kind: 'REFUSED'; errors: UserError[] };

const isoDay = (iso: string) => iso.split('-').reverse().join('-');

/**
 * Does `dateOfBirth` fit the arrangement's age range ("for whom")? The age counts on the day the budget becomes
 * usable: `day` (the grant date by the application clock), or the grant's first valid day when that is later.
 * `range` is null when the arrangement has no age range (it is for the whole household).
 */
export function ageFit(
  arrangement: Pick<GrantArrangement, 'minAge' | 'maxAge'>,
  dateOfBirth: string | null | undefined,
  validFrom: string,
  day: string,
): { range: string | null; age: number | null; fits: boolean } {
  const range = ageRangeText(arrangement.minAge, arrangement.maxAge);
  if (!range) return { range, age: null, fits: true };
  const age = dateOfBirth ? ageOn(dateOfBirth, validFrom > day ? validFrom : day) : null;
  const fits =
    age !== null &&
    (arrangement.minAge == null || age >= arrangement.minAge) &&
    (arrangement.maxAge == null || age <= arrangement.maxAge);
  return { range, age, fits };
}

export function statusOf(a: Pick<Assignment, 'status' | 'validFrom' | 'validUntil'>, today: string): AssignmentStatus {
  if (a.status === 'REVOKED') return AssignmentStatus.REVOKED;
  if (a.validUntil < today) return AssignmentStatus.EXPIRED;
  if (a.validFrom > today) return AssignmentStatus.UPCOMING;
  return AssignmentStatus.ACTIVE;
}

/** A grant as listeners are told of it (ids and amounts only). */
export interface GrantedAssignment {
  assignmentId: string;
  municipalityId: string;
  arrangementId: string;
  clientGroupId: string;
  amountCents: number;
  validFrom: string;
  validUntil: string;
}

/**
 * Told of grants inside their transaction (webhooks' outbox, given by the composition root): named here so
 * arrangements imports no module that listens.
 */
export type GrantListener = (tx: RequestContext, grants: readonly GrantedAssignment[]) => Promise<void>;

/** An assignment's budget about to expire (the reminder went) or expired (the rest booked back). */
export interface AssignmentLifecycleChange {
  type: 'assignment.expiring' | 'assignment.expired';
  assignmentId: string;
  municipalityId: string;
  clientGroupId: string;
  remainingCents: number;
  validUntil: string;
}

/** Told of an expiry or reminder inside its transaction (webhooks' outbox, given by the composition root). */
export type AssignmentLifecycleListener = (tx: RequestContext, change: AssignmentLifecycleChange) => Promise<void>;

/** Assignments (toewijzingen): granting and revoking budget, always together with its ledger booking. */
export class AssignmentService {
  private readonly grantListeners: GrantListener[] = [];

  constructor(
    private readonly ledger: LedgerService,
    private readonly audit: AuditService,
  ) {}

  /** Called inside the transaction of every grant, one call per batch of grants. */
  onGranted(listener: GrantListener): void {
    this.grantListeners.push(listener);
  }

  private async tellGranted(tx: RequestContext, grants: readonly GrantedAssignment[]): Promise<void> {
    if (!grants.length) return;
    for (const listener of this.grantListeners) await listener(tx, grants);
  }

  /** May the viewer see and manage this client group's assignments? Staff: within their municipality scope. */
  private async clientGroupInScope(ctx: RequestContext, clientGroupId: string): Promise<ClientGroup | null> {
    if (!isUuid(clientGroupId)) return null;
    const group = await ctx.em.findOne(ClientGroup, clientGroupId);
    return group && this.reaches(ctx, group) ? group : null;
  }

  /** Scope (kernel/scope.ts), and for a resident ownership: their own household only. */
  private reaches(ctx: RequestContext, group: GrantGroup): boolean {
    if (ctx.viewer.kind === Audience.CUSTOMER && ctx.viewer.clientGroupId !== group.id) return false;
    return inScope(ctx.viewer, group.municipality.id);
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
    group: GrantGroup,
    arrangement: GrantArrangement | null,
    found: GrantMember | null,
  ): Result<ValidGrant> {
    const errors: UserError[] = [];
    if (!arrangement || arrangement.municipality.id !== group.municipality.id) {
      errors.push(UserError.of('arrangementId', 'NOT_FOUND', 'Kies een regeling van de gemeente van deze klantgroep.'));
    }
    let beneficiary: GrantMember | null = null;
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
    if (arrangement && !errors.length) {
      const { range, age, fits } = ageFit(arrangement, beneficiary?.dateOfBirth, validFrom, today(ctx.clock));
      if (range && !fits) {
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
   * are not allowed: in the database (one query for all of them), earlier in the list itself, or among `planned` (the
   * grants an earlier call of the same piece of work planned; the grants of this list that go ahead are added to it).
   */
  private async overlappingMany(
    em: EntityManager,
    grants: readonly OverlapProbe[],
    planned = new PlannedGrants(),
  ): Promise<(Duplicate | null)[]> {
    const twins: (Duplicate | null)[] = grants.map(() => null);
    const probe = grants.map((v, i) => ({ v, i })).filter(({ v }) => !v.arrangement.repeatGrantsAllowed);
    if (!probe.length) return twins;
    // The same beneficiary, or (a grant for the whole household) the household's own grant.
    const rows = await q.overlappingAssignments(
      em,
      probe.map(({ v, i }) => ({
        i,
        arrangementId: v.arrangement.id,
        clientGroupId: v.group.id,
        beneficiaryId: v.beneficiary?.id ?? null,
        validFrom: v.validFrom,
        validUntil: v.validUntil,
        anyMember: !!v.anyMember,
      })),
    );
    for (const r of rows) twins[r.i] = { valid_from: r.valid_from, valid_until: r.valid_until, name: r.name };
    // Within the list (and the work's earlier lists): a grant overlapping an earlier one that is not itself refused.
    for (const { v, i } of probe) {
      if (twins[i]) continue;
      const twin = planned.twin(v);
      if (twin) twins[i] = twin;
      else planned.add(v);
    }
    return twins;
  }

  private duplicateProblem<T>(arrangement: GrantArrangement, d: Duplicate): Result<T> {
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
      await q.lockGrant(em, arrangement.id, group.id);
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
      await this.tellGranted(tx, [
        {
          assignmentId: a.id,
          municipalityId,
          arrangementId: arrangement.id,
          clientGroupId: group.id,
          amountCents: amount,
          validFrom,
          validUntil,
        },
      ]);
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
    const loaded = await this.loadForGrants(
      ctx.em,
      inputs.map((i) => ({ groupId: i.clientGroupId, arrangementId: i.arrangementId, personId: i.beneficiaryId })),
    );
    const checked = inputs.map((input) => this.checkLoaded(ctx, loaded, input));
    const written = await this.writeGrants(
      ctx,
      checked.map((c) => (c.ok ? c.value : null)),
    );
    return written.map((w, i): Result<{ id: string }> => {
      const c = checked[i]!;
      if (!c.ok) return c;
      if (!w) throw new Error('a valid grant was neither written nor refused');
      return 'twin' in w ? this.duplicateProblem(w.v.arrangement, w.twin) : ok({ id: w.id });
    });
  }

  /**
   * "For whom" (the arrangement's age range): an arrangement with an age range is for members, one grant per member
   * who fits it on the day the budget becomes usable (a member outside it grants nothing: no staff member is there to
   * give a reason); one without is for the household, one grant per household however many members a file names.
   * The rule by which bulk work (the import) turns a row about a member into a grant; the grant itself then passes
   * every rule of `grant`.
   */
  forMember(
    ctx: RequestContext,
    arrangement: GrantArrangement,
    member: GrantMember,
    validFrom: string | null | undefined,
  ): { beneficiaryId: string | null } | { none: string } {
    const from = validFrom || arrangement.validFrom;
    const { range, age, fits } = ageFit(arrangement, member.dateOfBirth, from, today(ctx.clock));
    if (!range) return { beneficiaryId: null };
    if (fits) return { beneficiaryId: member.id };
    const who =
      age === null ? `de geboortedatum van ${member.fullName} is niet bekend` : `${member.fullName} is dan ${age} jaar`;
    return {
      none: `Geen toewijzing: deze persoon valt niet onder de doelgroep van ${arrangement.name} (personen ${range}; ${who}).`,
    };
  }

  /** The Dutch reason a member grant grants nothing because the household (or member) already has it. */
  private heldMessage(arrangement: GrantArrangement, beneficiary: GrantMember | null, d: Duplicate): string {
    const who = beneficiary ? beneficiary.fullName : 'het huishouden';
    if (d.label)
      return `Geen toewijzing: ${who} krijgt ${arrangement.name} al via ${d.label} (${isoDay(d.valid_from)} tot en met ${isoDay(d.valid_until)}).`;
    const through = !beneficiary && d.name ? `, toegekend aan ${d.name}` : '';
    return `Geen toewijzing: ${who} heeft ${arrangement.name} al voor deze periode (${isoDay(d.valid_from)} tot en met ${isoDay(d.valid_until)}${through}).`;
  }

  /** A member grant through "for whom" and every rule of `grant` (no overlap yet): valid, refused, or nothing to grant. */
  private memberRules(
    ctx: RequestContext,
    input: MemberGrantInput,
    group: GrantGroup | null,
    arrangement: GrantArrangement | null,
    member: GrantMember | null,
  ): { valid: ValidGrant } | MemberGrantAnswer {
    if (!group)
      return {
        kind: 'REFUSED',
        errors: [UserError.of('clientGroupId', 'NOT_FOUND', 'Deze klantgroep is niet gevonden.')],
      };
    if (!member || member.clientGroup.id !== group.id)
      return {
        kind: 'REFUSED',
        errors: [UserError.of('beneficiaryId', 'NOT_FOUND', 'Deze persoon hoort niet bij deze klantgroep.')],
      };
    const target = arrangement ? this.forMember(ctx, arrangement, member, input.validFrom) : { beneficiaryId: null };
    if ('none' in target) return { kind: 'NONE', code: 'NOT_ELIGIBLE', message: target.none };
    const checked = this.grantRules(
      ctx,
      {
        clientGroupId: input.clientGroupId,
        arrangementId: input.arrangementId,
        beneficiaryId: target.beneficiaryId,
        amountCents: input.amountCents,
        validFrom: input.validFrom,
        validUntil: input.validUntil,
      },
      group,
      arrangement,
      target.beneficiaryId ? member : null,
    );
    if (!checked.ok) return { kind: 'REFUSED', errors: checked.errors };
    return { valid: { ...checked.value, anyMember: target.beneficiaryId === null } };
  }

  /**
   * The dry run of member grants (an import's check): what `grantForMembers` would do, without writing or locking —
   * "for whom", every granting rule, and the overlap with the database and with `planned` (the grants the same work
   * planned before; those planned here are added). Households and members that do not exist yet are passed with ids
   * the caller made up: the database holds nothing of them, so only the plan can overlap.
   */
  async planMemberGrants(
    ctx: RequestContext,
    inputs: readonly {
      input: MemberGrantInput;
      group: GrantGroup;
      arrangement: GrantArrangement | null;
      member: GrantMember;
    }[],
    planned: PlannedGrants,
  ): Promise<MemberGrantAnswer[]> {
    const answers: (MemberGrantAnswer | { valid: ValidGrant })[] = inputs.map(({ input, group, arrangement, member }) =>
      this.memberRules(ctx, input, group, arrangement, member),
    );
    const valid = answers.flatMap((a, i) =>
      'valid' in a ? [{ i, v: { ...a.valid, label: inputs[i]!.input.label } }] : [],
    );
    const twins = await this.overlappingMany(
      ctx.em,
      valid.map(({ v }) => v),
      planned,
    );
    valid.forEach(({ i, v }, k) => {
      const twin = twins[k];
      answers[i] = twin
        ? { kind: 'NONE', code: 'ALREADY_GRANTED', message: this.heldMessage(v.arrangement, v.beneficiary, twin) }
        : {
            kind: 'GRANT',
            id: '',
            beneficiaryId: v.beneficiary?.id ?? null,
            amountCents: v.amount,
            validFrom: v.validFrom,
            validUntil: v.validUntil,
          };
    });
    return answers as MemberGrantAnswer[];
  }

  /**
   * Member grants as bulk work makes them (the import's rows): "for whom" decides the beneficiary (`forMember`), then
   * exactly the path of `grantMany` — every granting rule, the lock per arrangement and household, the overlap with
   * the database and within the list — so a household arrangement named on the rows of two members is granted once,
   * and an arrangement for children once per child who fits it. A grant that overlaps one held (or one earlier in
   * the list) grants nothing and says why: that is how a second run of the same file, or two runs at once, grant
   * nothing new. Must run inside the caller's transaction.
   */
  async grantForMembers(ctx: RequestContext, inputs: readonly MemberGrantInput[]): Promise<MemberGrantAnswer[]> {
    if (!inputs.length) return [];
    const loaded = await this.loadForGrants(
      ctx.em,
      inputs.map((i) => ({ groupId: i.clientGroupId, arrangementId: i.arrangementId, personId: i.memberId })),
    );
    const answers: (MemberGrantAnswer | { valid: ValidGrant })[] = inputs.map((input) => {
      const group = loaded.groups.get(input.clientGroupId) ?? null;
      return this.memberRules(
        ctx,
        input,
        group && this.reaches(ctx, group) ? group : null,
        loaded.arrangements.get(input.arrangementId) ?? null,
        loaded.people.get(input.memberId) ?? null,
      );
    });
    const written = await this.writeGrants(
      ctx,
      answers.map((a) => ('valid' in a ? a.valid : null)),
      inputs.map((i) => i.label ?? null),
    );
    return answers.map((a, i): MemberGrantAnswer => {
      if (!('valid' in a)) return a;
      const w = written[i];
      if (!w) throw new Error('a valid grant was neither written nor refused');
      if ('twin' in w)
        return {
          kind: 'NONE',
          code: 'ALREADY_GRANTED',
          message: this.heldMessage(w.v.arrangement, w.v.beneficiary, w.twin),
        };
      return {
        kind: 'GRANT',
        id: w.id,
        beneficiaryId: w.v.beneficiary?.id ?? null,
        amountCents: w.v.amount,
        validFrom: w.v.validFrom,
        validUntil: w.v.validUntil,
      };
    });
  }

  /**
   * The households, arrangements and persons a list of grants names, in three queries: households and persons as
   * plain rows in the shapes the rules read (`GrantGroup`, `GrantMember`), never entities — an import's chunk names
   * thousands, and hydrating them took more time than the rest of the grants' work in the server.
   */
  private async loadForGrants(
    em: EntityManager,
    refs: readonly { groupId: string; arrangementId: string; personId?: string | null }[],
  ): Promise<{
    groups: Map<string, GrantGroup>;
    arrangements: Map<string, Arrangement>;
    people: Map<string, GrantMember>;
  }> {
    const uuids = (values: (string | null | undefined)[]) => [
      ...new Set(values.filter((v): v is string => !!v && isUuid(v))),
    ];
    const groupIds = uuids(refs.map((r) => r.groupId));
    const arrangementIds = uuids(refs.map((r) => r.arrangementId));
    const personIds = uuids(refs.map((r) => r.personId));
    return {
      groups: new Map(
        (groupIds.length ? await q.grantGroups(em, groupIds) : []).map((g) => [
          g.id,
          { id: g.id, municipality: { id: g.municipality_id } },
        ]),
      ),
      // Read only, never changed here: outside the identity map (not tracked for the rest of the transaction).
      arrangements: new Map(
        (arrangementIds.length
          ? await em.find(Arrangement, { id: { $in: arrangementIds } }, { disableIdentityMap: true })
          : []
        ).map((a) => [a.id, a]),
      ),
      people: new Map(
        (personIds.length ? await q.grantMembers(em, personIds) : []).map((p) => [
          p.id,
          {
            id: p.id,
            fullName: `${p.first_name} ${p.last_name}`.trim(),
            dateOfBirth: p.date_of_birth,
            clientGroup: { id: p.client_group_id },
          },
        ]),
      ),
    };
  }

  /** One grant of a list against what `loadForGrants` loaded: every rule of `grant` but the overlap. */
  private checkLoaded(
    ctx: RequestContext,
    loaded: Awaited<ReturnType<AssignmentService['loadForGrants']>>,
    input: GrantAssignmentInput,
  ): Result<ValidGrant> {
    const group = isUuid(input.clientGroupId) ? loaded.groups.get(input.clientGroupId) : undefined;
    if (!group || !this.reaches(ctx, group))
      return problem('clientGroupId', 'NOT_FOUND', 'Deze klantgroep is niet gevonden.');
    const beneficiary = input.beneficiaryId ? loaded.people.get(input.beneficiaryId) : undefined;
    return this.grantRules(
      ctx,
      input,
      group,
      loaded.arrangements.get(input.arrangementId) ?? null,
      beneficiary ?? null,
    );
  }

  /**
   * Writes the valid grants of a list (the caller's transaction): the locks `grant` takes, the overlap (with the
   * database and within the list), then the assignments, their ledger transactions and audit rows in a few
   * statements. Per grant, in order: its refusal as it came in, the grant it overlaps, or the written id.
   */
  private async writeGrants(
    ctx: RequestContext,
    checked: readonly (ValidGrant | null)[],
    labels: readonly (string | null)[] = [],
  ): Promise<(WrittenGrant | null)[]> {
    const em = ctx.em;
    const results: (WrittenGrant | null)[] = checked.map(() => null);
    const valid = checked.flatMap((v, i) => (v ? [{ i, v }] : []));
    if (!valid.length) return results;

    // The locks `grant` takes, for every arrangement and household of the list, always in the same order.
    await q.lockGrants(
      em,
      valid.map(({ v }) => ({ arrangementId: v.arrangement.id, clientGroupId: v.group.id })),
    );
    const twins = await this.overlappingMany(
      em,
      valid.map(({ i, v }) => ({ ...v, label: labels[i] ?? null })),
    );
    const written: { i: number; id: string; v: ValidGrant }[] = [];
    valid.forEach(({ i, v }, k) => {
      const twin = twins[k];
      if (twin) results[i] = { twin, v };
      else written.push({ i, id: randomUUID(), v });
    });
    if (!written.length) return results;

    const actor = actorOf(ctx);
    const now = applicationNow();
    await q.insertAssignments(
      em,
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
      actor.id ?? null,
      now,
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
    await this.tellGranted(
      ctx,
      written.map(({ id, v }) => ({
        assignmentId: id,
        municipalityId: v.group.municipality.id,
        arrangementId: v.arrangement.id,
        clientGroupId: v.group.id,
        amountCents: v.amount,
        validFrom: v.validFrom,
        validUntil: v.validUntil,
      })),
    );
    for (const { i, id, v } of written) results[i] = { id, v };
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
    const rows = await q.movements(ctx.em, a.id);
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
