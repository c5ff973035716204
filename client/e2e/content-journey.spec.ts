import { type Page } from '@playwright/test';
import { test, expect, demoCalendar } from './fixtures';
import { exclusive, expectAccessible, latestMail, loginResident, loginStaff, settle, STAFF } from './support';
import { pageGql } from './account-support';
import { resident } from './orders-support';

/**
 * Issue 10's "Must show", as one journey: the Beheerder (every editor's permission) publishes a news article and an
 * announcement, changes the privacy statement (preview, publish), edits the informal "bestelling geleverd" text with
 * its preview, switches the platform to informal and sends a message to the holders of Noorderhaven's Minimaregeling.
 * A resident of Noorderhaven (NH-200003, Jolanda Mulder, a household no other spec uses) sees the article on the home
 * page, the announcement banner and the new privacy text, finds the message in Berichten and in her mail in the
 * informal wording; the message's screen counts it read. The wording and the template go back to formal / their
 * default text, and the announcement is deleted, so the specs beside this one see the demo as it was.
 */

test.describe.configure({ mode: 'serial' });

const HOUSEHOLD = 'NH-200003';
const run = Date.now().toString(36);
const ARTICLE = `Nieuwe zwemlessen in Noorderhaven ${run}`;
const ANNOUNCEMENT = `Extra openingstijden van het loket ${run}`;
const PRIVACY_STAMP = `Bewaartermijn-reis-${run}`;
const SUBJECT = `Je tegoed is verhoogd ${run}`;
let messageUrl = '';

const RESTORE_FORMAL = `mutation($input: UpdateSettingsSectionInput!) {
  updateSettingsSection(input: $input) { errors { message } } }`;

test('an editor publishes a news article, an announcement and a new privacy statement', async ({ page }) => {
  test.setTimeout(180_000);
  await loginStaff(page, STAFF.beheerder);

  // A news article, published now.
  await page.goto('/admin/beheer/nieuws/nieuw');
  await settle(page);
  await page.getByLabel('Titel').fill(ARTICLE);
  await page.getByLabel('Samenvatting').fill('Vanaf volgende maand ook zwemles op zaterdag, te betalen met uw tegoed.');
  await page.getByRole('textbox', { name: 'Tekst' }).fill('Iedere **zaterdag** in het zwembad aan de haven.');
  await page.getByRole('radio', { name: 'Gepubliceerd' }).check();
  await page.getByRole('button', { name: 'Bericht opslaan' }).click();
  await expect(page.getByText(`Het bericht ‘${ARTICLE}’ is gepubliceerd.`)).toBeVisible();
  await expectAccessible(page, 'nieuwsbericht bewerken');

  // An announcement, visible from now on.
  await page.goto('/admin/meldingen');
  await settle(page);
  const form = page.locator('form', { has: page.getByLabel('Zichtbaar vanaf') });
  await form.getByLabel('Titel').fill(ANNOUNCEMENT);
  await form.getByLabel('Tekst').fill('Het loket is deze maand ook op **donderdagavond** open.');
  await form.getByLabel('Soort').selectOption({ label: 'Informatie' });
  await form.getByRole('button', { name: 'Melding plaatsen' }).click();
  await expect(page.getByText(`De melding ‘${ANNOUNCEMENT}’ is opgeslagen.`)).toBeVisible();
  await expect(
    page.getByRole('table', { name: 'Openbare meldingen' }).getByRole('row').filter({ hasText: ANNOUNCEMENT }),
  ).toContainText('Zichtbaar');
  await expectAccessible(page, '/admin/meldingen');

  // The privacy statement: a new text, previewed, saved and published (one editor at a time: content-pages.spec).
  await exclusive('privacy-page', async () => {
    await page.goto('/admin/beheer/instellingen/privacybeleid');
    await settle(page);
    await page
      .getByLabel('Tekst', { exact: true })
      .fill(`# Hoe lang wij gegevens bewaren\n\nUw aanvragen bewaren wij zeven jaar: **${PRIVACY_STAMP}**.`);
    await page.getByRole('button', { name: 'Voorbeeld' }).click();
    const preview = page.locator('.gw-md-preview').first();
    await expect(preview.getByRole('heading', { name: 'Hoe lang wij gegevens bewaren' })).toBeVisible();
    await expect(preview.locator('strong')).toHaveText(PRIVACY_STAMP);
    await expectAccessible(page, 'privacybeleid, voorbeeld');
    await page.getByRole('button', { name: 'Verder bewerken' }).click();
    await page.getByRole('button', { name: 'Concept opslaan' }).click();
    await expect(page.getByText('Het concept van de privacyverklaring is opgeslagen')).toBeVisible();
    await page.getByRole('button', { name: /^Versie \d+ publiceren$/ }).click();
    await expect(page.getByText('De privacyverklaring is gepubliceerd.')).toBeVisible();
  });
});

