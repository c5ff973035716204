import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Writable } from 'node:stream';
import { boot } from '../../app/boot.js';
import { loadConfig } from '../../config/config.js';
import { createLogger } from '../../logging/logger.js';
import { createTestDatabase } from '../../test/database.js';
import { TestClient } from '../../test/server.js';
import { startTestServer, type TestServer } from '../../test/server.js';
import { outbox, registerConfirmAndLogin, tokenFromMail } from '../../test/onboarding.js';
import { DEMO_PASSWORD, DEMO_STAFF, demoProviderEmail } from '../../seeders/demo-accounts.js';
import { ProviderUser } from '../providers/provider-user.entity.js';
import { EmailToken } from './email-token.entity.js';
import { AdminAccount } from '../staff/admin-account.entity.js';
import { LINK_INVALID } from './account-recovery.service.js';
import { Session } from './session.entity.js';

const REQUEST = `mutation($e:String!){ requestPasswordReset(email:$e){ requested errors { field code message } } }`;
const RESET = `mutation($t:String!,$p:String!){ resetPassword(token:$t,newPassword:$p){ passwordChanged errors { field code message } } }`;
const LOGIN = `mutation($e:String!,$p:String!){ loginProvider(email:$e,password:$p){ errors { code } viewer { kind } } }`;
const ME = `{ viewer { kind } }`;
const NEW_PASSWORD = 'zonnebloem-kanaal-oever-77';

