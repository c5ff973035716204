import { GraphQLError } from 'graphql';
import { Audience } from '../../kernel/permissions.js';
import { scopeSql } from '../../kernel/scope.js';
import { cappedCount, pageSize, toConnection, type ListArgs } from '../../graphql/pagination.js';
import { isUuid } from '../../graphql/ids.js';
import { isIsoDate } from '../../kernel/dates.js';
import type { RequestContext } from '../../kernel/request-context.js';
import { keyCondition, rowCursor, stripKeys } from '../../graphql/keyset.js';
import { Provider } from '../providers/index.js';
import { Order } from './order.entities.js';
import type { OrderViewService } from './order-view.service.js';
import {
  EMPTY_ORDER_PAGE,
  type AdminOrderFilter,
  type MyOrderFilter,
  type OrderPage,
  type PersonOrderFilter,
  type ProviderOrderFilter,
} from './order-work.types.js';
import * as q from './order-lists.queries.js';

/**
 * Orders a provider sees: released to it (placed at some point). An order still waiting for its own contribution,
 * or cancelled because that payment failed, never reached the provider.
 */
const RELEASED_TO_PROVIDER = `(o.status in ('PLACED','ACCEPTED','DELIVERED')
  or (o.status = 'CANCELLED' and exists (select 1 from order_event e where e.order_id = o.id and e.to_status = 'PLACED')))`;

function badInput(message: string): never {
  throw new GraphQLError(message, { extensions: { code: 'BAD_USER_INPUT' } });
}

/** "b 100 001", "100001" → "B100001" (a prefix is fine: "B1000" finds B100001 … B100099). Null: not an order number. */
export function normaliseOrderNumber(search: string): string | null {
  const s = search.replace(/\s+/g, '').toUpperCase();
  const m = /^B?(\d{1,12})$/.exec(s);
  return m ? `B${m[1]}` : null;
}

/**
 * The order lists: the customer's household orders, a provider's own orders and the staff search within their
 * municipality scope. Every list is `(filter, page)` with the one page size and the keyset helper; each page is two
 * statements (a count capped at COUNT_CAP and the keyset page) plus OrderViewService.views' fixed batch, whatever the page size.
 */
export class OrderListService {
  constructor(private readonly orderViews: OrderViewService) {}

  /** The customer's household orders, newest first. */
  async mine(ctx: RequestContext, filter: MyOrderFilter | null | undefined, page: ListArgs): Promise<OrderPage> {
    if (ctx.viewer.kind !== Audience.CUSTOMER) return EMPTY_ORDER_PAGE;
    return this.withStatus(ctx, ['o.client_group_id = ?'], [ctx.viewer.clientGroupId], filter?.status, page);
  }

  /**
   * A household's orders for staff (the person order screens), newest first. The caller checked that the household is
   * within the staff member's scope (personOrders: PersonService.householdOf, then this).
   */
  async household(
    ctx: RequestContext,
    clientGroupId: string,
    filter: PersonOrderFilter | null | undefined,
    page: ListArgs,
  ): Promise<OrderPage> {
    return this.withStatus(ctx, ['o.client_group_id = ?'], [clientGroupId], filter?.status, page);
  }

  async providerOrders(
    ctx: RequestContext,
    filter: ProviderOrderFilter | null | undefined,
    page: ListArgs,
  ): Promise<OrderPage> {
    if (ctx.viewer.kind !== Audience.PROVIDER) return EMPTY_ORDER_PAGE;
    if (filter?.status === 'AWAITING_PAYMENT') return EMPTY_ORDER_PAGE;
    const where = ['o.provider_id = ?', RELEASED_TO_PROVIDER];
    return this.withStatus(ctx, where, [ctx.viewer.providerId], filter?.status, page);
  }

  async adminOrders(
    ctx: RequestContext,
    filterArg: AdminOrderFilter | null | undefined,
    page: ListArgs,
  ): Promise<OrderPage> {
    const conditions = this.adminOrderConditions(ctx, filterArg);
    if (!conditions) return EMPTY_ORDER_PAGE;
    return this.page(ctx, conditions.where, conditions.params, page);
  }

