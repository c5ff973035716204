import { expect } from 'vitest';
import { MailMessage } from '../modules/communication/mail-message.entity.js';
import { jobsIdle, type TestClient, type TestServer } from './server.js';

/** Test helpers for registration, e-mail links and the outbox. */

export const STRONG_PASSWORD = 'paardenbloem-fietsbel-2026';

let counter = 0;
/** A unique, valid registration; `overrides` change single fields. */
export function registration(overrides: Record<string, unknown> = {}, termsVersionId = '') {
  counter++;
  const n = String(Date.now() % 1_000_000).padStart(6, '0');
  return {
    name: `Testclub ${counter} ${n}`,
    kvkNumber: `9${String(counter).padStart(2, '0')}${n.slice(1)}`.slice(0, 8).padEnd(8, '0'),
    street: 'Dorpsstraat 12',
    postcode: '7831 ab',
    city: 'Zuiderveen',
    email: `info-${counter}-${n}@testclub.nl`,
    phone: '0591 123 456',
    iban: 'NL91 ABNA 0417 1643 00',
    description: 'Een vereniging om te testen.',
    userName: 'Tessa Test',
    userEmail: `tessa-${counter}-${n}@testclub.nl`,
    password: STRONG_PASSWORD,
    termsVersionId,
    acceptTerms: true,
    ...overrides,
  };
}

export const REGISTER = `mutation($input: RegisterProviderInput!) { registerProvider(input: $input) { submitted errors { field code message } } }`;
export const CURRENT_TERMS = `{ currentTerms { id version title body } }`;

export async function currentTermsId(client: TestClient): Promise<string> {
  const r = await client.gql(CURRENT_TERMS);
  return r.data!.currentTerms.id;
}

/**
 * The mails to an address in the mail log, newest first, once the job queue is idle: mails that a job records (a
 * reset link, an invitation) are there, and every mail has had its delivery attempt.
 */
export async function outbox(server: TestServer, to: string): Promise<MailMessage[]> {
  await jobsIdle(server.orm);
  return server.orm.em
    .fork()
    .find(MailMessage, { to: { $ilike: to } }, { orderBy: [{ createdAt: 'desc' }, { id: 'desc' }] });
}

/** The token in the latest mail of a template to an address, from a link ending in `prefix<token>`. */
export async function tokenFromMail(server: TestServer, to: string, template: string, prefix: string): Promise<string> {
  const mail = (await outbox(server, to)).find((m) => m.templateKey === template);
  expect(mail, `a ${template} mail to ${to}`).toBeTruthy();
  const escaped = prefix.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const match = new RegExp(`${escaped}([A-Za-z0-9_-]+)`).exec(mail!.body);
  expect(match, `a link in the ${template} mail`).toBeTruthy();
  return match![1]!;
}

/** Registers a provider, confirms its e-mail and logs in; returns the logged-in client and the registration. */
export async function registerConfirmAndLogin(server: TestServer, overrides: Record<string, unknown> = {}) {
  const client = server.client();
  const input = registration(overrides, await currentTermsId(client));
  const r = await client.gql(REGISTER, { input });
  expect(r.data?.registerProvider).toEqual({ submitted: true, errors: [] });
  const token = await tokenFromMail(server, input.userEmail, 'PROVIDER_EMAIL_CONFIRM', '/email-bevestigen?token=');
  const confirmed = await client.gql(`mutation($t:String!){ confirmEmail(token:$t){ confirmed errors { code } } }`, {
    t: token,
  });
  expect(confirmed.data?.confirmEmail.confirmed).toBe(true);
  await client.loginProvider(input.userEmail, input.password);
  return { client, input };
}
