// `npm run bench:messages`: one message to BENCH_RECIPIENTS (5,000) generated residents.
//
// Starts the real server (with its job worker) on a fresh embedded PostgreSQL in a temporary folder (or a new
// database on TEST_DATABASE_URL's server), bulk-inserts the residents (each with an e-mail address and the mail
// preference on), sends one message to "all residents of the municipality" through the service the GraphQL mutation
// uses, and measures: until the `messages.massSend` job has written every inbox message and recorded every e-mail
// (status SENT), and until the worker has delivered every e-mail (outbox transport). Prints the machine's load
// (os.loadavg) before and after: the numbers mean little on a busy machine. Stops by itself.
import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { withBenchServer, loadText, machineLine } from './bench-database.js';
import { allPowerfulStaff, seedResidents } from '../src/test/mass-message-load.js';
import { jobsIdle } from '../src/test/server.js';

const RECIPIENTS = Number(process.env.BENCH_RECIPIENTS ?? 5_000);

async function main() {
  await withBenchServer({ JOBS_POLL_INTERVAL_MS: '100' }, async (server) => {
    const loadBefore = loadText();
    const em = server.orm.em.fork();
    const seedStarted = performance.now();
    const { municipalityId, households } = await seedResidents(em, RECIPIENTS);
    const seedSeconds = (performance.now() - seedStarted) / 1000;

    const ctx = { ...server.contexts.forSystem('bench'), viewer: allPowerfulStaff(randomUUID()) };
    const started = performance.now();
    const sent = await server.services.massMessages.send(ctx, {
      audience: { kind: 'MUNICIPALITY_RESIDENTS', municipalityId },
      title: 'Bericht aan alle inwoners',
      body: 'Dit is een bericht aan alle inwoners van de gemeente.',
      idempotencyKey: randomUUID(),
    });
    if (!sent.ok) throw new Error(`send refused: ${sent.errors.map((e) => e.message).join('; ')}`);
    const queuedMs = performance.now() - started;
    let status = sent.value;
    while (status.status !== 'SENT') {
      await new Promise((r) => setTimeout(r, 50));
      status = (await server.services.massMessages.get(ctx, sent.value.id))!;
    }
    const jobSeconds = (performance.now() - started) / 1000;
    await jobsIdle(server.orm, { timeoutMs: 600_000 });
    const allSeconds = (performance.now() - started) / 1000;
    const [check] = await em.execute<{ inbox: number; delivered: number }[]>(
      `select (select count(distinct person_id)::int from message where mass_message_id = ?) as inbox,
              (select count(*)::int from mail_message where template_key = 'MASS_MESSAGE' and municipality_id = ? and status = 'SENT') as delivered`,
      [sent.value.id, municipalityId],
    );

    console.log('\nBenchmark: bericht aan een doelgroep (messages.massSend)');
    console.log(
      `  data        ${RECIPIENTS} inwoners in ${households} huishoudens, geseed in ${seedSeconds.toFixed(2)} s`,
    );
    console.log(`  versturen   limiet gereserveerd, bericht vastgelegd en job ingepland in ${queuedMs.toFixed(0)} ms`);
    console.log(
      `  job         ${status.sentCount} berichten in Berichten + ${status.mailCount} e-mails vastgelegd in ${jobSeconds.toFixed(1)} s (${(status.sentCount / jobSeconds).toFixed(0)} ontvangers/s)`,
    );
    console.log(`  bezorging   alle e-mails door de worker bezorgd (outbox) na ${allSeconds.toFixed(1)} s`);
    console.log(`  controle    ${check!.inbox} inwoners met het bericht, ${check!.delivered} e-mails bezorgd`);
    console.log(machineLine(loadBefore));
    if (check!.inbox !== RECIPIENTS || check!.delivered !== RECIPIENTS) process.exitCode = 1;
  });
}

await main();
