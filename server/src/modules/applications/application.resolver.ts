import { Arg, Args, Ctx, ID, Mutation, Query, Resolver } from 'type-graphql';
import { GraphQLJSONObject } from 'graphql-scalars';
import type { Context } from '../../graphql/context.js';
import { Requires } from '../../graphql/auth/requires.js';
import { Audience, Permission } from '../../kernel/permissions.js';
import { ListArgs } from '../../graphql/pagination.js';
import type { Answers } from '../../rules/application.js';
import {
  ApplicationAssessor,
  ApplicationConnection,
  ApplicationFilter,
  ApplicationNumbers,
  ApplicationFormInput,
  ApplicationFormPayload,
  ApplicationFormView,
  ApplicationPayload,
  ApplicationView,
  AssessCriterionInput,
  DecideApplicationInput,
  KnownHouseholdMember,
} from './application.types.js';

const idArg = { description: 'The id of the application.' };

/** Online applications: each field a guard and one service call (rules, scope and ownership: ApplicationService). */
@Resolver(() => ApplicationView)
export class ApplicationResolver {
  // ---- public -----------------------------------------------------------------------------------------------------

  @Query(() => [ApplicationFormView], { description: 'Arrangements open for applications today (public).' })
  openApplicationForms(
    @Ctx() ctx: Context,
    @Arg('municipalitySlug', () => String, { nullable: true, description: 'Only this municipality (its slug).' })
    municipalitySlug?: string | null,
  ): Promise<ApplicationFormView[]> {
    return ctx.services.applications.openForms(ctx, municipalitySlug);
  }

  @Query(() => ApplicationFormView, {
    nullable: true,
    description: 'An arrangement’s application form while it is open (public); null otherwise.',
  })
  applicationForm(
    @Arg('arrangementId', () => ID, { description: 'The id of the arrangement.' }) arrangementId: string,
    @Ctx() ctx: Context,
  ): Promise<ApplicationFormView | null> {
    return ctx.services.applications.publicForm(ctx, arrangementId);
  }

  // ---- staff: the form ----------------------------------------------------------------------------------------------

  @Query(() => ApplicationFormView, {
    nullable: true,
    description: 'An arrangement’s application form for staff (open or not); null when none or out of scope.',
  })
  @Requires(Permission.ARRANGEMENT_MANAGE)
  adminApplicationForm(
    @Arg('arrangementId', () => ID, { description: 'The id of the arrangement.' }) arrangementId: string,
    @Ctx() ctx: Context,
  ): Promise<ApplicationFormView | null> {
    return ctx.services.applications.adminForm(ctx, arrangementId);
  }

  @Mutation(() => ApplicationFormPayload, { description: 'Creates or replaces an arrangement’s application form.' })
  @Requires(Permission.ARRANGEMENT_MANAGE)
  async saveApplicationForm(
    @Arg('arrangementId', () => ID, { description: 'The id of the arrangement.' }) arrangementId: string,
    @Arg('input', () => ApplicationFormInput, { description: 'The form.' }) input: ApplicationFormInput,
    @Ctx() ctx: Context,
  ): Promise<ApplicationFormPayload> {
    return ApplicationFormPayload.from(await ctx.services.applications.saveForm(ctx, arrangementId, input));
  }

  // ---- the resident -------------------------------------------------------------------------------------------------

  @Query(() => [ApplicationView], { description: 'The logged-in resident’s household’s applications, newest first.' })
  @Requires(Audience.CUSTOMER)
  myApplications(@Ctx() ctx: Context): Promise<ApplicationView[]> {
    return ctx.services.applications.mine(ctx);
  }

  @Query(() => [KnownHouseholdMember], {
    description: 'The logged-in resident’s household as the municipality registered it (shown before the questions).',
  })
  @Requires(Audience.CUSTOMER)
  myHouseholdMembers(@Ctx() ctx: Context): Promise<KnownHouseholdMember[]> {
    return ctx.services.applications.householdMembers(ctx);
  }

  @Query(() => ApplicationView, { nullable: true, description: 'One of the resident’s applications; null otherwise.' })
  @Requires(Audience.CUSTOMER)
  myApplication(@Arg('id', () => ID, idArg) id: string, @Ctx() ctx: Context): Promise<ApplicationView | null> {
    return ctx.services.applications.mineOne(ctx, id);
  }

  @Mutation(() => ApplicationPayload, {
    description: 'Saves the answers of an application as a draft (made on first save).',
  })
  @Requires(Audience.CUSTOMER)
  async saveApplicationDraft(
    @Arg('arrangementId', () => ID, { description: 'The arrangement applied for.' }) arrangementId: string,
    @Arg('answers', () => GraphQLJSONObject, { description: 'Answers per question key (text or a list of texts).' })
    answers: Answers,
    @Ctx() ctx: Context,
  ): Promise<ApplicationPayload> {
    return ApplicationPayload.from(await ctx.services.applications.saveDraft(ctx, arrangementId, answers));
  }

  @Mutation(() => ApplicationPayload, { description: 'Sends a draft application: every answer and proof is checked.' })
  @Requires(Audience.CUSTOMER)
  async submitApplication(@Arg('id', () => ID, idArg) id: string, @Ctx() ctx: Context): Promise<ApplicationPayload> {
    return ApplicationPayload.from(await ctx.services.applications.submit(ctx, id));
  }

