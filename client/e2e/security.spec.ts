import { type Page } from '@playwright/test';
import { test, expect } from './fixtures';
import { readFileSync } from 'node:fs';
import { loginStaffByForm, settle, STAFF } from './support';

/**
 * The app runs with its Content-Security-Policy in force (server/src/http/security-headers.ts; the headers
 * themselves are checked by server/src/http/security-headers.test.ts): on the key pages no violation is reported, by
 * the page (securitypolicyviolation events) or by the browser (console). A feature that needs more from the browser
 * extends the policy in that one module; this test then shows whether it was enough.
 */

interface Watch {
  violations: string[];
}

/** Collects CSP violations (and Permissions-Policy header errors) for the page's whole life. */
async function watchPolicy(page: Page): Promise<Watch> {
  const watch: Watch = { violations: [] };
  await page.exposeFunction('__reportCspViolation', (text: string) => watch.violations.push(text));
  await page.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      (window as unknown as { __reportCspViolation: (t: string) => void }).__reportCspViolation(
        `${e.effectiveDirective} blocked ${e.blockedURI || 'inline'} at ${e.sourceFile}:${e.lineNumber} on ${location.pathname}`,
      );
    });
  });
  page.on('console', (message) => {
    const text = message.text();
    if (/Content Security Policy|Permissions-Policy|Refused to (load|execute|apply|connect|frame|create)/i.test(text)) {
      watch.violations.push(`console: ${text}`);
    }
  });
  return watch;
}

/** Opens a page and checks that its document carries the strict policy. */
async function open(page: Page, path: string) {
  const response = await page.goto(path);
  expect(response?.status(), path).toBe(200);
  const csp = response!.headers()['content-security-policy'] ?? '';
  expect(csp, path).toContain("script-src 'self'");
  expect(csp, path).not.toContain('unsafe-eval');
  return csp;
}

test('the built pages carry no inline script or style', () => {
  for (const file of ['dist/index.html', 'dist/sandbox.html']) {
    const html = readFileSync(file, 'utf8');
    expect(html, file).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/i);
    expect(html, file).not.toMatch(/<style\b/i);
    expect(html, file).not.toMatch(/\sstyle\s*=|\son[a-z]+\s*=/i);
  }
});

test('the violation watch sees a violation (so silence below means something)', async ({ page }) => {
  const watch = await watchPolicy(page);
  await open(page, '/');
  await settle(page);
  await page.evaluate(() => {
    const script = document.createElement('script');
    script.textContent = 'window.__inlineRan = true;';
    document.body.append(script);
  });
  await expect.poll(() => watch.violations.length).toBeGreaterThan(0);
  expect(await page.evaluate(() => (window as unknown as { __inlineRan?: boolean }).__inlineRan)).toBeUndefined();
});

test('visitors, residents and the simulators run without a policy violation', async ({ page }) => {
  test.setTimeout(90_000);
  const watch = await watchPolicy(page);
  const csp = await open(page, '/');
  expect(csp).not.toContain("'unsafe-inline'");
  await settle(page);

  await open(page, '/aanbod');
  await settle(page);
  // A product page, with its description inserted as HTML.
  await page.locator('main a[href^="/aanbod/"]').filter({ hasText: /\S/ }).first().click();
  await expect(page).toHaveURL(/\/aanbod\/[^/]+\/[0-9a-f-]{36}$/);
  await settle(page);
  await expect(page.locator('.gw-prose').first()).toBeVisible();

  await open(page, '/winkelwagen');
  await settle(page);

  // Through the DigiD simulator (a server-rendered page with its own stylesheet, a form post and redirects).
  await open(page, '/inloggen');
  await page.getByRole('link', { name: 'Inloggen met DigiD' }).click();
  await expect(page).toHaveURL(/\/auth\/digid\/simulator/);
  // Its own stylesheet applies (it may arrive a moment after the URL changed).
  await expect(page.locator('header')).toHaveCSS('background-color', 'rgb(0, 69, 122)');
  await page.locator('input[name=bsn][type=radio]').first().check();
  await page.getByRole('button', { name: 'Inloggen', exact: true }).click();
  await expect(page).toHaveURL(/\/account\//);
  await settle(page);

  expect(watch.violations).toEqual([]);
});

test('staff screens and the GraphQL sandbox run without a policy violation', async ({ page }) => {
  test.setTimeout(90_000);
  const watch = await watchPolicy(page);
  await loginStaffByForm(page, STAFF.beheerder);
  await open(page, '/admin');
  await settle(page);

  // The sandbox: GraphiQL and its Monaco editor (workers, injected styles) under the sandbox's own policy.
  const csp = await open(page, '/sandbox');
  expect(csp).toContain("style-src 'self' 'unsafe-inline'");
  const editor = page.locator('.graphiql-query-editor .monaco-editor').first();
  await expect(editor).toBeVisible({ timeout: 30_000 });
  await editor.click();
  await page.keyboard.press('ControlOrMeta+A');
  await page.keyboard.press('Delete');
  await page.keyboard.type('{ viewer { kind ');
  await page.keyboard.press('Escape'); // the editor's suggestions
  await page.keyboard.press('Control+Enter'); // GraphiQL: run the query
  await expect(page.locator('.graphiql-response')).toContainText('STAFF', { timeout: 15_000 });

  expect(watch.violations).toEqual([]);
});
