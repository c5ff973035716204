import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestClient, type TestServer } from '../../test/server.js';
import { DEMO_PASSWORD, DEMO_STAFF } from '../../seeders/demo-accounts.js';
import { decryptBsn, hashBsn } from '../../crypto/bsn.js';
import { isValidCardNumber } from './card-number.js';
import { Card } from './card.entity.js';
import { ClientGroup } from './client-group.entity.js';
import { Person } from './person.entity.js';
import { hashPassword } from '../../crypto/passwords.js';
import { BUILT_IN_ROLES, Permission } from '../../kernel/permissions.js';
import { Migration20261124000200_person_write } from '../../database/migrations/Migration20261124000200_person_write.js';

const SEARCH = `query($q: String, $m: ID, $first: Int, $after: String) { clientGroups(filter: { search: $q, municipalityId: $m }, first: $first, after: $after) {
  totalCount pageInfo { hasNextPage endCursor }
  edges { cursor node { id clientNumber name municipality { slug } orderCount members { externalIdentifier fullName cards { number status } } } } } }`;
const GROUP = `query($id: ID!) { clientGroup(id: $id) { id name clientNumber orderCount members { id externalIdentifier fullName dateOfBirth bsnMasked cards { number status } } } }`;
const ADD = `mutation($input: AddClientGroupMemberInput!) { addClientGroupMember(input: $input) {
  errors { field code message } person { id externalIdentifier fullName dateOfBirth email phone hasBsn bsnMasked clientGroupId cards { number maskedNumber status } } } }`;

const staffEmail = (role: string) => DEMO_STAFF.find((s) => s.role === role)!.email;

/** Makes a valid BSN (elfproef) that is not in the demo data. */
function freshBsn(seed: number): string {
  for (let n = seed; ; n++) {
    const body = String(300_000_000 + (n % 600_000_000))
      .padStart(9, '0')
      .slice(0, 8);
    let sum = 0;
    for (let i = 0; i < 8; i++) sum += Number(body[i]) * (9 - i);
    const last = sum % 11;
    if (last <= 9) return body + String(last);
  }
}

