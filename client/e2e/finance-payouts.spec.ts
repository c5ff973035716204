import { readFile } from 'node:fs/promises';
import { validateXML } from 'xmllint-wasm';
import { test, expect } from './fixtures';
import { expectAccessible, loginProvider, loginStaff, settle, STAFF } from './support';

/**
 * Payouts to providers, end to end, on the demo's data: orders were delivered some 15 days before the server's clock
 * (the demo story, seeders/demo-activity.ts: Zuiderveen's bicycle service of provider 5 is left for this journey), so
 * the 14-day payout delay has passed. Finance creates a batch at /admin/beheer/betalingen/uitbetalingen/nieuw after
 * the preview, downloads the pain.001 file (valid against the official XSD, its amounts those of the batch's
 * lines, which are the ledger's provider payables), marks it paid; the batch lists how each order was handed over
 * (the demo hands every order over at the counter, with the card or the pickup code) and the SEPA file does not; the
 * provider sees the payout on /aanbieder/profiel and downloads its specification, with the hand-over per order. axe on
 * every screen.
 *
 * The server's clock is not moved during the run (every spec shares the server and its sessions); the demo places the
 * deliveries in the past relative to that clock instead. A delivery made now is not gathered yet: the preview shows
 * only what is older than the payout delay.
 */

const XSD = new URL('../../server/test-data/sepa/pain.001.001.09.xsd', import.meta.url);
const euros = (cents: number) => (cents / 100).toFixed(2);

