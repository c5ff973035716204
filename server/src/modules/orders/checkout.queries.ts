import type { EntityManager } from '@mikro-orm/postgresql';
import { executeNative } from '../../kernel/sql.js';
import type { PlanAssignment, PlanProduct } from './checkout-plan.js';
import type { Checkout, Order, OrderAllocation, OrderEvent, OrderLine } from './order.entities.js';

/**
 * The checkout's SQL (docs, "Persistence: entities and queries"): what a checkout needs read in one statement, the
 * start of its transaction in one round trip (budget accounts locked in account order, payable accounts made where
 * missing, order numbers reserved from the sequence), and its rows written in one statement. Plain functions, no
 * rules: `checkout.service.ts` decides (the offer and payable conditions are passed in). Each runs as a prepared
 * statement (kernel/sql.ts): parsed and planned once per connection, not on every checkout.
 */

type Condition = { sql: string; params: unknown[] };

export interface CheckoutReads {
  /** A checkout with the idempotency key asked about exists already (a repeated click). */
  earlier: boolean;
  members: { id: string; name: string }[];
  products: (PlanProduct & {
    availability: string;
    offered_here: boolean;
    offered_anywhere: boolean;
    provider_name: string;
  })[];
  assignments: (Omit<PlanAssignment, 'created_at'> & { created_at: string })[];
}

export interface CheckoutStart {
  budgets: { id: string; assignment_id: string; balance_cents: number }[];
  payables: { id: string; provider_id: string }[];
  numbers: string[] | null;
}

/**
 * In one statement: whether a checkout with `idempotencyKey` exists (null: not asked), the household's members (not
 * erased, the youngest… by birth date), the products asked for with their provider's name and whether each is in the
 * offer `here` and `anywhere`, and the assignments `usable` admits (the one that expires first first).
 */
export async function checkoutReads(
  em: EntityManager,
  clientGroupId: string,
  productIds: readonly string[],
  conditions: { here: Condition; anywhere: Condition; usable: Condition },
  idempotencyKey: string | null = null,
): Promise<CheckoutReads> {
  const { here, anywhere, usable } = conditions;
  const [read] = await executeNative<CheckoutReads>(
    em,
    `select
       exists(select 1 from checkout where idempotency_key = ?::text) as earlier,
       (select coalesce(json_agg(json_build_object('id', m.id, 'name', m.name) order by m.date_of_birth asc nulls first, m.first_name, m.id), '[]')
          from (select id, trim(first_name || ' ' || last_name) as name, date_of_birth, first_name from person
                 where client_group_id = ?::uuid and erased_at is null) m) as members,
       (select coalesce(json_agg(x), '[]') from (
          select p.id, p.title, p.price_cents, p.category_id, p.provider_id, p.availability, p.redemption_method,
                 (${here.sql}) as offered_here, (${anywhere.sql}) as offered_anywhere,
                 (select pr.name from provider pr where pr.id = p.provider_id) as provider_name
            from product p where p.id = any(?::uuid[])) x) as products,
       (select coalesce(json_agg(x order by x.valid_until, x.created_at, x.id), '[]') from (
          select a.id, a.arrangement_id, ar.name as arrangement_name, a.valid_until::text as valid_until, a.created_at,
                 ar.own_contribution_allowed, ar.max_per_order_cents, a.beneficiary_id,
                 coalesce(array(select ac.category_id::text from arrangement_category ac where ac.arrangement_id = ar.id), '{}') as category_ids
            from assignment a join arrangement ar on ar.id = a.arrangement_id
           where ${usable.sql}) x) as assignments`,
    [idempotencyKey, clientGroupId, ...here.params, ...anywhere.params, `{${productIds.join(',')}}`, ...usable.params],
    { prepared: true },
  );
  return read!;
}

/** The household's members that are not erased: id and full name, by birth date. */
export function householdMembers(em: EntityManager, clientGroupId: string): Promise<{ id: string; name: string }[]> {
  return em.execute<{ id: string; name: string }[]>(
    `select id, trim(first_name || ' ' || last_name) as name from person
      where client_group_id = ? and erased_at is null order by date_of_birth asc nulls first, first_name, id`,
    [clientGroupId],
  );
}

/**
 * The checkout, its orders, their lines, allocations and first events in one statement (data-modifying WITHs: the
 * foreign keys between them hold at the end of it).
 */
