import { test, expect, serverNow } from './fixtures';
import { isoToAmsterdamLocal } from '../src/components/dates/amsterdamLocal';
import { expectAccessible, loginStaff, settle, STAFF } from './support';

/**
 * News, links and the sitemap (issue 10): an editor publishes an article and it shows on the home page and at
 * /nieuws (with the canonical-slug redirect and the Atom feed); bad input is refused in Dutch; managed links are
 * ordered and the footer follows their places, labels and order (issue 26).
 */

// The smallest valid PNG (1 × 1 pixel): a real image for the upload pipeline.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

test('an editor publishes an article: the home page and /nieuws show it; bad input is refused in Dutch', async ({
  page,
  baseURL,
}) => {
  const title = `Gratis fietsles ${Date.now().toString(36)}`;
  await loginStaff(page, STAFF.redactie);
  await page.goto('/admin/beheer/nieuws/nieuw');
  await settle(page);
  await expectAccessible(page, 'nieuw bericht');

  // A slug that is taken, and a publish moment in the past: both refused, on their fields.
  await page.getByLabel('Titel').fill(title);
  await page.getByLabel('Slug (optioneel)').fill('zwemles-nu-ook-in-de-avond');
  await page.getByLabel('Samenvatting').fill('Kinderen leren fietsen in het park, met uw tegoed.');
  await page.getByRole('textbox', { name: 'Tekst' }).fill('Iedere **zaterdag** in het park.');
  // "Voorbeeld" works for staff (the news preview, not the providers' one): the text as the article page shows it.
  await page.getByRole('button', { name: 'Voorbeeld' }).click();
  await expect(page.locator('.gw-md-preview strong')).toHaveText('zaterdag');
  await expect(page.getByText('Voorbeeld: zo ziet de tekst eruit op de pagina van het bericht.')).toBeVisible();
  await page.getByRole('button', { name: 'Voorbeeld' }).click();
  await page.getByRole('radio', { name: 'Gepubliceerd' }).check();
  const lastYear = new Date((await serverNow(baseURL!)).getTime() - 365 * 86_400_000).toISOString();
  await page.getByLabel('Publiceren op (optioneel)').fill(isoToAmsterdamLocal(lastYear));
  await page.getByRole('button', { name: 'Bericht opslaan' }).click();
  const summary = page.getByRole('alert');
  await expect(summary).toContainText('al in gebruik');
  await expect(summary).toContainText('in het verleden');
  await expectAccessible(page, 'nieuw bericht met fouten');

  await page.getByLabel('Slug (optioneel)').fill('');
  await page.getByLabel('Publiceren op (optioneel)').fill('');
  await page.getByRole('button', { name: 'Bericht opslaan' }).click();
  await expect(page).toHaveURL(/\/admin\/beheer\/nieuws\/[0-9a-f-]{36}$/);
  await expect(page.getByText(`Het bericht ‘${title}’ is gepubliceerd.`)).toBeVisible();
  const articleId = page.url().split('/').pop()!;

  // A file that is not an image: a Dutch message, nothing stored. Then a real one.
  const file = page.getByLabel('Afbeelding kiezen');
  await file.setInputFiles({ name: 'foto.png', mimeType: 'image/png', buffer: Buffer.from('geen afbeelding') });
  await page.getByRole('button', { name: 'Afbeelding uploaden' }).click();
  await expect(page.getByRole('alert')).toContainText('geen afbeelding');
  await expect(page.getByText('Dit bericht heeft nog geen afbeelding.')).toBeVisible();
  await file.setInputFiles({ name: 'fiets.png', mimeType: 'image/png', buffer: PNG });
  await page.getByRole('button', { name: 'Afbeelding uploaden' }).click();
  await expect(page.getByText('De afbeelding is opgeslagen.')).toBeVisible();
  await expect(page.locator('img.gw-news-image')).toBeVisible();
  await expectAccessible(page, 'bericht bewerken');

  // The home page's news block and the news list show it.
  await page.goto('/');
  await settle(page);
  const block = page.getByRole('region', { name: 'Nieuws' });
  await expect(block.getByRole('link', { name: title })).toBeVisible();
  await page.goto('/nieuws');
  await settle(page);
  await expect(page.locator('head link[rel="alternate"][type="application/atom+xml"]')).toHaveAttribute(
    'href',
    '/api/nieuws.atom',
  );
  await expectAccessible(page, '/nieuws');
  await page.getByRole('link', { name: title }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  await expect(page.locator('.gw-prose strong')).toHaveText('zaterdag');
  const canonical = new URL(page.url()).pathname;
  expect(canonical).toMatch(new RegExp(`^/nieuws/gratis-fietsles-[a-z0-9-]+/${articleId}$`));
  await expectAccessible(page, 'nieuwsbericht');

  // An outdated slug goes to the canonical address.
  await page.goto(`/nieuws/een-oude-slug/${articleId}`);
  await expect(page).toHaveURL(canonical);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);

  // The feed and the sitemap list it.
  const feed = await (await page.request.get('/api/nieuws.atom')).text();
  expect(feed).toContain(`urn:uuid:${articleId}`);
  await page.goto('/sitemap');
  await settle(page);
  await expect(page.getByRole('region', { name: 'Nieuws' }).getByRole('link', { name: title })).toBeVisible();
  await expectAccessible(page, '/sitemap');
});

