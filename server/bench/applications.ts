// `npm run bench:applications`: the staff work list of online applications (issue 28) at 50,000 applications.
//
// Starts the real server (demo data, with the demo's arrangement open for applications) on a fresh database
// (bench-database.ts) and generates, in SQL, 25,000 households of one municipality with a person each and two
// applications per household (one open: submitted, in assessment or waiting for the resident; one decided:
// approved, partly approved, declined or withdrawn) submitted over the last year: 50,000 applications. Then, logged in
// as the demo Klantcontact over GraphQL (real HTTP, one request at a time), it measures the work list BENCH_SAMPLES
// times (default 30) per case: the first page, a status filter, the unassigned filter, a search by number, and a page
// deep in (following a cursor near the end). Prints p50/p95 per case. Target: p95 ≤ 100 ms. Options:
//   BENCH_SCALE=0.1     a tenth of the data (default 1)
//   BENCH_SAMPLES=n     measurements per case (default 30)
import 'reflect-metadata';
import { loadConfig } from '../src/config/config.js';
import { createLogger } from '../src/logging/logger.js';
import { boot } from '../src/app/boot.js';
import { benchDatabase, benchEnv } from './bench-database.js';
import { TestClient } from '../src/test/server.js';
import { DEMO_PASSWORD, DEMO_STAFF } from '../src/seeders/demo-accounts.js';
import { encodeCursor } from '../src/graphql/pagination.js';

const SCALE = Number(process.env.BENCH_SCALE ?? 1);
const SAMPLES = Number(process.env.BENCH_SAMPLES ?? 30);
const HOUSEHOLDS = Math.max(10, Math.round(25_000 * SCALE));

const LIST = `query($filter: ApplicationFilter, $after: String) { applications(filter: $filter, first: 25, after: $after) {
  totalCount pageInfo { hasNextPage endCursor } edges { node { id number status applicantName arrangementName ageDays assessorName awaitingConfirmation } } } }`;

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

async function main() {
  const env = benchEnv({ SEED_DEMO_DATA: 'true', JOBS_WORKER: 'false' });
  const database = await benchDatabase(env);
  const config = loadConfig(env);
  const server = await boot({ config, logger: createLogger('silent'), port: 0 });
  try {
    const em = server.orm.em.fork();
    const sql = <T extends object = Record<string, unknown>[]>(text: string, params: unknown[] = []) =>
      em.execute<T>(text, params as never);
    const [form] = await sql<{ arrangement_id: string; municipality_id: string; criteria: unknown; amount: unknown }[]>(
      `select arrangement_id, municipality_id, criteria, amount from application_form where open limit 1`,
    );
    if (!form) throw new Error('the demo has no arrangement open for applications');
    const now = server.clock.now();
    const started = performance.now();
    await em.transactional(async (tx) => {
      const q = (text: string, params: unknown[] = []) => tx.execute(text, params as never);
      await q(`set local synchronous_commit = off`);
      await q(
        `insert into client_group (municipality_id, client_number, name, created_at)
         select ?, 'AVB' || lpad(i::text, 7, '0'), 'Huishouden Bench ' || i, ?::timestamptz from generate_series(1, ?) i`,
        [form.municipality_id, now, HOUSEHOLDS],
      );
      await q(
        `insert into person (id, client_group_id, municipality_id, external_identifier, first_name, last_name, created_at)
         select gen_random_uuid(), g.id, g.municipality_id, 'P-AVB-' || g.client_number, 'Inwoner',
                'Bench ' || substring(g.client_number from 4), ?::timestamptz
           from client_group g where g.client_number like 'AVB%'`,
        [now],
      );
      const statuses = ['SUBMITTED', 'IN_ASSESSMENT', 'WAITING_FOR_RESIDENT'];
      const decided = ['APPROVED', 'PARTLY_APPROVED', 'DECLINED', 'WITHDRAWN'];
      await q(
        `insert into application (id, number, arrangement_id, municipality_id, client_group_id, person_id, status, answers,
                                  form, expected_amount_cents, submitted_at, decided_at, created_at, updated_at)
         select gen_random_uuid(), 'AV-' || lpad((900000 + row_number() over ())::text, 7, '0'), ?, g.municipality_id,
                g.id, p.id, s.status, '{}', jsonb_build_object('criteria', ?::jsonb, 'amount', ?::jsonb), 15000,
                ?::timestamptz - make_interval(mins => (abs(hashtext(g.id::text || s.k::text)) % 525600)),
                case when s.k = 2 then ?::timestamptz else null end, ?::timestamptz, ?::timestamptz
           from client_group g join person p on p.client_group_id = g.id
           cross join lateral (values
             (1, (?::text[])[1 + abs(hashtext(g.id::text)) % 3]),
             (2, (?::text[])[1 + abs(hashtext(g.id::text || 'd')) % 4])) s(k, status)
          where g.client_number like 'AVB%'`,
        [
          form.arrangement_id,
          JSON.stringify(form.criteria),
          JSON.stringify(form.amount),
          now,
          now,
          now,
          now,
          `{${statuses.join(',')}}`,
          `{${decided.join(',')}}`,
        ],
      );
    });
    await sql(`analyze application`);
    const [{ n }] = await sql<{ n: string }[]>(`select count(*)::text as n from application`);
    console.log(`generated ${n} applications in ${((performance.now() - started) / 1000).toFixed(1)} s`);

    const client = new TestClient(server.url);
    await client.loginStaff(DEMO_STAFF.find((s) => s.role === 'KLANTCONTACT')!.email, DEMO_PASSWORD);
    const numbers = await sql<{ number: string }[]>(`select number from application order by md5(id::text) limit ?`, [
      SAMPLES,
    ]);
    const [deep] = await sql<{ s: string; id: string }[]>(
      `select submitted_at::text as s, id::text as id from application where status <> 'DRAFT'
        order by submitted_at, id offset greatest(0, (select count(*) from application where status <> 'DRAFT') - 40) limit 1`,
    );
    const cases: { label: string; variables: (i: number) => Record<string, unknown> }[] = [
      { label: 'werklijst, eerste pagina', variables: () => ({}) },
      { label: 'status: in behandeling', variables: () => ({ filter: { status: 'IN_ASSESSMENT' } }) },
      { label: 'zonder beoordelaar', variables: () => ({ filter: { unassigned: true } }) },
      { label: 'zoeken op nummer', variables: (i) => ({ filter: { search: numbers[i % numbers.length]!.number } }) },
      { label: 'diep in de lijst (cursor)', variables: () => ({ after: encodeCursor(['work', deep!.s, deep!.id]) }) },
    ];
    console.log(`case | p50 ms | p95 ms`);
    for (const c of cases) {
      const times: number[] = [];
      for (let i = 0; i < SAMPLES + 2; i++) {
        const t = performance.now();
        const r = await client.gql(LIST, c.variables(i));
        const ms = performance.now() - t;
        if (r.errors) throw new Error(`${c.label}: ${JSON.stringify(r.errors)}`);
        if (i >= 2) times.push(ms); // two warm-up requests
      }
      console.log(`${c.label} | ${percentile(times, 50).toFixed(1)} | ${percentile(times, 95).toFixed(1)}`);
    }
  } finally {
    await server.stop();
    await database.cleanup();
  }
}

main().then(
  () => process.exit(0),
  (error) => {
    console.error(error);
    process.exit(1);
  },
);
