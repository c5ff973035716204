import { type Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { expectAccessible, expectFieldError, loginProvider, settle } from './support';

/**
 * Issue 9, the provider's side: the product form's formatting toolbar and preview (rendered by the server's Markdown
 * renderer), images chosen before a new product exists and put in order, reordering on the product's page; the
 * profile's logo and locations, shown on the public provider page; and the hint for a provider that no municipality
 * has approved yet.
 */

/** Small valid PNGs (made with sharp) of two colours, so the server's pipeline takes them and they differ. */
const PNG = {
  red: Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAGCAIAAABxZ0isAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEUlEQVQImWM4ISeHFTEMpAQAaYgwwXposYcAAAAASUVORK5CYII=',
    'base64',
  ),
  blue: Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAGCAIAAABxZ0isAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEUlEQVQImWOQszmBFTEMpAQAz7c2YbkwGrYAAAAASUVORK5CYII=',
    'base64',
  ),
};

async function selectInTextarea(page: Page, label: string, text: string) {
  await page.getByLabel(label).evaluate((el: HTMLTextAreaElement, t) => {
    const start = el.value.indexOf(t);
    el.focus();
    el.setSelectionRange(start, start + t.length);
  }, text);
}

test('a provider formats a description with the toolbar, previews it, and adds and orders images before saving', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await loginProvider(page, 2);
  await page.goto('/aanbieder/producten/nieuw');
  await settle(page);
  const title = `Gitaarles in groepjes ${Date.now().toString(36)}`;
  await page.getByLabel('Titel').fill(title);
  await page.getByLabel('Prijs in euro').fill('60');
  await page.getByLabel('Categorie').selectOption({ label: 'Cultuur en muziek' });

  // The toolbar: real buttons acting on the selection, usable from the keyboard.
  const description = page.getByLabel('Omschrijving');
  await description.fill('Wat u leert\nTien lessen gitaar voor beginners.\nakkoorden\nliedjes');
  await selectInTextarea(page, 'Omschrijving', 'Wat u leert');
  await page.getByRole('button', { name: 'Tussenkop' }).click();
  await selectInTextarea(page, 'Omschrijving', 'Tien lessen');
  await page.getByRole('button', { name: 'Vet' }).focus();
  await page.keyboard.press('Enter');
  await expect(description).toBeFocused();
  await selectInTextarea(page, 'Omschrijving', 'akkoorden\nliedjes');
  await page.getByRole('button', { name: 'Opsomming' }).click();
  await expect(description).toHaveValue(
    '# Wat u leert\n\n**Tien lessen** gitaar voor beginners.\n\n- akkoorden\n- liedjes',
  );

  // The preview: what the product page will show, rendered by the server.
  const toggle = page.getByRole('button', { name: 'Voorbeeld' });
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  const preview = page.locator('.gw-md-preview');
  await expect(preview.getByRole('heading', { level: 3, name: 'Wat u leert' })).toBeVisible();
  await expect(preview.locator('strong')).toHaveText('Tien lessen');
  await expect(preview.getByRole('listitem')).toHaveText(['akkoorden', 'liedjes']);
  await expect(description).toBeHidden();

  // Two images chosen before the product exists; the second is made the main picture.
  await page
    .getByLabel('Afbeelding kiezen')
    .setInputFiles({ name: 'rood.png', mimeType: 'image/png', buffer: PNG.red });
  await page.getByLabel('Beschrijving van de afbeelding').fill('Rode gitaar');
  await page.getByRole('button', { name: 'Afbeelding toevoegen' }).click();
  await page
    .getByLabel('Afbeelding kiezen')
    .setInputFiles({ name: 'blauw.png', mimeType: 'image/png', buffer: PNG.blue });
  await page.getByLabel('Beschrijving van de afbeelding').fill('Blauwe gitaar');
  await page.getByRole('button', { name: 'Afbeelding toevoegen' }).click();
  await expect(page.getByRole('img', { name: 'Blauwe gitaar' })).toBeVisible();
  await settle(page);
  await expectAccessible(page, 'nieuw product met voorbeeld en gekozen afbeeldingen');
  const up = page.getByRole('button', { name: 'Omhoog met afbeelding 2 (Blauwe gitaar)' });
  await up.click();
  // The focus stays with the moved image (its "omhoog" is now disabled: its other button).
  await expect(page.getByRole('button', { name: 'Omlaag met afbeelding 1 (Blauwe gitaar)' })).toBeFocused();
  await expect(page.locator('.gw-image-list li').first()).toContainText('Hoofdafbeelding');
  await expect(page.locator('.gw-image-list li img').first()).toHaveAttribute('alt', 'Blauwe gitaar');

  await page.getByRole('button', { name: 'Verder bewerken' }).click();
  await expect(description).toBeFocused();
  await page.getByRole('button', { name: 'Opslaan als concept' }).click();
  await expect(page).toHaveURL(/\/aanbieder\/producten\/[0-9a-f-]{36}$/);
  await settle(page);
  await expect(page.getByRole('status').filter({ hasText: 'opgeslagen als concept' })).toBeVisible();
  const images = page.locator('.gw-image-list li img');
  await expect(images).toHaveCount(2);
  await expect(images.first()).toHaveAttribute('alt', 'Blauwe gitaar');

  // Reordered on the product's page: kept by the server.
  await page.getByRole('button', { name: 'Omlaag met afbeelding 1 (Blauwe gitaar)' }).click();
  await expect(images.first()).toHaveAttribute('alt', 'Rode gitaar');
  await expect(page.getByRole('button', { name: 'Omhoog met afbeelding 2 (Blauwe gitaar)' })).toBeFocused();
  await page.reload();
  await settle(page);
  await expect(images.first()).toHaveAttribute('alt', 'Rode gitaar');
  await expect(page.locator('.gw-image-list li').first()).toContainText('Hoofdafbeelding');
  await expectAccessible(page, 'product met geordende afbeeldingen');
});

