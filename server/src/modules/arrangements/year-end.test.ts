import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { startTestServer, type TestClient, type TestServer } from '../../test/server.js';
import { contextFor, staffViewer } from '../../test/context.js';
import { createHousehold, expectLedgerConsistent } from '../../test/households.js';
import { DEMO_PASSWORD, DEMO_STAFF } from '../../seeders/demo-accounts.js';
import { today, applicationClock } from '../../kernel/clock.js';
import { Municipality } from '../municipalities/municipality.entity.js';
import { Category } from '../catalogue/category.entity.js';
import { Arrangement } from './arrangement.entity.js';
import { Person } from '../customers/person.entity.js';
import { nextPeriod, nextPeriodName } from './year-end.service.js';

const staffEmail = (role: string) => DEMO_STAFF.find((s) => s.role === role)!.email;

/** The ISO date `days` days after `iso` (negative: before). */
const shift = (iso: string, days: number) =>
  new Date(new Date(`${iso}T00:00:00Z`).getTime() + days * 86_400_000).toISOString().slice(0, 10);

describe('next period', () => {
  it('moves whole months by months and other periods by days', () => {
    expect(nextPeriod('2027-01-01', '2027-12-31')).toEqual({ validFrom: '2028-01-01', validUntil: '2028-12-31' });
    expect(nextPeriod('2027-07-01', '2028-06-30')).toEqual({ validFrom: '2028-07-01', validUntil: '2029-06-30' });
    expect(nextPeriod('2027-01-01', '2027-03-31')).toEqual({ validFrom: '2027-04-01', validUntil: '2027-06-30' });
    expect(nextPeriod('2027-01-15', '2027-01-24')).toEqual({ validFrom: '2027-01-25', validUntil: '2027-02-03' });
    expect(nextPeriodName('Sportregeling 2027', '2027-01-01', '2028-01-01')).toBe('Sportregeling 2028');
    expect(nextPeriodName('Sportregeling', '2027-01-15', '2027-01-25')).toBe('Sportregeling (vanaf 25-01-2027)');
  });
});

