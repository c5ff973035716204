import { LockMode } from '@mikro-orm/core';
import { UserError } from '../../kernel/errors.js';
import { isUuid } from '../../graphql/ids.js';
import { transactional, type RequestContext } from '../../kernel/request-context.js';
import { failIfAny, ok, problem, type Result } from '../../kernel/result.js';
import { checkAll } from '../../rules/rule.js';
import { linkRules } from '../../rules/news.js';
import type { AuditService } from '../audit/index.js';
import { Link, LinkPlacement } from './link.entity.js';
import * as q from './link.queries.js';

const NOT_FOUND = 'Deze link is niet gevonden.';

export interface LinkInputLike {
  label?: string | null;
  url?: string | null;
  placement?: LinkPlacement | null;
}

/**
 * Managed links (beheer/links): shown in the footer (FOOTER) or the useful-links block (USEFUL), in their order.
 * New links go last; "move up/down" swaps with the neighbour and renumbers the placement 0, 1, 2… so the order is
 * always a clean sequence. Permissions are the resolver's (`@Requires(CONTENT_EDIT)`); links belong to the platform.
 */
export class LinkService {
  constructor(private readonly audit: AuditService) {}

  list(ctx: RequestContext, placement?: LinkPlacement | null): Promise<Link[]> {
    return ctx.em.find(Link, placement ? { placement } : {}, {
      orderBy: [{ placement: 'asc' }, { sortOrder: 'asc' }, { label: 'asc' }, { id: 'asc' }],
    });
  }

  one(ctx: RequestContext, id: string): Promise<Link | null> {
    return isUuid(id) ? ctx.em.findOne(Link, id) : Promise.resolve(null);
  }

  private check(input: LinkInputLike): Result<{ label: string; url: string; placement: LinkPlacement }> {
    const { values, problems } = checkAll(linkRules, input);
    const errors = problems.map((p) => UserError.of(p.field, p.code, p.message));
    return failIfAny(errors) ?? ok({ ...values, placement: input.placement ?? LinkPlacement.FOOTER });
  }

  async create(ctx: RequestContext, input: LinkInputLike): Promise<Result<Link>> {
    const checked = this.check(input);
    if (!checked.ok) return checked;
    return transactional(ctx, async (tx) => {
      await q.lockLinkOrder(tx.em);
      const next = await q.nextSortOrder(tx.em, checked.value.placement);
      const link = tx.em.create(Link, { ...checked.value, sortOrder: next });
      await tx.em.flush();
      await this.audit.record(tx, {
        action: 'LINK_CREATED',
        subjectType: 'link',
        subjectId: link.id,
        details: { label: link.label, url: link.url },
      });
      return ok(link);
    });
  }

  async update(ctx: RequestContext, id: string, input: LinkInputLike): Promise<Result<Link>> {
    if (!isUuid(id)) return problem(null, 'NOT_FOUND', NOT_FOUND);
    const checked = this.check(input);
    if (!checked.ok) return checked;
    return transactional(ctx, async (tx) => {
      await q.lockLinkOrder(tx.em);
      const link = await tx.em.findOne(Link, id, { lockMode: LockMode.PESSIMISTIC_WRITE });
      if (!link) return problem(null, 'NOT_FOUND', NOT_FOUND);
      const fields = (['label', 'url', 'placement'] as const).filter((f) => link[f] !== checked.value[f]);
      if (link.placement !== checked.value.placement) {
        const next = await q.nextSortOrder(tx.em, checked.value.placement);
        link.sortOrder = next;
      }
      Object.assign(link, checked.value);
      await tx.em.flush();
      await this.audit.record(tx, { action: 'LINK_UPDATED', subjectType: 'link', subjectId: id, details: { fields } });
      return ok(link);
    });
  }

  /** Moves a link one place up (-1) or down (+1) within its placement; at the edge nothing changes. */
  async move(ctx: RequestContext, id: string, direction: -1 | 1): Promise<Result<Link>> {
    if (!isUuid(id)) return problem(null, 'NOT_FOUND', NOT_FOUND);
    return transactional(ctx, async (tx) => {
      await q.lockLinkOrder(tx.em);
      const link = await tx.em.findOne(Link, id);
      if (!link) return problem(null, 'NOT_FOUND', NOT_FOUND);
      const siblings = await this.list(tx, link.placement);
      const at = siblings.findIndex((l) => l.id === id);
      const to = at + direction;
      if (to >= 0 && to < siblings.length) {
        [siblings[at], siblings[to]] = [siblings[to]!, siblings[at]!];
        siblings.forEach((l, i) => (l.sortOrder = i));
        await tx.em.flush();
        await this.audit.record(tx, {
          action: 'LINK_MOVED',
          subjectType: 'link',
          subjectId: id,
          details: { from: at, to },
        });
      }
      return ok(link);
    });
  }

  async delete(ctx: RequestContext, id: string): Promise<Result<string>> {
    if (!isUuid(id)) return problem(null, 'NOT_FOUND', NOT_FOUND);
    return transactional(ctx, async (tx) => {
      await q.lockLinkOrder(tx.em);
      const deleted = await q.deleteLink(tx.em, id);
      if (!deleted) return problem(null, 'NOT_FOUND', NOT_FOUND);
      await this.audit.record(tx, { action: 'LINK_DELETED', subjectType: 'link', subjectId: id, details: deleted });
      return ok(id);
    });
  }
}
