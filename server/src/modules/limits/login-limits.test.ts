import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestClient, type TestServer } from '../../test/server.js';
import { tokenFromMail } from '../../test/onboarding.js';
import { DEMO_PASSWORD, DEMO_STAFF, demoProviderEmail } from '../../seeders/demo-accounts.js';
import { check } from './limits.js';

/**
 * The log-in limits over real HTTP, with visitors at different client addresses (127.0.0.x, all loopback): attempts
 * are reserved before the password is verified (the verifications are counted through the AuthService's password
 * checks), and the policy slows an attacker without keeping the real user out.
 */

const LOGIN_STAFF = `mutation($e:String!,$p:String!){ loginStaff(email:$e,password:$p){ errors { field code message } viewer { kind } } }`;
const LOGIN_PROVIDER = `mutation($e:String!,$p:String!){ loginProvider(email:$e,password:$p){ errors { field code message } viewer { kind } } }`;
const REQUEST_STAFF_RESET = `mutation($e:String!){ requestStaffPasswordReset(email:$e){ requested errors { code } } }`;
const RESET_STAFF = `mutation($t:String!,$p:String!){ resetStaffPassword(token:$t,newPassword:$p){ passwordChanged errors { code } } }`;

/** The first wait is a minute; on a busy machine a few seconds of it may have passed before the next attempt. */
const ABOUT_A_MINUTE = 'Probeer het over (1 minuut|[1-5][0-9] seconden) opnieuw\\.';

type Answer = { errors: { field: string | null; code: string; message: string }[]; viewer: { kind: string } | null };

