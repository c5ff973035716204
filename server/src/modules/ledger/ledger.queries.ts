import type { EntityManager } from '@mikro-orm/postgresql';
import { executeNative } from '../../kernel/sql.js';
import type { LedgerAccountKind, LedgerTransactionKind } from './ledger.entities.js';

/**
 * The ledger's SQL (docs, "Persistence: entities and queries"): bookings written set-based (a transaction and its
 * entries; the balances move under the accounts' row locks in the database), accounts made once (on conflict), and
 * the balances read from the view. Plain functions, no rules: `ledger.service.ts` checks what is booked.
 */

export interface Actor {
  kind: 'STAFF' | 'CUSTOMER' | 'PROVIDER' | 'SYSTEM' | 'API_CLIENT';
  id?: string | null;
}

export interface Posting {
  accountId: string;
  /** Positive: money into the account; negative: out of it. Whole cents, never 0. */
  amountCents: number;
}

export interface PostInput {
  kind: LedgerTransactionKind;
  municipalityId: string;
  description: string;
  actor: Actor;
  entries: Posting[];
  assignmentId?: string | null;
  orderId?: string | null;
  paymentId?: string | null;
  reversesId?: string | null;
  /** A second post with the same key is refused by the database (unique), so a retried request books once. */
  idempotencyKey?: string | null;
}

/**
 * Many transactions (with the ids given, in that order) and their entries in one statement: the transactions in a
 * data-modifying WITH, run once and to completion, the entries' foreign key checked at the end of the statement,
 * their balance at commit.
 */
export async function insertTransactions(
  em: EntityManager,
  ids: readonly string[],
  inputs: readonly PostInput[],
  at: Date,
  options: { prepared?: boolean } = {},
): Promise<void> {
  // Native parameters: a batch of thousands of bookings (an import's chunk) is sent as it is, not quoted into the text.
  await executeNative(
    em,
    `with tx as (
       insert into ledger_transaction (id, kind, municipality_id, description, assignment_id, order_id, payment_id,
         reverses_id, idempotency_key, actor_kind, actor_id, created_at)
       select t.id, t.kind, t.municipality_id, t.description, t.assignment_id, t.order_id, t.payment_id, t.reverses_id,
              t.idempotency_key, t.actor_kind, t.actor_id, ?::timestamptz
         from jsonb_to_recordset(?::jsonb) as t(id uuid, kind text, municipality_id uuid, description text,
              assignment_id uuid, order_id uuid, payment_id uuid, reverses_id uuid, idempotency_key text,
              actor_kind text, actor_id uuid)
       returning id
     )
     insert into ledger_entry (transaction_id, account_id, amount_cents, created_at)
     select e.transaction_id, e.account_id, e.amount_cents, ?::timestamptz
       from unnest(?::uuid[], ?::uuid[], ?::bigint[]) as e(transaction_id, account_id, amount_cents)
      -- Each entry moves its account's balance under the account's row lock: in account order, a shared account
      -- (an arrangement's funding) is updated in one run and concurrent bookings take their locks in one order.
      order by e.account_id`,
    [
      at,
      JSON.stringify(
        inputs.map((input, i) => ({
          id: ids[i],
          kind: input.kind,
          municipality_id: input.municipalityId,
          description: input.description,
          assignment_id: input.assignmentId ?? null,
          order_id: input.orderId ?? null,
          payment_id: input.paymentId ?? null,
          reverses_id: input.reversesId ?? null,
          idempotency_key: input.idempotencyKey ?? null,
          actor_kind: input.actor.kind,
          actor_id: input.actor.id ?? null,
        })),
      ),
      at,
      `{${inputs.flatMap((input, i) => input.entries.map(() => ids[i])).join(',')}}`,
      `{${inputs.flatMap((input) => input.entries.map((e) => e.accountId)).join(',')}}`,
      `{${inputs.flatMap((input) => input.entries.map((e) => e.amountCents)).join(',')}}`,
    ],
    options,
  );
}

/** One transaction and then its entries; the transaction's id. */
export async function insertTransaction(em: EntityManager, input: PostInput, at: Date): Promise<string> {
  const [tx] = await em.execute<{ id: string }[]>(
    `insert into ledger_transaction (kind, municipality_id, description, assignment_id, order_id, payment_id, reverses_id,
       idempotency_key, actor_kind, actor_id, created_at)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) returning id`,
    [
      input.kind,
      input.municipalityId,
      input.description,
      input.assignmentId ?? null,
      input.orderId ?? null,
      input.paymentId ?? null,
      input.reversesId ?? null,
      input.idempotencyKey ?? null,
      input.actor.kind,
      input.actor.id ?? null,
      at,
    ],
  );
  const values = input.entries.map(() => '(?, ?, ?, ?)').join(', ');
  await em.execute(
    `insert into ledger_entry (transaction_id, account_id, amount_cents, created_at) values ${values}`,
    input.entries.flatMap((e) => [tx!.id, e.accountId, e.amountCents, at]),
  );
  return tx!.id;
}

