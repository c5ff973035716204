import { test, expect } from './fixtures';
import { expectAccessible, loginStaff, settle, STAFF } from './support';

/**
 * Issue 28, "Must show": a resident without the arrangement checks "Kom ik in aanmerking?", logs in with DigiD,
 * applies with two children and a photo of a payslip, gets a question from the assessor, answers it with another
 * file; the assessor approves; the resident sees the budget. The demo's applicant ZV-100101 (seeders/demo-applications.ts)
 * has no application yet; its BSN is the first valid one from 990000000 (demoApplicantBsn(0)).
 */

function firstDemoApplicantBsn(): string {
  for (let n = 990_000_000; ; n++) {
    const d = String(n).split('').map(Number);
    const sum = d.slice(0, 8).reduce((s, x, i) => s + x * (9 - i), 0) - d[8]!;
    if (sum % 11 === 0) return String(n);
  }
}

// A tiny PNG (1×1, red): what a phone's photo of a payslip stands for here.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==',
  'base64',
);

const year = new Date().getFullYear();
const childA = `${year - 8}-05-14`;
const childB = `${year - 12}-09-02`;

test('a resident checks, applies with proof, answers a question, and gets the budget once approved', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  // "Kom ik in aanmerking?" without logging in.
  await page.goto('/aanvragen');
  await settle(page);
  await expectAccessible(page, 'aanvragen');
  await page.getByRole('link', { name: `Jeugdtegoed ${year}`, exact: true }).click();
  await settle(page);
  await page
    .getByRole('group', { name: /Woont u in de gemeente/ })
    .getByLabel('Ja')
    .check();
  await page
    .getByRole('group', { name: /huishouden samengesteld/ })
    .getByLabel('Alleenstaande ouder')
    .check();
  await page.getByLabel(/netto inkomen/).fill('1500');
  const kids = page.getByRole('group', { name: /geboortedata/ });
  await kids.getByLabel('Datum 1').fill(childA);
  await kids.getByRole('button', { name: 'Nog een toevoegen' }).click();
  await kids.getByLabel('Datum 2').fill(childB);
  await page.getByRole('button', { name: 'Controleer' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'in aanmerking' })).toContainText('€ 300,00');
  await expectAccessible(page, 'kom ik in aanmerking');

  // DigiD, back to the arrangement.
  await page.getByRole('link', { name: 'Inloggen met DigiD om aan te vragen' }).click();
  await expect(page).toHaveURL(/\/inloggen\?/);
  await settle(page);
  await page.getByRole('link', { name: 'Inloggen met DigiD', exact: true }).click();
  await expect(page).toHaveURL(/\/auth\/digid\/simulator/);
  await page.getByLabel('BSN', { exact: true }).fill(firstDemoApplicantBsn());
  await page.getByRole('button', { name: 'Inloggen met dit BSN' }).click();
  await expect(page).toHaveURL(/\/aanvragen\/zuiderveen\//);
  await settle(page);

  // One question per step.
  await expect(page.getByText('Stap 1 van 5')).toBeVisible();
  await page.getByLabel('Ja').check();
  await page.getByRole('button', { name: 'Volgende' }).click();
  await expect(page.getByText('Stap 2 van 5')).toBeVisible();
  await page.getByLabel('Alleenstaande ouder').check();
  await page.getByRole('button', { name: 'Volgende' }).click();
  await expect(page.getByText('Stap 3 van 5')).toBeVisible();
  await page.getByLabel(/netto inkomen/).fill('1500');
  await page.getByLabel(/^Bewijs/).setInputFiles({ name: 'loonstrook.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByRole('status').filter({ hasText: 'toegevoegd' })).toBeVisible();
  await expectAccessible(page, 'aanvraag stap 3');
  await page.getByRole('button', { name: 'Volgende' }).click();
  await expect(page.getByText('Stap 4 van 5')).toBeVisible();
  await page.getByLabel('Datum 1').fill(childA);
  await page.getByRole('button', { name: 'Nog een toevoegen' }).click();
  await page.getByLabel('Datum 2').fill(childB);
  await page.getByRole('button', { name: 'Volgende' }).click();
  await expect(page.getByRole('heading', { name: 'Controleer uw aanvraag' })).toBeVisible();
  await expect(page.locator('main')).toContainText('€ 300,00');
  await expectAccessible(page, 'aanvraag samenvatting');
  await page.getByRole('button', { name: 'Aanvraag versturen' }).click();
  await expect(page).toHaveURL(/\/account\/aanvragen\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('status').filter({ hasText: 'Uw aanvraag is verstuurd' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/^Aanvraag AV-\d{6}$/);
  const number = (await page.getByRole('heading', { level: 1 }).textContent())!.replace('Aanvraag ', '').trim();
  const applicationUrl = page.url();

  // The assessor asks a question.
  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await loginStaff(staff, STAFF.klantcontact);
  await staff.goto(`/admin/aanvragen?zoek=${number}`);
  await settle(staff);
  await expectAccessible(staff, 'werklijst aanvragen');
  await staff.getByRole('link', { name: number }).click();
  await settle(staff);
  await expect(staff.getByRole('img', { name: /Bewijs 1/ })).toBeVisible();
  await expectAccessible(staff, 'aanvraag beoordelen');
  await staff.getByLabel('Uw vraag').fill('Wilt u ook de loonstrook van vorige maand sturen?');
  await staff.getByRole('button', { name: 'Vraag versturen' }).click();
  await expect(staff.locator('main')).toContainText('Wacht op aanvrager');

  // The resident answers with another file.
  await page.goto(applicationUrl);
  await settle(page);
  await expect(page.locator('main')).toContainText('Wilt u ook de loonstrook van vorige maand sturen?');
  await page
    .getByLabel(/Bewijs toevoegen/)
    .setInputFiles({ name: 'loonstrook-2.png', mimeType: 'image/png', buffer: PNG });
  await expect(page.getByRole('status').filter({ hasText: 'toegevoegd' })).toBeVisible();
  await page.getByLabel('Uw antwoord', { exact: true }).fill('Hierbij de loonstrook van vorige maand.');
  await page.getByRole('button', { name: 'Antwoord versturen' }).click();
  await expect(page.locator('main')).toContainText('In behandeling');

  // The assessor approves: granted through the assignment service and the ledger.
  await staff.reload();
  await settle(staff);
  await staff.getByLabel(/^Toekennen/).check();
  await staff.getByRole('button', { name: 'Besluit vastleggen' }).click();
  await expect(staff.locator('main')).toContainText('Toegekend');
  await staffContext.close();

  // The resident has the budget at once.
  await page.goto('/account/regelingen');
  await settle(page);
  await expect(page.locator('main')).toContainText(`Jeugdtegoed ${year}`);
  await expect(page.locator('main')).toContainText('€ 300,00');

  // … and orders with it: a product the new budget pays for, wholly from the budget.
  const res = await page.request.post('/graphql', {
    headers: { 'content-type': 'application/json' },
    data: {
      query: '{ products(first: 50, filter: { payable: true }) { edges { node { id slug title priceCents } } } }',
    },
  });
  const products = ((await res.json()) as any).data.products.edges.map((e: any) => e.node);
  const product = products.find((p: any) => p.priceCents <= 30_000);
  expect(product, 'a product the Jeugdtegoed pays for').toBeTruthy();
  await page.goto(`/aanbod/${product.slug}/${product.id}`);
  await settle(page);
  await page.getByRole('button', { name: 'In winkelwagen' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'in uw winkelwagen' })).toBeVisible();
  await page.goto('/winkelwagen');
  await settle(page);
  await page.getByRole('button', { name: 'Verder naar bestellen' }).click();
  await page.getByRole('button', { name: 'Bestellen', exact: true }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Bedankt voor uw bestelling' })).toBeVisible();
});
