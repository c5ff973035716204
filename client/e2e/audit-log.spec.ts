import { mkdirSync, readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { pageGql } from './account-support';
import { resident } from './orders-support';
import {
  expectAccessible,
  expectNoSidewaysScroll,
  loginResident,
  loginStaff,
  settle,
  STAFF,
  resizeTo,
} from './support';

/**
 * The privacy officer's question, "who looked at my data?" (issue 26): a Beheerder (who holds AUDIT_LOG_READ) opens
 * Mandy de Boer's person page, then finds every read and change about her in the audit log by her client number —
 * in Dutch, with names, Dutch time and the reason — narrows it to changes, and exports it as CSV. Mandy then sees the
 * same list on /account/gegevens, with the organisation and the reason and without staff names. The demo's audit
 * history (seeders/demo-audit.ts) gives her a card replaced by Klantcontact. Screenshots at 390 and 1280 px go to
 * .tmp/screenshots/. Household ZV-100001: only read here.
 */
const HOUSEHOLD = 'ZV-100001';
const DIR = '../.tmp/screenshots';

async function shoot(page: Page, name: string) {
  mkdirSync(DIR, { recursive: true });
  for (const width of [1280, 390]) {
    await resizeTo(page, { width, height: 900 });
    await settle(page);
    await expectNoSidewaysScroll(page, `${name} at ${width}px`);
    await page.screenshot({ path: `${DIR}/${name}-${width}.png`, fullPage: true });
  }
  await resizeTo(page, { width: 1280, height: 900 });
}

test('a privacy officer finds and exports every read and change about one resident, who sees the same list', async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const who = resident(HOUSEHOLD);
  await loginStaff(page, STAFF.beheerder);
  const found = await pageGql(
    page,
    `query($s: String!) { clientGroups(filter: { search: $s }, first: 1) { edges { node { members { externalIdentifier firstName lastName } } } } }`,
    { s: HOUSEHOLD },
  );
  const mandy = found.clientGroups.edges[0].node.members.find((m: any) => m.firstName === who.firstName);
  const label = `${mandy.firstName} ${mandy.lastName} (${mandy.externalIdentifier})`;

  // The Beheerder looks at her person page: a read of her personal data.
  await page.goto(`/admin/persoon/${mandy.externalIdentifier}`);
  await settle(page);

  // The audit log, filtered by her client number.
  await page.goto('/admin/beheer/auditlog');
  await settle(page);
  await page.getByLabel('Persoon').fill(mandy.externalIdentifier);
  await page.getByRole('button', { name: 'Zoeken' }).click();
  await expect(page).toHaveURL(new RegExp(`persoon=${mandy.externalIdentifier}`));
  const table = page.getByRole('table', { name: /^Gevonden regels van het auditlog/ });
  await expect(table).toBeVisible();
  // Her read (other tests, running beside this one, read the same household as other staff: not the first row).
  const read = table.getByRole('row').filter({ hasText: 'Persoonsgegevens bekeken' }).filter({ hasText: 'Bea Beheer' });
  await expect(read.first()).toContainText('Gemeente Zuiderveen');
  await expect(read.first()).toContainText('Inwoners helpen');
  await expect(read.first().getByRole('link', { name: label })).toHaveAttribute(
    'href',
    `/admin/persoon/${mandy.externalIdentifier}`,
  );
  await expect(table.getByRole('row').filter({ hasText: 'Pas vervangen' }).first()).toContainText('Karim Klantcontact');
  await expect(table).not.toContainText('PERSONAL_DATA_READ');
  await expectAccessible(page, 'auditlog gefilterd op een persoon');
  await shoot(page, 'auditlog-persoon');

  // Only the changes.
  await page.getByLabel('Soort').selectOption({ label: 'Gewijzigd' });
  await page.getByRole('button', { name: 'Zoeken' }).click();
  await expect(page).toHaveURL(/soort=change/);
  await expect(table.getByRole('row').filter({ hasText: 'Pas vervangen' }).first()).toBeVisible();
  await expect(table).not.toContainText('Persoonsgegevens bekeken');

  // Every read and change about her, as CSV.
  await page.getByLabel('Soort').selectOption({ label: 'Alle soorten' });
  await page.getByRole('button', { name: 'Zoeken' }).click();
  await expect(page).not.toHaveURL(/soort=/);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('link', { name: 'Gevonden regels exporteren (CSV)' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^auditlog-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '');
  const lines = csv.trim().split(/\r?\n/);
  expect(lines[0]).toBe(
    'Tijdstip (Nederlandse tijd);Soort;Handeling;Door;Soort actor;Organisatie;Over;Gegevens;Velden;Verwerkingsactiviteit;Doel;Grondslag;Reden;Verzoek (trace-id);Code',
  );
  const csvRead = lines.find((l) => l.includes('Persoonsgegevens bekeken') && l.includes('Bea Beheer'));
  expect(csvRead).toContain(label);
  expect(csvRead).toContain('Gemeente Zuiderveen');
  expect(lines.some((l) => l.includes('Pas vervangen') && l.includes('Karim Klantcontact'))).toBe(true);
  // Only rows about her (or her household as a whole): no other person named.
  expect(lines.slice(1).filter((l) => /\(P-\d+\)/.test(l) && !l.includes(label))).toEqual([]);

  // Mandy's own view: the same reads and changes, the organisation and the reason, no staff names.
  const context = await browser.newContext();
  const residentPage = await context.newPage();
  await loginResident(residentPage, who.bsn, '/account/gegevens');
  const section = residentPage.getByRole('region', { name: 'Wie heeft uw gegevens bekeken?' });
  const list = section.getByRole('list', { name: /^Wie heeft uw gegevens bekeken/ });
  await expect(list).toBeVisible();
  await expect(list.getByRole('listitem').filter({ hasText: 'Persoonsgegevens bekeken' }).first()).toContainText(
    'Gemeente Zuiderveen',
  );
  await expect(list).toContainText('Waarom: Vragen van inwoners beantwoorden en hun gegevens bijhouden.');
  await expect(list).toContainText('Pas vervangen');
  await expect(section).not.toContainText('Bea Beheer');
  await expect(section).not.toContainText('Karim');
  await expectAccessible(residentPage, 'gegevens van de inwoner met wie haar gegevens bekeek');
  await section.scrollIntoViewIfNeeded();
  await shoot(residentPage, 'account-gegevens-verwerkingen');
  await context.close();
});