/** A transaction's row as stored; undefined when there is none. */
export async function transactionById(
  em: EntityManager,
  id: string,
): Promise<Record<string, string | null> | undefined> {
  const [tx] = await em.execute<Record<string, string | null>[]>(`select * from ledger_transaction where id = ?`, [id]);
  return tx;
}

/** A transaction's entries, in the order they were written. */
export function entriesOf(
  em: EntityManager,
  transactionId: string,
): Promise<{ account_id: string; amount_cents: string }[]> {
  return em.execute<{ account_id: string; amount_cents: string }[]>(
    `select account_id, amount_cents from ledger_entry where transaction_id = ? order by id`,
    [transactionId],
  );
}

/** The account of this kind whose columns match `where` (`sql` with `?`, and its params). */
export async function accountId(
  em: EntityManager,
  kind: LedgerAccountKind,
  where: { sql: string; params: unknown[] },
): Promise<string | undefined> {
  const found = await em.execute<{ id: string }[]>(`select id from ledger_account where kind = ? and ${where.sql}`, [
    kind,
    ...where.params,
  ]);
  return found[0]?.id;
}

/** Makes the account unless it exists (on conflict do nothing). */
export async function insertAccount(
  em: EntityManager,
  account: {
    kind: LedgerAccountKind;
    municipalityId: string;
    arrangementId: string | null;
    assignmentId: string | null;
    providerId: string | null;
    allowNegative: boolean;
    createdAt: Date;
  },
): Promise<void> {
  await em.execute(
    `insert into ledger_account (kind, municipality_id, arrangement_id, assignment_id, provider_id, allow_negative, created_at)
     values (?, ?, ?, ?, ?, ?, ?) on conflict do nothing`,
    [
      account.kind,
      account.municipalityId,
      account.arrangementId,
      account.assignmentId,
      account.providerId,
      account.allowNegative,
      account.createdAt,
    ],
  );
}

/** Makes the assignments' budget accounts that do not exist yet (on conflict do nothing), all at once. */
export async function insertAssignmentAccounts(
  em: EntityManager,
  keys: readonly { municipalityId: string; assignmentId: string }[],
  createdAt: Date,
): Promise<void> {
  await executeNative(
    em,
    `insert into ledger_account (kind, municipality_id, assignment_id, allow_negative, created_at)
     select 'ASSIGNMENT', k.municipality_id, k.assignment_id, false, ?::timestamptz from unnest(?::uuid[], ?::uuid[]) as k(municipality_id, assignment_id)
     on conflict do nothing`,
    [createdAt, `{${keys.map((k) => k.municipalityId).join(',')}}`, `{${keys.map((k) => k.assignmentId).join(',')}}`],
  );
}

/** The budget accounts of these assignments: assignment id and account id. */
export function assignmentAccountIds(
  em: EntityManager,
  assignmentIds: readonly string[],
): Promise<{ id: string; assignment_id: string }[]> {
  return executeNative<{ id: string; assignment_id: string }>(
    em,
    `select id, assignment_id from ledger_account where kind = 'ASSIGNMENT' and assignment_id = any(?::uuid[])`,
    [`{${assignmentIds.join(',')}}`],
  );
}

/** The balances of these accounts from the view (a payable account's parts summed). */
export function accountBalances(
  em: EntityManager,
  accountIds: readonly string[],
): Promise<{ account_id: string; balance_cents: string }[]> {
  return em.execute<{ account_id: string; balance_cents: string }[]>(
    `select account_id, balance_cents from ledger_account_balance where account_id = any(?::uuid[])`,
    [`{${accountIds.join(',')}}`],
  );
}

/** What the municipality owes the provider (from the view); undefined without an account. */
export async function providerPayableBalance(
  em: EntityManager,
  municipalityId: string,
  providerId: string,
): Promise<string | undefined> {
  const [row] = await em.execute<{ balance_cents: string }[]>(
    `select balance_cents from ledger_account_balance
      where kind = 'PROVIDER_PAYABLE' and municipality_id = ? and provider_id = ?`,
    [municipalityId, providerId],
  );
  return row?.balance_cents;
}

/** The balances of the assignments' budget accounts, by account id; `lock`: the rows locked until the transaction ends. */
export function assignmentAccountBalances(
  em: EntityManager,
  assignmentIds: readonly string[],
  lock: boolean,
): Promise<{ assignment_id: string; balance_cents: string }[]> {
  return em.execute<{ assignment_id: string; balance_cents: string }[]>(
    `select assignment_id, balance_cents from ledger_account where kind = 'ASSIGNMENT' and assignment_id = any(?::uuid[])
     order by id ${lock ? 'for update' : ''}`,
    [`{${assignmentIds.join(',')}}`],
  );
}
