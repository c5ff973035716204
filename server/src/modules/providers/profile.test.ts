import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestClient, type TestServer } from '../../test/server.js';
import { outbox, registerConfirmAndLogin, tokenFromMail } from '../../test/onboarding.js';
import { DEMO_PASSWORD, DEMO_STAFF, demoProviderEmail } from '../../seeders/demo-accounts.js';
import { Audience } from '../../kernel/permissions.js';
import { contextFor } from '../../test/context.js';
import type { Context } from '../../graphql/context.js';
import { ForbiddenError } from '../../kernel/errors.js';
import { Municipality } from '../municipalities/municipality.entity.js';
import { Provider } from './provider.entity.js';
import { ProviderUser } from './provider-user.entity.js';
import { ProviderMembership } from './provider-membership.entity.js';

const MY_PROVIDER = `{ myProvider { id name kvkNumber iban street postcode city email phone website description users { id name email emailVerified isCurrentUser } memberships { id status municipality { name } } } }`;
const UPDATE = `mutation($input: UpdateProviderInput!){ updateMyProvider(input:$input){ provider { name kvkNumber iban postcode phone website description } errors { field code message } } }`;
const INVITE = `mutation($input: InviteProviderUserInput!){ inviteProviderUser(input:$input){ invited errors { field code message } } }`;
const REMOVE = `mutation($id:ID!){ removeProviderUser(id:$id){ removedUserId errors { field code message } } }`;
const RESET = `mutation($t:String!,$p:String!){ resetPassword(token:$t,newPassword:$p){ passwordChanged errors { code } } }`;
const ME = `{ viewer { kind displayName } }`;

function details(p: Record<string, string>) {
  const { name, kvkNumber, street, postcode, city, email, phone, iban, description, website } = p;
  return { name, kvkNumber, street, postcode, city, email, phone, iban, description, website };
}

