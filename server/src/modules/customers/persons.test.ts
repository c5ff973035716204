import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { randomUUID } from 'node:crypto';
import { startTestServer, type TestClient, type TestServer } from '../../test/server.js';
import { DEMO_PASSWORD, DEMO_STAFF } from '../../seeders/demo-accounts.js';
import { decryptBsn } from '../../crypto/bsn.js';
import { Person } from './person.entity.js';
import { Card } from './card.entity.js';
import { ClientGroup } from './client-group.entity.js';

const PERSON = `query($e: String!) { person(externalIdentifier: $e) {
  id externalIdentifier fullName firstName lastName dateOfBirth email phone hasBsn bsnMasked erasedAt clientGroupId clientGroupNumber
  municipality { slug } cards { id number status } } }`;
const BSN = `query($id: ID!) { personBsn(personId: $id) }`;
const ORDERS = `query($e: String!) { personOrders(externalIdentifier: $e) { totalCount edges { node { id number status totalCents clientGroupId lines { title } } } } }`;
const ERASE = `mutation($id: ID!, $c: String!) { erasePerson(personId: $id, confirmation: $c) {
  errors { field code message } person { id externalIdentifier fullName dateOfBirth email phone hasBsn bsnMasked erasedAt cards { status } } } }`;
const CHECKOUT = `mutation($input: CheckoutInput!) { checkout(input: $input) { errors { code } orders { id } } }`;

const staffEmail = (role: string) => DEMO_STAFF.find((s) => s.role === role)!.email;

async function audit(server: TestServer, action: string, subjectId: string) {
  return server.orm.em.fork().execute<
    {
      actor_kind: string;
      actor_id: string;
      action: string;
      at: Date;
      details: Record<string, unknown>;
      fields: string[] | null;
      subject_household_id: string | null;
    }[]
  >(
    `select actor_kind, actor_id, action, at, details, fields, subject_household_id from audit_log
        where action = ? and subject_id = ? order by id`,
    [action, subjectId],
  );
}

