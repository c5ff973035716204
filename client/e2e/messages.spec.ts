import { test, expect, serverNow } from './fixtures';
import { isoToAmsterdamLocal } from '../src/components/dates/amsterdamLocal';
import { expectAccessible, expectFieldError, loginResident, loginStaff, settle, STAFF } from './support';
import { resident } from './orders-support';

/**
 * Announcements and messages to audiences, end to end: a visitor closes the announcement banner with the keyboard
 * (and it stays closed); the Beheerder composes a message to one household, sees the number of recipients, sends it,
 * follows the progress, and the resident finds it in Berichten; the message's screen counts it read. A household of
 * its own (ZV-100003, Bas Hendriks), so other specs' inboxes are not disturbed.
 */

const HOUSEHOLD = 'ZV-100003';
const DEMO_ANNOUNCEMENT = 'Nieuw in de Gemeentewinkel: sportkleding en zwemlessen';

test('the announcement banner can be closed with the keyboard and stays closed', async ({ page }) => {
  await page.goto('/');
  await settle(page);
  const banners = page.getByRole('region', { name: 'Meldingen' });
  await expect(banners.getByRole('link', { name: DEMO_ANNOUNCEMENT })).toBeVisible();
  // The planned maintenance has not started: not on the page.
  await expect(page.getByText('Gepland onderhoud')).toHaveCount(0);
  await expectAccessible(page, 'home with announcement banner');

  const close = banners.getByRole('button', { name: `Sluiten melding ‘${DEMO_ANNOUNCEMENT}’` });
  await close.focus();
  await page.keyboard.press('Enter');
  // (Another test may place an announcement meanwhile: only the demo's is checked.)
  await expect(page.getByRole('link', { name: DEMO_ANNOUNCEMENT })).toHaveCount(0);
  // The focus went on: to the next banner's button, or to the main content; never lost.
  await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toMatch(/^(MAIN|BUTTON)$/);
  await page.reload();
  await settle(page);
  await expect(page.getByRole('link', { name: DEMO_ANNOUNCEMENT })).toHaveCount(0);

  // The announcement itself is still on /meldingen.
  await page.goto('/meldingen');
  await settle(page);
  await page.getByRole('link', { name: DEMO_ANNOUNCEMENT }).click();
  await expect(page.getByRole('heading', { level: 1, name: DEMO_ANNOUNCEMENT })).toBeVisible();
  await expect(page.locator('main strong', { hasText: 'sportkleding' })).toBeVisible();
  await expectAccessible(page, '/meldingen/bericht/{id}');
});

test('an announcement for one municipality shows to its residents and to visitors, not to other residents', async ({
  page,
  browser,
}) => {
  const ONLY_NOORDERHAVEN = 'Het loket is vrijdagmiddag gesloten'; // demo-messages.ts
  // A visitor who is not logged in (municipality unknown): every municipality's announcements, on /meldingen too.
  await page.goto('/meldingen');
  await settle(page);
  await expect(page.getByRole('main').getByRole('link', { name: DEMO_ANNOUNCEMENT })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: ONLY_NOORDERHAVEN })).toBeVisible();

  // A Noorderhaven resident sees it in the banner and on /meldingen, and can open it.
  const nh = await browser.newContext();
  const nhPage = await nh.newPage();
  await loginResident(nhPage, resident('NH-200002').bsn);
  await nhPage.goto('/');
  await settle(nhPage);
  await expect(
    nhPage.getByRole('region', { name: 'Meldingen' }).getByRole('link', { name: ONLY_NOORDERHAVEN }),
  ).toBeVisible();
  await nhPage.goto('/meldingen');
  await settle(nhPage);
  await nhPage.getByRole('main').getByRole('link', { name: ONLY_NOORDERHAVEN }).click();
  await expect(nhPage.getByRole('heading', { level: 1, name: ONLY_NOORDERHAVEN })).toBeVisible();
  await expect(nhPage.locator('main strong', { hasText: 'vrijdagmiddag' })).toBeVisible();
  const detail = nhPage.url();
  await nh.close();

  // A Zuiderveen resident (their municipality is known) does not see it, nor at its address.
  const zv = await browser.newContext();
  const zvPage = await zv.newPage();
  await loginResident(zvPage, resident(HOUSEHOLD).bsn);
  await zvPage.goto('/meldingen');
  await settle(zvPage);
  await expect(zvPage.getByRole('main').getByRole('link', { name: DEMO_ANNOUNCEMENT })).toBeVisible();
  await expect(zvPage.getByText(ONLY_NOORDERHAVEN)).toHaveCount(0);
  await zvPage.goto(new URL(detail).pathname);
  await settle(zvPage);
  await expect(zvPage.getByRole('heading', { level: 1, name: ONLY_NOORDERHAVEN })).toHaveCount(0);
  await zv.close();
});

