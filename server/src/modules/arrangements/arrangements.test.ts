import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestClient, type TestServer } from '../../test/server.js';
import { DEMO_PASSWORD, DEMO_STAFF } from '../../seeders/demo-accounts.js';
import { Municipality } from '../municipalities/municipality.entity.js';
import { Category } from '../catalogue/category.entity.js';
import { ClientGroup } from '../customers/client-group.entity.js';
import { Person } from '../customers/person.entity.js';

const FIELDS = `id name slug description validFrom validUntil defaultAmountCents ownContributionAllowed maxPerOrderCents repeatGrantsAllowed minAge maxAge
  municipality { id slug } categories { id slug } grantedCents spentCents remainingCents assignmentCount`;
const LIST = `query($m: ID) { arrangements(filter: { municipalityId: $m }) { totalCount pageInfo { hasNextPage } edges { cursor node { ${FIELDS} } } } }`;
const nodes = (connection: any) => connection.edges.map((e: any) => e.node);
const ONE = `query($id: ID!) { arrangement(id: $id) { ${FIELDS} } }`;
const CREATE = `mutation($input: ArrangementInput!) { createArrangement(input: $input) { errors { field code message } arrangement { ${FIELDS} } } }`;
const UPDATE = `mutation($id: ID!, $input: ArrangementInput!) { updateArrangement(id: $id, input: $input) { errors { field code message } arrangement { ${FIELDS} } } }`;
const GRANT = `mutation($input: GrantAssignmentInput!) { grantAssignment(input: $input) { errors { field code message } assignment { id } } }`;
const REVOKE = `mutation($id: ID!) { revokeAssignment(id: $id, reason: "Test van het budgetgebruik") { errors { code } } }`;

const staffEmail = (role: string) => DEMO_STAFF.find((s) => s.role === role)!.email;

