import pg from 'pg';
import { JOURNAL_DAY_TOTALS_DRIFT_SQL } from '../modules/journal/journal-day-totals.js';
import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import { encryptBsn, hashBsn, isValidBsn, type BsnKeys } from '../crypto/bsn.js';

/**
 * Checkout under load, shared by the benchmark (bench/checkout.ts) and the crash test: seeding households with budgets
 * straight into PostgreSQL (fast, through the same ledger tables and triggers the application uses), a tiny HTTP client
 * per simulated resident (logged in through the DigiD simulator, as a browser does), and the money invariants that must
 * hold whatever happened.
 */

export interface LoadFixture {
  municipalityId: string;
  /** One BSN per household; the first `contributionHouseholds` have a small budget and need an own contribution. */
  bsns: string[];
  /** Products by provider: a checkout takes one line from each of two providers. */
  productsByProvider: { id: string; priceCents: number }[][];
}

function bsn(used: Set<string>): string {
  for (;;) {
    const candidate = String(randomInt(1, 10)) + String(randomInt(0, 100_000_000)).padStart(8, '0');
    if (isValidBsn(candidate) && !used.has(candidate)) {
      used.add(candidate);
      return candidate;
    }
  }
}

/**
 * A municipality with `providers` (default 4) providers × 4 products, a budget arrangement (no own contribution) and an arrangement that
 * allows one, and `households` households of one resident with a BSN: most get `budgetCents`, the first
 * `contributionHouseholds` get a small budget of the second arrangement so their checkouts need an own contribution.
 */
