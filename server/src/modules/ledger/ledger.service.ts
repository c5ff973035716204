import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { LedgerAccountKind, LedgerTransactionKind } from './ledger.entities.js';
import { applicationNow } from '../../kernel/clock.js';

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

/** A database error raised by the ledger's own guarantees. */
export function isNegativeBalanceError(error: unknown): boolean {
  const e = error as { code?: string; constraint?: string; message?: string };
  return (
    e?.code === '23514' &&
    (e.constraint === 'ledger_account_no_negative_budget' || /ledger_account_no_negative_budget/.test(e.message ?? ''))
  );
}

/**
 * The double-entry ledger. Every movement of money is one balanced transaction; balances are read from the database,
 * which maintains them from the entries. Must be called inside the caller's database transaction (em.transactional),
 * so the booking and the state change it belongs to commit together.
 */
export class LedgerService {
  /** Refuses (throws) a transaction that cannot be booked: fewer than two entries, a bad amount, not balanced. */
  private assertBookable(input: PostInput): void {
    if (input.entries.length < 2) throw new Error('a ledger transaction needs at least two entries');
    let sum = 0;
    for (const e of input.entries) {
      if (!Number.isSafeInteger(e.amountCents) || e.amountCents === 0)
        throw new Error(`invalid ledger amount ${e.amountCents}`);
      sum += e.amountCents;
    }
    if (sum !== 0) throw new Error(`ledger transaction does not balance (sum ${sum})`);
  }

