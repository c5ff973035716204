import type { EntityManager } from '@mikro-orm/postgresql';

/**
 * Demo ledger codes (journaalposten/instellingen): every demo municipality maps each kind of ledger account onto a
 * general-ledger account, and its Kindpakket has a cost centre of its own, so the demo's journaalposten export at once.
 */
export const DEMO_LEDGER_CODES = {
  BUDGET_GRANTED: { glAccount: '4410', costCentre: 'MR100' },
  BUDGET_SPENT: { glAccount: '1730', costCentre: 'MR100' },
  BUDGET_EXPIRED: { glAccount: '8410', costCentre: 'MR100' },
  OWN_CONTRIBUTIONS: { glAccount: '1290', costCentre: '' },
  REFUNDS: { glAccount: '1291', costCentre: '' },
  PROVIDER_PAYABLES: { glAccount: '1600', costCentre: '' },
  BANK: { glAccount: '1100', costCentre: '' },
} as const;

export async function seedDemoJournal(em: EntityManager, at: Date): Promise<void> {
  await em.execute(
    `insert into journal_ledger_code (municipality_id, kind, arrangement_id, gl_account, cost_centre, updated_at)
     select m.id, c.kind, null, c.gl_account, c.cost_centre, ? from municipality m
       cross join jsonb_each(?::jsonb) as j(kind, v)
       cross join lateral (select j.kind, j.v->>'glAccount' as gl_account, j.v->>'costCentre' as cost_centre) c
     on conflict do nothing`,
    [at, JSON.stringify(DEMO_LEDGER_CODES)],
  );
  // The Kindpakket's budget on a cost centre of its own.
  await em.execute(
    `insert into journal_ledger_code (municipality_id, kind, arrangement_id, gl_account, cost_centre, updated_at)
     select a.municipality_id, k.kind, a.id, k.gl_account, 'MR200', ? from arrangement a
       cross join (values ('BUDGET_GRANTED', '4410'), ('BUDGET_SPENT', '1730'), ('BUDGET_EXPIRED', '8410')) as k(kind, gl_account)
      where a.name ilike '%kindpakket%'
     on conflict do nothing`,
    [at],
  );
}