export async function seedCheckoutLoad(
  url: string,
  keys: BsnKeys,
  options: { households: number; budgetCents: number; contributionHouseholds?: number; providers?: number },
): Promise<LoadFixture> {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => undefined);
  await client.connect();
  const tag = randomBytes(4).toString('hex');
  try {
    await client.query('begin');
    const {
      rows: [m],
    } = await client.query<{ id: string }>(`insert into municipality (name, slug) values ($1, $2) returning id`, [
      `Gemeente Belasting ${tag}`,
      `belasting-${tag}`,
    ]);
    const municipalityId = m!.id;
    const {
      rows: [cat],
    } = await client.query<{ id: string }>(
      `insert into category (name, slug, sort_order) values ($1, $2, 99) returning id`,
      [`Belasting ${tag}`, `belasting-${tag}`],
    );
    const providers = (
      await client.query<{ id: string }>(
        `insert into provider (name, slug, kvk_number, iban, email, city)
         select 'Belastingaanbieder ' || i || ' ' || $1, 'belasting-' || $1 || '-' || i, lpad((($2::int + i) % 100000000)::text, 8, '0'),
                'NL91ABNA0417164300', 'info' || i || '-' || $1 || '@example.org', 'Belastingstad'
           from generate_series(1, $3::int) i returning id`,
        [tag, randomInt(0, 90_000_000), options.providers ?? 4],
      )
    ).rows.map((r) => r.id);
    await client.query(
      `insert into provider_membership (provider_id, municipality_id, status) select unnest($1::uuid[]), $2, 'APPROVED'`,
      [providers, municipalityId],
    );
    const productsByProvider: { id: string; priceCents: number }[][] = [];
    for (const [i, providerId] of providers.entries()) {
      const rows = (
        await client.query<{ id: string; price_cents: number }>(
          `insert into product (provider_id, category_id, title, slug, description, price_cents, status, submitted_at)
           select $1, $2, 'Belastingproduct ' || $3::int || '-' || j, 'belastingproduct-' || $4 || '-' || $3::int || '-' || j,
                  'Een product om de bestelling onder belasting te meten.', 250 + (j * 173 + $3::int * 311) % 1750, 'APPROVED', now()
             from generate_series(1, 4) j returning id, price_cents`,
          [providerId, cat!.id, i + 1, tag],
        )
      ).rows;
      // Approved by the municipality, so they are in its offer.
      await client.query(
        `insert into product_approval (product_id, municipality_id, status, decided_at) select unnest($1::uuid[]), $2, 'APPROVED', now()`,
        [rows.map((r) => r.id), municipalityId],
      );
      productsByProvider.push(rows.map((r) => ({ id: r.id, priceCents: r.price_cents })));
    }
    const arrangements = (
      await client.query<{ id: string; own_contribution_allowed: boolean }>(
        `insert into arrangement (municipality_id, name, slug, valid_from, valid_until, default_amount_cents, own_contribution_allowed)
         values ($1, 'Belastingregeling', 'belastingregeling', '2020-01-01', '2099-12-31', $2, false),
                ($1, 'Belastingregeling met eigen bijdrage', 'belastingregeling-eigen-bijdrage', '2020-01-01', '2099-12-31', 500, true)
         returning id, own_contribution_allowed`,
        [municipalityId, options.budgetCents],
      )
    ).rows;
    const budgetArrangement = arrangements.find((a) => !a.own_contribution_allowed)!.id;
    const contributionArrangement = arrangements.find((a) => a.own_contribution_allowed)!.id;
    await client.query(`insert into arrangement_category (arrangement_id, category_id) select unnest($1::uuid[]), $2`, [
      [budgetArrangement, contributionArrangement],
      cat!.id,
    ]);

    const used = new Set<string>();
    const bsns = Array.from({ length: options.households }, () => bsn(used));
    const groups = (
      await client.query<{ id: string; n: number }>(
        `insert into client_group (municipality_id, client_number, name)
         select $1, 'BL-' || $2 || '-' || i, 'Huishouden ' || i from generate_series(1, $3::int) i returning id, split_part(client_number, '-', 3)::int as n`,
        [municipalityId, tag, options.households],
      )
    ).rows.sort((x, y) => x.n - y.n);
    await client.query(
      `insert into person (client_group_id, municipality_id, external_identifier, first_name, last_name, bsn_encrypted, bsn_hash)
       select g, $1, 'BL-' || $2 || '-' || ord, 'Belasting', 'Inwoner ' || ord, enc, h
         from unnest($3::uuid[], $4::text[], $5::text[]) with ordinality as x(g, enc, h, ord)`,
      [
        municipalityId,
        tag,
        groups.map((g) => g.id),
        bsns.map((b) => encryptBsn(b, keys)),
        bsns.map((b) => hashBsn(b, keys)),
      ],
    );
    const contribution = options.contributionHouseholds ?? 0;
    const assignmentRows = groups.map((g, i) =>
      i < contribution
        ? { group: g.id, arrangement: contributionArrangement, amount: 500 }
        : { group: g.id, arrangement: budgetArrangement, amount: options.budgetCents },
    );
    const assignments = (
      await client.query<{ id: string; arrangement_id: string; amount_cents: number }>(
        `insert into assignment (client_group_id, arrangement_id, amount_cents, valid_from, valid_until)
         select g, a, amt, '2020-01-01', '2099-12-31' from unnest($1::uuid[], $2::uuid[], $3::int[]) as x(g, a, amt)
         returning id, arrangement_id, amount_cents`,
        [
          assignmentRows.map((r) => r.group),
          assignmentRows.map((r) => r.arrangement),
          assignmentRows.map((r) => r.amount),
        ],
      )
    ).rows;
    // The grants, booked like AssignmentService.grant does: funding → assignment, one balanced transaction each.
    await client.query(
      `insert into ledger_account (kind, municipality_id, arrangement_id, allow_negative) select 'ARRANGEMENT_FUNDING', $1, unnest($2::uuid[]), true`,
      [municipalityId, [budgetArrangement, contributionArrangement]],
    );
    await client.query(
      `insert into ledger_account (kind, municipality_id, assignment_id, allow_negative) select 'ASSIGNMENT', $1, unnest($2::uuid[]), false`,
      [municipalityId, assignments.map((a) => a.id)],
    );
    await client.query(
      `with tx as (
         insert into ledger_transaction (kind, municipality_id, description, assignment_id, actor_kind)
         select 'GRANT', $1, 'Toegekend: ' || ar.name, a.id, 'SYSTEM'
           from assignment a join arrangement ar on ar.id = a.arrangement_id where a.id = any($2::uuid[])
         returning id, assignment_id)
       insert into ledger_entry (transaction_id, account_id, amount_cents)
       select tx.id, f.id, -a.amount_cents from tx join assignment a on a.id = tx.assignment_id
         join ledger_account f on f.kind = 'ARRANGEMENT_FUNDING' and f.arrangement_id = a.arrangement_id
       union all
       select tx.id, acc.id, a.amount_cents from tx join assignment a on a.id = tx.assignment_id
         join ledger_account acc on acc.kind = 'ASSIGNMENT' and acc.assignment_id = a.id`,
      [municipalityId, assignments.map((a) => a.id)],
    );
    await client.query('commit');
    await client.query('analyze');
    return { municipalityId, bsns, productsByProvider };
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    await client.end();
  }
}

/** One simulated browser: a cookie jar, GraphQL over HTTP, and the DigiD simulator log-in. */
export class LoadClient {
  private cookies = new Map<string, string>();

  constructor(readonly baseUrl: string) {}

