import { test, expect } from './fixtures';
import { expectAccessible, loginResident } from './support';
import { resident } from './orders-support';

/**
 * /account/pas: the resident's own card number is masked, and "Toon nummer" (a toggle button on the digital card)
 * shows it in full; cards of household members stay masked, without the button. Household NH-200003 (also the landing spec's resident without orders; neither orders nor blocks).
 */
test('a resident shows the full number of their own card with "Toon nummer", by keyboard too', async ({ page }) => {
  const who = resident('NH-200003');
  const asked: string[] = [];
  page.on('request', (r) => asked.push(r.url()));
  await loginResident(page, who.bsn, '/account/pas');
  // The digital card (issue 30): the own card as a card, with its QR code and the toggle.
  const own = page.getByRole('article', { name: `Digitale pas van ${who.firstName}` });
  await expect(own.getByRole('img', { name: `QR-code van de pas van ${who.firstName}` })).toBeVisible();
  const toggle = own.getByRole('button', { name: 'Toon nummer' });
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await expect(own).not.toContainText(who.cardNumber);
  await expect(own).toContainText(`Pas eindigend op ${who.cardNumber.slice(-4)}`);
  await expect(page.getByRole('button', { name: 'Toon nummer' })).toHaveCount(1);

  await toggle.focus();
  await page.keyboard.press('Enter');
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  await expect(own).toContainText(who.cardNumber);
  await expectAccessible(page, 'card number shown');

  await page.keyboard.press('Space');
  await expect(toggle).toHaveAttribute('aria-pressed', 'false');
  await expect(own).not.toContainText(who.cardNumber);
  // The number never travels in a URL.
  expect(asked.filter((u) => u.includes(who.cardNumber))).toEqual([]);
});
