import { Arg, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import type { Context } from '../../graphql/context.js';
import { PERMISSION_DESCRIPTIONS, Permission } from '../../kernel/permissions.js';
import { Requires } from '../../graphql/auth/requires.js';
import { hasPermission } from '../../kernel/viewer.js';
import { PERMISSION_GROUPS } from './permission-groups.js';
import {
  DeleteRolePayload,
  PermissionGroup,
  PermissionInfo,
  RoleInput,
  RolePayload,
  RoleSummary,
} from './role.types.js';

@Resolver()
export class RoleResolver {
  @Requires(Permission.ROLE_MANAGE)
  @Query(() => [RoleSummary], { description: 'Every role (built-in first) with how many accounts hold it.' })
  async roles(@Ctx() ctx: Context): Promise<RoleSummary[]> {
    return (await ctx.services.roles.list(ctx)).map((r) => Object.assign(new RoleSummary(), r));
  }

  @Requires(Permission.ROLE_MANAGE)
  @Query(() => [PermissionGroup], { description: 'The permissions, grouped, with their Dutch descriptions.' })
  permissionGroups(@Ctx() ctx: Context): PermissionGroup[] {
    return PERMISSION_GROUPS.map((g) =>
      Object.assign(new PermissionGroup(), {
        name: g.name,
        permissions: g.permissions.map((permission) =>
          Object.assign(new PermissionInfo(), {
            permission,
            description: PERMISSION_DESCRIPTIONS[permission],
            held: hasPermission(ctx.viewer, permission),
          }),
        ),
      }),
    );
  }

  @Requires(Permission.ROLE_MANAGE)
  @Mutation(() => RolePayload, { description: 'Creates a custom role, with permissions the viewer holds.' })
  async createRole(
    @Ctx() ctx: Context,
    @Arg('input', () => RoleInput, { description: 'The new role’s name and permissions.' }) input: RoleInput,
  ): Promise<RolePayload> {
    return RolePayload.from(await ctx.services.roles.create(ctx, input));
  }

  @Requires(Permission.ROLE_MANAGE)
  @Mutation(() => RolePayload, {
    description:
      'Renames a custom role or changes the permissions of a role within the viewer’s reach (see `RoleSummary.manageable`), only to permissions the viewer holds; applies from the next request.',
  })
  async updateRole(
    @Ctx() ctx: Context,
    @Arg('id', () => ID, { description: 'The id of the role to change.' }) id: string,
    @Arg('input', () => RoleInput, { description: 'The role’s name and permissions.' }) input: RoleInput,
  ): Promise<RolePayload> {
    return RolePayload.from(await ctx.services.roles.update(ctx, id, input));
  }

  @Requires(Permission.ROLE_MANAGE)
  @Mutation(() => DeleteRolePayload, {
    description: 'Deletes a custom role no account holds, within the viewer’s reach.',
  })
  async deleteRole(
    @Ctx() ctx: Context,
    @Arg('id', () => ID, { description: 'The id of the custom role to delete.' }) id: string,
  ): Promise<DeleteRolePayload> {
    return DeleteRolePayload.from(await ctx.services.roles.delete(ctx, id));
  }
}
