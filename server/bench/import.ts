// `npm run bench:import`: imports BENCH_ROWS (100,000) persons, two per household, each row naming the Meedoenregeling
// (an arrangement for the household: granted once per household, BENCH_ROWS / 2 grants), from one CSV file.
//
// Starts the real server (with its job worker and the demo data) on a fresh database (TEST_DATABASE_URL's server, or
// the embedded PostgreSQL in a temporary folder), logs in as the demo Beheerder, uploads the file through the HTTP
// route (the dry run, read as a stream), then applies it through the real job path (the `import.apply` job: chunks of
// APPLY_CHUNK rows, each one transaction, every grant through AssignmentService.grantForMembers and the ledger) and
// measures both. Prints rows/s, the total time, the server process's peak RSS (the server runs in this process:
// process.resourceUsage().maxRSS, and the RSS sampled every 250 ms per phase) and the machine's load average: the
// numbers mean little on a busy machine. Stops by itself.
import 'reflect-metadata';
import { cpus, loadavg } from 'node:os';
import { loadConfig } from '../src/config/config.js';
import { createLogger } from '../src/logging/logger.js';
import { boot } from '../src/app/boot.js';
import { benchDatabase } from './bench-database.js';
import { TestClient } from '../src/test/server.js';
import { generatedPersons, importCsv } from '../src/test/import-csv.js';
import { DEMO_PASSWORD, DEMO_STAFF } from '../src/seeders/demo-accounts.js';
import { UPLOAD_HEADER } from '../src/modules/catalogue/product-image.routes.js';
import { APPLY_CHUNK } from '../src/modules/import/import.service.js';

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);

const load = () =>
  loadavg()
    .map((n) => n.toFixed(2))
    .join(' / ');
const peakRssMb = () => (process.resourceUsage().maxRSS / 1024).toFixed(0);
const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(0);

/** The highest RSS and heap seen while `work` runs, sampled every 250 ms. */
async function sampled<T>(work: () => Promise<T>): Promise<{ value: T; rss: number; heap: number }> {
  let rss = process.memoryUsage().rss;
  let heap = process.memoryUsage().heapUsed;
  const sample = () => {
    const m = process.memoryUsage();
    rss = Math.max(rss, m.rss);
    heap = Math.max(heap, m.heapUsed);
  };
  const timer = setInterval(sample, 250);
  try {
    const value = await work();
    sample();
    return { value, rss, heap };
  } finally {
    clearInterval(timer);
  }
}

