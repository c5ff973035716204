import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestClient, type TestServer } from '../../test/server.js';
import { outbox, registerConfirmAndLogin } from '../../test/onboarding.js';
import { DEMO_PASSWORD, DEMO_STAFF } from '../../seeders/demo-accounts.js';
import { Municipality } from '../municipalities/municipality.entity.js';
import { ProviderMembership } from './provider-membership.entity.js';
import { TermsAcceptance } from '../terms/terms-acceptance.entity.js';
import { TermsVersion } from '../terms/terms-version.entity.js';
import { AuditLog } from '../audit/audit-log.entity.js';
import { Permission } from '../../kernel/permissions.js';

const MY_MUNICIPALITIES = `{ myMunicipalities { municipality { id name } membership { id status reason appliedAt decidedAt } } }`;
const MY_MUNICIPALITY = `query($id:ID!){ myMunicipality(municipalityId:$id){ municipality { name } membership { status } terms { id version title body } } }`;
const APPLY = `mutation($m:ID!,$t:ID!,$a:Boolean!){ applyForMembership(municipalityId:$m, termsVersionId:$t, acceptTerms:$a){ membership { id status } errors { field code message } } }`;
const WITHDRAW = `mutation($m:ID!){ withdrawMembership(municipalityId:$m){ membership { id status } errors { field code message } } }`;
const APPROVE = `mutation($id:ID!){ approveMembership(id:$id){ membership { id status decidedAt municipality { name } provider { name } } errors { field code message } } }`;
const REJECT = `mutation($id:ID!,$r:String!){ rejectMembership(id:$id, reason:$r){ membership { id status reason } errors { field code message } } }`;
const LIST = `query($s:MembershipStatus,$first:Int,$after:String){ providerMemberships(filter:{status:$s}, first:$first, after:$after){ totalCount edges { cursor node { id status appliedAt municipality { name } provider { id name } } } pageInfo { hasNextPage endCursor } } }`;
const ADMIN_PROVIDER = `query($id:ID!){ adminProvider(id:$id){ id name kvkNumber iban email users { name email emailVerified } memberships { id status reason municipality { name } } } }`;