test('staff send a message to a household; the resident reads it in Berichten', async ({ page, browser }) => {
  await loginStaff(page, STAFF.beheerder);
  await page.goto('/admin/meldingen');
  await settle(page);
  await expectAccessible(page, '/admin/meldingen');
  // The demo's message to Noorderhaven's arrangement holders, with its read count.
  await expect(page.getByRole('table', { name: 'Verstuurde berichten, nieuwste eerst' })).toContainText('Noorderhaven');

  const form = page.locator('form', { has: page.getByLabel('Onderwerp') });
  await form.getByLabel('Gemeente', { exact: true }).selectOption({ label: 'Gemeente Zuiderveen' });
  await form.getByLabel('Doelgroep').selectOption({ label: 'Eén klantgroep' });
  // Without a client number: the instant check says so.
  await form.getByRole('button', { name: 'Aantal ontvangers bekijken' }).click();
  await expectFieldError(
    page,
    form.getByLabel('Klantnummer van de klantgroep'),
    'Vul het klantnummer van de klantgroep in.',
  );
  await form.getByLabel('Klantnummer van de klantgroep').fill(HOUSEHOLD);
  await form.getByLabel('Onderwerp').fill('Uw pas wordt vervangen');
  await form
    .getByLabel('Bericht')
    .fill('Binnenkort ontvangt u een nieuwe pas.\n\nDe oude pas blijft geldig tot u de nieuwe heeft.');
  await expect(form.getByRole('button', { name: /^Verzenden/ })).toHaveCount(0);
  await form.getByRole('button', { name: 'Aantal ontvangers bekijken' }).click();
  await expect(form.getByRole('status')).toHaveText(
    `Dit bericht gaat naar 1 ontvanger: Klantgroep ${HOUSEHOLD} (Gemeente Zuiderveen).`,
  );

  await form.getByRole('button', { name: 'Test naar mijzelf' }).click();
  await expect(page.getByText(`De test is verstuurd naar ${STAFF.beheerder}.`)).toBeVisible();

  await form.getByRole('button', { name: 'Verzenden naar 1 ontvanger' }).click();
  await expect(page).toHaveURL(/\/admin\/meldingen\/bericht\/[0-9a-f-]{36}$/);
  await settle(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Uw pas wordt vervangen' })).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'verwerkt' })).toHaveText('Klaar: 1 ontvanger verwerkt.', {
    timeout: 20_000,
  });
  await expect(page.getByRole('progressbar', { name: 'Voortgang' })).toHaveAttribute('value', '1');
  await expectAccessible(page, '/admin/meldingen/bericht/{id}');
  const messageUrl = page.url();

  // The resident opens Berichten: the message is there, unread; opening it marks it read.
  const context = await browser.newContext();
  const residentPage = await context.newPage();
  await loginResident(residentPage, resident(HOUSEHOLD).bsn);
  const item = residentPage.getByRole('button', { name: /Uw pas wordt vervangen/ });
  await expect(item).toHaveText(/^Nieuw/);
  await item.click();
  await expect(residentPage.getByText('Binnenkort ontvangt u een nieuwe pas.')).toBeVisible();
  await expect(item).not.toHaveText(/^Nieuw/);
  await context.close();

  await page.goto(messageUrl);
  await settle(page);
  await expect(page.getByText('1 van 1 in Berichten')).toBeVisible();
});

test('staff place, change and delete a public announcement; a municipality’s is shown to visitors too', async ({
  page,
  browser,
  baseURL,
}) => {
  await loginStaff(page, STAFF.beheerder);
  await page.goto('/admin/meldingen');
  await settle(page);
  const form = page.locator('form', { has: page.getByLabel('Zichtbaar vanaf') });
  // Script in the Markdown never runs: the public page shows it as text.
  await form.getByLabel('Titel').fill('Loket gesloten');
  await form.getByLabel('Tekst').fill('Het loket is **vrijdag** gesloten. <script>alert(1)</script>');
  await form.getByLabel('Soort').selectOption({ label: 'Waarschuwing' });
  // One municipality's announcement: the form says who sees it, and a visitor who is not logged in sees it too.
  await expect(form.getByLabel('Gemeente')).toHaveAccessibleDescription(
    /bezoekers die niet zijn ingelogd zien de meldingen van alle gemeenten/,
  );
  await form.getByLabel('Gemeente').selectOption({ label: 'Gemeente Zuiderveen' });
  const inAMonth = new Date((await serverNow(baseURL!)).getTime() + 30 * 86_400_000).toISOString();
  await form.getByLabel('Zichtbaar tot').fill(isoToAmsterdamLocal(inAMonth));
  await form.getByRole('button', { name: 'Melding plaatsen' }).click();
  await expect(page.getByText('De melding ‘Loket gesloten’ is opgeslagen.')).toBeVisible();
  const table = page.getByRole('table', { name: 'Openbare meldingen' });
  const row = table.getByRole('row').filter({ hasText: 'Loket gesloten' });
  await expect(row).toContainText('Zichtbaar');

  await row.getByRole('button', { name: /^Bewerken/ }).click();
  await expect(page.getByRole('heading', { name: 'Melding ‘Loket gesloten’ bewerken' })).toBeFocused();
  await expect(form.getByLabel('Tekst')).toHaveValue(/vrijdag/);
  await form.getByLabel('Titel').fill('Loket vrijdag gesloten');
  await form.getByRole('button', { name: 'Wijzigingen opslaan' }).click();
  await expect(page.getByText('De melding ‘Loket vrijdag gesloten’ is opgeslagen.')).toBeVisible();
  await expectAccessible(page, '/admin/meldingen (melding geplaatst)');

  const visitor = await browser.newContext();
  const pub = await visitor.newPage();
  let dialogs = 0;
  pub.on('dialog', () => dialogs++);
  await pub.goto('/meldingen');
  await settle(pub);
  await pub.getByRole('main').getByRole('link', { name: 'Loket vrijdag gesloten' }).click();
  await settle(pub);
  await expect(pub.locator('main strong', { hasText: 'vrijdag' })).toBeVisible();
  await expect(pub.getByRole('main')).toContainText('<script>alert(1)</script>');
  expect(dialogs).toBe(0);
  await visitor.close();

  const changed = table.getByRole('row').filter({ hasText: 'Loket vrijdag gesloten' });
  await changed.getByRole('button', { name: /^Verwijderen/ }).click();
  await page.getByRole('button', { name: 'Ja, verwijder deze melding' }).click();
  await expect(page.getByText('De melding ‘Loket vrijdag gesloten’ is verwijderd.')).toBeVisible();
  await expect(table.getByRole('row').filter({ hasText: 'Loket vrijdag gesloten' })).toHaveCount(0);
});
