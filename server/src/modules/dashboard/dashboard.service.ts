import { Field, ID, Int, ObjectType } from 'type-graphql';
import type { RequestContext } from '../../kernel/request-context.js';
import { scopeIds } from '../../kernel/scope.js';
import { dashboardFigures } from './dashboard.queries.js';
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
    const day = today(ctx.clock);
    // Whole days in Dutch time, as the order list's "ordered up to" filter counts them.
    const placedUntil = daysBefore(day, ORDER_WAITING_DAYS + 1);
    const { row, waiting, totals } = await dashboardFigures(ctx.em, scopeIds(ctx.viewer), day, placedUntil);
    return Object.assign(new AdminDashboard(), row, {
      ordersWaiting: waiting,
      ordersWaitingDays: ORDER_WAITING_DAYS,
      ordersWaitingPlacedUntil: placedUntil,
      municipalities: totals.map((t) => Object.assign(new MunicipalityTotals(), t)),
    });
  }
}
