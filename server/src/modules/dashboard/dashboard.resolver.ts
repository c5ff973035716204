import { Ctx, Query, Resolver } from 'type-graphql';
import type { Context } from '../../graphql/context.js';
import { Requires } from '../../graphql/auth/requires.js';
import { Permission } from '../../graphql/auth/permissions.js';
import { AdminDashboard } from './dashboard.service.js';

@Resolver()
export class DashboardResolver {
  @Query(() => AdminDashboard, { description: 'Counts and work queues for the admin dashboard.' })
  @Requires(Permission.DASHBOARD_VIEW)
  adminDashboard(@Ctx() ctx: Context): Promise<AdminDashboard> {
    return ctx.services.dashboard.counts(ctx);
  }
}
