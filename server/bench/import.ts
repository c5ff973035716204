// `npm run bench:import`: imports BENCH_ROWS (100,000) persons, two per household, each row naming the Meedoenregeling
// (an arrangement for the household: granted once per household, BENCH_ROWS / 2 grants), from one CSV file.
//
// On a fresh database (TEST_DATABASE_URL's server, or the embedded PostgreSQL in a temporary folder) this process
// migrates and seeds the demo data, then starts the real server as a process of its own (src/main.ts, with its job
// worker), logs in as the demo Beheerder, uploads the file through the HTTP route (the dry run, read as a stream),
// then applies it through the real job path (the `import.apply` job: chunks of APPLY_CHUNK rows, each one
// transaction, every grant through AssignmentService.grantForMembers and the ledger) and measures both. Prints rows/s,
// the total time, the server process's memory (its peak RSS, VmHWM, and its RSS sampled every 250 ms per phase: the
// server alone, not this process with its CSV file and the seeding) and the machine's load average: the numbers mean
// little on a busy machine. Stops by itself. BENCH_SERVER=dist runs the compiled server (after `npm run build`), as the
// container does, for its memory; BENCH_NODE_OPTIONS passes node options to the server alone.
import 'reflect-metadata';
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { loadConfig } from '../src/config/config.js';
import { createLogger } from '../src/logging/logger.js';
import { boot } from '../src/app/boot.js';
import { benchDatabase, freePort, benchEnv, loadText, machineLine } from './bench-database.js';
import { TestClient } from '../src/test/server.js';
import { generatedPersons, importCsv } from '../src/test/import-csv.js';
import { DEMO_PASSWORD, DEMO_STAFF } from '../src/seeders/demo-accounts.js';
import { UPLOAD_HEADER } from '../src/modules/catalogue/product-image.routes.js';
import { APPLY_CHUNK } from '../src/modules/import/import.service.js';

const ROWS = Number(process.env.BENCH_ROWS ?? 100_000);

const mb = (kb: number) => (kb / 1024).toFixed(0);

/** A process's memory from /proc (Linux), in kB: its resident set now and at its highest (VmHWM). */
function memoryOf(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0);
  return { rss: kb('VmRSS'), peak: kb('VmHWM') };
}

/** A process's CPU time (user and system) in seconds, from /proc (Linux: 100 clock ticks a second). */
function cpuSeconds(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return 0;
  }
}

/**
 * While `work` runs, every 250 ms: the server process's RSS (its highest, kB), and the CPU time the server and the
 * PostgreSQL backends of its database used (seconds; a backend's CPU counts from the phase's start). CPU time says
 * what the work costs whatever else the machine runs; on a busy machine the seconds on the clock mostly say the load.
 */
async function sampled<T>(
  pid: number,
  db: pg.Client,
  work: () => Promise<T>,
): Promise<{ value: T; rss: number; serverCpu: number; databaseCpu: number }> {
  let rss = memoryOf(pid).rss;
  const serverStart = cpuSeconds(pid);
  const backends = new Map<number, { from: number; last: number }>();
  const backendPids = async () =>
    (
      await db.query<{ pid: number }>(
        `select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()`,
      )
    ).rows.map((r) => r.pid);
  for (const b of await backendPids()) backends.set(b, { from: cpuSeconds(b), last: cpuSeconds(b) });
  let sampling = Promise.resolve();
  const sample = () =>
    (sampling = sampling.then(async () => {
      rss = Math.max(rss, memoryOf(pid).rss);
      for (const b of await backendPids()) {
        const now = cpuSeconds(b);
        const seen = backends.get(b);
        if (seen) seen.last = Math.max(seen.last, now);
        else backends.set(b, { from: 0, last: now });
      }
    }));
  const timer = setInterval(() => void sample(), 250);
  try {
    const value = await work();
    clearInterval(timer);
    await sample();
    const databaseCpu = [...backends.values()].reduce((sum, b) => sum + b.last - b.from, 0);
    return { value, rss, serverCpu: cpuSeconds(pid) - serverStart, databaseCpu };
  } finally {
    clearInterval(timer);
  }
}

