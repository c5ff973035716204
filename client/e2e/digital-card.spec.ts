import { chromium, type Page } from '@playwright/test';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { create } from 'qrcode';
import { test, expect } from './fixtures';
import { CHROMIUM_FLAGS } from './chromium';
import { expectAccessible, loginProvider, loginResident, loginStaff, settle, STAFF } from './support';
import { placeOrders, resident, residentApi } from './orders-support';

/**
 * The digital card (issue 30), end to end: a resident opens /account/pas and sees the card with its QR code, and still
 * sees it (with the open order's pickup code and the budget) with the browser offline; provider
 * 1's counter (/aanbieder/app) gets a camera stream — Chromium's fake video capture fed with that QR code, a video file
 * made here — scans it and finds the resident's open order; once staff block the card, the same code is refused.
 */

// Its own household (no other spec uses it): the card is blocked here and replaced at the end.
const HOUSEHOLD = 'ZV-100002';

/** A Y4M video (what Chromium's fake camera plays) of a QR code holding `value`, black on white, 640×480. */
function qrVideo(value: string, file: string) {
  const { modules } = create(value, { errorCorrectionLevel: 'M' });
  const width = 640;
  const height = 480;
  const quiet = 4;
  const scale = Math.floor(440 / (modules.size + 2 * quiet));
  const side = scale * (modules.size + 2 * quiet);
  const left = Math.floor((width - side) / 2);
  const top = Math.floor((height - side) / 2);
  const luma = Buffer.alloc(width * height, 235);
  for (let row = 0; row < modules.size; row++)
    for (let col = 0; col < modules.size; col++) {
      if (!modules.get(row, col)) continue;
      for (let y = 0; y < scale; y++) {
        const start = (top + (row + quiet) * scale + y) * width + left + (col + quiet) * scale;
        luma.fill(16, start, start + scale);
      }
    }
  const chroma = Buffer.alloc((width / 2) * (height / 2), 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`);
  writeFileSync(file, Buffer.concat([header, ...Array.from({ length: 10 }, () => frame)]));
}

async function gql(page: Page, query: string, variables?: Record<string, unknown>) {
  const res = await page.request.post('/graphql', {
    headers: { 'content-type': 'application/json' },
    data: { query, variables },
  });
  const body = await res.json();
  expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
  return body.data;
}

test('the resident’s digital card works offline, is scanned at the counter, and is refused once the card is blocked', async ({
  page,
  browser,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const who = resident(HOUSEHOLD);

  // The provider (in an ordinary browser here) and the resident's open order with it.
  const staffContext = await browser.newContext();
  const staff = await staffContext.newPage();
  await loginStaff(staff, STAFF.klantcontact);
  const providerLogin = await browser.newContext();
  const providerPage = await providerLogin.newPage();
  await loginProvider(providerPage, 1);
  const providerId: string = (await gql(providerPage, '{ myProvider { id } }')).myProvider.id;
  const api = await residentApi(baseURL!, who);
  const [placed] = await placeOrders(api, providerId, 1);
  await api.dispose();

  // 1. The resident's card as a card, with the QR code of the code the page was given.
  const passes = page.waitForResponse(
    (r) => r.url().endsWith('/graphql') && r.request().postDataJSON()?.operationName === 'MyCardPasses',
  );
  await loginResident(page, who.bsn, '/account/pas');
  const own = (await (await passes).json()).data.myCardPasses.find((p: { own: boolean }) => p.own);
  expect(own.token).toMatch(/^GWP1\./);
  expect(own.token).not.toContain(who.cardNumber);
  const card = page.getByRole('article', { name: `Digitale pas van ${who.firstName}` });
  await expect(card).toContainText('Gemeente Zuiderveen');
  await expect(card).toContainText(`Pas eindigend op ${who.cardNumber.slice(-4)}`);
  await expect(card.getByRole('img', { name: `QR-code van de pas van ${who.firstName}` })).toBeVisible();
  await expectAccessible(page, 'account: digitale pas');

  // 2. Without a connection (the browser's offline mode): the page opens again, from the service worker, with the
  // card, the open order's pickup code and the budget as last known, and when that was.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  // The page saved its state and warmed the worker's caches (lib/serviceWorker.ts) once the worker ran.
  await expect
    .poll(() =>
      page.evaluate(async () => {
        const pages = await caches.open('gw-account-pages');
        return Boolean((await pages.match('/account/pas')) && localStorage.getItem('gw-offline-account-v1'));
      }),
    )
    .toBe(true);
  await page.context().setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Uw pas zonder internet');
  await expect(page.getByRole('status').filter({ hasText: 'U heeft nu geen internetverbinding' })).toContainText(
    /bekend was op \d+ \w+ \d{4} om \d{2}:\d{2}/,
  );
  const offlineCard = page.getByRole('article', { name: `Digitale pas van ${who.firstName}` });
  await expect(offlineCard.getByRole('img', { name: `QR-code van de pas van ${who.firstName}` })).toBeVisible();
  await expect(page.getByRole('article', { name: `Bestelling ${placed!.number}` })).toContainText(placed!.pickupCode);
  await expect(page.getByRole('region', { name: 'Uw tegoed' })).toContainText(/€\s?\d/);
  await expectAccessible(page, 'account: pas zonder internet');
  await page.context().setOffline(false);

  // 3. A counter without a camera (this browser has none): a Dutch answer, and typing keeps working.
  await providerPage.goto('/aanbieder/app');
  await settle(providerPage);
  await providerPage.getByRole('button', { name: 'Scan pas of code' }).click();
  await expect(providerPage.getByRole('alert')).toContainText(/typ het pasnummer of de afhaalcode in\.$/i);
  await expectAccessible(providerPage, 'aanbieder: kassa-app zonder camera');
  await providerPage.getByLabel('Pasnummer of afhaalcode').fill(placed!.pickupCode);
  await providerPage.getByRole('button', { name: 'Zoeken' }).click();
  await expect(providerPage.getByRole('heading', { name: `Bestelling ${placed!.number}` })).toBeVisible();

  // 4. The counter's camera sees that QR code (a browser of its own: the fake camera is a launch flag).
  const folder = mkdtempSync(join(tmpdir(), 'gw-camera-'));
  const video = join(folder, 'pas.y4m');
  qrVideo(own.token, video);
  const cameraBrowser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH,
    args: [
      ...CHROMIUM_FLAGS,
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      `--use-file-for-fake-video-capture=${video}`,
    ],
  });
  try {
    const counterContext = await cameraBrowser.newContext({ baseURL, permissions: ['camera'] });
    const counter = await counterContext.newPage();
    await loginProvider(counter, 1);
    await counter.goto('/aanbieder/app');
    await settle(counter);
    await counter.getByRole('button', { name: 'Scan pas of code' }).click();
    await expect(counter.getByRole('heading', { name: `Open bestellingen van ${who.firstName}` })).toBeVisible({
      timeout: 20_000,
    });
    await expect(counter.getByRole('heading', { name: `Bestelling ${placed!.number}` })).toBeVisible();
    await expect(counter.getByText('de digitale pas van de klant')).toBeVisible();
    await expectAccessible(counter, 'aanbieder: kassa-app na scannen');

    // 5. Staff block the card: the very same code is refused at the next scan.
    const blocked = await gql(
      staff,
      `mutation($id: ID!) { blockCard(cardId: $id) { errors { code } card { status } } }`,
      {
        id: own.card.id,
      },
    );
    expect(blocked.blockCard.errors).toEqual([]);
    await counter.getByRole('button', { name: 'Scan pas of code' }).click();
    await expect(counter.getByRole('alert')).toContainText('Deze pas is geblokkeerd.', { timeout: 20_000 });
    await expect(counter.getByRole('heading', { name: `Bestelling ${placed!.number}` })).toHaveCount(0);
    // Typing stays possible.
    await expect(counter.getByLabel('Pasnummer of afhaalcode')).toBeEditable();
  } finally {
    await cameraBrowser.close();
    rmSync(folder, { recursive: true, force: true });
    // The household gets a new active card again (this spec can run again on the same data).
    await gql(staff, `mutation($id: ID!) { replaceCard(cardId: $id) { errors { code } } }`, { id: own.card.id });
    await staffContext.close();
    await providerLogin.close();
  }
});