describe('provider profile and users', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ seed: true });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('shows the own organisation with its private details and users', async () => {
    const { client, input } = await registerConfirmAndLogin(server);
    const r = await client.gql(MY_PROVIDER);
    expect(r.data?.myProvider).toMatchObject({
      name: input.name,
      iban: 'NL91ABNA0417164300',
      postcode: '7831 AB',
      street: 'Dorpsstraat 12',
      users: [{ name: 'Tessa Test', email: input.userEmail, emailVerified: true, isCurrentUser: true }],
      memberships: [],
    });
  });

  it('updates the organisation’s details, normalised and audited; refuses bad input per field', async () => {
    const { client } = await registerConfirmAndLogin(server);
    const current = (await client.gql(MY_PROVIDER)).data!.myProvider;
    const ok = await client.gql(UPDATE, {
      input: {
        ...details(current),
        name: 'Nieuwe Naam Club',
        iban: 'de89 3704 0044 0532 0130 00',
        postcode: '9861ab',
        website: 'https://www.club.nl',
      },
    });
    expect(ok.data?.updateMyProvider).toMatchObject({
      provider: {
        name: 'Nieuwe Naam Club',
        iban: 'DE89370400440532013000',
        postcode: '9861 AB',
        website: 'https://www.club.nl',
      },
      errors: [],
    });
    const bad = await client.gql(UPDATE, {
      input: { ...details(current), iban: 'NL00 ABNA 0417 1643 00', kvkNumber: '123', postcode: 'abc' },
    });
    expect(bad.data?.updateMyProvider.provider).toBeNull();
    expect(bad.data?.updateMyProvider.errors.map((e: { field: string }) => e.field)).toEqual([
      'kvkNumber',
      'postcode',
      'iban',
    ]);
    const after = (await client.gql(MY_PROVIDER)).data!.myProvider;
    expect(after.name).toBe('Nieuwe Naam Club');

    // Another provider's KvK number is refused.
    const other = await server.orm.em
      .fork()
      .findOneOrFail(Provider, { id: { $ne: after.id } }, { orderBy: { name: 'asc' } });
    const taken = await client.gql(UPDATE, { input: { ...details(after), kvkNumber: other.kvkNumber } });
    expect(taken.data?.updateMyProvider.errors[0]).toMatchObject({ field: 'kvkNumber', code: 'KVK_TAKEN' });
  });

  it('invites a colleague: unverified until they choose a password with the link, then they can log in', async () => {
    const { client, input } = await registerConfirmAndLogin(server);
    const email = `collega-${Date.now()}@testclub.nl`;
    const r = await client.gql(INVITE, { input: { name: 'Cor Collega', email: email.toUpperCase() } });
    expect(r.data?.inviteProviderUser).toEqual({ invited: true, errors: [] });
    const listed = (await client.gql(MY_PROVIDER)).data!.myProvider.users;
    expect(listed).toContainEqual(
      expect.objectContaining({ name: 'Cor Collega', email, emailVerified: false, isCurrentUser: false }),
    );
    const [mail] = await outbox(server, email);
    expect(mail).toMatchObject({
      templateKey: 'PROVIDER_USER_INVITE',
      subject: 'U bent uitgenodigd voor de Gemeentewinkel',
    });
    expect(mail!.body).toContain('Tessa Test heeft u uitgenodigd als gebruiker van ' + input.name);
    expect(mail!.body).toContain('72 uur');

    // Not able to log in before choosing a password.
    const colleague = server.client();
    await expect(colleague.loginProvider(email, 'willekeurig-wachtwoord-123')).rejects.toThrow(/INVALID_CREDENTIALS/);
    const token = await tokenFromMail(server, email, 'PROVIDER_USER_INVITE', '/wachtwoord-vergeten/');
    expect(
      (await colleague.gql(RESET, { t: token, p: 'eigen-gekozen-wachtwoord-9' })).data?.resetPassword.passwordChanged,
    ).toBe(true);
    await colleague.loginProvider(email, 'eigen-gekozen-wachtwoord-9');
    expect((await colleague.gql(ME)).data?.viewer).toEqual({ kind: 'PROVIDER', displayName: 'Cor Collega' });
    const users = (await colleague.gql(MY_PROVIDER)).data!.myProvider.users;
    expect(users.map((u: { name: string; emailVerified: boolean }) => [u.name, u.emailVerified])).toEqual([
      ['Cor Collega', true],
      ['Tessa Test', true],
    ]);
  });

  it('answers an invitation for an address that already has an account as any other; its owner gets a notice once an hour', async () => {
    const { client, input } = await registerConfirmAndLogin(server);
    const fresh = await client.gql(INVITE, {
      input: { name: 'Nieuwe Collega', email: `nieuw-${Date.now()}@testclub.nl` },
    });
    const taken = await client.gql(INVITE, { input: { name: 'Iemand', email: demoProviderEmail(1) } });
    expect(taken.data).toEqual(fresh.data);
    expect(taken.data?.inviteProviderUser).toEqual({ invited: true, errors: [] });
    // No second account, no invitation link: a notice to the owner instead.
    expect(await server.orm.em.fork().count(ProviderUser, { email: demoProviderEmail(1) })).toBe(1);
    const mails = await outbox(server, demoProviderEmail(1));
    expect(mails.map((m) => m.templateKey)).toEqual(['PROVIDER_INVITE_EXISTING']);
    expect(mails[0]!.subject).toBe('Poging om u uit te nodigen voor de Gemeentewinkel');
    expect(mails[0]!.body).toContain(`Iemand van ${input.name} heeft geprobeerd u uit te nodigen`);
    expect(mails[0]!.body).not.toMatch(/wachtwoord-vergeten\/[A-Za-z0-9_-]{43}/);
    // Within the hour, another attempt answers the same and sends nothing more.
    expect((await client.gql(INVITE, { input: { name: 'Iemand', email: demoProviderEmail(1) } })).data).toEqual(
      fresh.data,
    );
    expect(await outbox(server, demoProviderEmail(1))).toHaveLength(1);
  });

  it('sends a colleague invited earlier who has not chosen a password yet a fresh link', async () => {
    const { client } = await registerConfirmAndLogin(server);
    const email = `opnieuw-${Date.now()}@testclub.nl`;
    await client.gql(INVITE, { input: { name: 'Olga Opnieuw', email } });
    const first = await tokenFromMail(server, email, 'PROVIDER_USER_INVITE', '/wachtwoord-vergeten/');
    expect((await client.gql(INVITE, { input: { name: 'Olga Opnieuw', email } })).data?.inviteProviderUser).toEqual({
      invited: true,
      errors: [],
    });
    const second = await tokenFromMail(server, email, 'PROVIDER_USER_INVITE', '/wachtwoord-vergeten/');
    expect(second).not.toBe(first);
    const colleague = server.client();
    expect(
      (await colleague.gql(RESET, { t: first, p: 'olga-haar-wachtwoord-1' })).data?.resetPassword.errors[0].code,
    ).toBe('INVALID_TOKEN');
    expect(
      (await colleague.gql(RESET, { t: second, p: 'olga-haar-wachtwoord-1' })).data?.resetPassword.passwordChanged,
    ).toBe(true);
  });

  it('limits invitations per inviting user and per invited address, before anything else', async () => {
    const { client } = await registerConfirmAndLogin(server);
    const target = `gewild-${Date.now()}@voorbeeld.nl`;
    for (let i = 0; i < 3; i++)
      expect(
        (await client.gql(INVITE, { input: { name: 'Gewilde Collega', email: target } })).data?.inviteProviderUser
          .invited,
      ).toBe(true);
    const perAddress = await client.gql(INVITE, { input: { name: 'Gewilde Collega', email: target } });
    expect(perAddress.data?.inviteProviderUser).toEqual({
      invited: false,
      errors: [
        {
          field: null,
          code: 'TOO_MANY_ATTEMPTS',
          message: 'U heeft te veel uitnodigingen verstuurd. Probeer het over 24 uur opnieuw.',
        },
      ],
    });
    // Another organisation cannot send that address more either: the limit protects the mailbox.
    const { client: other } = await registerConfirmAndLogin(server);
    expect(
      (await other.gql(INVITE, { input: { name: 'Gewilde Collega', email: target } })).data?.inviteProviderUser
        .errors[0].code,
    ).toBe('TOO_MANY_ATTEMPTS');
    // 10 an hour per inviting user: 3 used above (the refused one cost nothing), 7 left.
    const results: string[] = [];
    for (let i = 0; i < 8; i++) {
      const r = await client.gql(INVITE, {
        input: { name: 'Veel Collegas', email: `veel-${i}-${Date.now()}@voorbeeld.nl` },
      });
      results.push(r.data?.inviteProviderUser.errors[0]?.code ?? 'OK');
    }
    expect(results).toEqual(['OK', 'OK', 'OK', 'OK', 'OK', 'OK', 'OK', 'TOO_MANY_ATTEMPTS']);
  });

  it('refuses bad input in an invitation, per field', async () => {
    const { client } = await registerConfirmAndLogin(server);
    const bad = await client.gql(INVITE, { input: { name: '', email: 'geen-adres' } });
    expect(bad.data?.inviteProviderUser.errors).toEqual([
      { field: 'name', code: 'REQUIRED', message: 'Vul de naam van uw collega in.' },
      { field: 'email', code: 'INVALID', message: 'Vul een geldig e-mailadres in, bijvoorbeeld naam@voorbeeld.nl.' },
    ]);
  });

  it('removes a colleague (their sessions end), but never oneself and never the last user', async () => {
    const { client } = await registerConfirmAndLogin(server);
    const me = (await client.gql(MY_PROVIDER)).data!.myProvider.users[0];
    const self = await client.gql(REMOVE, { id: me.id });
    expect(self.data?.removeProviderUser.errors[0]).toMatchObject({ code: 'CANNOT_REMOVE_SELF' });

    const email = `weg-${Date.now()}@testclub.nl`;
    await client.gql(INVITE, { input: { name: 'Wim Weg', email } });
    const invitedId = (await client.gql(MY_PROVIDER)).data!.myProvider.users.find(
      (u: { email: string }) => u.email === email,
    ).id;
    const colleague = server.client();
    await colleague.gql(RESET, {
      t: await tokenFromMail(server, email, 'PROVIDER_USER_INVITE', '/wachtwoord-vergeten/'),
      p: 'wim-zijn-wachtwoord-12',
    });
    await colleague.loginProvider(email, 'wim-zijn-wachtwoord-12');

    const removed = await client.gql(REMOVE, { id: invitedId });
    expect(removed.data?.removeProviderUser).toEqual({ removedUserId: invitedId, errors: [] });
    expect((await colleague.gql(ME)).data?.viewer.kind).toBe('ANONYMOUS');
    expect(await server.orm.em.fork().count(ProviderUser, { email })).toBe(0);

    // The last user: simulate by removing oneself through a second user who is then alone.
    const second = `tweede-${Date.now()}@testclub.nl`;
    await client.gql(INVITE, { input: { name: 'Tweede', email: second } });
    const secondId = (await client.gql(MY_PROVIDER)).data!.myProvider.users.find(
      (u: { email: string }) => u.email === second,
    ).id;
    const c2 = server.client();
    await c2.gql(RESET, {
      t: await tokenFromMail(server, second, 'PROVIDER_USER_INVITE', '/wachtwoord-vergeten/'),
      p: 'tweede-wachtwoord-123',
    });
    await c2.loginProvider(second, 'tweede-wachtwoord-123');
    expect((await c2.gql(REMOVE, { id: me.id })).data?.removeProviderUser.errors).toEqual([]);
    expect((await c2.gql(REMOVE, { id: secondId })).data?.removeProviderUser.errors[0].code).toBe('CANNOT_REMOVE_SELF');
    // Count the "last user" rule directly: only the second user is left.
    const providerId = (await c2.gql(`{ myProvider { id } }`)).data!.myProvider.id;
    expect(await server.orm.em.fork().count(ProviderUser, { provider: providerId })).toBe(1);
  });

  it('refuses to remove the last user of an organisation', async () => {
    // Through the API the "not yourself" rule already keeps one user; the service also guards the count itself,
    // e.g. when the remover was removed by a colleague a moment earlier.
    const { client } = await registerConfirmAndLogin(server);
    const profile = (await client.gql(MY_PROVIDER)).data!.myProvider;
    const ctx = providerCtx(server, profile.id, '00000000-0000-4000-8000-000000000001');
    const r = await server.services.providers.removeUser(ctx, profile.users[0].id);
    expect(r).toEqual({
      ok: false,
      errors: [
        expect.objectContaining({
          field: 'id',
          code: 'LAST_USER',
          message: 'Een organisatie heeft minstens één gebruiker nodig.',
        }),
      ],
    });
    expect(await server.orm.em.fork().count(ProviderUser, { provider: profile.id })).toBe(1);
  });
});