describe('year end', () => {
  let server: TestServer;
  let beheerder: TestClient;
  let zv: Municipality;
  let categories: Category[];
  let day: string;
  const staff = () => contextFor(server.orm, server.services, staffViewer());
  const system = (job: string) => contextFor(server.orm, server.services, { kind: 'SYSTEM', job });
  const balance = async (assignmentId: string) =>
    (await server.services.ledger.assignmentBalances(server.orm.em.fork(), [assignmentId])).get(assignmentId)!;

  beforeAll(async () => {
    server = await startTestServer({ seed: true });
    beheerder = server.client();
    await beheerder.loginStaff(staffEmail('BEHEERDER'), DEMO_PASSWORD);
    const em = server.orm.em.fork();
    zv = await em.findOneOrFail(Municipality, { slug: 'zuiderveen' });
    categories = await em.find(Category, {}, { orderBy: { sortOrder: 'asc' } });
    day = today(applicationClock());
  });
  afterAll(async () => {
    await server?.close();
  });

  it('books what is left of an ended assignment as expired once, also when two runs race', async () => {
    const ended = shift(day, -1);
    const h = await createHousehold(server, [
      { categories: [categories[0]!.id], amountCents: 12_500, validFrom: shift(day, -60), validUntil: ended },
      { categories: [categories[0]!.id], amountCents: 4_000, validFrom: shift(day, -60), validUntil: day },
    ]);
    const [old, running] = h.assignmentIds as [string, string];
    const results = await Promise.all([
      server.services.yearEnd.expireBudgets(system('a')),
      server.services.yearEnd.expireBudgets(system('b')),
    ]);
    expect(results.reduce((n, r) => n + r.expired, 0)).toBeGreaterThanOrEqual(1);
    expect(await balance(old)).toBe(0);
    // Still valid today: nothing expires.
    expect(await balance(running)).toBe(4_000);
    const em = server.orm.em.fork();
    const expiries = await em.execute<{ idempotency_key: string; amount: string }[]>(
      `select t.idempotency_key, e.amount_cents as amount from ledger_transaction t
         join ledger_entry e on e.transaction_id = t.id
         join ledger_account a on a.id = e.account_id and a.kind = 'ASSIGNMENT'
        where t.kind = 'EXPIRY' and t.assignment_id = ?`,
      [old],
    );
    expect(expiries).toEqual([{ idempotency_key: `expiry:${old}`, amount: '-12500' }]);

    // An open order cancelled after the end returns its budget to the ended assignment: the next run expires it too.
    const [arrangementId] = (
      await em.execute<{ arrangement_id: string }[]>(`select arrangement_id from assignment where id = ?`, [old])
    ).map((r) => r.arrangement_id);
    await em.transactional(async (tx) => {
      await server.services.ledger.post(tx, {
        kind: 'CANCEL',
        municipalityId: zv.id,
        description: 'Geannuleerd na het einde van de periode',
        actor: { kind: 'SYSTEM' },
        assignmentId: old,
        entries: [
          { accountId: await server.services.ledger.fundingAccount(tx, zv.id, arrangementId!), amountCents: -1_500 },
          { accountId: await server.services.ledger.assignmentAccount(tx, zv.id, old), amountCents: 1_500 },
        ],
      });
    });
    await server.services.yearEnd.expireBudgets(system('c'));
    expect(await balance(old)).toBe(0);
    const keys = await em.execute<{ idempotency_key: string }[]>(
      `select idempotency_key from ledger_transaction where kind = 'EXPIRY' and assignment_id = ? order by created_at`,
      [old],
    );
    expect(keys.map((k) => k.idempotency_key)).toEqual([`expiry:${old}`, `expiry:${old}:2`]);
    // Each expiry is an `assignment.expired` event in the partner webhooks' outbox, in its own transaction.
    const expiredEvents = await em.execute<{ remaining: number }[]>(
      `select (payload->>'remainingCents')::int as remaining from webhook_event
        where type = 'assignment.expired' and subject = ? order by seq`,
      [`assignment:${old}`],
    );
    expect(expiredEvents.map((e) => e.remaining)).toEqual([12_500, 1_500]);
    expect((await server.services.yearEnd.expireBudgets(system('d'))).expired).toBe(0);

    // The movement shows on the assignment as EXPIRY.
    const movements: any = await beheerder.gql(
      `query($id: ID!) { clientGroupAssignments(clientGroupId: $id) { id balanceCents status } }`,
      { id: h.group.id },
    );
    expect(movements.errors).toBeUndefined();
    await expectLedgerConsistent(server);
  });

  it('reminds a household with budget left once before its assignment ends, also when two runs race', async () => {
    const h = await createHousehold(server, [
      { categories: [categories[0]!.id], amountCents: 3_000, validFrom: shift(day, -30), validUntil: shift(day, 10) },
      // Ends later than the reminder window (30 days by default): no reminder yet.
      { categories: [categories[0]!.id], amountCents: 3_000, validFrom: shift(day, -30), validUntil: shift(day, 60) },
    ]);
    const em = server.orm.em.fork();
    await em.nativeUpdate(Person, { id: h.person.id }, { email: `herinnering-${randomUUID()}@example.org` });
    const [soon, later] = h.assignmentIds as [string, string];
    const runs = await Promise.all([
      server.services.expiryReminders.sendDue(system('r1')),
      server.services.expiryReminders.sendDue(system('r2')),
    ]);
    expect(runs.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(1);
    const reminders = await em.execute<{ assignment_id: string; mail_sent: boolean }[]>(
      `select assignment_id, mail_sent from assignment_reminder where assignment_id in (?, ?)`,
      [soon, later],
    );
    expect(reminders).toEqual([{ assignment_id: soon, mail_sent: true }]);
    const messages = await em.execute<{ title: string; body: string }[]>(
      `select title, body from message where client_group_id = ?`,
      [h.group.id],
    );
    expect(messages).toHaveLength(1);
    expect(messages[0]!.title).toMatch(/^Uw tegoed van Testregeling .* vervalt op \d\d-\d\d-\d{4}$/);
    expect(messages[0]!.body).toContain('€ 30,00');
    const mails = await em.execute<{ template: string }[]>(
      `select template_key as template from mail_message where person_id = ?`,
      [h.person.id],
    );
    expect(mails.map((m) => m.template)).toEqual(['BUDGET_EXPIRING']);
    // The reminder is an `assignment.expiring` event in the partner webhooks' outbox, once.
    const expiring = await em.execute<{ remaining: number }[]>(
      `select (payload->>'remainingCents')::int as remaining from webhook_event
        where type = 'assignment.expiring' and subject = ?`,
      [`assignment:${soon}`],
    );
    expect(expiring).toEqual([{ remaining: 3_000 }]);
    // A later run sends nothing again.
    await server.services.expiryReminders.sendDue(system('r3'));
    const again = await em.execute(`select 1 from message where client_group_id = ?`, [h.group.id]);
    expect(again).toHaveLength(1);

    // The number of days is a setting: 0 turns the reminders off.
    const off: any = await beheerder.gql(
      `mutation { updateSettingsSection(input: { section: REMINDERS, patch: { expiryReminderDays: -1 } }) { errors { message } } }`,
    );
    expect(off.data.updateSettingsSection.errors[0].message).toBe('Het aantal dagen kan niet negatief zijn.');
  });

  it('copies an arrangement to the next period once, and grants it again to last period’s holders once', async () => {
    const year = Number(day.slice(0, 4));
    const create: any = await beheerder.gql(
      `mutation($input: ArrangementInput!) { createArrangement(input: $input) { errors { message } arrangement { id } } }`,
      {
        input: {
          name: `Jaarregeling ${year - 1}`,
          description: 'Voor het hele jaar.',
          municipalityId: zv.id,
          validFrom: `${year - 1}-01-01`,
          validUntil: `${year - 1}-12-31`,
          defaultAmountCents: 10_000,
          categoryIds: [categories[0]!.id],
          ownContributionAllowed: false,
          maxPerOrderCents: null,
        },
      },
    );
    expect(create.data.createArrangement.errors).toEqual([]);
    const sourceId = create.data.createArrangement.arrangement.id;
    const households = await Promise.all([1, 2, 3, 4].map(() => createHousehold(server, [])));
    for (const h of households) {
      const r = await server.services.assignments.grant(staff(), {
        clientGroupId: h.group.id,
        arrangementId: sourceId,
      });
      expect(r.ok).toBe(true);
    }
    // The fourth household's grant was revoked: not a holder.
    const revoked = (await server.services.assignments.forClientGroup(staff(), households[3]!.group.id))![0]!;
    await server.services.assignments.revoke(staff(), revoked.id, 'Verhuisd naar een andere gemeente');

    const COPY = `mutation($id: ID!) { copyArrangementToNextPeriod(id: $id) { errors { code message } arrangement { id name validFrom validUntil defaultAmountCents previousPeriodArrangementId } } }`;
    const copied: any = await beheerder.gql(COPY, { id: sourceId });
    expect(copied.data.copyArrangementToNextPeriod.errors).toEqual([]);
    const copy = copied.data.copyArrangementToNextPeriod.arrangement;
    expect(copy).toMatchObject({
      name: `Jaarregeling ${year}`,
      validFrom: `${year}-01-01`,
      validUntil: `${year}-12-31`,
      defaultAmountCents: 10_000,
      previousPeriodArrangementId: sourceId,
    });
    const twice: any = await beheerder.gql(COPY, { id: sourceId });
    expect(twice.data.copyArrangementToNextPeriod.errors[0].code).toBe('ALREADY_COPIED');
    const em = server.orm.em.fork();
    expect((await em.findOneOrFail(Arrangement, copy.id)).name).toBe(`Jaarregeling ${year}`);

    // The third household already has the new arrangement: the overlap rule refuses it in the preview.
    expect(
      (
        await server.services.assignments.grant(staff(), {
          clientGroupId: households[2]!.group.id,
          arrangementId: copy.id,
        })
      ).ok,
    ).toBe(true);
    const PREVIEW = `query($id: ID!) { regrantPreview(arrangementId: $id) { errors { code message } preview {
      total grantable refused alreadyDone totalAmountCents sourceArrangementName
      rows { clientGroupId householdName amountCents grantable alreadyDone reason } } } }`;
    const preview: any = await beheerder.gql(PREVIEW, { id: copy.id });
    expect(preview.errors).toBeUndefined();
    const p = preview.data.regrantPreview.preview;
    expect(p).toMatchObject({ total: 3, grantable: 2, refused: 1, alreadyDone: 0, totalAmountCents: 20_000 });
    const refusedRow = p.rows.find((r: any) => !r.grantable);
    expect(refusedRow.clientGroupId).toBe(households[2]!.group.id);
    expect(refusedRow.reason).toMatch(/is al toegekend/);

    // Start (a second click answers the same run), then the job runs twice at the same moment: each holder once.
    const START = `mutation($id: ID!) { startRegrant(arrangementId: $id) { errors { message } run { id status total } } }`;
    const started: any = await beheerder.gql(START, { id: copy.id });
    expect(started.data.startRegrant.errors).toEqual([]);
    const again: any = await beheerder.gql(START, { id: copy.id });
    const runId = started.data.startRegrant.run.id;
    expect(again.data.startRegrant.run?.id === runId || again.data.startRegrant.run?.status === 'QUEUED').toBe(true);
    await Promise.all([
      server.services.yearEnd.runRegrant(system('g1'), runId),
      server.services.yearEnd.runRegrant(system('g2'), runId),
    ]);
    await server.jobsIdle();
    const granted = await em.execute<{ client_group_id: string }[]>(
      `select client_group_id from assignment where arrangement_id = ? and status = 'ACTIVE' order by client_group_id`,
      [copy.id],
    );
    expect(granted.map((g) => g.client_group_id).sort()).toEqual(
      [households[0]!.group.id, households[1]!.group.id, households[2]!.group.id].sort(),
    );
    const run: any = await beheerder.gql(
      `query($id: ID!) { latestRegrantRun(arrangementId: $id) { status granted skipped } }`,
      {
        id: copy.id,
      },
    );
    expect(run.data.latestRegrantRun).toEqual({ status: 'DONE', granted: 2, skipped: 1 });

    // Running the bulk grant again grants nobody twice.
    const third: any = await beheerder.gql(START, { id: copy.id });
    await server.services.yearEnd.runRegrant(system('g3'), third.data.startRegrant.run.id);
    await server.jobsIdle();
    const after = await em.execute(`select 1 from assignment where arrangement_id = ?`, [copy.id]);
    expect(after).toHaveLength(3);
    const last: any = await beheerder.gql(PREVIEW, { id: copy.id });
    expect(last.data.regrantPreview.preview).toMatchObject({ grantable: 0, alreadyDone: 2, refused: 1 });

    // An arrangement that is no copy has no holders to grant again.
    const none: any = await beheerder.gql(PREVIEW, { id: sourceId });
    expect(none.data.regrantPreview.errors[0].code).toBe('NO_PREVIOUS_PERIOD');
    await expectLedgerConsistent(server);
  });
});
