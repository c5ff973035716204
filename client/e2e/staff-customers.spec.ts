import { type Page } from '@playwright/test';
import { demoCalendar, test, expect } from './fixtures';
import { expectAccessible, expectFieldError, loginStaff, settle, STAFF } from './support';
import { resident } from './orders-support';

/**
 * Customers in the admin area, end to end: Klantcontact searches a household, opens it, grants (and revokes) an
 * assignment, adds a member, opens a person and issues, blocks and replaces cards; the Beheerder reveals a BSN,
 * erases a person and manages arrangements; a resident blocks a lost card and changes their contact details.
 * axe checks every new screen. Households of their own (ZV-100005, ZV-100006), so other specs are not disturbed.
 */

const STAFF_HOUSEHOLD = 'ZV-100005';
const RESIDENT_HOUSEHOLD = 'ZV-100006';

function watchErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

/** A valid BSN (elfproef) that the demo data does not use. */
function freshBsn(): string {
  for (let n = Date.now() % 90_000_000; ; n++) {
    const body = String(10_000_000 + n).slice(0, 8);
    let sum = 0;
    for (let i = 0; i < 8; i++) sum += Number(body[i]) * (9 - i);
    if (sum % 11 <= 9) return body + String(sum % 11);
  }
}

async function openHousehold(page: Page, clientNumber: string) {
  await page.goto('/admin/klanten');
  await settle(page);
  await page.getByRole('searchbox', { name: 'Zoeken' }).fill(clientNumber);
  await page.getByRole('button', { name: 'Zoeken' }).click();
  await expect(page).toHaveURL(new RegExp(`zoek=${clientNumber}`));
  const rows = page.locator('main table tbody tr');
  await expect(rows).toHaveCount(1);
  await rows.first().getByRole('link').first().click();
  await expect(page).toHaveURL(/\/admin\/klantgroep\/[0-9a-f-]{36}$/);
  await settle(page);
}

