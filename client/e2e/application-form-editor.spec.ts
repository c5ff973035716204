import { randomUUID } from 'node:crypto';
import { demoCalendar, test, expect } from './fixtures';
import { expectAccessible, loginStaff, settle } from './support';
import { pageGql } from './account-support';

/**
 * Issue 28: staff configure an arrangement's application form with form fields, not a definition typed by hand. A
 * new arrangement of its own (the demo's are used by other specs): two questions, a rule each, proof, an amount per
 * child; a mistake answered per question in Dutch; saved, and the public page asks those questions.
 */
test('a Beheerder builds an application form from fields: questions, rules, proof and an amount per child', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  await loginStaff(page, 'beheerder@demo.gemeentewinkel.nl');
  const settings = await pageGql(page, `{ publicSettings { municipalities { municipalityId name } } }`);
  const zuiderveen = settings.publicSettings.municipalities.find((m: any) => m.name === 'Gemeente Zuiderveen');
  // The period of the demo's own arrangements, on the server's clock: open for applications today.
  const { arrangementPeriod } = await demoCalendar(baseURL!);
  const categories = await pageGql(page, `{ categories { id } }`);
  const name = `Schoolspullen ${randomUUID().slice(0, 6)}`;
  const made = await pageGql(
    page,
    `mutation($input: ArrangementInput!) { createArrangement(input: $input) { arrangement { id } errors { message } } }`,
    {
      input: {
        name,
        municipalityId: zuiderveen.municipalityId,
        defaultAmountCents: 10_000,
        categoryIds: [categories.categories[0].id],
        ownContributionAllowed: false,
        ...arrangementPeriod,
      },
    },
  );
  expect(made.createArrangement.errors).toEqual([]);
  const id = made.createArrangement.arrangement.id;

  await page.goto(`/admin/regelingen/${id}`);
  await settle(page);
  const editor = page.locator('section', { has: page.getByRole('heading', { name: 'Online aanvragen' }) });
  // The example question is there; it becomes the first of two.
  await editor.getByLabel('Vraag aan de inwoner').first().fill('Woont u in de gemeente Zuiderveen?');
  await editor.getByRole('button', { name: 'Vraag toevoegen' }).click();
  const second = editor.getByRole('group', { name: /^Vraag 2/ });
  await second.getByLabel('Vraag aan de inwoner').fill('Wat zijn de geboortedata van uw kinderen?');
  await second.getByLabel('Soort antwoord').selectOption({ label: 'Een datum (bijvoorbeeld een geboortedatum)' });
  await second.getByLabel(/Meerdere antwoorden/).check();
  await expect(second.getByLabel('Voorwaarde')).toHaveValue('YOUNGER_THAN');
  await second.getByLabel('Jonger dan (jaren)').fill('18');
  await second.getByLabel('Bewijs bij het antwoord').selectOption('OPTIONAL');
  await second.getByLabel(/Welk bewijs/).fill('Een uittreksel of de zorgverzekeringspas');
  await editor.getByLabel('Een bedrag per antwoord (bijvoorbeeld per kind)').check();
  await editor.getByLabel('Bedrag per antwoord (in euro’s)').fill('75,00');
  await editor.getByLabel('Bedrag per antwoord (in euro’s)').blur();
  await editor
    .getByLabel('Per antwoord op de vraag')
    .selectOption({ label: 'Wat zijn de geboortedata van uw kinderen?' });
  await editor.getByLabel('Open voor aanvragen').check();
  await expectAccessible(page, 'aanvraagformulier bewerken');

  // A mistake: an empty question is refused, said per question, and nothing is saved.
  await editor.getByLabel('Vraag aan de inwoner').first().fill('');
  await editor.getByRole('button', { name: 'Aanvraagformulier opslaan' }).click();
  const refusal = editor.getByRole('alert');
  await expect(refusal).toContainText('Het formulier is niet opgeslagen');
  await expect(refusal).toContainText('Vraag 1:');
  const before = await pageGql(page, `query($id: ID!) { adminApplicationForm(arrangementId: $id) { open } }`, { id });
  expect(before.adminApplicationForm?.open ?? false).toBe(false);

  await editor.getByLabel('Vraag aan de inwoner').first().fill('Woont u in de gemeente Zuiderveen?');
  await editor.getByRole('button', { name: 'Aanvraagformulier opslaan' }).click();
  await expect(page.getByText('Het aanvraagformulier is opgeslagen.')).toBeVisible();
  const saved = await pageGql(
    page,
    `query($id: ID!) { adminApplicationForm(arrangementId: $id) { open criteria amount municipalitySlug } }`,
    { id },
  );
  const form = saved.adminApplicationForm;
  expect(form.open).toBe(true);
  expect(form.criteria).toMatchObject([
    { type: 'YES_NO', question: 'Woont u in de gemeente Zuiderveen?', rule: { kind: 'MUST_BE_YES' }, proof: 'NONE' },
    {
      type: 'DATE',
      multiple: true,
      rule: { kind: 'YOUNGER_THAN', years: 18 },
      proof: 'OPTIONAL',
      proofHint: 'Een uittreksel of de zorgverzekeringspas',
    },
  ]);
  expect(form.amount).toMatchObject({ kind: 'PER_RECORD', cents: 7500, criterion: form.criteria[1].key });

  // The public page asks those questions (the check without logging in).
  await page.goto(`/aanvragen/${form.municipalitySlug}/${id}`);
  await settle(page);
  await expect(page.getByRole('heading', { level: 1 })).toContainText(name);
  await expect(page.getByText('Woont u in de gemeente Zuiderveen?').first()).toBeVisible();
});

test('a Beheerder keeps the social minimum per year that an income rule reads: a new year added, a bad amount refused', async ({
  page,
  baseURL,
}) => {
  await loginStaff(page, 'beheerder@demo.gemeentewinkel.nl');
  // A year far ahead: no application of the other specs reads it.
  const year = String((await demoCalendar(baseURL!)).year + 5);
  await page.goto('/admin/beheer/instellingen/geavanceerd');
  await settle(page);
  const section = page.locator('section', {
    has: page.getByRole('heading', { name: 'Sociaal minimum voor aanvragen' }),
  });
  await expect(section.getByRole('table')).toContainText('Alleenstaande ouder');
  await section.getByLabel('Nieuw jaar (bijvoorbeeld 2028)').fill(year);
  await section.getByLabel('Alleenstaand, nieuw jaar').fill('1.500');
  await section.getByLabel('Alleenstaande ouder, nieuw jaar').fill('veel');
  await section.getByLabel('Gehuwd of samenwonend, nieuw jaar').fill('2140');
  await section.getByRole('button', { name: 'Sociaal minimum opslaan' }).click();
  await expect(section.getByText('Vul een bedrag in hele euro’s in.', { exact: true }).first()).toBeVisible();
  await expectAccessible(page, 'sociaal minimum met een fout');

  await section.getByLabel('Alleenstaande ouder, nieuw jaar').fill('1500');
  await section.getByRole('button', { name: 'Sociaal minimum opslaan' }).click();
  await expect(page.getByText('Het sociaal minimum is opgeslagen.')).toBeVisible();
  await expect(section.getByRole('rowheader', { name: year })).toBeVisible();
  const saved = await pageGql(page, `{ settingsSection(section: APPLICATIONS) { value } }`);
  expect(saved.settingsSection.value.socialMinimum[year]).toEqual({
    alleenstaand: 1500,
    'alleenstaande-ouder': 1500,
    'gehuwd-samenwonend': 2140,
  });
});
