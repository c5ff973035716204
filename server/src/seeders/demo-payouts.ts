import type { EntityManager } from '@mikro-orm/postgresql';
import type { Viewer } from '../kernel/viewer.js';
import type { Clock } from '../kernel/clock.js';
import type { RequestContext } from '../kernel/request-context.js';
import type { DebtorAccount } from '../modules/settings/sections/payments.js';
import type { Services } from '../platform/composition.js';

/** The accounts the demo municipalities pay providers from (instellingen/betalingen): valid, made-up IBANs. */
export const DEMO_DEBTOR_ACCOUNTS: Record<string, DebtorAccount> = {
  zuiderveen: {
    name: 'Gemeente Zuiderveen',
    iban: 'NL14BNGH0285001234',
    bic: 'BNGHNL2G',
    // The town hall (demo-data.ts: the visiting address on the public site).
    address: { street: 'Raadhuisplein', houseNumber: '1', postcode: '7831 HG', town: 'Zuiderveen', country: 'NL' },
  },
  noorderhaven: {
    name: 'Gemeente Noorderhaven',
    iban: 'NL15BNGH0285005678',
    bic: 'BNGHNL2G',
    address: { street: 'Havenstraat', houseNumber: '24', postcode: '9861 AT', town: 'Noorderhaven', country: 'NL' },
  },
};

/**
 * Payouts in the demo: a paid batch in each municipality (created, exported and marked paid some days ago) and a
 * draft made today in Noorderhaven, each gathering what was delivered longer than the payout delay before its moment. Steps for the
 * story's schedule (demo-activity.ts), so they happen in time order with the orders; a batch with nothing to gather
 * (early in the year, when the story is squeezed into fewer days) is left out.
 */
export function demoPayoutSteps(
  em: EntityManager,
  services: Pick<Services, 'payouts' | 'settings'>,
  ctxFor: (viewer: Viewer, clock: Clock) => RequestContext,
  staff: Viewer,
): { daysAgo: number; run: (clock: Clock) => Promise<void> }[] {
  const municipalityId = async (slug: string) =>
    (await em.execute<{ id: string }[]>(`select id from municipality where slug = ?`, [slug]))[0]!.id;
  const batches = new Map<string, string>();
  const steps: { daysAgo: number; run: (clock: Clock) => Promise<void> }[] = [
    {
      daysAgo: 29.5,
      run: async (clock) => {
        const accounts: Record<string, DebtorAccount> = {};
        for (const [slug, account] of Object.entries(DEMO_DEBTOR_ACCOUNTS))
          accounts[await municipalityId(slug)] = account;
        const r = await services.settings.update(ctxFor(staff, clock), 'payments', { debtorAccounts: accounts });
        if (!r.ok) throw new Error(`demo payouts: debtor accounts: ${JSON.stringify(r.errors)}`);
      },
    },
  ];
  const plan = [
    { key: 'nh-paid', slug: 'noorderhaven', create: 12, paid: 10 },
    { key: 'zv-paid', slug: 'zuiderveen', create: 9, paid: 7 },
    // Zuiderveen's bicycle service delivered some 15 days ago is left for the browser journey to pay out.
    { key: 'nh-draft', slug: 'noorderhaven', create: 0.01, paid: null },
  ];
  for (const p of plan) {
    steps.push({
      daysAgo: p.create,
      run: async (clock) => {
        const ctx = ctxFor(staff, clock);
        const made = await services.payouts.create(ctx, await municipalityId(p.slug));
        if (!made.ok) return; // nothing delivered long enough ago at this moment
        batches.set(p.key, made.value.id);
        if (p.paid === null) return;
        const exported = await services.payouts.export(ctx, made.value.id);
        if (!exported.ok) throw new Error(`demo payouts: export: ${JSON.stringify(exported.errors)}`);
      },
    });
    if (p.paid !== null)
      steps.push({
        daysAgo: p.paid,
        run: async (clock) => {
          const id = batches.get(p.key);
          if (!id) return;
          const paid = await services.payouts.markPaid(ctxFor(staff, clock), id);
          if (!paid.ok) throw new Error(`demo payouts: paid: ${JSON.stringify(paid.errors)}`);
        },
      });
  }
  return steps;
}
