import { test, expect } from './fixtures';
import { exclusive, expectAccessible, expectWellFormedPage, loginProviderByForm, loginStaff, STAFF } from './support';

/**
 * Content pages (issue 10): an editor changes the privacy statement with a preview, publishes it, and the public
 * page shows it with every municipality as controller; script in the text is refused in Dutch with the text kept; a
 * provider who has not accepted the newest providers' terms is asked to accept them before the provider area.
 */
test.describe('content pages', () => {
  test('an editor previews and publishes the privacy statement; the public page shows it', async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    await exclusive('privacy-page', async () => {
      await loginStaff(page, STAFF.redactie);
      await page.goto('/admin/beheer/instellingen/privacybeleid');
      await expectWellFormedPage(page, 'privacybeleid');
      await expectAccessible(page, 'privacybeleid');

      const text = page.getByLabel('Tekst', { exact: true });
      const stamp = `Bewaartermijn-${Date.now().toString(36)}`;
      await text.fill(`# Nieuwe bewaartermijnen\n\nWij bewaren uw gegevens korter: **${stamp}**.`);

      // Script is refused with a Dutch message; nothing is lost.
      await text.fill(`${await text.inputValue()}\n\n<script>alert(1)</script>`);
      await page.getByRole('button', { name: 'Concept opslaan' }).click();
      await expect(page.getByRole('alert').first()).toContainText('script');
      await expect(text).toHaveValue(new RegExp(stamp));
      await text.fill(`# Nieuwe bewaartermijnen\n\nWij bewaren uw gegevens korter: **${stamp}**.`);

      // The preview is rendered by the server, as the public page will be.
      await page.getByRole('button', { name: 'Voorbeeld' }).click();
      const preview = page.locator('.gw-md-preview').first();
      await expect(preview.getByRole('heading', { name: 'Nieuwe bewaartermijnen' })).toBeVisible();
      await expect(preview.locator('strong')).toHaveText(stamp);
      await expectAccessible(page, 'privacybeleid, voorbeeld');
      await page.getByRole('button', { name: 'Verder bewerken' }).click();

      await page.getByRole('button', { name: 'Concept opslaan' }).click();
      await expect(page.getByText('Het concept van de privacyverklaring is opgeslagen')).toBeVisible();
      const publish = page.getByRole('button', { name: /^Versie \d+ publiceren$/ });
      await expect(publish).toBeVisible();

      // Not public before it is published.
      const visitorContext = await browser.newContext();
      const visitor = await visitorContext.newPage();
      await visitor.goto('/privacy');
      await expectWellFormedPage(visitor, '/privacy');
      await expect(visitor.locator('main')).not.toContainText(stamp);

      await publish.click();
      await expect(page.getByText('De privacyverklaring is gepubliceerd.')).toBeVisible();
      await expect(page.getByRole('table').getByText('(openbaar)')).toHaveCount(1);
      await expect(page.getByRole('table').getByText('Roos Redactie').first()).toBeVisible();

      await visitor.reload();
      await expectWellFormedPage(visitor, '/privacy');
      await expect(visitor.getByRole('heading', { level: 2, name: 'Nieuwe bewaartermijnen' })).toBeVisible();
      await expect(visitor.locator('main strong', { hasText: stamp })).toBeVisible();
      const controllers = visitor.getByRole('region', { name: 'Verwerkingsverantwoordelijken' });
      await expect(controllers.getByRole('listitem')).toHaveText(['Gemeente Noorderhaven', 'Gemeente Zuiderveen']);
      await expectAccessible(visitor, '/privacy');
      await visitorContext.close();
    });
  });

  test('the accessibility statement follows the model statement', async ({ page }) => {
    await page.goto('/toegankelijkheid');
    await expectWellFormedPage(page, '/toegankelijkheid');
    for (const name of [
      'Nalevingsstatus',
      'Opstelling van deze verklaring',
      'Bekende problemen en geplande oplossingen',
      'Feedback en contactgegevens',
      'Handhavingsprocedure',
    ])
      await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
    await expect(page.locator('main')).toContainText('Voldoet gedeeltelijk');
    await expectAccessible(page, '/toegankelijkheid');
  });

  test('a provider who has not accepted the new terms accepts them first', async ({ page }) => {
    // The demo's fourth provider has not accepted version 2 of the providers' terms (published ten days ago).
    await loginProviderByForm(page, 4);
    await expect(page.getByRole('heading', { level: 1, name: 'Nieuwe voorwaarden' })).toBeVisible();
    await expect(page.getByRole('heading', { name: /Voorwaarden voor aanbieders \(versie 2\)/ })).toBeVisible();
    await expectWellFormedPage(page, 'nieuwe voorwaarden');
    await expectAccessible(page, 'nieuwe voorwaarden');
    // The provider area stays closed until they are accepted.
    await page.goto('/aanbieder/bestellingen');
    await expect(page.getByRole('heading', { level: 1, name: 'Nieuwe voorwaarden' })).toBeVisible();
    // The server holds to it too: a provider operation asked for directly is refused, in Dutch.
    const direct = await page.request.post('/graphql', {
      headers: { 'content-type': 'application/json' },
      data: { query: '{ myProvider { name } }' },
    });
    const refused = await direct.json();
    expect(refused.errors[0].extensions.code).toBe('TERMS_NOT_ACCEPTED');
    expect(refused.errors[0].message).toMatch(/nieuwe voorwaarden/);

    await page.getByRole('button', { name: 'Akkoord en verder' }).click();
    await expect(page.getByText('Ga akkoord met de voorwaarden om verder te gaan.').first()).toBeVisible();
    await page.getByLabel(/Ik ga akkoord met de voorwaarden voor aanbieders \(versie 2\)/).check();
    await page.getByRole('button', { name: 'Akkoord en verder' }).click();
    await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Nieuwe voorwaarden');
    await expect(page).toHaveURL(/\/aanbieder\/bestellingen/);

    // Accepted once: not asked again.
    await page.reload();
    await expectWellFormedPage(page, '/aanbieder/bestellingen');
    await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Nieuwe voorwaarden');
  });
});
