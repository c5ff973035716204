import { Ctx, Field, ObjectType, Query, Resolver } from 'type-graphql';
import type { Context } from '../../graphql/context.js';
import { Permission } from '../../kernel/permissions.js';
import { Requires } from '../../graphql/auth/requires.js';
import { normaliseAddress } from '../../http/ip-allow-list.js';
import { maintenanceAt } from './sections/maintenance.js';
import { analyticsScript } from './sections/analytics.js';

@ObjectType({
  description: 'Whether the platform is in maintenance (instellingen/onderhoudsmodus), for every visitor.',
})
export class MaintenanceStatus {
  @Field(() => Boolean, { description: 'Residents and providers see the maintenance page; staff a banner.' })
  active!: boolean;

  @Field(() => String, { description: 'The Dutch message to show.' })
  message!: string;

  @Field(() => Date, { nullable: true, description: 'Scheduled: when it starts (also before it started).' })
  startsAt!: Date | null;

  @Field(() => Date, { nullable: true, description: 'When it is expected to end, if known.' })
  endsAt!: Date | null;
}

@ObjectType({ description: 'The statistics tool of the public pages (instellingen/analytics); null fields when off.' })
export class PublicAnalytics {
  @Field(() => Boolean, { description: 'Whether a statistics tool is on.' })
  enabled!: boolean;

  @Field(() => String, { nullable: true, description: 'PLAUSIBLE or MATOMO.' })
  tool!: string | null;

  @Field(() => String, { description: 'The URL of the tool’s script.', nullable: true })
  scriptUrl!: string | null;

  @Field(() => String, { description: 'The site’s id in the tool.', nullable: true })
  siteId!: string | null;
}

@Resolver()
export class MaintenanceResolver {
  @Query(() => MaintenanceStatus, { description: 'Maintenance mode as it is now; open to everyone, also during it.' })
  async maintenanceStatus(@Ctx() ctx: Context): Promise<MaintenanceStatus> {
    const value = await ctx.services.settings.get('maintenance');
    const now = ctx.clock.now();
    const at = maintenanceAt(value, now);
    const scheduledAhead = value.mode === 'SCHEDULED' && !at.active && at.endsAt !== null;
    return Object.assign(new MaintenanceStatus(), {
      active: at.active,
      message: value.message,
      startsAt:
        value.mode === 'OFF' || !value.startsAt || (!at.active && !scheduledAhead) ? null : new Date(value.startsAt),
      endsAt: at.active || scheduledAhead ? at.endsAt : null,
    });
  }

  @Query(() => PublicAnalytics, { description: 'The cookieless statistics tool the public pages load, if any.' })
  async publicAnalytics(@Ctx() ctx: Context): Promise<PublicAnalytics> {
    const value = await ctx.services.settings.get('analytics');
    const on = analyticsScript(value) !== null;
    return Object.assign(new PublicAnalytics(), {
      enabled: on,
      tool: on ? value.tool : null,
      scriptUrl: on ? value.scriptUrl : null,
      siteId: on ? value.siteId : null,
    });
  }

  @Requires(Permission.SETTINGS_MANAGE)
  @Query(() => String, {
    nullable: true,
    description: 'The caller’s own IP address as the allow-list sees it (X-Forwarded-For only from a trusted proxy).',
  })
  ownIpAddress(@Ctx() ctx: Context): string | null {
    return ctx.req?.ip ? normaliseAddress(ctx.req.ip) : null;
  }
}
