import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { randomUUID } from 'node:crypto';
import { startTestServer, type TestClient, type TestServer } from '../../test/server.js';
import { requestContextFor, staffViewer } from '../../test/context.js';
import { generatedPersons, importCsv, testBsn } from '../../test/import-csv.js';
import { DEMO_PASSWORD, DEMO_STAFF } from '../../seeders/demo-accounts.js';
import { UPLOAD_HEADER } from '../catalogue/product-image.routes.js';
import { systemViewer } from '../../graphql/auth/viewer.js';
import { IMPORT_MAX_ROWS, parseEuros, parseDate } from '../../rules/import.js';
import { Audience, Permission } from '../../graphql/auth/permissions.js';
import { applicationClock, today } from '../../lib/clock.js';
import { transactional } from '../../lib/request-context.js';

const staffEmail = (role: string) => DEMO_STAFF.find((s) => s.role === role)!.email;

const RUN = `query($id: ID!) { importRun(id: $id) { id status delimiter totalRows newRows changedRows unchangedRows invalidRows
  processedRows createdRows updatedRows failedRows outcomeUrl problems { line column externalIdentifier message } } }`;
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
    const rows = generatedPersons(10, tag, arrangement, 74_000_000);
    const csv = importCsv([...rows, { ...rows[0]!, klantnummer: `${tag}-BAD`, bsn: '111111111' }]);
    const before = await counts();
    const first = await upload(beheerder, csv);
    expect((await run(first.body.importRun.id)).newRows).toBe(10);
    const done = await applyAndWait(first.body.importRun.id);
    expect(done).toMatchObject({
      status: 'APPLIED',
      processedRows: 11,
      createdRows: 10,
      failedRows: 0,
      invalidRows: 1,
    });
    const after = await counts();
    expect(after.persons - before.persons).toBe(10);
    expect(after.groups - before.groups).toBe(5);
    expect(after.assignments - before.assignments).toBe(10);
    // Each grant is a balanced ledger transaction of 75,00 to the person's budget, by the staff member who imported.
    const grants = await q(
      `select a.amount_cents, l.actor_kind, l.actor_id from assignment a join person p on p.id = a.beneficiary_id
         join audit_log l on l.action = 'assignment.granted' and l.subject_id = a.id::text
        where p.external_identifier like ?`,
      [`${tag}-%`],
    );
    expect(grants).toHaveLength(10);
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
    expect(text).toContain('regel,klantnummer,indeling,resultaat,melding');
    expect(text).toContain(`2,${tag}-P0,nieuw,aangemaakt,`);
    expect(text).toMatch(/12,[^,]+-BAD,ongeldig,overgeslagen,/);
    expect(text).not.toContain(rows[0]!.bsn!);

    const again = await upload(beheerder, csv);
    expect(await run(again.body.importRun.id)).toMatchObject({
      newRows: 0,
      changedRows: 0,
      unchangedRows: 10,
      invalidRows: 1,
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
    expect(halfway).toMatchObject({ status: 'APPLYING', processedRows: 3, createdRows: 3 });
    // Every written row is whole: person and assignment together.
    const written = await q(
      `select p.external_identifier, (select count(*) from assignment a where a.beneficiary_id = p.id)::int as n
         from person p where p.external_identifier like ? order by 1`,
      [`${tag}-%`],
    );
    expect(written).toHaveLength(3);
    expect(written.every((w) => w.n === 1)).toBe(true);
    await server.services.imports.runApply(ctx(), id);
    expect(await run(id)).toMatchObject({ status: 'APPLIED', processedRows: 8, createdRows: 8, failedRows: 0 });
    expect(
      (
        await q(
          `select count(*)::int as n from assignment a join person p on p.id = a.beneficiary_id where p.external_identifier like ?`,
          [`${tag}-%`],
        )
      )[0].n,
    ).toBe(8);
  });

  it('a chunk that breaks off halfway (a crash in the middle of its transaction) leaves none of its rows written', async () => {
    const tag = `B${randomUUID().slice(0, 6)}`;
    const rows = generatedPersons(8, tag, arrangement, 75_500_000);
    const up = await upload(beheerder, importCsv(rows));
    const id = up.body.importRun.id;
    await q(`update import_run set status = 'APPLYING' where id = ?`, [id]);
    const ctx = () => requestContextFor(server.orm, systemViewer('import.apply'));
    // The second chunk's persons and households are written when its grants break off.
    const real = server.services.assignments.grantMany.bind(server.services.assignments);
    let calls = 0;
    const spy = vi.spyOn(server.services.assignments, 'grantMany').mockImplementation(async (c, inputs) => {
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
      `select count(*)::int as n, count(distinct a.beneficiary_id)::int as persons
         from assignment a join person p on p.id = a.beneficiary_id where p.external_identifier like ?`,
      [`${tag}-%`],
    );
    expect(held).toEqual({ n: 8, persons: 8 });
  });

  it('a row the granting rules refuse at apply time fails alone: nothing of it is written, the rest of the chunk is', async () => {
    const tag = `F${randomUUID().slice(0, 6)}`;
    const kindpakket = (
      await q(`select name from arrangement where municipality_id = ? and name like 'Kindpakket%'`, [zv])
    )[0].name;
    const rows = generatedPersons(3, tag, null, 77_000_000);
    // An adult and the Kindpakket (up to 17): the assignment service asks for a reason, which an import cannot give.
    rows[1] = { ...rows[1]!, regeling: kindpakket };
    const up = await upload(beheerder, importCsv(rows));
    expect(await run(up.body.importRun.id)).toMatchObject({ newRows: 3, invalidRows: 0 });
    const done = await applyAndWait(up.body.importRun.id);
    expect(done).toMatchObject({ status: 'APPLIED', createdRows: 2, failedRows: 1 });
    const written = await q(`select external_identifier from person where external_identifier like ? order by 1`, [
      `${tag}-%`,
    ]);
    expect(written.map((w) => w.external_identifier)).toEqual([`${tag}-P0`, `${tag}-P2`]);
    const text = await (await beheerder.fetch(done.outcomeUrl)).text();
    expect(text).toMatch(new RegExp(`3,${tag}-P1,nieuw,mislukt,.*${kindpakket}`));
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
      `select p.external_identifier as x, (select count(*) from assignment a where a.beneficiary_id = p.id)::int as n
         from person p where p.external_identifier like ? order by 1`,
      [`${tag}-%`],
    );
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
    const latin1 = Buffer.from(
      importCsv([{ huishoudnummer: 'L-1', klantnummer: 'L-1-1', voornaam: 'Zoë', achternaam: 'Müller' }]),
      'latin1',
    );
    await refuse(latin1, 'ENCODING', /niet in UTF-8/);
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
});
