import { mkdirSync } from 'node:fs';
import { type Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { expectAccessible, loginProvider, loginStaff, settle, STAFF, resizeTo } from './support';
import { pageGql } from './account-support';
import { demoResidents } from './orders-support';

/**
 * The catalogue journey end to end. Provider 1 is a member of Zuiderveen and Noorderhaven, and each municipality
 * decides for itself: the Beheerder (both municipalities) rejects the product for each with its own reason, the provider
 * sees both reasons, fixes it and resubmits, Zuiderveen approves it, and then a Noorderhaven resident still does not
 * see it while a visitor (the regional shop window) finds it by a misspelt word. axe runs on every new screen.
 */

/** Screenshots for people to look at (git-ignored), as screenshots.spec.ts. */
const SHOTS = '../.tmp/screenshots';
const REVIEWER = 'aanbiederbeheer@demo.gemeentewinkel.nl';
const EDITOR = 'redactie@demo.gemeentewinkel.nl';
// Unique per run, so reruns against a kept database do not collide.
const word = `Kanovaartocht`;
const title = `${word} voor gezinnen ${Date.now().toString(36)}`;
const fixedTitle = `${word} voor gezinnen met kinderen vanaf 8 jaar ${Date.now().toString(36)}`;

async function productIdFromUrl(page: Page): Promise<string> {
  await expect(page).toHaveURL(/\/aanbieder\/producten\/[0-9a-f-]{36}$/);
  return page.url().split('/').at(-1)!;
}

/** Logs a resident of the given municipality in through the DigiD simulator. */
async function loginResidentOf(page: Page, municipality: 'zuiderveen' | 'noorderhaven') {
  const who = demoResidents().find((r) => r.municipality === municipality && r.adult)!;
  await page.goto('/inloggen');
  await page.getByRole('link', { name: 'Inloggen met DigiD' }).click();
  await expect(page).toHaveURL(/\/auth\/digid\/simulator/);
  await page.getByLabel('BSN', { exact: true }).fill(who.bsn);
  await page.getByRole('button', { name: 'Inloggen met dit BSN' }).click();
  await expect(page).toHaveURL(/\/account\//);
}

test('a product goes from draft to the offer of each municipality: reject per municipality, fix, resubmit, approve, find', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const providerContext = await browser.newContext();
  const provider = await providerContext.newPage();
  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();

  // 1. The provider adds a product; client-side checks come first.
  await loginProvider(provider, 1);
  await provider.goto('/aanbieder/producten');
  await settle(provider);
  await provider.getByRole('link', { name: 'Nieuw product' }).click();
  await expect(provider.getByRole('heading', { level: 1 })).toHaveText('Nieuw product');
  await settle(provider);
  await expectAccessible(provider, 'nieuw product');
  await provider.getByLabel('Titel').fill('Ka');
  await provider.getByLabel('Prijs in euro').fill('12,505');
  await provider.getByRole('button', { name: 'Opslaan en indienen' }).click();
  // The server's rules, checked at once: in the error summary (which gets the focus) and at each field.
  const problems = provider.getByRole('alert');
  await expect(problems).toBeFocused();
  await expect(problems.getByRole('link', { name: 'De titel moet tussen 3 en 120 tekens lang zijn.' })).toBeVisible();
  await expect(problems.getByRole('link', { name: 'Vul een bedrag in euro’s in, bijvoorbeeld 12,50.' })).toBeVisible();
  await expect(problems.getByRole('link', { name: 'Kies een categorie.' })).toBeVisible();
  await expect(provider.getByLabel('Titel')).toHaveAttribute('aria-invalid', 'true');
  await expectAccessible(provider, 'nieuw product met fouten');

  await provider.getByLabel('Titel').fill(title);
  await provider
    .getByLabel('Omschrijving')
    .fill('Een dag **kanoën** op de rivier met een gids.\n\n<script>alert(1)</script>');
  await provider.getByLabel('Prijs in euro').fill('24,95');
  await provider.getByLabel('Categorie').selectOption({ label: 'Uitjes en vrije tijd' });
  await provider.getByLabel('Bezorgen').check();
  await provider.getByRole('button', { name: 'Opslaan en indienen' }).click();
  const productId = await productIdFromUrl(provider);
  await expect(provider.getByRole('status').filter({ hasText: 'opgeslagen en ingediend' })).toBeVisible();
  await expect(provider.locator('main')).toContainText('Ingediend');
  await expect(provider.locator('main')).toContainText('€ 24,95');
  await expect(provider.locator('main')).toContainText(
    'In behandeling in Gemeente Noorderhaven en Gemeente Zuiderveen.',
  );
  await settle(provider);
  await expectAccessible(provider, 'product (ingediend)');

  // 2. The Beheerder finds it in Noorderhaven's queue and rejects it for each municipality; a reason is required.
  await loginStaff(staff, STAFF.beheerder);
  await staff.goto('/admin/producten');
  await settle(staff);
  const byMunicipality = staff.getByRole('search', { name: 'Filter op gemeente' });
  await byMunicipality.getByLabel('Gemeente').selectOption({ label: 'Gemeente Noorderhaven' });
  await byMunicipality.getByRole('button', { name: 'Filteren' }).click();
  await expect(staff).toHaveURL(/\/admin\/producten\?gemeente=noorderhaven$/);
  await settle(staff);
  await expect(staff.getByRole('row', { name: new RegExp(title) })).toContainText('Gemeente Noorderhaven');
  await expectAccessible(staff, 'beoordelingswachtrij per gemeente');
  await staff.getByRole('link', { name: title }).click();
  await expect(staff.getByRole('heading', { level: 1 })).toHaveText(title);
  await settle(staff);
  await expect(staff.locator('main strong', { hasText: 'kanoën' })).toBeVisible();
  await expect(staff.locator('main')).toContainText('<script>alert(1)</script>'); // shown as text, never run
  await expect(staff.locator('main')).toContainText('Bezorgen');
  await expect(staff.getByRole('button', { name: 'Goedkeuren voor alle 2 gemeenten' })).toBeVisible();
  await expectAccessible(staff, 'product beoordelen (twee gemeenten)');
  // Rejecting sits behind a disclosure per municipality: the approve buttons stand alone.
  await expect(staff.getByLabel('Reden van afkeuren voor Gemeente Zuiderveen')).toHaveCount(0);
  const rejectZuiderveen = staff.getByRole('button', { name: 'Afkeuren voor Gemeente Zuiderveen…' });
  await expect(rejectZuiderveen).toHaveAttribute('aria-expanded', 'false');
  await rejectZuiderveen.click();
  await expect(rejectZuiderveen).toHaveAttribute('aria-expanded', 'true');
  await expect(staff.getByLabel('Reden van afkeuren voor Gemeente Zuiderveen')).toBeFocused();
  await staff.getByRole('button', { name: 'Annuleren', exact: true }).click();
  await expect(rejectZuiderveen).toBeFocused();
  await expect(staff.getByLabel('Reden van afkeuren voor Gemeente Zuiderveen')).toHaveCount(0);
  await rejectZuiderveen.click();
  await staff.getByRole('button', { name: 'Afkeuren voor Gemeente Zuiderveen', exact: true }).click();
  await expect(staff.getByRole('alert')).toBeFocused();
  await expect(staff.getByRole('alert')).toContainText(
    'Geef de reden van afkeuren (minstens 5 tekens). De aanbieder ziet deze reden.',
  );
  await expect(staff.getByLabel('Reden van afkeuren voor Gemeente Zuiderveen')).toHaveAttribute('aria-invalid', 'true');
  await expectAccessible(staff, 'product beoordelen met fout');
  const reason = 'Vermeld vanaf welke leeftijd kinderen mee kunnen en of zwemdiploma’s nodig zijn.';
  const reasonNoorderhaven = 'Noem ook waar de tocht begint; in Noorderhaven moeten inwoners dat vooraf weten.';
  await staff.getByLabel('Reden van afkeuren voor Gemeente Zuiderveen').fill(reason);
  await staff.getByRole('button', { name: 'Afkeuren voor Gemeente Zuiderveen', exact: true }).click();
  await expect(
    staff.getByRole('status').filter({ hasText: 'Het product is afgekeurd voor Gemeente Zuiderveen' }),
  ).toBeVisible();
  await staff.getByRole('button', { name: 'Afkeuren voor Gemeente Noorderhaven…' }).click();
  await staff.getByLabel('Reden van afkeuren voor Gemeente Noorderhaven').fill(reasonNoorderhaven);
  await staff.getByRole('button', { name: 'Afkeuren voor Gemeente Noorderhaven', exact: true }).click();
  await expect(
    staff.getByRole('status').filter({ hasText: 'Het product is afgekeurd voor Gemeente Noorderhaven' }),
  ).toBeVisible();
  await staff.goto('/admin/producten/afgekeurd?gemeente=noorderhaven');
  await settle(staff);
  await expect(staff.getByRole('row', { name: new RegExp(title) })).toContainText(reasonNoorderhaven);
  await expect(staff.getByRole('row', { name: new RegExp(title) })).not.toContainText(reason);
  await expectAccessible(staff, 'afgekeurde producten per gemeente');
  await staff.goto('/admin/producten/afgekeurd');
  await settle(staff);
  await expect(staff.getByRole('row', { name: new RegExp(title) })).toContainText(`Gemeente Zuiderveen: ${reason}`);
  await expectAccessible(staff, 'afgekeurde producten');

  // 3. The provider sees each municipality's reason, fixes the product and resubmits.
  await provider.goto('/aanbieder/producten');
  await settle(provider);
  await expect(provider.getByRole('row', { name: new RegExp(title) })).toContainText('Afgekeurd');
  await provider.getByRole('link', { name: title }).click();
  await settle(provider);
  await expect(provider.locator('main')).toContainText(`Reden: ${reason}`);
  await expect(provider.locator('main')).toContainText(`Reden: ${reasonNoorderhaven}`);
  await expectAccessible(provider, 'product (afgekeurd)');
  await provider.getByLabel('Titel').fill(fixedTitle);
  await provider
    .getByLabel('Omschrijving')
    .fill(
      'Een dag **kanoën** op de rivier met een gids. Start bij de jachthaven. Kinderen vanaf 8 jaar met zwemdiploma A kunnen mee.',
    );
  await provider.getByRole('button', { name: 'Opslaan en opnieuw indienen' }).click();
  await expect(provider.getByRole('status').filter({ hasText: 'ingediend' })).toBeVisible();
  await expect(provider.getByRole('heading', { level: 1 })).toHaveText(fixedTitle);
  await expect(provider.locator('main')).toContainText('Ingediend');
  await expect(provider.locator('main')).not.toContainText(reason);

  // 4. Zuiderveen approves; Noorderhaven has not decided yet.
  await staff.goto(`/admin/producten/${productId}`);
  await settle(staff);
  await expect(staff.getByRole('heading', { level: 1 })).toHaveText(fixedTitle);
  await staff.getByRole('button', { name: 'Goedkeuren voor Gemeente Zuiderveen' }).click();
  await expect(
    staff.getByRole('status').filter({ hasText: 'Het product is goedgekeurd voor Gemeente Zuiderveen' }),
  ).toBeVisible();
  const decisions = staff.getByRole('table', { name: 'Beslissing per gemeente' });
  await expect(decisions.getByRole('row', { name: /Gemeente Zuiderveen/ })).toContainText('Goedgekeurd');
  await expect(decisions.getByRole('row', { name: /Gemeente Noorderhaven/ })).toContainText('In behandeling');
  await expectAccessible(staff, 'product beoordelen (deels goedgekeurd)');
  await provider.reload();
  await settle(provider);
  await expect(provider.locator('main')).toContainText(
    'Goedgekeurd in Gemeente Zuiderveen. In behandeling in Gemeente Noorderhaven.',
  );
  await expectAccessible(provider, 'product (goedgekeurd in één gemeente)');

  // 5. A Noorderhaven resident does not get it: not in the search, and its page is not found.
  const residentContext = await browser.newContext();
  const resident = await residentContext.newPage();
  await loginResidentOf(resident, 'noorderhaven');
  await resident.goto(`/aanbod?zoek=${encodeURIComponent(fixedTitle)}`);
  await settle(resident);
  await expect(resident.locator('main').getByRole('link', { name: fixedTitle })).toHaveCount(0);
  await resident.goto(`/aanbod/product/${productId}`);
  await expect(resident.getByRole('heading', { level: 1 })).toHaveText('Pagina niet gevonden');
  await expect(resident.locator('main')).not.toContainText(fixedTitle);
  await expectAccessible(resident, 'product niet in het aanbod van de gemeente');

  // 6. A visitor finds it by a misspelt word, opens it; the old slug redirects to the canonical URL.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto('/aanbod?zoek=kanovaartoch');
  await settle(visitor);
  const link = visitor.locator('main').getByRole('link', { name: fixedTitle });
  await expect(link).toBeVisible();
  await link.click();
  await expect(visitor.getByRole('heading', { level: 1 })).toHaveText(fixedTitle);
  const canonical = visitor.url();
  expect(canonical).toMatch(
    new RegExp(`/aanbod/kanovaartocht-voor-gezinnen-met-kinderen-vanaf-8-jaar-[a-z0-9]+/${productId}$`),
  );
  await expect(visitor.locator('main strong', { hasText: 'kanoën' })).toBeVisible();
  await expect(visitor.locator('main')).toContainText('€ 24,95');
  await expect(visitor.locator('main')).toContainText('Bezorgen');
  await settle(visitor);
  await expectAccessible(visitor, 'productpagina');
  const oldSlug = title.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  await visitor.goto(`/aanbod/${oldSlug}/${productId}`);
  await expect(visitor).toHaveURL(canonical);
  await expect(visitor.getByRole('heading', { level: 1 })).toHaveText(fixedTitle);

  await providerContext.close();
  await staffContext.close();
  await residentContext.close();
  await visitorContext.close();
});

test('the Beheerder approves a product for both municipalities at once', async ({ browser }) => {
  const providerContext = await browser.newContext();
  const provider = await providerContext.newPage();
  await loginProvider(provider, 2);
  const created = await pageGql(
    provider,
    `mutation($input: ProductInput!){ createProduct(input:$input){ product { id } errors { message } } }`,
    {
      input: {
        title: `Blokfluitles in groepjes ${Date.now().toString(36)}`,
        description: 'Tien lessen blokfluit in groepjes van vier.',
        priceCents: 6500,
        categoryId: (await pageGql(provider, '{ categories { id slug } }')).categories.find(
          (c: { slug: string }) => c.slug === 'cultuur-en-muziek',
        ).id,
        availability: 'AVAILABLE',
        redemptionMethod: 'PICKUP',
      },
    },
  );
  const productId = created.createProduct.product.id;
  await pageGql(provider, `mutation($id:ID!){ submitProduct(id:$id){ errors { message } } }`, { id: productId });
  await providerContext.close();

  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await loginStaff(staff, STAFF.beheerder);
  await staff.goto(`/admin/producten/${productId}`);
  await settle(staff);
  await staff.getByRole('button', { name: 'Goedkeuren voor alle 2 gemeenten' }).click();
  await expect(
    staff
      .getByRole('status')
      .filter({ hasText: 'Het product is goedgekeurd voor Gemeente Noorderhaven en Gemeente Zuiderveen' }),
  ).toBeVisible();
  const decisions = staff.getByRole('table', { name: 'Beslissing per gemeente' });
  await expect(decisions.getByRole('row', { name: /Gemeente Zuiderveen/ })).toContainText('Goedgekeurd');
  await expect(decisions.getByRole('row', { name: /Gemeente Noorderhaven/ })).toContainText('Goedgekeurd');
  await expect(staff.getByRole('button', { name: /Goedkeuren/ })).toHaveCount(0);
  await expectAccessible(staff, 'product beoordelen (goedgekeurd voor alle gemeenten)');
  await staffContext.close();
});

test('the offer sorts by price and filters by provider, with both in the URL', async ({ page }) => {
  await page.goto('/aanbod');
  await settle(page);
  await page.getByLabel('Sorteren op').selectOption({ label: 'Prijs: laag naar hoog' });
  const provider = page.getByLabel('Aanbieder');
  const firstProvider = (await provider.locator('option').nth(1).textContent())!.trim();
  await provider.selectOption({ label: firstProvider });
  await page.getByRole('button', { name: 'Zoeken' }).click();
  await expect(page).toHaveURL(/sortering=prijs-oplopend/);
  await expect(page).toHaveURL(/aanbieder=[0-9a-f-]{36}/);
  await settle(page);
  const prices = await page.locator('main .gw-card__price').allTextContents();
  const cents = prices.map((p) => Number(p.replace(/[^\d,]/g, '').replace(',', '.')) * 100);
  expect(cents.length).toBeGreaterThan(1);
  expect([...cents].sort((a, b) => a - b)).toEqual(cents);
  await expect(page.locator('main').getByRole('status').filter({ hasText: 'gevonden' })).toContainText(
    `van ${firstProvider}`,
  );
  await expectAccessible(page, 'aanbod gesorteerd en gefilterd');
});

test('each product card is an article named by its title, and the offer stays accessible', async ({ page }) => {
  await page.goto('/aanbod');
  await settle(page);
  const cards = page.locator('main .gw-card');
  expect(await cards.count()).toBeGreaterThan(1);
  for (const i of [0, 1]) {
    const title = (await cards.nth(i).getByRole('heading').textContent())!.trim();
    // Screen readers list the card by its title ("Judo voor kinderen"), not as "artikel".
    await expect(page.getByRole('article', { name: title, exact: true }).first()).toBeVisible();
  }
  await expectAccessible(page, 'aanbod met kaarten');
});

test('every demo product shows its picture in the offer and on its page', async ({ page }) => {
  // Bicycles: a category no other test adds products to (those have no picture).
  await page.goto('/aanbod');
  await settle(page);
  await page.getByLabel('Categorie').selectOption({ label: 'Fietsen' });
  await page.getByRole('button', { name: 'Zoeken' }).click();
  await expect(page).toHaveURL(/categorie=[0-9a-f-]{36}/);
  await settle(page);
  const cards = page.locator('main .gw-card');
  const images = page.locator('main .gw-card img.gw-card__image');
  expect(await cards.count()).toBeGreaterThan(0);
  await expect(images).toHaveCount(await cards.count());
  await expect
    .poll(() => images.evaluateAll((all) => all.every((img) => (img as HTMLImageElement).naturalWidth > 0)))
    .toBe(true);
  await cards.first().getByRole('link').first().click();
  const picture = page.getByRole('img', { name: 'Tekening bij de categorie Fietsen' });
  await expect(picture).toBeVisible();
  await expect
    .poll(() => picture.evaluate((el: HTMLImageElement) => (el.complete ? el.naturalWidth : 0)))
    .toBeGreaterThan(0);
});

test('staff manage categories and choose the featured category shown on the home page', async ({ page }) => {
  await loginStaff(page, EDITOR);
  await page.goto('/admin/beheer/categorieen');
  await settle(page);
  await expectAccessible(page, 'categorieën');
  await page.getByRole('link', { name: 'Nieuwe categorie' }).click();
  await settle(page);
  await expectAccessible(page, 'nieuwe categorie');
  await page.getByRole('button', { name: 'Categorie opslaan' }).click();
  // The server's rule, checked at once: in the error summary (which gets the focus) and at the field.
  await expect(page.getByRole('alert')).toBeFocused();
  await expect(page.getByRole('alert').getByRole('link', { name: 'Vul een naam in.' })).toBeVisible();
  await expect(page.locator('.gw-field__error', { hasText: 'Vul een naam in.' })).toBeVisible();
  await expectAccessible(page, 'nieuwe categorie met fouten');
  await page.getByLabel('Naam').fill('Zwemmen');
  await page.getByRole('button', { name: 'Categorie opslaan' }).click();
  await expect(page.locator('.gw-field__error', { hasText: 'Er is al een categorie met deze naam.' })).toBeVisible();
  const name = `Natuur en buiten ${Date.now().toString(36)}`;
  await page.getByLabel('Naam').fill(name);
  await page.getByLabel('Volgorde').fill('50');
  await page.getByRole('button', { name: 'Categorie opslaan' }).click();
  await expect(page).toHaveURL(/\/admin\/beheer\/categorieen$/);
  await expect(page.getByRole('status').filter({ hasText: 'is toegevoegd' })).toBeVisible();

  // A category with products can not be deleted.
  await page.getByRole('link', { name: 'Zwemmen' }).click();
  await settle(page);
  await expectAccessible(page, 'categorie bewerken');
  await page.getByRole('button', { name: 'Categorie verwijderen' }).click();
  await page.getByRole('button', { name: 'Ja, verwijder deze categorie' }).click();
  await expect(page.getByRole('alert')).toContainText('Deze categorie kunt u niet verwijderen');

  // Feature the new category; the home page shows it.
  await page.goto('/admin/beheer/categorieen/uitgelichte-categorie');
  await settle(page);
  await expectAccessible(page, 'uitgelichte categorie');
  await page.getByLabel('Zwemmen').check();
  await page.getByRole('button', { name: 'Opslaan' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'De uitgelichte categorie is opgeslagen.' })).toBeVisible();
  await page.goto('/');
  await settle(page);
  await expect(page.getByRole('heading', { level: 2, name: 'Uitgelicht: Zwemmen' })).toBeVisible();
  await expect(
    page
      .locator('section', { has: page.getByRole('heading', { name: 'Uitgelicht: Zwemmen' }) })
      .locator('.gw-card')
      .first(),
  ).toBeVisible();
  await expectAccessible(page, 'home met uitgelichte categorie');

  // The empty new category can be deleted.
  await page.goto('/admin/beheer/categorieen');
  await settle(page);
  await page.getByRole('link', { name }).click();
  await settle(page);
  await page.getByRole('button', { name: 'Categorie verwijderen' }).click();
  await page.getByRole('button', { name: 'Ja, verwijder deze categorie' }).click();
  await expect(page).toHaveURL(/\/admin\/beheer\/categorieen$/);
  await expect(page.getByRole('status').filter({ hasText: 'is verwijderd' })).toBeVisible();
  // Put the demo's featured category back for the other tests.
  await page.goto('/admin/beheer/categorieen/uitgelichte-categorie');
  await settle(page);
  await page.getByLabel('Sport en bewegen').check();
  await page.getByRole('button', { name: 'Opslaan' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'opgeslagen' })).toBeVisible();
});

