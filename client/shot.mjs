import { chromium } from 'playwright-core';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless','--no-sandbox','--disable-gpu','--disable-background-networking','--disable-component-update','--disable-sync','--no-first-run'] });
const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
const base = 'http://localhost:3000';
for (const [path, file] of JSON.parse(process.argv[2])) {
  await page.goto(base + path);
  await page.waitForTimeout(800);
  await page.screenshot({ path: file, fullPage: false });
  console.log(path, await page.title());
}
await browser.close();