  private async fetch(path: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookies.size) headers.set('cookie', [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '));
    const res = await fetch(this.baseUrl + path, { ...init, headers, redirect: 'manual' });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair!.indexOf('=');
      const name = pair!.slice(0, eq).trim();
      const value = pair!.slice(eq + 1).trim();
      if (!value || /max-age=0/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return res;
  }

  async gql<T = any>(
    query: string,
    variables?: Record<string, unknown>,
  ): Promise<{
    status: number;
    retryAfter: string | null;
    data?: T;
    errors?: { message: string; extensions?: { code?: string } }[];
  }> {
    const res = await this.fetch('/graphql', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query, variables }),
    });
    return { status: res.status, retryAfter: res.headers.get('retry-after'), ...((await res.json()) as object) };
  }

  /** start → simulator (POST the BSN) → callback: the session cookie is set. */
  async loginWithDigid(bsn: string): Promise<void> {
    const start = await this.fetch(`/auth/digid/start?returnTo=${encodeURIComponent('/winkelwagen')}`);
    await start.arrayBuffer();
    const relayState = new URL(start.headers.get('location')!, this.baseUrl).searchParams.get('RelayState')!;
    const post = await this.fetch('/auth/digid/simulator', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ bsn, RelayState: relayState, action: 'login' }).toString(),
    });
    await post.arrayBuffer();
    const callback = new URL(post.headers.get('location')!, this.baseUrl);
    const done = await this.fetch(callback.pathname + callback.search);
    await done.arrayBuffer();
    if (done.headers.get('location') !== '/winkelwagen')
      throw new Error(`DigiD log-in failed: ${done.headers.get('location')}`);
  }
}

export const CHECKOUT_MUTATION = `mutation Checkout($input: CheckoutInput!) { checkout(input: $input) {
  errors { code message } contributionCents paymentUrl orders { id number status totalCents budgetCents contributionCents } } }`;

/**
 * Checkout i of a client: one or two of a product from two different providers (two orders); with `provider`, two
 * different products of that one provider (one order: every checkout books on the same provider's payable account).
 */
export function checkoutLines(fixture: LoadFixture, i: number, provider?: number) {
  const p = fixture.productsByProvider;
  if (provider != null) {
    const only = p[provider]!;
    return [
      { productId: only[i % only.length]!.id, quantity: 1 + (i % 2) },
      { productId: only[(i + 1) % only.length]!.id, quantity: 1 },
    ];
  }
  const first = p[i % p.length]!;
  const second = p[(i + 1) % p.length]!;
  return [
    { productId: first[i % first.length]!.id, quantity: 1 + (i % 2) },
    { productId: second[(i >> 1) % second.length]!.id, quantity: 1 },
  ];
}

export const newKey = () => randomUUID();

/**
 * The money invariants, over the whole database. Returns the violations (empty when all hold):
 * every ledger transaction balanced; every account's balance (a payable account's parts summed) the sum of its entries;
 * every provider's payable what its orders booked less its payouts; no negative budget; every order
 * with its SPEND booking equal to its budget (and its allocations), reversed exactly when it is cancelled; every
 * checkout's orders adding up to its totals; one payment per checkout with an own contribution, for that amount.
 */
