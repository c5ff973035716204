import { Arg, Ctx, FieldResolver, ID, Int, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { Context } from '../../graphql/context.js';
import { Requires } from '../../graphql/auth/requires.js';
import { Permission } from '../../kernel/permissions.js';
import { mapResult } from '../../kernel/result.js';
import { ImportProblem, ImportRun, ImportRunPayload } from './import.types.js';
import type { ImportRunRecord } from './import.service.js';

const view = (r: ImportRunRecord) =>
  Object.assign(new ImportRun(), { ...r, outcomeUrl: `/api/imports/${r.id}/uitkomst.csv` }) as ImportRun;

@Resolver(() => ImportRun)
export class ImportResolver {
  @Query(() => [ImportRun], { description: 'Imports of the viewer’s municipalities, newest first.' })
  @Requires(Permission.IMPORT_RUN)
  async importRuns(
    @Ctx() ctx: Context,
    @Arg('first', () => Int, { description: 'How many imports, newest first.', nullable: true }) first?: number | null,
  ): Promise<ImportRun[]> {
    return (await ctx.services.imports.list(ctx, first ?? 20)).map(view);
  }

  @Query(() => ImportRun, { nullable: true, description: 'One import: its dry run, progress and outcome.' })
  @Requires(Permission.IMPORT_RUN)
  async importRun(
    @Arg('id', () => ID, { description: 'The id of the import.' }) id: string,
    @Ctx() ctx: Context,
  ): Promise<ImportRun | null> {
    const found = await ctx.services.imports.get(ctx, id);
    return found && view(found);
  }

  @FieldResolver(() => [ImportProblem], { description: 'The invalid rows’ problems, by line (at most `first` rows).' })
  async problems(
    @Root() run: ImportRun,
    @Ctx() ctx: Context,
    @Arg('first', () => Int, { description: 'How many problem rows, at most.', nullable: true, defaultValue: 200 })
    first: number,
  ): Promise<ImportProblem[]> {
    return (await ctx.services.imports.problems(ctx, run.id, first)).map((p) => Object.assign(new ImportProblem(), p));
  }

  @FieldResolver(() => [ImportProblem], {
    description:
      'The rows that name an arrangement but grant nothing, by line, with why (Dutch; column is null): from the dry run, once applied from the apply (at most `first` rows).',
  })
  async notes(
    @Root() run: ImportRun,
    @Ctx() ctx: Context,
    @Arg('first', () => Int, { description: 'How many rows, at most.', nullable: true, defaultValue: 200 })
    first: number,
  ): Promise<ImportProblem[]> {
    return (await ctx.services.imports.notes(ctx, run.id, first)).map((p) => Object.assign(new ImportProblem(), p));
  }

  @Mutation(() => ImportRunPayload, {
    description:
      'Applies a checked import in the background (or resumes an interrupted one): idempotent on the client number.',
  })
  @Requires(Permission.IMPORT_RUN)
  async applyImport(
    @Arg('id', () => ID, { description: 'The id of the checked import (dry run) to apply.' }) id: string,
    @Ctx() ctx: Context,
  ): Promise<ImportRunPayload> {
    return ImportRunPayload.from(await mapResult(await ctx.services.imports.apply(ctx, id), view));
  }
}
