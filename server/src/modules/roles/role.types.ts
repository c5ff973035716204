import { Field, ID, InputType, Int, ObjectType } from 'type-graphql';
import { Permission } from '../../graphql/auth/permissions.js';
import { Payload } from '../../graphql/payload.js';
import { Role } from '../identity/role.entity.js';

@ObjectType({ description: 'A permission with its Dutch description, for the roles matrix.' })
export class PermissionInfo {
  @Field(() => Permission)
  permission!: Permission;

  @Field(() => String)
  description!: string;
}

@ObjectType({ description: 'A group of permissions in the roles matrix.' })
export class PermissionGroup {
  @Field(() => String)
  name!: string;

  @Field(() => [PermissionInfo])
  permissions!: PermissionInfo[];
}

@ObjectType({ description: 'A role for the roles matrix: the role and how many staff accounts hold it.' })
export class RoleSummary {
  @Field(() => Role)
  role!: Role;

  @Field(() => Int, { description: 'Staff accounts (active or not) with this role; a role in use cannot be deleted.' })
  accountCount!: number;

  @Field(() => Boolean, { description: 'Beheerder: always holds every permission.' })
  allPermissions!: boolean;
}

@InputType()
export class RoleInput {
  @Field(() => String, { nullable: true })
  name?: string | null;

  @Field(() => String, { nullable: true })
  description?: string | null;

  @Field(() => [Permission], { nullable: true })
  permissions?: Permission[] | null;
}

@ObjectType({ description: 'The result of a role change.' })
export class RolePayload extends Payload(Role, 'role') {}

@ObjectType({ description: 'The result of deleting a role.' })
export class DeleteRolePayload extends Payload<string, 'deletedId'>(ID, 'deletedId') {}
