import { Field, ID, Int, ObjectType } from 'type-graphql';
import type { RequestContext } from '../../kernel/request-context.js';
import { scopeIds } from '../../kernel/scope.js';
import { decisionCounts } from '../catalogue/product-approval.js';
import { today } from '../../kernel/clock.js';

/** Orders placed longer ago than this many whole days and still not accepted by the provider count as waiting. */
export const ORDER_WAITING_DAYS = 3;

/** The ISO date `days` days before `iso`. */
function daysBefore(iso: string, days: number): string {
  const d = new Date(`${iso}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - days);
  return d.toISOString().slice(0, 10);
}

@ObjectType({ description: 'Totals of one municipality in the viewer’s scope.' })
export class MunicipalityTotals {
  @Field(() => ID, { description: 'The municipality’s id.' })
  municipalityId!: string;

  @Field(() => String, { description: 'The municipality’s name.' })
  municipalityName!: string;

  @Field(() => Int, { description: 'Arrangements valid today.' })
  activeArrangements!: number;

  @Field(() => Int, { description: 'Budget of the active grants valid today, in cents.' })
  budgetGrantedCents!: number;

  @Field(() => Int, { description: 'Budget spent by orders placed this month (not cancelled), in cents.' })
  spentThisMonthCents!: number;

  @Field(() => Int, { description: 'Orders placed this month (not cancelled, paid or on budget).' })
  ordersThisMonth!: number;
}

@ObjectType({ description: 'Work queues and totals for the admin dashboard, within the viewer’s municipality scope.' })
export class AdminDashboard {
  @Field(() => Int, {
    description: 'Products waiting for a decision in at least one municipality of the viewer’s scope.',
  })
  productsToReview!: number;

  @Field(() => Int, { description: 'Provider memberships waiting for a decision.' })
  providersToApprove!: number;

  @Field(() => Int, { description: 'Products in the offer of at least one municipality of the viewer’s scope.' })
  approvedProducts!: number;

  @Field(() => Int, { description: 'Providers with an approved membership.' })
  providers!: number;

  @Field(() => Int, { description: 'The number of households (client groups) in your municipality scope.' })
  clientGroups!: number;

  @Field(() => Int, { description: 'The number of persons in your municipality scope.' })
  persons!: number;

  @Field(() => Int, { description: 'Arrangements valid today.' })
  activeArrangements!: number;

  @Field(() => Int, {
    description: 'Placed orders not accepted by the provider after more than `ordersWaitingDays` days.',
  })
  ordersWaiting!: number;

  @Field(() => Int, { description: 'The number of days after which a placed order counts as waiting.' })
  ordersWaitingDays!: number;

  @Field(() => String, {
    description: 'The last order date (ISO) of the waiting orders: for the order list filter "ordered up to".',
  })
  ordersWaitingPlacedUntil!: string;

  @Field(() => [MunicipalityTotals], { description: 'Totals per municipality in the viewer’s scope, by name.' })
  municipalities!: MunicipalityTotals[];
}

export class DashboardService {
  /** All counts in one round trip, limited to the municipalities the viewer may see. */
  async counts(ctx: RequestContext): Promise<AdminDashboard> {
    const scope = scopeIds(ctx.viewer);
    const all = scope === null;
    const ids = scope ?? [];
    const m = (column: string) => (all ? 'true' : `${column} = any(?::uuid[])`);
    const sql = `select
      (select count(distinct pa.product_id) from product_approval pa join product p on p.id = pa.product_id
        where pa.status = 'PENDING' and p.status in ('SUBMITTED','APPROVED','REJECTED') and ${decisionCounts('pa', 'p')} and ${m('pa.municipality_id')})::int as "productsToReview",
      (select count(*) from provider_membership pm where pm.status = 'PENDING' and ${m('pm.municipality_id')})::int as "providersToApprove",
      (select count(distinct pa.product_id) from product_approval pa join product p on p.id = pa.product_id
        where pa.status = 'APPROVED' and p.status = 'APPROVED' and ${decisionCounts('pa', 'p')} and ${m('pa.municipality_id')})::int as "approvedProducts",
      (select count(distinct pm.provider_id) from provider_membership pm where pm.status = 'APPROVED' and ${m('pm.municipality_id')})::int as "providers",
      (select count(*) from client_group cg where ${m('cg.municipality_id')})::int as "clientGroups",
      (select count(*) from person pe where ${m('pe.municipality_id')})::int as "persons",
      (select count(*) from arrangement a where ?::date between a.valid_from and a.valid_until and ${m('a.municipality_id')})::int as "activeArrangements"`;
    const pgArray = `{${ids.join(',')}}`;
    const day = today(ctx.clock);
    const params = all ? [day] : [...Array.from({ length: 6 }, () => pgArray), day, pgArray];
    const [row] = await ctx.em.execute<Record<string, number>[]>(sql, params);
    // Whole days in Dutch time, as the order list's "ordered up to" filter counts them.
    const placedUntil = daysBefore(day, ORDER_WAITING_DAYS + 1);
    const [waiting] = await ctx.em.execute<{ n: number }[]>(
      `select count(*)::int as n from customer_order o where o.status = 'PLACED'
         and o.created_at < (?::date + 1)::timestamp at time zone 'Europe/Amsterdam' and ${m('o.municipality_id')}`,
      all ? [placedUntil] : [placedUntil, pgArray],
    );
    const monthStart = `${day.slice(0, 8)}01`;
    const totals = await ctx.em.execute<Record<string, unknown>[]>(
      `select mu.id as "municipalityId", mu.name as "municipalityName",
         (select count(*) from arrangement a where a.municipality_id = mu.id
            and ?::date between a.valid_from and a.valid_until)::int as "activeArrangements",
         (select coalesce(sum(s.amount_cents), 0) from assignment s join arrangement a on a.id = s.arrangement_id
            where a.municipality_id = mu.id and s.status = 'ACTIVE'
              and ?::date between s.valid_from and s.valid_until)::int as "budgetGrantedCents",
         (select coalesce(sum(o.budget_cents), 0) from customer_order o where o.municipality_id = mu.id
            and o.status in ('PLACED','ACCEPTED','DELIVERED')
            and o.created_at >= (?::date)::timestamp at time zone 'Europe/Amsterdam')::int as "spentThisMonthCents",
         (select count(*) from customer_order o where o.municipality_id = mu.id
            and o.status in ('PLACED','ACCEPTED','DELIVERED')
            and o.created_at >= (?::date)::timestamp at time zone 'Europe/Amsterdam')::int as "ordersThisMonth"
       from municipality mu where ${m('mu.id')} order by mu.name, mu.id`,
      [day, day, monthStart, monthStart, ...(all ? [] : [pgArray])],
    );
    return Object.assign(new AdminDashboard(), row, {
      ordersWaiting: waiting!.n,
      ordersWaitingDays: ORDER_WAITING_DAYS,
      ordersWaitingPlacedUntil: placedUntil,
      municipalities: totals.map((t) => Object.assign(new MunicipalityTotals(), t)),
    });
  }
}