/** Starts the server (src/main.ts) as a process of its own on `port`; resolves once /healthz answers. */
async function startServer(env: Record<string, string>, port: number) {
  // BENCH_SERVER=dist: the compiled server (`npm run build`, server/dist/main.js), as the container runs it; else the
  // TypeScript sources through tsx, as `npm start` does (tsx's transformed sources stay in the process's memory).
  const dist = process.env.BENCH_SERVER === 'dist';
  const main = fileURLToPath(new URL('../dist/main.js', import.meta.url));
  if (dist && !existsSync(main)) throw new Error(`BENCH_SERVER=dist: ${main} is missing; run npm run build first`);
  const child = spawn(
    process.execPath,
    dist
      ? ['--enable-source-maps', main]
      : [
          '--import',
          fileURLToPath(new URL('../scripts/register-ts.mjs', import.meta.url)),
          fileURLToPath(new URL('../src/main.ts', import.meta.url)),
        ],
    {
      env: {
        ...process.env,
        ...env,
        PORT: String(port),
        // BENCH_PROFILE=<folder>: the server writes a CPU profile there when it stops (node --cpu-prof);
        // BENCH_NODE_OPTIONS: node options of the server only (e.g. --max-old-space-size=256, as a container's limit).
        NODE_OPTIONS: [
          process.env.BENCH_NODE_OPTIONS ?? '',
          process.env.BENCH_PROFILE ? `--cpu-prof --cpu-prof-dir=${process.env.BENCH_PROFILE}` : '',
        ]
          .join(' ')
          .trim(),
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`the server stopped (${child.exitCode})`);
    const up = await fetch(`${url}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (up) break;
    if (i > 600) throw new Error('the server did not start within 2 minutes');
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    pid: child.pid!,
    stop: async () => {
      child.kill('SIGTERM');
      await exited;
    },
  };
}

async function main() {
  const env = benchEnv({ SEED_DEMO_DATA: 'true', JOBS_POLL_INTERVAL_MS: '100' });
  const database = await benchDatabase(env);
  // Migrated and seeded here; the server then starts on the database as it is (its seeding finds the demo data).
  const setUp = await boot({ config: loadConfig(env), logger: createLogger('silent'), port: 0, demoActivity: false });
  const em = setUp.orm.em.fork();
  const [m] = await em.execute<{ id: string }[]>(`select id from municipality where slug = 'zuiderveen'`);
  const [a] = await em.execute<{ name: string }[]>(
    `select name from arrangement where municipality_id = ? and name like 'Meedoen%'`,
    [m!.id],
  );
  const databaseUrl = setUp.orm.config.get('clientUrl')!;
  await setUp.stop();
  // BENCH_PORT: a fixed port of one's own (on a shared machine), else a free one.
  const server = await startServer(env, Number(process.env.BENCH_PORT) || (await freePort()));
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  let stopped = false;
  try {
    const loadBefore = loadText();
    const client = new TestClient(server.url);
    await client.loginStaff(DEMO_STAFF.find((s) => s.role === 'BEHEERDER')!.email, DEMO_PASSWORD);
    // BSNs from 0100000… up: the demo's own start with 1–9 (seeders/demo-data.ts, makeBsn), so none of the file's is
    // held by a demo person (from 60,000,000 one of 250,000 was, and the run ended with one invalid row).
    const csv = importCsv(generatedPersons(ROWS, 'BENCH', a!.name, 1_000_000));
    const before = memoryOf(server.pid);

    const checkStarted = performance.now();
    const form = new FormData();
    form.append('file', new Blob([csv]), 'bench.csv');
    const dry = await sampled(server.pid, db, async () => {
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
    const applied = await sampled(server.pid, db, async () => {
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
    const memory = memoryOf(server.pid);
    const loadAfter = loadText();
    await db.end();
    await server.stop();
    stopped = true;
    // The outcome, read by this process on the database the server left.
    const after = await boot({ config: loadConfig(env), logger: createLogger('silent'), port: 0, demoActivity: false });
    const [check] = await after.orm.em.fork().execute<{ persons: number; assignments: number; balance: number }[]>(
      `select (select count(*)::int from person where external_identifier like 'BENCH-%') as persons,
                (select count(*)::int from assignment a join client_group g on g.id = a.client_group_id
                  where g.client_number like 'BENCH-%') as assignments,
                (select coalesce(sum(amount_cents), 0)::int from ledger_entry) as balance`,
    );
    await after.stop();

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
    console.log(
      `  geheugen    piek-RSS van het serverproces ${mb(memory.peak)} MB (na het starten ${mb(before.rss)} MB, piek toen ${mb(before.peak)} MB)`,
    );
    console.log(`              gemeten per fase: proefrun RSS ${mb(dry.rss)} MB; uitvoeren RSS ${mb(applied.rss)} MB`);
    const cpu = (phase: { serverCpu: number; databaseCpu: number }) =>
      `server ${phase.serverCpu.toFixed(1)} s, PostgreSQL ${phase.databaseCpu.toFixed(1)} s (${(
        (1000 * (phase.serverCpu + phase.databaseCpu)) /
        ROWS
      ).toFixed(2)} ms per regel)`;
    console.log(`  CPU-tijd    proefrun: ${cpu(dry)}`);
    console.log(`              uitvoeren: ${cpu(applied)}`);
    console.log(machineLine(loadBefore, loadAfter));
    // One grant per household (two persons each; an odd last person is a household of one).
    const households = Math.ceil(ROWS / 2);
    if (check!.persons !== ROWS || check!.assignments !== households || check!.balance !== 0) process.exitCode = 1;
  } finally {
    if (!stopped) {
      await db.end().catch(() => {});
      await server.stop();
    }
    await database.cleanup();
  }
}

await main();
