import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { test, expect } from './fixtures';
import { expectAccessible, latestMail, loginStaff, settle, STAFF, resizeTo } from './support';

/**
 * The operator console (issue 13): an operator is invited by the command (`npm run operator -- invite <e-mail>`, run
 * here against the browser tests' own database), logs in through the mailed link, asks for a log-in link that works
 * only in the browser that asked for it, creates a municipality with its first Beheerder, and acts in its admin area
 * for a stated reason — with the banner on every page — which that municipality's audit log then shows.
 */

const root = new URL('../..', import.meta.url).pathname;

async function inviteOperator(email: string, baseURL: string): Promise<string> {
  // The database of the app this project runs against (scripts/e2e-server.mjs writes its address per port).
  const databaseUrl = readFileSync(`${root}.tmp/e2e-database-${new URL(baseURL).port}.url`, 'utf8').trim();
  const { stdout } = await promisify(execFile)('npm', ['run', '--silent', 'operator', '--', 'invite', email], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      DATABASE_URL: databaseUrl,
      APP_URL: baseURL,
      LOG_LEVEL: 'warn',
      SEED_DEMO_DATA: 'false',
    },
    timeout: 120_000,
  });
  return stdout;
}

test('an invited operator logs in with a mailed link, creates a municipality and acts in it with a reason', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const id = Date.now().toString(36);
  const email = `olga.${id}@lightbase.example`;
  const municipality = `Gemeente Proefstad ${id}`;
  const reason = `Melding ${id}: de gemeente vraagt hulp bij het auditlog`;

  // 1. The command invites the operator; the invitation mail holds a single-use link.
  expect(await inviteOperator(email, baseURL!)).toContain(`De uitnodiging is verstuurd naar ${email}`);
  const invitation = await latestMail(page.request, email, 'OPERATOR_INVITE');
  const invitationLink = /\/_lightbase\/auth\/[\w-]+/.exec(invitation.body);
  expect(invitationLink, 'the invitation link').toBeTruthy();
  await page.goto(invitationLink![0]);
  await settle(page);
  await page.getByRole('button', { name: 'Inloggen in de beheerconsole' }).click();
  await expect(page).toHaveURL(/\/_lightbase$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Beheerconsole' })).toBeVisible();

  // 2. A log-in link works only in the browser that asked for it.
  const asker = await (await browser.newContext()).newPage();
  await asker.goto('/_lightbase/login');
  await settle(asker);
  await asker.getByLabel('E-mailadres').fill(email);
  await asker.getByRole('button', { name: 'Inloglink versturen' }).click();
  await expect(asker.getByText('Als dit adres bij ons bekend is, ontvangt u een e-mail')).toBeVisible();
  const loginMail = await latestMail(asker.request, email, 'OPERATOR_LOGIN');
  const loginLink = /\/_lightbase\/auth\/[\w-]+/.exec(loginMail.body)![0];
  const stranger = await (await browser.newContext()).newPage();
  await stranger.goto(loginLink);
  await settle(stranger);
  await stranger.getByRole('button', { name: 'Inloggen in de beheerconsole' }).click();
  await expect(stranger.getByRole('alert')).toContainText('aangevraagd in een andere browser');
  await expectAccessible(stranger, 'refused link');
  await asker.goto(loginLink);
  await settle(asker);
  await asker.getByRole('button', { name: 'Inloggen in de beheerconsole' }).click();
  await expect(asker).toHaveURL(/\/_lightbase$/);

  // 3. The console: municipalities and the platform's health; a new municipality with its first Beheerder.
  await expect(asker.getByRole('heading', { name: 'Gemeenten' })).toBeVisible();
  // The DigiD certificate in use (the demo seeds one) and when it expires.
  await expect(asker.locator('dt:has-text("DigiD-certificaten verlopen op") + dd')).toHaveText(/\d{4}/);
  await expectAccessible(asker, 'operator console');
  await asker.getByLabel('Naam van de gemeente').fill(municipality);
  await asker.getByLabel('Code', { exact: true }).fill(`proefstad-${id}`);
  await asker.getByLabel('Naam contactpersoon').fill('Bea Proef');
  await asker.getByLabel('E-mailadres contactpersoon').fill(`bea.${id}@proefstad.example`);
  await asker.getByRole('button', { name: 'Gemeente aanmaken' }).click();
  await expect(asker.getByText(`${municipality} is aangemaakt.`)).toBeVisible();
  await expect(asker.getByRole('rowheader', { name: municipality })).toBeVisible();
  await latestMail(asker.request, `bea.${id}@proefstad.example`, 'STAFF_INVITE');

  // 4. Acting in it: refused without a reason, then with a reason, as its Beheerder, with the banner.
  await asker.getByLabel('Gemeente', { exact: true }).selectOption({ label: municipality });
  await asker.getByRole('button', { name: 'Werken in deze gemeente' }).click();
  await expect(asker.getByRole('alert')).toContainText('Geef de reden op');
  await asker.getByLabel('Reden').fill(reason);
  await asker.getByLabel('Duur').selectOption('30');
  await asker.getByRole('button', { name: 'Werken in deze gemeente' }).click();
  await expect(asker).toHaveURL(/\/admin\/?$/);
  const banner = asker.getByRole('region', { name: 'Werken als operator' });
  await expect(banner).toContainText(`U werkt als operator van Lightbase in ${municipality}`);
  await expect(banner).toContainText(reason);
  await expectAccessible(asker, 'admin area as operator');
  await asker.goto('/admin/beheer/auditlog');
  await settle(asker);
  await expect(banner).toBeVisible();
  await expect(asker.getByRole('table', { name: 'Regels van het auditlog' })).toContainText(
    'Operator werkt in de gemeente',
  );

  // 5. The municipality's audit log shows it: a Beheerder of every municipality reads it.
  const beheerder = await (await browser.newContext()).newPage();
  await loginStaff(beheerder, STAFF.beheerder);
  await beheerder.goto('/admin/beheer/auditlog?actie=operator.acting_started');
  await settle(beheerder);
  const table = beheerder.getByRole('table', { name: 'Regels van het auditlog' });
  await expect(table).toContainText('Operator van Lightbase');
  await expect(table).toContainText(reason);

  // 6. Stopping: back to the console, no admin area any more.
  await banner.getByRole('button', { name: 'Stoppen' }).click();
  await expect(asker).toHaveURL(/\/_lightbase$/);
  await asker.goto('/admin');
  await expect(asker).toHaveURL(/\/admin\/inloggen/);
});

test('the console title stays whole at narrow widths: the product name and "Beheerconsole" never break inside', async ({
  page,
}) => {
  for (const width of [160, 390]) {
    await resizeTo(page, { width, height: 800 });
    await page.goto('/_lightbase');
    await settle(page);
    const logo = page.getByRole('banner').getByRole('link', { name: /^Gemeentewinkel\s+–\s+Beheerconsole$/ });
    await expect(logo).toBeVisible();
    for (const part of ['.gw-logo__name', '.gw-header__audience']) {
      // One line box each: the part is not broken, whatever the width.
      const lines = await logo.locator(part).evaluate((el) => {
        const range = document.createRange();
        range.selectNodeContents(el);
        return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
      });
      expect(lines, `${part} at ${width}px`).toBe(1);
    }
  }
});
