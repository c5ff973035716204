import 'reflect-metadata';
import { webcrypto } from 'node:crypto';
import * as x509 from '@peculiar/x509';
import { test, expect, serverNow } from './fixtures';
import { exclusive, expectAccessible, loginStaff, settle, STAFF } from './support';

/**
 * DigiD settings (issue 14): the dashboard warns about the demo certificate (45 days left), instellingen/digid shows
 * the connection and the certificate, and nieuwe-certificaten runs the whole rollover — key and CSR, an upload of the
 * wrong certificate refused, the right one (signed here by a test CA) accepted, published as next, switched over,
 * the old one retired — after which the warning is gone. Platform-wide (the certificate in use changes).
 */

x509.cryptoProvider.set(webcrypto as unknown as Crypto);
const ALG = {
  name: 'RSASSA-PKCS1-v1_5',
  hash: 'SHA-256',
  publicExponent: new Uint8Array([1, 0, 1]),
  modulusLength: 2048,
};
const DAY = 86_400_000;

async function issue(csrPem: string, notBefore: Date, notAfter: Date): Promise<string> {
  const csr = new x509.Pkcs10CertificateRequest(csrPem);
  const ca = (await webcrypto.subtle.generateKey(ALG, true, ['sign', 'verify'])) as CryptoKeyPair;
  const cert = await x509.X509CertificateGenerator.create({
    subject: csr.subject,
    issuer: 'C=NL, O=Test PKIoverheid, CN=Test CA',
    publicKey: csr.publicKey,
    signingKey: ca.privateKey,
    notBefore,
    notAfter,
    signingAlgorithm: ALG,
  });
  return cert.toString('pem');
}