describe('client groups (klantgroepen) for staff', () => {
  let server: TestServer;
  let beheerder: TestClient;
  let klantcontact: TestClient;
  let zv: ClientGroup;
  let zvMembers: Person[];
  let nh: ClientGroup;

  beforeAll(async () => {
    server = await startTestServer({ seed: true });
    beheerder = server.client();
    await beheerder.loginStaff(staffEmail('BEHEERDER'), DEMO_PASSWORD);
    klantcontact = server.client();
    await klantcontact.loginStaff(staffEmail('KLANTCONTACT'), DEMO_PASSWORD);
    const em = server.orm.em.fork();
    zv = await em.findOneOrFail(
      ClientGroup,
      { municipality: { slug: 'zuiderveen' } },
      { orderBy: { clientNumber: 'asc' } },
    );
    zvMembers = await em.find(Person, { clientGroup: zv.id }, { orderBy: { externalIdentifier: 'asc' } });
    nh = await em.findOneOrFail(
      ClientGroup,
      { municipality: { slug: 'noorderhaven' } },
      { orderBy: { clientNumber: 'asc' } },
    );
  });
  afterAll(async () => {
    await server?.close();
  });

  async function search(client: TestClient, q: string | null, first = 25, after?: string, m?: string) {
    const r: any = await client.gql(SEARCH, { q, first, after, m });
    expect(r.errors).toBeUndefined();
    return r.data.clientGroups as {
      totalCount: number;
      pageInfo: { hasNextPage: boolean; endCursor: string };
      edges: { node: any }[];
    };
  }

  it('finds a household by a member’s name, in any order, without accents or case', async () => {
    const member = zvMembers[0]!;
    const byName = await search(beheerder, `${member.lastName.toUpperCase()} ${member.firstName.toLowerCase()}`);
    expect(byName.edges.map((e) => e.node.id)).toContain(zv.id);
    const partial = await search(beheerder, member.firstName.slice(0, 3));
    expect(partial.edges.map((e) => e.node.id)).toContain(zv.id);
    const nothing = await search(beheerder, 'Qwxyzzy');
    expect(nothing).toMatchObject({ totalCount: 0, edges: [] });
  });

  it('tolerates a typo in a name as the offer search does, puts exact matches first and pages by relevance, within the scope', async () => {
    const em = server.orm.em.fork();
    const [zuiderveen, noorderhaven] = [zv.municipality, nh.municipality];
    const made = [
      em.create(ClientGroup, { municipality: zuiderveen, clientNumber: 'TYPO-1', name: 'Gezin Kwakernaak' }),
      em.create(ClientGroup, { municipality: zuiderveen, clientNumber: 'TYPO-2', name: 'Familie Kwakernaat' }),
      em.create(ClientGroup, { municipality: noorderhaven, clientNumber: 'TYPO-3', name: 'Huishouden Kwakernaak' }),
    ];
    await em.flush();
    try {
      const names = (r: { edges: { node: any }[] }) => r.edges.map((e) => e.node.name);
      // Two letters swapped (an edit distance of 2 in a long word) still finds the household.
      expect(names(await search(klantcontact, 'kwakrenaak'))).toEqual(['Gezin Kwakernaak']);
      expect(names(await search(beheerder, 'Kwakrenaak'))).toEqual(['Gezin Kwakernaak', 'Huishouden Kwakernaak']);
      // The exact match comes before the near one, though "Familie" sorts before "Gezin" by name.
      const exact = await search(klantcontact, 'Kwakernaak');
      expect(names(exact)).toEqual(['Gezin Kwakernaak', 'Familie Kwakernaat']);
      // Keyset paging in that order: each once, none skipped.
      const one = await search(klantcontact, 'Kwakernaak', 1);
      expect(one).toMatchObject({ totalCount: 2, pageInfo: { hasNextPage: true } });
      const two = await search(klantcontact, 'Kwakernaak', 1, one.pageInfo.endCursor);
      expect([...names(one), ...names(two)]).toEqual(['Gezin Kwakernaak', 'Familie Kwakernaat']);
      expect(two.pageInfo.hasNextPage).toBe(false);
      // Short words must match as typed: no fuzzy match on three letters; every word must be found.
      expect((await search(klantcontact, 'Kwakernaak Qwxyzzy')).totalCount).toBe(0);
      // A cursor of the name order is refused in the relevance order.
      const byName = await search(klantcontact, null, 1);
      const wrong: any = await klantcontact.gql(SEARCH, {
        q: 'Kwakernaak',
        first: 1,
        after: byName.pageInfo.endCursor,
      });
      expect(wrong.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    } finally {
      await server.orm.em.fork().nativeDelete(ClientGroup, { id: { $in: made.map((g) => g.id) } });
    }
  });

  it('ranks at most a thousand households for a common name and says "meer dan"; another municipality’s never fill that cap, and a first name with the surname still finds its person', async () => {
    const em = server.orm.em.fork();
    const [zuiderveen, noorderhaven] = [zv.municipality.id, nh.municipality.id];
    const COUNTED = `query($q: String, $first: Int, $after: String) { clientGroups(filter: { search: $q }, first: $first, after: $after) {
      totalCount totalCountCapped pageInfo { hasNextPage endCursor } edges { node { id name } } } }`;
    const counted = async (q: string, first = 25, after?: string) => {
      const r: any = await klantcontact.gql(COUNTED, { q, first, after });
      expect(r.errors).toBeUndefined();
      return r.data.clientGroups as {
        totalCount: number;
        totalCountCapped: boolean;
        pageInfo: { hasNextPage: boolean; endCursor: string };
        edges: { node: { id: string; name: string } }[];
      };
    };
    // Households named 'Capwerda' (ids in order: '00000000-…' first): 1,001 in Noorderhaven, written first; then three in
    // Zuiderveen with the highest ids, so neither the order on disk nor the order of the ids puts them in the first
    // thousand.
    const groups = (municipality: string, prefix: string, from: number, count: number) =>
      em.execute(
        `insert into client_group (id, municipality_id, client_number, name, created_at)
         select (? || lpad(to_hex(i), 12, '0'))::uuid, ?, 'CAP-' || ? || i, 'Huishouden Capwerda ' || lpad(i::text, 4, '0'), now()
           from generate_series(?::int, ?::int) i`,
        [prefix, municipality, prefix.slice(0, 2), from, from + count - 1],
      );
    await groups(noorderhaven, '00000000-0000-4000-8000-', 1, 1001);
    await groups(zuiderveen, 'eeeeeeee-0000-4000-8000-', 1, 3);
    // A Zuiderveen person whose household's name does not hold the surname, with the highest id of all.
    const zomer = 'ffffffff-0000-4000-8000-000000000001';
    await em.execute(
      `insert into client_group (id, municipality_id, client_number, name, created_at) values (?, ?, 'CAP-ZOMER', 'Gezin Zomer', now())`,
      [zomer, zuiderveen],
    );
    await em.execute(
      `insert into person (id, client_group_id, municipality_id, external_identifier, first_name, last_name, date_of_birth, created_at)
       values ('ffffffff-0000-4000-8000-000000000002', ?, ?, 'CAP-P-1', 'Jorrit', 'Capwerda', '1980-01-01', now())`,
      [zomer, zuiderveen],
    );
    try {
      // Noorderhaven's thousand do not push Zuiderveen's own out: all four are found and counted exactly.
      const own = await counted('capwerda');
      expect(own).toMatchObject({ totalCount: 4, totalCountCapped: false });
      expect(own.edges.map((e) => e.node.id)).toContain(zomer);
      // Zuiderveen gets a thousand more: the search stops at its cap and says "meer dan 1.000".
      await groups(zuiderveen, '11111111-0000-4000-8000-', 1, 1001);
      const many = await counted('capwerda');
      expect(many).toMatchObject({ totalCount: 1000, totalCountCapped: true, pageInfo: { hasNextPage: true } });
      expect(many.edges).toHaveLength(25);
      // Paging the capped result gives each household once.
      const seen = new Set<string>();
      let after: string | undefined;
      for (let page = 0; page < 3; page++) {
        const p = await counted('capwerda', 100, after);
        for (const e of p.edges) seen.add(e.node.id);
        after = p.pageInfo.endCursor;
      }
      expect(seen.size).toBe(300);
      // The person searched for by first name and surname is found, though their household is not among the
      // thousand the surname alone ranks.
      const jorrit = await counted('Jorrit Capwerda');
      expect(jorrit.edges[0]?.node).toEqual({ id: zomer, name: 'Gezin Zomer' });
      // Only a two-letter word (no index, no typo): the households that hold it, by name, a page at a time.
      const short: string[] = [];
      const shortIds: string[] = [];
      let next: string | undefined;
      do {
        const p = await counted('jo', 40, next);
        short.push(...p.edges.map((e) => e.node.name));
        shortIds.push(...p.edges.map((e) => e.node.id));
        next = p.pageInfo.hasNextPage ? p.pageInfo.endCursor : undefined;
      } while (next);
      expect(shortIds).toContain(zomer);
      expect(new Set(shortIds).size).toBe(shortIds.length);
      expect(short.every((name, i) => i === 0 || short[i - 1]! <= name)).toBe(true);
      expect(short.every((name) => !name.startsWith('Huishouden Capwerda'))).toBe(true);
      // Punctuation alone finds nothing, and asks nothing of the households (no index could look for it: PostgreSQL
      // would read every person); beside a word it is left out.
      for (const q of ['--', "'", '. -']) {
        server.queries.length = 0;
        expect(await counted(q)).toMatchObject({ totalCount: 0, edges: [] });
        expect(server.queries.filter((sql) => /client_group|person/.test(sql) && !/session/.test(sql))).toEqual([]);
      }
      expect((await counted('Jorrit - Capwerda')).edges[0]?.node.id).toBe(zomer);
    } finally {
      await em.execute(`delete from person where external_identifier = 'CAP-P-1'`);
      await em.execute(`delete from client_group where client_number like 'CAP-%'`);
    }
  });

  it('keeps its list of name words equal to the names: a new name is found with a typo at once, a changed or erased one leaves nothing behind', async () => {
    const q = (sql: string) => server.orm.em.fork().execute<{ word: string }[]>(sql);
    const listed = async () => (await q(`select distinct word from search_word order by word`)).map((r) => r.word);
    const inNames = async () =>
      (
        await q(
          `select distinct w as word
             from (select first_name || ' ' || last_name as name from person union all select name from client_group) x
             cross join unnest(search_words(x.name)) w order by w`,
        )
      ).map((r) => r.word);
    expect(await listed()).toEqual(await inNames());

    const em = server.orm.em.fork();
    const group = em.create(ClientGroup, {
      municipality: zv.municipality,
      clientNumber: 'WORD-1',
      name: 'Gezin Zwanenburgh',
    });
    await em.flush();
    const add: any = await beheerder.gql(ADD, {
      input: { clientGroupId: group.id, firstName: 'Quirijntje', lastName: 'Wolkenkrabber', dateOfBirth: '1980-02-03' },
    });
    expect(add.data.addClientGroupMember.errors).toEqual([]);
    const person = add.data.addClientGroupMember.person;
    const ids = async (text: string) => (await search(beheerder, text)).edges.map((e) => e.node.id);
    // Found with a typo straight away: both names are listed the moment they are stored.
    expect(await ids('Zwanenbrugh')).toEqual([group.id]);
    expect(await ids('Wolkenkarbber Quirijnje')).toEqual([group.id]);
    expect(await listed()).toEqual(await inNames());

    // A renamed household and an erased member take their old words along.
    await em.execute(`update client_group set name = 'Gezin Ander' where id = ?`, [group.id]);
    const erased: any = await beheerder.gql(
      `mutation($id: ID!, $c: String!) { erasePerson(personId: $id, confirmation: $c) { errors { message } } }`,
      { id: person.id, c: person.externalIdentifier },
    );
    expect(erased.data.erasePerson.errors).toEqual([]);
    const words = await listed();
    expect(words).not.toContain('zwanenburgh');
    expect(words).not.toContain('wolkenkrabber');
    expect(words).not.toContain('quirijntje');
    expect(words).toEqual(await inNames());
    expect(await ids('Wolkenkarbber')).toEqual([]);
    // The rebuild (after a load with the triggers off; the daily retention purge) gives the same list.
    await em.execute(`select search_word_rebuild()`);
    expect(await listed()).toEqual(words);
    // Removed rows take their words along too.
    await em.execute(`delete from card where person_id = ?`, [person.id]);
    await em.execute(`delete from person where id = ?`, [person.id]);
    await em.execute(`delete from client_group where id = ?`, [group.id]);
    expect(await listed()).toEqual(await inNames());
  });

  it('finds a household by client number (household or person), exact and partial', async () => {
    const exact = await search(beheerder, zv.clientNumber);
    expect(exact.edges.map((e) => e.node.id)).toEqual([zv.id]);
    expect(exact.edges[0]!.node.clientNumber).toBe(zv.clientNumber);
    const partial = await search(beheerder, zv.clientNumber.slice(-4));
    expect(partial.edges.map((e) => e.node.id)).toContain(zv.id);
    const person = await search(beheerder, zvMembers[1]!.externalIdentifier);
    expect(person.edges.map((e) => e.node.id)).toEqual([zv.id]);
  });

  it('finds a household by card number, exact (also typed with spaces) and partial', async () => {
    const card = await server.orm.em.fork().findOneOrFail(Card, { person: zvMembers[0]!.id, status: 'ACTIVE' });
    const exact = await search(beheerder, card.number);
    expect(exact.edges.map((e) => e.node.id)).toEqual([zv.id]);
    const spaced = await search(beheerder, `${card.number.slice(0, 4)} ${card.number.slice(4)}`);
    expect(spaced.edges.map((e) => e.node.id)).toEqual([zv.id]);
    const partial = await search(beheerder, card.number.slice(2, 8));
    expect(partial.edges.map((e) => e.node.id)).toContain(zv.id);
  });

  it('pages through all households in scope by name, each exactly once', async () => {
    const seen: string[] = [];
    let after: string | undefined;
    let total = 0;
    for (let i = 0; i < 10; i++) {
      const page = await search(beheerder, null, 6, after);
      total = page.totalCount;
      seen.push(...page.edges.map((e) => e.node.id));
      if (!page.pageInfo.hasNextPage) break;
      after = page.pageInfo.endCursor;
    }
    expect(total).toBe(20);
    expect(seen).toHaveLength(20);
    expect(new Set(seen).size).toBe(20);
    const bad: any = await beheerder.gql(SEARCH, { q: null, first: 5, after: 'bm9uc2Vuc2U' });
    expect(bad.errors[0].extensions.code).toBe('BAD_USER_INPUT');
    expect(bad.errors[0].message).toMatch(/paginacursor is ongeldig/);
    // A cursor of another list (the categories' display order) is not one of this list's.
    const categories: any = await beheerder.gql(`{ adminCategories(first: 1) { pageInfo { endCursor } } }`);
    const foreign: any = await beheerder.gql(SEARCH, {
      q: null,
      first: 5,
      after: categories.data.adminCategories.pageInfo.endCursor,
    });
    expect(foreign.errors[0].extensions.code).toBe('BAD_USER_INPUT');
  });

  it('filters by municipality within the scope; an unknown one matches nothing', async () => {
    const zvOnly = await search(beheerder, null, 50, undefined, zv.municipality.id);
    expect(zvOnly.totalCount).toBeGreaterThan(0);
    expect(zvOnly.edges.every((e) => e.node.municipality.slug === 'zuiderveen')).toBe(true);
    const all = await search(beheerder, null, 500);
    expect(all.edges.length).toBe(all.totalCount);
    const none = await search(beheerder, null, 5, undefined, 'geen-uuid');
    expect(none).toMatchObject({ totalCount: 0, edges: [] });
  });

  it('loads a page of households with their members and cards in a fixed number of statements', async () => {
    const count = async (first: number) => {
      server.queries.length = 0;
      const page = await search(beheerder, null, first);
      expect(page.edges).toHaveLength(first);
      return server.queries.filter((q) => !/^\s*(begin|commit|rollback)/i.test(q)).length;
    };
    const small = await count(2);
    const large = await count(15);
    expect(large).toBe(small);
    expect(large).toBeLessThanOrEqual(12);
  });

  it('keeps a Zuiderveen-only staff member away from Noorderhaven households and persons', async () => {
    const all = await search(klantcontact, null, 100);
    expect(all.totalCount).toBe(14);
    expect(all.edges.every((e) => e.node.municipality.slug === 'zuiderveen')).toBe(true);
    const nhMember = await server.orm.em.fork().findOneOrFail(Person, { clientGroup: nh.id });
    expect((await search(klantcontact, nh.clientNumber)).totalCount).toBe(0);
    expect((await search(klantcontact, nhMember.lastName)).edges.map((e) => e.node.id)).not.toContain(nh.id);
    const group: any = await klantcontact.gql(GROUP, { id: nh.id });
    expect(group.data.clientGroup).toBeNull();
    const person: any = await klantcontact.gql(`query($e: String!) { person(externalIdentifier: $e) { id } }`, {
      e: nhMember.externalIdentifier,
    });
    expect(person.data.person).toBeNull();
    const orders: any = await klantcontact.gql(
      `query($e: String!) { personOrders(externalIdentifier: $e) { totalCount } }`,
      {
        e: nhMember.externalIdentifier,
      },
    );
    expect(orders.data.personOrders).toBeNull();
    const add: any = await klantcontact.gql(ADD, {
      input: { clientGroupId: nh.id, firstName: 'Nina', lastName: 'Test', dateOfBirth: '2015-01-01' },
    });
    expect(add.data.addClientGroupMember.errors[0].code).toBe('NOT_FOUND');
    // The Beheerder (all municipalities) sees it.
    expect((await search(beheerder, nh.clientNumber)).edges.map((e) => e.node.id)).toEqual([nh.id]);
  });

  it('shows a household with its members and cards, and logs the read', async () => {
    const r: any = await klantcontact.gql(GROUP, { id: zv.id });
    expect(r.errors).toBeUndefined();
    const g = r.data.clientGroup;
    expect(g.clientNumber).toBe(zv.clientNumber);
    expect(g.members.map((m: any) => m.externalIdentifier).sort()).toEqual(
      zvMembers.map((m) => m.externalIdentifier).sort(),
    );
    for (const m of g.members) {
      expect(m.bsnMasked).toMatch(/^\*{5}\d{4}$/);
      expect(m.cards.filter((c: any) => c.status === 'ACTIVE')).toHaveLength(1);
    }
    // The read is audit-logged (fields marked @personalData): the household, and each member, names only.
    // One row for the household and one per member (their fields), never one per field.
    const audit = await server.orm.em.fork().execute<
      {
        actor_kind: string;
        subject_type: string;
        subject_id: string;
        subject_person_id: string | null;
        fields: string[];
      }[]
    >(
      `select actor_kind, subject_type, subject_id, subject_person_id, fields from audit_log
          where action = 'PERSONAL_DATA_READ' and subject_household_id = ? order by id desc`,
      [zv.id],
    );
    expect(audit.find((a) => a.subject_type === 'ClientGroup')).toMatchObject({
      actor_kind: 'STAFF',
      subject_id: zv.id,
      subject_person_id: null,
      fields: ['ClientGroup.clientNumber', 'ClientGroup.members', 'ClientGroup.name'],
    });
    const memberRows = audit.filter((a) => a.subject_person_id);
    expect(new Set(memberRows.map((a) => a.subject_person_id))).toEqual(new Set(zvMembers.map((m) => m.id)));
    expect(memberRows[0]!.fields).toEqual(
      expect.arrayContaining([
        'Person.bsnMasked',
        'Person.dateOfBirth',
        'Person.externalIdentifier',
        'Person.fullName',
      ]),
    );
    expect((await klantcontact.gql(GROUP, { id: 'geen-uuid' })).data!.clientGroup).toBeNull();
  });

  it('adds a member with an encrypted BSN, a keyed hash and a new card with a check digit', async () => {
    const bsn = freshBsn(Date.now());
    const r: any = await klantcontact.gql(ADD, {
      input: {
        clientGroupId: zv.id,
        firstName: '  Noor ',
        lastName: 'de  Vries',
        dateOfBirth: '2016-05-04',
        email: ' Noor@Voorbeeld.NL ',
        phone: '06 1234 5678',
        bsn: `${bsn.slice(0, 3)}.${bsn.slice(3, 6)}.${bsn.slice(6)}`,
      },
    });
    expect(r.data.addClientGroupMember.errors).toEqual([]);
    const p = r.data.addClientGroupMember.person;
    expect(p).toMatchObject({
      fullName: 'Noor de Vries',
      dateOfBirth: '2016-05-04',
      email: 'noor@voorbeeld.nl',
      phone: '0612345678',
      hasBsn: true,
      clientGroupId: zv.id,
    });
    expect(p.bsnMasked).toBe(`*****${bsn.slice(-4)}`);
    expect(p.externalIdentifier).toMatch(/^P-\d+$/);
    expect(p.cards).toHaveLength(1);
    expect(p.cards[0].status).toBe('ACTIVE');
    expect(isValidCardNumber(p.cards[0].number)).toBe(true);
    expect(p.cards[0].maskedNumber).toBe(`******${p.cards[0].number.slice(-4)}`);

    const em = server.orm.em.fork();
    const [row] = await em.execute<{ bsn_encrypted: string; bsn_hash: string }[]>(
      `select bsn_encrypted, bsn_hash from person where id = ?`,
      [p.id],
    );
    expect(row!.bsn_encrypted).not.toContain(bsn);
    expect(decryptBsn(row!.bsn_encrypted, server.services.config.bsn)).toBe(bsn);
    expect(row!.bsn_hash).toBe(hashBsn(bsn, server.services.config.bsn));
    const audit = await em.execute(`select details from audit_log where action = 'person.created' and subject_id = ?`, [
      p.id,
    ]);
    expect(audit).toHaveLength(1);
    expect(JSON.stringify(audit)).not.toContain(bsn);

    // The same BSN again is refused, in Dutch, on the BSN field.
    const again: any = await klantcontact.gql(ADD, {
      input: { clientGroupId: zv.id, firstName: 'Noor', lastName: 'Tweede', dateOfBirth: '2016-05-04', bsn },
    });
    expect(again.data.addClientGroupMember.person).toBeNull();
    expect(again.data.addClientGroupMember.errors).toEqual([
      expect.objectContaining({
        field: 'bsn',
        code: 'DUPLICATE',
        message: expect.stringMatching(/al een persoon met dit burgerservicenummer/),
      }),
    ]);
  });

  it('refuses bad member input with Dutch messages per field, and stores nothing', async () => {
    const em = server.orm.em.fork();
    const before = await em.count(Person, {});
    const r: any = await klantcontact.gql(ADD, {
      input: {
        clientGroupId: zv.id,
        firstName: ' ',
        lastName: 'x'.repeat(101),
        dateOfBirth: '2040-01-01',
        email: 'geen-mail',
        phone: '12',
        bsn: '123456789',
      },
    });
    const errors = r.data.addClientGroupMember.errors as { field: string; message: string }[];
    expect(Object.fromEntries(errors.map((e) => [e.field, e.message]))).toEqual({
      firstName: 'Vul de voornaam in.',
      lastName: 'De achternaam mag hoogstens 100 tekens lang zijn.',
      dateOfBirth: 'De geboortedatum kan niet in de toekomst liggen.',
      email: 'Vul een geldig e-mailadres in, bijvoorbeeld naam@voorbeeld.nl.',
      phone: 'Vul een geldig telefoonnummer in, bijvoorbeeld 06 12345678 of 020 123 4567.',
      bsn: 'Dit burgerservicenummer klopt niet (de elfproef faalt). Controleer het nummer.',
    });
    const dates: any = await klantcontact.gql(ADD, {
      input: { clientGroupId: zv.id, firstName: 'A', lastName: 'B', dateOfBirth: '2015-02-30', bsn: '12345' },
    });
    expect(dates.data.addClientGroupMember.errors.map((e: any) => e.field).sort()).toEqual(['bsn', 'dateOfBirth']);
    expect(await em.count(Person, {})).toBe(before);
  });

  it('adds a member only with PERSON_WRITE: a Klantcontact-like role without it gets FORBIDDEN and changes nothing', async () => {
    const em = server.orm.em.fork();
    const readOnly = BUILT_IN_ROLES.KLANTCONTACT.permissions.filter((p) => p !== Permission.PERSON_WRITE);
    const [role] = await em.execute<{ id: string }[]>(
      `insert into role (name, description, permissions) values ('Klantcontact alleen lezen', '', ?::text[]) returning id`,
      [`{${readOnly.join(',')}}`],
    );
    await em.execute(
      `insert into admin_account (email, name, password_hash, role_id, all_municipalities) values ('lezer@demo.gemeentewinkel.nl', 'Lezer', ?, ?, true)`,
      [await hashPassword(DEMO_PASSWORD), role!.id],
    );
    const reader = server.client();
    await reader.loginStaff('lezer@demo.gemeentewinkel.nl', DEMO_PASSWORD);
    const members = () => em.fork().count(Person, { clientGroup: zv.id });
    const before = await members();
    const input = { clientGroupId: zv.id, firstName: 'Lotte', lastName: 'Lezer', dateOfBirth: '2014-02-03' };
    // It may still read the household, but not add to it.
    expect((await reader.gql(GROUP, { id: zv.id })).data!.clientGroup.id).toBe(zv.id);
    const denied: any = await reader.gql(ADD, { input });
    expect(denied.errors.map((e: any) => e.extensions.code)).toEqual(['FORBIDDEN']);
    expect(denied.data?.addClientGroupMember ?? null).toBeNull();
    expect(await members()).toBe(before);

    // With PERSON_WRITE added to the role (read per request), the same account can.
    await em.execute(`update role set permissions = array_append(permissions, 'PERSON_WRITE') where id = ?`, [
      role!.id,
    ]);
    const added: any = await reader.gql(ADD, { input });
    expect(added.errors).toBeUndefined();
    expect(added.data.addClientGroupMember.errors).toEqual([]);
    expect(await members()).toBe(before + 1);
  });

  it('gives PERSON_WRITE to the built-in Beheerder and Klantcontact roles of an existing installation, and to no other role', async () => {
    const em = server.orm.em.fork();
    const permissionsOf = async () =>
      new Map(
        (
          await em.execute<{ key: string | null; name: string; permissions: string[] }[]>(
            `select key, name, permissions from role`,
          )
        ).map((r) => [r.key ?? r.name, r.permissions]),
      );
    // As before the migration: nobody has PERSON_WRITE; a role of the municipality's own has PERSON_READ.
    await em.execute(`update role set permissions = array_remove(permissions, 'PERSON_WRITE')`);
    await em.execute(
      `insert into role (name, description, permissions) values ('Baliemedewerker', '', '{PERSON_READ,ORDER_READ}')`,
    );
    const migration = new Migration20261124000200_person_write(em.getDriver(), server.orm.config);
    for (let run = 0; run < 2; run++) {
      migration.reset();
      migration.up();
      for (const sql of migration.getQueries()) await em.execute(sql as string);
    }
    const after = await permissionsOf();
    expect(after.get('BEHEERDER')!.filter((p) => p === 'PERSON_WRITE')).toHaveLength(1);
    expect(after.get('KLANTCONTACT')!.filter((p) => p === 'PERSON_WRITE')).toHaveLength(1);
    expect(after.get('Baliemedewerker')).toEqual(['PERSON_READ', 'ORDER_READ']);
    for (const key of ['FINANCIEN', 'AANBIEDERBEHEER', 'REDACTIE'])
      expect(after.get(key), key).not.toContain('PERSON_WRITE');
  });

  it('requires PERSON_READ for all of it', async () => {
    const redactie = server.client();
    await redactie.loginStaff(staffEmail('REDACTIE'), DEMO_PASSWORD);
    const r: any = await redactie.gql(SEARCH, { q: null });
    expect(r.errors[0].extensions.code).toBe('FORBIDDEN');
    const anonymous: any = await server.client().gql(GROUP, { id: zv.id });
    expect(anonymous.errors[0].extensions.code).toBe('UNAUTHENTICATED');
  });
});