test('the editor edits the informal template, switches to informal and messages the arrangement holders', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(240_000);
  const { arrangementNames } = await demoCalendar(baseURL!);
  const minimaregeling = arrangementNames.find((n) => n.startsWith('Minimaregeling Noorderhaven'))!;
  await loginStaff(page, STAFF.beheerder);

  // The wording and the templates are the platform's: one test at a time changes them (communication.spec).
  await exclusive('communication', async () => {
    let templateId = '';
    try {
      // The "order delivered" template's informal variant, with the live preview on sample data.
      await page.goto('/admin/beheer/communicatie/sjablonen');
      await settle(page);
      await page.getByRole('link', { name: 'Klant: bestelling geleverd' }).click();
      await settle(page);
      templateId = page.url().split('/').pop()!;
      await page
        .getByLabel('Tekst informeel (je)')
        .fill(
          'Hoi {{ name }},\n\nJe bestelling {{ orderNumber }} is geleverd door {{ providerName }}. Geniet ervan!\n\n{{ orderLink }}',
        );
      await expect(page.getByRole('region', { name: 'Voorbeeld informeel (je)' })).toContainText(
        'Je bestelling GW-2026-00042 is geleverd door Fietsenmaker De Spaak. Geniet ervan!',
      );
      await page.getByRole('button', { name: 'Sjabloon opslaan' }).click();
      await expect(page.getByText('Het sjabloon is opgeslagen.')).toBeVisible();
      await expectAccessible(page, 'sjabloon bewerken');

      // The platform speaks informally from now on.
      await page.goto('/admin/beheer/communicatie/sjablonen');
      await settle(page);
      await page
        .getByRole('group', { name: 'Welke tekst gebruiken e-mails en berichten?' })
        .getByLabel('Informeel: e-mails en berichten spreken mensen aan met ‘je’')
        .check();
      await page.getByRole('button', { name: 'Aanspreekvorm opslaan' }).click();
      await expect(page.getByText('E-mails en berichten spreken mensen nu aan met ‘je’.')).toBeVisible();

      // A message to the holders of Noorderhaven's Minimaregeling.
      await page.goto('/admin/meldingen');
      await settle(page);
      const form = page.locator('form', { has: page.getByLabel('Onderwerp') });
      await form.getByLabel('Gemeente', { exact: true }).selectOption({ label: 'Gemeente Noorderhaven' });
      await form
        .getByLabel('Doelgroep')
        .selectOption({ label: 'Inwoners met een actieve toewijzing van een regeling' });
      await form.getByLabel('Regeling').selectOption({ label: minimaregeling });
      await form.getByLabel('Onderwerp').fill(SUBJECT);
      await form.getByLabel('Bericht').fill('Je tegoed voor dit jaar is met 50 euro verhoogd.\n\nVeel plezier ermee!');
      await form.getByRole('button', { name: 'Aantal ontvangers bekijken' }).click();
      const count = form.getByRole('status');
      await expect(count).toHaveText(
        new RegExp(
          `^Dit bericht gaat naar \\d+ ontvangers: Regeling ${minimaregeling} \\(Gemeente Noorderhaven\\)\\.$`,
        ),
      );
      const recipients = Number(/naar (\d+) ontvangers/.exec((await count.textContent())!)![1]);
      expect(recipients).toBeGreaterThan(1);
      await form.getByRole('button', { name: `Verzenden naar ${recipients} ontvangers` }).click();
      await expect(page).toHaveURL(/\/admin\/meldingen\/bericht\/[0-9a-f-]{36}$/);
      await settle(page);
      await expect(page.getByRole('heading', { level: 1, name: SUBJECT })).toBeVisible();
      // Done: every inbox message written and every e-mail rendered, in the wording of now.
      await expect(page.getByRole('status').filter({ hasText: 'ontvangers verwerkt' })).toHaveText(
        `Klaar: ${recipients} ontvangers verwerkt.`,
        { timeout: 60_000 },
      );
      await expect(page.getByText(`0 van ${recipients} in Berichten`)).toBeVisible();
      await expectAccessible(page, '/admin/meldingen/bericht/{id}');
      messageUrl = page.url();
    } finally {
      await pageGql(page, RESTORE_FORMAL, { input: { section: 'COMMUNICATION', patch: { wording: 'FORMAL' } } });
      if (templateId)
        await pageGql(
          page,
          'mutation($id: ID!) { restoreCommunicationTemplate(templateId: $id) { errors { message } } }',
          {
            id: templateId,
          },
        );
    }
  });
  expect((await pageGql(page, '{ templateWording }')).templateWording).toBe('FORMAL');
});