  /**
   * The staff order search as SQL conditions on `customer_order o` (scope and filters), shared by the list and its CSV
   * export; null when nothing can match. A malformed date is a BAD_USER_INPUT error.
   */
  adminOrderConditions(
    ctx: RequestContext,
    filterArg: AdminOrderFilter | null | undefined,
  ): { where: string[]; params: unknown[] } | null {
    const filter = filterArg ?? {};
    const v = ctx.viewer;
    if (v.kind !== Audience.STAFF && v.kind !== Audience.API_CLIENT) return null;
    const where: string[] = [];
    const params: unknown[] = [];
    // One municipality (the usual scope) is an equality, so the (municipality_id, created_at, id) index serves the page.
    const scope = scopeSql(v, 'o.municipality_id');
    where.push(scope.sql);
    params.push(...scope.params);
    if (filter.search?.trim()) {
      const number = normaliseOrderNumber(filter.search);
      if (!number) return null;
      where.push(`o.number like ?`);
      params.push(`${number}%`);
    }
    if (filter.status) {
      where.push('o.status = ?');
      params.push(filter.status);
    }
    if (filter.providerId) {
      if (!isUuid(filter.providerId)) return null;
      where.push('o.provider_id = ?');
      params.push(filter.providerId);
    }
    // Whole days in Dutch time, whatever the server's time zone.
    if (filter.from) {
      if (!isIsoDate(filter.from)) badInput('Vul een geldige begindatum in, bijvoorbeeld 2026-03-01.');
      where.push(`o.created_at >= (?::date)::timestamp at time zone 'Europe/Amsterdam'`);
      params.push(filter.from);
    }
    if (filter.to) {
      if (!isIsoDate(filter.to)) badInput('Vul een geldige einddatum in, bijvoorbeeld 2026-03-31.');
      where.push(`o.created_at < (?::date + 1)::timestamp at time zone 'Europe/Amsterdam'`);
      params.push(filter.to);
    }
    if (filter.from && filter.to && filter.from > filter.to) badInput('De begindatum ligt na de einddatum.');
    return { where, params };
  }

  /** Providers with at least one order within the staff member's scope, by name (the provider filter). */
  async adminOrderProviders(ctx: RequestContext): Promise<Provider[]> {
    const v = ctx.viewer;
    if (v.kind !== Audience.STAFF && v.kind !== Audience.API_CLIENT) return [];
    const scope = scopeSql(v, 'o.municipality_id');
    return q.providersWithOrders(ctx.em, scope);
  }

  /** The orders matching `where`, newest first: of one status, or of all. */
  private withStatus(
    ctx: RequestContext,
    where: string[],
    params: unknown[],
    status: string | null | undefined,
    page: ListArgs,
  ): Promise<OrderPage> {
    if (status) {
      where.push('o.status = ?');
      params.push(status);
    }
    return this.page(ctx, where, params, page);
  }

  private async page(ctx: RequestContext, where: string[], params: unknown[], page: ListArgs): Promise<OrderPage> {
    const first = pageSize(page.first);
    // The cursor is checked first: a bad one is an error even when nothing matches.
    const cursor = keyCondition(q.NEWEST_FIRST, page.after);
    const condition = where.length ? where.join(' and ') : 'true';
    // Counted up to COUNT_CAP: a page never counts a million orders (the screen then says "meer dan 1.000").
    const counted = await cappedCount(ctx.em, `customer_order o where ${condition}`, params);
    if (counted.totalCount === 0) return EMPTY_ORDER_PAGE;
    const rows = await q.orderPage(ctx.em, condition, params, cursor, first + 1);
    return toConnection(rows, {
      first,
      ...counted,
      cursorOf: (row) => rowCursor(q.NEWEST_FIRST, row),
      nodes: (rowsOfPage) =>
        this.orderViews.views(
          ctx,
          rowsOfPage.map((row) => ctx.em.map(Order, stripKeys({ ...row }, q.NEWEST_FIRST.keys.length) as never)),
        ),
    });
  }
}
