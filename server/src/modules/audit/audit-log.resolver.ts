import { Arg, Args, Ctx, Query, Resolver } from 'type-graphql';
import type { Context } from '../../graphql/context.js';
import { Requires } from '../../graphql/auth/requires.js';
import { Permission } from '../../kernel/permissions.js';
import { ListArgs } from '../../graphql/pagination.js';
import { AuditLogConnection, AuditLogFilter } from './audit-log.types.js';

@Resolver()
export class AuditLogResolver {
  /**
   * The audit log (/admin/beheer/auditlog). ROLE_MANAGE: only who manages roles — the Beheerder — reads who did
   * what; reading it is itself recorded (`audit_log.viewed`, with the filter).
   */
  @Requires(Permission.ROLE_MANAGE)
  @Query(() => AuditLogConnection, {
    description: 'The audit log, newest first, filtered by person, actor, action, period.',
  })
  async auditLog(
    @Ctx() ctx: Context,
    @Args(() => ListArgs) page: ListArgs,
    @Arg('filter', () => AuditLogFilter, { description: 'Filters; all optional, combined with "and".', nullable: true })
    filter?: AuditLogFilter | null,
  ): Promise<AuditLogConnection> {
    const c = await ctx.services.auditLog.list(ctx, filter, page);
    if (!page.after) {
      await ctx.services.audit.record(ctx, {
        action: 'audit_log.viewed',
        subjectType: null,
        subjectId: null,
        details: { filter: Object.fromEntries(Object.entries(filter ?? {}).filter(([, v]) => v)) },
      });
    }
    return c as AuditLogConnection;
  }
}