describe('forgotten password (provider users)', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ seed: true, env: { LOGIN_MAX_ATTEMPTS: '3' } });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('gives the same answer for a known and an unknown address; only the known one gets a link (valid 1 hour)', async () => {
    const c = server.client();
    const known = await c.gql(REQUEST, { e: ` ${demoProviderEmail(1).toUpperCase()} ` });
    const unknown = await c.gql(REQUEST, { e: 'niemand-hier@voorbeeld.nl' });
    expect(known.data).toEqual({ requestPasswordReset: { requested: true, errors: [] } });
    expect(unknown.data).toEqual(known.data);
    expect(await outbox(server, 'niemand-hier@voorbeeld.nl')).toEqual([]);
    const [mail] = await outbox(server, demoProviderEmail(1));
    expect(mail).toMatchObject({
      templateKey: 'PASSWORD_RESET',
      subject: 'Nieuw wachtwoord instellen voor de Gemeentewinkel',
    });
    expect(mail!.body).toMatch(/\/wachtwoord-vergeten\/[A-Za-z0-9_-]{43}\n/);
    expect(mail!.body).toContain('1 uur');
    const user = await server.orm.em.fork().findOneOrFail(ProviderUser, { email: demoProviderEmail(1) });
    const [token] = await server.orm.em
      .fork()
      .find(EmailToken, { providerUser: user.id, purpose: 'RESET_PASSWORD' as never, usedAt: null });
    expect(token!.expiresAt.getTime() - token!.createdAt.getTime()).toBe(3600_000);
  });

  it('sends a staff address no link from the provider form (staff have their own, at /admin/wachtwoord-vergeten)', async () => {
    const r = await server.client().gql(REQUEST, { e: DEMO_STAFF[0]!.email });
    expect(r.data?.requestPasswordReset.requested).toBe(true);
    expect(await outbox(server, DEMO_STAFF[0]!.email)).toEqual([]);
  });

  it('asks for a valid address in Dutch', async () => {
    const r = await server.client().gql(REQUEST, { e: 'geen-adres' });
    expect(r.data?.requestPasswordReset).toEqual({
      requested: false,
      errors: [
        { field: 'email', code: 'INVALID', message: 'Vul een geldig e-mailadres in, bijvoorbeeld naam@voorbeeld.nl.' },
      ],
    });
  });

  it('sets the new password once, ends every session of the user, and verifies the address', async () => {
    const email = demoProviderEmail(2);
    const elsewhere = server.client();
    await elsewhere.loginProvider(email, DEMO_PASSWORD);
    expect((await elsewhere.gql(ME)).data?.viewer.kind).toBe('PROVIDER');

    const c = server.client();
    await c.gql(REQUEST, { e: email });
    const token = await tokenFromMail(server, email, 'PASSWORD_RESET', '/wachtwoord-vergeten/');

    const weak = await c.gql(RESET, { t: token, p: 'kort' });
    expect(weak.data?.resetPassword.errors[0]).toMatchObject({ field: 'newPassword', code: 'WEAK_PASSWORD' });
    const common = await c.gql(RESET, { t: token, p: 'welkom123456' });
    expect(common.data?.resetPassword.errors[0]).toMatchObject({ field: 'newPassword', code: 'WEAK_PASSWORD' });

    const ok = await c.gql(RESET, { t: token, p: NEW_PASSWORD });
    expect(ok.data?.resetPassword).toEqual({ passwordChanged: true, errors: [] });
    expect((await elsewhere.gql(ME)).data?.viewer.kind).toBe('ANONYMOUS');
    const user = await server.orm.em.fork().findOneOrFail(ProviderUser, { email });
    expect(await server.orm.em.fork().count(Session, { providerUser: user.id })).toBe(0);

    const reused = await c.gql(RESET, { t: token, p: 'nog-een-ander-wachtwoord-1' });
    expect(reused.data?.resetPassword.errors[0]).toMatchObject({ field: 'token', code: 'INVALID_TOKEN' });

    expect((await c.gql(LOGIN, { e: email, p: DEMO_PASSWORD })).data?.loginProvider.errors[0].code).toBe(
      'INVALID_CREDENTIALS',
    );
    expect((await c.gql(LOGIN, { e: email, p: NEW_PASSWORD })).data?.loginProvider.errors).toEqual([]);
  });

  it('voids an earlier link when a new one is requested, and refuses an expired link', async () => {
    const email = demoProviderEmail(5);
    const c = server.client();
    await c.gql(REQUEST, { e: email });
    const first = await tokenFromMail(server, email, 'PASSWORD_RESET', '/wachtwoord-vergeten/');
    await c.gql(REQUEST, { e: email });
    const second = await tokenFromMail(server, email, 'PASSWORD_RESET', '/wachtwoord-vergeten/');
    expect(second).not.toBe(first);
    expect((await c.gql(RESET, { t: first, p: NEW_PASSWORD })).data?.resetPassword.errors[0].code).toBe(
      'INVALID_TOKEN',
    );

    const em = server.orm.em.fork();
    const user = await em.findOneOrFail(ProviderUser, { email });
    await em.nativeUpdate(
      EmailToken,
      { providerUser: user.id, usedAt: null },
      { createdAt: new Date(Date.now() - 2 * 3600_000), expiresAt: new Date(Date.now() - 1000) },
    );
    const expired = await c.gql(RESET, { t: second, p: NEW_PASSWORD });
    expect(expired.data?.resetPassword).toEqual({
      passwordChanged: false,
      errors: [{ field: 'token', code: 'INVALID_TOKEN', message: expect.stringMatching(/verlopen/) }],
    });
    expect((await c.gql(LOGIN, { e: email, p: DEMO_PASSWORD })).data?.loginProvider.errors).toEqual([]);
  });

  it('purges tokens a day after they expired', async () => {
    const em = server.orm.em.fork();
    const user = await em.findOneOrFail(ProviderUser, { email: demoProviderEmail(4) });
    await server.services.emailTokens.issue(em, user, 'RESET_PASSWORD' as never, 1);
    await em.nativeUpdate(
      EmailToken,
      { providerUser: user.id },
      { createdAt: new Date(Date.now() - 50 * 3600_000), expiresAt: new Date(Date.now() - 49 * 3600_000) },
    );
    expect(await server.services.emailTokens.purgeExpired(em)).toBeGreaterThan(0);
    expect(await em.fork().count(EmailToken, { providerUser: user.id })).toBe(0);
  });

  it('does not accept a confirmation token as a reset token (purpose is checked)', async () => {
    const { input } = await registerConfirmAndLogin(server);
    // A fresh confirmation token for this user, not used yet:
    const user = await server.orm.em.fork().findOneOrFail(ProviderUser, { email: input.userEmail });
    const token = await server.services.emailTokens.issue(server.orm.em.fork(), user, 'CONFIRM_EMAIL' as never, 24);
    const r = await server.client().gql(RESET, { t: token, p: NEW_PASSWORD });
    expect(r.data?.resetPassword.errors[0].code).toBe('INVALID_TOKEN');
  });

  it('rate-limits requests per address, with the same answer for known and unknown addresses', async () => {
    const c = server.client();
    for (const email of [demoProviderEmail(6), 'onbekend-limiet@voorbeeld.nl']) {
      for (let i = 0; i < 3; i++)
        expect((await c.gql(REQUEST, { e: email })).data?.requestPasswordReset.requested).toBe(true);
      const blocked = await c.gql(REQUEST, { e: email });
      expect(blocked.data?.requestPasswordReset.requested).toBe(false);
      expect(blocked.data?.requestPasswordReset.errors[0]).toMatchObject({ field: null, code: 'TOO_MANY_ATTEMPTS' });
      expect(blocked.data?.requestPasswordReset.errors[0].message).toMatch(/te vaak een nieuw wachtwoord aangevraagd/);
    }
    expect(await outbox(server, demoProviderEmail(6))).toHaveLength(3);
  });

  it('rate-limits requests per client address too', async () => {
    // 3 per address → 30 per client address in this file's configuration; earlier tests used some of them.
    const c = server.client();
    let blocked = false;
    for (let i = 0; i < 40 && !blocked; i++) {
      const r = await c.gql(REQUEST, { e: `veel-${i}@voorbeeld.nl` });
      blocked = r.data?.requestPasswordReset.errors[0]?.code === 'TOO_MANY_ATTEMPTS';
    }
    expect(blocked).toBe(true);
  });
});