test('Klantcontact finds a household, grants and revokes an assignment, adds a member and manages a card', async ({
  page,
  baseURL,
}) => {
  const { meedoenregeling, year, today } = await demoCalendar(baseURL!);
  // A child of twelve on the server's clock, whatever the year.
  const childBorn = `${year - 12}${today.slice(4)}`.replace(/-02-29$/, '-02-28');
  test.setTimeout(180_000); // one journey through seven screens, each checked with axe
  const errors = watchErrors(page);
  await loginStaff(page, STAFF.klantcontact);

  // Search: by client number, and a search without results.
  await page.goto('/admin/klanten');
  await settle(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Klanten');
  await expectAccessible(page, 'klanten');
  await page.getByRole('searchbox', { name: 'Zoeken' }).fill('Qwxyzzy');
  await page.getByRole('button', { name: 'Zoeken' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Er is geen klant gevonden' })).toBeVisible();
  await openHousehold(page, STAFF_HOUSEHOLD);
  const household = page.url();
  await expect(page.getByRole('main')).toContainText(`Klantnummer ${STAFF_HOUSEHOLD}`);
  await expect(page.getByRole('heading', { name: 'Leden' })).toBeVisible();
  await expectAccessible(page, 'klantgroep');

  // Grant: the Meedoenregeling for one member (the household as a whole has it already), € 12,34 typed the Dutch way.
  await page.getByRole('link', { name: 'Nieuwe toewijzing' }).click();
  await settle(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Nieuwe toewijzing');
  await expectAccessible(page, 'nieuwe toewijzing');
  await page.getByRole('button', { name: 'Toewijzing toekennen' }).click();
  await expect(page.getByRole('alert')).toContainText('Kies een regeling.');
  await expectAccessible(page, 'nieuwe toewijzing met fouten');
  await page.getByLabel('Regeling').selectOption({ label: `${meedoenregeling} (standaard € 250,00)` });
  await expect(page.getByLabel('Bedrag in euro')).toHaveValue('250,00');
  await page.getByLabel('Bedrag in euro').fill('12,34');
  await page.getByLabel('Voor wie').selectOption({ index: 1 });
  const member = (await page.getByLabel('Voor wie').locator('option:checked').textContent())!.trim();
  await page.getByRole('button', { name: 'Toewijzing toekennen' }).click();
  // A confirmation step with amount and beneficiary, the focus on its heading; "Wijzigen" goes back to the form.
  const confirmation = page.getByRole('region', { name: 'Controleer de toewijzing' });
  await expect(confirmation).toContainText(`U kent € 12,34 toe aan ${member} voor ${meedoenregeling}`);
  await expect(confirmation.getByRole('heading')).toBeFocused();
  await expectAccessible(page, 'toewijzing bevestigen');
  await confirmation.getByRole('button', { name: 'Wijzigen' }).click();
  await expect(confirmation).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Toewijzing toekennen' })).toBeFocused();
  await page.getByRole('button', { name: 'Toewijzing toekennen' }).click();
  await confirmation.getByRole('button', { name: 'Bevestigen' }).click();
  await expect(page).toHaveURL(/\/toewijzingen$/);
  await expect(page.getByRole('status').filter({ hasText: `${meedoenregeling} is toegekend` })).toContainText(
    '€ 12,34',
  );
  await settle(page);
  await expectAccessible(page, 'toewijzingen');

  // Its bookings, then revoke it with a reason (required).
  const granted = page.locator('section', { has: page.getByText('€ 12,34 van € 12,34') });
  await expect(granted).toHaveCount(1);
  await granted.locator('summary', { hasText: 'Boekingen' }).click();
  await expect(granted.locator('table')).toContainText('Toegekend');
  await granted.getByRole('button', { name: 'Intrekken' }).click();
  await granted.getByRole('button', { name: 'Toewijzing intrekken' }).click();
  await expectFieldError(granted, granted.getByLabel('Reden van intrekken'), 'Geef een reden op (3 tot 500 tekens).');
  await expectAccessible(page, 'toewijzing intrekken');
  await granted.getByLabel('Reden van intrekken').fill('Per abuis toegekend');
  await granted.getByRole('button', { name: 'Toewijzing intrekken' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'is ingetrokken' })).toBeVisible();
  const revoked = page.locator('section', { has: page.getByText('Reden: Per abuis toegekend') });
  await expect(revoked).toContainText('Ingetrokken');
  await expect(revoked).toContainText('€ 0,00 van € 12,34');

  // Add a member: the elfproef is checked, then the member is added with a new card.
  await page.goto(household);
  await settle(page);
  await page.getByRole('link', { name: 'Lid toevoegen' }).click();
  await settle(page);
  await expectAccessible(page, 'lid toevoegen');
  await page.getByLabel('Voornaam').fill('Sara');
  await page.getByLabel('Achternaam', { exact: false }).fill('Testmans');
  await page.getByLabel('Geboortedatum').fill(childBorn);
  await page.getByLabel('Burgerservicenummer (niet verplicht)').fill('123456789');
  await page.getByRole('button', { name: 'Lid toevoegen' }).click();
  await expect(page.getByRole('alert')).toContainText('elfproef');
  await expectFieldError(page, page.getByLabel('Burgerservicenummer (niet verplicht)'), /elfproef/);
  await expectAccessible(page, 'lid toevoegen met fouten');
  await page.getByLabel('Burgerservicenummer (niet verplicht)').fill(freshBsn());
  await page.getByRole('button', { name: 'Lid toevoegen' }).click();
  await expect(page).toHaveURL(household);
  await expect(page.getByRole('status').filter({ hasText: 'Sara Testmans' })).toContainText('nieuwe pas');

  // A person: masked BSN, no reveal for Klantcontact.
  await page.getByRole('link', { name: 'Sara Testmans' }).click();
  await expect(page).toHaveURL(/\/admin\/persoon\/P-\d+$/);
  await settle(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sara Testmans');
  await expect(page.locator('main dl')).toContainText(/\*{5}\d{4}/);
  await expect(page.getByRole('button', { name: 'Volledig BSN tonen' })).toHaveCount(0);
  await expectAccessible(page, 'persoon');

  // Cards: replace the active card, block the new one, then issue a fresh one.
  await page.getByRole('navigation', { name: 'Persoon' }).getByRole('link', { name: 'Pas' }).click();
  await settle(page);
  await expectAccessible(page, 'pas');
  const rows = page.locator('main table tbody tr');
  await expect(rows).toHaveCount(1);
  await page.getByRole('button', { name: /^Vervangen/ }).click();
  await expectAccessible(page, 'pas vervangen bevestigen');
  await page.getByRole('button', { name: 'Ja, vervang deze pas' }).click();
  await expect(page.getByText(/is vervangen\. De nieuwe pas eindigt op \d{4}\./)).toBeVisible();
  await expect(rows).toHaveCount(2);
  await expect(page.locator('main table')).toContainText('Vervangen');
  await page.getByRole('button', { name: /^Blokkeren/ }).click();
  await page.getByRole('button', { name: 'Ja, blokkeer deze pas' }).click();
  await expect(page.getByText(/is geblokkeerd\./)).toBeVisible();
  await expect(page.locator('main table')).toContainText('Geblokkeerd');
  await page.getByRole('button', { name: 'Nieuwe pas uitgeven' }).click();
  await expect(page.getByText(/Er is een nieuwe pas uitgegeven, eindigend op \d{4}\./)).toBeVisible();
  await expect(rows).toHaveCount(3);
  await expect(page.locator('main table tbody tr', { hasText: 'Actief' })).toHaveCount(1);
  await expectAccessible(page, 'pas na vervangen en blokkeren');

  // The household's orders.
  await page.getByRole('navigation', { name: 'Persoon' }).getByRole('link', { name: 'Bestellingen' }).click();
  await settle(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Bestellingen van Sara Testmans');
  await expectAccessible(page, 'bestellingen van een persoon');

  // Arrangements are not Klantcontact's.
  await page.goto('/admin/regelingen');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Geen toegang');
  expect(errors).toEqual([]);
});

test('the Beheerder reveals a BSN, erases a person and manages arrangements', async ({ page, baseURL }) => {
  const { kindpakket, year } = await demoCalendar(baseURL!);
  const next = year + 1;
  test.setTimeout(180_000);
  const errors = watchErrors(page);
  await loginStaff(page, STAFF.beheerder);

  // A member to erase, so no other test's data changes.
  await openHousehold(page, STAFF_HOUSEHOLD);
  const household = page.url();
  await page.getByRole('link', { name: 'Lid toevoegen' }).click();
  await settle(page);
  const bsn = freshBsn();
  await page.getByLabel('Voornaam').fill('Erik');
  await page.getByLabel('Achternaam', { exact: false }).fill('Wisselaar');
  await page.getByLabel('Geboortedatum').fill('1980-07-01');
  await page.getByLabel('E-mailadres (niet verplicht)').fill('erik.wisselaar@voorbeeld.nl');
  await page.getByLabel('Burgerservicenummer (niet verplicht)').fill(bsn);
  await page.getByRole('button', { name: 'Lid toevoegen' }).click();
  await expect(page).toHaveURL(household);
  await page.getByRole('link', { name: 'Erik Wisselaar' }).click();
  await settle(page);

  // The full BSN only on request.
  await expect(page.locator('main')).not.toContainText(bsn);
  await expect(page.locator('main dl')).toContainText(`*****${bsn.slice(-4)}`);
  await page.getByRole('button', { name: 'Volledig BSN tonen' }).click();
  await expect(page.locator('main dl')).toContainText(bsn);
  await expectAccessible(page, 'persoon met BSN');
  await page.getByRole('button', { name: 'BSN verbergen' }).click();
  await expect(page.locator('main')).not.toContainText(bsn);

  // Erase: only after typing the client number.
  const clientNumber = decodeURIComponent(page.url().split('/').pop()!);
  await page.getByRole('navigation', { name: 'Persoon' }).getByRole('link', { name: 'Gegevens wissen' }).click();
  await settle(page);
  await expectAccessible(page, 'gegevens wissen');
  await page.getByLabel(/Typ het klantnummer/).fill('P-000000');
  await page.getByRole('button', { name: 'Persoonsgegevens definitief wissen' }).click();
  await expectFieldError(page, page.getByLabel(/Typ het klantnummer/), /Het klantnummer klopt niet\./);
  await expectAccessible(page, 'gegevens wissen met fout');
  await page.getByLabel(/Typ het klantnummer/).fill(clientNumber);
  await page.getByRole('button', { name: 'Persoonsgegevens definitief wissen' }).click();
  await expect(page).toHaveURL(household);
  await expect(page.getByRole('status').filter({ hasText: 'De persoonsgegevens zijn gewist' })).toBeVisible();
  await expect(page.locator('main table').first()).toContainText('Geanonimiseerd');
  await expect(page.locator('main')).not.toContainText('Wisselaar');

  // Arrangements: the list with budget use, a new one (validated), and an edit.
  await page.goto('/admin/regelingen');
  await settle(page);
  await expect(page.locator('main table')).toContainText(kindpakket);
  await expectAccessible(page, 'regelingen');
  await page.getByRole('link', { name: 'Nieuwe regeling' }).click();
  await settle(page);
  await expectAccessible(page, 'nieuwe regeling');
  await page.getByRole('button', { name: 'Regeling aanmaken' }).click();
  await expect(page.getByRole('alert')).toContainText('Vul een naam in.');
  await expect(page.getByRole('alert')).toContainText('Kies ten minste één categorie');
  await expectAccessible(page, 'nieuwe regeling met fouten');
  const name = `Zomerregeling ${Date.now() % 100000}`;
  await page.getByLabel('Naam').fill(name);
  await page.getByLabel('Gemeente').selectOption({ label: 'Gemeente Zuiderveen' });
  await page.getByLabel('Geldig vanaf').fill(`${next}-06-01`);
  await page.getByLabel('Geldig tot en met').fill(`${next}-08-31`);
  await page.getByLabel('Standaardbedrag in euro').fill('75,50');
  await page.getByLabel('Zwemmen').check();
  await page.getByLabel(/Eigen bijdrage toegestaan/).check();
  await page.getByRole('button', { name: 'Regeling aanmaken' }).click();
  await expect(page).toHaveURL(/\/admin\/regelingen$/);
  await expect(page.getByRole('status').filter({ hasText: `De regeling ‘${name}’ is aangemaakt.` })).toBeVisible();
  const row = page.locator('main table tbody tr', { hasText: name });
  await expect(row).toContainText('€ 75,50');
  await row.getByRole('link', { name }).click();
  await settle(page);
  await expect(page.getByLabel('Standaardbedrag in euro')).toHaveValue('75,50');
  await expectAccessible(page, 'regeling bewerken');
  await page.getByLabel('Maximum per bestelling in euro (niet verplicht)').fill('40');
  await page.getByLabel('Geldig tot en met').fill(`${next}-05-01`);
  await page.getByRole('button', { name: 'Wijzigingen opslaan' }).click();
  await expect(page.getByRole('alert')).toContainText('De einddatum ligt vóór de begindatum.');
  await page.getByLabel('Geldig tot en met').fill(`${next}-09-30`);
  await page.getByRole('button', { name: 'Wijzigingen opslaan' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'De wijzigingen zijn opgeslagen.' })).toBeVisible();
  await expect(page.getByLabel('Maximum per bestelling in euro (niet verplicht)')).toHaveValue('40,00');
  expect(errors).toEqual([]);
});

test('a resident blocks a lost card of the household and changes their contact details', async ({ page }) => {
  const errors = watchErrors(page);
  const who = resident(RESIDENT_HOUSEHOLD);
  await page.goto('/account/pas');
  await expect(page).toHaveURL(/\/inloggen\?terug=/);
  await page.getByRole('link', { name: 'Inloggen met DigiD' }).click();
  await page.getByLabel('BSN', { exact: true }).fill(who.bsn);
  await page.getByRole('button', { name: 'Inloggen met dit BSN' }).click();
  await expect(page).toHaveURL(/\/account\/pas$/);
  await settle(page);

  // Masked numbers: only the last four digits.
  const main = page.locator('main');
  await expect(main).toContainText(`••••••${who.cardNumber.slice(-4)}`);
  await expect(main).not.toContainText(who.cardNumber);
  await expectAccessible(page, 'account pas');
  const mine = page.locator('main table tbody tr', { hasText: `${who.firstName} ${who.lastName}` });
  await mine.getByRole('button', { name: /Pas blokkeren/ }).click();
  await expect(page.getByRole('group', { name: /Blokkeren bevestigen/ })).toContainText('Weet u het zeker?');
  await expectAccessible(page, 'account pas bevestigen');
  await page.getByRole('button', { name: 'Ja, blokkeer deze pas' }).click();
  await expect(page.getByText(/is geblokkeerd\. Neem contact op met de gemeente/)).toBeVisible();
  await expect(mine).toContainText('Geblokkeerd');
  await expect(mine.getByRole('button', { name: /Pas blokkeren/ })).toHaveCount(0);

  // Contact details and the notification preference.
  await page.getByRole('navigation', { name: 'Mijn account' }).getByRole('link', { name: 'Gegevens' }).click();
  await expect(page).toHaveURL(/\/account\/gegevens$/);
  await settle(page);
  await expectAccessible(page, 'account gegevens');
  await page.getByLabel('E-mailadres').fill('niet-goed');
  await page.getByRole('button', { name: 'Gegevens opslaan' }).click();
  await expect(page.getByRole('alert')).toContainText('Vul een geldig e-mailadres in');
  await expectFieldError(page, page.getByLabel('E-mailadres'), /Vul een geldig e-mailadres in/);
  await expectAccessible(page, 'account gegevens met fout');
  await page.getByLabel('E-mailadres').fill('nieuw.adres@voorbeeld.nl');
  await page.getByLabel('Telefoonnummer (niet verplicht)').fill('06 1234 5678');
  await page.getByLabel(/statuswijziging van een bestelling/).uncheck();
  await page.getByRole('button', { name: 'Gegevens opslaan' }).click();
  await expect(page.getByText('Uw gegevens zijn opgeslagen.')).toBeVisible();
  await page.reload();
  await settle(page);
  await expect(page.getByLabel('E-mailadres')).toHaveValue('nieuw.adres@voorbeeld.nl');
  await expect(page.getByLabel('Telefoonnummer (niet verplicht)')).toHaveValue('0612345678');
  await expect(page.getByLabel(/statuswijziging van een bestelling/)).not.toBeChecked();
  expect(errors).toEqual([]);
});
