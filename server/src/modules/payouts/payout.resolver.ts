import DataLoader from 'dataloader';
import { Arg, Args, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root } from 'type-graphql';
import type { Context } from '../../graphql/context.js';
import { Requires } from '../../graphql/auth/requires.js';
import { Audience, Permission } from '../../kernel/permissions.js';
import { ListArgs, type ConnectionOf } from '../../graphql/pagination.js';
import { mapResult } from '../../kernel/result.js';
import {
  PayoutBatch,
  PayoutBatchConnection,
  PayoutBatchFilter,
  PayoutBatchPayload,
  PayoutLine,
  PayoutLineOrder,
  PayoutPreview,
  ProviderPayout,
  ProviderPayoutConnection,
} from './payout.types.js';
import type { PayoutBatchRecord, PayoutLineOrderRecord } from './payout.records.js';
import type { HandoverMethod } from '../orders/index.js';
import { payoutSpecificationPath } from './payout.routes.js';

const batch = (r: PayoutBatchRecord) => Object.assign(new PayoutBatch(), r) as PayoutBatch;

@Resolver(() => PayoutBatch)
export class PayoutResolver {
  @Query(() => PayoutBatchConnection, { description: 'Payout batches in your municipality scope, newest first.' })
  @Requires(Permission.PAYOUT_MANAGE)
  async payoutBatches(
    @Ctx() ctx: Context,
    @Args(() => ListArgs) page: ListArgs,
    @Arg('filter', () => PayoutBatchFilter, {
      description: 'Filters; all optional, combined with "and".',
      nullable: true,
    })
    filter?: PayoutBatchFilter | null,
  ): Promise<ConnectionOf<PayoutBatch>> {
    const c = await ctx.services.payouts.list(ctx, filter, page);
    return { ...c, edges: c.edges.map((e) => ({ cursor: e.cursor, node: batch(e.node) })) };
  }

  @Query(() => PayoutBatch, { nullable: true, description: 'One payout batch in your scope; null otherwise.' })
  @Requires(Permission.PAYOUT_MANAGE)
  async payoutBatch(
    @Arg('id', () => ID, { description: 'The id of the payout batch.' }) id: string,
    @Ctx() ctx: Context,
  ): Promise<PayoutBatch | null> {
    const found = await ctx.services.payouts.get(ctx, id);
    return found && batch(found);
  }

  @Query(() => PayoutPreview, {
    nullable: true,
    description: 'What a new batch for the municipality would gather now; null outside your scope.',
  })
  @Requires(Permission.PAYOUT_MANAGE)
  async payoutPreview(
    @Arg('municipalityId', () => ID, { description: 'The id of the municipality.' }) municipalityId: string,
    @Ctx() ctx: Context,
  ): Promise<PayoutPreview | null> {
    const r = await ctx.services.payouts.preview(ctx, municipalityId);
    return r.ok ? (Object.assign(new PayoutPreview(), r.value) as PayoutPreview) : null;
  }

  @Mutation(() => PayoutBatchPayload, { description: 'A draft batch of the delivered orders waiting for payout.' })
  @Requires(Permission.PAYOUT_MANAGE)
  async createPayoutBatch(
    @Arg('municipalityId', () => ID, { description: 'The id of the municipality whose delivered orders are gathered.' })
    municipalityId: string,
    @Ctx() ctx: Context,
  ): Promise<PayoutBatchPayload> {
    return PayoutBatchPayload.from(await mapResult(await ctx.services.payouts.create(ctx, municipalityId), batch));
  }

  @Mutation(() => PayoutBatchPayload, { description: 'Cancels a draft batch; its orders are released.' })
  @Requires(Permission.PAYOUT_MANAGE)
  async cancelPayoutBatch(
    @Arg('id', () => ID, { description: 'The id of the draft payout batch.' }) id: string,
    @Ctx() ctx: Context,
  ): Promise<PayoutBatchPayload> {
    return PayoutBatchPayload.from(await mapResult(await ctx.services.payouts.cancel(ctx, id), batch));
  }

