import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import express from 'express';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { startTestServer, type TestServer } from '../../test/server.js';
import { REGISTER, currentTermsId, registration } from '../../test/onboarding.js';
import { loadConfig } from '../../config/config.js';
import {
  renderTemplate,
  TEMPLATE_KEYS,
  TEMPLATE_VARIABLES,
  TemplateError,
  placeholdersOf,
  templateChannel,
} from './templates.js';
import { CommunicationTemplate } from './communication-template.entity.js';
import { MailMessage } from './mail-message.entity.js';
import { SmtpMailer, describeMailError } from '../../integrations/mail/smtp-mailer.js';
import { createMailer } from '../../integrations/mail/create-mailer.js';
import { devOutboxEnabled, devOutboxRoutes } from '../../integrations/mail/dev-outbox.routes.js';
import { mountRoutes, type RouteDeps } from '../../http/route.js';

describe('template rendering', () => {
  const template = {
    subject: 'Hallo {{name}}',
    body: 'Beste {{name}},\n\nKlik: {{link}}\nGeldig: {{ expiresHours }} uur.',
  };

  it('fills in every placeholder, in plain text (nothing escaped)', () => {
    const out = renderTemplate('PASSWORD_RESET', template, {
      name: 'Jan & <Piet>',
      link: 'https://x.nl/a?b=1&c=2',
      expiresHours: 1,
    });
    expect(out.subject).toBe('Hallo Jan & <Piet>');
    expect(out.body).toBe('Beste Jan & <Piet>,\n\nKlik: https://x.nl/a?b=1&c=2\nGeldig: 1 uur.');
  });

  it('refuses a variable the template key does not know', () => {
    expect(() =>
      renderTemplate('PASSWORD_RESET', template, { name: 'a', link: 'b', expiresHours: 1, bsn: '123' } as never),
    ).toThrow(TemplateError);
  });

  it('refuses a placeholder without a value, and a placeholder the key does not know', () => {
    expect(() => renderTemplate('PASSWORD_RESET', template, { name: 'a', link: 'b' } as never)).toThrow(/expiresHours/);
    expect(() =>
      renderTemplate('PASSWORD_RESET', { subject: 'x', body: '{{name}} {{secret}}' }, { name: 'a' } as never),
    ).toThrow(/secret/);
  });

  it('leaves nothing unreplaced: a malformed placeholder is refused', () => {
    expect(() =>
      renderTemplate('PASSWORD_RESET', { subject: 'x', body: 'Hallo {{name' }, { name: 'a' } as never),
    ).toThrow(/malformed/);
    // Liquid reads "1x" as a variable name: refused as unknown.
    expect(() => renderTemplate('PASSWORD_RESET', { subject: 'x', body: 'Hallo {{ 1x }}' }, {} as never)).toThrow(
      /malformed|unknown variable/,
    );
  });

  it('refuses a line break in a subject value (no header injection)', () => {
    expect(() =>
      renderTemplate('MEMBERSHIP_APPROVED', { subject: 'Welkom {{providerName}}', body: 'x' }, {
        providerName: 'a\r\nBcc: x@y.nl',
      } as never),
    ).toThrow(/line break/);
  });

  it('refuses an unknown template key', () => {
    expect(() => renderTemplate('NOPE', template, {})).toThrow(/unknown template key/);
  });
});

/** Polls until `check` returns a value (not undefined/false), or fails after `ms`. */
async function eventually<T>(check: () => Promise<T | undefined | false>, ms = 15_000, what = 'condition'): Promise<T> {
  const until = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > until) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

const mailRows = (server: TestServer, to: string) =>
  server.orm.em.fork().find(MailMessage, { to: { $ilike: to } }, { orderBy: [{ createdAt: 'desc' }, { id: 'desc' }] });

const jobsFor = async (server: TestServer, mailId: string) =>
  Number(
    (
      await server.orm.em
        .fork()
        .execute<{ n: string }[]>(
          `select count(*) as n from graphile_worker.jobs where task_identifier = 'mail.send' and key = ?`,
          [`mail:${mailId}`],
        )
    )[0]!.n,
  );