describe('memberships: apply, withdraw, approve and reject', () => {
  let server: TestServer;
  let zuiderveen: Municipality;
  let noorderhaven: Municipality;
  let beheerder: TestClient;
  let aanbiederbeheer: TestClient; // scope: Zuiderveen only

  beforeAll(async () => {
    server = await startTestServer({ seed: true });
    const em = server.orm.em.fork();
    zuiderveen = await em.findOneOrFail(Municipality, { slug: 'zuiderveen' });
    noorderhaven = await em.findOneOrFail(Municipality, { slug: 'noorderhaven' });
    beheerder = server.client();
    await beheerder.loginStaff(DEMO_STAFF.find((s) => s.role === 'BEHEERDER')!.email, DEMO_PASSWORD);
    aanbiederbeheer = server.client();
    await aanbiederbeheer.loginStaff(DEMO_STAFF.find((s) => s.role === 'AANBIEDERBEHEER')!.email, DEMO_PASSWORD);
  });
  afterAll(async () => {
    await server?.close();
  });

  async function termsFor(client: TestClient, municipalityId: string): Promise<string> {
    const r = await client.gql(MY_MUNICIPALITY, { id: municipalityId });
    return r.data!.myMunicipality.terms.id;
  }

  it('starts with no memberships: every municipality is listed without one', async () => {
    const { client } = await registerConfirmAndLogin(server);
    const r = await client.gql(MY_MUNICIPALITIES);
    expect(r.data?.myMunicipalities).toEqual([
      { municipality: { id: noorderhaven.id, name: 'Gemeente Noorderhaven' }, membership: null },
      { municipality: { id: zuiderveen.id, name: 'Gemeente Zuiderveen' }, membership: null },
    ]);
  });

  it('shows the terms to accept; the platform terms unless the municipality has its own, newest version', async () => {
    const { client } = await registerConfirmAndLogin(server);
    const platform = await client.gql(MY_MUNICIPALITY, { id: zuiderveen.id });
    expect(platform.data?.myMunicipality).toMatchObject({
      municipality: { name: 'Gemeente Zuiderveen' },
      membership: null,
      terms: { version: 2 },
    });
    const em = server.orm.em.fork();
    em.create(TermsVersion, {
      municipality: noorderhaven,
      version: 1,
      title: 'Voorwaarden Noorderhaven',
      body: 'Eigen voorwaarden van Noorderhaven.',
    });
    em.create(TermsVersion, {
      municipality: noorderhaven,
      version: 2,
      title: 'Voorwaarden Noorderhaven 2027',
      body: 'Nieuwe voorwaarden.',
    });
    await em.flush();
    const own = await client.gql(MY_MUNICIPALITY, { id: noorderhaven.id });
    expect(own.data?.myMunicipality.terms).toMatchObject({ version: 2, title: 'Voorwaarden Noorderhaven 2027' });
    expect(
      (await client.gql(MY_MUNICIPALITY, { id: '00000000-0000-4000-8000-000000000000' })).data?.myMunicipality,
    ).toBeNull();
    expect((await client.gql(MY_MUNICIPALITY, { id: 'geen-id' })).data?.myMunicipality).toBeNull();
  });

  it('applies with the current terms (PENDING, acceptance recorded); refuses without acceptance or with outdated terms', async () => {
    const { client, input } = await registerConfirmAndLogin(server);
    const terms = await termsFor(client, zuiderveen.id);
    const notAccepted = await client.gql(APPLY, { m: zuiderveen.id, t: terms, a: false });
    expect(notAccepted.data?.applyForMembership.errors[0]).toMatchObject({ field: 'acceptTerms', code: 'REQUIRED' });
    const outdated = await client.gql(APPLY, { m: zuiderveen.id, t: '00000000-0000-4000-8000-000000000000', a: true });
    expect(outdated.data?.applyForMembership.errors[0]).toMatchObject({ field: 'acceptTerms', code: 'TERMS_CHANGED' });
    const unknown = await client.gql(APPLY, { m: '00000000-0000-4000-8000-000000000000', t: terms, a: true });
    expect(unknown.data?.applyForMembership.errors[0]).toMatchObject({ field: 'municipalityId', code: 'NOT_FOUND' });

    const ok = await client.gql(APPLY, { m: zuiderveen.id, t: terms, a: true });
    expect(ok.data?.applyForMembership).toMatchObject({ membership: { status: 'PENDING' }, errors: [] });
    const twice = await client.gql(APPLY, { m: zuiderveen.id, t: terms, a: true });
    expect(twice.data?.applyForMembership.errors[0]).toMatchObject({ code: 'ALREADY_PENDING' });

    const em = server.orm.em.fork();
    const membership = await em.findOneOrFail(ProviderMembership, ok.data!.applyForMembership.membership.id, {
      populate: ['provider'],
    });
    expect(membership.provider.getEntity().name).toBe(input.name);
    const acceptances = await em.find(TermsAcceptance, {
      provider: membership.provider.id,
      municipality: zuiderveen.id,
    });
    expect(acceptances).toHaveLength(1);
  });

  it('lets staff list pending applications in their scope only, and approve: APPROVED, mailed, audited, visible to the provider', async () => {
    const { client, input } = await registerConfirmAndLogin(server);
    const zv = await client.gql(APPLY, { m: zuiderveen.id, t: await termsFor(client, zuiderveen.id), a: true });
    const nh = await client.gql(APPLY, { m: noorderhaven.id, t: await termsFor(client, noorderhaven.id), a: true });
    const zvId = zv.data!.applyForMembership.membership.id;
    const nhId = nh.data!.applyForMembership.membership.id;

    const scoped = await aanbiederbeheer.gql(LIST, { s: 'PENDING' });
    const scopedIds = scoped.data!.providerMemberships.edges.map((e: { node: { id: string } }) => e.node.id);
    expect(scopedIds).toContain(zvId);
    expect(scopedIds).not.toContain(nhId);
    expect(
      scoped.data!.providerMemberships.edges.every(
        (e: { node: { municipality: { name: string }; status: string } }) =>
          e.node.municipality.name === 'Gemeente Zuiderveen' && e.node.status === 'PENDING',
      ),
    ).toBe(true);
    // Newest application first.
    expect(scopedIds[0]).toBe(zvId);
    const all = await beheerder.gql(LIST, { s: 'PENDING' });
    expect(all.data!.providerMemberships.edges.map((e: { node: { id: string } }) => e.node.id)).toEqual(
      expect.arrayContaining([zvId, nhId]),
    );

    // Out of scope: the Zuiderveen-only staff member cannot decide on Noorderhaven.
    const outOfScope = await aanbiederbeheer.gql(APPROVE, { id: nhId });
    expect(outOfScope.data?.approveMembership.errors[0]).toMatchObject({ code: 'NOT_FOUND' });

    const approved = await aanbiederbeheer.gql(APPROVE, { id: zvId });
    expect(approved.data?.approveMembership).toMatchObject({
      membership: { status: 'APPROVED', municipality: { name: 'Gemeente Zuiderveen' }, provider: { name: input.name } },
      errors: [],
    });
    const again = await aanbiederbeheer.gql(APPROVE, { id: zvId });
    expect(again.data?.approveMembership.errors[0]).toMatchObject({ code: 'NOT_PENDING' });

    const [mail] = await outbox(server, input.email);
    expect(mail).toMatchObject({
      templateKey: 'MEMBERSHIP_APPROVED',
      subject: 'Uw aanmelding bij Gemeente Zuiderveen is goedgekeurd',
    });
    expect(mail!.body).toContain(`Beste ${input.name},`);
    expect(mail!.body).toMatch(/\/aanbieder\/profiel/);

    const audit = await server.orm.em.fork().find(AuditLog, { action: 'membership.approved', subjectId: zvId });
    expect(audit).toHaveLength(1);
    expect(audit[0]!.actorKind).toBe('STAFF');

    const mine = await client.gql(MY_MUNICIPALITIES);
    const byName = Object.fromEntries(
      mine.data!.myMunicipalities.map((m: { municipality: { name: string }; membership: { status: string } }) => [
        m.municipality.name,
        m.membership?.status,
      ]),
    );
    expect(byName).toEqual({ 'Gemeente Zuiderveen': 'APPROVED', 'Gemeente Noorderhaven': 'PENDING' });
  });

  it('rejects only with a reason, mails it, and the provider sees it; the provider can apply again', async () => {
    const { client, input } = await registerConfirmAndLogin(server);
    const terms = await termsFor(client, zuiderveen.id);
    const applied = await client.gql(APPLY, { m: zuiderveen.id, t: terms, a: true });
    const id = applied.data!.applyForMembership.membership.id;

    for (const reason of ['', '   ', 'nee']) {
      const r = await aanbiederbeheer.gql(REJECT, { id, r: reason });
      expect(r.data?.rejectMembership.errors[0], reason).toMatchObject({ field: 'reason', code: 'REQUIRED' });
    }
    const reason = 'Uw KvK-inschrijving is niet gevonden. Stuur een uittreksel mee.';
    const rejected = await aanbiederbeheer.gql(REJECT, { id, r: `  ${reason}  ` });
    expect(rejected.data?.rejectMembership).toEqual({ membership: { id, status: 'REJECTED', reason }, errors: [] });

    const [mail] = await outbox(server, input.email);
    expect(mail).toMatchObject({
      templateKey: 'MEMBERSHIP_REJECTED',
      subject: 'Uw aanmelding bij Gemeente Zuiderveen is afgewezen',
    });
    expect(mail!.body).toContain(reason);

    const mine = await client.gql(MY_MUNICIPALITIES);
    const zv = mine.data!.myMunicipalities.find(
      (m: { municipality: { id: string } }) => m.municipality.id === zuiderveen.id,
    );
    expect(zv.membership).toMatchObject({ status: 'REJECTED', reason });
    expect(zv.membership.decidedAt).toBeTruthy();

    const reapplied = await client.gql(APPLY, { m: zuiderveen.id, t: terms, a: true });
    expect(reapplied.data?.applyForMembership.membership).toEqual({ id, status: 'PENDING' });
    const after = await client.gql(MY_MUNICIPALITIES);
    expect(
      after.data!.myMunicipalities.find((m: { municipality: { id: string } }) => m.municipality.id === zuiderveen.id)
        .membership,
    ).toMatchObject({
      status: 'PENDING',
      reason: null,
      decidedAt: null,
    });
  });

  it('withdraws a pending or approved membership; nothing to withdraw otherwise', async () => {
    const { client } = await registerConfirmAndLogin(server);
    const none = await client.gql(WITHDRAW, { m: zuiderveen.id });
    expect(none.data?.withdrawMembership.errors[0]).toMatchObject({ code: 'NOT_A_MEMBER' });
    const applied = await client.gql(APPLY, { m: zuiderveen.id, t: await termsFor(client, zuiderveen.id), a: true });
    await beheerder.gql(APPROVE, { id: applied.data!.applyForMembership.membership.id });
    const withdrawn = await client.gql(WITHDRAW, { m: zuiderveen.id });
    expect(withdrawn.data?.withdrawMembership).toMatchObject({ membership: { status: 'WITHDRAWN' }, errors: [] });
    expect((await client.gql(WITHDRAW, { m: zuiderveen.id })).data?.withdrawMembership.errors[0].code).toBe(
      'NOT_A_MEMBER',
    );
    // A withdrawn membership cannot be approved.
    const approve = await beheerder.gql(APPROVE, { id: applied.data!.applyForMembership.membership.id });
    expect(approve.data?.approveMembership.errors[0].code).toBe('NOT_PENDING');
  });

  it('pages the staff list with cursors and filters by status', async () => {
    const first = await beheerder.gql(LIST, { first: 2 });
    expect(first.data?.providerMemberships.edges).toHaveLength(2);
    expect(first.data?.providerMemberships.pageInfo.hasNextPage).toBe(true);
    const second = await beheerder.gql(LIST, { first: 2, after: first.data!.providerMemberships.pageInfo.endCursor });
    const ids = [...first.data!.providerMemberships.edges, ...second.data!.providerMemberships.edges].map(
      (e: { node: { id: string } }) => e.node.id,
    );
    expect(new Set(ids).size).toBe(4);
    const approved = await beheerder.gql(LIST, { s: 'APPROVED', first: 100 });
    expect(
      approved.data!.providerMemberships.edges.every((e: { node: { status: string } }) => e.node.status === 'APPROVED'),
    ).toBe(true);
    expect(approved.data!.providerMemberships.totalCount).toBe(approved.data!.providerMemberships.edges.length);
    const bad = await beheerder.gql(LIST, { after: 'rommel' });
    expect(bad.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
  });

  it('lets an API client with PROVIDER_APPROVE do what the schema promises it, within its scope, audited as itself', async () => {
    const { client } = await registerConfirmAndLogin(server);
    const providerId = (await client.gql(`{ myProvider { id } }`)).data!.myProvider.id;
    const zvId = (await client.gql(APPLY, { m: zuiderveen.id, t: await termsFor(client, zuiderveen.id), a: true }))
      .data!.applyForMembership.membership.id;
    const nhId = (await client.gql(APPLY, { m: noorderhaven.id, t: await termsFor(client, noorderhaven.id), a: true }))
      .data!.applyForMembership.membership.id;
    const api = server.apiClient({ permissions: [Permission.PROVIDER_APPROVE], municipalityIds: [zuiderveen.id] });

    const list = await api.gql(LIST, { s: 'PENDING' });
    expect(list.errors).toBeUndefined();
    const ids = list.data!.providerMemberships.edges.map((e: { node: { id: string } }) => e.node.id);
    expect(ids).toContain(zvId);
    expect(ids).not.toContain(nhId);
    const profile = await api.gql(ADMIN_PROVIDER, { id: providerId });
    expect(profile.errors).toBeUndefined();
    expect(profile.data!.adminProvider.memberships.map((m: { id: string }) => m.id)).toEqual([zvId]);

    expect((await api.gql(APPROVE, { id: nhId })).data?.approveMembership.errors[0]).toMatchObject({
      code: 'NOT_FOUND',
    });
    const approved = await api.gql(APPROVE, { id: zvId });
    expect(approved.errors).toBeUndefined();
    expect(approved.data?.approveMembership).toMatchObject({ membership: { status: 'APPROVED' }, errors: [] });
    const audit = await server.orm.em.fork().find(AuditLog, { action: 'membership.approved', subjectId: zvId });
    expect(audit.map((a) => [a.actorKind, a.actorId])).toEqual([['API_CLIENT', api.apiClientId]]);

    const rejected = await beheerder.gql(REJECT, { id: nhId, r: 'Geen aanbod voor Noorderhaven' });
    expect(rejected.data?.rejectMembership.errors).toEqual([]);
  });

  it('shows staff a provider’s details, users and (in-scope) memberships; nothing outside their scope', async () => {
    const { client, input } = await registerConfirmAndLogin(server);
    const me = await client.gql(`{ myProvider { id } }`);
    const providerId = me.data!.myProvider.id;
    // Before applying anywhere, no scoped staff member sees it (the all-municipalities Beheerder does).
    expect((await aanbiederbeheer.gql(ADMIN_PROVIDER, { id: providerId })).data?.adminProvider).toBeNull();
    await client.gql(APPLY, { m: noorderhaven.id, t: await termsFor(client, noorderhaven.id), a: true });
    expect((await aanbiederbeheer.gql(ADMIN_PROVIDER, { id: providerId })).data?.adminProvider).toBeNull();
    const full = await beheerder.gql(ADMIN_PROVIDER, { id: providerId });
    expect(full.data?.adminProvider).toMatchObject({
      name: input.name,
      iban: 'NL91ABNA0417164300',
      users: [{ name: 'Tessa Test', email: input.userEmail, emailVerified: true }],
      memberships: [{ status: 'PENDING', municipality: { name: 'Gemeente Noorderhaven' } }],
    });
    await client.gql(APPLY, { m: zuiderveen.id, t: await termsFor(client, zuiderveen.id), a: true });
    const scoped = await aanbiederbeheer.gql(ADMIN_PROVIDER, { id: providerId });
    expect(
      scoped.data?.adminProvider.memberships.map((m: { municipality: { name: string } }) => m.municipality.name),
    ).toEqual(['Gemeente Zuiderveen']);
    expect((await beheerder.gql(ADMIN_PROVIDER, { id: 'geen-id' })).data?.adminProvider).toBeNull();
  });
});
