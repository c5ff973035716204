import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import iconv from 'iconv-lite';
import { startTestServer, type TestClient, type TestServer } from '../../test/server.js';
import { requestContextFor, staffViewer } from '../../test/context.js';
import { generatedPersons, importCsv, testBsn } from '../../test/import-csv.js';
import { DEMO_PASSWORD, DEMO_STAFF } from '../../seeders/demo-accounts.js';
import { UPLOAD_HEADER } from '../catalogue/product-image.routes.js';
import { systemViewer } from '../../kernel/viewer.js';
import { IMPORT_MAX_ROWS, parseEuros, parseDate } from '../../rules/import.js';
import { Audience, Permission } from '../../kernel/permissions.js';
import { applicationClock, today } from '../../kernel/clock.js';
import { transactional } from '../../kernel/request-context.js';

const staffEmail = (role: string) => DEMO_STAFF.find((s) => s.role === role)!.email;

const RUN = `query($id: ID!) { importRun(id: $id) { id status delimiter encoding totalRows newRows changedRows unchangedRows
  invalidRows processedRows createdRows updatedRows failedRows grantRows grantHouseholds noGrantRows grantedRows outcomeUrl
  problems { line column externalIdentifier message } notes { line externalIdentifier message } } }`;
const APPLY = `mutation($id: ID!) { applyImport(id: $id) { importRun { id status } errors { field code message } } }`;