describe('persons for staff', () => {
  let server: TestServer;
  let beheerder: TestClient;
  let klantcontact: TestClient;
  let people: Person[];
  let bsnOf: Map<string, string>;
  let accountId: (email: string) => Promise<string>;

  beforeAll(async () => {
    server = await startTestServer({ seed: true });
    beheerder = server.client();
    await beheerder.loginStaff(staffEmail('BEHEERDER'), DEMO_PASSWORD);
    klantcontact = server.client();
    await klantcontact.loginStaff(staffEmail('KLANTCONTACT'), DEMO_PASSWORD);
    const em = server.orm.em.fork();
    people = await em.find(
      Person,
      { municipality: { slug: 'zuiderveen' } },
      { populate: ['bsnEncrypted'], orderBy: { externalIdentifier: 'asc' } },
    );
    bsnOf = new Map(people.map((p) => [p.id, decryptBsn(p.bsnEncrypted!, server.services.config.bsn)]));
    accountId = async (email) =>
      (await em.execute<{ id: string }[]>(`select id from admin_account where email = ?`, [email]))[0]!.id;
  });
  afterAll(async () => {
    await server?.close();
  });

  it('shows a person with the BSN masked, and writes an audit row for every read', async () => {
    const p = people[0]!;
    const bsn = bsnOf.get(p.id)!;
    const first: any = await klantcontact.gql(PERSON, { e: p.externalIdentifier });
    expect(first.errors).toBeUndefined();
    expect(first.data.person).toMatchObject({
      id: p.id,
      fullName: `${p.firstName} ${p.lastName}`,
      hasBsn: true,
      bsnMasked: `*****${bsn.slice(-4)}`,
      municipality: { slug: 'zuiderveen' },
    });
    expect(JSON.stringify(first.data)).not.toContain(bsn);
    await klantcontact.gql(PERSON, { e: p.externalIdentifier });
    const rows = (await audit(server, 'PERSONAL_DATA_READ', p.id)).filter((r) =>
      r.fields?.includes('Person.bsnMasked'),
    );
    expect(rows).toHaveLength(2);
    expect(rows[0]).toMatchObject({
      actor_kind: 'STAFF',
      actor_id: await accountId(staffEmail('KLANTCONTACT')),
      subject_household_id: p.clientGroup.id,
      fields: expect.arrayContaining(['Person.bsnMasked', 'Person.email', 'Person.fullName', 'Person.phone']),
    });
    expect(JSON.stringify(rows)).not.toContain(bsn.slice(-4).padStart(9, '*'));
    expect(Date.now() - new Date(rows[1]!.at).getTime()).toBeLessThan(60_000);
    // Unknown client numbers are simply not found (and nothing is logged about them).
    expect((await klantcontact.gql(PERSON, { e: 'P-999999' })).data!.person).toBeNull();
  });

  it('reveals the full BSN only with PERSON_READ_SENSITIVE, and logs each reveal', async () => {
    const p = people[1]!;
    const denied: any = await klantcontact.gql(BSN, { id: p.id });
    expect(denied.errors[0].extensions.code).toBe('FORBIDDEN');
    expect(denied.data?.personBsn ?? null).toBeNull();
    expect(await audit(server, 'person.bsn_revealed', p.id)).toHaveLength(0);

    const r: any = await beheerder.gql(BSN, { id: p.id });
    expect(r.errors).toBeUndefined();
    expect(r.data.personBsn).toBe(bsnOf.get(p.id));
    const rows = await audit(server, 'person.bsn_revealed', p.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ actor_kind: 'STAFF', actor_id: await accountId(staffEmail('BEHEERDER')) });
    expect(JSON.stringify(rows)).not.toContain(bsnOf.get(p.id)!);
  });

  it('keeps the audit log append-only', async () => {
    const em = server.orm.em.fork();
    await expect(em.execute(`update audit_log set action = 'x'`)).rejects.toThrow(/append-only/);
    await expect(em.execute(`delete from audit_log`)).rejects.toThrow(/append-only/);
  });

  it('lists a household’s orders as a connection: keyset pages of `first`, a status filter, null out of scope', async () => {
    const p = people.filter((x) => x.email).at(-1)!;
    const customer = server.client();
    await customer.loginWithDigid(bsnOf.get(p.id)!);
    const offer: any = await customer.gql(`{ products(first: 50) { edges { node { id priceCents } } } }`);
    const cheapest = offer.data.products.edges
      .map((e: any) => e.node)
      .sort((a: any, b: any) => a.priceCents - b.priceCents);
    let placed = 0;
    for (const node of cheapest) {
      const r: any = await customer.gql(CHECKOUT, {
        input: { idempotencyKey: randomUUID(), lines: [{ productId: node.id, quantity: 1 }] },
      });
      placed += r.data?.checkout.orders.length ?? 0;
      if (placed >= 2) break;
    }
    expect(placed).toBeGreaterThanOrEqual(2);

    const PAGE = `query($e: String!, $first: Int, $after: String, $filter: PersonOrderFilter) {
      personOrders(externalIdentifier: $e, first: $first, after: $after, filter: $filter) {
        totalCount pageInfo { hasNextPage endCursor } edges { node { id status } } } }`;
    const all: any = await klantcontact.gql(PAGE, { e: p.externalIdentifier, first: 100 });
    const ids = all.data.personOrders.edges.map((e: any) => e.node.id);
    expect(all.data.personOrders.totalCount).toBe(ids.length);
    const paged: string[] = [];
    let after: string | null = null;
    for (;;) {
      const page: any = await klantcontact.gql(PAGE, { e: p.externalIdentifier, first: 1, after });
      expect(page.data.personOrders.totalCount).toBe(ids.length);
      paged.push(...page.data.personOrders.edges.map((e: any) => e.node.id));
      if (!page.data.personOrders.pageInfo.hasNextPage) break;
      after = page.data.personOrders.pageInfo.endCursor;
    }
    expect(paged).toEqual(ids);

    const status = all.data.personOrders.edges[0].node.status;
    const filtered: any = await klantcontact.gql(PAGE, { e: p.externalIdentifier, filter: { status } });
    expect(filtered.data.personOrders.edges.every((e: any) => e.node.status === status)).toBe(true);
    expect(filtered.data.personOrders.totalCount).toBe(
      all.data.personOrders.edges.filter((e: any) => e.node.status === status).length,
    );

    const unknown: any = await klantcontact.gql(PAGE, { e: 'P-999999999' });
    expect(unknown.data.personOrders).toBeNull();
  });

  it('erases a person: personal data gone, cards blocked, logged out, but orders and the ledger untouched', async () => {
    // The person places an order first, so there is money to keep.
    const p = people.find((x) => x.email)!; // an adult with contact details
    const bsn = bsnOf.get(p.id)!;
    const customer = server.client();
    await customer.loginWithDigid(bsn);
    const offer: any = await customer.gql(`{ products(first: 50) { edges { node { id priceCents } } } }`);
    let orderId: string | null = null;
    for (const node of offer.data.products.edges
      .map((e: any) => e.node)
      .sort((a: any, b: any) => a.priceCents - b.priceCents)) {
      const r: any = await customer.gql(CHECKOUT, {
        input: { idempotencyKey: randomUUID(), lines: [{ productId: node.id, quantity: 1 }] },
      });
      if (r.data?.checkout.orders.length) {
        orderId = r.data.checkout.orders[0].id;
        break;
      }
    }
    expect(orderId).not.toBeNull();

    const em = server.orm.em.fork();
    const snapshot = async () => ({
      ledger: await em.execute(
        `select id, kind, assignment_id, order_id, description from ledger_transaction order by id`,
      ),
      entries: await em.execute(`select id, transaction_id, account_id, amount_cents from ledger_entry order by id`),
      balances: await em.execute(`select id, balance_cents from ledger_account order by id`),
      orders: await em.execute(
        `select id, number, status, client_group_id, person_id, total_cents, budget_cents from customer_order order by id`,
      ),
      lines: await em.execute(`select id, order_id, title, total_cents from order_line order by id`),
      allocations: await em.execute(
        `select order_id, assignment_id, amount_cents from order_allocation order by order_id, assignment_id`,
      ),
      assignments: await em.execute(
        `select id, client_group_id, beneficiary_id, amount_cents, status from assignment order by id`,
      ),
    });
    const before = await snapshot();
    // A mail about the person by id (the order mail) and one recorded by address only: both must lose their texts.
    const { id: byAddress } = await server.services.mail.send(server.orm.em.fork(), {
      template: 'PASSWORD_RESET',
      to: p.email!.toUpperCase(),
      variables: { name: p.firstName, link: 'https://gw.test/wachtwoord-vergeten/x', expiresHours: 1 },
    });
    const mailsOf = () =>
      em.execute<Record<string, unknown>[]>(
        `select id, to_address, subject, body, status, erased_at from mail_message where person_id = ? or id = ?`,
        [p.id, byAddress],
      );
    const mailsBefore = await mailsOf();
    expect(JSON.stringify(mailsBefore)).toContain(p.firstName);
    const ordersBefore: any = await klantcontact.gql(ORDERS, { e: p.externalIdentifier });
    expect(ordersBefore.data.personOrders.edges.map((e: any) => e.node.id)).toContain(orderId);

    // Only with PERSON_DELETE, and only after typing the client number.
    const forbidden: any = await klantcontact.gql(ERASE, { id: p.id, c: p.externalIdentifier });
    expect(forbidden.errors[0].extensions.code).toBe('FORBIDDEN');
    const wrong: any = await beheerder.gql(ERASE, { id: p.id, c: 'P-000000' });
    expect(wrong.data.erasePerson.errors).toEqual([
      expect.objectContaining({ field: 'confirmation', code: 'CONFIRMATION_MISMATCH' }),
    ]);
    const empty: any = await beheerder.gql(ERASE, { id: p.id, c: ' ' });
    expect(empty.data.erasePerson.errors[0]).toMatchObject({ field: 'confirmation', code: 'REQUIRED' });

    const r: any = await beheerder.gql(ERASE, { id: p.id, c: ` ${p.externalIdentifier.toLowerCase()} ` });
    expect(r.data.erasePerson.errors).toEqual([]);
    const erased = r.data.erasePerson.person;
    expect(erased).toMatchObject({
      id: p.id,
      fullName: 'Geanonimiseerd',
      dateOfBirth: null,
      email: null,
      phone: null,
      hasBsn: false,
      bsnMasked: null,
    });
    expect(erased.externalIdentifier).toMatch(/^ANON-[0-9A-F]{12}$/);
    expect(erased.erasedAt).not.toBeNull();
    expect(erased.cards.every((c: any) => c.status !== 'ACTIVE')).toBe(true);

    const [row] = await em.execute<Record<string, unknown>[]>(`select * from person where id = ?`, [p.id]);
    expect(row).toMatchObject({
      first_name: 'Geanonimiseerd',
      last_name: '',
      date_of_birth: null,
      email: null,
      phone: null,
      bsn_encrypted: null,
      bsn_hash: null,
    });
    const rowText = JSON.stringify(row);
    for (const secret of [p.firstName, p.lastName, p.email!, bsn, p.externalIdentifier])
      expect(rowText).not.toContain(secret);
    expect(await em.count(Card, { person: p.id, status: 'ACTIVE' })).toBe(0);

    // Money records: byte for byte what they were, still pointing at the same person and household ids.
    expect(await snapshot()).toEqual(before);
    const [order] = await em.execute<{ person_id: string; client_group_id: string }[]>(
      `select person_id, client_group_id from customer_order where id = ?`,
      [orderId],
    );
    expect(order).toEqual({ person_id: p.id, client_group_id: p.clientGroup.id });

    // The mail log keeps the rows (how many mails went out) but no address, subject or text.
    const mailsAfter = await mailsOf();
    expect(mailsAfter.map((m) => m.id).sort()).toEqual(mailsBefore.map((m) => m.id).sort());
    for (const m of mailsAfter) expect(m).toMatchObject({ to_address: 'gewist', subject: '(gewist)', body: '' });
    for (const secret of [p.firstName, p.email!, p.email!.toUpperCase()])
      expect(JSON.stringify(mailsAfter)).not.toContain(secret);
    expect(
      (
        (await (await server.client().fetch(`/api/dev/outbox?to=${encodeURIComponent(p.email!)}`)).json()) as {
          mails: unknown[];
        }
      ).mails,
    ).toEqual([]);

    // The customer's session ended and DigiD no longer finds them.
    const after: any = await customer.gql(`{ viewer { kind } }`);
    expect(after.data.viewer.kind).toBe('ANONYMOUS');
    const again = server.client();
    expect(await again.loginWithDigid(bsn)).not.toMatch(/\/account\//);

    // Audited, without personal data; the old client number no longer leads anywhere; erasing twice is refused.
    const rows = await audit(server, 'person.erased', p.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]!.actor_kind).toBe('STAFF');
    expect(JSON.stringify(rows)).not.toContain(p.lastName);
    expect((await beheerder.gql(PERSON, { e: p.externalIdentifier })).data!.person).toBeNull();
    const twice: any = await beheerder.gql(ERASE, { id: p.id, c: erased.externalIdentifier });
    expect(twice.data.erasePerson.errors[0].code).toBe('ALREADY_ERASED');
    // The household's orders are still listed under another member.
    const other = people.find((x) => x.clientGroup.id === p.clientGroup.id && x.id !== p.id);
    if (other) {
      const list: any = await beheerder.gql(ORDERS, { e: other.externalIdentifier });
      expect(list.data.personOrders.edges.map((e: any) => e.node.id)).toContain(orderId);
    }
  });

  it('anonymises the household’s name once nobody in it has personal data left', async () => {
    const em = server.orm.em.fork();
    const group = await em.findOneOrFail(
      ClientGroup,
      { municipality: { slug: 'zuiderveen' } },
      { orderBy: { clientNumber: 'desc' } },
    );
    const members = await em.find(Person, { clientGroup: group.id });
    for (const [i, m] of members.entries()) {
      const r: any = await beheerder.gql(ERASE, { id: m.id, c: m.externalIdentifier });
      expect(r.data.erasePerson.errors).toEqual([]);
      const [g] = await em.execute<{ name: string }[]>(`select name from client_group where id = ?`, [group.id]);
      expect(g!.name === 'Geanonimiseerd huishouden').toBe(i === members.length - 1);
    }
  });
});
