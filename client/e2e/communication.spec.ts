import { type Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { exclusive, expectAccessible, loginStaff, providerEmail, settle, STAFF } from './support';

/**
 * Templates and the mail log (issue 10): the Redactie edits the "order delivered" template's informal variant with a
 * live preview and has a bad variable refused; the Beheerder switches the platform to informal and back; the mail
 * log lists a mail, searches and filters it. The template is restored to its default and the platform to formal at
 * the end, so the specs running beside this one keep the formal texts.
 */

const GRAPHQL = (page: Page, query: string, variables: Record<string, unknown> = {}) =>
  page.request.post('/graphql', { headers: { 'content-type': 'application/json' }, data: { query, variables } });

test('the Redactie edits the informal "bestelling geleverd" text with a live preview, and restores it', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await exclusive('communication', async () => {
    await loginStaff(page, STAFF.redactie);
    await page.goto('/admin/beheer/communicatie/sjablonen');
    await settle(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sjablonen');
    await expect(page.getByText('Formeel: e-mails en berichten spreken mensen aan met ‘u’.')).toBeVisible();
    // The setting says what it changes: the sent texts, not the website.
    await expect(page.getByText(/De website zelf spreekt mensen altijd aan met ‘u’/)).toBeVisible();
    await expectAccessible(page, 'sjablonen');

    await page.getByRole('link', { name: 'Klant: bestelling geleverd' }).click();
    await settle(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Sjabloon ‘Klant: bestelling geleverd’');
    // The variables with their Dutch description.
    await expect(page.getByRole('definition').filter({ hasText: 'bestelnummer' })).toBeVisible();
    const formalPreview = page.getByRole('region', { name: 'Voorbeeld formeel (u)' });
    await expect(formalPreview).toContainText('Beste Fatima,');
    await expect(formalPreview).toContainText('Uw bestelling GW-2026-00042 is geleverd');
    await expectAccessible(page, 'sjabloon bewerken');

    const body = page.getByLabel('Tekst informeel (je)');
    const informalPreview = page.getByRole('region', { name: 'Voorbeeld informeel (je)' });
    await expect(informalPreview).toContainText('Hoi Fatima,');

    // An unknown variable: the preview says so at once, and a save is refused with the same Dutch message.
    await body.fill('Hoi {{ name }},\n\nJe pakket is er! {{ pakketnummer }}');
    await expect(informalPreview).toContainText('variabele "pakketnummer"');
    await page.getByRole('button', { name: 'Sjabloon opslaan' }).click();
    const summary = page.getByRole('alert').filter({ hasText: 'Het sjabloon is niet opgeslagen' });
    await expect(summary).toBeFocused();
    await expect(summary).toContainText('Informeel (je): Op regel 3 van de tekst staat de variabele "pakketnummer"');

    // A good text: previewed with the sample data, then saved.
    await body.fill(
      'Hoi {{ name }},\n\n{{ providerName }} heeft je bestelling {{ orderNumber }} afgeleverd. Veel plezier ermee!\n\n{{ orderLink }}',
    );
    await expect(informalPreview).toContainText(
      'Fietsenmaker De Spaak heeft je bestelling GW-2026-00042 afgeleverd. Veel plezier ermee!',
    );
    await page.getByRole('button', { name: 'Sjabloon opslaan' }).click();
    await expect(page.getByText('Het sjabloon is opgeslagen.')).toBeVisible();
    await page.reload();
    await settle(page);
    await expect(page.getByLabel('Tekst informeel (je)')).toHaveValue(/Veel plezier ermee!/);
    await expect(page.getByText('Dit sjabloon is aangepast.')).toBeVisible();

    // "Standaardtekst herstellen", behind a confirmation.
    await page.getByRole('button', { name: 'Standaardtekst herstellen' }).click();
    await page.getByRole('button', { name: 'Ja, herstel de standaardtekst' }).click();
    await expect(page.getByText('De standaardtekst is hersteld.')).toBeVisible();
    await expect(page.getByLabel('Tekst informeel (je)')).toHaveValue(
      /^Hoi \{\{name\}\},\n\n\{\{providerName\}\} heeft je/,
    );
    await expect(page.getByText('Dit sjabloon heeft de standaardtekst.')).toBeVisible();
  });
});

test('the Beheerder switches the platform to informal wording, and back', async ({ page }) => {
  test.setTimeout(120_000);
  await exclusive('communication', async () => {
    await loginStaff(page, STAFF.beheerder);
    await page.goto('/admin/beheer/communicatie/sjablonen');
    await settle(page);
    const wording = page.getByRole('group', { name: 'Welke tekst gebruiken e-mails en berichten?' });
    await expect(wording).toHaveAccessibleDescription(/De website zelf spreekt mensen altijd aan met ‘u’/);
    try {
      await wording.getByLabel('Informeel: e-mails en berichten spreken mensen aan met ‘je’').check();
      await page.getByRole('button', { name: 'Aanspreekvorm opslaan' }).click();
      await expect(page.getByText('E-mails en berichten spreken mensen nu aan met ‘je’.')).toBeVisible();
      const r = await GRAPHQL(page, '{ templateWording }');
      expect((await r.json()).data.templateWording).toBe('INFORMAL');
      await page.goto('/admin/beheer/communicatie/sjablonen');
      await settle(page);
      await page.getByRole('link', { name: 'Klant: bestelling geleverd' }).click();
      await settle(page);
      await expect(page.getByRole('group', { name: /Informeel \(je\) — deze tekst wordt nu gebruikt/ })).toBeVisible();
    } finally {
      await GRAPHQL(
        page,
        'mutation($input: UpdateSettingsSectionInput!) { updateSettingsSection(input: $input) { errors { message } } }',
        { input: { section: 'COMMUNICATION', patch: { wording: 'FORMAL' } } },
      );
    }
    await page.goto('/admin/beheer/communicatie/sjablonen');
    await settle(page);
    await expect(
      page.getByRole('group', { name: 'Welke tekst gebruiken e-mails en berichten?' }).getByLabel(/Formeel/),
    ).toBeChecked();
  });
});

test('the mail log lists a mail, searches and filters', async ({ page }) => {
  // A mail to look for: a password reset for a demo provider (recorded by a job, delivered to the outbox).
  const address = providerEmail(6);
  await GRAPHQL(page, 'mutation($e: String!) { requestPasswordReset(email: $e) { requested } }', { e: address });
  await loginStaff(page, STAFF.redactie);
  await page.goto('/admin/beheer/communicatie');
  await settle(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Communicatie');

  const search = page.getByRole('searchbox', { name: 'Zoeken' });
  const rows = page.locator('main table tbody tr');
  await expect(async () => {
    await search.fill(address);
    await page.getByRole('button', { name: 'Zoeken' }).click();
    await expect(rows.filter({ hasText: 'Verstuurd' }).first()).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 30_000 });
  await expect(page).toHaveURL(/zoeken=/);
  const row = rows.filter({ hasText: 'Verstuurd' }).first();
  await expect(row.getByRole('rowheader')).toHaveText(address);
  await expect(row).toContainText('Wachtwoord vergeten');
  // Formal or informal: another test may have the platform on "je" for a moment.
  await expect(row).toContainText(
    /Nieuw wachtwoord instellen voor de Gemeentewinkel|Stel een nieuw wachtwoord in voor de Gemeentewinkel/,
  );
  await expectAccessible(page, 'communicatie');

  // Filtered on "Mislukt", this address has none.
  await page.getByLabel('Status').selectOption({ label: 'Mislukt' });
  await page.getByRole('button', { name: 'Zoeken' }).click();
  await expect(page).toHaveURL(/status=mislukt/);
  await expect(page.getByText('Er zijn geen e-mails die hierbij passen.')).toBeVisible();
});