describe('forgotten password (staff)', () => {
  const REQUEST_STAFF = `mutation($e:String!){ requestStaffPasswordReset(email:$e){ requested errors { field code message } } }`;
  const RESET_STAFF = `mutation($t:String!,$p:String!){ resetStaffPassword(token:$t,newPassword:$p){ passwordChanged errors { field code message } } }`;
  const LOGIN_STAFF = `mutation($e:String!,$p:String!){ loginStaff(email:$e,password:$p){ errors { code } viewer { kind } } }`;
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ seed: true });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('gives the same answer for a known and an unknown address; only an active staff account gets a link (1 hour)', async () => {
    const c = server.client();
    const email = DEMO_STAFF[1]!.email;
    const known = await c.gql(REQUEST_STAFF, { e: ` ${email.toUpperCase()} ` });
    const unknown = await c.gql(REQUEST_STAFF, { e: 'niemand-van-de-gemeente@voorbeeld.nl' });
    const provider = await c.gql(REQUEST_STAFF, { e: demoProviderEmail(1) });
    expect(known.data).toEqual({ requestStaffPasswordReset: { requested: true, errors: [] } });
    expect(unknown.data).toEqual(known.data);
    expect(provider.data).toEqual(known.data);
    expect(await outbox(server, 'niemand-van-de-gemeente@voorbeeld.nl')).toEqual([]);
    expect(await outbox(server, demoProviderEmail(1))).toEqual([]);
    const [mail] = await outbox(server, email);
    expect(mail).toMatchObject({
      templateKey: 'STAFF_PASSWORD_RESET',
      subject: 'Nieuw wachtwoord instellen voor de beheeromgeving van de Gemeentewinkel',
    });
    expect(mail!.body).toMatch(/\/admin\/wachtwoord-vergeten\/[A-Za-z0-9_-]{43}\n/);
    expect(mail!.body).toContain('1 uur');
    expect(mail!.body).toContain('Beste Karim Klantcontact');
    const account = await server.orm.em.fork().findOneOrFail(AdminAccount, { email });
    const [token] = await server.orm.em.fork().find(EmailToken, { adminAccount: account.id, usedAt: null });
    expect(token).toMatchObject({ purpose: 'STAFF_RESET_PASSWORD', providerUser: null });
    expect(token!.expiresAt.getTime() - token!.createdAt.getTime()).toBe(3600_000);

    // A deactivated account gets nothing either.
    const em = server.orm.em.fork();
    await em.nativeUpdate(AdminAccount, { email: DEMO_STAFF[4]!.email }, { active: false });
    expect((await c.gql(REQUEST_STAFF, { e: DEMO_STAFF[4]!.email })).data).toEqual(known.data);
    expect(await outbox(server, DEMO_STAFF[4]!.email)).toEqual([]);
  });

  it('sets the new password once, ends every session of the account, and keeps the realms apart', async () => {
    const email = DEMO_STAFF[2]!.email;
    const elsewhere = server.client();
    await elsewhere.loginStaff(email, DEMO_PASSWORD);
    expect((await elsewhere.gql(ME)).data?.viewer.kind).toBe('STAFF');

    const c = server.client();
    await c.gql(REQUEST_STAFF, { e: email });
    const token = await tokenFromMail(server, email, 'STAFF_PASSWORD_RESET', '/admin/wachtwoord-vergeten/');
    // A staff link does not work in the provider flow (and is not used up by trying).
    expect((await c.gql(RESET, { t: token, p: NEW_PASSWORD })).data?.resetPassword.errors[0]).toMatchObject({
      field: 'token',
      code: 'INVALID_TOKEN',
    });
    expect((await c.gql(RESET_STAFF, { t: token, p: 'kort' })).data?.resetStaffPassword.errors[0]).toMatchObject({
      field: 'newPassword',
      code: 'WEAK_PASSWORD',
    });

    expect((await c.gql(RESET_STAFF, { t: token, p: NEW_PASSWORD })).data?.resetStaffPassword).toEqual({
      passwordChanged: true,
      errors: [],
    });
    expect((await elsewhere.gql(ME)).data?.viewer.kind).toBe('ANONYMOUS');
    const account = await server.orm.em.fork().findOneOrFail(AdminAccount, { email });
    expect(await server.orm.em.fork().count(Session, { adminAccount: account.id })).toBe(0);
    const reused = await c.gql(RESET_STAFF, { t: token, p: 'nog-een-ander-wachtwoord-1' });
    expect(reused.data?.resetStaffPassword.errors[0]).toMatchObject({
      field: 'token',
      code: 'INVALID_TOKEN',
      message: LINK_INVALID,
    });

    expect((await c.gql(LOGIN_STAFF, { e: email, p: DEMO_PASSWORD })).data?.loginStaff.errors[0].code).toBe(
      'INVALID_CREDENTIALS',
    );
    expect((await c.gql(LOGIN_STAFF, { e: email, p: NEW_PASSWORD })).data?.loginStaff).toEqual({
      errors: [],
      viewer: { kind: 'STAFF' },
    });

    // A provider's reset link does not open the staff flow.
    await c.gql(REQUEST, { e: demoProviderEmail(3) });
    const providerToken = await tokenFromMail(server, demoProviderEmail(3), 'PASSWORD_RESET', '/wachtwoord-vergeten/');
    expect(
      (await c.gql(RESET_STAFF, { t: providerToken, p: NEW_PASSWORD })).data?.resetStaffPassword.errors[0].code,
    ).toBe('INVALID_TOKEN');
  });

  it('refuses an expired link', async () => {
    const email = DEMO_STAFF[3]!.email;
    const c = server.client();
    await c.gql(REQUEST_STAFF, { e: email });
    const token = await tokenFromMail(server, email, 'STAFF_PASSWORD_RESET', '/admin/wachtwoord-vergeten/');
    const em = server.orm.em.fork();
    const account = await em.findOneOrFail(AdminAccount, { email });
    await em.nativeUpdate(
      EmailToken,
      { adminAccount: account.id, usedAt: null },
      { createdAt: new Date(Date.now() - 2 * 3600_000), expiresAt: new Date(Date.now() - 1000) },
    );
    expect((await c.gql(RESET_STAFF, { t: token, p: NEW_PASSWORD })).data?.resetStaffPassword.errors[0].code).toBe(
      'INVALID_TOKEN',
    );
  });

  it('rate-limits requests per typed address with the same answer for known and unknown addresses', async () => {
    const c = server.client();
    for (const email of [DEMO_STAFF[0]!.email, 'onbekende-medewerker@voorbeeld.nl']) {
      for (let i = 0; i < 5; i++)
        expect((await c.gql(REQUEST_STAFF, { e: email })).data?.requestStaffPasswordReset.requested).toBe(true);
      const blocked = await c.gql(REQUEST_STAFF, { e: email });
      expect(blocked.data?.requestStaffPasswordReset).toEqual({
        requested: false,
        errors: [
          {
            field: null,
            code: 'TOO_MANY_ATTEMPTS',
            message: expect.stringMatching(
              /^U heeft te vaak een nieuw wachtwoord aangevraagd\. Probeer het over 15 minuten opnieuw\.$/,
            ),
          },
        ],
      });
    }
    expect(await outbox(server, DEMO_STAFF[0]!.email)).toHaveLength(5);
  });
});