describe('log-in limits', () => {
  let server: TestServer;
  /** Every password verification (a right or wrong password of a real account, or the dummy one for an unknown account). */
  const verified: string[] = [];

  beforeAll(async () => {
    // The default policy: LOGIN_MAX_ATTEMPTS=5, LOGIN_WINDOW_SECONDS=900.
    server = await startTestServer({ seed: true });
    const checks = server.services.auth.passwords;
    const { verify, burn } = { ...checks };
    checks.verify = async (hash, password) => {
      verified.push(password);
      return verify(hash, password);
    };
    checks.burn = async (password) => {
      verified.push(password);
      return burn(password);
    };
  });
  afterAll(async () => {
    await server?.close();
  });
  beforeEach(() => {
    verified.length = 0;
  });

  const from = (address: string) => server.client({ from: address });

  async function staffLogin(c: TestClient, email: string, password: string): Promise<Answer> {
    return (await c.gql(LOGIN_STAFF, { e: email, p: password })).data!.loginStaff;
  }
  async function providerLogin(c: TestClient, email: string, password: string): Promise<Answer> {
    return (await c.gql(LOGIN_PROVIDER, { e: email, p: password })).data!.loginProvider;
  }
  const codes = (answers: Answer[]) => answers.map((a) => a.errors[0]?.code ?? 'OK');
  const count = (list: string[], value: string) => list.filter((x) => x === value).length;

  /** Simulates the passing of time: every log-in wait and window is over (the backoff's memory of a day is not). */
  async function timePasses() {
    await server.orm.em
      .fork()
      .execute(`update rate_limit set expire = ? where key ~ '^login-(pair|account|address)(-trickle){0,1}:'`, [
        Date.now() - 1,
      ]);
  }

  it('verifies at most 5 of 50 wrong passwords sent at once to one staff account; the rest are refused unverified', async () => {
    const attacker = from('127.0.0.2');
    const email = DEMO_STAFF[0]!.email;
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => staffLogin(attacker, email, `geraden-wachtwoord-${i}`)),
    );
    const outcome = codes(answers);
    // Exactly the budget: 5 reservations succeed, 45 are refused before any argon2 work.
    expect(verified.length).toBe(5);
    expect(count(outcome, 'INVALID_CREDENTIALS')).toBe(verified.length);
    expect(count(outcome, 'TOO_MANY_ATTEMPTS')).toBe(50 - verified.length);
    // Now even the right password is refused here, without being verified.
    const right = await staffLogin(attacker, email, DEMO_PASSWORD);
    expect(right.errors[0]).toMatchObject({
      code: 'TOO_MANY_ATTEMPTS',
      message: expect.stringMatching(
        new RegExp(`^Te veel mislukte pogingen om in te loggen\\. ${ABOUT_A_MINUTE} Weet u uw wachtwoord niet meer\\?`),
      ),
    });
    expect(verified.length).toBe(5);
  });

  it('lets no further guesses through when a right password is among 50 sent at once (the count is not reset)', async () => {
    const attacker = from('127.0.0.3');
    const email = demoProviderEmail(1);
    const passwords = Array.from({ length: 50 }, (_, i) => (i === 2 ? DEMO_PASSWORD : `geraden-wachtwoord-${i}`));
    await Promise.all(passwords.map((p) => providerLogin(attacker, email, p)));
    const wrong = verified.filter((p) => p !== DEMO_PASSWORD);
    expect(wrong.length).toBeLessThanOrEqual(5);
    expect(verified.length).toBeLessThanOrEqual(6);
    const before = verified.length;
    const next = await providerLogin(attacker, email, 'nog-een-gok-123456');
    expect(next.errors[0]?.code).toBe('TOO_MANY_ATTEMPTS');
    expect(verified.length).toBe(before);
  });

  it('does not let an attacker at one address keep the real user out at another', async () => {
    const email = demoProviderEmail(2);
    const attacker = from('127.0.0.4');
    for (let i = 0; i < 8; i++) await providerLogin(attacker, email, `geraden-wachtwoord-${i}`);
    expect((await providerLogin(attacker, email, DEMO_PASSWORD)).errors[0]?.code).toBe('TOO_MANY_ATTEMPTS');
    const user = from('127.0.0.5');
    expect(await providerLogin(user, email, DEMO_PASSWORD)).toEqual({ errors: [], viewer: { kind: 'PROVIDER' } });
  });

  it(
    'does not keep colleagues behind one office address out when someone there fails 50 times for other accounts',
    { timeout: 120_000 },
    async () => {
      const office = (n: number) =>
        from('127.0.0.6').gql(LOGIN_STAFF, { e: `iemand-${n}@demo.gemeentewinkel.nl`, p: 'geraden-wachtwoord' });
      for (let batch = 0; batch < 5; batch++)
        await Promise.all(Array.from({ length: 10 }, (_, i) => office(batch * 10 + i)));
      expect(verified.length).toBe(50);
      // A colleague who never logged in from here before gets in.
      const colleague = from('127.0.0.6');
      expect(await staffLogin(colleague, DEMO_STAFF[1]!.email, DEMO_PASSWORD)).toEqual({
        errors: [],
        viewer: { kind: 'STAFF' },
      });

      // 50 more failures (counted straight into the limiter: argon2 is slow) spend the address's budget of 100 per
      // 15 minutes. From now on the address is slowed, not locked: one attempt every 5 seconds still goes ahead.
      const { limits, limitRules } = server.services;
      for (let i = 0; i < 50; i++)
        expect((await limits.reserve(check(limitRules.login.address, '127.0.0.6'))).ok).toBe(true);
      verified.length = 0;
      const [trickled, refused] = [(await office(998)).data!.loginStaff, (await office(999)).data!.loginStaff];
      expect(trickled.errors[0].code).toBe('INVALID_CREDENTIALS');
      expect(refused.errors[0]).toMatchObject({
        code: 'TOO_MANY_ATTEMPTS',
        message: expect.stringMatching(/Probeer het over [1-5] seconden? opnieuw/),
      });
      expect(verified.length).toBe(1);
      // The colleague who logged in here before is not counted against the address at all.
      expect(await staffLogin(from('127.0.0.6'), DEMO_STAFF[1]!.email, DEMO_PASSWORD)).toEqual({
        errors: [],
        viewer: { kind: 'STAFF' },
      });
    },
  );

  it('makes the wait grow for one account at one address: 1 minute, then 2', async () => {
    const attacker = from('127.0.0.7');
    const email = DEMO_STAFF[4]!.email;
    for (let i = 0; i < 5; i++)
      expect((await staffLogin(attacker, email, `fout-${i}-wachtwoord`)).errors[0]?.code).toBe('INVALID_CREDENTIALS');
    expect((await staffLogin(attacker, email, 'fout-6-wachtwoord')).errors[0]?.message).toMatch(
      new RegExp(ABOUT_A_MINUTE),
    );
    await timePasses();
    for (let i = 0; i < 5; i++)
      expect((await staffLogin(attacker, email, `fout-${i}-opnieuw`)).errors[0]?.code).toBe('INVALID_CREDENTIALS');
    expect((await staffLogin(attacker, email, 'fout-6-opnieuw')).errors[0]?.message).toMatch(
      /Probeer het over 2 minuten opnieuw/,
    );
    expect(verified.length).toBe(10);
  });

  it('slows guessing one account from many addresses, keeps its known addresses open, and lets the reset mail in', async () => {
    await timePasses();
    const email = DEMO_STAFF[3]!.email;
    // The real user logged in from their own address before.
    expect((await staffLogin(from('127.0.1.1'), email, DEMO_PASSWORD)).errors).toEqual([]);
    // 4 failures from each of 5 addresses: 20, the account's budget for strange addresses; then one more every 30 s.
    for (let a = 1; a <= 5; a++) {
      for (let i = 0; i < 4; i++)
        expect((await staffLogin(from(`127.0.2.${a}`), email, `gok-${a}-${i}-wachtwoord`)).errors[0]?.code).toBe(
          'INVALID_CREDENTIALS',
        );
    }
    const trickle = await Promise.all(
      [6, 7, 8].map((a) => staffLogin(from(`127.0.2.${a}`), email, 'nog-een-gok-wachtwoord')),
    );
    expect(codes(trickle).sort()).toEqual(['INVALID_CREDENTIALS', 'TOO_MANY_ATTEMPTS', 'TOO_MANY_ATTEMPTS']);
    expect(trickle.find((t) => t.errors[0]?.code === 'TOO_MANY_ATTEMPTS')!.errors[0]!.message).toMatch(
      /over [1-3]?[0-9] seconden? opnieuw/,
    );

    // The real user at their known address gets in at once.
    expect(await staffLogin(from('127.0.1.1'), email, DEMO_PASSWORD)).toEqual({
      errors: [],
      viewer: { kind: 'STAFF' },
    });
    // At a new address they are slowed like the attacker ...
    const elsewhere = from('127.0.1.2');
    expect((await staffLogin(elsewhere, email, DEMO_PASSWORD)).errors[0]?.code).toBe('TOO_MANY_ATTEMPTS');
    // ... until the reset mail proves them: a new password, and this address is theirs.
    expect((await elsewhere.gql(REQUEST_STAFF_RESET, { e: email })).data!.requestStaffPasswordReset).toEqual({
      requested: true,
      errors: [],
    });
    const token = await tokenFromMail(server, email, 'STAFF_PASSWORD_RESET', '/admin/wachtwoord-vergeten/');
    expect(
      (await elsewhere.gql(RESET_STAFF, { t: token, p: 'nieuw-eigen-wachtwoord-2026' })).data!.resetStaffPassword,
    ).toEqual({ passwordChanged: true, errors: [] });
    expect(await staffLogin(elsewhere, email, 'nieuw-eigen-wachtwoord-2026')).toEqual({
      errors: [],
      viewer: { kind: 'STAFF' },
    });
  });

  it('lets the reset mail end the wait an attacker caused at the real user’s own address', async () => {
    await timePasses();
    const email = demoProviderEmail(3);
    const shared = from('127.0.0.8');
    for (let i = 0; i < 6; i++) await providerLogin(shared, email, `geraden-wachtwoord-${i}`);
    expect((await providerLogin(shared, email, DEMO_PASSWORD)).errors[0]?.code).toBe('TOO_MANY_ATTEMPTS');
    await shared.gql(`mutation($e:String!){ requestPasswordReset(email:$e){ requested } }`, { e: email });
    const token = await tokenFromMail(server, email, 'PASSWORD_RESET', '/wachtwoord-vergeten/');
    const reset = await shared.gql(
      `mutation($t:String!,$p:String!){ resetPassword(token:$t,newPassword:$p){ passwordChanged } }`,
      { t: token, p: 'weer-binnen-wachtwoord-7' },
    );
    expect(reset.data!.resetPassword.passwordChanged).toBe(true);
    expect(await providerLogin(shared, email, 'weer-binnen-wachtwoord-7')).toEqual({
      errors: [],
      viewer: { kind: 'PROVIDER' },
    });
  });
});
