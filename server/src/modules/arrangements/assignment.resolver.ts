import { Arg, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { Context } from '../../graphql/context.js';
import { Requires } from '../../graphql/auth/requires.js';
import { Audience, Permission } from '../../kernel/permissions.js';
import { PersonalData, PersonalDataKind } from '../../graphql/personal-data.js';
import { AssignmentMovement, AssignmentPayload, AssignmentView, GrantAssignmentInput } from './assignment.types.js';

@Resolver(() => AssignmentView)
export class AssignmentResolver {
  @Query(() => [AssignmentView], { description: 'The logged-in customer’s household assignments, with balances.' })
  @Requires(Audience.CUSTOMER)
  myAssignments(@Ctx() ctx: Context): Promise<AssignmentView[]> {
    return ctx.services.assignments.mine(ctx);
  }

  @Query(() => [AssignmentView], {
    nullable: true,
    description: 'A client group’s assignments; null when not found or out of scope.',
  })
  @Requires(Permission.ASSIGNMENT_MANAGE, Permission.PERSON_READ)
  clientGroupAssignments(
    @Arg('clientGroupId', () => ID, { description: 'The id of the household (client group).' }) clientGroupId: string,
    @Ctx() ctx: Context,
  ): Promise<AssignmentView[] | null> {
    return ctx.services.assignments.forClientGroup(ctx, clientGroupId);
  }

  @Mutation(() => AssignmentPayload, { description: 'Grants an arrangement to a client group and books the budget.' })
  @Requires(Permission.ASSIGNMENT_MANAGE)
  async grantAssignment(
    @Arg('input', () => GrantAssignmentInput, {
      description: 'Which arrangement to grant to which household (and member).',
    })
    input: GrantAssignmentInput,
    @Ctx() ctx: Context,
  ): Promise<AssignmentPayload> {
    return AssignmentPayload.from(await ctx.services.assignments.grant(ctx, input));
  }

  @Mutation(() => AssignmentPayload, {
    description: 'Revokes an assignment; what is left of its budget goes back to the arrangement.',
  })
  @Requires(Permission.ASSIGNMENT_MANAGE)
  async revokeAssignment(
    @Arg('id', () => ID, { description: 'The id of the assignment to revoke.' }) id: string,
    @Arg('reason', () => String, { description: 'Why it is revoked (Dutch, free text; recorded in the audit log).' })
    reason: string,
    @Ctx() ctx: Context,
  ): Promise<AssignmentPayload> {
    return AssignmentPayload.from(await ctx.services.assignments.revoke(ctx, id, reason));
  }

  @FieldResolver(() => [AssignmentMovement], { description: 'Bookings on this budget, newest first.' })
  @PersonalData(PersonalDataKind.FINANCIAL)
  movements(@Root() assignment: AssignmentView, @Ctx() ctx: Context): Promise<AssignmentMovement[]> {
    return ctx.services.assignments.movements(ctx, assignment.id);
  }
}
