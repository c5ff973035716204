import DataLoader from 'dataloader';
import { Ctx, FieldResolver, Resolver, Root } from 'type-graphql';
import type { Context } from '../../graphql/context.js';
import { OrderView } from './order.types.js';
import { PersonalData, PersonalDataKind } from '../../graphql/personal-data.js';
import { orderBeneficiaryNames, orderFirstNames } from './order-fields.queries.js';

/** One loader per request (keyed by the request's context), so a list of orders asks for the names once. */
const firstNameLoaders = new WeakMap<Context, DataLoader<string, string | null>>();

function firstNames(ctx: Context): DataLoader<string, string | null> {
  let loader = firstNameLoaders.get(ctx);
  if (!loader) {
    loader = new DataLoader(async (orderIds) => {
      const rows = await orderFirstNames(ctx.em, orderIds);
      const byId = new Map(rows.map((r) => [r.id, r.first_name]));
      return orderIds.map((id) => byId.get(id) ?? null);
    });
    firstNameLoaders.set(ctx, loader);
  }
  return loader;
}

const beneficiaryLoaders = new WeakMap<Context, DataLoader<string, string[]>>();

/** Per order: the first names of the other household members it is for (one query per request). */
function beneficiaries(ctx: Context): DataLoader<string, string[]> {
  let loader = beneficiaryLoaders.get(ctx);
  if (!loader) {
    loader = new DataLoader(async (orderIds) => {
      const rows = await orderBeneficiaryNames(ctx.em, orderIds);
      return orderIds.map((id) => rows.filter((r) => r.order_id === id).map((r) => r.first_name));
    });
    beneficiaryLoaders.set(ctx, loader);
  }
  return loader;
}

/**
 * Extra order fields for the people who handle orders. Everyone who may see the order may see these; a staff member's
 * or API client's read is audit-logged (@personalData).
 */
@Resolver(() => OrderView)
export class OrderFieldsResolver {
  @FieldResolver(() => String, {
    nullable: true,
    description: 'The first name of the person who ordered (only the first name: enough to hand the order over).',
  })
  @PersonalData(PersonalDataKind.NAME)
  customerFirstName(@Root() order: OrderView, @Ctx() ctx: Context): Promise<string | null> {
    return firstNames(ctx).load(order.id);
  }

  @FieldResolver(() => [String], {
    description:
      'For whom in the household the order was placed: the first names of the members its lines are for (other than the person who ordered) or whose own assignment (e.g. a child’s Kindpakket) paid for it. Empty when it is for the person who ordered.',
  })
  @PersonalData(PersonalDataKind.NAME)
  beneficiaryFirstNames(@Root() order: OrderView, @Ctx() ctx: Context): Promise<string[]> {
    return beneficiaries(ctx).load(order.id);
  }
}
