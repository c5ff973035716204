import type { EntityManager } from '@mikro-orm/postgresql';
import type { Services } from '../platform/composition.js';
import { applicationNow } from '../kernel/clock.js';

/**
 * The demo's reconciliation (controle): differences between our payments and the payment simulator's records, and a
 * refund that stopped retrying, so /admin/beheer/betalingen/controle shows each kind of work. Only with the
 * simulator, which keeps its records in the database (payment_simulator_payment), so they stay after a restart.
 * Runs after the demo activity (seeders/demo-activity.ts), which paid two own contributions and refunded one.
 */
export async function seedDemoPaymentMismatches(
  em: EntityManager,
  services: Pick<Services, 'payments'>,
): Promise<{ mismatches: number; stoppedRefunds: number }> {
  const simulator = services.payments.simulator;
  if (!simulator || services.payments.gateway !== simulator) return { mismatches: 0, stoppedRefunds: 0 };
  const paid = await em.execute<{ id: string; external_id: string; amount_cents: number; refunded_cents: number }[]>(
    `select id, external_id, amount_cents, refunded_cents from payment
      where status = 'PAID' and external_id is not null order by created_at`,
  );
  let mismatches = 0;
  // The PSP reports another amount for the contribution that was kept (a correction at the PSP's side).
  const kept = paid.find((p) => p.refunded_cents === 0);
  if (
    kept &&
    (await simulator.mismatch({
      kind: 'AMOUNT_DIFFERS',
      externalId: kept.external_id,
      amountCents: kept.amount_cents + 500,
    }))
  )
    mismatches++;
  // A payment at the PSP that we do not know (made with our API key by another system).
  if (await simulator.mismatch({ kind: 'MISSING_HERE', amountCents: 1250, status: 'PAID' })) mismatches++;
  // The refund of the cancelled course failed at the PSP after it had been accepted.
  const [refund] = await em.execute<{ external_id: string }[]>(
    `select external_id from payment_refund where status = 'REFUNDED' and external_id is not null order by created_at limit 1`,
  );
  if (refund && (await simulator.mismatch({ kind: 'REFUND_FAILED', refundId: refund.external_id }))) mismatches++;

  // A refund the PSP kept refusing until the retries stopped (a double charge the resident reported).
  let stoppedRefunds = 0;
  if (kept) {
    await em.execute(
      `insert into payment_refund (payment_id, amount_cents, attempts, last_error, created_at)
       values (?, ?, 20, 'Mollie: The refund could not be processed (tijdelijk niet beschikbaar)', ?)
       on conflict do nothing`,
      [kept.id, Math.min(500, kept.amount_cents), applicationNow()],
    );
    stoppedRefunds++;
  }
  return { mismatches, stoppedRefunds };
}