test('a provider uploads an image; a non-image is refused in Dutch', async ({ page }) => {
  await loginProvider(page, 2);
  await page.goto('/aanbieder/producten/nieuw');
  await settle(page);
  await page.getByLabel('Titel').fill(`Blokfluitles ${Date.now().toString(36)}`);
  await page.getByLabel('Prijs in euro').fill('45');
  await page.getByLabel('Categorie').selectOption({ label: 'Cultuur en muziek' });
  await page.getByRole('button', { name: 'Opslaan als concept' }).click();
  await productIdFromUrl(page);
  await settle(page);
  await expect(page.locator('main')).toContainText('Concept');
  // A text file that claims to be a PNG.
  await page
    .getByLabel('Afbeelding toevoegen')
    .setInputFiles({ name: 'foto.png', mimeType: 'image/png', buffer: Buffer.from('geen afbeelding') });
  await page.getByRole('button', { name: 'Afbeelding uploaden' }).click();
  await expect(page.getByRole('alert')).toContainText(
    'Dit bestand is geen afbeelding. Kies een JPEG-, PNG- of WebP-afbeelding.',
  );
  // A real PNG (1×1 pixel).
  const png = Buffer.from(
    'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
    'base64',
  );
  await page.getByLabel('Afbeelding toevoegen').setInputFiles({ name: 'foto.png', mimeType: 'image/png', buffer: png });
  await page.getByLabel('Beschrijving van de afbeelding').fill('Een blokfluit');
  await page.getByRole('button', { name: 'Afbeelding uploaden' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'De afbeelding is toegevoegd.' })).toBeVisible();
  const img = page.getByRole('img', { name: 'Een blokfluit' });
  await expect(img).toBeVisible();
  // Visible means laid out, not loaded: wait until the browser has decoded the stored picture.
  await expect
    .poll(() => img.evaluate((el: HTMLImageElement) => (el.complete ? el.naturalWidth : 0)))
    .toBeGreaterThan(0);
  await expectAccessible(page, 'product met afbeelding');
});