describe('e-mail: templates in the database, the mail log, the outbox transport, the dev outbox route', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ env: { JOBS_POLL_INTERVAL_MS: '200' } });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('has a Dutch default for every key the application sends, using only its own variables', async () => {
    const rows = await server.orm.em.fork().find(CommunicationTemplate, {});
    const byKey = new Map(rows.map((r) => [r.key, r]));
    for (const key of [
      'PROVIDER_EMAIL_CONFIRM',
      'PASSWORD_RESET',
      'MEMBERSHIP_APPROVED',
      'MEMBERSHIP_REJECTED',
      'PRODUCT_APPROVED',
      'PRODUCT_REJECTED',
      'PROVIDER_REGISTRATION_EXISTING',
      'PROVIDER_USER_INVITE',
    ]) {
      expect(byKey.has(key), key).toBe(true);
    }
    for (const key of TEMPLATE_KEYS) {
      const row = byKey.get(key)!;
      expect(row, key).toBeTruthy();
      // E-mails end with a greeting; inbox texts (INBOX_*) are short messages without one.
      if (templateChannel(key) === 'EMAIL') expect(row.body, key).toMatch(/Met vriendelijke groet/);
      else expect(row.body, key).not.toMatch(/Beste/);
      const allowed = Object.keys(TEMPLATE_VARIABLES[key]);
      for (const used of [...placeholdersOf(row.subject), ...placeholdersOf(row.body)])
        expect(allowed, `${key}: ${used}`).toContain(used);
      // Every default renders with all of its variables.
      const values = Object.fromEntries(allowed.map((v) => [v, `waarde-${v}`]));
      const out = renderTemplate(key, row, values);
      expect(out.body).not.toMatch(/\{\{|\}\}/);
    }
  });

  it('records a mail in the mail log, rendered from the database template, and the job marks it sent', async () => {
    expect(server.services.mail.transport).toBe('outbox');
    const em = server.orm.em.fork();
    const { id } = await server.services.mail.send(em, {
      template: 'MEMBERSHIP_APPROVED',
      to: 'Ontvanger@Voorbeeld.nl',
      variables: {
        providerName: 'Fietsenmaker Test',
        municipalityName: 'Gemeente Zuiderveen',
        profileLink: 'https://gw.test/aanbieder/profiel',
      },
    });
    const [mail] = await em.fork().find(MailMessage, { to: 'Ontvanger@Voorbeeld.nl' });
    expect(mail).toMatchObject({
      id,
      templateKey: 'MEMBERSHIP_APPROVED',
      subject: 'Uw aanmelding bij Gemeente Zuiderveen is goedgekeurd',
    });
    expect(mail!.body).toContain('Beste Fietsenmaker Test,');
    expect(mail!.body).toContain('https://gw.test/aanbieder/profiel');
    const started = Date.now();
    const sent = await eventually(
      async () => {
        const row = await server.orm.em.fork().findOne(MailMessage, id, { refresh: true });
        return row?.status === 'SENT' ? row : undefined;
      },
      10_000,
      'the mail to be sent',
    );
    // How long a mail waits in the queue here: NOTIFY wakes the worker, typically well under a second.
    expect(Date.now() - started).toBeLessThan(5000);
    expect(sent.attempts).toBe(1);
    expect(sent.sentAt).toBeInstanceOf(Date);
    // The job completes (and leaves the queue) just after the handler marked the mail sent.
    await eventually(async () => (await jobsFor(server, id)) === 0, 5000, 'the job to complete');
  });

  it('uses the edited template text after staff change it', async () => {
    const em = server.orm.em.fork();
    const t = await em.findOneOrFail(CommunicationTemplate, { key: 'PRODUCT_APPROVED' });
    const original = { subject: t.subject, body: t.body };
    t.subject = 'Goedgekeurd: {{productTitle}}';
    await em.flush();
    try {
      await server.services.mail.send(em.fork(), {
        template: 'PRODUCT_APPROVED',
        to: 'sjabloon@voorbeeld.nl',
        variables: {
          providerName: 'P',
          productTitle: 'Zwemles',
          productLink: 'https://gw.test/x',
          municipalityName: 'Gemeente Zuiderveen',
        },
      });
      const mail = await em.fork().findOneOrFail(MailMessage, { to: 'sjabloon@voorbeeld.nl' });
      expect(mail.subject).toBe('Goedgekeurd: Zwemles');
    } finally {
      Object.assign(t, original);
      await em.flush();
    }
  });

  it('serves GET /api/dev/outbox?to=… outside production, newest first', async () => {
    const c = server.client();
    const res = await c.fetch('/api/dev/outbox?to=ontvanger@voorbeeld.nl');
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('no-store');
    const body = (await res.json()) as { mails: { to: string; subject: string; body: string; template: string }[] };
    expect(body.mails).toHaveLength(1);
    expect(body.mails[0]).toMatchObject({ template: 'MEMBERSHIP_APPROVED', status: 'SENT' });
    expect((await c.fetch('/api/dev/outbox')).status).toBe(400);
    expect(
      ((await (await c.fetch('/api/dev/outbox?to=niemand@voorbeeld.nl')).json()) as { mails: unknown[] }).mails,
    ).toEqual([]);
  });

  it('never serves the outbox in production, nor with SMTP', async () => {
    expect(devOutboxEnabled({ production: true, transport: 'outbox' })).toBe(false);
    expect(devOutboxEnabled({ production: false, transport: 'smtp' })).toBe(false);
    expect(devOutboxEnabled({ production: false, transport: 'outbox' })).toBe(true);
    const previous = process.env.NODE_ENV;
    process.env.NODE_ENV = 'production';
    try {
      expect(devOutboxEnabled({ production: false, transport: 'outbox' })).toBe(false);
    } finally {
      process.env.NODE_ENV = previous;
    }
    // The production app: the route is not there at all.
    for (const options of [
      { production: true, transport: 'outbox' as const },
      { production: false, transport: 'smtp' as const },
    ]) {
      const app = express();
      mountRoutes(app, devOutboxRoutes, {
        orm: server.orm,
        services: { config: { ...server.services.config, ...options, mail: { transport: options.transport } } },
      } as unknown as RouteDeps);
      app.use((_req, res) => void res.status(404).json({ error: 'Niet gevonden.' }));
      const http = app.listen(0, '127.0.0.1');
      await new Promise((r) => http.once('listening', r));
      try {
        const res = await fetch(
          `http://127.0.0.1:${(http.address() as AddressInfo).port}/api/dev/outbox?to=ontvanger@voorbeeld.nl`,
        );
        expect(res.status).toBe(404);
        expect(await res.text()).not.toContain('Fietsenmaker');
      } finally {
        await new Promise((r) => http.close(r));
      }
    }
    // And a production configuration refuses the outbox altogether.
    expect(() =>
      loadConfig({
        NODE_ENV: 'production',
        DATABASE_URL: 'postgres://x/y',
        SESSION_SECRET: 'p'.repeat(40),
        BSN_HASH_KEY: 'h'.repeat(40),
        BSN_ENCRYPTION_KEYS: `k1:${Buffer.alloc(32, 7).toString('base64')}`,
        DIGID_MODE: 'saml',
        PAYMENT_PROVIDER: 'mollie',
        MAIL_TRANSPORT: 'outbox',
      }),
    ).toThrow(/MAIL_TRANSPORT/);
  });
});

