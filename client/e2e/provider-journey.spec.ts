import { type Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { expectAccessible, latestMail, loginStaff, type OutboxMail, settle } from './support';

/**
 * The whole supply side in one go, with a provider that does not exist yet: registration, the confirmation mail
 * (read from the development outbox), log-in, applying to Gemeente Zuiderveen, staff approving the membership,
 * a first product submitted, rejected by Zuiderveen with a reason, fixed and resubmitted, approved by Zuiderveen, and a
 * visitor who finds it by a misspelt word and follows an old link to it. The provider is a member of Zuiderveen only,
 * so Zuiderveen is the one municipality that decides on its product.
 */

// Aanbiederbeheer holds PROVIDER_APPROVE and PRODUCT_REVIEW for Zuiderveen (server/src/kernel/permissions.ts).
const STAFF_REVIEWER = 'aanbiederbeheer@demo.gemeentewinkel.nl';
const PASSWORD = 'paardenbloem-fietsbel-vlinder';

/** The path of the link in a mail (the mail holds an absolute URL on APP_URL). */
function linkPath(mail: OutboxMail, pattern: RegExp): string {
  const match = pattern.exec(mail.body);
  expect(match, `link in "${mail.subject}"`).toBeTruthy();
  return match![0];
}

function unique() {
  const n = `${Date.now()}${Math.floor(Math.random() * 1000)}`;
  return {
    n,
    organisation: `Springcentrum De Veer ${n.slice(-6)}`,
    kvk: `8${n.slice(-7)}`,
    contactEmail: `info-${n}@springcentrum-de-veer.nl`,
    userEmail: `joris-${n}@springcentrum-de-veer.nl`,
  };
}

async function fillRegistration(page: Page, u: ReturnType<typeof unique>) {
  await page.getByLabel('Naam van de organisatie').fill(u.organisation);
  await page.getByLabel('KvK-nummer').fill(u.kvk);
  await page.getByLabel('Straat en huisnummer').fill('Veerweg 12');
  await page.getByLabel('Postcode').fill('7831 ab');
  await page.getByLabel('Plaats').fill('Zuiderveen');
  await page.getByLabel('E-mailadres van de organisatie').fill(u.contactEmail);
  await page.getByLabel('Telefoonnummer').fill('0591 123 456');
  await page.getByLabel('IBAN').fill('NL91 ABNA 0417 1643 00');
  await page.getByLabel('Omschrijving (niet verplicht)').fill('Trampolinepark voor de jeugd van Zuiderveen.');
  await page.getByLabel('Uw naam').fill('Joris Veerman');
  await page.getByLabel('Uw e-mailadres').fill(u.userEmail);
  await page.getByLabel('Wachtwoord').fill(PASSWORD);
}

async function productIdFromUrl(page: Page): Promise<string> {
  await expect(page).toHaveURL(/\/aanbieder\/producten\/[0-9a-f-]{36}$/);
  return page.url().split('/').at(-1)!;
}

/** Swaps two neighbouring letters, the way a hurried typist does: "trampolinespringen" → "trampolienspringen". */
function swapLetters(word: string, at: number): string {
  return word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2);
}

