import { LockMode } from '@mikro-orm/core';
import { UserError } from '../../graphql/errors.js';
import { isUuid } from '../../graphql/ids.js';
import { ALL_PERMISSIONS, Permission, isPermission } from '../../graphql/auth/permissions.js';
import { transactional, type RequestContext } from '../../lib/request-context.js';
import { failIfAny, ok, problem, type Result } from '../../lib/result.js';
import type { AuditService } from '../audit/audit.service.js';
import { Role } from '../identity/role.entity.js';

const NOT_FOUND = 'Deze rol is niet gevonden.';
/** Serialises role changes: two administrators cannot together take ROLE_MANAGE away from everyone. */
const ROLE_LOCK = `select pg_advisory_xact_lock(hashtext('gemeentewinkel:roles'))`;
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
 */
export class RoleService {
  constructor(private readonly audit: AuditService) {}

  async list(ctx: RequestContext): Promise<RoleWithUse[]> {
    const roles = await ctx.em.find(Role, {}, { orderBy: { builtIn: 'desc', name: 'asc' } });
    const counts = await ctx.em.execute<{ role_id: string; n: number }[]>(
      `select role_id, count(*)::int as n from admin_account group by role_id`,
    );
    const byRole = new Map(counts.map((c) => [c.role_id, c.n]));
    return roles.map((role) => ({
      role,
      accountCount: byRole.get(role.id) ?? 0,
      allPermissions: role.key === ALL_PERMISSIONS_ROLE_KEY,
    }));
  }

  private checkName(name: string | null | undefined): Result<string> {
    const trimmed = (name ?? '').trim().replace(/\s+/g, ' ');
    if (trimmed.length < 2) return problem('name', 'REQUIRED', 'Vul een naam van minstens 2 tekens in.');
    if (trimmed.length > 60) return problem('name', 'TOO_LONG', 'De naam van een rol is hoogstens 60 tekens.');
    return ok(trimmed);
  }

  private async nameTaken(ctx: RequestContext, name: string, exceptId?: string): Promise<boolean> {
    const rows = await ctx.em.execute<{ id: string }[]>(`select id from role where lower(name) = lower(?)`, [name]);
    return rows.some((r) => r.id !== exceptId);
  }

  /** Whether at least one active staff account holds ROLE_MANAGE (checked after a change, inside its transaction). */
  private async someoneManagesRoles(ctx: RequestContext): Promise<boolean> {
    const rows = await ctx.em.execute<{ n: number }[]>(
      `select count(*)::int as n from admin_account a join role r on r.id = a.role_id
        where a.active and ? = any(r.permissions)`,
      [Permission.ROLE_MANAGE],
    );
    return (rows[0]?.n ?? 0) > 0;
  }

  private view(role: Role) {
    return { name: role.name, description: role.description, permissions: [...role.permissions] };
  }

  async create(ctx: RequestContext, input: RoleInputLike): Promise<Result<Role>> {
    const name = this.checkName(input.name);
    const permissions = normalise(input.permissions ?? []);
    const description = (input.description ?? '').trim();
    const refused = failIfAny<Role>([
      ...(name.ok ? [] : name.errors),
      ...(permissions.ok ? [] : permissions.errors),
      ...(description.length > 300
        ? [UserError.of('description', 'TOO_LONG', 'De omschrijving is hoogstens 300 tekens.')]
        : []),
    ]);
    if (refused || !name.ok || !permissions.ok) return refused!;
    return transactional(ctx, async (tx) => {
      await tx.em.execute(ROLE_LOCK);
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
    if (!isUuid(id)) return problem(null, 'NOT_FOUND', NOT_FOUND);
    return transactional(ctx, async (tx) => {
      await tx.em.execute(ROLE_LOCK);
      const role = await tx.em.findOne(Role, id, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!role) return problem(null, 'NOT_FOUND', NOT_FOUND);
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
        if (!permissions.ok) errors.push(...permissions.errors);
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
    if (!isUuid(id)) return problem(null, 'NOT_FOUND', NOT_FOUND);
    return transactional(ctx, async (tx) => {
      await tx.em.execute(ROLE_LOCK);
      const role = await tx.em.findOne(Role, id, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!role) return problem(null, 'NOT_FOUND', NOT_FOUND);
      if (role.builtIn) return problem(null, 'BUILT_IN', 'Een vaste rol kan niet worden verwijderd.');
      const [{ n }] = (await tx.em.execute<{ n: number }[]>(
        `select count(*)::int as n from admin_account where role_id = ?`,
        [id],
      )) as [{ n: number }];
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
