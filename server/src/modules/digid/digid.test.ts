import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestClient, type TestServer } from '../../test/server.js';
import { DEMO_PASSWORD, DEMO_STAFF } from '../../seeders/demo-accounts.js';
import { DEMO_DIGID_DAYS_LEFT } from '../../seeders/demo-digid.js';
import { applicationNow } from '../../kernel/clock.js';
import { decryptSecret } from '../../kernel/secret-box.js';
import { certificateFor, readCertificate, selfSigned } from './certificate-crypto.js';
import { DigidSamlRuntime } from './digid-runtime.js';

const DAY = 86_400_000;
const FIELDS = `id state organization commonName oin csrPem certificatePem subject issuer serial notBefore notAfter daysLeft`;
const SETTINGS = `{ digidSettings { mode entityId metadataUrl assuranceLevel warningDays certificates { ${FIELDS} } } }`;
const WARNING = `{ digidCertificateWarning { certificateId state notAfter daysLeft } }`;
const GENERATE = `mutation($i: GenerateDigidKeyInput!){ generateDigidKey(input:$i){ errors { field code message } certificate { ${FIELDS} } } }`;
const UPLOAD = `mutation($i: UploadDigidCertificateInput!){ uploadDigidCertificate(input:$i){ errors { field code message } certificate { ${FIELDS} } } }`;
const step = (name: string) =>
  `mutation($id: ID!){ ${name}(id:$id){ errors { field code message } certificate { ${FIELDS} } } }`;

const admin = DEMO_STAFF.find((s) => s.role === 'BEHEERDER')!;
const klantcontact = DEMO_STAFF.find((s) => s.role === 'KLANTCONTACT')!;