describe('arrangements (regelingen)', () => {
  let server: TestServer;
  let beheerder: TestClient;
  let zv: Municipality;
  let nh: Municipality;
  let categories: Category[];

  const input = (overrides: Record<string, unknown> = {}) => ({
    name: 'Sportregeling 2027',
    description: 'Tegoed voor sport voor kinderen.',
    municipalityId: zv.id,
    validFrom: '2027-01-01',
    validUntil: '2027-12-31',
    defaultAmountCents: 15000,
    categoryIds: [categories[0]!.id, categories[2]!.id],
    ownContributionAllowed: true,
    maxPerOrderCents: null,
    ...overrides,
  });

  beforeAll(async () => {
    server = await startTestServer({ seed: true });
    beheerder = server.client();
    await beheerder.loginStaff(staffEmail('BEHEERDER'), DEMO_PASSWORD);
    const em = server.orm.em.fork();
    zv = await em.findOneOrFail(Municipality, { slug: 'zuiderveen' });
    nh = await em.findOneOrFail(Municipality, { slug: 'noorderhaven' });
    categories = await em.find(Category, {}, { orderBy: { sortOrder: 'asc' } });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('lists arrangements with budget use from the ledger, in a fixed number of queries', async () => {
    server.queries.length = 0;
    const r: any = await beheerder.gql(LIST, {});
    expect(r.errors).toBeUndefined();
    const list = nodes(r.data.arrangements) as any[];
    expect(list).toHaveLength(3);
    expect(server.queries.length).toBeLessThanOrEqual(12);
    const kind = list.find((a) => a.slug.startsWith('kindpakket'));
    expect(kind.grantedCents).toBeGreaterThan(0);
    expect(kind.spentCents).toBe(kind.grantedCents - kind.remainingCents);
    const [{ granted }] = await server.orm.em.fork().execute<{ granted: string }[]>(
      `select coalesce(sum(e.amount_cents), 0) as granted from ledger_entry e join ledger_transaction t on t.id = e.transaction_id
          join ledger_account acc on acc.id = e.account_id and acc.kind = 'ASSIGNMENT'
          join assignment a on a.id = acc.assignment_id where a.arrangement_id = ? and t.kind = 'GRANT'`,
      [kind.id],
    );
    expect(kind.grantedCents).toBe(Number(granted));
    const only: any = await beheerder.gql(LIST, { m: nh.id });
    expect(nodes(only.data.arrangements).map((a: any) => a.municipality.slug)).toEqual(['noorderhaven']);
  });

  it('follows grants and revocations', async () => {
    const created: any = await beheerder.gql(CREATE, {
      input: input({
        name: 'Budgettest',
        validFrom: '2026-01-01',
        validUntil: '2026-12-31',
        repeatGrantsAllowed: true,
      }),
    });
    const id = created.data.createArrangement.arrangement.id;
    const group = await server.orm.em.fork().findOneOrFail(ClientGroup, { municipality: zv.id });
    const g1: any = await beheerder.gql(GRANT, {
      input: { clientGroupId: group.id, arrangementId: id, amountCents: 10000 },
    });
    await beheerder.gql(GRANT, { input: { clientGroupId: group.id, arrangementId: id, amountCents: 2550 } });
    let a: any = (await beheerder.gql(ONE, { id })).data!.arrangement;
    expect(a).toMatchObject({ grantedCents: 12550, spentCents: 0, remainingCents: 12550, assignmentCount: 2 });
    await beheerder.gql(REVOKE, { id: g1.data.grantAssignment.assignment.id });
    a = (await beheerder.gql(ONE, { id })).data!.arrangement;
    expect(a).toMatchObject({ grantedCents: 2550, spentCents: 0, remainingCents: 2550, assignmentCount: 1 });
  });

  it('refuses a second grant for an overlapping period to the same beneficiary or household, unless allowed', async () => {
    const created: any = await beheerder.gql(CREATE, {
      input: input({ name: 'Dubbeltest', validFrom: '2026-01-01', validUntil: '2026-12-31' }),
    });
    expect(created.data.createArrangement.arrangement.repeatGrantsAllowed).toBe(false);
    const id = created.data.createArrangement.arrangement.id;
    const em = server.orm.em.fork();
    const group = await em.findOneOrFail(ClientGroup, { municipality: zv.id });
    const member = await em.findOneOrFail(Person, { clientGroup: group.id });
    const grant = (extra: Record<string, unknown>) =>
      beheerder.gql(GRANT, { input: { clientGroupId: group.id, arrangementId: id, ...extra } }) as Promise<any>;
    const first = await grant({ beneficiaryId: member!.id, validFrom: '2026-01-01', validUntil: '2026-06-30' });
    expect(first.data.grantAssignment.errors).toEqual([]);
    // Same member, overlapping: refused with a Dutch message naming the period.
    const again = await grant({ beneficiaryId: member!.id, validFrom: '2026-06-30', validUntil: '2026-12-31' });
    expect(again.data.grantAssignment.assignment).toBeNull();
    expect(again.data.grantAssignment.errors).toEqual([
      expect.objectContaining({ field: 'arrangementId', code: 'ALREADY_GRANTED' }),
    ]);
    expect(again.data.grantAssignment.errors[0].message).toContain('01-01-2026 tot en met 30-06-2026');
    // A grant for the whole household is another beneficiary; a second one for the household is refused.
    const household = await grant({ validFrom: '2026-03-01', validUntil: '2026-03-31' });
    expect(household.data.grantAssignment.errors).toEqual([]);
    const household2 = await grant({ validFrom: '2026-03-31', validUntil: '2026-04-30' });
    expect(household2.data.grantAssignment.errors[0].message).toContain('al toegekend aan dit huishouden');
    // A period that does not overlap is fine.
    const later = await grant({ beneficiaryId: member!.id, validFrom: '2026-07-01', validUntil: '2026-12-31' });
    expect(later.data.grantAssignment.errors).toEqual([]);
    // A revoked grant no longer counts.
    await beheerder.gql(REVOKE, { id: first.data.grantAssignment.assignment.id });
    const afterRevoke = await grant({ beneficiaryId: member!.id, validFrom: '2026-01-01', validUntil: '2026-06-30' });
    expect(afterRevoke.data.grantAssignment.errors).toEqual([]);
  });

  it('lets exactly one of two parallel grants of the same arrangement and period succeed', async () => {
    const created: any = await beheerder.gql(CREATE, {
      input: input({ name: 'Paralleltest', validFrom: '2026-01-01', validUntil: '2026-12-31' }),
    });
    const id = created.data.createArrangement.arrangement.id;
    const group = await server.orm.em.fork().findOneOrFail(ClientGroup, { municipality: zv.id });
    const results: any[] = await Promise.all(
      [1, 2, 3].map(() =>
        beheerder.gql(GRANT, { input: { clientGroupId: group.id, arrangementId: id, amountCents: 5000 } }),
      ),
    );
    const succeeded = results.filter((r) => r.data.grantAssignment.assignment);
    expect(succeeded).toHaveLength(1);
    expect(results.filter((r) => r.data.grantAssignment.errors[0]?.code === 'ALREADY_GRANTED')).toHaveLength(2);
    const [{ n }] = await server.orm.em
      .fork()
      .execute<{ n: string }[]>(`select count(*)::text as n from assignment where arrangement_id = ?`, [id]);
    expect(n).toBe('1');
  });

  it('says for whom an arrangement is; a grant outside the age range needs a reason, kept with it and audited', async () => {
    const bad: any = await beheerder.gql(CREATE, { input: input({ name: 'Leeftijdfout', minAge: 18, maxAge: 4 }) });
    expect(bad.data.createArrangement.errors).toEqual([
      { field: 'maxAge', code: 'AGE_RANGE', message: 'De maximumleeftijd is lager dan de minimumleeftijd.' },
    ]);
    const outOfRange: any = await beheerder.gql(CREATE, { input: input({ name: 'Leeftijdfout', minAge: -1 }) });
    expect(outOfRange.data.createArrangement.errors[0]).toMatchObject({ field: 'minAge', code: 'RANGE' });
    const created: any = await beheerder.gql(CREATE, {
      input: input({ name: 'Kinderregeling', validFrom: '2090-01-01', validUntil: '2090-12-31', maxAge: 17 }),
    });
    expect(created.data.createArrangement.arrangement).toMatchObject({ minAge: null, maxAge: 17 });
    const id = created.data.createArrangement.arrangement.id;
    const em = server.orm.em.fork();
    const group = await em.findOneOrFail(ClientGroup, { municipality: zv.id }, { orderBy: { clientNumber: 'desc' } });
    // Two members aged 10 and 40 on the grant's first valid day, which lies after any clock's today: the age counts
    // from then.
    const child = await em.findOneOrFail(Person, { clientGroup: group.id }, { orderBy: { id: 'asc' } });
    const adult = await em.findOneOrFail(
      Person,
      { clientGroup: group.id, id: { $ne: child.id } },
      { orderBy: { id: 'asc' } },
    );
    await em.execute(`update person set date_of_birth = '2080-01-01' where id = ?`, [child.id]);
    await em.execute(`update person set date_of_birth = '2050-01-02' where id = ?`, [adult.id]);
    const grant = (extra: Record<string, unknown>) =>
      beheerder.gql(GRANT, {
        input: { clientGroupId: group.id, arrangementId: id, amountCents: 1000, ...extra },
      }) as Promise<any>;
    const refused = await grant({ beneficiaryId: adult.id });
    expect(refused.data.grantAssignment.errors).toEqual([
      {
        field: 'ageExceptionReason',
        code: 'AGE_REASON_REQUIRED',
        message: `Kinderregeling is voor personen tot en met 17 jaar. ${adult.fullName} is dan 39 jaar. Geef een reden op waarom u de regeling toch toekent (3 tot 500 tekens).`,
      },
    ]);
    const household = await grant({});
    expect(household.data.grantAssignment.errors[0].message).toContain('U kent haar toe aan het hele huishouden.');
    expect((await grant({ beneficiaryId: child.id })).data.grantAssignment.errors).toEqual([]);
    const withReason = await grant({ beneficiaryId: adult.id, ageExceptionReason: '  Mantelzorger van het kind ' });
    expect(withReason.data.grantAssignment.errors).toEqual([]);
    const assignmentId = withReason.data.grantAssignment.assignment.id;
    const [row] = await em.execute<{ age_exception_reason: string }[]>(
      `select age_exception_reason from assignment where id = ?`,
      [assignmentId],
    );
    expect(row!.age_exception_reason).toBe('Mantelzorger van het kind');
    const [audit] = await em.execute<{ details: any }[]>(
      `select details from audit_log where subject_id = ? and action = 'assignment.granted'`,
      [assignmentId],
    );
    expect(audit!.details.ageExceptionReason).toBe('Mantelzorger van het kind');
  });

  it('creates an arrangement with a slug, categories and exact amounts', async () => {
    const r: any = await beheerder.gql(CREATE, {
      input: input({ name: '  Sportregeling   2027 ', maxPerOrderCents: 5001 }),
    });
    expect(r.data.createArrangement.errors).toEqual([]);
    const a = r.data.createArrangement.arrangement;
    expect(a).toMatchObject({
      name: 'Sportregeling 2027',
      slug: 'sportregeling-2027',
      defaultAmountCents: 15000,
      maxPerOrderCents: 5001,
      ownContributionAllowed: true,
      municipality: { slug: 'zuiderveen' },
      grantedCents: 0,
      spentCents: 0,
    });
    expect(a.categories.map((c: any) => c.id).sort()).toEqual([categories[0]!.id, categories[2]!.id].sort());
    const audit = await server.orm.em
      .fork()
      .execute(`select actor_kind from audit_log where action = 'arrangement.created' and subject_id = ?`, [a.id]);
    expect(audit).toEqual([{ actor_kind: 'STAFF' }]);
    // The same name in the same municipality is refused; in another municipality it is fine.
    const twin: any = await beheerder.gql(CREATE, { input: input({ name: 'sportregeling 2027' }) });
    expect(twin.data.createArrangement.errors).toEqual([expect.objectContaining({ field: 'name', code: 'DUPLICATE' })]);
    const elsewhere: any = await beheerder.gql(CREATE, { input: input({ municipalityId: nh.id }) });
    expect(elsewhere.data.createArrangement.arrangement.slug).toBe('sportregeling-2027');
  });

  it('refuses bad input with a Dutch message per field and stores nothing', async () => {
    const em = server.orm.em.fork();
    const [{ n: before }] = await em.execute<{ n: string }[]>(`select count(*) as n from arrangement`);
    const r: any = await beheerder.gql(CREATE, {
      input: input({
        name: 'ab',
        description: 'x'.repeat(2001),
        municipalityId: '00000000-0000-4000-8000-000000000000',
        validFrom: '2027-02-30',
        validUntil: '',
        defaultAmountCents: 0,
        categoryIds: [],
        maxPerOrderCents: -5,
      }),
    });
    expect(Object.fromEntries(r.data.createArrangement.errors.map((e: any) => [e.field, e.message]))).toEqual({
      name: 'De naam moet tussen 3 en 120 tekens lang zijn.',
      description: 'De omschrijving mag hoogstens 2.000 tekens lang zijn.',
      municipalityId: 'Kies een gemeente waarvoor u werkt.',
      validFrom: 'Vul een geldige begindatum in.',
      validUntil: 'Vul een geldige einddatum in.',
      defaultAmountCents: 'Vul een standaardbedrag in van minstens € 0,01 en hoogstens € 100.000,00.',
      maxPerOrderCents:
        'Vul een maximum per bestelling in van minstens € 0,01 en hoogstens € 100.000,00, of laat het veld leeg.',
      categoryIds: 'Kies ten minste één categorie waarvoor de regeling betaalt.',
    });
    const order: any = await beheerder.gql(CREATE, {
      input: input({
        name: 'Andere regeling',
        validFrom: '2027-06-01',
        validUntil: '2027-05-31',
        defaultAmountCents: 10_000_001,
      }),
    });
    expect(order.data.createArrangement.errors.map((e: any) => e.code).sort()).toEqual([
      'END_BEFORE_START',
      'INVALID_AMOUNT',
    ]);
    const fraction: any = await beheerder.gql(CREATE, { input: input({ defaultAmountCents: 150.5 }) });
    expect(fraction.errors[0].extensions.code).toBe('BAD_USER_INPUT');
    const [{ n: after }] = await em.execute<{ n: string }[]>(`select count(*) as n from arrangement`);
    expect(after).toBe(before);
  });

  it('edits an arrangement; its municipality is fixed once granted and its validity must cover its assignments', async () => {
    const list: any = nodes((await beheerder.gql(LIST, { m: zv.id })).data!.arrangements);
    const kind = list.find((a: any) => a.slug.startsWith('kindpakket'));
    const base = {
      name: kind.name,
      description: kind.description,
      municipalityId: zv.id,
      validFrom: kind.validFrom,
      validUntil: kind.validUntil,
      defaultAmountCents: kind.defaultAmountCents,
      categoryIds: kind.categories.map((c: any) => c.id),
      ownContributionAllowed: kind.ownContributionAllowed,
      maxPerOrderCents: kind.maxPerOrderCents,
      // The seeded Kindpakket is for children up to 17: unchanged here.
      minAge: kind.minAge,
      maxAge: kind.maxAge,
    };
    // The seeded period is this year's (on the server's clock): longer by a year, or narrower within it.
    const year = Number(kind.validFrom.slice(0, 4));
    const longer = `${Number(kind.validUntil.slice(0, 4)) + 1}${kind.validUntil.slice(4)}`;
    const ok: any = await beheerder.gql(UPDATE, {
      id: kind.id,
      input: {
        ...base,
        name: `${kind.name} (aangepast)`,
        defaultAmountCents: 17550,
        maxPerOrderCents: 7500,
        categoryIds: [categories[1]!.id],
        validUntil: longer,
      },
    });
    expect(ok.data.updateArrangement.errors).toEqual([]);
    expect(ok.data.updateArrangement.arrangement).toMatchObject({
      id: kind.id,
      name: `${kind.name} (aangepast)`,
      slug: kind.slug,
      defaultAmountCents: 17550,
      maxPerOrderCents: 7500,
      validUntil: longer,
      categories: [{ id: categories[1]!.id, slug: categories[1]!.slug }],
      grantedCents: kind.grantedCents,
    });
    const moved: any = await beheerder.gql(UPDATE, { id: kind.id, input: { ...base, municipalityId: nh.id } });
    expect(moved.data.updateArrangement.errors).toEqual([
      expect.objectContaining({ field: 'municipalityId', code: 'HAS_ASSIGNMENTS' }),
    ]);
    const narrower: any = await beheerder.gql(UPDATE, {
      id: kind.id,
      input: { ...base, validFrom: `${year}-02-01`, validUntil: `${year}-06-30` },
    });
    expect(narrower.data.updateArrangement.errors.map((e: any) => [e.field, e.code])).toEqual([
      ['validFrom', 'OUTSIDE_ASSIGNMENTS'],
      ['validUntil', 'OUTSIDE_ASSIGNMENTS'],
    ]);
    const missing: any = await beheerder.gql(UPDATE, { id: '00000000-0000-4000-8000-000000000000', input: base });
    expect(missing.data.updateArrangement.errors[0].code).toBe('NOT_FOUND');
    const audit = await server.orm.em
      .fork()
      .execute<{ details: { fields: string[] } }[]>(
        `select details from audit_log where action = 'arrangement.updated' and subject_id = ?`,
        [kind.id],
      );
    expect(audit).toHaveLength(1);
    expect(audit[0]!.details.fields.sort()).toEqual([
      'categoryIds',
      'defaultAmountCents',
      'maxPerOrderCents',
      'name',
      'validUntil',
    ]);
  });

  it('keeps staff within their scope and behind the permissions', async () => {
    const scoped = server.client();
    await scoped.loginStaff(staffEmail('KLANTCONTACT'), DEMO_PASSWORD);
    // Klantcontact grants assignments, so it may list arrangements (of its own municipality) but not change them.
    const list: any = await scoped.gql(LIST, {});
    expect(nodes(list.data.arrangements).every((a: any) => a.municipality.slug === 'zuiderveen')).toBe(true);
    expect(nodes((await scoped.gql(LIST, { m: nh.id })).data!.arrangements)).toEqual([]);
    const nhArrangement = nodes((await beheerder.gql(LIST, { m: nh.id })).data!.arrangements)[0];
    expect((await scoped.gql(ONE, { id: nhArrangement.id })).data!.arrangement).toBeNull();
    const create: any = await scoped.gql(CREATE, { input: input({ name: 'Niet toegestaan' }) });
    expect(create.errors[0].extensions.code).toBe('FORBIDDEN');
    const redactie = server.client();
    await redactie.loginStaff(staffEmail('REDACTIE'), DEMO_PASSWORD);
    expect((await redactie.gql(LIST, {})).errors![0]!.extensions!.code).toBe('FORBIDDEN');
  });
});