describe('the business transaction records the mail and its job, or neither', () => {
  let server: TestServer;

  beforeAll(async () => {
    // No worker: the jobs stay in the queue where the test can see them.
    server = await startTestServer({ env: { JOBS_WORKER: 'false' } });
  });
  afterAll(async () => {
    await server?.close();
  });

  const reset = (to: string) => ({
    template: 'PASSWORD_RESET' as const,
    to,
    variables: { name: 'X', link: 'https://gw.test/r', expiresHours: 1 },
  });

  it('commits the mail (QUEUED) and one mail.send job with the transaction', async () => {
    const { id } = await server.orm.em
      .fork()
      .transactional((tx) => server.services.mail.send(tx, reset('vastleggen@voorbeeld.nl')));
    const [mail] = await mailRows(server, 'vastleggen@voorbeeld.nl');
    expect(mail).toMatchObject({ id, status: 'QUEUED', attempts: 0, lastError: null });
    expect(await jobsFor(server, id)).toBe(1);
    const [job] = await server.orm.em
      .fork()
      .execute<{ payload: unknown; max_attempts: number }[]>(
        `select payload, max_attempts from graphile_worker._private_jobs where key = ?`,
        [`mail:${id}`],
      );
    // The payload names the mail, nothing else (no address, no body).
    expect(job!.payload).toEqual({ mailId: id });
    expect(job!.max_attempts).toBe(14);
    const health = await server.services.jobs.health(server.orm.em.fork());
    expect(health.counts.waiting).toBeGreaterThanOrEqual(1);
    expect(health.oldestWaiting?.task).toBe('mail.send');
  });

  it('a rolled-back transaction leaves neither a mail nor a job', async () => {
    const count = async () =>
      Number(
        (
          await server.orm.em
            .fork()
            .execute<{ n: string }[]>(
              `select count(*) as n from graphile_worker.jobs where task_identifier = 'mail.send'`,
            )
        )[0]!.n,
      );
    const jobsBefore = await count();
    await expect(
      server.orm.em.fork().transactional(async (tx) => {
        await server.services.mail.send(tx, reset('terugdraaien@voorbeeld.nl'));
        throw new Error('boom');
      }),
    ).rejects.toThrow('boom');
    expect(await mailRows(server, 'terugdraaien@voorbeeld.nl')).toEqual([]);
    expect(await count()).toBe(jobsBefore);
  });
});

