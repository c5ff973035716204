// `npm run bench:payouts`: a payout batch for BENCH_ORDERS (10,000) delivered orders from BENCH_PROVIDERS (500)
// providers.
//
// Starts the real server on a fresh embedded PostgreSQL in a temporary folder (or a new database on
// TEST_DATABASE_URL's server), bulk-inserts the delivered orders with their ledger bookings, and measures through the
// services the screens use: the preview (gathering), creating the batch (gathering, one line per provider, every
// order reserved), the SEPA export (pain.001.001.09, checked against the official XSD) and marking it paid (the
// PAYOUT booking). Prints the machine's load (os.loadavg) before and after: the numbers mean little on a busy machine.
import 'reflect-metadata';
import { randomUUID } from 'node:crypto';
import { withBenchServer, loadText, machineLine } from './bench-database.js';
import { allPowerfulStaff } from '../src/test/mass-message-load.js';
import { seedDeliveredOrders } from '../src/test/payout-load.js';
import { validatePain001 } from '../src/test/sepa-xsd.js';

const ORDERS = Number(process.env.BENCH_ORDERS ?? 10_000);
const PROVIDERS = Number(process.env.BENCH_PROVIDERS ?? 500);

async function timed<T>(work: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const value = await work();
  return [value, performance.now() - started];
}

async function main() {
  await withBenchServer({}, async (server) => {
    const loadBefore = loadText();
    const ctx = { ...server.contexts.forSystem('bench'), viewer: allPowerfulStaff(randomUUID()) };
    const [{ municipalityId, totalCents }, seedMs] = await timed(() =>
      seedDeliveredOrders(server.orm.em.fork(), {
        orders: ORDERS,
        providers: PROVIDERS,
        now: ctx.clock.now(),
        deliveredDaysAgo: 20,
      }),
    );
    const settings = await server.services.settings.update(ctx, 'payments', {
      debtorAccounts: {
        [municipalityId]: { name: 'Gemeente Uitbetaling', iban: 'NL14BNGH0285001234', bic: 'BNGHNL2G' },
      },
    });
    if (!settings.ok) throw new Error(JSON.stringify(settings.errors));

    const fresh = () => ({ ...ctx, em: server.orm.em.fork() });
    const [preview, previewMs] = await timed(() => server.services.payouts.preview(fresh(), municipalityId));
    if (!preview.ok) throw new Error(JSON.stringify(preview.errors));
    const [created, createMs] = await timed(() => server.services.payouts.create(fresh(), municipalityId));
    if (!created.ok) throw new Error(JSON.stringify(created.errors));
    const [exported, exportMs] = await timed(() => server.services.payouts.export(fresh(), created.value.id));
    if (!exported.ok) throw new Error(JSON.stringify(exported.errors));
    const [paid, paidMs] = await timed(() => server.services.payouts.markPaid(fresh(), created.value.id));
    if (!paid.ok) throw new Error(JSON.stringify(paid.errors));
    const [xsd, xsdMs] = await timed(() => validatePain001(exported.value.xml, 'pain.001.001.09'));
    const [{ left }] = (await server.orm.em
      .fork()
      .execute<{ left: string }[]>(
        `select coalesce(sum(balance_cents), 0)::text as left from ledger_account where kind = 'PROVIDER_PAYABLE' and municipality_id = ?`,
        [municipalityId],
      )) as [{ left: string }];

    const b = created.value;
    console.log('\nBenchmark: uitbetaling aan aanbieders (payouts)');
    console.log(
      `  data        ${ORDERS} geleverde bestellingen van ${PROVIDERS} aanbieders, geseed in ${(seedMs / 1000).toFixed(2)} s`,
    );
    console.log(`  voorbeeld   ${preview.value.orderCount} bestellingen verzameld in ${previewMs.toFixed(0)} ms`);
    console.log(
      `  aanmaken    ${b.orderCount} bestellingen, ${b.providerCount} overboekingen, € ${(b.totalCents / 100).toFixed(2)} in ${createMs.toFixed(0)} ms`,
    );
    console.log(
      `  export      pain.001.001.09 van ${(exported.value.xml.length / 1024).toFixed(0)} kB in ${exportMs.toFixed(0)} ms (XSD ${xsd.valid ? 'geldig' : 'ONGELDIG'}, gecontroleerd in ${xsdMs.toFixed(0)} ms)`,
    );
    console.log(`  betaald     PAYOUT geboekt in ${paidMs.toFixed(0)} ms; nog te betalen aan aanbieders: ${left} cent`);
    console.log(machineLine(loadBefore));
    if (!xsd.valid || b.totalCents !== totalCents || b.orderCount !== ORDERS || Number(left) !== 0) {
      console.error('  controle    MISLUKT', xsd.errors.slice(0, 3));
      process.exitCode = 1;
    }
  });
}

await main();