test('the certificate warning, the DigiD settings and a rollover without a gap', async ({ page, baseURL }) => {
  test.setTimeout(180_000);
  await exclusive('digid', async () => {
    await loginStaff(page, STAFF.beheerder);
    await page.goto('/admin');
    await settle(page);
    const warning = page.getByText('DigiD-certificaat verloopt binnenkort', { exact: true });
    await expect(warning).toBeVisible();
    await expect(page.getByText(/Het DigiD-certificaat verloopt over \d+ dagen/)).toBeVisible();
    await expectAccessible(page, 'dashboard met certificaatwaarschuwing');

    await page.goto('/admin/beheer/instellingen/digid');
    await settle(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('DigiD');
    await expect(page.locator('main dl')).toContainText('Simulator');
    await expect(page.getByRole('link', { name: 'SAML-metadata downloaden' })).toHaveAttribute(
      'href',
      '/auth/digid/metadata',
    );
    const inUse = page.getByRole('table', { name: 'De certificaten in de metadata, met hun geldigheid' });
    await expect(inUse.getByRole('row', { name: /Huidig certificaat/ })).toContainText(/\d+ dagen/);
    await expectAccessible(page, 'digid-instellingen');
    // The assurance level: a setting, in force at the next log-in.
    await page.getByLabel(/^Substantieel:/).check();
    await page.getByRole('button', { name: 'Instellingen opslaan' }).click();
    await expect(page.getByText('Het betrouwbaarheidsniveau is opgeslagen.')).toBeVisible();
    await page.reload();
    await settle(page);
    await expect(page.getByLabel(/^Substantieel:/)).toBeChecked();

    // Step 1: key pair and CSR.
    await page.getByRole('link', { name: 'Nieuwe certificaten aanvragen en overstappen' }).click();
    await settle(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Nieuwe DigiD-certificaten');
    await expectAccessible(page, 'nieuwe certificaten');
    await page.getByLabel('Organisatie (O)').fill('Gemeente Zuiderveen');
    await page.getByLabel('Hostnaam (CN)').fill('e2e.zuiderveen.nl');
    await page.getByRole('button', { name: 'Sleutelpaar en CSR maken' }).click();
    const card = page.getByRole('region', { name: /Aangevraagd \(wacht op certificaat\): e2e\.zuiderveen\.nl/ });
    await expect(card).toBeVisible();
    await expect(card.getByRole('link', { name: /Certificaataanvraag \(CSR\) downloaden/ })).toBeVisible();
    await card.getByText('CSR als tekst tonen').click();
    const csrPem = (await card.locator('pre').textContent())!;
    expect(csrPem).toMatch(/BEGIN CERTIFICATE REQUEST/);
    await expectAccessible(page, 'nieuw sleutelpaar');

    // Step 2: a certificate for another key is refused; the issued one is accepted.
    const other = await webcrypto.subtle.generateKey(ALG, true, ['sign', 'verify']);
    const otherCsr = await x509.Pkcs10CertificateRequestGenerator.create({
      name: 'CN=e2e.zuiderveen.nl',
      keys: other as CryptoKeyPair,
      signingAlgorithm: ALG,
    });
    // The server's clock (CLOCK_START may put it in another year): the certificates' validity is checked against it.
    const now = (await serverNow(baseURL!)).getTime();
    await card
      .getByLabel('Certificaat (PEM) plakken')
      .fill(await issue(otherCsr.toString('pem'), new Date(now - DAY), new Date(now + 300 * DAY)));
    await card.getByRole('button', { name: 'Certificaat uploaden' }).click();
    await expect(card.getByRole('alert')).toContainText('hoort niet bij dit sleutelpaar');
    await expectAccessible(page, 'certificaat geweigerd');
    await card
      .getByLabel('Certificaat (PEM) plakken')
      .fill(await issue(csrPem, new Date(now - DAY), new Date(now + 400 * DAY)));
    await card.getByRole('button', { name: 'Certificaat uploaden' }).click();
    const ready = page.getByRole('region', { name: /Certificaat geüpload: e2e\.zuiderveen\.nl/ });
    await expect(ready).toBeVisible();

    // Step 3: publish as next (with a confirmation).
    await ready.getByRole('button', { name: /^Publiceren als volgend certificaat/ }).click();
    await ready.getByRole('button', { name: 'Ja, publiceer in de metadata' }).click();
    const next = page.getByRole('region', { name: /Volgend certificaat \(in de metadata\): e2e\.zuiderveen\.nl/ });
    // Publishing signs the metadata again: on a loaded machine (the whole browser run at once) that took over 10 s.
    await expect(next).toBeVisible({ timeout: 30_000 });
    await expect(
      next.getByRole('listitem').filter({ hasText: 'Overstappen op het nieuwe certificaat' }),
    ).toHaveAttribute('aria-current', 'step');
    await expectAccessible(page, 'volgend certificaat');

    // Step 4: switch over; the old one stays as previous.
    await next.getByRole('button', { name: /^Overstappen op dit certificaat/ }).click();
    await next.getByRole('button', { name: 'Ja, stap over' }).click();
    const previous = page.getByRole('region', { name: /Vorig certificaat \(nog in de metadata\)/ });
    await expect(previous).toBeVisible();

    // Step 5: retire the old one.
    await previous.getByRole('button', { name: /^Vorig certificaat intrekken/ }).click();
    await previous.getByRole('button', { name: 'Ja, trek het vorige certificaat in' }).click();
    await expect(page.getByText('Er loopt geen wissel. Begin met stap 1.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Ingetrokken' })).toBeVisible();
    await expectAccessible(page, 'na de wissel');

    // The new certificate is in use, and the dashboard no longer warns.
    await page.goto('/admin/beheer/instellingen/digid');
    await settle(page);
    await expect(inUse.getByRole('row', { name: /Huidig certificaat/ })).toContainText('CN=e2e.zuiderveen.nl');
    // The level back to the demo's.
    await page.getByLabel(/^Midden:/).check();
    await page.getByRole('button', { name: 'Instellingen opslaan' }).click();
    await expect(page.getByText(/Het betrouwbaarheidsniveau is opgeslagen/)).toBeVisible();
    await page.goto('/admin');
    await settle(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Dashboard');
    await expect(warning).toHaveCount(0);
  });
});