test('a provider sets its logo and a location with opening hours; the public page shows them as text', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await loginProvider(page, 5);
  await page.goto('/aanbieder/profiel');
  await settle(page);

  // The logo, through the upload pipeline (the demo provider has a drawn one: it is replaced).
  const logo = page.locator('#logo-kop ~ img.gw-provider-logo');
  const before = (await logo.count()) ? await logo.getAttribute('src') : null;
  await page
    .getByLabel(/Logo kiezen|Ander logo kiezen/)
    .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG.red });
  await page.getByRole('button', { name: 'Logo uploaden' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Het logo is opgeslagen' })).toBeVisible();
  await expect(logo).toHaveAttribute('src', /^\/uploads\/logos\/[0-9a-f-]+\.webp$/);
  if (before) await expect(logo).not.toHaveAttribute('src', before);
  const logoSrc = await logo.getAttribute('src');

  // A location: the shared rules first, then saved.
  const add = page.getByRole('button', { name: 'Vestiging toevoegen' });
  await add.click();
  await expect(add).toHaveAttribute('aria-expanded', 'true');
  const form = page.getByRole('form', { name: 'Nieuwe vestiging' });
  const street = `Stationsplein ${Date.now().toString(36)}`.slice(0, 40);
  await form.getByLabel('Naam van de vestiging (niet verplicht)').fill('Werkplaats');
  await form.getByLabel('Straat').fill(street);
  await form.getByLabel('Huisnummer').fill('7b');
  await form.getByLabel('Postcode').fill('0123 AB');
  await form.getByLabel('Plaats').fill('Zuiderveen');
  const saturday = form.getByRole('group', { name: 'Zaterdag' });
  await saturday.getByLabel('Gesloten').uncheck();
  await saturday.getByLabel('Open van').fill('10:00');
  await saturday.getByLabel('tot').fill('09:00');
  await form.getByRole('button', { name: 'Vestiging opslaan' }).click();
  await expectFieldError(form, form.getByLabel('Postcode'), 'Vul een geldige postcode in, bijvoorbeeld 1234 AB.');
  await expect(form.getByRole('alert')).toContainText('De sluitingstijd op zaterdag moet na de openingstijd liggen.');
  await form.getByLabel('Postcode').fill('7831 ab');
  await saturday.getByLabel('tot').fill('16:00');
  await form.getByRole('group', { name: 'Woensdag' }).getByLabel('Gesloten').check();
  await settle(page);
  await expectAccessible(page, 'profiel met vestigingsformulier');
  await form.getByRole('button', { name: 'Vestiging opslaan' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'De vestiging is toegevoegd.' })).toBeVisible();
  const hours = page.getByRole('table', { name: 'Openingstijden van Werkplaats' });
  await expect(hours.getByRole('row', { name: /Woensdag/ })).toContainText('gesloten');
  await expect(hours.getByRole('row', { name: /Zaterdag/ })).toContainText('10.00–16.00');

  // The public page: logo, description and the location as text with its hours.
  await page.getByRole('link', { name: 'bekijk uw pagina' }).click();
  await expect(page).toHaveURL(/\/aanbod\/aanbieders\//);
  await settle(page);
  await expect(page.getByRole('img', { name: /^Logo van / })).toHaveAttribute('src', logoSrc!);
  const location = page.locator('.gw-locations li').filter({ hasText: 'Werkplaats' });
  await expect(location.getByRole('heading', { level: 3, name: 'Werkplaats' })).toBeVisible();
  await expect(location.locator('address')).toContainText(`${street} 7b`);
  await expect(location.locator('address')).toContainText('7831 AB Zuiderveen');
  await expect(location.getByRole('row', { name: /Maandag/ })).toContainText('09.00–17.00');
  await expect(location.getByRole('row', { name: /Zondag/ })).toContainText('gesloten');
  await expectAccessible(page, 'openbare aanbiederspagina met vestigingen');

  // Removed again from the profile, after confirming.
  await page.goto('/aanbieder/profiel');
  await settle(page);
  await page.getByRole('button', { name: 'Verwijderen Werkplaats' }).click();
  await page.getByRole('button', { name: 'Ja, verwijder deze vestiging' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'De vestiging Werkplaats is verwijderd.' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Openingstijden van Werkplaats' })).toHaveCount(0);
});

test('a provider without an approved membership is told residents see nothing yet, with where to apply', async ({
  page,
  browser,
}) => {
  await loginProvider(page, 6);
  await page.goto('/aanbieder/producten');
  await settle(page);
  const hint = page.locator('.gw-alert').filter({ hasText: 'Inwoners zien uw producten nog niet' });
  await expect(hint).toBeVisible();
  await expect(hint).toContainText('wordt beoordeeld');
  const apply = hint.getByRole('link', { name: /^Meld u aan bij / });
  await expect(apply.first()).toHaveAttribute('href', /\/aanbieder\/profiel\/aanmelden\/[0-9a-f-]{36}$/);
  await expectAccessible(page, 'producten zonder goedgekeurd lidmaatschap');
  await apply.first().click();
  await expect(page).toHaveURL(/\/aanbieder\/profiel\/aanmelden\//);

  // An approved provider is not told so.
  const context = await browser.newContext();
  const approved = await context.newPage();
  await loginProvider(approved, 1);
  await approved.goto('/aanbieder/producten');
  await settle(approved);
  await expect(approved.getByText('Inwoners zien uw producten nog niet')).toHaveCount(0);
  await context.close();
});