export async function insertCheckoutRows(
  em: EntityManager,
  checkout: Checkout,
  orders: readonly Order[],
  lines: readonly OrderLine[],
  allocations: readonly OrderAllocation[],
  events: readonly OrderEvent[],
): Promise<void> {
  await executeNative(
    em,
    `with c as (
       insert into checkout (id, client_group_id, person_id, municipality_id, idempotency_key, total_cents, budget_cents,
         contribution_cents, created_at)
       select * from jsonb_to_record(?::jsonb) as x(id uuid, client_group_id uuid, person_id uuid, municipality_id uuid,
         idempotency_key text, total_cents integer, budget_cents integer, contribution_cents integer, created_at timestamptz)
     ), o as (
       insert into customer_order (id, number, checkout_id, client_group_id, person_id, provider_id, municipality_id, status,
         total_cents, budget_cents, contribution_cents, pickup_code, redemption_method, placed_on_behalf,
         placed_by_admin_account_id, placed_on_behalf_reason, created_at, updated_at)
       select * from jsonb_to_recordset(?::jsonb) as x(id uuid, number text, checkout_id uuid, client_group_id uuid,
         person_id uuid, provider_id uuid, municipality_id uuid, status text, total_cents integer, budget_cents integer,
         contribution_cents integer, pickup_code text, redemption_method text, placed_on_behalf boolean, placed_by_admin_account_id uuid,
         placed_on_behalf_reason text, created_at timestamptz, updated_at timestamptz)
     ), l as (
       insert into order_line (id, order_id, product_id, title, unit_price_cents, quantity, total_cents, beneficiary_id)
       select * from jsonb_to_recordset(?::jsonb) as x(id uuid, order_id uuid, product_id uuid, title text,
         unit_price_cents integer, quantity integer, total_cents integer, beneficiary_id uuid)
     ), e as (
       insert into order_event (order_id, from_status, to_status, actor_kind, actor_id, reason, handover_method, at)
       select * from jsonb_to_recordset(?::jsonb) as x(order_id uuid, from_status text, to_status text, actor_kind text,
         actor_id uuid, reason text, handover_method text, at timestamptz)
     )
     insert into order_allocation (order_id, assignment_id, amount_cents)
     select * from jsonb_to_recordset(?::jsonb) as x(order_id uuid, assignment_id uuid, amount_cents integer)`,
    [
      JSON.stringify({
        id: checkout.id,
        client_group_id: checkout.clientGroupId,
        person_id: checkout.personId ?? null,
        municipality_id: checkout.municipalityId,
        idempotency_key: checkout.idempotencyKey,
        total_cents: checkout.totalCents,
        budget_cents: checkout.budgetCents,
        contribution_cents: checkout.contributionCents,
        created_at: checkout.createdAt,
      }),
      JSON.stringify(
        orders.map((o) => ({
          id: o.id,
          number: o.number,
          checkout_id: o.checkoutId,
          client_group_id: o.clientGroupId,
          person_id: o.personId ?? null,
          provider_id: o.providerId,
          municipality_id: o.municipalityId,
          status: o.status,
          total_cents: o.totalCents,
          budget_cents: o.budgetCents,
          contribution_cents: o.contributionCents,
          pickup_code: o.pickupCode,
          redemption_method: o.redemptionMethod,
          placed_on_behalf: o.placedOnBehalf,
          placed_by_admin_account_id: o.placedByAdminAccountId ?? null,
          placed_on_behalf_reason: o.placedOnBehalfReason ?? null,
          created_at: o.createdAt,
          updated_at: o.updatedAt,
        })),
      ),
      JSON.stringify(
        lines.map((l) => ({
          id: l.id,
          order_id: l.orderId,
          product_id: l.productId,
          title: l.title,
          unit_price_cents: l.unitPriceCents,
          quantity: l.quantity,
          total_cents: l.totalCents,
          beneficiary_id: l.beneficiaryId ?? null,
        })),
      ),
      JSON.stringify(
        events.map((e) => ({
          order_id: e.orderId,
          from_status: e.fromStatus ?? null,
          to_status: e.toStatus,
          actor_kind: e.actorKind,
          actor_id: e.actorId ?? null,
          reason: e.reason ?? null,
          handover_method: e.handoverMethod ?? null,
          at: e.at,
        })),
      ),
      JSON.stringify(
        allocations.map((a) => ({ order_id: a.orderId, assignment_id: a.assignmentId, amount_cents: a.amountCents })),
      ),
    ],
    { prepared: true },
  );
}

/**
 * The start of a checkout's transaction, in one round trip: the budget accounts of `assignmentIds` locked (in account
 * order, so concurrent checkouts never lock crosswise) with their balances; the payable accounts of the providers
 * (made where missing; not locked); and one order number per provider.
 */
export async function startCheckout(
  em: EntityManager,
  municipalityId: string,
  assignmentIds: readonly string[],
  providerIds: readonly string[],
  now: Date,
): Promise<CheckoutStart> {
  const [row] = await executeNative<CheckoutStart>(
    em,
    `with budgets as (
       select id, assignment_id, balance_cents from ledger_account
        where kind = 'ASSIGNMENT' and assignment_id = any(?::uuid[]) order by id for update
     ), found as (
       select id, provider_id from ledger_account
        where kind = 'PROVIDER_PAYABLE' and municipality_id = ?::uuid and provider_id = any(?::uuid[])
     ), added as (
       -- Not seen by the select above (one snapshot): the new ones come from RETURNING.
       insert into ledger_account (kind, municipality_id, provider_id, allow_negative, created_at)
       select 'PROVIDER_PAYABLE', ?::uuid, p, true, ?::timestamptz from unnest(?::uuid[]) p where p not in (select provider_id from found)
       on conflict do nothing returning id, provider_id
     ), numbers as (
       -- One per provider. Over the providers' array rather than generate_series(1, n): planned as a few rows, so the
       -- prepared statement's generic plan is as cheap as a custom one and is kept (generate_series counts as 1,000).
       select nextval('order_number_seq')::text as n from unnest(?::uuid[])
     )
     select (select coalesce(json_agg(b), '[]') from budgets b) as budgets,
            (select coalesce(json_agg(p), '[]') from (select * from found union all select * from added) p) as payables,
            (select array_agg(n order by n::bigint) from numbers) as numbers`,
    [
      `{${assignmentIds.join(',')}}`,
      municipalityId,
      `{${providerIds.join(',')}}`,
      municipalityId,
      now,
      `{${providerIds.join(',')}}`,
      `{${providerIds.join(',')}}`,
    ],
    { prepared: true },
  );
  return row!;
}
