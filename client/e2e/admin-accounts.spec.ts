import { generate } from 'otplib';
import { test, expect, serverNow } from './fixtures';
import { expectAccessible, latestMail, loginStaff, settle, STAFF } from './support';

/**
 * Staff accounts and two-factor log-in (issue 12, the "Must show" journey): a Beheerder creates a custom role in the
 * roles matrix and invites a colleague with it; the colleague chooses a password through the link in the mail (read
 * from the development outbox), sets up two-factor log-in with the secret shown as text (the test computes the code
 * with otplib at the server's time, as an authenticator app would), logs in again with a code, and sees only what the
 * role allows; the Beheerder then changes the role in the matrix and the colleague's menu changes on the next page.
 * An invitation to the same address again is refused by name. (The site colour and maintenance mode are shown in
 * admin-settings.spec.ts, the CSV import in admin-import.spec.ts.) The custom role only concerns this colleague, so
 * this runs beside the other tests.
 */

/** The code an authenticator app shows now, on the server's clock (it may run in another year: CLOCK_START). */
async function totpAt(baseURL: string, secret: string, offsetSeconds = 0): Promise<string> {
  return generate({ secret, epoch: Math.floor((await serverNow(baseURL)).getTime() / 1000) + offsetSeconds });
}

const PASSWORD = 'zonnebloem-kapstok-regenjas';

