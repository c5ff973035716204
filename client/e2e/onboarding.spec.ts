import { type Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { expectAccessible, expectFieldError, latestMail, loginStaff, type OutboxMail, settle, STAFF } from './support';

/**
 * Provider onboarding end to end: registration, the confirmation mail (read from the development outbox),
 * log-in, applying to a municipality, a staff decision, and the forgotten-password flow.
 */

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
    organisation: `Sportvereniging De Test ${n.slice(-6)}`,
    kvk: `8${n.slice(-7)}`,
    contactEmail: `info-${n}@de-test.nl`,
    userEmail: `tessa-${n}@de-test.nl`,
  };
}

async function fillRegistration(page: Page, u: ReturnType<typeof unique>) {
  await page.getByLabel('Naam van de organisatie').fill(u.organisation);
  await page.getByLabel('KvK-nummer').fill(u.kvk);
  await page.getByLabel('Straat en huisnummer').fill('Sportlaan 3');
  await page.getByLabel('Postcode').fill('7831 ab');
  await page.getByLabel('Plaats').fill('Zuiderveen');
  await page.getByLabel('E-mailadres van de organisatie').fill(u.contactEmail);
  await page.getByLabel('Telefoonnummer').fill('0591 123 456');
  await page.getByLabel('IBAN').fill('NL91 ABNA 0417 1643 00');
  await page.getByLabel('Omschrijving (niet verplicht)').fill('Voetbal en atletiek voor de jeugd van Zuiderveen.');
  await page.getByLabel('Uw naam').fill('Tessa Test');
  await page.getByLabel('Uw e-mailadres').fill(u.userEmail);
  await page.getByLabel('Wachtwoord').fill(PASSWORD);
}

