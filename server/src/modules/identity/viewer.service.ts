import type { Context } from '../../graphql/context.js';
import { Audience } from '../../kernel/permissions.js';
import { AdminAccount } from '../staff/index.js';
import { ProviderUser } from '../providers/index.js';
import { scopeFilter } from '../../kernel/scope.js';
import { Person } from '../customers/index.js';
import { Municipality } from '../municipalities/index.js';
import { ViewerInfo, ViewerKind } from './viewer.type.js';
import { operatorContact } from './viewer.queries.js';

/** Describes the current viewer for the client: name, role, permissions, scope. */
export class ViewerService {
  async describe(ctx: Context): Promise<ViewerInfo> {
    const v = ctx.viewer;
    const info: ViewerInfo = Object.assign(new ViewerInfo(), {
      kind: v.kind as unknown as ViewerKind,
      displayName: null,
      email: null,
      roleName: null,
      permissions: [],
      municipalities: [],
      provider: null,
      operatorAct: null,
    });
    switch (v.kind) {
      case Audience.STAFF: {
        if (v.operator) {
          // An operator of Lightbase acting in one municipality (modules/operators): no admin account behind it.
          const operator = await operatorContact(ctx.em, v.operator.operatorId);
          const municipalities = await ctx.em.find(Municipality, { id: v.operator.municipalityId });
          info.displayName = operator?.name ?? 'Operator van Lightbase';
          info.email = operator?.email ?? null;
          info.roleName = 'Operator van Lightbase';
          info.permissions = [...v.permissions].sort();
          info.municipalities = municipalities;
          info.operatorAct = {
            municipalityId: v.operator.municipalityId,
            municipalityName: municipalities[0]?.name ?? '',
            reason: v.operator.reason,
            until: v.operator.until,
          };
          break;
        }
        const account = await ctx.em.findOneOrFail(AdminAccount, v.adminAccountId, { populate: ['role'] });
        info.displayName = account.name;
        info.email = account.email;
        info.roleName = account.role.getEntity().name;
        info.permissions = [...v.permissions].sort();
        info.municipalities = await ctx.em.find(Municipality, scopeFilter(v, 'id'), { orderBy: { name: 'asc' } });
        break;
      }
      case Audience.PROVIDER: {
        const user = await ctx.em.findOneOrFail(ProviderUser, v.providerUserId);
        info.displayName = user.name;
        info.email = user.email;
        info.provider = await ctx.loaders.provider.load(v.providerId);
        break;
      }
      case Audience.CUSTOMER: {
        const person = await ctx.em.findOneOrFail(Person, v.personId);
        info.displayName = person.fullName;
        info.email = person.email ?? null;
        const m = await ctx.loaders.municipality.load(v.municipalityId);
        info.municipalities = m ? [m] : [];
        break;
      }
      case Audience.API_CLIENT: {
        info.permissions = [...v.permissions].sort();
        info.municipalities = await ctx.em.find(Municipality, scopeFilter(v, 'id'), { orderBy: { name: 'asc' } });
        break;
      }
      default:
        break;
    }
    return info;
  }
}
