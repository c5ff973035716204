import { LockMode } from '@mikro-orm/core';
import { ForbiddenError, UserError } from '../../kernel/errors.js';
import { isUuid } from '../../graphql/ids.js';
import { ALL_PERMISSIONS, Audience, Permission, isPermission } from '../../kernel/permissions.js';
import { describePermissions, isGrantor, lacking, reachesScope, type Grantor } from '../../graphql/auth/grants.js';
import { transactional, type RequestContext } from '../../kernel/request-context.js';
import { fail, failIfAny, ok, problem, type Result } from '../../kernel/result.js';
import type { AuditService } from '../audit/index.js';
import { Role } from './role.entity.js';
import * as q from './role.queries.js';

const NOT_FOUND = 'Deze rol is niet gevonden.';
/** The built-in role that always holds every permission. */
export const ALL_PERMISSIONS_ROLE_KEY = 'BEHEERDER';

export interface RoleInputLike {
  name?: string | null;
  description?: string | null;
  permissions?: readonly string[] | null;
}

export interface RoleWithUse {
  role: Role;
  accountCount: number;
  allPermissions: boolean;
  /** Whether the viewer may change or delete it (`reach`); when not, why (Dutch). */
  manageable: boolean;
  notManageableReason: string | null;
}

/** Who changes roles: a staff member (or an operator acting), or an API client, with ROLE_MANAGE. */
interface RoleActor {
  grantor: Grantor;
  /**
   * The role the actor's own permissions come from: a staff member's own role; for an API client the role of the staff
   * member it answers to (its creator), since its permissions are capped by that role. Null for an operator acting.
   */
  ownRoleId: string | null;
}

/** The staff accounts holding a role, by their municipality scope (active or not: a deactivated one can return). */
interface Holders {
  count: number;
  anyAllMunicipalities: boolean;
  municipalityIds: string[];
}

/** Permissions in the order of the enum, without duplicates; unknown names are an error. */
function normalise(permissions: readonly string[]): Result<Permission[]> {
  const unknown = permissions.filter((p) => !isPermission(p));
  if (unknown.length) return problem('permissions', 'INVALID', `Onbekend recht: ${unknown.join(', ')}.`);
  const set = new Set(permissions);
  return ok(ALL_PERMISSIONS.filter((p) => set.has(p)));
}

/**
 * Roles (instellingen/rollen): named sets of permissions. Staff permissions are read from the role on every request
 * (SessionService.viewerFor), so a change applies from the next request on every instance; nothing is cached. Built-in
 * roles can be edited but not renamed or deleted, and Beheerder keeps every permission. No change may leave nobody
 * (no active staff account) with ROLE_MANAGE. Every change is audited with before and after.
 *
 * Nobody gives more than they hold (the rule staff accounts follow, graphql/auth/grants.ts):
 * - a role is created or changed with permissions the actor holds, and no others;
 * - a role is changed or deleted only when it is within the actor's reach: it grants nothing the actor lacks (so the
 *   actor can neither add nor take away a permission they do not hold: taking one away would be deciding over work
 *   they are not trusted with), it is not the actor's own role (nobody edits their own rights), and every account
 *   holding it lies within the actor's municipalities (an account elsewhere is a colleague beyond their reach).
 * Operators acting and API clients follow the same rule with what they hold on the request: an operator every
 * permission in one municipality, so only roles held by nobody or by accounts of that municipality alone; an API client
 * its effective permissions and its municipality, and the role of the staff member it answers to counts as its own.
 */
export class RoleService {
  constructor(private readonly audit: AuditService) {}

  async list(ctx: RequestContext): Promise<RoleWithUse[]> {
    const actor = await this.actor(ctx);
    const roles = await ctx.em.find(Role, {}, { orderBy: { builtIn: 'desc', name: 'asc' } });
    const holders = await this.holders(ctx);
    return roles.map((role) => {
      const refusal = this.outOfReach(actor, role, holders.get(role.id));
      return {
        role,
        accountCount: holders.get(role.id)?.count ?? 0,
        allPermissions: role.key === ALL_PERMISSIONS_ROLE_KEY,
        manageable: !refusal,
        notManageableReason: refusal?.message ?? null,
      };
    });
  }

  /** The actor of a role change, with the role their own permissions come from. */
  private async actor(ctx: RequestContext): Promise<RoleActor> {
    const viewer = ctx.viewer;
    if (!isGrantor(viewer) || !viewer.permissions.has(Permission.ROLE_MANAGE)) throw new ForbiddenError();
    if (viewer.kind === Audience.API_CLIENT) {
      return { grantor: viewer, ownRoleId: await q.apiClientCreatorRoleId(ctx.em, viewer.apiClientId) };
    }
    if (viewer.operator) return { grantor: viewer, ownRoleId: null };
    return { grantor: viewer, ownRoleId: await q.staffRoleId(ctx.em, viewer.adminAccountId) };
  }

