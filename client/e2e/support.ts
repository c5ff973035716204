import { expect, type APIRequestContext, type Browser, type Locator, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { mkdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { resident } from './orders-support';

export const DEMO_PASSWORD = 'demo-wachtwoord';
export const STAFF = {
  beheerder: 'beheerder@demo.gemeentewinkel.nl',
  klantcontact: 'klantcontact@demo.gemeentewinkel.nl',
  redactie: 'redactie@demo.gemeentewinkel.nl',
};
export const providerEmail = (n: number) => `aanbieder${n}@demo.gemeentewinkel.nl`;

/**
 * After a submit with errors (the form kit, useMutationForm): the error summary has the focus, and its link with
 * `message` takes a keyboard user to the field, which shows the same message.
 */
export async function expectFieldError(page: Page | Locator, field: Locator, message: string | RegExp) {
  const summary = page.getByRole('alert');
  await expect(summary).toBeFocused();
  await summary.getByRole('link', { name: message }).click();
  await expect(field).toBeFocused();
  await expect(field).toHaveAttribute('aria-invalid', 'true');
}

/** WCAG 2.1 AA: the axe rules the checks run. */
const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
/** axe-core itself, put into a page once per document (the page's `window.axe`). */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

interface Violation {
  id: string;
  impact?: string | null;
  help: string;
  nodes: { target: unknown[] }[];
}

/** axe in the page: put in when this document has none yet, then run; only the violations' summaries come back. */
async function axeViolations(page: Page): Promise<Violation[]> {
  const run = (tags: string[]) => {
    const axe = (
      window as unknown as { axe?: { run: (c: Document, o: object) => Promise<{ violations: Violation[] }> } }
    ).axe;
    if (!axe) return null;
    return axe.run(document, { resultTypes: ['violations'], runOnly: { type: 'tag', values: tags } }).then((r) =>
      r.violations.map((v) => ({
        id: v.id,
        impact: v.impact,
        help: v.help,
        nodes: v.nodes.map((n) => ({ target: n.target })),
      })),
    );
  };
  const found = await page.evaluate(run, WCAG_TAGS);
  if (found) return found;
  await page.evaluate(AXE_SOURCE);
  return (await page.evaluate(run, WCAG_TAGS))!;
}

/**
 * WCAG 2.1 AA, as axe-core checks it, run in the page itself: axe is put into a document once and its later checks
 * only run the rules. @axe-core/playwright's AxeBuilder put axe in again for every check (a 550 KB script to compile)
 * and, by default, opened a blank page per check to put frames' results together; with about 430 checks in a run
 * that was a third of a check's time and more (measured: 235–411 ms a check with AxeBuilder, 85–190 ms to run the
 * rules, 60–100 ms to put axe in). A page with frames (no screen has one) still goes through AxeBuilder, which checks
 * inside them. Only the violations come back (with their nodes' selectors).
 */
export async function expectAccessible(page: Page, label: string) {
  const violations =
    page.frames().length === 1
      ? await axeViolations(page)
      : (
          await new AxeBuilder({ page })
            .options({ resultTypes: ['violations'] })
            .withTags(WCAG_TAGS)
            .analyze()
        ).violations;
  const summary = violations.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.help} — ${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 3)
        .join(', ')}`,
  );
  expect(summary, `axe violations on ${label}`).toEqual([]);
}

/** A phone's viewport, 390 CSS px wide. */
export const PHONE = { width: 390, height: 844 };

/**
 * The page turned to another size, as a phone turned upright or a narrowed window, and its layout at that size: two
 * frames later the media queries and the resize observers have had their turn (a wide table becomes a focusable scroll
 * region in ScrollableTables' observer, one frame after the layout). A check right after the resize could see the
 * moment between.
 */
export async function resizeTo(page: Page, size: { width: number; height: number }) {
  await page.setViewportSize(size);
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
}

/** How far the page scrolls sideways, with the elements sticking out (for the failure message). */
async function horizontalOverflow(page: Page) {
  return page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    const width = root.clientWidth;
    const culprits: string[] = [];
    if (root.scrollWidth > width) {
      // Inside a box that scrolls or clips sideways (a table's scroll region) sticking out is fine.
      const insideScrollBox = (el: HTMLElement) => {
        for (let p = el.parentElement; p && p !== document.body; p = p.parentElement) {
          if (getComputedStyle(p).overflowX !== 'visible') return true;
        }
        return false;
      };
      for (const el of Array.from(document.body.querySelectorAll<HTMLElement>('*'))) {
        const rect = el.getBoundingClientRect();
        if (rect.right > width + 0.5 && rect.width > 0 && culprits.length < 5 && !insideScrollBox(el)) {
          const cls = typeof el.className === 'string' && el.className ? `.${el.className.split(' ').join('.')}` : '';
          culprits.push(`${el.tagName.toLowerCase()}${cls} (${Math.round(rect.right)}px)`);
        }
      }
    }
    return { scrollWidth: root.scrollWidth, clientWidth: width, culprits };
  });
}

export async function expectNoSidewaysScroll(page: Page, label: string) {
  const overflow = await horizontalOverflow(page);
  expect(
    overflow.scrollWidth,
    `${label} scrolls sideways at ${overflow.clientWidth}px: ${overflow.culprits.join(', ')}`,
  ).toBeLessThanOrEqual(overflow.clientWidth);
}

/** A page is "done" when its h1 is there and nothing is loading any more. */
export async function settle(page: Page) {
  await expect(page.locator('h1').first()).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(page.getByText('Bezig met laden', { exact: false })).toHaveCount(0);
}

/** Dutch, titled, with landmarks and exactly one h1. */
export async function expectWellFormedPage(page: Page, label: string) {
  await settle(page);
  await expect(page.locator('html'), label).toHaveAttribute('lang', 'nl');
  await expect(page, label).toHaveTitle(/Gemeentewinkel/);
  await expect(page.locator('h1'), label).toHaveCount(1);
  await expect(page.locator('main'), label).toHaveCount(1);
}

/**
 * Logs a member of staff in through the API, as the log-in screen's own mutation does (`loginStaff`): the session
 * cookie lands in the page's browser context (page.request shares it), and the page stays where it is, for the test's
 * next `goto`. Cheaper than the form (no log-in page, no dashboard) for the many tests that only need to be logged in;
 * the form itself is tested with `loginStaffByForm` (below) and in staff-password.spec.ts and routes.spec.ts.
 */
export async function loginStaff(page: Page, email: string, password = DEMO_PASSWORD) {
  const res = await page.request.post('/graphql', {
    headers: { 'content-type': 'application/json' },
    data: {
      query: `mutation($email: String!, $password: String!) {
        loginStaff(email: $email, password: $password) { nextStep viewer { kind } errors { message } }
      }`,
      variables: { email, password },
    },
  });
  expect(res.ok(), `loginStaff ${res.status()}`).toBe(true);
  const payload = (await res.json()).data?.loginStaff;
  expect(payload?.errors ?? [], `log-in of ${email}`).toEqual([]);
  // A second step (two-factor code, setting it up) is the form's work: loginStaffByForm.
  expect(payload?.nextStep ?? null, `log-in of ${email} asks a second step`).toBeNull();
  expect(payload?.viewer?.kind).toBe('STAFF');
}

/** Through the log-in form, as a person does it; lands on the page the form leads to. */
export async function loginStaffByForm(page: Page, email: string, password = DEMO_PASSWORD) {
  await page.goto('/admin/inloggen');
  await page.getByLabel('E-mailadres').fill(email);
  await page.getByLabel('Wachtwoord').fill(password);
  await page.getByRole('button', { name: 'Inloggen' }).click();
  await expect(page).not.toHaveURL(/\/admin\/inloggen/);
}

/** A provider's user logs in through the API (`loginProvider`, as the form does); the page stays where it is. */
export async function loginProvider(page: Page, n: number) {
  const res = await page.request.post('/graphql', {
    headers: { 'content-type': 'application/json' },
    data: {
      query: `mutation($email: String!, $password: String!) {
        loginProvider(email: $email, password: $password) { viewer { kind } errors { message } }
      }`,
      variables: { email: providerEmail(n), password: DEMO_PASSWORD },
    },
  });
  expect(res.ok(), `loginProvider ${res.status()}`).toBe(true);
  const payload = (await res.json()).data?.loginProvider;
  expect(payload?.errors ?? [], `log-in of provider ${n}`).toEqual([]);
  expect(payload?.viewer?.kind).toBe('PROVIDER');
}

/** Through the providers' log-in form; lands in the provider's area (or the page it leads to first). */
export async function loginProviderByForm(page: Page, n: number) {
  await page.goto('/voor-aanbieders/inloggen');
  await page.getByLabel('E-mailadres').fill(providerEmail(n));
  await page.getByLabel('Wachtwoord').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Inloggen' }).click();
  await expect(page).toHaveURL(/\/aanbieder\//);
}

/**
 * The resident the route walk and the general journeys use: household ZV-100012 (budgets for an adult and a child; the
 * route walk orders for it). Named, not "the first in the simulator's list": who comes first depends on the demo's
 * names, and an applicant without any arrangement came first once, so that ordering failed unless another spec had
 * given that household a budget before.
 */
export const GENERAL_CUSTOMER_HOUSEHOLD = 'ZV-100012';

/** Through the DigiD simulator, as a resident does it: the general customer (GENERAL_CUSTOMER_HOUSEHOLD). */
export async function loginCustomer(page: Page) {
  await page.goto('/inloggen');
  await page.getByRole('link', { name: 'Inloggen met DigiD' }).click();
  await expect(page).toHaveURL(/\/auth\/digid\/simulator/);
  await page.getByLabel('BSN', { exact: true }).fill(resident(GENERAL_CUSTOMER_HOUSEHOLD).bsn);
  await page.getByRole('button', { name: 'Inloggen met dit BSN' }).click();
  await expect(page).toHaveURL(/\/account\//);
}

/** A resident logs in through the DigiD simulator with a BSN, starting at `path` (an account page) and landing on it. */
export async function loginResident(page: Page, bsn: string, path = '/account/meldingen') {
  await page.goto(path);
  await page.getByRole('link', { name: 'Inloggen met DigiD' }).click();
  await page.getByLabel('BSN', { exact: true }).fill(bsn);
  await page.getByRole('button', { name: 'Inloggen met dit BSN' }).click();
  await expect(page).toHaveURL(new RegExp(`${path}$`));
  await settle(page);
}

/** A mail in the development outbox (GET /api/dev/outbox?to=…, docs "E-mail"). */
export interface OutboxMail {
  to: string;
  subject: string;
  body: string;
  template: string | null;
}

/** The newest mail to `to` from `template` (and matching `match`, when given), waiting until it is there. */
export async function latestMail(
  request: APIRequestContext,
  to: string,
  template: string,
  match: (mail: OutboxMail) => boolean = () => true,
): Promise<OutboxMail> {
  let found: OutboxMail | undefined;
  await expect
    .poll(async () => {
      const res = await request.get(`/api/dev/outbox?to=${encodeURIComponent(to)}`);
      expect(res.status()).toBe(200);
      const { mails } = (await res.json()) as { mails: OutboxMail[] };
      found = mails.find((m) => m.template === template && match(m));
      return !!found;
    })
    .toBe(true);
  return found!;
}

/**
 * Runs `work` while no other test of this run (in any worker) runs work under the same `name`: for the tests that
 * change one shared thing (the platform's wording, a template, the privacy page) and check what it then shows. A lock
 * directory per run (E2E_PORT); one left behind by a killed run counts as free after five minutes.
 */
export async function exclusive<T>(name: string, work: () => Promise<T>): Promise<T> {
  mkdirSync('../.tmp/e2e-locks', { recursive: true });
  const lock = `../.tmp/e2e-locks/${name}-${process.env.E2E_PORT ?? 3100}`;
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      try {
        if (Date.now() - statSync(lock).mtimeMs > 300_000) rmSync(lock, { recursive: true, force: true });
      } catch {
        // Released meanwhile.
      }
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }
  try {
    return await work();
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}

/** Logs in once and saves the cookies, so every test of an audience starts logged in. */
export async function savedLogin(
  browser: Browser,
  name: string,
  login: (page: Page) => Promise<void>,
): Promise<string> {
  mkdirSync('../.tmp/e2e-auth', { recursive: true });
  const file = `../.tmp/e2e-auth/${name}-${process.pid}.json`;
  const context = await browser.newContext();
  const page = await context.newPage();
  await login(page);
  await context.storageState({ path: file });
  await context.close();
  return file;
}

/** GraphQL as the staff member logged in on `page` (the request shares its session cookie); fails on an error. */
async function staffGql(page: Page, query: string, variables: Record<string, unknown>): Promise<any> {
  const res = await page.request.post('/graphql', {
    headers: { 'content-type': 'application/json' },
    data: { query, variables },
  });
  const body = (await res.json()) as { data?: any; errors?: unknown };
  expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
  return body.data;
}

/**
 * A colleague of the test's own, so the demo accounts other tests log in with stay as they are: the Beheerder logged
 * in on `beheerder` makes a role with these permissions and invites the colleague for these municipalities (by name)
 * over GraphQL, and the colleague's password is set through the invitation link. Log in with `loginStaff(page, email,
 * password)`.
 */
export async function freshColleague(
  beheerder: Page,
  options: { name: string; roleName: string; permissions: string[]; municipalities: string[] },
): Promise<{ email: string; password: string; accountId: string; roleId: string }> {
  const email = `${options.name.toLowerCase().replace(/[^a-z0-9]+/g, '.')}.${Date.now().toString(36)}@gemeente.example`;
  const password = 'tafelpoot-regenboog-kapstok';
  const role = await staffGql(
    beheerder,
    `mutation($input: RoleInput!) { createRole(input: $input) { errors { message } role { id } } }`,
    { input: { name: options.roleName, permissions: options.permissions } },
  );
  expect(role.createRole.errors).toEqual([]);
  const { viewer } = await staffGql(beheerder, `query Scope { viewer { municipalities { id name } } }`, {});
  const municipalityIds = options.municipalities.map(
    (name) => (viewer.municipalities as { id: string; name: string }[]).find((m) => m.name === name)!.id,
  );
  const invited = await staffGql(
    beheerder,
    `mutation($i: InviteStaffAccountInput!) { inviteStaffAccount(input: $i) { errors { message } account { id } } }`,
    {
      i: {
        name: options.name,
        email,
        roleId: role.createRole.role.id,
        allMunicipalities: false,
        municipalityIds,
      },
    },
  );
  expect(invited.inviteStaffAccount.errors).toEqual([]);
  const mail = await latestMail(beheerder.request, email, 'STAFF_INVITE');
  const token = /\/admin\/wachtwoord-vergeten\/([\w-]+)/.exec(mail.body)![1];
  const set = await staffGql(
    beheerder,
    `mutation($t: String!, $p: String!) { resetStaffPassword(token: $t, newPassword: $p) { passwordChanged errors { message } } }`,
    { t: token, p: password },
  );
  expect(set.resetStaffPassword.errors).toEqual([]);
  return { email, password, accountId: invited.inviteStaffAccount.account.id, roleId: role.createRole.role.id };
}
