import { expect } from 'vitest';
import { randomInt, randomUUID } from 'node:crypto';
import type { TestServer } from './server.js';
import { contextFor, staffViewer } from './context.js';
import { Audience } from '../kernel/permissions.js';
import { encryptBsn, hashBsn, isValidBsn } from '../crypto/bsn.js';
import { Municipality } from '../modules/municipalities/municipality.entity.js';
import { ClientGroup } from '../modules/customers/client-group.entity.js';
import { Person } from '../modules/customers/person.entity.js';
import { Card } from '../modules/customers/card.entity.js';
import { makeCardNumber } from '../modules/customers/card-number.js';
import { Arrangement } from '../modules/arrangements/arrangement.entity.js';
import { Category } from '../modules/catalogue/category.entity.js';
import { Product } from '../modules/catalogue/product.entity.js';
import { inOffer } from '../modules/catalogue/product-approval.js';
import { JOURNAL_DAY_TOTALS_DRIFT_SQL } from '../modules/journal/journal-day-totals.js';

/**
 * Test households with exactly the budgets a scenario needs, on top of the demo data: each gets its own arrangements
 * (so amounts are exact and independent of other tests) and a resident with a BSN for the DigiD simulator.
 */

export interface ArrangementSpec {
  categories: string[];
  amountCents: number;
  validFrom?: string;
  validUntil?: string;
  ownContribution?: boolean;
  maxPerOrderCents?: number;
}

export function randomBsn(): string {
  for (;;) {
    const candidate = String(randomInt(1, 10)) + String(randomInt(0, 100_000_000)).padStart(8, '0');
    if (isValidBsn(candidate)) return candidate;
  }
}

/** The products in the offer of one municipality (approved there, the provider an approved member), by title. */
export async function offeredIn(server: TestServer, municipalityId: string): Promise<Product[]> {
  const em = server.orm.em.fork();
  const visible = inOffer(municipalityId);
  const ids = (
    await em.execute<{ id: string }[]>(`select p.id from product p where ${visible.sql}`, visible.params)
  ).map((r) => r.id);
  return em.find(Product, { id: { $in: ids } }, { orderBy: { title: 'asc' } });
}

/** Products in Zuiderveen's offer of two different providers, by title. */
export async function zuiderveenCatalogue(server: TestServer) {
  const em = server.orm.em.fork();
  const zuiderveen = await em.findOneOrFail(Municipality, { slug: 'zuiderveen' });
  const products = await offeredIn(server, zuiderveen.id);
  const a = products[0]!;
  const b = products.find((p) => p.provider.id !== a.provider.id)!;
  return { zuiderveen, products, a, b };
}

let n = 0;

/**
 * A household in `municipality` (default Zuiderveen) holding one assignment per spec, of an arrangement of its own;
 * with `card`, its resident has an active card (`cardNumber`, a valid number nobody else has).
 */
export async function createHousehold(
  server: TestServer,
  arrangements: ArrangementSpec[],
  options: { municipality?: Municipality; card?: boolean } = {},
) {
  const em = server.orm.em.fork();
  const zuiderveen = options.municipality ?? (await em.findOneOrFail(Municipality, { slug: 'zuiderveen' }));
  n++;
  const tag = `${n}-${randomUUID().slice(0, 6)}`;
  const group = em.create(ClientGroup, {
    municipality: zuiderveen.id,
    clientNumber: `T-${tag}`,
    name: `Testhuishouden ${tag}`,
  });
  const bsn = randomBsn();
  const person = Object.assign(new Person(), {
    clientGroup: group,
    municipality: zuiderveen,
    externalIdentifier: `T-${randomUUID()}`,
    firstName: 'Test',
    lastName: `Persoon ${tag}`,
    bsnEncrypted: encryptBsn(bsn, server.services.config.bsn),
    bsnHash: hashBsn(bsn, server.services.config.bsn),
  });
  em.persist(person);
  await em.flush();
  let cardNumber: string | null = null;
  if (options.card) {
    do cardNumber = makeCardNumber(`7${String(randomInt(0, 99_999_999)).padStart(8, '0')}`);
    while (await em.findOne(Card, { number: cardNumber }));
    em.create(Card, { person: person.id, number: cardNumber });
    await em.flush();
  }
  const staff = contextFor(server.orm, server.services, staffViewer());
  const assignmentIds: string[] = [];
  const names: string[] = [];
  for (const [i, spec] of arrangements.entries()) {
    const arrangement = em.create(Arrangement, {
      municipality: zuiderveen.id,
      name: `Testregeling ${tag}-${i}`,
      slug: `test-${tag}-${i}`,
      validFrom: '2000-01-01',
      validUntil: '2099-12-31',
      defaultAmountCents: spec.amountCents,
      ownContributionAllowed: spec.ownContribution ?? false,
      maxPerOrderCents: spec.maxPerOrderCents ?? null,
    });
    for (const c of spec.categories) arrangement.categories.add(em.getReference(Category, c));
    await em.flush();
    const r = await server.services.assignments.grant(staff, {
      clientGroupId: group.id,
      arrangementId: arrangement.id,
      amountCents: spec.amountCents,
      validFrom: spec.validFrom ?? '2020-01-01',
      validUntil: spec.validUntil ?? '2099-01-01',
    });
    if (!r.ok) throw new Error(r.errors[0]!.message);
    assignmentIds.push(r.value.id);
    names.push(arrangement.name);
  }
  const customer = () =>
    contextFor(server.orm, server.services, {
      kind: Audience.CUSTOMER,
      sessionId: 'x',
      personId: person.id,
      clientGroupId: group.id,
      municipalityId: zuiderveen.id,
    });
  return { group, person, bsn, assignmentIds, names, customer, cardNumber };
}

export type Household = Awaited<ReturnType<typeof createHousehold>>;

/** The ledger's own invariants, over the whole database. */
export async function expectLedgerConsistent(server: TestServer) {
  const em = server.orm.em.fork();
  const unbalanced = await em.execute(
    `select t.id from ledger_transaction t left join ledger_entry e on e.transaction_id = t.id group by t.id
      having count(e.id) < 2 or sum(e.amount_cents) <> 0`,
  );
  expect(unbalanced).toEqual([]);
  const drift = await em.execute(
    `select a.account_id from ledger_account_balance a
      where a.balance_cents <> (select coalesce(sum(e.amount_cents), 0) from ledger_entry e where e.account_id = a.account_id)`,
  );
  expect(drift).toEqual([]);
  // The journal's day totals, kept by a trigger on every entry, are the ledger's own sums.
  expect(await em.execute(JOURNAL_DAY_TOTALS_DRIFT_SQL)).toEqual([]);
}