test('the resident sees the article, the banner and the privacy text, and reads the message', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  expect(messageUrl, 'the message was sent').not.toBe('');
  const who = resident(HOUSEHOLD);
  await loginResident(page, who.bsn);

  // Berichten: the message is new; opening it marks it read.
  const item = page.getByRole('button', { name: new RegExp(SUBJECT) });
  await expect(item).toHaveText(/^Nieuw/);
  await item.click();
  await expect(page.getByText('Je tegoed voor dit jaar is met 50 euro verhoogd.')).toBeVisible();
  await expect(item).not.toHaveText(/^Nieuw/);
  await expectAccessible(page, '/account/meldingen');

  // Her mail, in the informal wording the platform had when it was sent.
  const { viewer } = await pageGql<{ viewer: { email: string } }>(page, '{ viewer { email } }');
  expect(viewer.email).toMatch(/@voorbeeld\.nl$/);
  const mail = await latestMail(page.request, viewer.email, 'MASS_MESSAGE', (m) => m.subject === SUBJECT);
  expect(mail.body).toContain(`Hoi ${who.firstName},`);
  expect(mail.body).toContain('Je tegoed voor dit jaar is met 50 euro verhoogd.');
  expect(mail.body).toContain('Je vindt dit bericht ook op de Gemeentewinkel:');
  expect(mail.body).not.toMatch(/Beste |U vindt/);

  // The home page: the article among the latest news, and the announcement banner.
  await page.goto('/');
  await settle(page);
  await expect(page.getByRole('region', { name: 'Nieuws' }).getByRole('link', { name: ARTICLE })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Meldingen' }).getByRole('link', { name: ANNOUNCEMENT })).toBeVisible();
  await expectAccessible(page, 'home');
  await page.getByRole('region', { name: 'Nieuws' }).getByRole('link', { name: ARTICLE }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(ARTICLE);
  await expect(page.locator('.gw-prose strong')).toHaveText('zaterdag');
  await expectAccessible(page, 'nieuwsbericht');

  // The new privacy text.
  await page.goto('/privacy');
  await settle(page);
  await expect(page.getByRole('heading', { level: 2, name: 'Hoe lang wij gegevens bewaren' })).toBeVisible();
  await expect(page.locator('main strong', { hasText: PRIVACY_STAMP })).toBeVisible();
  await expectAccessible(page, '/privacy');

  // Staff: the message's screen counts it read; then the announcement goes.
  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await loginStaff(staff, STAFF.beheerder);
  await staff.goto(messageUrl);
  await settle(staff);
  await expect(staff.getByText(/^[1-9]\d* van \d+ in Berichten$/)).toBeVisible();
  await deleteAnnouncement(staff);
  await staffContext.close();
});

async function deleteAnnouncement(staff: Page) {
  await staff.goto('/admin/meldingen');
  await settle(staff);
  const row = staff
    .getByRole('table', { name: 'Openbare meldingen' })
    .getByRole('row')
    .filter({ hasText: ANNOUNCEMENT });
  await row.getByRole('button', { name: /^Verwijderen/ }).click();
  await staff.getByRole('button', { name: 'Ja, verwijder deze melding' }).click();
  await expect(staff.getByText(`De melding ‘${ANNOUNCEMENT}’ is verwijderd.`)).toBeVisible();
}