describe('CSV import (/admin/beheer/importeren)', { timeout: 240_000 }, () => {
  let server: TestServer;
  let beheerder: TestClient;
  let zv: string;
  let arrangement: string;

  const q = async (sql: string, params: unknown[] = []) => server.orm.em.fork().execute<any[]>(sql, params);
  const upload = async (client: TestClient, body: string | Buffer, municipalityId = zv, name = 'klanten.csv') => {
    const form = new FormData();
    form.append('file', new Blob([body]), name);
    const res = await client.fetch(`/api/imports?gemeente=${municipalityId}`, {
      method: 'POST',
      body: form,
      headers: { [UPLOAD_HEADER]: '1' },
    });
    return { status: res.status, body: (await res.json()) as any };
  };
  const run = async (id: string) => (await beheerder.gql(RUN, { id })).data!.importRun;
  const applyAndWait = async (id: string) => {
    const r: any = await beheerder.gql(APPLY, { id });
    expect(r.data.applyImport.errors).toEqual([]);
    await server.jobsIdle({ timeoutMs: 60_000 });
    return run(id);
  };
  /** A fresh arrangement of Zuiderveen for this year (by the application clock), for one test. */
  const createArrangement = async (
    name: string,
    extra: { minAge?: number; maxAge?: number; defaultAmountCents?: number } = {},
  ) => {
    const year = today(applicationClock()).slice(0, 4);
    const [category] = await q(`select id from category order by name limit 1`);
    const r: any = await beheerder.gql(
      `mutation($input: ArrangementInput!) { createArrangement(input: $input) { errors { message } arrangement { name } } }`,
      {
        input: {
          name,
          description: 'Voor de test van de import.',
          municipalityId: zv,
          validFrom: `${year}-01-01`,
          validUntil: `${year}-12-31`,
          defaultAmountCents: extra.defaultAmountCents ?? 25000,
          categoryIds: [category.id],
          ownContributionAllowed: false,
          maxPerOrderCents: null,
          minAge: extra.minAge ?? null,
          maxAge: extra.maxAge ?? null,
        },
      },
    );
    expect(r.data.createArrangement.errors).toEqual([]);
    return r.data.createArrangement.arrangement.name as string;
  };
  const counts = async () =>
    (
      await q(`select (select count(*) from person)::int as persons, (select count(*) from client_group)::int as groups,
                      (select count(*) from assignment)::int as assignments, (select count(*) from ledger_entry)::int as entries`)
    )[0];

  beforeAll(async () => {
    server = await startTestServer({ seed: true, env: { JOBS_POLL_INTERVAL_MS: '100' } });
    beheerder = server.client();
    await beheerder.loginStaff(staffEmail('BEHEERDER'), DEMO_PASSWORD);
    zv = (await q(`select id from municipality where slug = 'zuiderveen'`))[0].id;
    arrangement = (await q(`select name from arrangement where municipality_id = ? and name like 'Meedoen%'`, [zv]))[0]
      .name;
  });
  afterAll(async () => {
    await server?.close();
  });

  it('reads amounts in euros and dates as people type them', () => {
    expect(parseEuros('150')).toBe(15000);
    expect(parseEuros('150,5')).toBe(15050);
    expect(parseEuros('€ 1.250,50')).toBe(125050);
    expect(parseEuros('1,250.50')).toBeNull();
    expect(parseEuros('12,345')).toBeNull();
    expect(parseEuros('15000 cent')).toBeNull();
    expect(parseDate('14-03-2015')).toBe('2015-03-14');
    expect(parseDate('2015-03-14')).toBe('2015-03-14');
    expect(parseDate('31-02-2020')).toBeNull();
  });

  it('shows a dry run: new, changed, unchanged and invalid rows, each problem with line, column and a Dutch reason', async () => {
    const tag = `T${randomUUID().slice(0, 6)}`;
    const good = generatedPersons(4, tag, arrangement, 71_000_000);
    const [first] = await upload(beheerder, importCsv(good)).then((r) => [r]);
    expect(first.status).toBe(201);
    await applyAndWait(first.body.importRun.id);

    const demo = (
      await q(
        `select p.external_identifier, p.first_name, g.client_number from person p join client_group g on g.id = p.client_group_id
                where p.municipality_id = ? and p.bsn_hash is not null and p.erased_at is null order by p.external_identifier limit 1`,
        [zv],
      )
    )[0];
    const rows = [
      good[0]!, // unchanged (line 2)
      { ...good[1]!, voornaam: 'Anders' }, // changed (line 3)
      ...generatedPersons(2, `${tag}N`, null, 72_000_000), // new (lines 4, 5)
      { ...generatedPersons(1, `${tag}X`, null)[0]!, bsn: '123456789' }, // elfproef (line 6)
      { ...generatedPersons(1, `${tag}Y`, null)[0]!, bsn: good[2]!.bsn }, // BSN of another person (line 7)
      { ...generatedPersons(1, `${tag}Z`, null)[0]!, bsn: testBsn(73_000_000, 1), regeling: 'Fietsregeling' }, // line 8
      { ...generatedPersons(1, `${tag}W`, null)[0]!, bsn: '', regeling: arrangement, bedrag: '12,345' }, // line 9
      { ...generatedPersons(1, `${tag}V`, null)[0]!, bsn: '', geboortedatum: '31-02-2020' }, // line 10
      { klantnummer: demo.external_identifier, huishoudnummer: `${tag}-ANDER`, voornaam: 'X', achternaam: 'Y' }, // line 11
    ];
    const r = await upload(beheerder, importCsv(rows));
    expect(r.status).toBe(201);
    const dry = await run(r.body.importRun.id);
    expect(dry).toMatchObject({
      status: 'DRY_RUN',
      delimiter: ',',
      totalRows: 10,
      newRows: 2,
      changedRows: 1,
      unchangedRows: 1,
      invalidRows: 6,
    });
    const byLine = (line: number) => dry.problems.filter((p: any) => p.line === line);
    expect(byLine(6)[0]).toMatchObject({ column: 'bsn', message: expect.stringContaining('elfproef') });
    expect(byLine(7)[0]).toMatchObject({ column: 'bsn', message: 'Dit BSN staat al bij een andere persoon.' });
    expect(byLine(8)[0]).toMatchObject({ column: 'regeling', message: expect.stringContaining('bestaat niet') });
    expect(byLine(9)[0]).toMatchObject({ column: 'bedrag', message: expect.stringContaining('geen bedrag in euro') });
    expect(byLine(10)[0]).toMatchObject({ column: 'geboortedatum', message: expect.stringContaining('geen datum') });
    expect(byLine(11)[0]).toMatchObject({
      column: 'huishoudnummer',
      message: expect.stringContaining(demo.client_number),
    });
    // No BSN in what the dry run stored.
    const stored = await q(`select data::text as t from import_row where import_run_id = ?`, [r.body.importRun.id]);
    expect(stored.map((s) => s.t).join()).not.toContain(good[1]!.bsn);
    // The audit log names the run and counts, not persons.
    const [audit] = await q(
      `select actor_kind, details from audit_log where action = 'import.checked' and subject_id = ?`,
      [r.body.importRun.id],
    );
    expect(audit).toMatchObject({ actor_kind: 'STAFF', details: { rows: 10, INVALID: 6 } });
  });

  it('applies through the assignment service and ledger; importing the same file again changes nothing', async () => {
    const tag = `A${randomUUID().slice(0, 6)}`;
    // Ten persons in five households, each row naming the Meedoenregeling (an arrangement for the household).
    const rows = generatedPersons(10, tag, arrangement, 74_000_000);
    const csv = importCsv([...rows, { ...rows[0]!, klantnummer: `${tag}-BAD`, bsn: '111111111' }]);
    const before = await counts();
    const first = await upload(beheerder, csv);
    expect(await run(first.body.importRun.id)).toMatchObject({
      newRows: 10,
      grantRows: 5,
      grantHouseholds: 5,
      noGrantRows: 5,
    });
    const done = await applyAndWait(first.body.importRun.id);
    expect(done).toMatchObject({
      status: 'APPLIED',
      processedRows: 11,
      createdRows: 10,
      failedRows: 0,
      invalidRows: 1,
      grantedRows: 5,
    });
    const after = await counts();
    expect(after.persons - before.persons).toBe(10);
    expect(after.groups - before.groups).toBe(5);
    // One grant per household, however many of its members the file names.
    expect(after.assignments - before.assignments).toBe(5);
    // Each grant is a balanced ledger transaction of 75,00 to the household's budget, by the staff member who imported.
    const grants = await q(
      `select a.amount_cents, a.beneficiary_id, l.actor_kind, l.actor_id from assignment a
         join client_group g on g.id = a.client_group_id
         join audit_log l on l.action = 'assignment.granted' and l.subject_id = a.id::text
        where g.client_number like ?`,
      [`${tag}-%`],
    );
    expect(grants).toHaveLength(5);
    expect(grants.every((g) => g.beneficiary_id === null)).toBe(true);
    const staffId = (await q(`select id from admin_account where email = ?`, [staffEmail('BEHEERDER')]))[0].id;
    expect(grants.every((g) => g.amount_cents === 7500 && g.actor_kind === 'STAFF' && g.actor_id === staffId)).toBe(
      true,
    );
    const [balanced] = await q(`select coalesce(sum(amount_cents), 0)::int as s from ledger_entry`);
    expect(balanced.s).toBe(0);

    // The outcome per row as CSV, without BSNs.
    const outcome = await beheerder.fetch(done.outcomeUrl);
    expect(outcome.status).toBe(200);
    const text = await outcome.text();
    expect(text).toContain('regel,klantnummer,indeling,resultaat,toewijzing,melding');
    expect(text).toContain(`2,${tag}-P0,nieuw,aangemaakt,toegekend,`);
    // The second member of the household: created, no second grant, and why.
    expect(text).toContain(
      `3,${tag}-P1,nieuw,aangemaakt,geen,Geen toewijzing: het huishouden krijgt ${arrangement} al via regel 2`,
    );
    // The invalid row: skipped, with its reason (not only "ongeldig").
    expect(text).toMatch(
      /12,[^,]+-BAD,ongeldig,overgeslagen,,"?Niet verwerkt: de regel is ongeldig\. bsn: [^\r\n]*elfproef/,
    );
    expect(text).not.toContain(rows[0]!.bsn!);

    const again = await upload(beheerder, csv);
    expect(await run(again.body.importRun.id)).toMatchObject({
      newRows: 0,
      changedRows: 0,
      unchangedRows: 10,
      invalidRows: 1,
      grantRows: 0,
      noGrantRows: 10,
    });
    expect((await run(again.body.importRun.id)).notes[0]).toMatchObject({
      line: 2,
      message: expect.stringMatching(/^Geen toewijzing: het huishouden heeft .* al voor deze periode/),
    });
    const second = await applyAndWait(again.body.importRun.id);
    expect(second).toMatchObject({ status: 'APPLIED', createdRows: 0, updatedRows: 0, failedRows: 0 });
    expect(await counts()).toEqual(after);
    // Applying a finished run again is refused.
    const r: any = await beheerder.gql(APPLY, { id: again.body.importRun.id });
    expect(r.data.applyImport.errors[0].code).toBe('ALREADY_APPLIED');
  });

  it('resumes an interrupted run where it stopped, never leaving a row half applied', async () => {
    const tag = `R${randomUUID().slice(0, 6)}`;
    const rows = generatedPersons(8, tag, arrangement, 75_000_000);
    const up = await upload(beheerder, importCsv(rows));
    const id = up.body.importRun.id;
    // Started without the job: the test plays the worker.
    await q(`update import_run set status = 'APPLYING' where id = ?`, [id]);
    let checks = 0;
    const interrupted = {
      get aborted() {
        return ++checks > 3;
      },
    } as AbortSignal;
    const ctx = () => requestContextFor(server.orm, systemViewer('import.apply'));
    await expect(
      server.services.imports.runApply(ctx(), id, { signal: interrupted }, { chunkRows: 1 }),
    ).rejects.toThrow(/interrupted/);
    const halfway = await run(id);
    expect(halfway).toMatchObject({ status: 'APPLYING', processedRows: 3, createdRows: 3, grantedRows: 2 });
    // Every written row is whole: the persons of lines 2–4 (households H0 and H1) and each household's one grant.
    const perHousehold = `select g.client_number as h, (select count(*) from person p where p.client_group_id = g.id)::int as persons,
                  (select count(*) from assignment a where a.client_group_id = g.id)::int as grants
             from client_group g where g.client_number like ? order by 1`;
    expect(await q(perHousehold, [`${tag}-%`])).toEqual([
      { h: `${tag}-H0`, persons: 2, grants: 1 },
      { h: `${tag}-H1`, persons: 1, grants: 1 },
    ]);
    await server.services.imports.runApply(ctx(), id);
    expect(await run(id)).toMatchObject({
      status: 'APPLIED',
      processedRows: 8,
      createdRows: 8,
      failedRows: 0,
      grantedRows: 4,
    });
    expect((await q(perHousehold, [`${tag}-%`])).map((h) => [h.persons, h.grants])).toEqual([
      [2, 1],
      [2, 1],
      [2, 1],
      [2, 1],
    ]);
  });

  it('a chunk that breaks off halfway (a crash in the middle of its transaction) leaves none of its rows written', async () => {
    const tag = `B${randomUUID().slice(0, 6)}`;
    const rows = generatedPersons(8, tag, arrangement, 75_500_000);
    const up = await upload(beheerder, importCsv(rows));
    const id = up.body.importRun.id;
    await q(`update import_run set status = 'APPLYING' where id = ?`, [id]);
    const ctx = () => requestContextFor(server.orm, systemViewer('import.apply'));
    // The second chunk's persons and households are written when its grants break off.
    const real = server.services.assignments.grantForMembers.bind(server.services.assignments);
    let calls = 0;
    const spy = vi.spyOn(server.services.assignments, 'grantForMembers').mockImplementation(async (c, inputs) => {
      if (++calls === 2) throw new Error('connection lost');
      return real(c, inputs);
    });
    try {
      await expect(server.services.imports.runApply(ctx(), id, undefined, { chunkRows: 3 })).rejects.toThrow(
        /connection lost/,
      );
    } finally {
      spy.mockRestore();
    }
    expect(await run(id)).toMatchObject({ status: 'APPLYING', processedRows: 3, createdRows: 3 });
    const persons = await q(`select external_identifier as x from person where external_identifier like ? order by 1`, [
      `${tag}-%`,
    ]);
    expect(persons.map((p) => p.x)).toEqual([`${tag}-P0`, `${tag}-P1`, `${tag}-P2`]);
    await server.services.imports.runApply(ctx(), id, undefined, { chunkRows: 3 });
    expect(await run(id)).toMatchObject({ status: 'APPLIED', processedRows: 8, createdRows: 8, failedRows: 0 });
    const [held] = await q(
      `select count(*)::int as n, count(distinct a.client_group_id)::int as households
         from assignment a join client_group g on g.id = a.client_group_id where g.client_number like ?`,
      [`${tag}-%`],
    );
    expect(held).toEqual({ n: 4, households: 4 });
  });

  it('a row the granting rules refuse at apply time fails alone: nothing of it is written, the rest of the chunk is', async () => {
    const tag = `F${randomUUID().slice(0, 6)}`;
    const name = await createArrangement(`Regeling ${tag}`);
    const rows = generatedPersons(3, tag, null, 77_000_000);
    rows[1] = { ...rows[1]!, regeling: name };
    const up = await upload(beheerder, importCsv(rows));
    expect(await run(up.body.importRun.id)).toMatchObject({ newRows: 3, invalidRows: 0, grantRows: 1 });
    // After the dry run the arrangement's period is shortened: the row's grant now falls outside it.
    await q(`update arrangement set valid_until = valid_from + 1 where name = ?`, [name]);
    const done = await applyAndWait(up.body.importRun.id);
    expect(done).toMatchObject({ status: 'APPLIED', createdRows: 2, failedRows: 1, grantedRows: 0 });
    const written = await q(`select external_identifier from person where external_identifier like ? order by 1`, [
      `${tag}-%`,
    ]);
    expect(written.map((w) => w.external_identifier)).toEqual([`${tag}-P0`, `${tag}-P2`]);
    const text = await (await beheerder.fetch(done.outcomeUrl)).text();
    expect(text).toMatch(new RegExp(`3,${tag}-P1,nieuw,mislukt,,.*looptijd van de regeling`));
  });

  it('the batch path (grantMany) gives every grant exactly the answer of the single path (grant, one after another)', async () => {
    const tag = `G${randomUUID().slice(0, 6)}`;
    const [kind, meedoen] = await Promise.all(
      ['Kindpakket%', 'Meedoen%'].map(
        async (name) =>
          (
            await q(
              `select id, valid_from::text as valid_from, valid_until::text as valid_until from arrangement
                where municipality_id = ? and name like ?`,
              [zv, name],
            )
          )[0],
      ),
    );
    const year = Number(today(applicationClock()).slice(0, 4));
    const rows = generatedPersons(4, tag, null, 78_000_000);
    rows[2] = { ...rows[2]!, geboortedatum: `01-06-${year - 9}` }; // a child, in household H1 with P3
    const up = await upload(beheerder, importCsv(rows));
    expect((await applyAndWait(up.body.importRun.id)).createdRows).toBe(4);
    const people = await q(
      `select p.id, p.external_identifier as x, p.client_group_id as g from person p where p.external_identifier like ?`,
      [`${tag}-%`],
    );
    const P = Object.fromEntries(people.map((p) => [p.x.replace(`${tag}-`, ''), p]));
    const staffId = (await q(`select id from admin_account where email = ?`, [staffEmail('BEHEERDER')]))[0].id;
    const staff = () => requestContextFor(server.orm, staffViewer({ adminAccountId: staffId }));
    // P0 already holds Meedoen: a second overlapping grant is refused.
    expect(
      (
        await server.services.assignments.grant(staff(), {
          clientGroupId: P.P0.g,
          arrangementId: meedoen.id,
          beneficiaryId: P.P0.id,
        })
      ).ok,
    ).toBe(true);
    const inputs = [
      { clientGroupId: P.P2.g, arrangementId: kind.id, beneficiaryId: P.P2.id }, // a child: granted
      { clientGroupId: P.P3.g, arrangementId: kind.id, beneficiaryId: P.P3.id }, // an adult: the age rule asks a reason
      {
        clientGroupId: P.P3.g,
        arrangementId: kind.id,
        beneficiaryId: P.P3.id,
        ageExceptionReason: 'Pleegkind in het gezin.',
      },
      { clientGroupId: P.P0.g, arrangementId: meedoen.id, beneficiaryId: P.P0.id }, // overlaps the one held
      { clientGroupId: P.P1.g, arrangementId: meedoen.id, beneficiaryId: P.P1.id }, // granted …
      { clientGroupId: P.P1.g, arrangementId: meedoen.id, beneficiaryId: P.P1.id, amountCents: 500 }, // … then a twin
      { clientGroupId: P.P1.g, arrangementId: meedoen.id, beneficiaryId: P.P2.id }, // not of this household
      { clientGroupId: P.P1.g, arrangementId: meedoen.id, beneficiaryId: P.P1.id, amountCents: 0 },
      { clientGroupId: P.P1.g, arrangementId: meedoen.id, validFrom: '1999-01-01', validUntil: meedoen.valid_until },
      { clientGroupId: randomUUID(), arrangementId: meedoen.id },
      { clientGroupId: P.P1.g, arrangementId: randomUUID() },
    ];
    const answer = (r: { ok: boolean; errors?: { field: string | null; code: string; message: string }[] }) =>
      r.ok ? 'ok' : r.errors!.map((e) => `${e.field}|${e.code}|${e.message}`).join(' ');
    // Both in a transaction that is rolled back, so each path starts from the same database.
    const inRollback = async <T>(work: (ctx: ReturnType<typeof staff>) => Promise<T>): Promise<T> => {
      let out: T;
      await transactional(staff(), async (tx) => {
        out = await work(tx);
        throw new Error('rollback');
      }).catch((e: Error) => {
        if (e.message !== 'rollback') throw e;
      });
      return out!;
    };
    const single = await inRollback(async (tx) => {
      const answers: string[] = [];
      for (const input of inputs) answers.push(answer(await server.services.assignments.grant(tx, input)));
      return answers;
    });
    const [batch, written] = await inRollback(async (tx) => {
      const results = await server.services.assignments.grantMany(tx, inputs);
      const ledger = await tx.em.execute<{ n: number; s: number; audit: number }[]>(
        `select count(*)::int as n, coalesce(sum(e.amount_cents), 0)::int as s,
                (select count(*)::int from audit_log l where l.action = 'assignment.granted' and l.subject_id = any(?::text[])) as audit
           from ledger_transaction t join ledger_entry e on e.transaction_id = t.id
          where t.kind = 'GRANT' and t.assignment_id = any(?::uuid[])`,
        [
          `{${results.flatMap((r) => (r.ok ? [r.value.id] : [])).join(',')}}`,
          `{${results.flatMap((r) => (r.ok ? [r.value.id] : [])).join(',')}}`,
        ],
      );
      return [results.map(answer), ledger[0]!] as const;
    });
    expect(batch).toEqual(single);
    expect(single.filter((a) => a === 'ok')).toHaveLength(3);
    expect(single[1]).toMatch(/ageExceptionReason/);
    expect(single[3]).toMatch(/ALREADY_GRANTED/);
    expect(single[5]).toMatch(/ALREADY_GRANTED/);
    // Each granted one booked as its own balanced GRANT transaction (two entries) with its audit row.
    expect(written).toEqual({ n: 6, s: 0, audit: 3 });
  });

  it('a chunk the database refuses (a BSN taken meanwhile) is written row by row: only that row fails', async () => {
    const tag = `C${randomUUID().slice(0, 6)}`;
    const rows = generatedPersons(4, tag, arrangement, 79_000_000);
    const up = await upload(beheerder, importCsv(rows));
    const id = up.body.importRun.id;
    expect(await run(id)).toMatchObject({ newRows: 4, invalidRows: 0 });
    // After the dry run P3's row gets P2's BSN (as if changed meanwhile): the chunk's insert breaks the unique BSN.
    const [row2] = await q(`select data->>'bsnHash' as h from import_row where import_run_id = ? and line = 4`, [id]);
    await q(
      `update import_row set data = jsonb_set(data, '{bsnHash}', ?::jsonb) where import_run_id = ? and line = 5`,
      [JSON.stringify(row2.h), id],
    );
    const done = await applyAndWait(id);
    expect(done).toMatchObject({ status: 'APPLIED', processedRows: 4, createdRows: 3, failedRows: 1 });
    const written = await q(
      `select p.external_identifier as x, (select count(*) from assignment a where a.client_group_id = p.client_group_id)::int as n
         from person p where p.external_identifier like ? order by 1`,
      [`${tag}-%`],
    );
    // Row by row, the household's one grant still: H0 (P0, P1) once, H1 (P2; P3 failed) once.
    expect(written).toEqual([
      { x: `${tag}-P0`, n: 1 },
      { x: `${tag}-P1`, n: 1 },
      { x: `${tag}-P2`, n: 1 },
    ]);
    const text = await (await beheerder.fetch(done.outcomeUrl)).text();
    expect(text).toMatch(new RegExp(`5,${tag}-P3,nieuw,mislukt,`));
  });

  it('refuses an operator acting in the municipality: a run is applied in the name of a staff account', async () => {
    const viewer = {
      kind: Audience.STAFF as const,
      sessionId: randomUUID(),
      adminAccountId: randomUUID(),
      permissions: new Set(Object.values(Permission)),
      municipalityIds: [zv],
      operator: {
        operatorId: randomUUID(),
        operatorSessionId: randomUUID(),
        municipalityId: zv,
        reason: 'Storing',
        until: new Date(),
      },
    };
    const before = (await q(`select count(*)::int as n from import_run`))[0].n;
    const result = await server.services.imports.check(requestContextFor(server.orm, viewer), {
      municipalityId: zv,
      fileName: 'klanten.csv',
      source: (async function* () {
        yield Buffer.from(importCsv([]));
      })(),
    });
    expect(result.ok).toBe(false);
    expect(!result.ok && result.errors[0]!.code).toBe('OPERATOR_NOT_ALLOWED');
    expect((await q(`select count(*)::int as n from import_run`))[0].n).toBe(before);
  });

  it('refuses bad files as a whole with a clear Dutch answer and keeps nothing', async () => {
    const runsBefore = (await q(`select count(*)::int as n from import_run`))[0].n;
    const refuse = async (body: string | Buffer, code: string, text: RegExp) => {
      const r = await upload(beheerder, body);
      expect(r.status).toBeGreaterThanOrEqual(400);
      expect(r.body.errors[0]).toMatchObject({ code, message: expect.stringMatching(text) });
    };
    await refuse('', 'EMPTY', /leeg/);
    await refuse(importCsv([]), 'NO_ROWS', /alleen een kopregel/);
    await refuse(
      'naam,adres\r\nJan,Dorpsstraat 1\r\n',
      'COLUMNS',
      /Ontbrekende kolommen: huishoudnummer.*Onbekende kolommen: naam, adres/,
    );
    // Unicode text (UTF-16), as Excel saves "Unicode-tekst": named, not misread.
    const utf16 = Buffer.from('\ufeff' + importCsv(generatedPersons(1, 'U16', null)), 'utf16le');
    await refuse(utf16, 'ENCODING', /Unicode-tekst \(UTF-16\)/);
    // Malformed CSV: refused with the line, in Dutch (csv-parse's errors, each mapped), never a 500.
    const header = importCsv([]);
    const good = importCsv(generatedPersons(1, 'Q', null), ';').split('\r\n')[1];
    await refuse(
      importCsv([], ';') + `${good}\r\n"Jan;Jansen;;;\r\n`,
      'NOT_CSV',
      /^Het bestand is geen geldige CSV: regel 3: een aanhalingsteken is niet gesloten\./,
    );
    await refuse(
      header + 'Q-1,"Huishouden"x,Q-1-1,Jan,Jansen,,,,,,,,\r\n',
      'NOT_CSV',
      /regel 2: na een sluitend aanhalingsteken \(in kolom huishoudnaam\) staat nog tekst/,
    );
    await refuse(
      header + 'Q-1,,Q-1-1,Jan "de" Vries,Jansen,,,,,,,,\r\n',
      'NOT_CSV',
      /regel 2: een aanhalingsteken midden in een veld \(in kolom voornaam\)/,
    );
    await refuse(
      header + `Q-1,"${'x'.repeat(70 * 1024)},Q-1-1,Jan,Jansen,,,,,,,,\r\n`,
      'NOT_CSV',
      /regel 2: deze regel is langer dan 64 kB; waarschijnlijk is een aanhalingsteken niet gesloten/,
    );
    const many = importCsv([]) + ',,,x,,,,,,,,,\r\n'.repeat(IMPORT_MAX_ROWS + 1);
    await refuse(many, 'TOO_MANY_ROWS', /meer dan 250\.000/);
    expect((await q(`select count(*)::int as n from import_run`))[0].n).toBe(runsBefore);
    // Without the permission, or without the upload header: refused.
    const klantcontact = server.client();
    await klantcontact.loginStaff(staffEmail('KLANTCONTACT'), DEMO_PASSWORD);
    expect((await upload(klantcontact, importCsv(generatedPersons(1, 'K', null)))).status).toBe(403);
  });

  it('accepts a BOM and semicolons (with decimal commas), and says which separator it read', async () => {
    const tag = `S${randomUUID().slice(0, 6)}`;
    const csv = '\ufeff' + importCsv(generatedPersons(3, tag, arrangement, 76_000_000), ';');
    expect(csv).toContain(';75,00;');
    const r = await upload(beheerder, csv);
    expect(r.status).toBe(201);
    expect(await run(r.body.importRun.id)).toMatchObject({ delimiter: ';', newRows: 3, invalidRows: 0 });
    const example = await beheerder.fetch(`/api/imports/voorbeeld.csv?gemeente=${zv}`);
    const text = await example.text();
    expect(text).toContain('huishoudnummer,huishoudnaam,klantnummer');
    expect(text).toMatch(/Kindpakket|Meedoenregeling/);
    const ex = await upload(beheerder, text);
    expect(await run(ex.body.importRun.id)).toMatchObject({ totalRows: 3, invalidRows: 0 });
  });

  it('reads a file Dutch Excel saved as "CSV (gescheiden door lijstscheidingsteken)": Windows-1252 and semicolons', async () => {
    await createArrangement('Excelregeling');
    // Real Windows-1252 bytes (src/test/fixtures), as Excel writes them: é is one byte E9, € is 80 — not UTF-8.
    const bytes = await readFile(new URL('../../test/fixtures/excel-windows-1252.csv', import.meta.url));
    expect(bytes.includes(0xe9)).toBe(true);
    expect(bytes.includes(0x80)).toBe(true);
    expect(() => new TextDecoder('utf-8', { fatal: true }).decode(bytes)).toThrow();
    const r = await upload(beheerder, bytes, zv, 'klanten-excel.csv');
    expect(r.status).toBe(201);
    const dry = await run(r.body.importRun.id);
    expect(dry).toMatchObject({ encoding: 'WINDOWS_1252', delimiter: ';', totalRows: 3, newRows: 3, invalidRows: 0 });
    await applyAndWait(r.body.importRun.id);
    const people = await q(
      `select p.first_name, p.last_name, g.name as household from person p join client_group g on g.id = p.client_group_id
        where p.external_identifier like 'XL-%' order by p.external_identifier`,
    );
    expect(people).toEqual([
      { first_name: 'Hélène', last_name: 'Müller', household: 'Familie Müller' },
      { first_name: 'Zoë', last_name: 'Müller', household: 'Familie Müller' },
      { first_name: 'Noël', last_name: 'Çelik-Brontë', household: 'Huishouden Çelik-Brontë' },
    ]);
    // "€ 75,00" read as 7500 cents, granted once to the household of two.
    const grants = await q(
      `select a.amount_cents, a.beneficiary_id from assignment a join client_group g on g.id = a.client_group_id
        where g.client_number = 'XL-1'`,
    );
    expect(grants).toEqual([{ amount_cents: 7500, beneficiary_id: null }]);
    // The same file saved as "CSV UTF-8" (with its BOM) is read as UTF-8.
    const utf8 = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(iconv.decode(bytes, 'windows-1252'))]);
    const again = await upload(beheerder, utf8);
    expect(await run(again.body.importRun.id)).toMatchObject({ encoding: 'UTF_8', unchangedRows: 3, invalidRows: 0 });
  });

  it('grants a household arrangement once per household, one for children once per child who fits it; the dry run says why a row grants nothing and counts what applying does', async () => {
    const tag = `H${randomUUID().slice(0, 6)}`;
    const household = await createArrangement(`Huishoudtoeslag ${tag}`, { defaultAmountCents: 25000 });
    const children = await createArrangement(`Kinderregeling ${tag}`, { maxAge: 17, defaultAmountCents: 15000 });
    const year = Number(today(applicationClock()).slice(0, 4));
    const person = (h: string, p: string, born: string, regeling = '') => ({
      huishoudnummer: `${tag}-${h}`,
      klantnummer: `${tag}-${p}`,
      voornaam: p,
      achternaam: 'Huishouden',
      geboortedatum: born,
      regeling,
    });
    // H3 exists already and holds the household arrangement, granted on the screen to the household; H4 holds it for
    // one member (granted on the screen to P8, or by an import before the household rule).
    await applyAndWait(
      (await upload(beheerder, importCsv([person('H3', 'P6', '01-01-1970'), person('H4', 'P8', '01-01-1971')]))).body
        .importRun.id,
    );
    const [arrangementId] = await q(`select id from arrangement where name = ?`, [household]);
    const grantOnScreen = async (h: string, beneficiary: string | null) => {
      const [g] = await q(`select id from client_group where client_number = ?`, [`${tag}-${h}`]);
      const [p] = beneficiary
        ? await q(`select id from person where external_identifier = ?`, [`${tag}-${beneficiary}`])
        : [];
      const screen: any = await beheerder.gql(
        `mutation($input: GrantAssignmentInput!) { grantAssignment(input: $input) { errors { message } } }`,
        { input: { clientGroupId: g.id, arrangementId: arrangementId.id, beneficiaryId: p?.id ?? null } },
      );
      expect(screen.data.grantAssignment.errors).toEqual([]);
    };
    await grantOnScreen('H3', null);
    await grantOnScreen('H4', 'P8');

    const file = importCsv([
      person('H1', 'P1', '01-02-1985', household), // line 2: grants H1 once …
      person('H1', 'P2', '01-03-1987', household), // line 3: … not again
      person('H2', 'P3', '01-04-1980', children), // line 4: an adult: not in the target group
      person('H2', 'P4', `01-06-${year - 8}`, children), // line 5: a child: granted
      person('H2', 'P5', `01-06-${year - 12}`, children), // line 6: a child: granted
      person('H3', 'P7', '01-05-1972', household), // line 7: the household has it already
      person('H4', 'P9', '01-05-1973', household), // line 8: the household has it already, through P8
    ]);
    const before = await counts();
    const first = await upload(beheerder, file);
    const dry = await run(first.body.importRun.id);
    expect(dry).toMatchObject({ newRows: 7, grantRows: 3, grantHouseholds: 2, noGrantRows: 4, invalidRows: 0 });
    expect(dry.notes.map((n: any) => [n.line, n.message])).toEqual([
      [3, expect.stringMatching(`^Geen toewijzing: het huishouden krijgt ${household} al via regel 2 \\(`)],
      [
        4,
        expect.stringMatching(
          `^Geen toewijzing: deze persoon valt niet onder de doelgroep van ${children} \\(personen tot en met 17 jaar; P3 Huishouden is dan \\d+ jaar\\)\\.$`,
        ),
      ],
      [
        7,
        expect.stringMatching(
          `^Geen toewijzing: het huishouden heeft ${household} al voor deze periode \\(01-01-${year}`,
        ),
      ],
      [
        8,
        expect.stringMatching(
          `^Geen toewijzing: het huishouden heeft ${household} al voor deze periode \\(.*, toegekend aan P8 Huishouden\\)\\.$`,
        ),
      ],
    ]);
    const done = await applyAndWait(first.body.importRun.id);
    // What the dry run counted is what applying did.
    expect(done).toMatchObject({ status: 'APPLIED', createdRows: 7, failedRows: 0, grantedRows: dry.grantRows });
    const after = await counts();
    expect(after.assignments - before.assignments).toBe(dry.grantRows);
    const held = await q(
      `select g.client_number as h, p.first_name as beneficiary, a.amount_cents from assignment a
         join client_group g on g.id = a.client_group_id left join person p on p.id = a.beneficiary_id
        where g.client_number like ? order by 1, 2`,
      [`${tag}-%`],
    );
    expect(held).toEqual([
      { h: `${tag}-H1`, beneficiary: null, amount_cents: 25000 },
      { h: `${tag}-H2`, beneficiary: 'P4', amount_cents: 15000 },
      { h: `${tag}-H2`, beneficiary: 'P5', amount_cents: 15000 },
      { h: `${tag}-H3`, beneficiary: null, amount_cents: 25000 },
      { h: `${tag}-H4`, beneficiary: 'P8', amount_cents: 25000 },
    ]);
    const [ledger] = await q(`select coalesce(sum(amount_cents), 0)::int as s from ledger_entry`);
    expect(ledger.s).toBe(0);
    // The outcome file gives every row that grants nothing its reason.
    const text = await (await beheerder.fetch(done.outcomeUrl)).text();
    expect(text).toContain(
      `3,${tag}-P2,nieuw,aangemaakt,geen,Geen toewijzing: het huishouden krijgt ${household} al via regel 2`,
    );
    expect(text).toContain(
      `4,${tag}-P3,nieuw,aangemaakt,geen,Geen toewijzing: deze persoon valt niet onder de doelgroep`,
    );
    expect(text).toContain(`5,${tag}-P4,nieuw,aangemaakt,toegekend,`);
    expect(text).toContain(`7,${tag}-P7,nieuw,aangemaakt,geen,Geen toewijzing: het huishouden heeft ${household} al`);

    // The same file again: nothing new to grant, and the dry run says so.
    const rerun = await upload(beheerder, file);
    expect(await run(rerun.body.importRun.id)).toMatchObject({ grantRows: 0, grantHouseholds: 0, noGrantRows: 7 });
    expect(await applyAndWait(rerun.body.importRun.id)).toMatchObject({ grantedRows: 0, failedRows: 0 });
    expect(await counts()).toEqual(after);
  });

  it('two applies of the same file at the same moment grant each household once', async () => {
    const tag = `D${randomUUID().slice(0, 6)}`;
    const household = await createArrangement(`Dubbeltoeslag ${tag}`);
    const file = importCsv(generatedPersons(6, tag, household, 80_000_000));
    const runs = await Promise.all([upload(beheerder, file), upload(beheerder, file)]);
    const ids = runs.map((r) => r.body.importRun.id as string);
    for (const id of ids) expect(await run(id)).toMatchObject({ newRows: 6, grantRows: 3, grantHouseholds: 3 });
    // Both started; the test plays two workers at once.
    await q(`update import_run set status = 'APPLYING' where id = any(?::uuid[])`, [`{${ids.join(',')}}`]);
    const ctx = () => requestContextFor(server.orm, systemViewer('import.apply'));
    await Promise.all(ids.map((id) => server.services.imports.runApply(ctx(), id, undefined, { chunkRows: 2 })));
    const done = await Promise.all(ids.map(run));
    expect(done.map((d) => d.status)).toEqual(['APPLIED', 'APPLIED']);
    expect(done[0].grantedRows + done[1].grantedRows).toBe(3);
    const [held] = await q(
      `select count(*)::int as n, count(distinct a.client_group_id)::int as households
         from assignment a join client_group g on g.id = a.client_group_id where g.client_number like ?`,
      [`${tag}-%`],
    );
    expect(held).toEqual({ n: 3, households: 3 });
    expect((await q(`select count(*)::int as n from person where external_identifier like ?`, [`${tag}-%`]))[0].n).toBe(
      6,
    );

    // One run applied twice at once (two clicks): one job, each household granted once.
    const tag2 = `E${randomUUID().slice(0, 6)}`;
    const once = await upload(beheerder, importCsv(generatedPersons(4, tag2, household, 81_000_000)));
    const clicks: any[] = await Promise.all([1, 2].map(() => beheerder.gql(APPLY, { id: once.body.importRun.id })));
    for (const c of clicks) expect(c.data.applyImport.errors).toEqual([]);
    await server.jobsIdle({ timeoutMs: 60_000 });
    expect(await run(once.body.importRun.id)).toMatchObject({ status: 'APPLIED', grantedRows: 2, failedRows: 0 });
    const [held2] = await q(
      `select count(*)::int as n from assignment a join client_group g on g.id = a.client_group_id where g.client_number like ?`,
      [`${tag2}-%`],
    );
    expect(held2.n).toBe(2);
  });
});