test('links: useful links show under "Handige links" in their order, footer links with their labels; a deleted link is gone', async ({
  page,
}) => {
  const run = Date.now().toString(36);
  const first = `Bibliotheek ${run}`;
  const second = `Sportclub ${run}`;
  const about = `Over het platform ${run}`;
  await loginStaff(page, STAFF.redactie);
  for (const [label, url, placement] of [
    [first, `https://example.org/bieb-${run}`, 'Onderaan elke pagina, bij de handige links'],
    [second, `https://example.org/sport-${run}`, 'Onderaan elke pagina, bij de handige links'],
    [about, `https://example.org/over-${run}`, 'Onderaan elke pagina, bij ‘Over deze website’'],
  ] as const) {
    await page.goto('/admin/beheer/links/nieuw');
    await settle(page);
    await page.getByLabel('Tekst van de link').fill(label);
    await page.getByLabel('Adres').fill(url);
    await page.getByLabel(placement).check();
    await page.getByRole('button', { name: 'Link opslaan' }).click();
    await expect(page).toHaveURL(/\/admin\/beheer\/links$/);
    await expect(page.getByText(`De link ‘${label}’ is toegevoegd.`)).toBeVisible();
  }
  // An unsafe address is refused in Dutch.
  await page.goto('/admin/beheer/links/nieuw');
  await page.getByLabel('Tekst van de link').fill('Kwaadaardig');
  await page.getByLabel('Adres').fill('javascript:alert(1)');
  await page.getByRole('button', { name: 'Link opslaan' }).click();
  await expect(page.getByRole('alert')).toContainText('https://');

  // The footer (on the public pages): the useful links under "Handige links", in their order.
  const footerLabels = (nav: string) =>
    page.getByRole('contentinfo').getByRole('navigation', { name: nav }).getByRole('link').allTextContents();
  const footerOrder = async () => (await footerLabels('Handige links')).filter((l) => l === first || l === second);
  await page.goto('/');
  await settle(page);
  await expect.poll(footerOrder).toEqual([first, second]);
  // "Over deze website" uses the labels set on the links screen (the demo's), in their order, and the new one.
  const aboutLinks = await footerLabels('Over deze website');
  expect(aboutLinks.slice(0, 5)).toEqual([
    'Hoe werkt het',
    'Privacyverklaring',
    'Toegankelijkheid',
    'Algemene voorwaarden',
    'Sitemap',
  ]);
  expect(aboutLinks).toContain(about);
  expect(aboutLinks).not.toContain('Privacy');
  expect(await footerLabels('Handige links')).not.toContain(about);

  await page.goto('/admin/beheer/links');
  await settle(page);
  await expectAccessible(page, 'links');
  const up = page.getByRole('button', { name: `${second} omhoog` });
  await up.click();
  await expect(page.getByRole('status').filter({ hasText: 'omhoog gezet' })).toBeVisible();
  // The focus stays on the moved link's button, so a keyboard user can move it again.
  await expect(page.getByRole('button', { name: `${second} omhoog` })).toBeFocused();

  await page.goto('/');
  await settle(page);
  await expect.poll(footerOrder).toEqual([second, first]);

  // Deleting a link: the links screen no longer lists it (without a reload), nor after one, nor the public footer.
  await page.goto('/admin/beheer/links');
  await settle(page);
  await page.getByRole('link', { name: first, exact: true }).click();
  await page.getByRole('button', { name: 'Link verwijderen' }).click();
  await page.getByRole('button', { name: 'Ja, verwijder deze link' }).click();
  await expect(page).toHaveURL(/\/admin\/beheer\/links$/);
  await expect(page.getByText(`De link ‘${first}’ is verwijderd.`)).toBeVisible();
  await expect(page.getByRole('link', { name: first, exact: true })).toHaveCount(0);
  await expect(page.getByRole('link', { name: second, exact: true })).toBeVisible();
  await page.reload();
  await settle(page);
  await expect(page.getByRole('link', { name: second, exact: true })).toBeVisible();
  await expect(page.getByRole('link', { name: first, exact: true })).toHaveCount(0);
  await page.goto('/');
  await settle(page);
  await expect.poll(footerOrder).toEqual([second]);
});
