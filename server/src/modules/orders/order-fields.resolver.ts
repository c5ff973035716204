import DataLoader from 'dataloader';
import { Ctx, FieldResolver, Resolver, Root } from 'type-graphql';
import type { Context } from '../../graphql/context.js';
import { OrderView } from './order.types.js';
import { PersonalData, PersonalDataKind } from '../../graphql/personal-data.js';

/** One loader per request (keyed by the request's context), so a list of orders asks for the names once. */
const firstNameLoaders = new WeakMap<Context, DataLoader<string, string | null>>();

function firstNames(ctx: Context): DataLoader<string, string | null> {
  let loader = firstNameLoaders.get(ctx);
  if (!loader) {
    loader = new DataLoader(async (orderIds) => {
      const rows = await ctx.em.execute<{ id: string; first_name: string | null }[]>(
        `select o.id, p.first_name from customer_order o left join person p on p.id = o.person_id and p.erased_at is null
          where o.id = any(?::uuid[])`,
        [`{${orderIds.join(',')}}`],
      );
      const byId = new Map(rows.map((r) => [r.id, r.first_name]));
      return orderIds.map((id) => byId.get(id) ?? null);
    });
    firstNameLoaders.set(ctx, loader);
  }
  return loader;
}

const beneficiaryLoaders = new WeakMap<Context, DataLoader<string, string[]>>();

/** Per order: the first names of the household members whose own budget paid for it (one query per request). */
function beneficiaries(ctx: Context): DataLoader<string, string[]> {
  let loader = beneficiaryLoaders.get(ctx);
  if (!loader) {
    loader = new DataLoader(async (orderIds) => {
      const rows = await ctx.em.execute<{ order_id: string; first_name: string }[]>(
        `select distinct oa.order_id, p.first_name
           from order_allocation oa
           join assignment a on a.id = oa.assignment_id
           join person p on p.id = a.beneficiary_id and p.erased_at is null
          where oa.order_id = any(?::uuid[])
          order by oa.order_id, p.first_name`,
        [`{${orderIds.join(',')}}`],
      );
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
      'For whom in the household the order was placed, as far as the budget says: the first names of the members whose own assignment (e.g. a child’s Kindpakket) paid for it. Empty when a household-wide budget paid.',
  })
  @PersonalData(PersonalDataKind.NAME)
  beneficiaryFirstNames(@Root() order: OrderView, @Ctx() ctx: Context): Promise<string[]> {
    return beneficiaries(ctx).load(order.id);
  }
}
