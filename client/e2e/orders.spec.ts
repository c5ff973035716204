import { test, expect } from './fixtures';
import { expectAccessible, loginProvider, loginStaff, settle, STAFF } from './support';
import { placeOrders, resident, residentApi } from './orders-support';

/**
 * Orders after checkout, end to end: a demo resident orders twice from provider 1 through the API; the provider
 * accepts one at /aanbieder/bestellingen (which never shows the pickup code and sends the provider to the counter to
 * hand it over) and hands the other over at the counter (/aanbieder/app) by typing the resident's card number; staff
 * find the order at /admin/bestellingen, see its timeline (with how it was handed over) and cancel it with a reason.
 * axe runs on every screen on the way.
 */

// Its own household (budgets are shared by the specs that run against the same server).
const HOUSEHOLD = 'ZV-100013';

test('a provider accepts and delivers orders, and staff see and cancel them', async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const who = resident(HOUSEHOLD);
  const providerContext = await browser.newContext();
  const provider = await providerContext.newPage();
  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();

  // 0. The resident orders twice from provider 1 (through the API, as the checkout screen does).
  await loginProvider(provider, 1);
  const me = await provider.request.post('/graphql', {
    headers: { 'content-type': 'application/json' },
    data: { query: '{ myProvider { id } }' },
  });
  const providerId: string = (await me.json()).data.myProvider.id;
  const api = await residentApi(baseURL!, who);
  const [first, second] = await placeOrders(api, providerId, 2);
  await api.dispose();

  // 1. The provider's order list: newest first, filterable; the first order is there with the customer's first name.
  await provider.goto('/aanbieder/bestellingen');
  await settle(provider);
  await expect(provider.getByRole('heading', { level: 1 })).toHaveText('Bestellingen');
  const row = provider.getByRole('row', { name: new RegExp(first!.number) });
  await expect(row).toContainText(who.firstName);
  await expect(row).toContainText('Geplaatst');
  await expectAccessible(provider, 'aanbieder: bestellingen');
  await provider.getByLabel('Status').selectOption({ label: 'Geaccepteerd' });
  await provider.getByRole('button', { name: 'Filteren' }).click();
  await expect(provider).toHaveURL(/status=geaccepteerd/);
  await settle(provider);
  await expect(provider.getByRole('row', { name: new RegExp(first!.number) })).toHaveCount(0);
  await provider.getByLabel('Status').selectOption({ label: 'Alle statussen' });
  await provider.getByRole('button', { name: 'Filteren' }).click();
  await settle(provider);

  // 2. The order: lines, first name, timeline, never the pickup code; a rejection needs a reason; accept it.
  await provider.getByRole('link', { name: first!.number }).click();
  await expect(provider.getByRole('heading', { level: 1 })).toHaveText(`Bestelling ${first!.number}`);
  await settle(provider);
  await expect(provider.locator('main')).not.toContainText(first!.pickupCode);
  await expect(provider.locator('main')).toContainText(who.firstName);
  // A pick-up order is handed over at the counter with the resident's card or code, not marked here.
  await expect(provider.locator('main dl').first()).toContainText('LeveringAfhalen aan de balie');
  await expect(provider.locator('main')).toContainText(
    'Lever af aan de balie met de pas of de afhaalcode van de klant.',
  );
  await expect(provider.getByRole('main').getByRole('link', { name: 'Naar de kassa-app' })).toHaveAttribute(
    'href',
    '/aanbieder/app',
  );
  await expect(provider.getByRole('button', { name: /Markeren als (geleverd|verzonden)/ })).toHaveCount(0);
  await expect(provider.locator('main')).not.toContainText(who.lastName);
  await expectAccessible(provider, 'aanbieder: bestelling');
  // Declining sits behind a disclosure: "Accepteren" stands alone until "Afwijzen…" opens the reason and its button.
  const decline = provider.getByRole('button', { name: 'Bestelling afwijzen…' });
  await expect(decline).toHaveAttribute('aria-expanded', 'false');
  await expect(provider.getByLabel('Reden van afwijzen')).toHaveCount(0);
  await expect(provider.getByRole('button', { name: 'Bestelling afwijzen', exact: true })).toHaveCount(0);
  await decline.click();
  await expect(decline).toHaveAttribute('aria-expanded', 'true');
  await expect(provider.getByLabel('Reden van afwijzen')).toBeFocused();
  await provider.keyboard.press('Escape');
  await expect(decline).toHaveAttribute('aria-expanded', 'false');
  await expect(decline).toBeFocused();
  await expect(provider.getByLabel('Reden van afwijzen')).toHaveCount(0);
  await decline.click();
  await expectAccessible(provider, 'aanbieder: bestelling, afwijzen geopend');
  await provider.getByRole('button', { name: 'Bestelling afwijzen', exact: true }).click();
  // The form kit: the error summary (focused, linking to the field) and the message at the field itself.
  await expect(provider.getByRole('alert')).toContainText(
    'Geef een reden op (minstens 5 tekens). De klant ziet deze reden.',
  );
  await expect(provider.getByRole('alert')).toBeFocused();
  await expect(provider.getByLabel('Reden van afwijzen')).toHaveAttribute('aria-invalid', 'true');
  await expectAccessible(provider, 'aanbieder: bestelling met fout');
  await provider.getByRole('button', { name: 'Accepteren' }).click();
  await expect(provider.getByRole('status').filter({ hasText: 'U heeft de bestelling geaccepteerd' })).toBeVisible();
  await expect(provider.getByRole('list', { name: 'Verloop van de bestelling' })).toContainText('Geaccepteerd door u');
  await expect(provider.getByRole('button', { name: 'Accepteren' })).toHaveCount(0);
  await expectAccessible(provider, 'aanbieder: bestelling geaccepteerd');

  // 3. The counter: a mistyped card number is caught; the right one (with spaces) shows the open orders; deliver one.
  await provider.goto('/aanbieder/app');
  await settle(provider);
  await expect(provider.getByRole('heading', { level: 1 })).toHaveText('Kassa-app');
  await expectAccessible(provider, 'aanbieder: kassa-app');
  const field = provider.getByLabel('Pasnummer of afhaalcode');
  const wrong = who.cardNumber.slice(0, 9) + String((Number(who.cardNumber[9]) + 1) % 10);
  await field.fill(wrong);
  await provider.getByRole('button', { name: 'Zoeken' }).click();
  await expect(provider.getByRole('alert')).toContainText('Dit pasnummer bestaat niet: het controlecijfer klopt niet.');
  await expect(provider.getByRole('alert')).toBeFocused();
  await field.fill(`${who.cardNumber.slice(0, 4)} ${who.cardNumber.slice(4, 7)} ${who.cardNumber.slice(7)}`);
  await provider.getByRole('button', { name: 'Zoeken' }).click();
  await expect(provider.getByRole('heading', { name: `Open bestellingen van ${who.firstName}` })).toBeVisible();
  await expect(provider.locator('main')).toContainText(`pas eindigend op ${who.cardNumber.slice(-4)}`);
  await expect(field).toHaveValue('');
  await expect(provider.getByRole('heading', { name: `Bestelling ${second!.number}` })).toBeVisible();
  await expect(provider.getByRole('heading', { name: `Bestelling ${first!.number}` })).toBeVisible();
  // The counter shows the orders, never their pickup codes.
  await expect(provider.locator('main')).not.toContainText(first!.pickupCode);
  await expect(provider.locator('main')).not.toContainText(second!.pickupCode);
  await expectAccessible(provider, 'aanbieder: kassa-app met resultaat');
  // Each order says who ordered it.
  const secondCard = provider.getByRole('listitem').filter({
    has: provider.getByRole('heading', { name: `Bestelling ${second!.number}` }),
  });
  await expect(secondCard).toContainText(`Besteld door${who.firstName}`);
  // "Markeren als geleverd" asks first: what, for whom, the amount. "Annuleren" changes nothing.
  const markSecond = provider.getByRole('button', { name: `Bestelling ${second!.number} markeren als geleverd` });
  await markSecond.click();
  const confirm = provider.getByRole('group', { name: `Bestelling ${second!.number} als geleverd markeren?` });
  await expect(confirm).toContainText(`besteld door ${who.firstName}`);
  await expect(confirm).toContainText(/totaal €\s\d+,\d\d/);
  await expect(confirm.getByRole('button', { name: 'Ja, geleverd' })).toBeFocused();
  await expectAccessible(provider, 'aanbieder: kassa-app, levering bevestigen');
  await confirm.getByRole('button', { name: 'Annuleren' }).click();
  await expect(confirm).toHaveCount(0);
  await expect(markSecond).toBeFocused();
  await markSecond.click();
  await confirm.getByRole('button', { name: 'Ja, geleverd' }).click();
  await expect(
    provider.getByText(`Bestelling ${second!.number} is als geleverd gemeld. Afgegeven aan de balie met de pas.`),
  ).toBeVisible();
  await expect(provider.getByRole('heading', { name: `Bestelling ${second!.number}` })).toHaveCount(0);
  // A mistake can be undone for a short while: the order is open again, and then delivered for good.
  const undo = provider.getByRole('button', { name: `Levering van bestelling ${second!.number} ongedaan maken` });
  await expect(undo).toBeFocused();
  await expectAccessible(provider, 'aanbieder: kassa-app, ongedaan maken');
  await undo.click();
  await expect(
    provider.getByText(
      `De levering van bestelling ${second!.number} is ongedaan gemaakt. De bestelling staat weer open.`,
    ),
  ).toBeVisible();
  await expect(undo).toHaveCount(0);
  await expect(provider.getByRole('heading', { name: `Bestelling ${second!.number}` })).toBeVisible();
  await markSecond.click();
  await confirm.getByRole('button', { name: 'Ja, geleverd' }).click();
  await expect(provider.getByText(`Bestelling ${second!.number} is als geleverd gemeld.`)).toBeVisible();
  await expect(provider.getByRole('heading', { name: `Bestelling ${second!.number}` })).toHaveCount(0);
  // A delivered order is no longer open: its pickup code finds nothing, with the one answer for every such case.
  await field.fill(second!.pickupCode);
  await provider.getByRole('button', { name: 'Zoeken' }).click();
  await expect(provider.getByRole('alert')).toContainText(
    /Niets gevonden: bij uw organisatie is er geen open bestelling voor deze pas of afhaalcode\./,
  );
  await expect(provider.getByRole('alert')).toBeFocused();
  // "Scan pas of code" is offered in every browser (a decoder is loaded where the browser has none); typing always works.
  await expect(provider.getByRole('button', { name: 'Scan pas of code' })).toHaveCount(1);
  await expectAccessible(provider, 'aanbieder: kassa-app na levering');

  // 4. Staff find the order by number, see the timeline, and cancel it with a reason (budget back).
  await loginStaff(staff, STAFF.beheerder);
  await staff.goto('/admin/bestellingen');
  await settle(staff);
  await expectAccessible(staff, 'beheer: bestellingen');
  await staff.getByLabel('Bestelnummer').fill(first!.number);
  await staff.getByRole('button', { name: 'Zoeken' }).click();
  await expect(staff).toHaveURL(new RegExp(`zoek=${first!.number}`));
  await settle(staff);
  await expect(staff.getByRole('table')).toContainText('Gevonden bestellingen: 1 van 1');
  await staff.getByRole('link', { name: first!.number }).click();
  await expect(staff).toHaveURL(new RegExp(`/admin/bestellingen/${first!.id}$`));
  await expect(staff.getByRole('heading', { level: 1 })).toHaveText(`Bestelling ${first!.number}`);
  await settle(staff);
  const timeline = staff.getByRole('list', { name: 'Verloop van de bestelling' });
  await expect(timeline).toContainText('Bestelling geplaatst');
  await expect(timeline).toContainText('Geaccepteerd door de aanbieder');
  await expect(staff.getByRole('table', { name: 'Betaling per regeling' })).toContainText('Tegoed:');
  await expectAccessible(staff, 'beheer: bestelling');
  await expect(staff.getByLabel('Reden van annuleren')).toHaveCount(0);
  await staff.getByRole('button', { name: 'Bestelling annuleren…' }).click();
  await expect(staff.getByLabel('Reden van annuleren')).toBeFocused();
  await staff.getByLabel('Reden van annuleren').fill('Dubbel besteld, op verzoek van de inwoner.');
  await staff.getByRole('button', { name: 'Bestelling annuleren', exact: true }).click();
  await expect(staff.getByRole('status').filter({ hasText: 'De bestelling is geannuleerd.' })).toBeVisible();
  await expect(timeline).toContainText('Geannuleerd door de gemeente');
  await expect(timeline).toContainText('Dubbel besteld, op verzoek van de inwoner.');
  await expectAccessible(staff, 'beheer: bestelling geannuleerd');

  // 5. The same, per provider.
  await staff.goto(`/admin/aanbieders/${providerId}/bestellingen`);
  await settle(staff);
  await expect(staff.getByRole('link', { name: second!.number })).toBeVisible();
  await expectAccessible(staff, 'beheer: bestellingen van een aanbieder');
  await staff.getByRole('link', { name: second!.number }).click();
  await expect(staff).toHaveURL(new RegExp(`/admin/aanbieders/${providerId}/bestellingen/${second!.id}$`));
  await settle(staff);
  await expect(staff.getByRole('list', { name: 'Verloop van de bestelling' })).toContainText(
    'Afgegeven aan de balie met de pas',
  );
  await expect(staff.locator('main dl').first()).toContainText('OverdrachtAfgegeven aan de balie met de pas');
  await expect(staff.getByRole('button', { name: 'Bestelling annuleren' })).toHaveCount(0);
  await expectAccessible(staff, 'beheer: bestelling van een aanbieder');

  await providerContext.close();
  await staffContext.close();
});