  /** Per role: how many staff accounts hold it, and their municipalities together. */
  private async holders(ctx: RequestContext, roleId?: string): Promise<Map<string, Holders>> {
    const rows = await q.roleHolders(ctx.em, roleId);
    return new Map(
      rows.map((r) => [
        r.role_id,
        { count: r.n, anyAllMunicipalities: r.any_all, municipalityIds: r.municipality_ids ?? [] },
      ]),
    );
  }

  /** Why the actor may not change or delete this role; null when it is within their reach. */
  /**
   * The role to change, locked: the roles' table lock, then the role's row lock (which also holds off a concurrent
   * assignment of this role to an account: its foreign-key check). Refused when unknown or out of the actor's reach.
   */
  private async lockedRole(ctx: RequestContext, actor: RoleActor, id: string): Promise<Result<Role>> {
    await q.lockRoles(ctx.em);
    const role = await ctx.em.findOne(Role, id, { lockMode: LockMode.PESSIMISTIC_WRITE });
    if (!role) return problem(null, 'NOT_FOUND', NOT_FOUND);
    const outside = this.outOfReach(actor, role, (await this.holders(ctx, role.id)).get(role.id));
    return outside ? fail<Role>(outside) : ok(role);
  }

  private outOfReach(actor: RoleActor, role: Role, holders: Holders | undefined): UserError | null {
    if (role.id === actor.ownRoleId)
      return UserError.of(
        null,
        'OWN_ROLE',
        actor.grantor.kind === Audience.API_CLIENT
          ? `Een API-koppeling kan de rol ‘${role.name}’ niet wijzigen: haar rechten komen van de medewerker met die rol.`
          : `U kunt uw eigen rol ‘${role.name}’ niet wijzigen: zo geeft niemand zichzelf meer rechten. Vraag een collega met dit recht.`,
      );
    const beyond = lacking(actor.grantor, role.permissions);
    if (beyond.length)
      return UserError.of(
        null,
        'OUT_OF_REACH',
        `De rol ‘${role.name}’ heeft rechten die u zelf niet heeft (${describePermissions(beyond)}). Alleen een collega met minstens die rechten kan haar wijzigen.`,
      );
    if (
      holders &&
      !reachesScope(actor.grantor, {
        allMunicipalities: holders.anyAllMunicipalities,
        municipalityIds: holders.municipalityIds,
      })
    )
      return UserError.of(
        null,
        'OUT_OF_REACH',
        `De rol ‘${role.name}’ is gegeven aan een account met gemeenten waar u zelf geen toegang toe heeft. Alleen een collega met toegang tot die gemeenten kan haar wijzigen.`,
      );
    return null;
  }

  /** Only permissions the actor holds can be given. */
  private exceedsOwn(actor: RoleActor, permissions: readonly Permission[]): UserError | null {
    const beyond = lacking(actor.grantor, permissions);
    return beyond.length
      ? UserError.of(
          'permissions',
          'GRANT_EXCEEDS_OWN',
          `U kunt alleen rechten geven die u zelf heeft. Niet toegestaan: ${describePermissions(beyond)}.`,
        )
      : null;
  }

  private checkName(name: string | null | undefined): Result<string> {
    const trimmed = (name ?? '').trim().replace(/\s+/g, ' ');
    if (trimmed.length < 2) return problem('name', 'REQUIRED', 'Vul een naam van minstens 2 tekens in.');
    if (trimmed.length > 60) return problem('name', 'TOO_LONG', 'De naam van een rol is hoogstens 60 tekens.');
    return ok(trimmed);
  }

  private async nameTaken(ctx: RequestContext, name: string, exceptId?: string): Promise<boolean> {
    return (await q.roleIdsNamed(ctx.em, name)).some((id) => id !== exceptId);
  }

  /** Whether at least one active staff account holds ROLE_MANAGE (checked after a change, inside its transaction). */
  private async someoneManagesRoles(ctx: RequestContext): Promise<boolean> {
    return (await q.countActiveHolding(ctx.em, Permission.ROLE_MANAGE)) > 0;
  }

  private view(role: Role) {
    return { name: role.name, description: role.description, permissions: [...role.permissions] };
  }

