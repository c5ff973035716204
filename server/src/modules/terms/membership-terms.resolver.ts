import { Ctx, FieldResolver, Resolver, Root } from 'type-graphql';
import type { Context } from '../../graphql/context.js';
import { MunicipalityMembership } from '../providers/index.js';
import { TermsVersion } from './terms-version.entity.js';

/** The terms on a provider's membership of a municipality (providers' type; the terms are this module's). */
@Resolver(() => MunicipalityMembership)
export class MunicipalityMembershipResolver {
  @FieldResolver(() => TermsVersion, {
    nullable: true,
    description: 'The terms a provider accepts when applying to this municipality.',
  })
  terms(@Root() row: MunicipalityMembership, @Ctx() ctx: Context): Promise<TermsVersion | null> {
    return ctx.services.terms.current(ctx.em, row.municipality.id);
  }
}
