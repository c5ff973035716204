import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { LedgerAccountKind, LedgerTransactionKind } from './ledger.entities.js';
import { applicationNow } from '../../kernel/clock.js';
import * as q from './ledger.queries.js';
import type { Actor, Posting, PostInput } from './ledger.queries.js';

export type { Actor, Posting, PostInput };

/** Up to this many transactions, `postMany` books them with a prepared statement (a checkout's one per order). */
const PREPARED_UP_TO = 20;

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
    // A few bookings (a checkout's) as a prepared statement, planned once per connection; a bulk batch planned for its size.
    await q.insertTransactions(em, ids, inputs, at, { prepared: inputs.length <= PREPARED_UP_TO });
    return ids;
  }

  async post(em: EntityManager, input: PostInput): Promise<string> {
    this.assertBookable(input);
    const at = applicationNow();
    // On the application clock, as every other timestamp (a demo or a test "in 2030" books in 2030).
    return q.insertTransaction(em, input, at);
  }

  /** Books the exact opposite of a transaction (a transaction can be reversed once). */
  async reverse(
    em: EntityManager,
    transactionId: string,
    options: { kind: LedgerTransactionKind; description: string; actor: Actor; idempotencyKey?: string | null },
  ): Promise<string> {
    const tx = await q.transactionById(em, transactionId);
    if (!tx) throw new Error(`unknown ledger transaction ${transactionId}`);
    const entries = await q.entriesOf(em, transactionId);
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
    const found = await q.accountId(em, kind, { sql, params });
    if (found) return found;
    await q.insertAccount(em, {
      kind,
      municipalityId: key.municipalityId,
      arrangementId: key.arrangementId ?? null,
      assignmentId: key.assignmentId ?? null,
      providerId: key.providerId ?? null,
      allowNegative,
      createdAt: applicationNow(),
    });
    return (await q.accountId(em, kind, { sql, params }))!;
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
    await q.insertAssignmentAccounts(em, keys, applicationNow());
    const rows = await q.assignmentAccountIds(
      em,
      keys.map((k) => k.assignmentId),
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
    const rows = await q.accountBalances(em, accountIds);
    return new Map(rows.map((r) => [r.account_id, Number(r.balance_cents)]));
  }

  /** What the municipality owes the provider now (0 without an account). */
  async providerPayableBalance(em: EntityManager, municipalityId: string, providerId: string): Promise<number> {
    return Number((await q.providerPayableBalance(em, municipalityId, providerId)) ?? 0);
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
    const rows = await q.assignmentAccountBalances(em, assignmentIds, lock);
    const map = new Map(assignmentIds.map((id) => [id, 0]));
    for (const r of rows) map.set(r.assignment_id, Number(r.balance_cents));
    return map;
  }
}
