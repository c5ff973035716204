import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestClient, type TestServer } from '../../test/server.js';
import { DEMO_PASSWORD, DEMO_STAFF } from '../../seeders/demo-accounts.js';
import { decryptSecret, encryptSecret } from '../../kernel/secret-box.js';
import { PaymentSimulator } from '../../integrations/payments/payment-simulator.js';
import { MolliePaymentGateway } from '../../integrations/payments/mollie-gateway.js';

const VIEW = `{ paymentProviderSettings { provider chosen apiKeyLast4 simulatorAllowed } }`;
const SET = `mutation($input: SetPaymentProviderInput!) {
  setPaymentProvider(input: $input) { settings { provider chosen apiKeyLast4 } errors { field code message } }
}`;
const TEST = `mutation { testPaymentProviderConnection { message errors { code message } } }`;
const UPDATE = `mutation($input: UpdateSettingsSectionInput!) {
  updateSettingsSection(input: $input) { settings { value } errors { field code message } }
}`;

/** instellingen/betalingen: the PSP, its API key encrypted and masked (never in the audit log), the connection test. */
describe('payment settings', () => {
  let server: TestServer;
  let admin: TestClient;
  const KEY = 'test_abcdefghijklmnopqrstuvwxyz1234';

  beforeAll(async () => {
    server = await startTestServer({ seed: true, env: { JOBS_WORKER: 'false' } });
    admin = server.client();
    await admin.loginStaff(DEMO_STAFF.find((s) => s.role === 'BEHEERDER')!.email, DEMO_PASSWORD);
  }, 120_000);
  afterAll(async () => {
    await server?.close();
  });

  it('encrypts with AES-256-GCM: a changed value or another key does not decrypt', () => {
    const key = Buffer.alloc(32, 7);
    const sealed = encryptSecret(key, 'geheim');
    expect(sealed).not.toContain('geheim');
    expect(decryptSecret(key, sealed)).toBe('geheim');
    expect(encryptSecret(key, 'geheim')).not.toBe(sealed);
    expect(() => decryptSecret(Buffer.alloc(32, 8), sealed)).toThrow();
    const [v, iv, tag, ct] = sealed.split('.');
    const flipped = Buffer.from(ct!, 'base64url');
    flipped[0] = flipped[0]! ^ 1;
    expect(() => decryptSecret(key, [v, iv, tag, flipped.toString('base64url')].join('.'))).toThrow();
  });

  it('keeps the environment’s provider while nothing is chosen, and tests its connection', async () => {
    expect((await admin.gql(VIEW)).data!.paymentProviderSettings).toEqual({
      provider: 'SIMULATOR',
      chosen: false,
      apiKeyLast4: null,
      simulatorAllowed: true,
    });
    expect((await admin.gql(TEST)).data!.testPaymentProviderConnection).toEqual({
      message: 'De verbinding met de simulator werkt.',
      errors: [],
    });
    expect(await server.services.payments.activeGateway()).toBeInstanceOf(PaymentSimulator);
  });

  it('stores the Mollie API key encrypted, shows its last four characters, and never audits it', async () => {
    const bad = await admin.gql(SET, { input: { provider: 'MOLLIE', apiKey: 'sk_nope' } });
    expect(bad.data!.setPaymentProvider.errors[0]).toMatchObject({ field: 'apiKey', code: 'INVALID' });
    const none = await admin.gql(SET, { input: { provider: 'MOLLIE' } });
    expect(none.data!.setPaymentProvider.errors[0]).toMatchObject({ field: 'apiKey', code: 'REQUIRED' });

    const set = await admin.gql(SET, { input: { provider: 'MOLLIE', apiKey: KEY } });
    expect(set.data!.setPaymentProvider).toEqual({
      settings: { provider: 'MOLLIE', chosen: true, apiKeyLast4: '1234' },
      errors: [],
    });
    const em = server.orm.em.fork();
    const [stored] = await em.execute<{ value: string }[]>(
      `select value::text from setting where section = 'payments'`,
    );
    expect(stored!.value).not.toContain(KEY);
    const [audit] = await em.execute<{ details: string }[]>(
      `select details::text from audit_log where action = 'settings.updated' and subject_id = 'payments' order by at desc limit 1`,
    );
    expect(audit!.details).not.toContain(KEY);
    expect(audit!.details).not.toContain('ciphertext');
    expect(audit!.details).toContain('"last4": "1234"');
    const gateway = await server.services.payments.activeGateway();
    expect(gateway).toBeInstanceOf(MolliePaymentGateway);

    // Keeping the stored key: no key needed.
    const again = await admin.gql(SET, { input: { provider: 'MOLLIE' } });
    expect(again.data!.setPaymentProvider.errors).toEqual([]);
    // Mollie cannot be reached from the tests: a Dutch message, no technical detail.
    const tested = await admin.gql(TEST);
    expect(tested.data!.testPaymentProviderConnection.errors[0].message).toBe(
      'De verbinding met de betaaldienst is mislukt. Controleer de API-sleutel en probeer het opnieuw.',
    );

    // Back to the simulator (outside production).
    const back = await admin.gql(SET, { input: { provider: 'SIMULATOR' } });
    expect(back.data!.setPaymentProvider.settings).toMatchObject({ provider: 'SIMULATOR', apiKeyLast4: '1234' });
    expect(await server.services.payments.activeGateway()).toBeInstanceOf(PaymentSimulator);
  });

  it('validates the debtor IBAN and the payout delay with Dutch messages from the section', async () => {
    const [m] = await server.orm.em.fork().execute<{ id: string }[]>(`select id from municipality limit 1`);
    const r = await admin.gql(UPDATE, {
      input: {
        section: 'PAYMENTS',
        patch: {
          payoutDelayDays: -1,
          debtorAccounts: { [m!.id]: { name: 'Gemeente', iban: 'NL00BANK0123456789', bic: 'BNGHNL2G' } },
        },
      },
    });
    const errors = r.data!.updateSettingsSection.errors;
    expect(errors).toContainEqual(
      expect.objectContaining({ field: 'payoutDelayDays', message: 'Het aantal dagen kan niet negatief zijn.' }),
    );
    expect(errors.some((e: any) => e.field === `debtorAccounts.${m!.id}.iban`)).toBe(true);
  });
});
