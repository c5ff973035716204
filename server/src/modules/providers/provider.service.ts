import type { Context } from '../../graphql/context.js';
import { isUuid } from '../../graphql/ids.js';
import { Provider } from './provider.entity.js';
import { ProviderMembership, MembershipStatus } from './provider-membership.entity.js';

export class ProviderService {
  /** A provider as the public sees it: only when approved in at least one municipality. */
  async publicProvider(ctx: Context, id: string): Promise<Provider | null> {
    if (!isUuid(id)) return null;
    const approved = await ctx.em.count(ProviderMembership, { provider: id, status: MembershipStatus.APPROVED });
    return approved > 0 ? ctx.em.findOne(Provider, id) : null;
  }
}