async function main() {
  const env: Record<string, string> = {
    NODE_ENV: 'test',
    SEED_DEMO_DATA: 'true',
    LOG_LEVEL: 'silent',
    HOST: '127.0.0.1',
    JOBS_POLL_INTERVAL_MS: '100',
  };
  const database = await benchDatabase(env);
  const server = await boot({
    config: loadConfig(env),
    logger: createLogger('silent'),
    port: 0,
    demoActivity: false,
  });
  try {
    const loadBefore = load();
    const em = server.orm.em.fork();
    const [m] = await em.execute<{ id: string }[]>(`select id from municipality where slug = 'zuiderveen'`);
    const [a] = await em.execute<{ name: string }[]>(
      `select name from arrangement where municipality_id = ? and name like 'Meedoen%'`,
      [m!.id],
    );
    const client = new TestClient(server.url);
    await client.loginStaff(DEMO_STAFF.find((s) => s.role === 'BEHEERDER')!.email, DEMO_PASSWORD);
    const csv = importCsv(generatedPersons(ROWS, 'BENCH', a!.name, 60_000_000));
    const rssBefore = peakRssMb();

    const checkStarted = performance.now();
    const form = new FormData();
    form.append('file', new Blob([csv]), 'bench.csv');
    const dry = await sampled(async () => {
      const res = await client.fetch(`/api/imports?gemeente=${m!.id}`, {
        method: 'POST',
        body: form,
        headers: { [UPLOAD_HEADER]: '1' },
      });
      return (await res.json()) as { importRun: { id: string } | null; errors: { message: string }[] };
    });
    const answer = dry.value;
    if (!answer.importRun) throw new Error(`dry run refused: ${answer.errors.map((e) => e.message).join('; ')}`);
    const checkSeconds = (performance.now() - checkStarted) / 1000;
    const id = answer.importRun.id;

    const RUN = `query($id: ID!) { importRun(id: $id) { status totalRows newRows invalidRows processedRows createdRows failedRows } }`;
    const applyStarted = performance.now();
    const started = (await client.gql(
      `mutation($id: ID!) { applyImport(id: $id) { importRun { id } errors { message } } }`,
      { id },
    )) as { data?: { applyImport: { errors: { message: string }[] } } };
    const refused = started.data?.applyImport.errors ?? [{ message: 'no answer' }];
    if (refused.length) throw new Error(`apply refused: ${refused.map((e) => e.message).join('; ')}`);
    type Run = {
      status: string;
      totalRows: number;
      newRows: number;
      invalidRows: number;
      processedRows: number;
      createdRows: number;
      failedRows: number;
    };
    const applied = await sampled(async () => {
      let run = ((await client.gql(RUN, { id })).data as { importRun: Run }).importRun;
      let lastPrint = performance.now();
      while (run.status !== 'APPLIED') {
        await new Promise((r) => setTimeout(r, 250));
        run = ((await client.gql(RUN, { id })).data as { importRun: Run }).importRun;
        if (performance.now() - lastPrint > 15_000) {
          lastPrint = performance.now();
          const rate = run.processedRows / ((performance.now() - applyStarted) / 1000);
          console.log(`  … ${run.processedRows} van ${run.totalRows} regels verwerkt (${rate.toFixed(0)} regels/s)`);
        }
      }
      return run;
    });
    const run = applied.value;
    const applySeconds = (performance.now() - applyStarted) / 1000;
    const [check] = await em.execute<{ persons: number; assignments: number; balance: number }[]>(
      `select (select count(*)::int from person where external_identifier like 'BENCH-%') as persons,
              (select count(*)::int from assignment a join client_group g on g.id = a.client_group_id
                where g.client_number like 'BENCH-%') as assignments,
              (select coalesce(sum(amount_cents), 0)::int from ledger_entry) as balance`,
    );

    console.log('\nBenchmark: import van personen met toewijzingen (import.apply)');
    console.log(`  bestand     ${ROWS} regels, ${(csv.length / 1024 / 1024).toFixed(1)} MB`);
    console.log(
      `  proefrun    ${run.newRows} nieuw, ${run.invalidRows} ongeldig in ${checkSeconds.toFixed(1)} s (${(ROWS / checkSeconds).toFixed(0)} regels/s, upload via HTTP)`,
    );
    console.log(
      `  uitvoeren   ${run.createdRows} aangemaakt, ${run.failedRows} mislukt in ${applySeconds.toFixed(1)} s (${(ROWS / applySeconds).toFixed(0)} regels/s, ${APPLY_CHUNK} regels per transactie)`,
    );
    console.log(`  totaal      ${(checkSeconds + applySeconds).toFixed(1)} s voor proefrun en uitvoeren`);
    console.log(
      `  controle    ${check!.persons} personen, ${check!.assignments} toewijzingen, grootboek in balans: ${check!.balance === 0 ? 'ja' : 'NEE'}`,
    );
    console.log(`  geheugen    piek-RSS van het serverproces ${peakRssMb()} MB (voor de upload ${rssBefore} MB)`);
    console.log(
      `              gemeten per fase: proefrun RSS ${mb(dry.rss)} MB, heap ${mb(dry.heap)} MB; uitvoeren RSS ${mb(applied.rss)} MB, heap ${mb(applied.heap)} MB`,
    );
    console.log(`  machine     ${cpus().length} cores; load (1/5/15 min) vooraf ${loadBefore}, na afloop ${load()}`);
    // One grant per household (two persons each; an odd last person is a household of one).
    const households = Math.ceil(ROWS / 2);
    if (check!.persons !== ROWS || check!.assignments !== households || check!.balance !== 0) process.exitCode = 1;
  } finally {
    await server.stop();
    await database.cleanup();
  }
}

await main();
