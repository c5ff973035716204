import { Arg, Args, Ctx, Query, Resolver } from 'type-graphql';
import type { Context } from '../../graphql/context.js';
import { Requires } from '../../graphql/auth/requires.js';
import { Audience, Permission } from '../../kernel/permissions.js';
import { ListArgs } from '../../graphql/pagination.js';
import {
  AUDIT_KIND_INFOS,
  AuditKindInfo,
  AuditLogConnection,
  AuditLogFilter,
  DataProcessingConnection,
} from './audit-log.types.js';

@Resolver()
export class AuditLogResolver {
  /**
   * The audit log (/admin/beheer/auditlog). AUDIT_LOG_READ (the Beheerder, a privacy officer); limited to the
   * viewer's municipalities. Reading it is itself recorded (`audit_log.viewed`, with the filter).
   */
  @Requires(Permission.AUDIT_LOG_READ)
  @Query(() => AuditLogConnection, {
    description: 'The audit log, newest first, filtered by kind, person, actor, action, period.',
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

  @Requires(Permission.AUDIT_LOG_READ)
  @Query(() => [AuditKindInfo], { description: 'The kinds of audit log actions with their Dutch names, for filters.' })
  auditKinds(): AuditKindInfo[] {
    return AUDIT_KIND_INFOS;
  }

  /** The resident's own overview on /account/gegevens: who processed their data, without staff names. */
  @Requires(Audience.CUSTOMER)
  @Query(() => DataProcessingConnection, {
    description:
      'What organisations read or changed about the logged-in resident and their household, newest first, with the ' +
      'reason; never a staff member’s name.',
  })
  async myDataProcessing(@Ctx() ctx: Context, @Args(() => ListArgs) page: ListArgs): Promise<DataProcessingConnection> {
    const c = await ctx.services.auditLog.forResident(ctx, page);
    return {
      ...c,
      edges: c.edges.map(({ cursor, node }) => ({
        cursor,
        node: {
          id: node.id,
          at: node.at,
          actionName: node.actionName,
          organisation: node.organisation,
          reason: node.reason ?? node.purpose,
          processingActivity: node.processingActivity,
          dataKinds: node.dataKinds,
        },
      })),
    } as DataProcessingConnection;
  }
}