describe('DigiD certificates: key pairs, CSR, upload checks and the rollover', () => {
  let server: TestServer;
  let staff: TestClient;

  beforeAll(async () => {
    server = await startTestServer({ seed: true });
    staff = server.client();
    await staff.loginStaff(admin.email, DEMO_PASSWORD);
  });
  afterAll(async () => {
    await server?.close();
  });

  const gql = (query: string, variables?: Record<string, unknown>) => staff.gql(query, variables) as Promise<any>;

  it('shows the mode, the entity id, the level and the demo certificate with its days left; warns within 60 days', async () => {
    const r = await gql(SETTINGS);
    expect(r.errors).toBeUndefined();
    const s = r.data.digidSettings;
    expect(s).toMatchObject({ mode: 'simulator', assuranceLevel: 'midden', warningDays: 60 });
    expect(s.metadataUrl).toMatch(/\/auth\/digid\/metadata$/);
    expect(s.entityId).toBeTruthy();
    const current = s.certificates.filter((c: any) => c.state === 'CURRENT');
    expect(current).toHaveLength(1);
    expect(current[0].daysLeft).toBe(DEMO_DIGID_DAYS_LEFT);
    expect(current[0].subject).toMatch(/CN=gemeentewinkel\.zuiderveen\.nl/);
    // Never a private key in what the API returns.
    expect(JSON.stringify(r)).not.toMatch(/PRIVATE KEY/);
    const w = await gql(WARNING);
    expect(w.data.digidCertificateWarning).toMatchObject({ state: 'CURRENT', daysLeft: DEMO_DIGID_DAYS_LEFT });
  });

  it('is for staff with the settings permission only', async () => {
    const other = server.client();
    await other.loginStaff(klantcontact.email, DEMO_PASSWORD);
    for (const q of [SETTINGS, WARNING]) {
      const r: any = await other.gql(q);
      expect(r.data?.digidSettings ?? r.data?.digidCertificateWarning ?? null).toBeNull();
      expect(r.errors[0].extensions.code).toBe('FORBIDDEN');
    }
    const r: any = await other.gql(GENERATE, { i: { organization: 'Gemeente X', commonName: 'x.example.nl' } });
    expect(r.errors[0].extensions.code).toBe('FORBIDDEN');
  });

  it('refuses a bad subject in Dutch', async () => {
    const r = await gql(GENERATE, { i: { organization: 'G', commonName: 'https://x', oin: '123' } });
    expect(r.data.generateDigidKey.errors.map((e: any) => e.field)).toEqual([
      'organization',
      'commonName',
      'serialNumber',
    ]);
    expect(r.data.generateDigidKey.errors[2].message).toMatch(/20 cijfers/);
  });

  it('rolls over without a moment without a certificate: CSR, upload (checked), publish, switch, retire', async () => {
    const runtime = new DigidSamlRuntime(server.services.digidCertificates, server.services.settings, () =>
      server.orm.em.fork(),
    );
    const before = await runtime.credentials();
    expect(before.next).toBeNull();
    const demoCert = before.current.certPem;

    // 1. Key pair and CSR.
    const made = await gql(GENERATE, {
      i: {
        organization: 'Gemeente Zuiderveen',
        commonName: 'Gemeentewinkel.Zuiderveen.nl',
        oin: '00000001234567890000',
      },
    });
    expect(made.data.generateDigidKey.errors).toEqual([]);
    const pending = made.data.generateDigidKey.certificate;
    expect(pending).toMatchObject({
      state: 'PENDING',
      commonName: 'gemeentewinkel.zuiderveen.nl',
      certificatePem: null,
    });
    expect(pending.csrPem).toMatch(/^-----BEGIN CERTIFICATE REQUEST-----/);
    // The private key is stored encrypted, and it is the key of the CSR.
    const [row] = await server.orm.em
      .fork()
      .execute<{ private_key_sealed: string }[]>(`select private_key_sealed from digid_certificate where id = ?`, [
        pending.id,
      ]);
    expect(row!.private_key_sealed).not.toMatch(/PRIVATE KEY/);
    expect(decryptSecret(server.services.config.settingsEncryptionKey, row!.private_key_sealed)).toMatch(
      /^-----BEGIN PRIVATE KEY-----/,
    );

    // 2. Upload: refused when not a certificate, another key, expired or not yet valid.
    const now = applicationNow();
    const upload = (pem: string) => gql(UPLOAD, { i: { id: pending.id, certificatePem: pem } });
    const notCert = await upload('hallo');
    expect(notCert.data.uploadDigidCertificate.errors[0]).toMatchObject({ code: 'NOT_A_CERTIFICATE' });
    expect(notCert.data.uploadDigidCertificate.errors[0].message).toMatch(/geen certificaat/);
    const other = await selfSigned(
      { organization: 'Gemeente Zuiderveen', commonName: 'gemeentewinkel.zuiderveen.nl' },
      new Date(now.getTime() - DAY),
      new Date(now.getTime() + 365 * DAY),
    );
    const mismatch = await upload(other.certPem);
    expect(mismatch.data.uploadDigidCertificate.errors[0]).toMatchObject({ code: 'KEY_MISMATCH' });
    expect(mismatch.data.uploadDigidCertificate.errors[0].message).toMatch(/hoort niet bij dit sleutelpaar/);
    const expired = await upload(
      await certificateFor(pending.csrPem, new Date(now.getTime() - 400 * DAY), new Date(now.getTime() - DAY)),
    );
    expect(expired.data.uploadDigidCertificate.errors[0]).toMatchObject({ code: 'EXPIRED' });
    const early = await upload(
      await certificateFor(pending.csrPem, new Date(now.getTime() + 2 * DAY), new Date(now.getTime() + 400 * DAY)),
    );
    expect(early.data.uploadDigidCertificate.errors[0]).toMatchObject({ code: 'NOT_YET_VALID' });
    const issued = await certificateFor(
      pending.csrPem,
      new Date(now.getTime() - DAY),
      new Date(now.getTime() + 365 * DAY),
    );
    const ready = await upload(issued + '\n' + other.certPem); // a chain may follow: the first one counts
    expect(ready.data.uploadDigidCertificate.errors).toEqual([]);
    expect(ready.data.uploadDigidCertificate.certificate).toMatchObject({
      state: 'READY',
      serial: readCertificate(issued)!.serial,
      daysLeft: 364,
    });

    // Switching to a certificate DigiD does not know yet is refused while another is current.
    const tooSoon = await gql(step('activateDigidCertificate'), { id: pending.id });
    expect(tooSoon.data.activateDigidCertificate.errors[0]).toMatchObject({ code: 'WRONG_STATE' });

    // 3. Publish as next: the metadata lists current and next; the current one still signs.
    const published = await gql(step('publishDigidCertificate'), { id: pending.id });
    expect(published.data.publishDigidCertificate.certificate.state).toBe('NEXT');
    const during = await runtime.credentials();
    expect(during.current.certPem).toBe(demoCert);
    expect(readCertificate(during.next!.certPem)!.serial).toBe(readCertificate(issued)!.serial);
    // The warning follows the next certificate now (a year left: none).
    expect((await gql(WARNING)).data.digidCertificateWarning).toBeNull();

    // 4. Switch: the new one signs, the old one stays as previous (still in the metadata, its key usable).
    const switched = await gql(step('activateDigidCertificate'), { id: pending.id });
    expect(switched.data.activateDigidCertificate.errors).toEqual([]);
    const after = await runtime.credentials();
    expect(readCertificate(after.current.certPem)!.serial).toBe(readCertificate(issued)!.serial);
    expect(after.current.keyPem).toMatch(/^-----BEGIN PRIVATE KEY-----/);
    expect(after.next).toBeNull();
    const all = await runtime.allCredentials();
    expect(all.previous?.certPem).toBe(demoCert);
    expect(all.previous?.keyPem).toMatch(/PRIVATE KEY/);

    // 5. The current one cannot be retired; the previous one can.
    const refused = await gql(step('retireDigidCertificate'), { id: pending.id });
    expect(refused.data.retireDigidCertificate.errors[0]).toMatchObject({ code: 'IN_USE' });
    const list = (await gql(SETTINGS)).data.digidSettings.certificates;
    const previous = list.find((c: any) => c.state === 'PREVIOUS');
    const retired = await gql(step('retireDigidCertificate'), { id: previous.id });
    expect(retired.data.retireDigidCertificate.certificate.state).toBe('RETIRED');
    expect((await runtime.allCredentials()).previous).toBeNull();

    // Everything audited, without keys.
    const audit = await server.orm.em
      .fork()
      .execute<{ action: string; details: unknown }[]>(
        `select action, details from audit_log where subject_type = 'digid_certificate' order by id`,
      );
    expect(audit.map((a) => a.action)).toEqual([
      'digid_certificate.generated',
      'digid_certificate.uploaded',
      'digid_certificate.published',
      'digid_certificate.activated',
      'digid_certificate.retired',
    ]);
    expect(JSON.stringify(audit)).not.toMatch(/PRIVATE KEY|BEGIN/);
  });

  it('lets only one of two simultaneous switch-overs through', async () => {
    const now = applicationNow();
    const ids: string[] = [];
    for (let i = 0; i < 2; i++) {
      const made = await gql(GENERATE, {
        i: { organization: 'Gemeente Zuiderveen', commonName: 'gemeentewinkel.zuiderveen.nl' },
      });
      const id = made.data.generateDigidKey.certificate.id;
      const pem = await certificateFor(
        made.data.generateDigidKey.certificate.csrPem,
        new Date(now.getTime() - DAY),
        new Date(now.getTime() + 30 * DAY),
      );
      expect((await gql(UPLOAD, { i: { id, certificatePem: pem } })).data.uploadDigidCertificate.errors).toEqual([]);
      ids.push(id);
    }
    const results = await Promise.all(ids.map((id) => gql(step('publishDigidCertificate'), { id })));
    const errors = results.map((r) => r.data.publishDigidCertificate.errors);
    expect(errors.filter((e) => e.length === 0)).toHaveLength(1);
    expect(errors.flat().map((e: any) => e.code)).toEqual(['NEXT_EXISTS']);
    // The next one expires in 30 days: the dashboard warns about it.
    expect((await gql(WARNING)).data.digidCertificateWarning).toMatchObject({ state: 'NEXT', daysLeft: 29 });
  });

  it('changes the assurance level through the settings section, read by the SAML runtime', async () => {
    const runtime = new DigidSamlRuntime(server.services.digidCertificates, server.services.settings, () =>
      server.orm.em.fork(),
    );
    const bad = await gql(
      `mutation($i: UpdateSettingsSectionInput!){ updateSettingsSection(input:$i){ errors { field message } } }`,
      { i: { section: 'DIGID', patch: { assuranceLevel: 'super' } } },
    );
    expect(bad.data.updateSettingsSection.errors[0].message).toMatch(/betrouwbaarheidsniveau/);
    const good = await gql(
      `mutation($i: UpdateSettingsSectionInput!){ updateSettingsSection(input:$i){ errors { field message } } }`,
      { i: { section: 'DIGID', patch: { assuranceLevel: 'substantieel' } } },
    );
    expect(good.data.updateSettingsSection.errors).toEqual([]);
    expect(await runtime.assuranceLevel()).toBe('substantieel');
  });
});