test('a provider registers, confirms the e-mail, applies to Gemeente Zuiderveen and is approved by staff', async ({
  page,
  browser,
}) => {
  // The whole onboarding in one test (registration, mail, application, staff's approval, the provider's first product).
  test.setTimeout(120_000);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  const u = unique();

  // Registration: first the client-side checks, then a valid form.
  await page.goto('/voor-aanbieders/registreren');
  await settle(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Aanmelden als aanbieder');
  await expectAccessible(page, 'registreren');
  await page.getByRole('button', { name: 'Organisatie aanmelden' }).click();
  await expect(page.getByRole('alert')).toContainText('Controleer de volgende gegevens');
  await expectFieldError(page, page.getByLabel('Naam van de organisatie'), 'Vul de naam van uw organisatie in.');
  await expect(page.getByLabel('KvK-nummer')).toHaveAttribute('aria-invalid', 'true');
  await expectAccessible(page, 'registreren met fouten');

  await fillRegistration(page, u);
  await page.getByLabel('IBAN').fill('NL91 ABNA 0417 1643 01');
  await page.getByLabel(/Ik ga akkoord met de voorwaarden voor aanbieders/).check();
  await page.getByRole('button', { name: 'Organisatie aanmelden' }).click();
  await expect(page.getByRole('alert')).toContainText('Dit IBAN klopt niet');
  await expectFieldError(page, page.getByLabel('IBAN'), /Dit IBAN klopt niet/);
  await page.getByLabel('IBAN').fill('NL91 ABNA 0417 1643 00');
  await page.getByRole('button', { name: 'Organisatie aanmelden' }).click();
  await expect(page.getByRole('heading', { name: 'Controleer uw e-mail' })).toBeVisible();
  await expect(page.locator('main')).toContainText(u.userEmail);
  await expectAccessible(page, 'registreren: e-mail verstuurd');

  // The confirmation mail, from the development outbox.
  const mail = await latestMail(page.request, u.userEmail, 'PROVIDER_EMAIL_CONFIRM');
  expect(mail.subject).toBe('Bevestig uw e-mailadres voor de Gemeentewinkel');
  const confirmPath = linkPath(mail, /\/email-bevestigen\?token=[\w-]+/);

  // Log-in is refused until the address is confirmed.
  await page.goto('/voor-aanbieders/inloggen');
  await page.getByLabel('E-mailadres').fill(u.userEmail);
  await page.getByLabel('Wachtwoord').fill(PASSWORD);
  await page.getByRole('button', { name: 'Inloggen' }).click();
  await expect(page.getByRole('alert')).toContainText('Bevestig eerst uw e-mailadres');

  await page.goto(confirmPath);
  await settle(page);
  await expectAccessible(page, 'e-mail bevestigen');
  await page.getByRole('button', { name: 'E-mailadres bevestigen' }).click();
  await expect(page.getByText('Uw e-mailadres is bevestigd')).toBeVisible();
  await expectAccessible(page, 'e-mail bevestigd');

  // The link works once.
  await page.goto(confirmPath);
  await page.getByRole('button', { name: 'E-mailadres bevestigen' }).click();
  await expect(page.getByRole('alert')).toContainText('Deze link werkt niet (meer)');
  await expectAccessible(page, 'e-mail bevestigen: link gebruikt');

  // Log in and land on the profile.
  await page.goto('/voor-aanbieders/inloggen?terug=%2Faanbieder%2Fprofiel');
  await page.getByLabel('E-mailadres').fill(u.userEmail);
  await page.getByLabel('Wachtwoord').fill(PASSWORD);
  await page.getByRole('button', { name: 'Inloggen' }).click();
  await expect(page).toHaveURL(/\/aanbieder\/profiel$/);
  await settle(page);
  const zuiderveenRow = page.getByRole('row', { name: /Gemeente Zuiderveen/ });
  await expect(zuiderveenRow).toContainText('Niet aangemeld');
  await expect(page.getByLabel('Naam van de organisatie')).toHaveValue(u.organisation);
  await expect(page.getByLabel('Postcode')).toHaveValue('7831 AB');
  await expectAccessible(page, 'profiel');

  // Apply to Gemeente Zuiderveen, accepting the terms.
  await zuiderveenRow.getByRole('link', { name: 'Aanmelden bij Gemeente Zuiderveen' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Aanmelden bij Gemeente Zuiderveen');
  await settle(page);
  await expect(page.locator('main')).toContainText('Voorwaarden voor aanbieders');
  await expectAccessible(page, 'aanmelden bij gemeente');
  await page.getByRole('button', { name: 'Aanmelden bij Gemeente Zuiderveen' }).click();
  await expect(page.getByRole('alert')).toBeFocused();
  await expect(page.getByRole('alert')).toContainText('Ga akkoord met de voorwaarden om u aan te melden.');
  await expect(page.getByLabel(/Ik ga akkoord met deze voorwaarden/)).toHaveAttribute('aria-invalid', 'true');
  await expectAccessible(page, 'aanmelden bij gemeente: niet akkoord');
  await page.getByLabel(/Ik ga akkoord met deze voorwaarden/).check();
  await page.getByRole('button', { name: 'Aanmelden bij Gemeente Zuiderveen' }).click();
  await expect(page).toHaveURL(/\/aanbieder\/profiel$/);
  await expect(
    page.getByRole('status').filter({ hasText: 'U heeft zich aangemeld bij Gemeente Zuiderveen' }),
  ).toBeVisible();
  await expect(page.getByRole('row', { name: /Gemeente Zuiderveen/ })).toContainText('In behandeling');
  await expectAccessible(page, 'profiel na aanmelden');

  // The withdraw screen explains what stops (not confirmed here).
  await page
    .getByRole('row', { name: /Gemeente Zuiderveen/ })
    .getByRole('link', { name: 'Afmelden bij Gemeente Zuiderveen' })
    .click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Afmelden bij Gemeente Zuiderveen');
  await expect(page.locator('main')).toContainText('niet meer getoond aan inwoners van Gemeente Zuiderveen');
  await expectAccessible(page, 'afmelden bij gemeente');
  await page.getByRole('link', { name: 'Nee, terug naar mijn profiel' }).click();
  await expect(page).toHaveURL(/\/aanbieder\/profiel$/);

  // A staff member approves.
  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  staff.on('pageerror', (e) => errors.push(e.message));
  await loginStaff(staff, STAFF.beheerder);
  await staff.goto('/admin/aanbieders');
  await settle(staff);
  await expectAccessible(staff, 'admin aanbieders');
  await staff.getByRole('link', { name: u.organisation }).click();
  await expect(staff.getByRole('heading', { level: 1 })).toHaveText(u.organisation);
  await settle(staff);
  await expect(staff.locator('main')).toContainText(u.kvk);
  await expectAccessible(staff, 'admin aanbieder');
  await staff.getByRole('button', { name: 'Goedkeuren voor Gemeente Zuiderveen' }).click();
  await expect(staff.getByRole('status').filter({ hasText: 'is goedgekeurd voor Gemeente Zuiderveen' })).toBeVisible();
  await expect(staff.locator('main')).toContainText('Goedgekeurd');
  await expectAccessible(staff, 'admin aanbieder goedgekeurd');
  await staff.goto('/admin/aanbieders?status=goedgekeurd');
  await expect(staff.getByRole('row', { name: new RegExp(u.organisation) })).toContainText('Goedgekeurd');
  await staffContext.close();

  // The provider sees the outcome, and got a mail.
  await page.reload();
  await settle(page);
  await expect(page.getByRole('row', { name: /Gemeente Zuiderveen/ })).toContainText('Goedgekeurd');
  const approved = await latestMail(page.request, u.contactEmail, 'MEMBERSHIP_APPROVED');
  expect(approved.subject).toBe('Uw aanmelding bij Gemeente Zuiderveen is goedgekeurd');
  expect(errors).toEqual([]);
});

test('a rejection needs a reason the provider sees; a forgotten password is reset with the mailed link', async ({
  page,
  browser,
}) => {
  const u = unique();
  // A registered, confirmed provider that applied to Zuiderveen, set up through the API.
  const gql = async (query: string, variables: Record<string, unknown> = {}) => {
    const res = await page.request.post('/graphql', {
      headers: { 'content-type': 'application/json' },
      data: { query, variables },
    });
    return (await res.json()).data;
  };
  const terms = (await gql('{ currentTerms { id } }')).currentTerms.id;
  const registered = await gql(
    `mutation($input: RegisterProviderInput!) { registerProvider(input: $input) { submitted errors { message } } }`,
    {
      input: {
        name: u.organisation,
        kvkNumber: u.kvk,
        street: 'Sportlaan 3',
        postcode: '7831 AB',
        city: 'Zuiderveen',
        email: u.contactEmail,
        phone: '0591123456',
        iban: 'NL91ABNA0417164300',
        userName: 'Tessa Test',
        userEmail: u.userEmail,
        password: PASSWORD,
        termsVersionId: terms,
        acceptTerms: true,
      },
    },
  );
  expect(registered.registerProvider).toEqual({ submitted: true, errors: [] });
  const confirmPath = linkPath(
    await latestMail(page.request, u.userEmail, 'PROVIDER_EMAIL_CONFIRM'),
    /\/email-bevestigen\?token=[\w-]+/,
  );
  await gql(`mutation($t:String!){ confirmEmail(token:$t){ confirmed } }`, {
    t: new URL(confirmPath, 'http://x').searchParams.get('token'),
  });

  // Forgotten password, through the screens.
  await page.goto('/voor-aanbieders/inloggen');
  await page.getByRole('link', { name: 'Wachtwoord vergeten?' }).click();
  await settle(page);
  await expectAccessible(page, 'wachtwoord vergeten');
  await page.getByLabel('E-mailadres').fill('geen-adres');
  await page.getByRole('button', { name: 'Link versturen' }).click();
  await expectFieldError(page, page.getByLabel('E-mailadres'), /Vul een geldig e-mailadres in/);
  await expectAccessible(page, 'wachtwoord vergeten met fout');
  await page.getByLabel('E-mailadres').fill(u.userEmail);
  await page.getByRole('button', { name: 'Link versturen' }).click();
  await expect(page.getByText('Kijk in uw mailbox')).toBeVisible();
  await expectAccessible(page, 'wachtwoord vergeten: verstuurd');

  const resetPath = linkPath(
    await latestMail(page.request, u.userEmail, 'PASSWORD_RESET'),
    /\/wachtwoord-vergeten\/[\w-]+/,
  );
  await page.goto(resetPath);
  await settle(page);
  await expectAccessible(page, 'nieuw wachtwoord');
  await page.getByLabel('Nieuw wachtwoord').fill('zonnebloem-kanaal-oever-77');
  await page.getByLabel('Herhaal het nieuwe wachtwoord').fill('zonnebloem-kanaal-oever-78');
  await page.getByRole('button', { name: 'Wachtwoord opslaan' }).click();
  await expectFieldError(
    page,
    page.getByLabel('Herhaal het nieuwe wachtwoord'),
    /De twee wachtwoorden zijn niet gelijk/,
  );
  await expectAccessible(page, 'nieuw wachtwoord met fout');
  await page.getByLabel('Herhaal het nieuwe wachtwoord').fill('zonnebloem-kanaal-oever-77');
  await page.getByRole('button', { name: 'Wachtwoord opslaan' }).click();
  await expect(page.getByText('Uw nieuwe wachtwoord is ingesteld')).toBeVisible();
  await expectAccessible(page, 'nieuw wachtwoord ingesteld');
  await page.goto(resetPath);
  await page.getByLabel('Nieuw wachtwoord').fill('nog-een-ander-wachtwoord-1');
  await page.getByLabel('Herhaal het nieuwe wachtwoord').fill('nog-een-ander-wachtwoord-1');
  await page.getByRole('button', { name: 'Wachtwoord opslaan' }).click();
  await expect(page.getByRole('alert')).toContainText('Deze link werkt niet (meer)');

  // Log in with the new password and apply.
  await page.goto('/voor-aanbieders/inloggen?terug=%2Faanbieder%2Fprofiel');
  await page.getByLabel('E-mailadres').fill(u.userEmail);
  await page.getByLabel('Wachtwoord').fill('zonnebloem-kanaal-oever-77');
  await page.getByRole('button', { name: 'Inloggen' }).click();
  await expect(page).toHaveURL(/\/aanbieder\/profiel$/);
  await page
    .getByRole('row', { name: /Gemeente Zuiderveen/ })
    .getByRole('link', { name: 'Aanmelden bij Gemeente Zuiderveen' })
    .click();
  await page.getByLabel(/Ik ga akkoord met deze voorwaarden/).check();
  await page.getByRole('button', { name: 'Aanmelden bij Gemeente Zuiderveen' }).click();
  await expect(page.getByRole('row', { name: /Gemeente Zuiderveen/ })).toContainText('In behandeling');

  // Staff reject, first without a reason.
  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await loginStaff(staff, STAFF.beheerder);
  await staff.goto('/admin/aanbieders');
  await staff.getByRole('link', { name: u.organisation }).click();
  await settle(staff);
  await staff.getByRole('button', { name: 'Afwijzen voor Gemeente Zuiderveen…' }).click();
  await expect(staff.getByLabel('Reden van afwijzing')).toBeFocused();
  await staff.getByRole('button', { name: 'Afwijzen voor Gemeente Zuiderveen', exact: true }).click();
  await expect(staff.getByLabel('Reden van afwijzing')).toHaveAttribute('aria-invalid', 'true');
  await expect(staff.getByRole('alert')).toBeFocused();
  await expect(staff.getByRole('alert')).toContainText('Geef de reden van de afwijzing (minstens 5 tekens)');
  await expectAccessible(staff, 'admin aanbieder: reden ontbreekt');
  const reason = 'Stuur een recent uittreksel van de KvK mee; wij konden uw inschrijving niet vinden.';
  await staff.getByLabel('Reden van afwijzing').fill(reason);
  await staff.getByRole('button', { name: 'Afwijzen voor Gemeente Zuiderveen', exact: true }).click();
  await expect(staff.getByRole('status').filter({ hasText: 'is afgewezen' })).toBeVisible();
  await staffContext.close();

  await page.reload();
  await settle(page);
  const row = page.getByRole('row', { name: /Gemeente Zuiderveen/ });
  await expect(row).toContainText('Afgewezen');
  await expect(row).toContainText(reason);
  await expect(row.getByRole('link', { name: 'Opnieuw aanmelden bij Gemeente Zuiderveen' })).toBeVisible();
  await expectAccessible(page, 'profiel na afwijzing');
  const rejected = await latestMail(page.request, u.contactEmail, 'MEMBERSHIP_REJECTED');
  expect(rejected.body).toContain(reason);
});
