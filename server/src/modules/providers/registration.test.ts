import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/server.js';
import {
  CURRENT_TERMS,
  REGISTER,
  STRONG_PASSWORD,
  currentTermsId,
  outbox,
  registration,
  tokenFromMail,
} from '../../test/onboarding.js';
import { Provider } from './provider.entity.js';
import { ProviderUser } from './provider-user.entity.js';
import { ProviderMembership } from './provider-membership.entity.js';
import { TermsAcceptance } from '../terms/terms-acceptance.entity.js';
import { EmailToken } from '../identity/email-token.entity.js';
import { MailMessage } from '../communication/mail-message.entity.js';
import { demoProviderEmail } from '../../seeders/demo-accounts.js';

const CONFIRM = `mutation($t:String!){ confirmEmail(token:$t){ confirmed errors { field code message } } }`;
const LOGIN = `mutation($e:String!,$p:String!){ loginProvider(email:$e,password:$p){ errors { code message } viewer { kind provider { name } } } }`;

describe('provider registration and e-mail confirmation', () => {
  let server: TestServer;
  let termsId: string;

  beforeAll(async () => {
    server = await startTestServer({ seed: true });
    termsId = await currentTermsId(server.client());
  });
  afterAll(async () => {
    await server?.close();
  });

  it('shows the current terms (the demo’s version 2, published after the migration’s version 1)', async () => {
    const r = await server.client().gql(CURRENT_TERMS);
    expect(r.data?.currentTerms).toMatchObject({ version: 2, title: 'Voorwaarden voor aanbieders' });
    expect(r.data?.currentTerms.body).toMatch(/IBAN/);
  });

  it('registers organisation + first user + terms acceptance in one go, normalised, and mails a confirmation link', async () => {
    const input = registration(
      { kvkNumber: '1234.5678', iban: 'nl91abna0417164300', phone: '+31 591-123456', postcode: '7831ab' },
      termsId,
    );
    const r = await server.client().gql(REGISTER, { input });
    expect(r.data?.registerProvider).toEqual({ submitted: true, errors: [] });

    const em = server.orm.em.fork();
    const provider = await em.findOneOrFail(Provider, { kvkNumber: '12345678' });
    expect(provider).toMatchObject({
      name: input.name,
      iban: 'NL91ABNA0417164300',
      postcode: '7831 AB',
      phone: '+31591123456',
      email: input.email,
      city: 'Zuiderveen',
      street: 'Dorpsstraat 12',
    });
    expect(provider.slug).toMatch(/^testclub-/);
    const user = await em.findOneOrFail(ProviderUser, { provider: provider.id }, { populate: ['passwordHash'] });
    expect(user).toMatchObject({ email: input.userEmail, name: 'Tessa Test', emailVerifiedAt: null });
    expect(user.passwordHash).toMatch(/^\$argon2id\$/);
    expect(await em.count(ProviderMembership, { provider: provider.id })).toBe(0);
    const acceptance = await em.findOneOrFail(
      TermsAcceptance,
      { provider: provider.id },
      { populate: ['termsVersion'] },
    );
    expect(acceptance.termsVersion.getEntity().version).toBe(2);
    expect(acceptance.providerUser?.id).toBe(user.id);
    expect(acceptance.municipality ?? null).toBeNull();

    const [mail] = await outbox(server, input.userEmail);
    expect(mail).toMatchObject({
      templateKey: 'PROVIDER_EMAIL_CONFIRM',
      subject: 'Bevestig uw e-mailadres voor de Gemeentewinkel',
    });
    expect(mail!.body).toContain('Beste Tessa Test,');
    expect(mail!.body).toContain(input.name);
    expect(mail!.body).toMatch(/\/email-bevestigen\?token=[A-Za-z0-9_-]{43}\n/);
    expect(mail!.body).toContain('24 uur');
    // Only a hash of the token is stored.
    const token = await tokenFromMail(server, input.userEmail, 'PROVIDER_EMAIL_CONFIRM', '/email-bevestigen?token=');
    const stored = await em.find(EmailToken, { providerUser: user.id });
    expect(stored).toHaveLength(1);
    expect(stored[0]!.tokenHash).not.toContain(token);
    expect(stored[0]!.purpose).toBe('CONFIRM_EMAIL');
    const lifetime = stored[0]!.expiresAt.getTime() - stored[0]!.createdAt.getTime();
    expect(lifetime).toBe(24 * 3600_000);
  });

  it('refuses log-in until the e-mail is confirmed; the link works once; then the user logs in', async () => {
    const c = server.client();
    const input = registration({}, termsId);
    await c.gql(REGISTER, { input });
    const before = await c.gql(LOGIN, { e: input.userEmail, p: STRONG_PASSWORD });
    expect(before.data?.loginProvider.errors[0]).toMatchObject({ code: 'EMAIL_NOT_VERIFIED' });
    expect(before.data?.loginProvider.errors[0].message).toMatch(/Bevestig eerst uw e-mailadres/);

    const token = await tokenFromMail(server, input.userEmail, 'PROVIDER_EMAIL_CONFIRM', '/email-bevestigen?token=');
    const first = await c.gql(CONFIRM, { t: token });
    expect(first.data?.confirmEmail).toEqual({ confirmed: true, errors: [] });
    const again = await c.gql(CONFIRM, { t: token });
    expect(again.data?.confirmEmail.confirmed).toBe(false);
    expect(again.data?.confirmEmail.errors[0]).toMatchObject({ field: 'token', code: 'INVALID_TOKEN' });
    expect(again.data?.confirmEmail.errors[0].message).toMatch(/Deze link werkt niet \(meer\)/);

    const after = await c.gql(LOGIN, { e: input.userEmail, p: STRONG_PASSWORD });
    expect(after.data?.loginProvider.errors).toEqual([]);
    expect(after.data?.loginProvider.viewer).toEqual({ kind: 'PROVIDER', provider: { name: input.name } });
  });

  it('refuses an expired, unknown or malformed confirmation token', async () => {
    const c = server.client();
    const input = registration({}, termsId);
    await c.gql(REGISTER, { input });
    const token = await tokenFromMail(server, input.userEmail, 'PROVIDER_EMAIL_CONFIRM', '/email-bevestigen?token=');
    const em = server.orm.em.fork();
    const user = await em.findOneOrFail(ProviderUser, { email: input.userEmail });
    await em.nativeUpdate(
      EmailToken,
      { providerUser: user.id },
      { createdAt: new Date(Date.now() - 25 * 3600_000), expiresAt: new Date(Date.now() - 3600_000) },
    );
    for (const t of [token, 'x'.repeat(43), 'kort', "'; drop table provider; --", '']) {
      const r = await c.gql(CONFIRM, { t });
      expect(r.data?.confirmEmail.confirmed, t).toBe(false);
      expect(r.data?.confirmEmail.errors[0].code, t).toBe('INVALID_TOKEN');
    }
    expect((await em.fork().findOneOrFail(ProviderUser, user.id)).emailVerifiedAt).toBeNull();
  });

  it('answers a registration with an existing e-mail address exactly like a new one, and mails that address instead', async () => {
    const existingEmail = demoProviderEmail(3);
    const c = server.client();
    const fresh = await c.gql(REGISTER, { input: registration({}, termsId) });
    const providersBefore = await server.orm.em.fork().count(Provider, {});
    const duplicate = await c.gql(REGISTER, {
      input: registration({ userEmail: existingEmail.toUpperCase() }, termsId),
    });
    expect(duplicate.status).toBe(fresh.status);
    expect(duplicate.data).toEqual(fresh.data);
    expect(duplicate.data?.registerProvider).toEqual({ submitted: true, errors: [] });
    // No second account, no new organisation.
    const em = server.orm.em.fork();
    expect(await em.count(Provider, {})).toBe(providersBefore);
    expect(await em.count(ProviderUser, { email: { $ilike: existingEmail } })).toBe(1);
    // The owner of the address is told, without a confirmation link.
    const mails = await outbox(server, existingEmail);
    expect(mails.map((m) => m.templateKey)).toEqual(['PROVIDER_REGISTRATION_EXISTING']);
    expect(mails[0]!.subject).toBe('Poging tot aanmelden met uw e-mailadres');
    expect(mails[0]!.body).toMatch(/\/voor-aanbieders\/inloggen/);
    expect(mails[0]!.body).toMatch(/\/wachtwoord-vergeten/);
    expect(mails[0]!.body).not.toMatch(/token/);
    // A second attempt within the hour: same answer, no second mail (no mail bombing through the form).
    const third = await c.gql(REGISTER, { input: registration({ userEmail: existingEmail }, termsId) });
    expect(third.data).toEqual(fresh.data);
    expect(await outbox(server, existingEmail)).toHaveLength(1);
  });

  it('refuses a KvK number that is already registered (public register data; the answer does not depend on the e-mail)', async () => {
    const kvk = (
      await server.orm.em.fork().findOneOrFail(Provider, { slug: { $ne: null } }, { orderBy: { name: 'asc' } })
    ).kvkNumber;
    const c = server.client();
    const newEmail = await c.gql(REGISTER, { input: registration({ kvkNumber: kvk }, termsId) });
    const oldEmail = await c.gql(REGISTER, {
      input: registration({ kvkNumber: kvk, userEmail: demoProviderEmail(4) }, termsId),
    });
    expect(newEmail.data?.registerProvider.submitted).toBe(false);
    expect(newEmail.data?.registerProvider.errors).toEqual([
      expect.objectContaining({ field: 'kvkNumber', code: 'KVK_TAKEN' }),
    ]);
    expect(oldEmail.data).toEqual(newEmail.data);
  });

  const BAD_INPUTS: [string, Record<string, unknown>, string, string, RegExp][] = [
    ['empty name', { name: ' ' }, 'name', 'REQUIRED', /Vul de naam van uw organisatie in/],
    ['one-letter name', { name: 'X' }, 'name', 'LENGTH', /tussen 2 en 120 tekens/],
    ['long name', { name: 'x'.repeat(121) }, 'name', 'LENGTH', /tussen 2 en 120 tekens/],
    ['empty KvK', { kvkNumber: '' }, 'kvkNumber', 'REQUIRED', /KvK-nummer/],
    ['7-digit KvK', { kvkNumber: '1234567' }, 'kvkNumber', 'INVALID', /8 cijfers/],
    ['9-digit KvK', { kvkNumber: '123456789' }, 'kvkNumber', 'INVALID', /8 cijfers/],
    ['KvK with letters', { kvkNumber: '1234567a' }, 'kvkNumber', 'INVALID', /8 cijfers/],
    ['empty street', { street: '' }, 'street', 'REQUIRED', /straat en het huisnummer/],
    ['street without number', { street: 'Dorpsstraat' }, 'street', 'INVALID', /huisnummer/],
    ['empty postcode', { postcode: '' }, 'postcode', 'REQUIRED', /postcode/],
    ['postcode starting with 0', { postcode: '0123 AB' }, 'postcode', 'INVALID', /1234 AB/],
    ['postcode with SS', { postcode: '1234 SS' }, 'postcode', 'INVALID', /1234 AB/],
    ['postcode too short', { postcode: '123 AB' }, 'postcode', 'INVALID', /1234 AB/],
    ['empty city', { city: '' }, 'city', 'REQUIRED', /plaats/],
    ['empty organisation e-mail', { email: '' }, 'email', 'REQUIRED', /e-mailadres van uw organisatie/],
    ['bad organisation e-mail', { email: 'info@club' }, 'email', 'INVALID', /geldig e-mailadres/],
    ['empty phone', { phone: '' }, 'phone', 'REQUIRED', /telefoonnummer/],
    ['bad phone', { phone: '12345' }, 'phone', 'INVALID', /geldig telefoonnummer/],
    ['empty IBAN', { iban: '' }, 'iban', 'REQUIRED', /IBAN/],
    ['IBAN with a wrong check digit', { iban: 'NL91 ABNA 0417 1643 01' }, 'iban', 'INVALID', /Dit IBAN klopt niet/],
    ['IBAN too short', { iban: 'NL91ABNA041716' }, 'iban', 'INVALID', /Dit IBAN klopt niet/],
    ['not an IBAN', { iban: 'hallo' }, 'iban', 'INVALID', /Dit IBAN klopt niet/],
    ['long description', { description: 'x'.repeat(2001) }, 'description', 'LENGTH', /2\.000 tekens/],
    ['bad website', { website: 'javascript:alert(1)' }, 'website', 'INVALID', /webadres/],
    ['empty user name', { userName: '' }, 'userName', 'REQUIRED', /Vul uw naam in/],
    ['empty user e-mail', { userEmail: '' }, 'userEmail', 'REQUIRED', /Vul uw e-mailadres in/],
    ['bad user e-mail', { userEmail: 'tessa@@club.nl' }, 'userEmail', 'INVALID', /geldig e-mailadres/],
    ['empty password', { password: '' }, 'password', 'REQUIRED', /Kies een wachtwoord/],
    ['short password', { password: 'kort-2026' }, 'password', 'WEAK_PASSWORD', /minstens 12 tekens/],
    ['common password', { password: 'password1234' }, 'password', 'WEAK_PASSWORD', /te bekend/],
    ['terms not accepted', { acceptTerms: false }, 'acceptTerms', 'REQUIRED', /akkoord met de voorwaarden/],
    [
      'outdated terms',
      { termsVersionId: '00000000-0000-4000-8000-000000000000' },
      'acceptTerms',
      'TERMS_CHANGED',
      /gewijzigd/,
    ],
  ];

  for (const [label, overrides, field, code, message] of BAD_INPUTS) {
    it(`refuses ${label} with a Dutch message on the field, and stores nothing`, async () => {
      const input = registration({ termsVersionId: termsId, ...overrides });
      const r = await server.client().gql(REGISTER, { input });
      expect(r.data?.registerProvider.submitted).toBe(false);
      expect(r.data?.registerProvider.errors).toHaveLength(1);
      expect(r.data?.registerProvider.errors[0]).toMatchObject({ field, code });
      expect(r.data?.registerProvider.errors[0].message).toMatch(message);
      const em = server.orm.em.fork();
      expect(await em.count(ProviderUser, { email: String(input.userEmail || 'none').toLowerCase() })).toBe(0);
      expect(await em.count(MailMessage, { to: String(input.userEmail || 'none') })).toBe(0);
    });
  }

  it('reports every problem of a form at once', async () => {
    const r = await server.client().gql(REGISTER, {
      input: {
        name: '',
        kvkNumber: '',
        street: '',
        postcode: '',
        city: '',
        email: '',
        phone: '',
        iban: '',
        userName: '',
        userEmail: '',
        password: '',
        termsVersionId: '',
        acceptTerms: false,
      },
    });
    expect(r.data?.registerProvider.errors.map((e: { field: string }) => e.field)).toEqual([
      'name',
      'kvkNumber',
      'street',
      'postcode',
      'city',
      'email',
      'phone',
      'iban',
      'userName',
      'userEmail',
      'password',
      'acceptTerms',
    ]);
  });
});