test('a new provider registers, is admitted to Zuiderveen, gets a product through review, and a visitor finds it', async ({
  browser,
}) => {
  test.setTimeout(180_000);
  const errors: string[] = [];
  const u = unique();
  const word = 'Trampolinespringen';
  const suffix = Number(u.n).toString(36);
  const title = `${word} voor kinderen ${suffix}`;
  const fixedTitle = `${word} voor kinderen van 6 tot 12 jaar ${suffix}`;
  const reason = 'Vermeld vanaf welke leeftijd kinderen mee kunnen en of er een begeleider bij moet zijn.';

  const providerContext = await browser.newContext();
  const provider = await providerContext.newPage();
  provider.on('pageerror', (e) => errors.push(`aanbieder: ${e.message}`));
  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  staff.on('pageerror', (e) => errors.push(`medewerker: ${e.message}`));

  // 1. Registration.
  await provider.goto('/voor-aanbieders/registreren');
  await settle(provider);
  await expect(provider.getByRole('heading', { level: 1 })).toHaveText('Aanmelden als aanbieder');
  await fillRegistration(provider, u);
  await provider.getByLabel(/Ik ga akkoord met de voorwaarden voor aanbieders/).check();
  await provider.getByRole('button', { name: 'Organisatie aanmelden' }).click();
  await expect(provider.getByRole('heading', { name: 'Controleer uw e-mail' })).toBeVisible();
  await expect(provider.locator('main')).toContainText(u.userEmail);
  await expectAccessible(provider, 'registreren: e-mail verstuurd');

  // 2. The confirmation mail from the development outbox; confirm the address.
  const mail = await latestMail(provider.request, u.userEmail, 'PROVIDER_EMAIL_CONFIRM');
  expect(mail.subject).toBe('Bevestig uw e-mailadres voor de Gemeentewinkel');
  const confirmPath = linkPath(mail, /\/email-bevestigen\?token=[\w-]+/);
  await provider.goto(confirmPath);
  await settle(provider);
  await provider.getByRole('button', { name: 'E-mailadres bevestigen' }).click();
  await expect(provider.getByText('Uw e-mailadres is bevestigd')).toBeVisible();

  // 3. Log in (the provider area opens on the orders) and go to the profile.
  await provider.goto('/voor-aanbieders/inloggen');
  await provider.getByLabel('E-mailadres').fill(u.userEmail);
  await provider.getByLabel('Wachtwoord').fill(PASSWORD);
  await provider.getByRole('button', { name: 'Inloggen' }).click();
  await expect(provider).toHaveURL(/\/aanbieder\/bestellingen$/);
  await settle(provider);
  await expect(provider.locator('main')).toContainText(`Ingelogd voor ${u.organisation}`);
  await provider.getByRole('navigation', { name: 'Aanbiedersomgeving' }).getByRole('link', { name: 'Profiel' }).click();
  await expect(provider).toHaveURL(/\/aanbieder\/profiel$/);
  await settle(provider);
  const zuiderveenRow = provider.getByRole('row', { name: /Gemeente Zuiderveen/ });
  await expect(zuiderveenRow).toContainText('Niet aangemeld');

  // 4. Apply to Gemeente Zuiderveen.
  await zuiderveenRow.getByRole('link', { name: 'Aanmelden bij Gemeente Zuiderveen' }).click();
  await expect(provider.getByRole('heading', { level: 1 })).toHaveText('Aanmelden bij Gemeente Zuiderveen');
  await settle(provider);
  await provider.getByLabel(/Ik ga akkoord met deze voorwaarden/).check();
  await provider.getByRole('button', { name: 'Aanmelden bij Gemeente Zuiderveen' }).click();
  await expect(provider).toHaveURL(/\/aanbieder\/profiel$/);
  await expect(
    provider.getByRole('status').filter({ hasText: 'U heeft zich aangemeld bij Gemeente Zuiderveen' }),
  ).toBeVisible();
  await expect(provider.getByRole('row', { name: /Gemeente Zuiderveen/ })).toContainText('In behandeling');
  await expectAccessible(provider, 'profiel na aanmelden');

  // 5. Staff approve the membership on /admin/aanbieders/:providerId.
  await loginStaff(staff, STAFF_REVIEWER);
  await staff.goto('/admin/aanbieders');
  await settle(staff);
  const providerHref = await staff.getByRole('link', { name: u.organisation }).getAttribute('href');
  expect(providerHref).toMatch(/^\/admin\/aanbieders\/[0-9a-f-]{36}$/);
  const providerId = providerHref!.split('/').at(-1)!;
  await staff.goto(`/admin/aanbieders/${providerId}`);
  await expect(staff.getByRole('heading', { level: 1 })).toHaveText(u.organisation);
  await settle(staff);
  await expect(staff.locator('main')).toContainText(u.kvk);
  await expectAccessible(staff, 'admin aanbieder (in behandeling)');
  await staff.getByRole('button', { name: 'Goedkeuren voor Gemeente Zuiderveen' }).click();
  await expect(staff.getByRole('status').filter({ hasText: 'is goedgekeurd voor Gemeente Zuiderveen' })).toBeVisible();
  await expect(staff.locator('main')).toContainText('Goedgekeurd');

  await provider.reload();
  await settle(provider);
  await expect(provider.getByRole('row', { name: /Gemeente Zuiderveen/ })).toContainText('Goedgekeurd');
  const approvedMail = await latestMail(provider.request, u.contactEmail, 'MEMBERSHIP_APPROVED');
  expect(approvedMail.subject).toBe('Uw aanmelding bij Gemeente Zuiderveen is goedgekeurd');

  // 6. The provider adds a first product and submits it.
  await provider
    .getByRole('navigation', { name: 'Aanbiedersomgeving' })
    .getByRole('link', { name: 'Producten' })
    .click();
  await expect(provider).toHaveURL(/\/aanbieder\/producten$/);
  await settle(provider);
  await provider.getByRole('link', { name: 'Nieuw product' }).click();
  await expect(provider).toHaveURL(/\/aanbieder\/producten\/nieuw$/);
  await expect(provider.getByRole('heading', { level: 1 })).toHaveText('Nieuw product');
  await settle(provider);
  await provider.getByLabel('Titel').fill(title);
  await provider.getByLabel('Omschrijving').fill('Een uur **trampolinespringen** onder begeleiding in onze springhal.');
  await provider.getByLabel('Prijs in euro').fill('7,50');
  await provider.getByLabel('Categorie').selectOption({ label: 'Sport en bewegen' });
  await provider.getByRole('button', { name: 'Opslaan en indienen' }).click();
  const productId = await productIdFromUrl(provider);
  await expect(provider.getByRole('status').filter({ hasText: 'opgeslagen en ingediend' })).toBeVisible();
  await expect(provider.getByRole('heading', { level: 1 })).toHaveText(title);
  await expect(provider.locator('main')).toContainText('Ingediend');
  await expect(provider.locator('main')).toContainText('€ 7,50');

  await expect(
    provider.getByRole('table', { name: 'Beslissing van elke gemeente waar u aanbieder bent' }),
  ).toContainText('In behandeling');

  // 7. Staff reject it for Zuiderveen with a reason on /admin/producten/:productId.
  await staff.goto(`/admin/producten/${productId}`);
  await expect(staff.getByRole('heading', { level: 1 })).toHaveText(title);
  await settle(staff);
  await expect(staff.locator('main strong', { hasText: 'trampolinespringen' })).toBeVisible();
  await expect(staff.locator('main')).toContainText(u.organisation);
  const decisions = staff.getByRole('table', { name: 'Beslissing per gemeente' });
  await expect(decisions.getByRole('row', { name: /Gemeente Zuiderveen/ })).toContainText('In behandeling');
  await expectAccessible(staff, 'product beoordelen');
  await staff.getByRole('button', { name: 'Afkeuren voor Gemeente Zuiderveen…' }).click();
  await staff.getByLabel('Reden van afkeuren voor Gemeente Zuiderveen').fill(reason);
  await staff.getByRole('button', { name: 'Afkeuren voor Gemeente Zuiderveen', exact: true }).click();
  await expect(
    staff.getByRole('status').filter({ hasText: 'Het product is afgekeurd voor Gemeente Zuiderveen' }),
  ).toBeVisible();
  await expect(decisions.getByRole('row', { name: /Gemeente Zuiderveen/ })).toContainText(reason);
  await expectAccessible(staff, 'product beoordelen (afgekeurd)');

  // 8. The provider sees the reason (on screen and by mail), fixes the product and resubmits.
  const rejectedMail = await latestMail(provider.request, u.userEmail, 'PRODUCT_REJECTED');
  expect(rejectedMail.subject).toBe(`Uw product "${title}" is afgekeurd door Gemeente Zuiderveen`);
  expect(rejectedMail.body).toContain(reason);
  await provider.goto('/aanbieder/producten');
  await settle(provider);
  await expect(provider.getByRole('row', { name: new RegExp(title) })).toContainText(
    'Afgekeurd in Gemeente Zuiderveen.',
  );
  await provider.getByRole('link', { name: title }).click();
  await expect(provider).toHaveURL(new RegExp(`/aanbieder/producten/${productId}$`));
  await settle(provider);
  await expect(provider.getByText('Gemeente Zuiderveen heeft dit product afgekeurd')).toBeVisible();
  await expect(provider.locator('main')).toContainText(`Reden: ${reason}`);
  await expectAccessible(provider, 'product (afgekeurd)');
  await provider.getByLabel('Titel').fill(fixedTitle);
  await provider
    .getByLabel('Omschrijving')
    .fill(
      'Een uur **trampolinespringen** onder begeleiding in onze springhal. Voor kinderen van 6 tot 12 jaar; een ouder of begeleider hoeft niet mee.',
    );
  await provider.getByRole('button', { name: 'Opslaan en opnieuw indienen' }).click();
  await expect(provider.getByRole('status').filter({ hasText: 'ingediend' })).toBeVisible();
  await expect(provider.getByRole('heading', { level: 1 })).toHaveText(fixedTitle);
  await expect(provider.locator('main')).toContainText('Ingediend');
  await expect(provider.locator('main')).not.toContainText(reason);

  // 9. Staff approve the fixed product for Zuiderveen.
  await staff.goto(`/admin/producten/${productId}`);
  await expect(staff.getByRole('heading', { level: 1 })).toHaveText(fixedTitle);
  await settle(staff);
  await staff.getByRole('button', { name: 'Goedkeuren voor Gemeente Zuiderveen' }).click();
  await expect(
    staff.getByRole('status').filter({ hasText: 'Het product is goedgekeurd voor Gemeente Zuiderveen' }),
  ).toBeVisible();
  await expect(staff.locator('main')).toContainText('In uw gemeenten is over dit product beslist.');
  const approvedProductMail = await latestMail(provider.request, u.userEmail, 'PRODUCT_APPROVED');
  expect(approvedProductMail.subject).toBe(`Uw product "${fixedTitle}" is goedgekeurd door Gemeente Zuiderveen`);

  await provider.reload();
  await settle(provider);
  await expect(provider.locator('main')).toContainText('Goedgekeurd in Gemeente Zuiderveen.');
  await expect(provider.getByRole('link', { name: 'Bekijk het product in het aanbod' })).toBeVisible();
  await expect(
    provider.locator('main dd', { has: provider.getByRole('link', { name: 'Bekijk het product in het aanbod' }) }),
  ).toContainText('voor inwoners van Gemeente Zuiderveen');
  await expectAccessible(provider, 'product (goedgekeurd)');

  // 10. A visitor, not logged in, finds it by a misspelt word, opens it, and an old link lands on the right URL.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  visitor.on('pageerror', (e) => errors.push(`bezoeker: ${e.message}`));
  const misspelt = swapLetters(word.toLowerCase(), 8); // trampolienspringen
  expect(misspelt).toBe('trampolienspringen');
  await visitor.goto('/aanbod');
  await settle(visitor);
  await visitor.getByLabel('Zoeken in het aanbod').fill(misspelt);
  await visitor.getByRole('button', { name: 'Zoeken' }).click();
  await expect(visitor).toHaveURL(new RegExp(`/aanbod\\?zoek=${misspelt}`));
  await settle(visitor);
  await expect(visitor.locator('main').getByRole('status').filter({ hasText: 'gevonden' })).toContainText(
    `gevonden voor ‘${misspelt}’`,
  );
  const link = visitor.locator('main').getByRole('link', { name: fixedTitle });
  await expect(link).toBeVisible();
  await expectAccessible(visitor, 'aanbod: zoeken met een tikfout');
  await link.click();
  await expect(visitor.getByRole('heading', { level: 1 })).toHaveText(fixedTitle);
  const canonical = visitor.url();
  expect(canonical).toMatch(
    new RegExp(`/aanbod/trampolinespringen-voor-kinderen-van-6-tot-12-jaar-${suffix}/${productId}$`),
  );
  await settle(visitor);
  await expect(visitor.locator('main strong', { hasText: 'trampolinespringen' })).toBeVisible();
  await expect(visitor.locator('main')).toContainText('€ 7,50');
  await expect(visitor.locator('main')).toContainText(u.organisation);
  await expectAccessible(visitor, 'productpagina');

  const oldSlug = title.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  expect(canonical).not.toContain(oldSlug + '/');
  await visitor.goto(`/aanbod/${oldSlug}/${productId}`);
  await expect(visitor).toHaveURL(canonical);
  await expect(visitor.getByRole('heading', { level: 1 })).toHaveText(fixedTitle);
  // A slug that never existed lands there too.
  await visitor.goto(`/aanbod/iets-heel-anders/${productId}`);
  await expect(visitor).toHaveURL(canonical);
  await expect(visitor.getByRole('heading', { level: 1 })).toHaveText(fixedTitle);

  expect(errors).toEqual([]);
  await providerContext.close();
  await staffContext.close();
  await visitorContext.close();
});