describe('logging of the onboarding flows', () => {
  it('never writes tokens, passwords, addresses or mail bodies to the log', async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const database = await createTestDatabase();
    await database.orm.close(true);
    const config = loadConfig({
      NODE_ENV: 'test',
      DATABASE_URL: database.url,
      SEED_DEMO_DATA: 'false',
      LOG_LEVEL: 'debug',
      HOST: '127.0.0.1',
    });
    const running = await boot({ config, logger: createLogger('debug', {}, sink), port: 0 });
    const server = {
      ...running,
      database,
      queries: [],
      client: () => new TestClient(running.url),
      close: async () => undefined,
    } as unknown as TestServer;
    try {
      const { client, input } = await registerConfirmAndLogin(server);
      await client.gql(REQUEST, { e: input.userEmail });
      const token = await tokenFromMail(server, input.userEmail, 'PASSWORD_RESET', '/wachtwoord-vergeten/');
      await client.gql(RESET, { t: token, p: NEW_PASSWORD });
      const confirmToken = (await outbox(server, input.userEmail))
        .find((m) => m.templateKey === 'PROVIDER_EMAIL_CONFIRM')!
        .body.match(/token=([\w-]+)/)![1]!;
      const log = lines.join('');
      expect(log).toContain('provider_registered');
      expect(log).toContain('password_reset');
      for (const secret of [
        token,
        confirmToken,
        input.password,
        NEW_PASSWORD,
        input.userEmail,
        input.email,
        'Beste ',
        input.iban,
      ]) {
        expect(log, secret).not.toContain(secret);
      }
    } finally {
      await running.stop();
      await database.drop();
    }
  });
});

