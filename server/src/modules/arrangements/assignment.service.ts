import type { EntityManager } from '@mikro-orm/postgresql';
import { LockMode } from '@mikro-orm/core';
import type { Context } from '../../graphql/context.js';
import { UserError } from '../../graphql/errors.js';
import { Audience } from '../../graphql/auth/permissions.js';
import { municipalityScope } from '../../graphql/auth/viewer.js';
import { isUuid } from '../../graphql/ids.js';
import { isIsoDate, todayInAmsterdam } from '../../lib/dates.js';
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

export const MAX_ASSIGNMENT_CENTS = 10_000_000;

export function actorOf(ctx: Pick<Context, 'viewer'>): Actor {
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

export function statusOf(a: Pick<Assignment, 'status' | 'validFrom' | 'validUntil'>, today = todayInAmsterdam()): AssignmentStatus {
  if (a.status === 'REVOKED') return AssignmentStatus.REVOKED;
  if (a.validUntil < today) return AssignmentStatus.EXPIRED;
  if (a.validFrom > today) return AssignmentStatus.UPCOMING;
  return AssignmentStatus.ACTIVE;
}

/** Assignments (toewijzingen): granting and revoking budget, always together with its ledger booking. */
export class AssignmentService {
  constructor(private readonly ledger: LedgerService) {}

  /** May the viewer see and manage this client group's assignments? Staff: within their municipality scope. */
  private async clientGroupInScope(ctx: Context, clientGroupId: string): Promise<ClientGroup | null> {
    if (!isUuid(clientGroupId)) return null;
    const group = await ctx.em.findOne(ClientGroup, clientGroupId);
    if (!group) return null;
    if (ctx.viewer.kind === Audience.CUSTOMER) return ctx.viewer.clientGroupId === group.id ? group : null;
    const scope = municipalityScope(ctx.viewer);
    return scope === null || scope.includes(group.municipality.id) ? group : null;
  }

  async grant(ctx: Context, input: GrantAssignmentInput): Promise<{ assignment: AssignmentView | null; errors: UserError[] }> {
    const errors: UserError[] = [];
    const group = await this.clientGroupInScope(ctx, input.clientGroupId);
    if (!group) return { assignment: null, errors: [UserError.of('clientGroupId', 'NOT_FOUND', 'Deze klantgroep is niet gevonden.')] };
    const arrangement = isUuid(input.arrangementId) ? await ctx.em.findOne(Arrangement, input.arrangementId) : null;
    if (!arrangement || arrangement.municipality.id !== group.municipality.id) {
      errors.push(UserError.of('arrangementId', 'NOT_FOUND', 'Kies een regeling van de gemeente van deze klantgroep.'));
    }
    let beneficiary: Person | null = null;
    if (input.beneficiaryId) {
      beneficiary = isUuid(input.beneficiaryId) ? await ctx.em.findOne(Person, { id: input.beneficiaryId, clientGroup: group.id }) : null;
      if (!beneficiary) errors.push(UserError.of('beneficiaryId', 'NOT_FOUND', 'Deze persoon hoort niet bij deze klantgroep.'));
    }
    const amount = input.amountCents ?? arrangement?.defaultAmountCents ?? 0;
    if (!Number.isSafeInteger(amount) || amount < 1 || amount > MAX_ASSIGNMENT_CENTS) {
      errors.push(UserError.of('amountCents', 'INVALID_AMOUNT', 'Vul een bedrag in van minstens € 0,01 en hoogstens € 100.000,00, in hele centen.'));
    }
    const validFrom = input.validFrom ?? arrangement?.validFrom ?? '';
    const validUntil = input.validUntil ?? arrangement?.validUntil ?? '';
    if (!isIsoDate(validFrom)) errors.push(UserError.of('validFrom', 'INVALID_DATE', 'Vul een geldige begindatum in.'));
    if (!isIsoDate(validUntil)) errors.push(UserError.of('validUntil', 'INVALID_DATE', 'Vul een geldige einddatum in.'));
    if (isIsoDate(validFrom) && isIsoDate(validUntil)) {
      if (validUntil < validFrom) errors.push(UserError.of('validUntil', 'END_BEFORE_START', 'De einddatum ligt vóór de begindatum.'));
      else if (arrangement && (validFrom < arrangement.validFrom || validUntil > arrangement.validUntil)) {
        errors.push(
          UserError.of('validUntil', 'OUTSIDE_ARRANGEMENT', 'De geldigheid moet binnen de looptijd van de regeling vallen.'),
        );
      }
    }
    if (errors.length || !arrangement) return { assignment: null, errors };

    const actor = actorOf(ctx);
    const assignment = await ctx.em.transactional(async (em) => {
      const a = em.create(Assignment, {
        clientGroup: group.id,
        arrangement: arrangement.id,
        beneficiary: beneficiary?.id ?? null,
        amountCents: amount,
        validFrom,
        validUntil,
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
      return a;
    });
    const [view] = await this.views(ctx.em, [assignment]);
    return { assignment: view!, errors: [] };
  }

  async revoke(ctx: Context, id: string, reason: string): Promise<{ assignment: AssignmentView | null; errors: UserError[] }> {
    const found = isUuid(id) ? await ctx.em.findOne(Assignment, id) : null;
    const group = found ? await this.clientGroupInScope(ctx, found.clientGroup.id) : null;
    if (!found || !group || ctx.viewer.kind === Audience.CUSTOMER) {
      return { assignment: null, errors: [UserError.of('id', 'NOT_FOUND', 'Deze toewijzing is niet gevonden.')] };
    }
    const why = reason.trim();
    if (why.length < 3 || why.length > 500) {
      return { assignment: null, errors: [UserError.of('reason', 'REASON_REQUIRED', 'Geef een reden op (3 tot 500 tekens).')] };
    }
    const actor = actorOf(ctx);
    const result = await ctx.em.transactional(async (em) => {
      // Lock the budget first: no spend can slip in between reading the balance and booking it back.
      const balances = await this.ledger.assignmentBalances(em, [found.id], true);
      const a = await em.findOneOrFail(Assignment, found.id, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (a.status === 'REVOKED') return { error: UserError.of('id', 'ALREADY_REVOKED', 'Deze toewijzing is al ingetrokken.') };
      a.status = 'REVOKED';
      a.revokedAt = new Date();
      a.revokedReason = why;
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
      return { assignment: a };
    });
    if ('error' in result) return { assignment: null, errors: [result.error!] };
    const [view] = await this.views(ctx.em, [result.assignment]);
    return { assignment: view!, errors: [] };
  }

  /** A client group's assignments, newest validity first; null when the group is not visible to the viewer. */
  async forClientGroup(ctx: Context, clientGroupId: string): Promise<AssignmentView[] | null> {
    const group = await this.clientGroupInScope(ctx, clientGroupId);
    if (!group) return null;
    const rows = await ctx.em.find(Assignment, { clientGroup: group.id }, { orderBy: [{ validUntil: 'desc' }, { createdAt: 'desc' }] });
    return this.views(ctx.em, rows);
  }

  /** The logged-in customer's household assignments. */
  async mine(ctx: Context): Promise<AssignmentView[]> {
    if (ctx.viewer.kind !== Audience.CUSTOMER) return [];
    return (await this.forClientGroup(ctx, ctx.viewer.clientGroupId)) ?? [];
  }

  /** Bookings on one assignment, newest first; empty when the viewer may not see it. */
  async movements(ctx: Context, assignmentId: string): Promise<AssignmentMovement[]> {
    const a = isUuid(assignmentId) ? await ctx.em.findOne(Assignment, assignmentId) : null;
    if (!a || !(await this.clientGroupInScope(ctx, a.clientGroup.id))) return [];
    const rows = await ctx.em.execute<{ id: string; created_at: Date; kind: string; description: string; amount_cents: string; order_id: string | null }[]>(
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
  async views(em: EntityManager, rows: Assignment[]): Promise<AssignmentView[]> {
    if (!rows.length) return [];
    const balances = await this.ledger.assignmentBalances(em, rows.map((r) => r.id));
    const arrangements = new Map(
      (await em.find(Arrangement, { id: { $in: [...new Set(rows.map((r) => r.arrangement.id))] } })).map((a) => [a.id, a]),
    );
    const beneficiaryIds = [...new Set(rows.map((r) => r.beneficiary?.id).filter((x): x is string => !!x))];
    const people = new Map(
      (beneficiaryIds.length ? await em.find(Person, { id: { $in: beneficiaryIds } }) : []).map((p) => [p.id, p]),
    );
    const today = todayInAmsterdam();
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
        status: statusOf(r, today),
        revokedReason: r.revokedReason ?? null,
        createdAt: r.createdAt,
      }),
    );
  }
}
