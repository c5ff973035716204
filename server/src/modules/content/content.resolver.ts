import { Arg, Ctx, Query, Resolver } from 'type-graphql';
import type { Context } from '../../graphql/context.js';
import { Link, LinkPlacement } from './link.entity.js';
import { Municipality } from '../municipalities/municipality.entity.js';

@Resolver()
export class ContentResolver {
  @Query(() => [Link], { description: 'Managed links, in display order; optionally only one placement.' })
  links(
    @Ctx() ctx: Context,
    @Arg('placement', () => LinkPlacement, { nullable: true }) placement?: LinkPlacement | null,
  ): Promise<Link[]> {
    return ctx.em.find(Link, placement ? { placement } : {}, { orderBy: [{ sortOrder: 'asc' }, { label: 'asc' }] });
  }

  @Query(() => [Municipality], { description: 'The municipalities on this platform.' })
  municipalities(@Ctx() ctx: Context): Promise<Municipality[]> {
    return ctx.em.find(Municipality, {}, { orderBy: { name: 'asc' } });
  }
}
