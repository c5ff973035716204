import { test, expect } from './fixtures';
import { expectAccessible, loginStaff, settle, STAFF } from './support';

/**
 * Partner API clients (issue 13): a Beheerder creates a client, sees its key once (and the key works as a bearer
 * token), and revokes it: from then on the key is refused.
 */
test('a Beheerder creates an API client, sees the key once, and revokes it', async ({ page }) => {
  test.setTimeout(120_000);
  const name = `Partner ${Date.now().toString(36)}`;
  await loginStaff(page, STAFF.beheerder);
  await page.goto('/admin/beheer/api');
  await settle(page);
  await expect(page.getByRole('heading', { level: 1, name: 'API-koppelingen' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'API-koppelingen' })).toBeVisible();
  await expectAccessible(page, 'API clients list');

  await page.getByRole('button', { name: 'Nieuwe koppeling' }).click();
  await page.getByLabel('Naam', { exact: true }).fill(name);
  await page.getByLabel('Gemeente').selectOption({ index: 1 });
  await page.getByLabel('Klantgroepen en personen bekijken').check();
  await page.getByLabel('Toegestane IP-adressen (optioneel)').fill('127.0.0.1\n::1');
  await expectAccessible(page, 'new API client form');
  await page.getByRole('button', { name: 'Koppeling aanmaken' }).click();

  // The key, this once, with a warning.
  await expect(page.getByRole('heading', { name: `De sleutel van ‘${name}’` })).toBeFocused();
  await expect(page.getByText('U ziet deze sleutel maar één keer')).toBeVisible();
  const key = await page.getByLabel('API-sleutel').inputValue();
  expect(key).toMatch(/^gwk_[0-9a-f]{8}_[\w-]{43}$/);
  await expectAccessible(page, 'key shown once');

  const call = () =>
    page.request.post('/graphql', {
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', cookie: '' },
      data: { query: '{ viewer { kind permissions } }' },
    });
  const works = await call();
  expect(works.status()).toBe(200);
  expect((await works.json()).data.viewer).toEqual({ kind: 'API_CLIENT', permissions: ['PERSON_READ'] });

  await page.getByRole('button', { name: 'Ik heb de sleutel bewaard' }).click();
  await expect(page.getByLabel('API-sleutel')).toHaveCount(0);
  // Not shown again: the details show only its prefix.
  await expect(page.getByRole('heading', { level: 2, name })).toBeVisible();
  await expect(page.getByText(key)).toHaveCount(0);
  await expect(page.getByText(`${key.slice(0, 12)}…`).first()).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText('Actief');

  // Revoke, with confirmation.
  await page.getByRole('button', { name: 'Koppeling intrekken' }).click();
  await page.getByRole('button', { name: 'Ja, trek deze koppeling in' }).click();
  await expect(page.getByText(`De koppeling ‘${name}’ is ingetrokken.`)).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText('Ingetrokken');
  const refused = await call();
  expect(refused.status()).toBe(401);
  expect((await refused.json()).errors[0].extensions.reason).toBe('API_KEY_REVOKED');
});