  async create(ctx: RequestContext, input: RoleInputLike): Promise<Result<Role>> {
    const actor = await this.actor(ctx);
    const name = this.checkName(input.name);
    const permissions = normalise(input.permissions ?? []);
    const description = (input.description ?? '').trim();
    const exceeds = permissions.ok ? this.exceedsOwn(actor, permissions.value) : null;
    const refused = failIfAny<Role>([
      ...(name.ok ? [] : name.errors),
      ...(permissions.ok ? [] : permissions.errors),
      ...(exceeds ? [exceeds] : []),
      ...(description.length > 300
        ? [UserError.of('description', 'TOO_LONG', 'De omschrijving is hoogstens 300 tekens.')]
        : []),
    ]);
    if (refused || !name.ok || !permissions.ok) return refused!;
    return transactional(ctx, async (tx) => {
      await q.lockRoles(tx.em);
      if (await this.nameTaken(tx, name.value)) {
        return problem('name', 'TAKEN', 'Er bestaat al een rol met deze naam.');
      }
      const role = tx.em.create(Role, {
        name: name.value,
        description,
        permissions: permissions.value,
        builtIn: false,
        key: null,
      });
      await tx.em.flush();
      await this.audit.record(tx, {
        action: 'role.created',
        subjectType: 'role',
        subjectId: role.id,
        details: { before: null, after: this.view(role) },
      });
      return ok(role);
    });
  }

  async update(ctx: RequestContext, id: string, input: RoleInputLike): Promise<Result<Role>> {
    const actor = await this.actor(ctx);
    if (!isUuid(id)) return problem(null, 'NOT_FOUND', NOT_FOUND);
    return transactional(ctx, async (tx) => {
      const locked = await this.lockedRole(tx, actor, id);
      if (!locked.ok) return locked;
      const role = locked.value;
      const before = this.view(role);
      const errors: UserError[] = [];
      if (input.name != null) {
        const name = this.checkName(input.name);
        if (!name.ok) errors.push(...name.errors);
        else if (name.value !== role.name) {
          if (role.builtIn) {
            errors.push(UserError.of('name', 'BUILT_IN', 'De naam van een vaste rol kan niet worden gewijzigd.'));
          } else if (await this.nameTaken(tx, name.value, role.id)) {
            errors.push(UserError.of('name', 'TAKEN', 'Er bestaat al een rol met deze naam.'));
          } else role.name = name.value;
        }
      }
      if (input.description != null) {
        const description = input.description.trim();
        if (description.length > 300) {
          errors.push(UserError.of('description', 'TOO_LONG', 'De omschrijving is hoogstens 300 tekens.'));
        } else role.description = description;
      }
      if (input.permissions != null) {
        const permissions = normalise(input.permissions);
        const exceeds = permissions.ok ? this.exceedsOwn(actor, permissions.value) : null;
        if (!permissions.ok) errors.push(...permissions.errors);
        else if (exceeds) errors.push(exceeds);
        else if (role.key === ALL_PERMISSIONS_ROLE_KEY && permissions.value.length !== ALL_PERMISSIONS.length) {
          errors.push(
            UserError.of('permissions', 'ALL_PERMISSIONS_ROLE', 'De rol Beheerder houdt altijd alle rechten.'),
          );
        } else role.permissions = permissions.value;
      }
      const refused = failIfAny<Role>(errors);
      if (refused) return refused;
      const after = this.view(role);
      if (JSON.stringify(before) === JSON.stringify(after)) return ok(role);
      await tx.em.flush();
      if (!(await this.someoneManagesRoles(tx))) {
        // Thrown so the transaction rolls back; answered as a Dutch error below.
        throw new NobodyManagesRoles();
      }
      await this.audit.record(tx, {
        action: 'role.updated',
        subjectType: 'role',
        subjectId: role.id,
        details: { before, after },
      });
      return ok(role);
    }).catch((e: unknown) => {
      if (e instanceof NobodyManagesRoles) {
        return problem<Role>(
          'permissions',
          'LAST_ROLE_MANAGER',
          'Deze wijziging laat niemand over die rollen mag beheren. Geef eerst een ander actief account dit recht.',
        );
      }
      throw e;
    });
  }

  async delete(ctx: RequestContext, id: string): Promise<Result<string>> {
    const actor = await this.actor(ctx);
    if (!isUuid(id)) return problem(null, 'NOT_FOUND', NOT_FOUND);
    return transactional(ctx, async (tx) => {
      const locked = await this.lockedRole(tx, actor, id);
      if (!locked.ok) return { ok: false as const, errors: locked.errors };
      const role = locked.value;
      if (role.builtIn) return problem(null, 'BUILT_IN', 'Een vaste rol kan niet worden verwijderd.');
      const n = await q.countAccountsWithRole(tx.em, id);
      if (n > 0) {
        return problem(
          null,
          'IN_USE',
          n === 1
            ? 'Deze rol is nog aan 1 account gekoppeld. Geef dat account eerst een andere rol.'
            : `Deze rol is nog aan ${n} accounts gekoppeld. Geef die accounts eerst een andere rol.`,
        );
      }
      const before = this.view(role);
      await tx.em.nativeDelete(Role, { id });
      await this.audit.record(tx, {
        action: 'role.deleted',
        subjectType: 'role',
        subjectId: id,
        details: { before, after: null },
      });
      return ok(id);
    });
  }
}

class NobodyManagesRoles extends Error {}