export async function moneyInvariantViolations(url: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => undefined);
  await client.connect();
  const violations: string[] = [];
  const check = async (label: string, sql: string) => {
    const { rows } = await client.query(sql);
    for (const r of rows.slice(0, 5)) violations.push(`${label}: ${JSON.stringify(r)}`);
    if (rows.length > 5) violations.push(`${label}: … and ${rows.length - 5} more`);
  };
  try {
    await check(
      'unbalanced ledger transaction',
      `select t.id, t.kind, count(e.id) as entries, coalesce(sum(e.amount_cents), 0) as sum
         from ledger_transaction t left join ledger_entry e on e.transaction_id = t.id
        group by t.id having count(e.id) < 2 or sum(e.amount_cents) <> 0`,
    );
    await check(
      'account balance differs from its entries',
      `select a.account_id, a.kind, a.balance_cents,
              (select coalesce(sum(e.amount_cents), 0) from ledger_entry e where e.account_id = a.account_id) as entries
         from ledger_account_balance a
        where a.balance_cents <> (select coalesce(sum(e.amount_cents), 0) from ledger_entry e where e.account_id = a.account_id)`,
    );
    await check(
      'negative budget',
      `select account_id, balance_cents from ledger_account_balance where kind = 'ASSIGNMENT' and balance_cents < 0`,
    );
    await check(
      'order without its SPEND booking (or with a wrong one)',
      `select * from (
         select o.id, o.number, o.status, o.budget_cents,
                (select count(*) from ledger_transaction t where t.order_id = o.id and t.kind = 'SPEND') as spends,
                (select coalesce(sum(e.amount_cents), 0) from ledger_transaction t join ledger_entry e on e.transaction_id = t.id
                   join ledger_account a on a.id = e.account_id
                  where t.order_id = o.id and t.kind = 'SPEND' and a.kind = 'PROVIDER_PAYABLE') as spent,
                (select coalesce(-sum(e.amount_cents), 0) from ledger_transaction t join ledger_entry e on e.transaction_id = t.id
                   join ledger_account a on a.id = e.account_id
                  where t.order_id = o.id and t.kind = 'SPEND' and a.kind = 'ASSIGNMENT') as from_budget,
                (select coalesce(sum(amount_cents), 0) from order_allocation where order_id = o.id) as allocated,
                (select count(*) from ledger_transaction r join ledger_transaction t on t.id = r.reverses_id
                  where t.order_id = o.id and t.kind = 'SPEND' and r.kind = 'CANCEL') as reversals
           from customer_order o) x
        where (budget_cents > 0 and (spends <> 1 or spent <> budget_cents or from_budget <> budget_cents or allocated <> budget_cents))
           or (budget_cents = 0 and (spends <> 0 or allocated <> 0))
           or (budget_cents > 0 and status = 'CANCELLED' and reversals <> 1)
           or (status <> 'CANCELLED' and reversals <> 0)`,
    );
    await check(
      "provider payable differs from its orders' bookings and payouts",
      // A provider's payable balance (its parts summed) is what its orders booked on it (SPEND: the budget part;
      // CONTRIBUTION, CANCEL, REFUND) less what was paid out (PAYOUT), and for orders never cancelled nor paid by
      // own contribution the SPEND is exactly the order's budget part (the check above).
      `select a.account_id, a.provider_id, a.balance_cents,
              coalesce((select sum(e.amount_cents) from ledger_entry e join ledger_transaction t on t.id = e.transaction_id
                          join customer_order o on o.id = t.order_id
                         where e.account_id = a.account_id and o.provider_id = a.provider_id
                           and o.municipality_id = a.municipality_id), 0) as from_orders,
              coalesce((select sum(e.amount_cents) from ledger_entry e join ledger_transaction t on t.id = e.transaction_id
                         where e.account_id = a.account_id and t.kind = 'PAYOUT'), 0) as payouts
         from ledger_account_balance a
        where a.kind = 'PROVIDER_PAYABLE'
          and a.balance_cents <> coalesce((select sum(e.amount_cents) from ledger_entry e join ledger_transaction t on t.id = e.transaction_id
                                             join customer_order o on o.id = t.order_id
                                            where e.account_id = a.account_id and o.provider_id = a.provider_id
                                              and o.municipality_id = a.municipality_id), 0)
                                 + coalesce((select sum(e.amount_cents) from ledger_entry e join ledger_transaction t on t.id = e.transaction_id
                                            where e.account_id = a.account_id and t.kind = 'PAYOUT'), 0)`,
    );
    await check("journal day totals differ from the ledger's entries", JOURNAL_DAY_TOTALS_DRIFT_SQL);
    await check(
      'order lines do not add up to the order',
      `select o.id, o.total_cents, coalesce(sum(l.total_cents), 0) as lines from customer_order o left join order_line l on l.order_id = o.id
        group by o.id having count(l.id) = 0 or o.total_cents <> coalesce(sum(l.total_cents), 0)`,
    );
    await check(
      'checkout totals differ from its orders',
      `select c.id, c.total_cents, c.budget_cents, c.contribution_cents,
              coalesce(sum(o.total_cents), 0) as total, coalesce(sum(o.budget_cents), 0) as budget, coalesce(sum(o.contribution_cents), 0) as contribution
         from checkout c left join customer_order o on o.checkout_id = c.id
        group by c.id
       having count(o.id) = 0 or c.total_cents <> coalesce(sum(o.total_cents), 0) or c.budget_cents <> coalesce(sum(o.budget_cents), 0)
           or c.contribution_cents <> coalesce(sum(o.contribution_cents), 0)`,
    );
    await check(
      'checkout payment does not match its own contribution',
      `select c.id, c.contribution_cents, count(p.id) as payments, coalesce(sum(p.amount_cents), 0) as amount
         from checkout c left join payment p on p.checkout_id = c.id
        group by c.id
       having (c.contribution_cents > 0 and (count(p.id) <> 1 or coalesce(sum(p.amount_cents), 0) <> c.contribution_cents))
           or (c.contribution_cents = 0 and count(p.id) <> 0)`,
    );
  } finally {
    await client.end();
  }
  return violations;
}
