import { type APIRequestContext } from '@playwright/test';
import { test, expect } from './fixtures';
import { DEMO_PASSWORD, expectAccessible, expectFieldError, settle } from './support';

/**
 * A member of staff who forgot their password: the link on the staff log-in, the mail from the development outbox,
 * a new password, and logging in with it. axe on both screens. The demo account gets its demo password back at the
 * end (through the same flow), so other specs can keep using it.
 */

// Not used by the other specs.
const EMAIL = 'financien@demo.gemeentewinkel.nl';
const NEW_PASSWORD = 'kasboek-fietsbel-zonnebloem-26';

async function resetLink(request: APIRequestContext, since: Set<string>): Promise<string> {
  let link = '';
  await expect
    .poll(async () => {
      const res = await request.get(`/api/dev/outbox?to=${encodeURIComponent(EMAIL)}`);
      const { mails } = (await res.json()) as { mails: { body: string; template: string | null; createdAt: string }[] };
      const mail = mails.find((m) => m.template === 'STAFF_PASSWORD_RESET' && !since.has(m.body));
      link = /\/admin\/wachtwoord-vergeten\/[\w-]+/.exec(mail?.body ?? '')?.[0] ?? '';
      return link;
    })
    .not.toBe('');
  return link;
}

async function mailsSoFar(request: APIRequestContext): Promise<Set<string>> {
  const res = await request.get(`/api/dev/outbox?to=${encodeURIComponent(EMAIL)}`);
  return new Set(((await res.json()) as { mails: { body: string }[] }).mails.map((m) => m.body));
}

test('a member of staff resets a forgotten password with the mailed link and logs in with it', async ({ page }) => {
  const before = await mailsSoFar(page.request);
  await page.goto('/admin/inloggen');
  await settle(page);
  await page.getByRole('link', { name: 'Wachtwoord vergeten?' }).click();
  await expect(page).toHaveURL(/\/admin\/wachtwoord-vergeten$/);
  await settle(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Wachtwoord vergeten');
  await expectAccessible(page, 'beheer: wachtwoord vergeten');
  await page.getByLabel('E-mailadres').fill(EMAIL);
  await page.getByRole('button', { name: 'Link versturen' }).click();
  await expect(page.getByText('Kijk in uw mailbox')).toBeVisible();
  await expect(page.locator('main')).toContainText(`Als er een account is met het e-mailadres ${EMAIL}`);
  await expectAccessible(page, 'beheer: wachtwoord vergeten, verstuurd');

  const link = await resetLink(page.request, before);
  await page.goto(link);
  await settle(page);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Nieuw wachtwoord kiezen');
  await expectAccessible(page, 'beheer: nieuw wachtwoord');
  await page.getByLabel('Nieuw wachtwoord').fill('kort');
  await page.getByRole('button', { name: 'Wachtwoord opslaan' }).click();
  await expectFieldError(page, page.getByLabel('Nieuw wachtwoord'), 'Kies een wachtwoord van minstens 12 tekens.');
  await expectAccessible(page, 'beheer: nieuw wachtwoord met fout');
  await page.getByLabel('Nieuw wachtwoord').fill(NEW_PASSWORD);
  await page.getByLabel('Herhaal het nieuwe wachtwoord').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Wachtwoord opslaan' }).click();
  await expect(page.getByText('Uw nieuwe wachtwoord is ingesteld')).toBeVisible();
  await expectAccessible(page, 'beheer: nieuw wachtwoord ingesteld');

  // The link works once.
  await page.goto(link);
  await page.getByLabel('Nieuw wachtwoord').fill('nog-een-ander-wachtwoord-1');
  await page.getByLabel('Herhaal het nieuwe wachtwoord').fill('nog-een-ander-wachtwoord-1');
  await page.getByRole('button', { name: 'Wachtwoord opslaan' }).click();
  await expect(page.getByRole('alert')).toContainText('Deze link werkt niet (meer)');
  await expect(page.getByRole('link', { name: 'Vraag een nieuwe link aan' })).toHaveAttribute(
    'href',
    '/admin/wachtwoord-vergeten',
  );

  // The old password no longer works; the new one does.
  await page.goto('/admin/inloggen');
  await page.getByLabel('E-mailadres').fill(EMAIL);
  await page.getByLabel('Wachtwoord').fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Inloggen' }).click();
  await expect(page.getByRole('alert')).toContainText('Het e-mailadres of het wachtwoord is onjuist.');
  await page.getByLabel('Wachtwoord').fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Inloggen' }).click();
  await expect(page).not.toHaveURL(/\/admin\/inloggen/);
  await expect(page).toHaveURL(/\/admin/);

  // Back to the demo password, through the API.
  const gql = async (query: string, variables: Record<string, unknown>) =>
    (
      await (
        await page.request.post('/graphql', {
          headers: { 'content-type': 'application/json' },
          data: { query, variables },
        })
      ).json()
    ).data;
  const seen = await mailsSoFar(page.request);
  await gql('mutation($e:String!){ requestStaffPasswordReset(email:$e){ requested } }', { e: EMAIL });
  const token = (await resetLink(page.request, seen)).split('/').pop();
  const restored = await gql(
    'mutation($t:String!,$p:String!){ resetStaffPassword(token:$t,newPassword:$p){ passwordChanged } }',
    { t: token, p: DEMO_PASSWORD },
  );
  expect(restored.resetStaffPassword.passwordChanged).toBe(true);
});