  @Mutation(() => PayoutBatchPayload, { description: 'The bank paid the exported batch: books it in the ledger.' })
  @Requires(Permission.PAYOUT_MANAGE)
  async markPayoutBatchPaid(
    @Arg('id', () => ID, { description: 'The id of the exported payout batch the bank paid.' }) id: string,
    @Ctx() ctx: Context,
  ): Promise<PayoutBatchPayload> {
    return PayoutBatchPayload.from(await mapResult(await ctx.services.payouts.markPaid(ctx, id), batch));
  }

  @Mutation(() => PayoutBatchPayload, {
    description: 'Reports that the bank did not execute the exported batch; another staff member must confirm.',
  })
  @Requires(Permission.PAYOUT_MANAGE)
  async reportPayoutNotExecuted(
    @Arg('id', () => ID, { description: 'The id of the exported payout batch.' }) id: string,
    @Arg('reason', () => String, { description: 'What the bank reported (Dutch, free text).' }) reason: string,
    @Ctx() ctx: Context,
  ): Promise<PayoutBatchPayload> {
    return PayoutBatchPayload.from(
      await mapResult(await ctx.services.payouts.reportNotExecuted(ctx, id, reason), batch),
    );
  }

  @Mutation(() => PayoutBatchPayload, {
    description: 'A second staff member confirms "niet uitgevoerd door de bank": the orders are released.',
  })
  @Requires(Permission.PAYOUT_MANAGE)
  async confirmPayoutNotExecuted(
    @Arg('id', () => ID, { description: 'The id of the payout batch reported as not executed.' }) id: string,
    @Ctx() ctx: Context,
  ): Promise<PayoutBatchPayload> {
    return PayoutBatchPayload.from(await mapResult(await ctx.services.payouts.confirmNotExecuted(ctx, id), batch));
  }

  @FieldResolver(() => [PayoutLine], { description: 'One credit transfer per provider.' })
  lines(@Root() root: PayoutBatch, @Ctx() ctx: Context): Promise<PayoutLine[]> {
    return ctx.services.payouts.lines(ctx, root.id);
  }
}

/** One loader per request: the orders of every line of a batch in one statement. */
const lineOrderLoaders = new WeakMap<Context, DataLoader<string, PayoutLineOrderRecord[]>>();

function lineOrders(ctx: Context): DataLoader<string, PayoutLineOrderRecord[]> {
  let loader = lineOrderLoaders.get(ctx);
  if (!loader) {
    loader = new DataLoader(async (lineIds) => {
      const rows = await ctx.services.payouts.lineOrders(ctx, lineIds);
      return lineIds.map((id) => rows.filter((r) => r.lineId === id));
    });
    lineOrderLoaders.set(ctx, loader);
  }
  return loader;
}

@Resolver(() => PayoutLine)
export class PayoutLineResolver {
  @FieldResolver(() => [PayoutLineOrder], {
    description: 'The orders the transfer pays, by order number, with how each was handed over to the customer.',
  })
  async orders(@Root() line: PayoutLine, @Ctx() ctx: Context): Promise<PayoutLineOrder[]> {
    return (await lineOrders(ctx).load(line.id)).map((r) =>
      Object.assign(new PayoutLineOrder(), { ...r, handoverMethod: r.handoverMethod as HandoverMethod }),
    );
  }
}

@Resolver(() => ProviderPayout)
export class ProviderPayoutResolver {
  @Query(() => ProviderPayoutConnection, { description: "The logged-in provider's payouts (paid), newest first." })
  @Requires(Audience.PROVIDER)
  async myPayouts(@Ctx() ctx: Context, @Args(() => ListArgs) page: ListArgs): Promise<ConnectionOf<ProviderPayout>> {
    const c = await ctx.services.payouts.providerPayouts(ctx, page);
    return {
      ...c,
      edges: c.edges.map((e) => ({
        cursor: e.cursor,
        node: Object.assign(new ProviderPayout(), e.node, { specificationUrl: payoutSpecificationPath(e.node.id) }),
      })),
    };
  }
}
