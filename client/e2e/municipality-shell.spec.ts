import { mkdirSync } from 'node:fs';
import { type Browser, type Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { expectAccessible, loginResident, settle } from './support';
import { resident } from './orders-support';

/**
 * Whose site this is: a visitor who is not logged in sees every municipality of the platform in the header and the
 * footer's contact details, and each municipality's announcement names the municipality it comes from; a logged-in
 * resident sees only their own municipality (header, footer, banner). Screenshots of the header and footer at 390 and
 * 1280 px into .tmp/screenshots/ (git-ignored). Reads only: any household will do (ZV-100004, NH-200002).
 */

const DIR = '../.tmp/screenshots';
const ZUIDERVEEN = 'Gemeente Zuiderveen';
const NOORDERHAVEN = 'Gemeente Noorderhaven';
const ONLY_NOORDERHAVEN = 'Het loket is vrijdagmiddag gesloten'; // seeders/demo-messages.ts

test.beforeAll(() => {
  mkdirSync(DIR, { recursive: true });
});

async function visitor(browser: Browser, width: number): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  await page.goto('/');
  await settle(page);
  return page;
}

async function residentOf(browser: Browser, clientNumber: string, width: number): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  await loginResident(page, resident(clientNumber).bsn);
  await page.goto('/');
  await settle(page);
  return page;
}

const header = (page: Page) => page.getByRole('banner').locator('.gw-header__municipalities');
const footerContacts = (page: Page) =>
  page
    .getByRole('contentinfo')
    .getByRole('region', { name: 'Contact met de gemeente' })
    .getByRole('heading', { level: 3 });

async function shoot(page: Page, name: string, width: number) {
  await page.screenshot({ path: `${DIR}/${name}-${width}.png`, fullPage: true });
}

test('a visitor sees every municipality; a resident only their own, in header, footer and banner', async ({
  browser,
}) => {
  for (const width of [1280, 390] as const) {
    const anonymous = await visitor(browser, width);
    await expect(header(anonymous)).toHaveText(`${NOORDERHAVEN} en ${ZUIDERVEEN}`);
    await expect(footerContacts(anonymous)).toHaveText([NOORDERHAVEN, ZUIDERVEEN]);
    // A municipality's announcement says whose it is (a visitor's municipality is unknown: they see every one's).
    const banner = anonymous
      .getByRole('region', { name: 'Meldingen' })
      .getByRole('listitem')
      .filter({ has: anonymous.getByRole('link', { name: ONLY_NOORDERHAVEN }) });
    await expect(banner).toContainText(`Waarschuwing · ${NOORDERHAVEN}: ${ONLY_NOORDERHAVEN}`);
    if (width === 1280) await expectAccessible(anonymous, 'home, visitor, with a municipality’s announcement');
    await shoot(anonymous, 'gemeente-bezoeker', width);
    await anonymous.context().close();

    const zv = await residentOf(browser, 'ZV-100004', width);
    await expect(header(zv)).toHaveText(ZUIDERVEEN);
    await expect(footerContacts(zv)).toHaveText([ZUIDERVEEN]);
    // Nor the useful link to Noorderhaven's website.
    await expect(zv.getByRole('contentinfo')).not.toContainText('Noorderhaven');
    await expect(zv.getByRole('link', { name: ONLY_NOORDERHAVEN })).toHaveCount(0);
    await shoot(zv, 'gemeente-inwoner-zuiderveen', width);
    await zv.context().close();

    const nh = await residentOf(browser, 'NH-200002', width);
    await expect(header(nh)).toHaveText(NOORDERHAVEN);
    await expect(footerContacts(nh)).toHaveText([NOORDERHAVEN]);
    // (A managed useful link may name a place, "Hulp bij geldzaken in Zuiderveen"; the municipality itself is not there.)
    await expect(nh.getByRole('contentinfo')).not.toContainText(ZUIDERVEEN);
    await expect(
      nh
        .getByRole('region', { name: 'Meldingen' })
        .getByRole('listitem')
        .filter({ has: nh.getByRole('link', { name: ONLY_NOORDERHAVEN }) }),
    ).toContainText(`Waarschuwing · ${NOORDERHAVEN}:`);
    await shoot(nh, 'gemeente-inwoner-noorderhaven', width);
    await nh.context().close();
  }
});