test('staff see a provider’s products in every status', async ({ page }) => {
  await loginStaff(page, REVIEWER);
  await page.goto('/admin/producten');
  await settle(page);
  const providerLink = page.locator('main table tbody tr').first().getByRole('link').nth(1);
  await providerLink.click();
  await expect(page).toHaveURL(/\/admin\/aanbieders\/[0-9a-f-]{36}\/producten$/);
  await settle(page);
  await expect(page.locator('main table tbody tr').first()).toBeVisible();
  await expectAccessible(page, 'producten van de aanbieder');
});

test('a near miss of a category finds its products, and a search that finds nothing offers "Bedoelde u …?"', async ({
  page,
  request,
}) => {
  // "computr": the products of Computers en internet.
  await page.goto('/aanbod?zoek=computr');
  await expect(page.getByText(/producten? gevonden voor ‘computr’/)).toBeVisible();
  await expect(page.getByRole('article').first()).toBeVisible();

  // Misspelt beyond what the search tolerates: nothing found, and the server's near search as a link.
  await page.goto('/aanbod?zoek=kompjoeters');
  await expect(page.getByText('Geen producten gevonden')).toBeVisible();
  const suggestion = page.getByRole('link', { name: 'computers', exact: true });
  await expect(suggestion.locator('xpath=..')).toHaveText('Bedoelde u computers?');
  await settle(page);
  await expectAccessible(page, 'aanbod zonder resultaat');
  mkdirSync(SHOTS, { recursive: true });
  for (const width of [390, 1280]) {
    await resizeTo(page, { width, height: 900 });
    await page.screenshot({ path: `${SHOTS}/aanbod-bedoelde-u-${width}.png`, fullPage: true });
  }
  await suggestion.click();
  await expect(page).toHaveURL(/\?zoek=computers$/);
  await expect(page.getByText(/producten? gevonden voor ‘computers’/)).toBeVisible();

  // The page as the server renders it for a visitor already has the suggestion (no JavaScript needed).
  const html = await (await request.get('/aanbod?zoek=kompjoeters')).text();
  expect(html).toMatch(/Bedoelde u(?:<!-- -->)? <a [^>]*href="\/aanbod\?zoek=computers"[^>]*>computers<\/a>\?/);
});