test('finance pays out delivered orders with a SEPA file, and the provider sees the payout', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  await loginStaff(page, STAFF.beheerder);

  // The list, with the demo's batches.
  await page.goto('/admin/beheer/betalingen/uitbetalingen');
  await settle(page);
  await expect(page.getByRole('heading', { level: 1, name: 'Uitbetalingen' })).toBeVisible();
  await expect(page.getByRole('table', { name: /Uitbetalingen aan aanbieders/ })).toContainText('Betaald');
  await expectAccessible(page, 'uitbetalingen');

  // A new batch: the preview per provider first.
  await page.getByRole('link', { name: 'Nieuwe uitbetaling' }).click();
  await expect(page).toHaveURL(/\/uitbetalingen\/nieuw$/);
  await settle(page);
  await page.getByLabel('Gemeente').selectOption({ label: 'Gemeente Zuiderveen' });
  const preview = page.getByRole('table', { name: /\d+ aanbieders?, \d+ bestelling(en)?/ });
  await expect(preview).toBeVisible();
  await expectAccessible(page, 'nieuwe uitbetaling');
  await page.getByRole('button', { name: 'Uitbetaling aanmaken' }).click();
  await expect(page).toHaveURL(/\/uitbetalingen\/[0-9a-f-]{36}$/);
  await settle(page);
  await expect(page.getByText(/is aangemaakt als concept/)).toBeVisible();
  const batchId = /\/uitbetalingen\/([0-9a-f-]{36})$/.exec(page.url())![1]!;
  await expectAccessible(page, 'uitbetaling (concept)');

  // The batch as the API gives it: one line per provider, amounts from the ledger.
  const res = await page.request.post('/graphql', {
    headers: { 'content-type': 'application/json' },
    data: {
      query: `query($id: ID!) { payoutBatch(id: $id) { reference totalCents lines { providerName reference amountCents remittanceInfo orders { number handoverMethod } } } }`,
      variables: { id: batchId },
    },
  });
  const batch = (await res.json()).data.payoutBatch as {
    reference: string;
    totalCents: number;
    lines: {
      providerName: string;
      reference: string;
      amountCents: number;
      remittanceInfo: string;
      orders: { number: string; handoverMethod: string }[];
    }[];
  };
  expect(batch.lines.length).toBeGreaterThan(0);
  const transfers = page.getByRole('table', { name: 'Eén overboeking per aanbieder' });
  for (const line of batch.lines) await expect(transfers).toContainText(line.providerName);
  // How each order was handed over: every demo delivery was at the counter, with the card or the pickup code.
  const handed = page.getByRole('table', { name: 'Bestellingen per aanbieder, met de overdracht' });
  const words: Record<string, string> = {
    COUNTER_CARD: 'Afgegeven aan de balie met de pas',
    COUNTER_PICKUP_CODE: 'Afgegeven aan de balie met de afhaalcode',
  };
  for (const order of batch.lines.flatMap((l) => l.orders)) {
    expect(Object.keys(words)).toContain(order.handoverMethod);
    await expect(handed.getByRole('row', { name: new RegExp(order.number) })).toContainText(
      words[order.handoverMethod]!,
    );
  }

  // What to do when the one-time file gets lost: said before the download and after it.
  await expect(page.getByText(/Raakt u het bestand kwijt voordat het bij de bank is\?/)).toBeVisible();

  // The SEPA file: downloaded once, valid against the official schema, the amounts those of the lines.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'SEPA-bestand downloaden' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(`uitbetaling-${batch.reference}.xml`);
  const xml = await readFile((await download.path())!, 'utf8');
  const validation = await validateXML({
    xml: [{ fileName: 'uitbetaling.xml', contents: xml }],
    schema: [{ fileName: 'pain.001.001.09.xsd', contents: await readFile(XSD, 'utf8') }],
  });
  expect(validation.errors).toEqual([]);
  expect(validation.valid).toBe(true);
  expect(xml).toContain(`<CtrlSum>${euros(batch.totalCents)}</CtrlSum>`);
  for (const line of batch.lines) {
    expect(xml).toContain(`<EndToEndId>${line.reference}</EndToEndId>`);
    expect(xml).toContain(`<InstdAmt Ccy="EUR">${euros(line.amountCents)}</InstdAmt>`);
    expect(xml).toContain(`<Ustrd>${line.remittanceInfo}</Ustrd>`);
  }
  // The hand-over is for finance and the provider, not for the bank.
  expect(xml).not.toMatch(/balie|afhaalcode/i);
  await expect(page.getByText('Geëxporteerd', { exact: true }).first()).toBeVisible();
  await expect(page.getByRole('button', { name: 'SEPA-bestand downloaden' })).toHaveCount(0);
  const lost = page.getByRole('region', { name: 'SEPA-bestand kwijt?' });
  await expect(lost).toContainText('Niemand kan het opnieuw downloaden');
  await expect(lost).toContainText('tweede medewerker');
  await expectAccessible(page, 'uitbetaling (geëxporteerd)');

  // Paid: booked in the ledger.
  await page.getByRole('button', { name: 'Markeren als betaald' }).click();
  await page.getByRole('button', { name: 'Ja, de bank heeft betaald' }).click();
  await expect(page.getByText(/als betaald gemarkeerd en geboekt/)).toBeVisible();
  await expect(page.getByText('Betaald', { exact: true }).first()).toBeVisible();

  // The provider of the bicycle service sees the payout on its profile and downloads the specification.
  const context = await browser.newContext();
  const provider = await context.newPage();
  await loginProvider(provider, 5);
  await provider.goto('/aanbieder/profiel');
  await settle(provider);
  const me = await provider.request.post('/graphql', {
    headers: { 'content-type': 'application/json' },
    data: { query: '{ myProvider { name } }' },
  });
  const name = (await me.json()).data.myProvider.name as string;
  const ours = batch.lines.find((l) => l.providerName === name)!;
  expect(ours, `a transfer to ${name}`).toBeDefined();
  const payouts = provider.getByRole('region', { name: 'Uitbetalingen' });
  await expect(payouts.getByRole('table')).toContainText(ours.reference);
  const specification = payouts.getByRole('link', { name: new RegExp(`Specificatie ${ours.reference}`) });
  const csvDownload = provider.waitForEvent('download');
  await specification.click();
  const csv = await readFile((await (await csvDownload).path())!, 'utf8');
  expect(csv).toContain(`${ours.reference};Totaal;`);
  expect(csv).toMatch(/;B\d+;/);
  expect(csv).toContain(';Overdracht;');
  expect(csv).toMatch(/;B\d+;\d{4}-\d{2}-\d{2};Afgegeven aan de balie met de (pas|afhaalcode);/);
  await expectAccessible(provider, 'profiel met uitbetalingen');
  await context.close();
});