function providerCtx(server: TestServer, providerId: string, providerUserId: string): Context {
  return contextFor(server.orm, server.services, {
    kind: Audience.PROVIDER,
    sessionId: 's',
    providerId,
    providerUserId,
  });
}

describe('ownership: provider A can never read or change provider B', () => {
  let server: TestServer;
  let a: TestClient;
  let b: TestClient;
  let aId: string;
  let bId: string;
  let bUserId: string;
  let zuiderveen: Municipality;

  beforeAll(async () => {
    server = await startTestServer({ seed: true });
    ({ client: a } = await registerConfirmAndLogin(server));
    ({ client: b } = await registerConfirmAndLogin(server));
    aId = (await a.gql(`{ myProvider { id } }`)).data!.myProvider.id;
    const bProfile = (await b.gql(`{ myProvider { id users { id } } }`)).data!.myProvider;
    bId = bProfile.id;
    bUserId = bProfile.users[0].id;
    zuiderveen = await server.orm.em.fork().findOneOrFail(Municipality, { slug: 'zuiderveen' });
    const terms = (
      await b.gql(`query($id:ID!){ myMunicipality(municipalityId:$id){ terms { id } } }`, { id: zuiderveen.id })
    ).data!.myMunicipality.terms.id;
    await b.gql(
      `mutation($m:ID!,$t:ID!){ applyForMembership(municipalityId:$m, termsVersionId:$t, acceptTerms:true){ errors { code } } }`,
      { m: zuiderveen.id, t: terms },
    );
  });
  afterAll(async () => {
    await server?.close();
  });

  it('A sees only its own profile, users and memberships', async () => {
    const r = await a.gql(MY_PROVIDER);
    expect(r.data?.myProvider.id).toBe(aId);
    expect(r.data?.myProvider.users.map((u: { id: string }) => u.id)).not.toContain(bUserId);
    expect(r.data?.myProvider.memberships).toEqual([]);
    const list = await a.gql(`{ myMunicipalities { membership { id } } }`);
    expect(list.data?.myMunicipalities.every((m: { membership: unknown }) => m.membership === null)).toBe(true);
  });

  it('A cannot open B through the staff queries', async () => {
    for (const query of [
      [`query($id:ID!){ adminProvider(id:$id){ id kvkNumber iban } }`, { id: bId }],
      [`{ providerMemberships { edges { node { id } } } }`, {}],
    ] as const) {
      const r = await a.gql(query[0], query[1]);
      expect(r.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
      expect(JSON.stringify(r.data ?? {})).not.toContain(bId);
    }
  });

  it('A cannot remove B’s user; B’s user stays', async () => {
    const r = await a.gql(REMOVE, { id: bUserId });
    expect(r.data?.removeProviderUser.errors[0]).toMatchObject({ code: 'NOT_FOUND' });
    expect(await server.orm.em.fork().count(ProviderUser, { id: bUserId })).toBe(1);
  });

  it('A cannot decide or withdraw B’s membership', async () => {
    const bMembership = await server.orm.em.fork().findOneOrFail(ProviderMembership, { provider: bId });
    const approve = await a.gql(`mutation($id:ID!){ approveMembership(id:$id){ errors { code } } }`, {
      id: bMembership.id,
    });
    expect(approve.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
    // Withdrawing works on the caller's own organisation only: A has no membership in Zuiderveen.
    const withdraw = await a.gql(`mutation($m:ID!){ withdrawMembership(municipalityId:$m){ errors { code } } }`, {
      m: zuiderveen.id,
    });
    expect(withdraw.data?.withdrawMembership.errors[0].code).toBe('NOT_A_MEMBER');
    expect((await server.orm.em.fork().findOneOrFail(ProviderMembership, bMembership.id)).status).toBe('PENDING');
  });

  it('A’s changes never touch B', async () => {
    const before = await server.orm.em.fork().findOneOrFail(Provider, bId);
    const current = (await a.gql(MY_PROVIDER)).data!.myProvider;
    const r = await a.gql(UPDATE, { input: { ...details(current), name: 'A Gewijzigd' } });
    expect(r.data?.updateMyProvider.errors).toEqual([]);
    const after = await server.orm.em.fork().findOneOrFail(Provider, bId);
    expect(after.name).toBe(before.name);
    expect(after.updatedAt.getTime()).toBe(before.updatedAt.getTime());
  });

  it('the services themselves refuse B’s users and memberships to A (not only the API shape)', async () => {
    const ctx = providerCtx(server, aId, '00000000-0000-4000-8000-000000000002');
    await expect(server.services.providers.users(ctx, bId)).rejects.toBeInstanceOf(ForbiddenError);
    await expect(server.services.memberships.membershipsOf(ctx, bId)).rejects.toBeInstanceOf(ForbiddenError);
    expect(await server.services.providers.adminProvider(ctx, bId)).toBeNull();
    await expect(
      server.services.memberships.approve(ctx, '00000000-0000-4000-8000-000000000000'),
    ).rejects.toBeInstanceOf(ForbiddenError);
  });

  it('staff without PROVIDER_APPROVE cannot read provider details either', async () => {
    const c = server.client();
    await c.loginStaff(DEMO_STAFF.find((s) => s.role === 'REDACTIE')!.email, DEMO_PASSWORD);
    const r = await c.gql(`query($id:ID!){ adminProvider(id:$id){ id } }`, { id: bId });
    expect(r.errors?.[0]?.extensions?.code).toBe('FORBIDDEN');
  });
});