describe('mail through an SMTP server that refuses, then accepts', () => {
  let server: TestServer;
  let smtp: SMTPServer;
  let refusing = true;
  const received: { from: string; to: string[]; data: string }[] = [];
  const attemptsSeen: string[] = [];

  beforeAll(async () => {
    // A real SMTP server (the smtp-server package) on a free port: it answers 451 to every recipient while refusing.
    smtp = new SMTPServer({
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onRcptTo(address, _session, callback) {
        attemptsSeen.push(address.address);
        if (refusing)
          return callback(
            Object.assign(new Error(`Mailbox ${address.address} tijdelijk niet beschikbaar`), { responseCode: 451 }),
          );
        callback();
      },
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            data: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
    const port = (smtp.server.address() as AddressInfo).port;
    server = await startTestServer({
      env: {
        MAIL_TRANSPORT: 'smtp',
        SMTP_URL: `smtp://127.0.0.1:${port}`,
        MAIL_FROM: 'Gemeentewinkel <noreply@gw.test>',
        JOBS_POLL_INTERVAL_MS: '200',
      },
    });
  });
  afterAll(async () => {
    await server?.close();
    await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
  });

  it('a provider registers while the mail server refuses: the action succeeds, the mail waits and is delivered once it accepts', async () => {
    expect(createMailer(server.services.config)).toBeInstanceOf(SmtpMailer);
    const client = server.client();
    const input = registration({}, await currentTermsId(client));
    const r = await client.gql(REGISTER, { input });
    expect(r.data?.registerProvider).toEqual({ submitted: true, errors: [] });

    // The mail is in the log at once, and the job has tried (and failed) at least once.
    const [queued] = await mailRows(server, input.userEmail);
    expect(queued).toMatchObject({ templateKey: 'PROVIDER_EMAIL_CONFIRM', status: 'QUEUED' });
    const failed = await eventually(
      async () => {
        const row = await server.orm.em.fork().findOneOrFail(MailMessage, queued!.id, { refresh: true });
        return row.attempts >= 1 && row.lastError ? row : undefined;
      },
      10_000,
      'a refused attempt',
    );
    expect(failed.status).toBe('QUEUED');
    expect(failed.lastError).toContain('451');
    // No address in what we keep of the refusal (the server quoted it).
    expect(failed.lastError).not.toContain('@');
    expect(attemptsSeen).toContain(input.userEmail);
    expect(received).toHaveLength(0);
    // The queue records the failed attempt when the job's own transaction has ended, a moment after the mail row.
    const health = await eventually(
      async () => {
        const h = await server.services.jobs.health(server.orm.em.fork());
        return h.failures.some((f) => f.task === 'mail.send') ? h : undefined;
      },
      10_000,
      'the failed attempt in the queue health',
    );
    expect(health.failures.find((f) => f.task === 'mail.send')).toMatchObject({ permanent: false });
    expect(health.failures.every((f) => !f.lastError?.includes('@'))).toBe(true);

    // The server accepts again: the queue's retry (backoff: about 3 s after the first failure) delivers it.
    refusing = false;
    const started = Date.now();
    const sent = await eventually(
      async () => {
        const row = await server.orm.em.fork().findOneOrFail(MailMessage, queued!.id, { refresh: true });
        return row.status === 'SENT' ? row : undefined;
      },
      20_000,
      'delivery after the server accepts',
    );
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(sent.attempts).toBeGreaterThanOrEqual(2);
    expect(sent.lastError).toBeNull();
    expect(received).toHaveLength(1);
    expect(received[0]!.to).toEqual([input.userEmail]);
    expect(received[0]!.from).toBe('noreply@gw.test');
    expect(received[0]!.data).toMatch(/Subject: /);
    expect(received[0]!.data).toContain('X-Gemeentewinkel-Template: PROVIDER_EMAIL_CONFIRM');
    expect(received[0]!.data).toContain(`Message-ID: <${queued!.id}@gw.test>`);
    // Nothing further arrives: the job is done, not retried.
    await new Promise((r) => setTimeout(r, 500));
    expect(received).toHaveLength(1);
    await eventually(async () => (await jobsFor(server, queued!.id)) === 0, 5000, 'the job to complete');
  });

  it('a mail that failed for good is FAILED, and a resend delivers it', async () => {
    refusing = true;
    const em = server.orm.em.fork();
    const { id } = await server.services.mail.send(em, {
      template: 'PASSWORD_RESET',
      to: 'opnieuw@voorbeeld.nl',
      variables: { name: 'Sanne', link: 'https://gw.test/wachtwoord-vergeten/abc', expiresHours: 1 },
    });
    await eventually(
      async () =>
        (await em.fork().findOneOrFail(MailMessage, id, { refresh: true })).attempts >= 1 ? true : undefined,
      10_000,
      'a first attempt',
    );
    // The last attempt (as the job would make it after about a day of retries) gives up.
    await expect(
      server.services.mail.deliver(server.contexts.forSystem('test'), id, { attempt: 14, maxAttempts: 14 }),
    ).rejects.toThrow(/451/);
    const failed = await em.fork().findOneOrFail(MailMessage, id, { refresh: true });
    expect(failed.status).toBe('FAILED');

    refusing = false;
    const before = received.length;
    const ctx = server.contexts.forSystem('test');
    expect(await server.services.mail.resend(ctx, id)).toEqual({ ok: true, value: id });
    const again = await server.services.mail.resend(ctx, id);
    expect(!again.ok && again.errors[0]?.code).toBe('NOT_FAILED');
    await eventually(
      async () =>
        (await em.fork().findOneOrFail(MailMessage, id, { refresh: true })).status === 'SENT' ? true : undefined,
      10_000,
      'the resent mail',
    );
    expect(received.length).toBe(before + 1);
    const log = await server.services.mail.list(ctx, { to: 'opnieuw@' });
    expect(log.edges.map((e) => [e.node.id, e.node.status])).toEqual([[id, 'SENT']]);
    expect(log.totalCount).toBe(1);
  });

  it('keeps no address in a refusal it records', () => {
    const error = Object.assign(
      new Error(
        "Can't send mail - all recipients were rejected: 550 5.1.1 <jan@voorbeeld.nl>: Recipient address rejected",
      ),
      {
        code: 'EENVELOPE',
        responseCode: 550,
        command: 'RCPT TO',
        response: '550 5.1.1 <jan@voorbeeld.nl>: Recipient address rejected',
      },
    );
    expect(describeMailError(error)).toBe('RCPT TO 550 EENVELOPE: 550 5.1.1 <adres>: Recipient address rejected');
  });
});