test('a Beheerder invites a colleague with a custom role, who sets a password and two-factor log-in, sees only what the role allows, and whose menu follows a change in the matrix', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const suffix = Date.now().toString(36);
  const email = `nina.${suffix}@gemeente.example`;
  const roleName = `Wijkredactie ${suffix}`;

  // 0. The Beheerder creates a custom role and ticks what it may do in the matrix: the dashboard and the news.
  await loginStaff(page, STAFF.beheerder);
  await page.goto('/admin/beheer/instellingen/rollen');
  await settle(page);
  await page.getByLabel('Naam van de rol', { exact: true }).fill(roleName);
  await page.getByRole('button', { name: 'Rol aanmaken' }).click();
  await expect(page.getByText(`De rol ‘${roleName}’ is aangemaakt.`)).toBeVisible();
  const matrix = page.getByRole('table', { name: 'Rechten per rol' });
  await matrix.getByRole('checkbox', { name: `${roleName}: Dashboard met werkvoorraden bekijken` }).check();
  await matrix.getByRole('checkbox', { name: `${roleName}: Nieuws, pagina’s en links bewerken` }).check();
  await page.getByRole('button', { name: 'Rechten opslaan' }).click();
  await expect(page.getByText(/De rechten zijn opgeslagen/)).toBeVisible();

  // 1. The Beheerder invites Nina with that role, for every municipality.
  await page.goto('/admin/beheer/accounts');
  await settle(page);
  await expect(page.getByRole('table', { name: 'Accounts van medewerkers' })).toBeVisible();
  await expectAccessible(page, 'accounts list');
  await page.getByRole('link', { name: 'Collega uitnodigen' }).click();
  await expect(page).toHaveURL(/\/admin\/beheer\/accounts\/nieuw$/);
  await settle(page);
  await page.getByLabel('Naam').fill('Nina Nieuw');
  await page.getByLabel('E-mailadres').fill(email);
  await page.getByLabel('Rol').selectOption({ label: roleName });
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

  // 2. Nina chooses a password through the link in the mail: "Stel uw wachtwoord in", not a page saying she was
  // logged out; the browser still has a colleague's session (a shared computer), which ends first, and she is told.
  const nina = await (await browser.newContext()).newPage();
  await loginStaff(nina, STAFF.redactie);
  const mail = await latestMail(nina.request, email, 'STAFF_INVITE');
  const link = /\/admin\/wachtwoord-vergeten\/[\w-]+\?uitnodiging=1/.exec(mail.body);
  expect(link, 'the invitation link').toBeTruthy();
  await nina.goto(link![0]);
  await settle(nina);
  await expect(nina.getByRole('heading', { level: 1, name: 'Stel uw wachtwoord in' })).toBeVisible();
  await expect(nina.getByRole('status').filter({ hasText: 'was in deze browser nog ingelogd' })).toContainText(
    'Die sessie is beëindigd, zodat u uw eigen wachtwoord kunt instellen.',
  );
  await expect(nina.getByText(/uitgelogd/i)).toHaveCount(0);
  const ended = await nina.request.post('/graphql', {
    headers: { 'content-type': 'application/json' },
    data: { query: '{ viewer { kind } }' },
  });
  expect((await ended.json()).data.viewer.kind).toBe('ANONYMOUS');
  await expectAccessible(nina, 'set-password screen of an invitation');
  await nina.getByLabel('Nieuw wachtwoord', { exact: true }).fill(PASSWORD);
  await nina.getByLabel('Herhaal het nieuwe wachtwoord').fill(PASSWORD);
  await nina.getByRole('button', { name: 'Wachtwoord opslaan' }).click();
  await expect(nina.getByText('Uw wachtwoord is ingesteld')).toBeVisible();
  await expect(nina.getByText(/uitgelogd/i)).toHaveCount(0);

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
  await nina.getByLabel('Code uit de app').fill(await totpAt(baseURL!, secret));
  await nina.getByRole('button', { name: 'Tweestapsverificatie aanzetten' }).click();
  const codeList = nina.getByRole('list', { name: 'Herstelcodes' });
  await expect(codeList.getByRole('listitem')).toHaveCount(10);
  const codes = (await codeList.getByRole('listitem').allTextContents()).map((c) => c.trim());
  // Copied all at once (one per line), confirmed in a live region; and downloaded as a text file made in the browser.
  await nina.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await nina.getByRole('button', { name: 'Codes kopiëren' }).click();
  await expect(nina.getByRole('status').filter({ hasText: 'Gekopieerd' })).toBeVisible();
  expect(await nina.evaluate(() => navigator.clipboard.readText())).toBe(codes.join('\n'));
  const [file] = await Promise.all([
    nina.waitForEvent('download'),
    nina.getByRole('button', { name: 'Codes downloaden (.txt)' }).click(),
  ]);
  expect(file.suggestedFilename()).toBe('gemeentewinkel-herstelcodes.txt');
  const { readFile } = await import('node:fs/promises');
  const text = await readFile(await file.path(), 'utf8');
  for (const code of codes) expect(text).toContain(`\n${code}\n`);
  await expectAccessible(nina, 'recovery codes');
  await nina.getByRole('button', { name: 'Ik heb de codes bewaard' }).click();
  await expect(nina.getByText(/Tweestapsverificatie staat aan/).first()).toBeVisible();

  // 4. Logged out and in again: after the password, the code (the next one: a code is accepted once).
  await nina.getByRole('button', { name: 'Uitloggen' }).click();
  // Wait until the log-out has landed: the log-in page of a session still alive sends her on to /admin.
  await expect(nina.getByRole('button', { name: 'Uitloggen' })).toHaveCount(0);
  await nina.goto('/admin/inloggen');
  await nina.getByLabel('E-mailadres').fill(email);
  await nina.getByLabel('Wachtwoord').fill(PASSWORD);
  await nina.getByRole('button', { name: 'Inloggen' }).click();
  await expect(nina.getByRole('heading', { level: 1, name: 'Inloggen: tweede stap' })).toBeVisible();
  await expectAccessible(nina, 'second step');
  await nina.getByLabel('Code', { exact: true }).fill(await totpAt(baseURL!, secret, 30));
  await nina.getByRole('button', { name: 'Inloggen' }).click();
  await expect(nina).not.toHaveURL(/\/admin\/inloggen/);
  await settle(nina);

  // 5. She sees only what her role allows: the menu, and a page outside it refused.
  const menu = nina.getByRole('navigation', { name: 'Beheermenu' });
  await expect(menu.getByRole('link', { name: 'Dashboard', exact: true })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Nieuws', exact: true })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Bestellingen', exact: true })).toHaveCount(0);
  await expect(menu.getByRole('link', { name: 'Accounts', exact: true })).toHaveCount(0);
  await nina.goto('/admin/beheer/accounts');
  await expect(nina.getByRole('heading', { level: 1, name: 'Geen toegang' })).toBeVisible();
  await nina.goto('/admin/bestellingen');
  await expect(nina.getByRole('heading', { level: 1, name: 'Geen toegang' })).toBeVisible();

  // 6. The Beheerder lets the role see orders; Nina's next page shows them in the menu, without logging in again.
  await nina.goto('/admin');
  await settle(nina);
  await page.goto('/admin/beheer/instellingen/rollen');
  await settle(page);
  await matrix.getByRole('checkbox', { name: `${roleName}: Bestellingen bekijken` }).check();
  await page.getByRole('button', { name: 'Rechten opslaan' }).click();
  await expect(page.getByText(/De rechten zijn opgeslagen/)).toBeVisible();
  await menu.getByRole('link', { name: 'Nieuws', exact: true }).click();
  await settle(nina);
  await expect(menu.getByRole('link', { name: 'Bestellingen', exact: true })).toBeVisible();
  await menu.getByRole('link', { name: 'Bestellingen', exact: true }).click();
  await settle(nina);
  await expect(nina.getByRole('heading', { level: 1, name: 'Geen toegang' })).toHaveCount(0);

  // The Beheerder sees her last log-in and two-factor in the list.
  await page.goto(`/admin/beheer/accounts?zoek=${encodeURIComponent(email)}`);
  await settle(page);
  const row = page.getByRole('row', { name: /Nina Nieuw/ });
  await expect(row).toContainText('Actief');
  await expect(row).toContainText('Aan');
});
