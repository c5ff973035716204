import { Field, Int, ObjectType } from 'type-graphql';
import type { RequestContext } from '../../lib/request-context.js';
import { municipalityScope } from '../../graphql/auth/viewer.js';
import { decisionCounts } from '../catalogue/product-approval.js';
import { today } from '../../lib/clock.js';

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

  @Field(() => Int)
  clientGroups!: number;

  @Field(() => Int)
  persons!: number;

  @Field(() => Int, { description: 'Arrangements valid today.' })
  activeArrangements!: number;
}

export class DashboardService {
  /** All counts in one round trip, limited to the municipalities the viewer may see. */
  async counts(ctx: RequestContext): Promise<AdminDashboard> {
    const scope = municipalityScope(ctx.viewer);
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
    const params = all ? [today(ctx.clock)] : [...Array.from({ length: 6 }, () => pgArray), today(ctx.clock), pgArray];
    const [row] = await ctx.em.execute<Record<string, number>[]>(sql, params);
    return Object.assign(new AdminDashboard(), row);
  }
}