  @Mutation(() => ApplicationPayload, { description: 'Withdraws an open application.' })
  @Requires(Audience.CUSTOMER)
  async withdrawApplication(@Arg('id', () => ID, idArg) id: string, @Ctx() ctx: Context): Promise<ApplicationPayload> {
    return ApplicationPayload.from(await ctx.services.applications.withdraw(ctx, id));
  }

  @Mutation(() => ApplicationPayload, { description: 'Answers the assessor’s open question.' })
  @Requires(Audience.CUSTOMER)
  async answerApplicationQuestion(
    @Arg('id', () => ID, idArg) id: string,
    @Arg('answer', () => String, { description: 'The answer (3 to 1,000 characters).' }) answer: string,
    @Ctx() ctx: Context,
  ): Promise<ApplicationPayload> {
    return ApplicationPayload.from(await ctx.services.applications.answerQuestion(ctx, id, answer));
  }

  // ---- staff: assessing ---------------------------------------------------------------------------------------------

  @Query(() => ApplicationConnection, { description: 'The work list of applications (never drafts), oldest first.' })
  @Requires(Permission.APPLICATION_ASSESS)
  applications(
    @Ctx() ctx: Context,
    @Args(() => ListArgs) page: ListArgs,
    @Arg('filter', () => ApplicationFilter, { nullable: true, description: 'Filters; all optional.' })
    filter?: ApplicationFilter | null,
  ): Promise<ApplicationConnection> {
    return ctx.services.applications.list(ctx, filter, page);
  }

  @Query(() => ApplicationNumbers, {
    description: 'Applications waiting and the median time to a decision (dashboard).',
  })
  @Requires(Permission.APPLICATION_ASSESS, Permission.DASHBOARD_VIEW)
  applicationNumbers(@Ctx() ctx: Context): Promise<ApplicationNumbers> {
    return ctx.services.applications.numbers(ctx);
  }

  @Query(() => [ApplicationAssessor], {
    nullable: true,
    description:
      'Who may be chosen as the assessor of an application (staff reaching its municipality with APPLICATION_ASSESS).',
  })
  @Requires(Permission.APPLICATION_ASSESS)
  applicationAssessors(
    @Arg('id', () => ID, idArg) id: string,
    @Ctx() ctx: Context,
  ): Promise<ApplicationAssessor[] | null> {
    return ctx.services.applications.assessors(ctx, id);
  }

  @Query(() => ApplicationView, { nullable: true, description: 'One application for staff; null when out of scope.' })
  @Requires(Permission.APPLICATION_ASSESS)
  application(@Arg('id', () => ID, idArg) id: string, @Ctx() ctx: Context): Promise<ApplicationView | null> {
    return ctx.services.applications.one(ctx, id);
  }

  @Mutation(() => ApplicationPayload, { description: 'Chooses the assessor of an application (null: nobody).' })
  @Requires(Permission.APPLICATION_ASSESS)
  async assignApplication(
    @Arg('id', () => ID, idArg) id: string,
    @Arg('assessorId', () => ID, { nullable: true, description: 'The admin account that assesses it.' })
    assessorId: string | null,
    @Ctx() ctx: Context,
  ): Promise<ApplicationPayload> {
    return ApplicationPayload.from(await ctx.services.applications.assign(ctx, id, assessorId ?? null));
  }

  @Mutation(() => ApplicationPayload, { description: 'Marks one criterion of an application met or not met.' })
  @Requires(Permission.APPLICATION_ASSESS)
  async assessApplicationCriterion(
    @Arg('input', () => AssessCriterionInput, { description: 'The verdict.' }) input: AssessCriterionInput,
    @Ctx() ctx: Context,
  ): Promise<ApplicationPayload> {
    return ApplicationPayload.from(await ctx.services.applications.assessCriterion(ctx, input));
  }

  @Mutation(() => ApplicationPayload, { description: 'Asks the resident a question; the application waits for them.' })
  @Requires(Permission.APPLICATION_ASSESS)
  async askApplicant(
    @Arg('id', () => ID, idArg) id: string,
    @Arg('question', () => String, { description: 'The question (3 to 1,000 characters).' }) question: string,
    @Ctx() ctx: Context,
  ): Promise<ApplicationPayload> {
    return ApplicationPayload.from(await ctx.services.applications.ask(ctx, id, question));
  }

  @Mutation(() => ApplicationPayload, {
    description:
      'Approves (through the assignment service and the ledger), approves partly or declines. Above the four-eyes ' +
      'amount of the settings an approval is proposed and waits for confirmApplicationDecision.',
  })
  @Requires(Permission.APPLICATION_ASSESS)
  async decideApplication(
    @Arg('input', () => DecideApplicationInput, { description: 'The decision.' }) input: DecideApplicationInput,
    @Ctx() ctx: Context,
  ): Promise<ApplicationPayload> {
    return ApplicationPayload.from(await ctx.services.applications.decide(ctx, input));
  }

  @Mutation(() => ApplicationPayload, {
    description: 'Confirms a proposed decision above the four-eyes amount (a second person: not who proposed it).',
  })
  @Requires(Permission.APPLICATION_DECIDE_HIGH)
  async confirmApplicationDecision(
    @Arg('id', () => ID, idArg) id: string,
    @Ctx() ctx: Context,
  ): Promise<ApplicationPayload> {
    return ApplicationPayload.from(await ctx.services.applications.confirmDecision(ctx, id));
  }
}
