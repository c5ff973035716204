import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/server.js';
import { DEMO_PASSWORD, DEMO_STAFF } from '../../seeders/demo-accounts.js';
import { ClientGroup } from '../customers/client-group.entity.js';
import { Arrangement } from '../arrangements/arrangement.entity.js';
import { Provider } from '../providers/provider.entity.js';
import { isNegativeBalanceError, LedgerService } from './ledger.service.js';

const GRANT = `mutation($input: GrantAssignmentInput!) { grantAssignment(input: $input) {
  errors { field code message } assignment { id amountCents balanceCents status movements { kind amountCents } } } }`;

describe('the ledger', () => {
  let server: TestServer;
  let staff: ReturnType<TestServer['client']>;
  let group: ClientGroup;
  let arrangement: Arrangement;
  let provider: Provider;
  const ledger = new LedgerService();

  beforeAll(async () => {
    server = await startTestServer({ seed: true });
    staff = server.client();
    await staff.loginStaff(DEMO_STAFF[0]!.email, DEMO_PASSWORD);
    const em = server.orm.em.fork();
    arrangement = await em.findOneOrFail(Arrangement, { slug: { $like: 'kindpakket%' } });
    group = await em.findOneOrFail(
      ClientGroup,
      { municipality: arrangement.municipality.id },
      { orderBy: { clientNumber: 'asc' } },
    );
    provider = (await em.find(Provider, {}, { orderBy: { name: 'asc' }, limit: 1 }))[0]!;
    // These tests grant the same household many budgets of one arrangement; the duplicate-grant safeguard has its
    // own tests (arrangements.test.ts).
    await em.execute(`update arrangement set repeat_grants_allowed = true where id = ?`, [arrangement.id]);
  });
  afterAll(async () => {
    await server?.close();
  });

  async function grant(amountCents: number) {
    const r: any = await staff.gql(GRANT, {
      // The Kindpakket is for children up to 17: granted to the household, with the reason that takes.
      input: {
        clientGroupId: group.id,
        arrangementId: arrangement.id,
        amountCents,
        ageExceptionReason: 'Test van het grootboek',
      },
    });
    expect(r.errors).toBeUndefined();
    expect(r.data.grantAssignment.errors).toEqual([]);
    return r.data.grantAssignment.assignment as { id: string; balanceCents: number; amountCents: number };
  }

  async function invariants() {
    const em = server.orm.em.fork();
    const unbalanced = await em.execute(
      `select t.id from ledger_transaction t left join ledger_entry e on e.transaction_id = t.id
        group by t.id having count(e.id) < 2 or sum(e.amount_cents) <> 0`,
    );
    expect(unbalanced).toEqual([]);
    // Every account's balance (a payable account's parts summed) is the sum of its entries.
    const drift = await em.execute(
      `select a.account_id from ledger_account_balance a
        where a.balance_cents <> (select coalesce(sum(e.amount_cents), 0) from ledger_entry e where e.account_id = a.account_id)`,
    );
    expect(drift).toEqual([]);
    const negative = await em.execute(`select id from ledger_account where not allow_negative and balance_cents < 0`);
    expect(negative).toEqual([]);
  }

  it('books a grant as one balanced transaction and derives the balance from it', async () => {
    const a = await grant(15000);
    expect(a.amountCents).toBe(15000);
    expect(a.balanceCents).toBe(15000);
    await invariants();
  });

  it('refuses bad grant input with Dutch field errors and books nothing', async () => {
    const em = server.orm.em.fork();
    const [{ n: before }] = await em.execute<{ n: string }[]>(`select count(*) as n from ledger_transaction`);
    for (const [amountCents, field] of [
      [0, 'amountCents'],
      [-500, 'amountCents'],
      [10_000_001, 'amountCents'],
    ] as const) {
      const r: any = await staff.gql(GRANT, {
        input: { clientGroupId: group.id, arrangementId: arrangement.id, amountCents },
      });
      expect(r.data.grantAssignment.assignment).toBeNull();
      expect(r.data.grantAssignment.errors[0].field).toBe(field);
    }
    const fraction: any = await staff.gql(GRANT, {
      input: { clientGroupId: group.id, arrangementId: arrangement.id, amountCents: 12.5 },
    });
    expect(fraction.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    const dates: any = await staff.gql(GRANT, {
      input: {
        clientGroupId: group.id,
        arrangementId: arrangement.id,
        validFrom: '2026-02-30',
        validUntil: '2025-01-01',
      },
    });
    expect(dates.data.grantAssignment.errors.map((e: any) => e.field)).toContain('validFrom');
    const [{ n: after }] = await em.execute<{ n: string }[]>(`select count(*) as n from ledger_transaction`);
    expect(after).toBe(before);
  });

  it('refuses, in the database, an unbalanced transaction, an edit, a deletion and a hand-set balance', async () => {
    const em = server.orm.em.fork();
    const a = await grant(1000);
    const account = await ledger.assignmentAccount(em, arrangement.municipality.id, a.id);
    await expect(
      em.transactional(async (tx) => {
        const [t] = await tx.execute<{ id: string }[]>(
          `insert into ledger_transaction (kind, municipality_id, description, actor_kind) values ('SPEND', ?, 'x', 'SYSTEM') returning id`,
          [arrangement.municipality.id],
        );
        await tx.execute(`insert into ledger_entry (transaction_id, account_id, amount_cents) values (?, ?, -100)`, [
          t!.id,
          account,
        ]);
      }),
    ).rejects.toThrow(/not balanced/);
    // A transaction without entries (checked at commit), and an entry added later to a transaction booked before
    // (checked after the entries' statement, Migration20261201200000_ledger_balanced_per_statement).
    await expect(
      em.transactional(async (tx) => {
        await tx.execute(
          `insert into ledger_transaction (kind, municipality_id, description, actor_kind) values ('SPEND', ?, 'x', 'SYSTEM')`,
          [arrangement.municipality.id],
        );
      }),
    ).rejects.toThrow(/not balanced/);
    const [booked] = await em.execute<{ id: string }[]>(
      `select transaction_id as id from ledger_entry where account_id = ? limit 1`,
      [account],
    );
    await expect(
      em.execute(`insert into ledger_entry (transaction_id, account_id, amount_cents) values (?, ?, -100)`, [
        booked!.id,
        account,
      ]),
    ).rejects.toThrow(/not balanced/);
    // Two entries that balance each other in one statement leave the transaction balanced: accepted.
    await em.transactional(async (tx) => {
      const [t] = await tx.execute<{ id: string }[]>(
        `insert into ledger_transaction (kind, municipality_id, description, actor_kind) values ('SPEND', ?, 'x', 'SYSTEM') returning id`,
        [arrangement.municipality.id],
      );
      await tx.execute(
        `insert into ledger_entry (transaction_id, account_id, amount_cents) values (?, ?, -100), (?, ?, 100)`,
        [t!.id, account, t!.id, await ledger.fundingAccount(tx, arrangement.municipality.id, arrangement.id)],
      );
    });
    await expect(em.execute(`update ledger_entry set amount_cents = amount_cents * 2`)).rejects.toThrow(/append-only/);
    await expect(em.execute(`delete from ledger_transaction`)).rejects.toThrow(/append-only/);
    await expect(
      em.execute(`update ledger_account set balance_cents = 999999 where id = ?`, [account]),
    ).rejects.toThrow(/only through ledger entries/);
    // A payable account's balance parts are guarded the same way.
    const payable = await ledger.providerPayableAccount(em, arrangement.municipality.id, provider.id);
    await expect(
      em.execute(`insert into ledger_balance_part (account_id, part, balance_cents) values (?, 999, 5)`, [payable]),
    ).rejects.toThrow(/only through ledger entries/);
    await invariants();
  });

  it('makes a negative budget impossible even when application code forgets to check', async () => {
    const em = server.orm.em.fork();
    const a = await grant(500);
    const budget = await ledger.assignmentAccount(em, arrangement.municipality.id, a.id);
    const payable = await ledger.providerPayableAccount(em, arrangement.municipality.id, provider.id);
    const error = await em
      .transactional((tx) =>
        ledger.post(tx, {
          kind: 'SPEND',
          municipalityId: arrangement.municipality.id,
          description: 'te veel',
          actor: { kind: 'SYSTEM' },
          entries: [
            { accountId: budget, amountCents: -501 },
            { accountId: payable, amountCents: 501 },
          ],
        }),
      )
      .catch((e: unknown) => e);
    expect(isNegativeBalanceError(error)).toBe(true);
    expect((await ledger.assignmentBalances(em, [a.id])).get(a.id)).toBe(500);
    await invariants();
  });

  it('lets exactly N of 200 simultaneous spends through when the budget covers N, and leaves nothing of the rest', async () => {
    const price = 700;
    const n = 37;
    const a = await grant(price * n + 699); // covers 37, not 38
    const em0 = server.orm.em.fork();
    const budget = await ledger.assignmentAccount(em0, arrangement.municipality.id, a.id);
    const payable = await ledger.providerPayableAccount(em0, arrangement.municipality.id, provider.id);
    const [{ n: txBefore }] = await em0.execute<{ n: string }[]>(`select count(*) as n from ledger_transaction`);
    // No application-level check at all: the database must hold the line.
    const results = await Promise.allSettled(
      Array.from({ length: 200 }, (_, i) =>
        server.orm.em.fork().transactional((tx) =>
          ledger.post(tx, {
            kind: 'SPEND',
            municipalityId: arrangement.municipality.id,
            description: `poging ${i}`,
            actor: { kind: 'SYSTEM' },
            assignmentId: a.id,
            entries: [
              { accountId: budget, amountCents: -price },
              { accountId: payable, amountCents: price },
            ],
          }),
        ),
      ),
    );
    const ok = results.filter((r) => r.status === 'fulfilled').length;
    expect(ok).toBe(n);
    for (const r of results) if (r.status === 'rejected') expect(isNegativeBalanceError(r.reason)).toBe(true);
    expect((await ledger.assignmentBalances(em0, [a.id])).get(a.id)).toBe(699);
    const [{ n: txAfter }] = await em0.execute<{ n: string }[]>(`select count(*) as n from ledger_transaction`);
    expect(Number(txAfter) - Number(txBefore)).toBe(n);
    await invariants();
  });

  it('books concurrently on one payable account without waiting: balance parts that add up exactly', async () => {
    const em0 = server.orm.em.fork();
    const payable = await ledger.providerPayableAccount(em0, arrangement.municipality.id, provider.id);
    // Each booking from a budget of its own (their rows are locked; the payable account's must not be).
    const budgets = [];
    for (const g of [await grant(1000), await grant(1000)])
      budgets.push(await ledger.assignmentAccount(em0, arrangement.municipality.id, g.id));
    const before = (await ledger.balances(em0, [payable])).get(payable) ?? 0;
    // Two bookings on the payable account held open at once: the second does not wait for the first (a lock wait
    // would end in the lock timeout), it takes another part.
    const first = server.orm.em.fork();
    const second = server.orm.em.fork();
    await first.begin();
    await second.begin();
    try {
      await first.execute(`set local lock_timeout = '2s'`);
      await second.execute(`set local lock_timeout = '2s'`);
      const book = (em: typeof first, from: string, amount: number) =>
        ledger.post(em, {
          kind: 'SPEND',
          municipalityId: arrangement.municipality.id,
          description: 'Test: gelijktijdig op één aanbieder',
          actor: { kind: 'SYSTEM' },
          entries: [
            { accountId: from, amountCents: -amount },
            { accountId: payable, amountCents: amount },
          ],
        });
      await book(first, budgets[0]!, 300);
      await book(second, budgets[1]!, 200);
      await book(first, budgets[0]!, 100);
      await first.commit();
      await second.commit();
    } catch (error) {
      await first.rollback().catch(() => undefined);
      await second.rollback().catch(() => undefined);
      throw error;
    }
    const parts = await em0.execute<{ part: number }[]>(`select part from ledger_balance_part where account_id = ?`, [
      payable,
    ]);
    expect(parts.length).toBeGreaterThanOrEqual(2);
    expect((await ledger.balances(em0, [payable])).get(payable)).toBe(before + 600);
    expect(await ledger.providerPayableBalance(em0, arrangement.municipality.id, provider.id)).toBe(before + 600);
    await invariants();
  });

  it('revokes an assignment: the rest of the budget goes back, once', async () => {
    const a = await grant(2500);
    const q = `mutation($id: ID!, $r: String!) { revokeAssignment(id: $id, reason: $r) { errors { field code } assignment { status balanceCents movements { kind amountCents } } } }`;
    const r: any = await staff.gql(q, { id: a.id, r: 'Verhuisd naar een andere gemeente' });
    expect(r.data.revokeAssignment.errors).toEqual([]);
    expect(r.data.revokeAssignment.assignment.status).toBe('REVOKED');
    expect(r.data.revokeAssignment.assignment.balanceCents).toBe(0);
    expect(r.data.revokeAssignment.assignment.movements.map((m: any) => [m.kind, m.amountCents])).toEqual([
      ['REVOKE', -2500],
      ['GRANT', 2500],
    ]);
    const again: any = await staff.gql(q, { id: a.id, r: 'nogmaals' });
    expect(again.data.revokeAssignment.errors[0].code).toBe('ALREADY_REVOKED');
    const noReason: any = await staff.gql(q, { id: (await grant(100)).id, r: ' ' });
    expect(noReason.data.revokeAssignment.errors[0].field).toBe('reason');
    await invariants();
  });

  it('keeps staff within their municipality scope', async () => {
    const em = server.orm.em.fork();
    const other = await em.findOneOrFail(ClientGroup, { municipality: { $ne: arrangement.municipality.id } });
    const scoped = server.client();
    await scoped.loginStaff(DEMO_STAFF.find((s) => s.role === 'KLANTCONTACT')!.email, DEMO_PASSWORD);
    const r: any = await scoped.gql(`query($id: ID!) { clientGroupAssignments(clientGroupId: $id) { id } }`, {
      id: other.id,
    });
    expect(r.data.clientGroupAssignments).toBeNull();
    const g: any = await scoped.gql(GRANT, { input: { clientGroupId: other.id, arrangementId: arrangement.id } });
    expect(g.data.grantAssignment.errors[0].code).toBe('NOT_FOUND');
  });
});
