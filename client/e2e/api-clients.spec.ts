import { test, expect, serverNow } from './fixtures';
import { expectAccessible, freshColleague, loginStaff, settle, STAFF } from './support';

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

/**
 * Issue 24: an API client works with the permissions of the colleague who made it, as they are now. Deactivating
 * that colleague says how many clients stop; beheer/api then says why a client does not work, and the Beheerder, who
 * holds what it needs, takes it over: it works again.
 */
test('a deactivated colleague’s API client stops, says why, and is taken over by the Beheerder', async ({
  browser,
  page,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const suffix = Date.now().toString(36);
  const name = `Partner van Kees ${suffix}`;
  await loginStaff(page, STAFF.beheerder);
  const colleague = await freshColleague(page, {
    name: 'Kees Koppeling',
    roleName: `Koppelbeheer ${suffix}`,
    permissions: ['DASHBOARD_VIEW', 'API_CLIENT_MANAGE', 'PERSON_READ'],
    municipalities: ['Gemeente Zuiderveen'],
  });

  // Kees makes a client (over the API, as the form does).
  const context = await browser.newContext();
  let key = '';
  let clientId = '';
  try {
    const kees = await context.newPage();
    await loginStaff(kees, colleague.email, colleague.password);
    const gql = async (query: string, variables?: Record<string, unknown>) => {
      const res = await kees.request.post('/graphql', {
        headers: { 'content-type': 'application/json' },
        data: { query, variables },
      });
      return ((await res.json()) as { data: any }).data;
    };
    const [municipality] = (await gql('{ viewer { municipalities { id } } }')).viewer.municipalities;
    // Valid for 60 days on the server's clock (it may run in another year: CLOCK_START).
    const expiresOn = new Date((await serverNow(baseURL!)).getTime() + 60 * 24 * 3600_000).toISOString().slice(0, 10);
    const made = await gql(
      `mutation($input: CreateApiClientInput!) { createApiClient(input: $input) { key apiClient { id } errors { message } } }`,
      { input: { name, municipalityId: municipality.id, permissions: ['PERSON_READ'], expiresOn } },
    );
    expect(made.createApiClient.errors).toEqual([]);
    key = made.createApiClient.key;
    clientId = made.createApiClient.apiClient.id;
  } finally {
    await context.close();
  }
  const call = () =>
    page.request.post('/graphql', {
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json', cookie: '' },
      data: { query: '{ viewer { kind permissions } }' },
    });
  expect((await call()).status()).toBe(200);

  // The deactivation says that the client stops with its maker.
  await page.goto(`/admin/beheer/accounts/${colleague.accountId}`);
  await settle(page);
  await expect(page.getByText('Ook 1 API-koppeling die deze collega beheert, stopt dan met werken')).toBeVisible();
  await expectAccessible(page, 'account with an API client');
  await page.getByRole('button', { name: 'Account deactiveren' }).click();
  await page.getByRole('button', { name: 'Ja, deactiveer dit account' }).click();
  await expect(page.getByText('Kees Koppeling kan niet meer inloggen.')).toBeVisible();
  const refused = await call();
  expect(refused.status()).toBe(403);
  expect((await refused.json()).errors[0].extensions.reason).toBe('CREATOR_INACTIVE');

  // beheer/api says why, and the Beheerder takes it over.
  await page.goto(`/admin/beheer/api?zoek=${encodeURIComponent(name)}&koppeling=${clientId}`);
  await settle(page);
  await expect(page.getByRole('row', { name: new RegExp(name) })).toContainText(
    'Werkt niet: de maker is gedeactiveerd.',
  );
  const detail = page.getByRole('region', { name });
  await expect(detail.getByText('Werkt niet: de maker is gedeactiveerd.')).toBeVisible();
  await expectAccessible(page, 'API client that stopped');
  await detail.getByRole('button', { name: 'Koppeling overnemen' }).click();
  await detail.getByRole('button', { name: 'Ja, neem deze koppeling over' }).click();
  await expect(
    page.getByText(`U beheert de koppeling ‘${name}’ nu zelf. Ze werkt weer, met uw rechten.`),
  ).toBeVisible();
  await expect(page.getByRole('row', { name: new RegExp(name) })).not.toContainText('Werkt niet');
  const works = await call();
  expect(works.status()).toBe(200);
  expect((await works.json()).data.viewer).toEqual({ kind: 'API_CLIENT', permissions: ['PERSON_READ'] });
});

/**
 * Issue 29: a client's webhooks on beheer/api. The demo's partner client has a paused endpoint with a delivery log;
 * the Beheerder adds an endpoint (its signing secret shown once), and a private address is refused in Dutch.
 */
test('a Beheerder sees a client’s webhooks and delivery log, and adds an endpoint', async ({ page }) => {
  test.setTimeout(120_000);
  await loginStaff(page, STAFF.beheerder);
  await page.goto('/admin/beheer/api');
  await settle(page);
  await page.getByRole('link', { name: 'Schuldhulpverlening Gemeente Zuiderveen' }).click();
  const webhooks = page.getByRole('region', { name: 'Webhooks' });
  await expect(webhooks).toBeVisible();
  await expect(webhooks.getByText('Gepauzeerd', { exact: true })).toBeVisible();
  await webhooks.getByRole('link', { name: 'Afleveringen bekijken' }).first().click();
  const log = page.getByRole('table', { name: /Pogingen/ });
  await expect(log).toBeVisible();
  await expect(log).toContainText('503');
  await expectAccessible(page, 'webhooks and delivery log');

  await webhooks.getByRole('button', { name: 'Nieuwe webhook' }).click();
  await page.getByLabel(/Adres \(URL\)/).fill('https://10.1.2.3/hooks');
  await page.getByRole('checkbox', { name: /order\.placed/ }).check();
  await page.getByRole('button', { name: 'Webhook aanmaken' }).click();
  await expect(page.getByText(/privé-, lokaal of gereserveerd netwerkadres/).first()).toBeVisible();
  await expectAccessible(page, 'new webhook refused');
  await page.getByLabel(/Adres \(URL\)/).fill('https://127.0.0.1:9/hooks');
  await page.getByRole('button', { name: 'Webhook aanmaken' }).click();
  await expect(page.getByRole('heading', { name: /De ondertekeningssleutel van de webhook/ })).toBeFocused();
  expect(await page.getByLabel('Ondertekeningssleutel', { exact: true }).inputValue()).toMatch(/^whsec_/);
  await expectAccessible(page, 'webhook secret shown once');
  await page.getByRole('button', { name: 'Ik heb de sleutel bewaard' }).click();
  await expect(page.getByLabel('Ondertekeningssleutel', { exact: true })).toHaveCount(0);
  await expect(webhooks.getByText('https://127.0.0.1:9/hooks')).toBeVisible();
});
