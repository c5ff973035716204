import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import {
  exclusive,
  expectAccessible,
  freshColleague,
  loginCustomer,
  loginStaff,
  settle,
  STAFF,
  resizeTo,
} from './support';

/**
 * Running the platform (issue 12): the roles matrix applies from the next page, the site colour reaches the public
 * pages through the design tokens, and maintenance mode shows residents the maintenance page while staff work on.
 * Each changes something shared, so each runs under `exclusive` and puts it back.
 */

async function saveSettings(page: Page) {
  await page.getByRole('button', { name: 'Instellingen opslaan' }).click();
  await expect(page.getByText('De instellingen zijn opgeslagen.')).toBeVisible();
}

test('roles: the Beheerder changes a role in the matrix and a colleague’s menu changes on the next page', async ({
  browser,
  page,
}) => {
  await exclusive('roles', async () => {
    await loginStaff(page, STAFF.beheerder);
    await page.goto('/admin/beheer/instellingen/rollen');
    await settle(page);
    const matrix = page.getByRole('table', { name: 'Rechten per rol' });
    await expect(matrix).toBeVisible();
    await expect(matrix.getByRole('rowheader', { name: 'Bestellingen bekijken' })).toBeVisible();
    // Beheerder keeps every permission: its boxes are ticked and cannot be changed.
    await expect(matrix.getByRole('checkbox', { name: 'Beheerder: Rollen en rechten beheren' })).toBeDisabled();
    await expect(matrix.getByRole('checkbox', { name: 'Beheerder: Rollen en rechten beheren' })).toBeChecked();
    await expectAccessible(page, 'rollen');

    const colleagueContext = await browser.newContext();
    const colleague = await colleagueContext.newPage();
    await loginStaff(colleague, STAFF.redactie);
    await colleague.goto('/admin/nieuws');
    await settle(colleague);
    const menu = colleague.getByRole('navigation', { name: 'Beheermenu' });
    await expect(menu.getByRole('link', { name: 'Nieuws' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Bestellingen' })).toHaveCount(0);

    const box = matrix.getByRole('checkbox', { name: 'Redactie: Bestellingen bekijken' });
    await box.check();
    await page.getByRole('button', { name: 'Rechten opslaan' }).click();
    await expect(page.getByText(/De rechten zijn opgeslagen/)).toBeVisible();

    try {
      // The next page the colleague opens shows the new menu, without logging in again.
      await menu.getByRole('link', { name: 'Dashboard' }).click();
      await settle(colleague);
      await expect(menu.getByRole('link', { name: 'Bestellingen' })).toBeVisible();
    } finally {
      await page.reload();
      await settle(page);
      await page.getByRole('checkbox', { name: 'Redactie: Bestellingen bekijken' }).uncheck();
      await page.getByRole('button', { name: 'Rechten opslaan' }).click();
      await expect(page.getByText(/De rechten zijn opgeslagen/)).toBeVisible();
      await colleagueContext.close();
    }
  });
});

test('algemeen: a colour with too little contrast is refused with its ratio; a good one colours the public pages', async ({
  browser,
  page,
}) => {
  await exclusive('site-colour', async () => {
    await loginStaff(page, STAFF.beheerder);
    await page.goto('/admin/beheer/instellingen/algemeen');
    await settle(page);
    const colour = page.getByLabel('Hoofdkleur van de website');
    await colour.fill('#7fb2e5');
    await page.getByRole('button', { name: 'Instellingen opslaan' }).click();
    await expect(page.getByText(/te weinig contrast met wit: \d,\d\d:1/).first()).toBeVisible();
    await expectAccessible(page, 'algemene instellingen met fout');

    await colour.fill('#6b1d5c');
    await saveSettings(page);
    try {
      const visitorContext = await browser.newContext();
      const visitor = await visitorContext.newPage();
      await visitor.goto('/aanbod');
      await settle(visitor);
      await expect
        .poll(() =>
          visitor.evaluate(() =>
            getComputedStyle(document.documentElement).getPropertyValue('--gw-color-primary').trim(),
          ),
        )
        .toBe('#6b1d5c');
      await expectAccessible(visitor, 'aanbod in de eigen kleur');
      await visitorContext.close();
    } finally {
      await page.getByLabel('Hoofdkleur van de website').fill('');
      await saveSettings(page);
    }
  });
});

test('onderhoudsmodus: residents see the maintenance page while staff work on and see a banner', async ({
  browser,
  page,
}) => {
  await exclusive('maintenance', async () => {
    await loginStaff(page, STAFF.beheerder);
    await page.goto('/admin/beheer/instellingen/onderhoudsmodus');
    await settle(page);
    await page.getByRole('radio', { name: 'Nu aan' }).check();
    await page.getByLabel('Melding voor bezoekers').fill('Wij werken aan de website. Vanmiddag zijn wij terug.');
    await saveSettings(page);
    try {
      const residentContext = await browser.newContext();
      const resident = await residentContext.newPage();
      await resident.goto('/aanbod');
      await expect(resident.getByRole('heading', { name: 'Wij zijn even met onderhoud bezig' })).toBeVisible();
      await expect(resident.getByText('Wij werken aan de website. Vanmiddag zijn wij terug.')).toBeVisible();
      // No menus whose pages would be the maintenance page again; only what works (contact, other sites).
      await expect(resident.getByRole('navigation', { name: 'Hoofdmenu' })).toHaveCount(0);
      await expect(resident.getByRole('button', { name: /menu/i })).toHaveCount(0);
      await expect(resident.getByRole('navigation', { name: 'Over deze website' })).toHaveCount(0);
      await expect(resident.getByRole('link', { name: 'Inloggen als aanbieder' })).toHaveCount(0);
      await expectAccessible(resident, 'onderhoudspagina');
      for (const width of [390, 1280]) {
        await resizeTo(resident, { width, height: 900 });
        await resident.screenshot({ path: test.info().outputPath(`onderhoudspagina-${width}.png`), fullPage: true });
      }
      await residentContext.close();

      // Staff work on, with a banner.
      await page.goto('/admin/bestellingen');
      await settle(page);
      await expect(page.getByText('De onderhoudsmodus staat aan')).toBeVisible();
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    } finally {
      await page.goto('/admin/beheer/instellingen/onderhoudsmodus');
      await settle(page);
      await page.getByRole('radio', { name: /^Uit/ }).check();
      await saveSettings(page);
    }
  });
});

/** A small PNG (120 × 40 pixels), as a logo file chosen from disk. */
const LOGO_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAHgAAAAoCAIAAAC6iKlyAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAApElEQVRoge3UQW0EARTD0CFSZmYw/O8l0Gs3X6snBYHl+Hl/svf/ITwovx9RDeiA7pvexuiAbq4ho5uDk45uTqMDurmGjG4OTjq6OY0O6OYaMro5OOno5jQ6oJtryOjm4KSjm9PogG6uIaObg5OObk6jA7q5hoxuDk46ujmNDujmGjK6OTjp6OY0OqCba8jo5uCko5vT6IBuriGjm4OTjuZM/9wvR+Oz8e1N0VUAAAAASUVORK5CYII=',
  'base64',
);

/** A settings change through the API, as the logged-in staff member of `page` (for putting things back). */
async function patchSettings(page: Page, section: string, patch: Record<string, unknown>) {
  const res = await page.request.post('/graphql', {
    data: {
      query: `mutation($i: UpdateSettingsSectionInput!) { updateSettingsSection(input: $i) { errors { message } } }`,
      variables: { i: { section, patch } },
    },
  });
  expect(((await res.json()) as any).data.updateSettingsSection.errors).toEqual([]);
}

test('roles: a colleague who manages roles can give only what they hold, and not change their own role', async ({
  browser,
  page,
}) => {
  const suffix = Date.now().toString(36);
  const ownRole = `Rollenbeheer ${suffix}`;
  const newRole = `Tussenstap ${suffix}`;
  await loginStaff(page, STAFF.beheerder);
  const colleague = await freshColleague(page, {
    name: 'Rob Rollen',
    roleName: ownRole,
    permissions: ['DASHBOARD_VIEW', 'ROLE_MANAGE', 'ACCOUNT_MANAGE'],
    municipalities: ['Gemeente Zuiderveen'],
  });
  const context = await browser.newContext();
  try {
    const rob = await context.newPage();
    await loginStaff(rob, colleague.email, colleague.password);
    await rob.goto('/admin/beheer/instellingen/rollen');
    await settle(rob);
    const matrix = rob.getByRole('table', { name: 'Rechten per rol' });
    await expect(matrix).toBeVisible();
    // Their own role: every box disabled, with the reason.
    const own = matrix.getByRole('checkbox', { name: `${ownRole}: Rollen en rechten beheren` });
    await expect(own).toBeDisabled();
    await expect(own).toBeChecked();
    await expect(own).toHaveAccessibleDescription(new RegExp(`U kunt uw eigen rol ‘${ownRole}’ niet wijzigen`));
    // A role with more than they hold: out of reach, with the permissions it lacks named.
    const klantcontact = matrix.getByRole('checkbox', { name: 'Klantcontact: Bestellingen bekijken' });
    await expect(klantcontact).toBeDisabled();
    await expect(klantcontact).toHaveAccessibleDescription(
      /heeft rechten die u zelf niet heeft \(.*Bestellingen bekijken/,
    );

    // A new role: what they hold can be ticked, the BSN cannot.
    await rob.getByLabel('Naam van de rol', { exact: true }).fill(newRole);
    await rob.getByRole('button', { name: 'Rol aanmaken' }).click();
    await expect(rob.getByText(`De rol ‘${newRole}’ is aangemaakt.`)).toBeVisible();
    const bsn = matrix.getByRole('checkbox', { name: `${newRole}: Gevoelige persoonsgegevens (BSN) bekijken` });
    await expect(bsn).toBeDisabled();
    await expect(bsn).toHaveAccessibleDescription(/U kunt alleen rechten geven die u zelf heeft/);
    await matrix.getByRole('checkbox', { name: `${newRole}: Beheeraccounts beheren` }).check();
    await expectAccessible(rob, 'rollen, beperkt');
    await rob.getByRole('button', { name: 'Rechten opslaan' }).click();
    await expect(rob.getByText(/De rechten zijn opgeslagen/)).toBeVisible();
    await expect(matrix.getByRole('checkbox', { name: `${newRole}: Beheeraccounts beheren` })).toBeChecked();
  } finally {
    await context.close();
  }
});

test('algemeen: a logo through the upload pipeline shows in the public header with the platform name; the size check follows the upload limit; removing it works', async ({
  browser,
  page,
}) => {
  await exclusive('site-logo', async () => {
    await loginStaff(page, STAFF.beheerder);
    await page.goto('/admin/beheer/instellingen/algemeen');
    await settle(page);
    const platformName = await page.getByLabel('Naam van het platform').inputValue();
    const logo = page.getByRole('region', { name: 'Logo' });
    await expect(logo.getByText('Er is geen logo ingesteld.')).toBeVisible();

    // The form checks the file against the server's upload limit (instellingen/geavanceerd) before sending it.
    await patchSettings(page, 'ADVANCED', { uploadMaxMegabytes: 1 });
    try {
      await page.reload();
      await settle(page);
      await expect(logo.getByText('JPEG, PNG of WebP, hoogstens 1 MB.', { exact: false })).toBeVisible();
      await logo.getByLabel('Logo kiezen').setInputFiles({
        name: 'groot.png',
        mimeType: 'image/png',
        buffer: Buffer.concat([LOGO_PNG, Buffer.alloc(1024 * 1024 + 1)]),
      });
      await logo.getByRole('button', { name: 'Logo uploaden' }).click();
      await expect(
        logo.getByText('Deze afbeelding is te groot. Een afbeelding mag hoogstens 1 MB zijn.').first(),
      ).toBeVisible();
    } finally {
      await patchSettings(page, 'ADVANCED', { uploadMaxMegabytes: null });
    }
    await page.reload();
    await settle(page);

    await logo.getByLabel('Logo kiezen').setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: LOGO_PNG });
    await logo.getByRole('button', { name: 'Logo uploaden' }).click();
    await expect(page.getByText('Het logo is opgeslagen.', { exact: false })).toBeVisible();
    await expect(logo.getByRole('img', { name: `Huidig logo van ${platformName}` })).toBeVisible();
    try {
      await expectAccessible(page, 'algemene instellingen met logo');
      const visitorContext = await browser.newContext();
      const visitor = await visitorContext.newPage();
      await visitor.goto('/aanbod');
      await settle(visitor);
      const home = visitor.getByRole('banner').getByRole('link', { name: platformName, exact: true });
      await expect(home.getByRole('img', { name: platformName, exact: true })).toBeVisible();
      expect(await home.getByRole('img').getAttribute('src')).toMatch(/^\/uploads\/branding\/[0-9a-f-]+\.webp$/);
      await expectAccessible(visitor, 'aanbod met logo');
      await visitorContext.close();
    } finally {
      await logo.getByRole('button', { name: 'Logo verwijderen' }).click();
      await logo.getByRole('button', { name: 'Ja, verwijder het logo' }).click();
      await expect(page.getByText('Het logo is verwijderd.', { exact: false })).toBeVisible();
    }
    const after = await (await browser.newContext()).newPage();
    await after.goto('/aanbod');
    await settle(after);
    await expect(after.getByRole('banner').getByRole('img', { name: platformName })).toHaveCount(0);
    await after.context().close();
  });
});

/**
 * A stand-in for a statistics tool, like Plausible: counts the page it is loaded on and every client-side navigation
 * it sees (it wraps history.pushState and listens to popstate), by posting the path to its own origin.
 */
const STATS_ORIGIN = 'https://statistiek.example';
const STATS_SCRIPT = `(function () {
  function send() { fetch('${STATS_ORIGIN}/api/event', { method: 'POST', body: location.pathname, keepalive: true }); }
  var push = history.pushState;
  history.pushState = function () { push.apply(this, arguments); send(); };
  addEventListener('popstate', send);
  window.__statistics = true;
  send();
})();`;

test('analytics: the statistics script runs on public pages only; navigating into the account area leaves it behind', async ({
  browser,
  page,
}) => {
  await exclusive('analytics', async () => {
    await loginStaff(page, STAFF.beheerder);
    await page.goto('/admin/beheer/instellingen/analytics');
    await settle(page);
    await page.getByLabel('Statistieken aan').check();
    await page.getByLabel('Hulpmiddel').selectOption('PLAUSIBLE');
    await page.getByLabel('Site-id').fill('gemeentewinkel.example');
    // An address that would rewrite the Content-Security-Policy is refused at the field with the server's message.
    const scriptUrl = page.getByLabel('Adres van het statistiekscript');
    await scriptUrl.fill(`${STATS_ORIGIN}/js/script.js 'unsafe-inline' https:`);
    await page.getByRole('button', { name: 'Instellingen opslaan' }).click();
    await expect(scriptUrl).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByText(/mag geen spaties, aanhalingstekens/).first()).toBeVisible();
    await expectAccessible(page, 'analytics met fout');
    await scriptUrl.fill(`${STATS_ORIGIN}/js/script.js`);
    await saveSettings(page);
    // The admin area itself never loads it.
    await expect(page.locator('script[data-gw-analytics]')).toHaveCount(0);
    try {
      const context = await browser.newContext();
      const counted: string[] = [];
      let scriptLoads = 0;
      await context.route(`${STATS_ORIGIN}/**`, async (route) => {
        if (route.request().url().endsWith('/js/script.js')) {
          scriptLoads += 1;
          await route.fulfill({ contentType: 'text/javascript', body: STATS_SCRIPT });
        } else {
          counted.push(route.request().postData() ?? '');
          await route.fulfill({ status: 202, body: '' });
        }
      });
      const resident = await context.newPage();
      const hasScript = () =>
        resident.evaluate(() => ({
          tag: document.querySelectorAll('script[data-gw-analytics]').length,
          running: (window as { __statistics?: boolean }).__statistics === true,
        }));

      // Starting in the account area (a fresh page load after logging in): not loaded.
      await loginCustomer(resident);
      scriptLoads = 0;
      counted.length = 0;
      await resident.goto('/account/bestellingen');
      await settle(resident);
      expect(await hasScript()).toEqual({ tag: 0, running: false });
      expect(scriptLoads).toBe(0);

      // Public pages: loaded once, and it counts the client-side navigations between them.
      await resident.goto('/aanbod');
      await settle(resident);
      await expect.poll(hasScript).toEqual({ tag: 1, running: true });
      await resident.getByRole('banner').getByRole('link', { name: 'Nieuws', exact: true }).click();
      await settle(resident);
      await expect.poll(() => counted).toEqual(expect.arrayContaining(['/aanbod', '/nieuws']));

      // From a public page into the account area (a link in the header): the script is gone and counts nothing there.
      await resident.getByRole('banner').getByRole('link', { name: 'Mijn account' }).click();
      await expect(resident).toHaveURL(/\/account\//);
      await settle(resident);
      expect(await hasScript()).toEqual({ tag: 0, running: false });
      await resident.waitForTimeout(500);
      expect(counted.filter((path) => path.startsWith('/account'))).toEqual([]);
      expect(scriptLoads).toBe(1);
      await context.close();
    } finally {
      await page.goto('/admin/beheer/instellingen/analytics');
      await settle(page);
      await page.getByLabel('Statistieken aan').uncheck();
      await saveSettings(page);
    }
  });
});
