import { Ctx, FieldResolver, Query, Resolver } from 'type-graphql';
import type { Context } from '../../graphql/context.js';
import { Requires } from '../../graphql/auth/requires.js';
import { Permission } from '../../kernel/permissions.js';
import { AdminDashboard } from './dashboard.service.js';
import { ArrangementBudgetUse, budgetUse } from './budget-use.js';

@Resolver(() => AdminDashboard)
export class DashboardResolver {
  @Query(() => AdminDashboard, { description: 'Counts and work queues for the admin dashboard.' })
  @Requires(Permission.DASHBOARD_VIEW)
  adminDashboard(@Ctx() ctx: Context): Promise<AdminDashboard> {
    return ctx.services.dashboard.counts(ctx);
  }

  @FieldResolver(() => [ArrangementBudgetUse], {
    description:
      'Budget use per arrangement in your municipality scope whose period touches the last 12 months: granted, spent, expired and remaining, month by month.',
  })
  budgetUse(@Ctx() ctx: Context): Promise<ArrangementBudgetUse[]> {
    return budgetUse(ctx);
  }
}
