import { Field, ID, InputType, Int, ObjectType } from 'type-graphql';
import { Permission } from '../../kernel/permissions.js';
import { Payload } from '../../graphql/payload.js';
import { Role } from './role.entity.js';

@ObjectType({ description: 'A permission with its Dutch description, for the roles matrix.' })
export class PermissionInfo {
  @Field(() => Permission, { description: 'The permission.' })
  permission!: Permission;

  @Field(() => String, { description: 'What the permission allows (Dutch).' })
  description!: string;

  @Field(() => Boolean, {
    description:
      'Whether the viewer holds this permission: only permissions one holds can be given to a role or client.',
  })
  held!: boolean;
}

@ObjectType({ description: 'A group of permissions in the roles matrix.' })
export class PermissionGroup {
  @Field(() => String, { description: 'The group’s name (Dutch).' })
  name!: string;

  @Field(() => [PermissionInfo], { description: 'The permissions in the group.' })
  permissions!: PermissionInfo[];
}

@ObjectType({ description: 'A role for the roles matrix: the role and how many staff accounts hold it.' })
export class RoleSummary {
  @Field(() => Role, { description: 'The role.' })
  role!: Role;

  @Field(() => Int, { description: 'Staff accounts (active or not) with this role; a role in use cannot be deleted.' })
  accountCount!: number;

  @Field(() => Boolean, { description: 'Beheerder: always holds every permission.' })
  allPermissions!: boolean;

  @Field(() => Boolean, {
    description:
      'Whether the viewer may change or delete this role: it grants nothing the viewer lacks, it is not the viewer’s own role, and every account holding it lies within the viewer’s municipalities.',
  })
  manageable!: boolean;

  @Field(() => String, {
    nullable: true,
    description: 'Why the viewer may not change this role (Dutch); null when they may.',
  })
  notManageableReason!: string | null;
}

@InputType({
  description:
    'A role’s name, description and permissions. Creating: a name is required. Updating: a field left null is not changed.',
})
export class RoleInput {
  @Field(() => String, {
    description: 'The role’s name (Dutch); required when creating, null leaves it unchanged when updating.',
    nullable: true,
  })
  name?: string | null;

  @Field(() => String, { description: 'What the role is for (Dutch); null: unchanged.', nullable: true })
  description?: string | null;

  @Field(() => [Permission], { description: 'The permissions; null: unchanged.', nullable: true })
  permissions?: Permission[] | null;
}

@ObjectType({ description: 'The result of a role change.' })
export class RolePayload extends Payload(Role, 'role') {}

@ObjectType({ description: 'The result of deleting a role.' })
export class DeleteRolePayload extends Payload<string, 'deletedId'>(ID, 'deletedId') {}
