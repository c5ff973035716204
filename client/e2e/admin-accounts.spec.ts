import { generate } from 'otplib';
import { test, expect } from './fixtures';
import { expectAccessible, latestMail, loginStaff, settle, STAFF } from './support';

/**
 * Staff accounts and two-factor log-in (issue 12): a Beheerder invites a colleague with a role; the colleague chooses a
 * password through the link in the mail (read from the development outbox), sets up two-factor log-in with the secret
 * shown as text (the test computes the code with otplib, as an authenticator app would), logs in again with a code,
 * and sees only what the role allows. An invitation to the same address again is refused by name.
 */

const PASSWORD = 'zonnebloem-kapstok-regenjas';

test('a Beheerder invites a colleague, who sets a password and two-factor log-in and sees only what the role allows', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const email = `nina.${Date.now().toString(36)}@gemeente.example`;

  // 1. The Beheerder invites Nina as Redactie, for every municipality.
  await loginStaff(page, STAFF.beheerder);
  await page.goto('/admin/beheer/accounts');
  await settle(page);
  await expect(page.getByRole('table', { name: 'Accounts van medewerkers' })).toBeVisible();
  await expectAccessible(page, 'accounts list');
  await page.getByRole('link', { name: 'Collega uitnodigen' }).click();
  await expect(page).toHaveURL(/\/admin\/beheer\/accounts\/nieuw$/);
  await settle(page);
  await page.getByLabel('Naam').fill('Nina Nieuw');
  await page.getByLabel('E-mailadres').fill(email);
  await page.getByLabel('Rol').selectOption({ label: 'Redactie — Nieuws, meldingen, pagina’s, links en sjablonen.' });
  await page.getByLabel('Voor alle gemeenten (ook gemeenten die later worden toegevoegd)').check();
  await expectAccessible(page, 'invite form');
  await page.getByRole('button', { name: 'Uitnodiging versturen' }).click();
  await expect(page).toHaveURL(/\/admin\/beheer\/accounts\/[0-9a-f-]{36}$/);
  await expect(page.getByText(`De uitnodiging is verstuurd naar ${email}.`)).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: 'Nina Nieuw' })).toBeVisible();
  await expectAccessible(page, 'account edit');

  // The same address again: a Dutch error that names it.
  await page.goto('/admin/beheer/accounts/nieuw');
  await settle(page);
  await page.getByLabel('Naam').fill('Nina Nogmaals');
  await page.getByLabel('E-mailadres').fill(email.toUpperCase());
  await page.getByLabel('Rol').selectOption({ label: 'Redactie — Nieuws, meldingen, pagina’s, links en sjablonen.' });
  await page.getByLabel('Voor alle gemeenten (ook gemeenten die later worden toegevoegd)').check();
  await page.getByRole('button', { name: 'Uitnodiging versturen' }).click();
  await expect(
    page.getByRole('alert').getByText(`Er bestaat al een medewerkersaccount met het e-mailadres ${email}`),
  ).toBeVisible();

  // 2. Nina chooses a password through the link in the mail.
  const nina = await (await browser.newContext()).newPage();
  const mail = await latestMail(nina.request, email, 'STAFF_INVITE');
  const link = /\/admin\/wachtwoord-vergeten\/[\w-]+/.exec(mail.body);
  expect(link, 'the invitation link').toBeTruthy();
  await nina.goto(link![0]);
  await settle(nina);
  await nina.getByLabel('Nieuw wachtwoord', { exact: true }).fill(PASSWORD);
  await nina.getByLabel('Herhaal het nieuwe wachtwoord').fill(PASSWORD);
  await nina.getByRole('button', { name: 'Wachtwoord opslaan' }).click();
  await expect(nina.getByText('Uw nieuwe wachtwoord is ingesteld')).toBeVisible();

  // 3. She logs in and sets up two-factor log-in with the secret shown as text.
  await nina.goto('/admin/inloggen');
  await nina.getByLabel('E-mailadres').fill(email);
  await nina.getByLabel('Wachtwoord').fill(PASSWORD);
  await nina.getByRole('button', { name: 'Inloggen' }).click();
  await expect(nina).not.toHaveURL(/\/admin\/inloggen/);
  await nina.goto('/admin/account');
  await settle(nina);
  await nina.getByRole('button', { name: 'Tweestapsverificatie instellen' }).click();
  const secret = ((await nina.getByTestId('totp-secret').textContent()) ?? '').replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  await expect(nina.getByRole('img', { name: /QR-code/ })).toBeVisible();
  await expectAccessible(nina, 'two-factor set-up');
  await nina.getByLabel('Code uit de app').fill(await generate({ secret }));
  await nina.getByRole('button', { name: 'Tweestapsverificatie aanzetten' }).click();
  await expect(nina.getByRole('list', { name: 'Herstelcodes' }).getByRole('listitem')).toHaveCount(10);
  await nina.getByRole('button', { name: 'Ik heb de codes bewaard' }).click();
  await expect(nina.getByText(/Tweestapsverificatie staat aan/).first()).toBeVisible();

  // 4. Logged out and in again: after the password, the code (the next one: a code is accepted once).
  await nina.getByRole('button', { name: 'Uitloggen' }).click();
  await nina.goto('/admin/inloggen');
  await nina.getByLabel('E-mailadres').fill(email);
  await nina.getByLabel('Wachtwoord').fill(PASSWORD);
  await nina.getByRole('button', { name: 'Inloggen' }).click();
  await expect(nina.getByRole('heading', { level: 1, name: 'Inloggen: tweede stap' })).toBeVisible();
  await expectAccessible(nina, 'second step');
  await nina
    .getByLabel('Code', { exact: true })
    .fill(await generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 }));
  await nina.getByRole('button', { name: 'Inloggen' }).click();
  await expect(nina).not.toHaveURL(/\/admin\/inloggen/);
  await settle(nina);

  // 5. She sees only what the Redactie role allows.
  const menu = nina.getByRole('navigation', { name: 'Beheermenu' });
  await expect(menu.getByRole('link', { name: 'Nieuws', exact: true })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Bestellingen', exact: true })).toHaveCount(0);
  await expect(menu.getByRole('link', { name: 'Accounts', exact: true })).toHaveCount(0);
  await nina.goto('/admin/beheer/accounts');
  await expect(nina.getByRole('heading', { level: 1, name: 'Geen toegang' })).toBeVisible();

  // The Beheerder sees her last log-in and two-factor in the list.
  await page.goto(`/admin/beheer/accounts?zoek=${encodeURIComponent(email)}`);
  await settle(page);
  const row = page.getByRole('row', { name: /Nina Nieuw/ });
  await expect(row).toContainText('Actief');
  await expect(row).toContainText('Aan');
});