describe('a reset request is work on the job queue', () => {
  let web: TestServer;
  let worker: TestServer | undefined;

  beforeAll(async () => {
    // A web-only instance: it answers and enqueues, but runs no jobs.
    web = await startTestServer({ seed: true, env: { JOBS_WORKER: 'false' } });
  });
  afterAll(async () => {
    await worker?.close();
    await web?.close();
  });

  it('enqueues the same one job for a known and an unknown address; a worker started later sends the link', async () => {
    const c = web.client();
    const known = demoProviderEmail(2);
    for (const e of [known, 'nog-niemand@voorbeeld.nl']) {
      expect((await c.gql(REQUEST, { e })).data).toEqual({ requestPasswordReset: { requested: true, errors: [] } });
    }
    const em = web.orm.em.fork();
    const jobs = await em.execute<{ task_identifier: string }[]>(
      `select task_identifier from graphile_worker.jobs order by id`,
    );
    expect(jobs.map((j) => j.task_identifier)).toEqual([
      'identity.passwordResetRequested',
      'identity.passwordResetRequested',
    ]);
    // Nothing was looked up or written for either address while answering.
    expect(await em.count(EmailToken, {})).toBe(0);
    expect(await em.execute(`select id from mail_message where lower(to_address) = ?`, [known])).toEqual([]);

    // Another instance with a worker (or this one after a restart) does the work.
    worker = await startTestServer({ sameDatabaseAs: web });
    await worker.jobsIdle();
    const mails = await outbox(worker, known);
    expect(mails.map((m) => m.templateKey)).toEqual(['PASSWORD_RESET']);
    expect(await outbox(worker, 'nog-niemand@voorbeeld.nl')).toEqual([]);
    expect(await worker.orm.em.fork().count(EmailToken, {})).toBe(1);
  });
});