  /**
   * Many transactions in one statement (bulk work such as the CSV import; a checkout's SPEND bookings): each checked as `post` checks it and booked
   * as its own transaction, with the same guarantees from the database. Returns their ids in the order given.
   */
  async postMany(em: EntityManager, inputs: readonly PostInput[]): Promise<string[]> {
    if (!inputs.length) return [];
    for (const input of inputs) this.assertBookable(input);
    const ids = inputs.map(() => randomUUID());
    const at = applicationNow();
    // One statement: the transactions (a data-modifying WITH, run once and to completion) and their entries; the
    // entries' foreign key is checked at the end of the statement, their balance at commit.
    await em.execute(
      `with tx as (
         insert into ledger_transaction (id, kind, municipality_id, description, assignment_id, order_id, payment_id,
           reverses_id, idempotency_key, actor_kind, actor_id, created_at)
         select t.id, t.kind, t.municipality_id, t.description, t.assignment_id, t.order_id, t.payment_id, t.reverses_id,
                t.idempotency_key, t.actor_kind, t.actor_id, ?
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
    );
    return ids;
  }

  async post(em: EntityManager, input: PostInput): Promise<string> {
    this.assertBookable(input);
    const at = applicationNow();
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
        // On the application clock, as every other timestamp (a demo or a test "in 2030" books in 2030).
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

  /** Books the exact opposite of a transaction (a transaction can be reversed once). */
  async reverse(
    em: EntityManager,
    transactionId: string,
    options: { kind: LedgerTransactionKind; description: string; actor: Actor; idempotencyKey?: string | null },
  ): Promise<string> {
    const [tx] = await em.execute<Record<string, string | null>[]>(`select * from ledger_transaction where id = ?`, [
      transactionId,
    ]);
    if (!tx) throw new Error(`unknown ledger transaction ${transactionId}`);
    const entries = await em.execute<{ account_id: string; amount_cents: string }[]>(
      `select account_id, amount_cents from ledger_entry where transaction_id = ? order by id`,
      [transactionId],
    );
    return this.post(em, {
      kind: options.kind,
      municipalityId: tx.municipality_id!,
      description: options.description,
      actor: options.actor,
      assignmentId: tx.assignment_id,
      orderId: tx.order_id,
      paymentId: tx.payment_id,
      reversesId: transactionId,
      idempotencyKey: options.idempotencyKey,
      entries: entries.map((e) => ({ accountId: e.account_id, amountCents: -Number(e.amount_cents) })),
    });
  }

  private async account(
    em: EntityManager,
    kind: LedgerAccountKind,
    key: { municipalityId: string; arrangementId?: string; assignmentId?: string; providerId?: string },
    allowNegative: boolean,
  ): Promise<string> {
    const where =
      kind === 'ARRANGEMENT_FUNDING'
        ? ['arrangement_id = ?', key.arrangementId]
        : kind === 'ASSIGNMENT'
          ? ['assignment_id = ?', key.assignmentId]
          : kind === 'PROVIDER_PAYABLE'
            ? ['municipality_id = ? and provider_id = ?', key.municipalityId, key.providerId]
            : ['municipality_id = ?', key.municipalityId];
    const [sql, ...params] = where as [string, ...unknown[]];
    const found = await em.execute<{ id: string }[]>(`select id from ledger_account where kind = ? and ${sql}`, [
      kind,
      ...params,
    ]);
    if (found[0]) return found[0].id;
    await em.execute(
      `insert into ledger_account (kind, municipality_id, arrangement_id, assignment_id, provider_id, allow_negative, created_at)
       values (?, ?, ?, ?, ?, ?, ?) on conflict do nothing`,
      [
        kind,
        key.municipalityId,
        key.arrangementId ?? null,
        key.assignmentId ?? null,
        key.providerId ?? null,
        allowNegative,
        applicationNow(),
      ],
    );
    const [row] = await em.execute<{ id: string }[]>(`select id from ledger_account where kind = ? and ${sql}`, [
      kind,
      ...params,
    ]);
    return row!.id;
  }

  /** Where an arrangement's budget comes from; goes negative by what has been granted. */
  fundingAccount(em: EntityManager, municipalityId: string, arrangementId: string) {
    return this.account(em, 'ARRANGEMENT_FUNDING', { municipalityId, arrangementId }, true);
  }

  /** An assignment's budget: never below zero. */
  assignmentAccount(em: EntityManager, municipalityId: string, assignmentId: string) {
    return this.account(em, 'ASSIGNMENT', { municipalityId, assignmentId }, false);
  }

  /** The budget accounts of many assignments at once (created where missing): assignment id → account id. */
  async assignmentAccounts(
    em: EntityManager,
    keys: readonly { municipalityId: string; assignmentId: string }[],
  ): Promise<Map<string, string>> {
    if (!keys.length) return new Map();
    await em.execute(
      `insert into ledger_account (kind, municipality_id, assignment_id, allow_negative, created_at)
       select 'ASSIGNMENT', k.municipality_id, k.assignment_id, false, ?::timestamptz from unnest(?::uuid[], ?::uuid[]) as k(municipality_id, assignment_id)
       on conflict do nothing`,
      [
        applicationNow(),
        `{${keys.map((k) => k.municipalityId).join(',')}}`,
        `{${keys.map((k) => k.assignmentId).join(',')}}`,
      ],
    );
    const rows = await em.execute<{ id: string; assignment_id: string }[]>(
      `select id, assignment_id from ledger_account where kind = 'ASSIGNMENT' and assignment_id = any(?::uuid[])`,
      [`{${keys.map((k) => k.assignmentId).join(',')}}`],
    );
    return new Map(rows.map((r) => [r.assignment_id, r.id]));
  }

  /**
   * What the municipality owes a provider for its orders. Its balance is kept in parts (ledger_balance_part, see
   * Migration20261127030000_payable_parts), so bookings on it never wait for each other: read it with `balances`
   * (the view ledger_account_balance), never from the account row alone.
   */
  providerPayableAccount(em: EntityManager, municipalityId: string, providerId: string) {
    return this.account(em, 'PROVIDER_PAYABLE', { municipalityId, providerId }, true);
  }

  /** Current balances of accounts (any kind; a payable account's parts summed): account id → cents. */
  async balances(em: EntityManager, accountIds: readonly string[]): Promise<Map<string, number>> {
    if (!accountIds.length) return new Map();
    const rows = await em.execute<{ account_id: string; balance_cents: string }[]>(
      `select account_id, balance_cents from ledger_account_balance where account_id = any(?::uuid[])`,
      [`{${accountIds.join(',')}}`],
    );
    return new Map(rows.map((r) => [r.account_id, Number(r.balance_cents)]));
  }

  /** What the municipality owes the provider now (0 without an account). */
  async providerPayableBalance(em: EntityManager, municipalityId: string, providerId: string): Promise<number> {
    const [row] = await em.execute<{ balance_cents: string }[]>(
      `select balance_cents from ledger_account_balance
        where kind = 'PROVIDER_PAYABLE' and municipality_id = ? and provider_id = ?`,
      [municipalityId, providerId],
    );
    return Number(row?.balance_cents ?? 0);
  }

  /** Own contributions received through the payment service provider. */
  paymentClearingAccount(em: EntityManager, municipalityId: string) {
    return this.account(em, 'PAYMENT_CLEARING', { municipalityId }, true);
  }

  /** The municipality's bank account: payouts to providers leave from here (PAYOUT: payable → bank). */
  bankAccount(em: EntityManager, municipalityId: string) {
    return this.account(em, 'BANK', { municipalityId }, true);
  }

  /** Current balances of assignments (0 for one without an account yet), optionally locking the account rows. */
  async assignmentBalances(em: EntityManager, assignmentIds: string[], lock = false): Promise<Map<string, number>> {
    if (!assignmentIds.length) return new Map();
    const rows = await em.execute<{ assignment_id: string; balance_cents: string }[]>(
      `select assignment_id, balance_cents from ledger_account where kind = 'ASSIGNMENT' and assignment_id = any(?::uuid[])
       order by id ${lock ? 'for update' : ''}`,
      [`{${assignmentIds.join(',')}}`],
    );
    const map = new Map(assignmentIds.map((id) => [id, 0]));
    for (const r of rows) map.set(r.assignment_id, Number(r.balance_cents));
    return map;
  }
}
