import { Arg, Ctx, Field, FieldResolver, ID, Int, Mutation, ObjectType, Query, Resolver, Root } from 'type-graphql';
import type { Context } from '../../graphql/context.js';
import { Requires } from '../../graphql/auth/requires.js';
import { Audience } from '../../kernel/permissions.js';
import { UserError } from '../../kernel/errors.js';
import { renderPageMarkdown } from '../../platform/markdown.js';
import { TermsVersion } from './terms-version.entity.js';

@ObjectType({ description: 'The result of accepting the pending terms.' })
export class AcceptTermsPayload {
  @Field(() => [TermsVersion], { description: 'What is still to be accepted (empty when it worked).' })
  pendingTerms!: TermsVersion[];
  @Field(() => [UserError], { description: 'Empty when it worked; otherwise what is wrong, in Dutch.' })
  errors!: UserError[];
}

/** The providers' terms: the rendered text, what the own organisation still has to accept, and accepting it. */
@Resolver(() => TermsVersion)
export class TermsResolver {
  @Query(() => TermsVersion, {
    nullable: true,
    description: 'The current platform-wide terms for providers (accepted at registration).',
  })
  currentTerms(@Ctx() ctx: Context): Promise<TermsVersion | null> {
    return ctx.services.terms.current(ctx.em);
  }

  @FieldResolver(() => String, { description: 'The text as safe HTML (Markdown, rendered like the content pages).' })
  bodyHtml(
    @Root() terms: TermsVersion,
    @Arg('headingLevel', () => Int, {
      defaultValue: 2,
      description: 'The level a top heading (#) of the text gets (2–6), below the heading the terms sit under.',
    })
    headingLevel: number,
  ): string {
    return renderPageMarkdown(terms.body, headingLevel);
  }

  @FieldResolver(() => String, { nullable: true, description: 'The municipality whose own terms these are.' })
  municipalityName(@Root() terms: TermsVersion): Promise<string | null> | null {
    return terms.municipality ? terms.municipality.load().then((m) => m?.name ?? null) : null;
  }

  @Query(() => [TermsVersion], {
    description:
      'The terms the own organisation has not accepted yet (new terms since the last log-in); the provider area asks for them first.',
  })
  @Requires(Audience.PROVIDER)
  pendingTerms(@Ctx() ctx: Context): Promise<TermsVersion[]> {
    return ctx.services.terms.pending(ctx);
  }

  @Mutation(() => AcceptTermsPayload, {
    description: 'Accepts the pending terms that were shown (their ids); dated today by the application clock.',
  })
  @Requires(Audience.PROVIDER)
  async acceptPendingTerms(
    @Arg('termsVersionIds', () => [ID], {
      description: 'The ids of the terms versions that were shown (from `pendingTerms`).',
    })
    termsVersionIds: string[],
    @Ctx() ctx: Context,
  ): Promise<AcceptTermsPayload> {
    const r = await ctx.services.terms.acceptPending(ctx, termsVersionIds);
    const pending = r.ok ? r.value : await ctx.services.terms.pending(ctx);
    return Object.assign(new AcceptTermsPayload(), { pendingTerms: pending, errors: r.ok ? [] : r.errors });
  }
}
